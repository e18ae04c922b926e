"""What keeps other pages out: security headers on every answer, and the check that a POST comes from the table's
own page.

A cookie's SameSite does not separate two ports of one host, so a page served from another port of 127.0.0.1 could
otherwise send `fetch(..., {mode: "no-cors"})` with the browser's cookie. Such a request can carry neither a JSON
content type nor a header of its own (both need a CORS preflight, which this server never grants), and the browser
names the page it came from in `Origin`: a POST is taken only with one of the two, from the table's own origin.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from starlette.requests import Request

PAGE_HEADER = "x-bones-table"  # the page's own header (api.js sends it with every call)

CSP = "; ".join((
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
))
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]

Scope = dict[str, Any]
Message = dict[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer (pages, scripts, API, errors)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def own_origin(request: Request) -> str:
    """The origin the page was served from, as a browser would name it: scheme://host[:port]."""
    return f"{request.url.scheme}://{request.headers.get('host', '')}".lower()


def refusal(request: Request) -> str | None:
    """Why a POST is not taken as coming from the table's own page, or None when it is."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json" and request.headers.get(PAGE_HEADER) != "1":
        return ("The table takes changes only from its own page: send JSON (Content-Type: application/json) "
                "or the page's header.")
    origin = request.headers.get("origin")
    if origin is None:
        return "The table takes changes only from its own page, which names its Origin; this request names none."
    if origin.lower() != own_origin(request):
        return f"The table takes changes only from its own page ({own_origin(request)}), not from {origin[:80]}."
    return None
