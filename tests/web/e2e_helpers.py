"""Helpers for the browser tests: the table served on a free loopback port, and a page driven by clicks."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from bones.web import create_app

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`bones serve` in a thread: started, stopped and started again on the same data folder and port."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self._server: uvicorn.Server | None = None
        self._app: Any = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        app = self._app = create_app(self.data)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
            self._app.state.store.close()
        self._server = None
        self._thread = None


def view(page: Any) -> dict[str, Any]:
    """What the server says the table is now (read only to choose what to click, never to act)."""
    game = page.eval_on_selector("#game", "e => e.value")
    return page.evaluate("async (g) => (await (await fetch('/api/state?game=' + g)).json()).state", game)


def settle(page: Any, timeout: float = 15) -> None:
    """Wait until the page is idle, clicking "Next round" whenever a round ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.is_visible("#round-end"):
            page.click("#round-end-ok")
            continue
        if page.get_attribute("body", "data-busy") == "0":
            return
        time.sleep(0.02)
    raise AssertionError("the page did not settle")


def open_table(browser: Any, url: str, viewport: dict[str, int] | None = None, context: Any = None) -> Any:
    ctx = context or browser.new_context(viewport=viewport or {"width": 1200, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url + "/?pace=5")
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    return page


def play_turn(page: Any) -> str:
    """One move by clicking, as a player with Show moves on would: a fitting tile (first chalk dot if it fits
    several ends), else the boneyard. Returns what was done."""
    if page.is_visible("#lid"):
        page.click("#lid")
        settle(page)
        return "lid"
    fits = page.locator("#hand .tile-btn.fits")
    if fits.count():
        fits.first.click()
        if page.locator("#line .chalk-dot").count():
            page.locator("#line .chalk-dot").first.click()
            settle(page)
            return "dot"
        settle(page)
        return "tile"
    if page.locator("#boneyard.can-draw").count():
        page.click("#boneyard")
        settle(page)
        return "draw"
    settle(page)
    return "wait"
