"""The web table: a Starlette app serving the page and a small JSON API over `Table`.

Each browser is known only by an anonymous random token in a cookie, which the page (`GET /`) sets and nothing
else does. Reading is GET and writes nothing; every change is a POST from the table's own page (`guard.py`). Errors
are JSON `{"error": message}` with a 4xx status; nothing a user sees ever carries a traceback.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bones.engine import record_text

from .guard import SecurityHeaders, refusal
from .store import Store
from .table import ApiError, Table

COOKIE = "bones_token"
STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
log = logging.getLogger("bones.web")


def default_data_dir() -> Path:
    """Where games are kept unless `--data` says otherwise: the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("bones", appauthor=False))


def _token(request: Request) -> str | None:
    """The browser's token from its cookie, or None when it has none (yet)."""
    token = request.cookies.get(COOKIE, "")
    return token if _TOKEN_RE.match(token) else None


def _set_cookie(resp: Response, token: str) -> None:
    # Lax, not Strict: a link to the table from another site must still find your games (Strict would hide the
    # cookie on that first request, and the page would hand out a new one). Other pages are kept out of changes by
    # `guard.refusal`, which SameSite cannot do between two ports of one host.
    resp.set_cookie(COOKIE, token, max_age=400 * 24 * 3600, httponly=True, samesite="lax", path="/")


def _json(payload: Any, status: int = 200) -> Response:
    return JSONResponse(payload, status_code=status, headers={"Cache-Control": "no-store"})


def _error(e: ApiError) -> Response:
    payload: dict[str, Any] = {"error": e.message}
    if e.code:
        payload["code"] = e.code
    return _json(payload, e.status)


def _not_json(word: str) -> Any:
    """NaN and Infinity are not JSON, though Python's reader takes them."""
    raise ValueError(f"{word} is not JSON")


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError(413, "The request is too large.")
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw, parse_constant=_not_json)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ApiError(400, "The request is not valid JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(400, "The request must be a JSON object, like {\"game\": \"draw\", \"action\": \"6-4 R\"}.")
    return body


NO_COOKIE = "This browser has no table yet: open the page first (it sets the cookie that keeps your games)."


def create_app(data_dir: Path | str | None = None) -> Starlette:
    """The ASGI app, keeping its games in `data_dir` (default: the user's data folder)."""
    store = Store(data_dir if data_dir is not None else default_data_dir())
    table = Table(store)

    async def guarded(work: Callable[[], dict[str, Any]], token: str | None,
                      render: Callable[[dict[str, Any]], Response] = _json) -> Response:
        """Run `work` in a thread under the browser's lock and `render` its answer (JSON unless said); refusals are
        4xx with a sentence, failures 500."""
        def run() -> dict[str, Any]:
            if token is None:
                return work()
            with table.lock(token):
                return work()

        try:
            return render(await run_in_threadpool(run))
        except ApiError as e:
            return _error(e)
        except Exception:
            log.exception("request failed")
            return _json({"error": "Something went wrong on the table; the game is unchanged."}, 500)

    def post(method: Callable[[str, dict[str, Any]], dict[str, Any]]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            why = refusal(request)
            if why is not None:
                return _json({"error": why}, 403)
            token = _token(request)
            if token is None:
                return _json({"error": NO_COOKIE}, 403)
            try:
                body = await _body(request)
            except ApiError as e:
                return _error(e)
            return await guarded(lambda: method(token, body), token)
        return endpoint

    async def state(request: Request) -> Response:
        token = _token(request)
        rules = request.query_params.get("game")
        if token is None:
            return _json({"error": NO_COOKIE}, 404)
        return await guarded(lambda: table.peek(token, rules), token)

    async def record(request: Request) -> Response:
        """A finished game's record as a file to keep (`bones replay` plays it back)."""
        token = _token(request)
        if token is None:
            return _json({"error": NO_COOKIE}, 404)
        q = request.query_params

        def as_file(doc: dict[str, Any]) -> Response:  # the id was read as a whole number before this is called
            return Response(record_text(doc), media_type="application/json", headers={
                "Cache-Control": "no-store",
                "Content-Disposition": f'attachment; filename="bones-{doc["rules"]}-{int(q["id"])}.json"'})

        return await guarded(lambda: table.record(token, q.get("game"), q.get("id")), token, as_file)

    async def rules(request: Request) -> Response:
        q = request.query_params
        return await guarded(lambda: table.rules_words(q.get("game"), q.get("players"), q.get("options")), None)

    async def index(request: Request) -> Response:
        resp = FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})
        if _token(request) is None:
            _set_cookie(resp, secrets.token_urlsafe(18))
        return resp

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status == 404:
            msg = "There is nothing at this address."
        elif status == 405:
            msg = "This address does not take that method."
        else:
            msg = str(getattr(exc, "detail", "")) or "The request was refused."
        headers = getattr(exc, "headers", None)  # a 405's Allow, which HTTP requires
        return JSONResponse({"error": msg}, status_code=status, headers=headers)

    routes = [
        Route("/", index),
        Route("/api/health", health),
        Route("/api/state", state),
        Route("/api/rules", rules),
        Route("/api/record", record),
        Route("/api/open", post(table.open), methods=["POST"]),
        Route("/api/action", post(table.act), methods=["POST"]),
        Route("/api/undo", post(table.undo), methods=["POST"]),
        Route("/api/new", post(table.new), methods=["POST"]),
        Route("/api/hint", post(table.hint), methods=["POST"]),
        Route("/api/lid", post(table.lid), methods=["POST"]),
        Route("/api/settings", post(table.change), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error},
                    middleware=[Middleware(SecurityHeaders)])
    app.state.table = table
    app.state.store = store
    return app
