"""The web table: a Starlette app serving the page and a small JSON API over `Table`.

Each browser is known only by an anonymous random token in a cookie. Errors are JSON `{"error": message}` with a
4xx status; nothing a user sees ever carries a traceback.
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
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

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


def _token(request: Request) -> tuple[str, bool]:
    """The browser's token, and whether it is new (and must be set in a cookie)."""
    token = request.cookies.get(COOKIE, "")
    if _TOKEN_RE.match(token):
        return token, False
    return secrets.token_urlsafe(18), True


def _respond(payload: Any, status: int, token: str, fresh: bool) -> Response:
    resp = JSONResponse(payload, status_code=status, headers={"Cache-Control": "no-store"})
    if fresh:
        resp.set_cookie(COOKIE, token, max_age=400 * 24 * 3600, httponly=True, samesite="strict", path="/")
    return resp


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError(413, "The request is too large.")
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ApiError(400, "The request is not valid JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(400, "The request must be a JSON object, like {\"game\": \"draw\", \"action\": \"6-4 R\"}.")
    return body


def create_app(data_dir: Path | str | None = None) -> Starlette:
    """The ASGI app, keeping its games in `data_dir` (default: the user's data folder)."""
    store = Store(data_dir if data_dir is not None else default_data_dir())
    table = Table(store)

    def post(method: Callable[[str, dict[str, Any]], dict[str, Any]]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            token, fresh = _token(request)
            try:
                body = await _body(request)

                def run() -> dict[str, Any]:
                    with table.lock(token):
                        return method(token, body)

                return _respond(await run_in_threadpool(run), 200, token, fresh)
            except ApiError as e:
                return _respond({"error": e.message}, e.status, token, fresh)
            except Exception:
                log.exception("request failed")
                return _respond({"error": "Something went wrong on the table; the game is unchanged."}, 500,
                                token, fresh)
        return endpoint

    async def state(request: Request) -> Response:
        token, fresh = _token(request)
        rules = request.query_params.get("game")

        def run() -> dict[str, Any]:
            with table.lock(token):
                return table.load(token, rules)

        try:
            return _respond(await run_in_threadpool(run), 200, token, fresh)
        except ApiError as e:
            return _respond({"error": e.message}, e.status, token, fresh)
        except Exception:
            log.exception("request failed")
            return _respond({"error": "Something went wrong on the table."}, 500, token, fresh)

    async def index(request: Request) -> Response:
        token, fresh = _token(request)
        resp = FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})
        if fresh:
            resp.set_cookie(COOKIE, token, max_age=400 * 24 * 3600, httponly=True, samesite="strict", path="/")
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
        return JSONResponse({"error": msg}, status_code=status)

    routes = [
        Route("/", index),
        Route("/api/health", health),
        Route("/api/state", state),
        Route("/api/action", post(table.act), methods=["POST"]),
        Route("/api/undo", post(table.undo), methods=["POST"]),
        Route("/api/new", post(table.new), methods=["POST"]),
        Route("/api/hint", post(table.hint), methods=["POST"]),
        Route("/api/lid", post(table.lid), methods=["POST"]),
        Route("/api/settings", post(table.change), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.state.table = table
    app.state.store = store
    return app
