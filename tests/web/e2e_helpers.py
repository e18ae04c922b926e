"""Helpers for the browser tests: the table served on a free loopback port, and a page driven by clicks."""

from __future__ import annotations

import secrets
import socket
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from bones.web import create_app, variations

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

    @property
    def store(self) -> Any:
        return self._app.state.store

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


NUMBER_WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]


def spoken(tile: str | list[int]) -> str:
    """A tile as the page reads it aloud: "six–four", "double five"."""
    a, b = (int(x) for x in tile.split("-")) if isinstance(tile, str) else tile
    word = lambda n: NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)  # noqa: E731
    return f"double {word(a)}" if a == b else f"{word(a)}–{word(b)}"


def view(page: Any) -> dict[str, Any]:
    """What the server says the table is now (read only to choose what to click, never to act)."""
    game = page.eval_on_selector("#game", "e => e.value")
    return page.evaluate("async (g) => (await (await fetch('/api/state?game=' + g)).json()).state", game)


def settle(page: Any, timeout: float = 15) -> None:
    """Wait until the page is idle, clicking "Next round" whenever a round ends and closing the summary at the end
    of a game."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.is_visible("#round-end"):
            page.click("#round-end-ok")
            continue
        if page.is_visible("#game-over"):
            page.click("#game-over-close")
            continue
        if page.get_attribute("body", "data-busy") == "0":
            return
        time.sleep(0.02)
    raise AssertionError("the page did not settle")


def open_table(browser: Any, url: str, viewport: dict[str, int] | None = None, context: Any = None,
               path: str = "/?pace=5", idle: bool = True) -> Any:
    """A page at the table, ready and (with `idle`) idle, every round end met on the way closed; `page.errors`
    collects script errors and refusals by the page's Content-Security-Policy."""
    ctx = context or browser.new_context(viewport=viewport or {"width": 1200, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url + path)
    page.wait_for_selector("body[data-ready='1']")
    if idle:
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
            face(page)
            settle(page)
            return "dot"
        face(page)
        settle(page)
        return "tile"
    if page.locator("#boneyard.can-draw").count():
        page.click("#boneyard")
        settle(page)
        return "draw"
    settle(page)
    return "wait"


def face(page: Any) -> None:
    """Where the tile laid can lie either way round (a trump in Matadore), leave the first half offered facing
    out."""
    if page.is_visible("#face-choice"):
        page.locator("#face-buttons button").first.click()


PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


def seat_at_table(browser: Any, server: Server, game: str, seed: int, players: int = 2,
                  device: dict[str, Any] | None = None, opponent: str = "beginner",
                  actions: list[str] | None = None, url: str = "/?pace=5",
                  options: dict[str, Any] | None = None, idle: bool = True, init_script: str | None = None) -> Any:
    """A page whose browser already has a game of `game` dealt from `seed` on the table, with `actions` played (the
    server never lets a browser choose its seed; the test writes the game into the store as the server would).
    `options`: the engine options it is dealt with; its variations are the browser's choice in Settings, and any
    other option (a short `target`) goes with this game only. `idle`: as `open_table`. `init_script`: run in the
    page before its own scripts (to watch it from its first frame)."""
    token = secrets.token_urlsafe(18)
    store = server.store
    chosen = variations.of_row(game, options or {})
    store.save_settings(token, {"game": game, "opponent": opponent, "show_moves": True,
                                "players": {game: players} if players != 2 else {},
                                "options": {game: chosen} if chosen else {}})
    row = store.new_game(token, game, seed, players, opponent, options)
    if actions:
        row.actions = list(actions)
        store.save_game(row)
    ctx = browser.new_context(**(device or DESKTOP))
    ctx.add_cookies([{"name": "bones_token", "value": token, "url": server.url}])
    if init_script:
        ctx.add_init_script(init_script)
    return open_table(browser, server.url, context=ctx, path=url, idle=idle)


# Run in the page once its animations have ended: every pair of tiles on the felt that overlap (more than
# touching), and every pair of chalk dots whose tap targets overlap, in screen pixels.
CROWDING_JS = """async () => {
  const ending = document.getAnimations().filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity);
  await Promise.all(ending.map((a) => a.finished.catch(() => null)));
  const box = (e) => e.getBoundingClientRect();
  const tiles = [...document.querySelectorAll('#line .tile-face rect.face')].map(box);
  const out = [];
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) {
    const a = tiles[i], b = tiles[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1.5 && h > 1.5) out.push(`tiles ${i} and ${j} overlap ${w.toFixed(1)} x ${h.toFixed(1)} px`);
  }
  const dots = [...document.querySelectorAll('#line .chalk-dot')].map((g) => {
    const r = box(g.querySelector('.dot-target'));
    return { end: g.dataset.end, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, r: r.width / 2 };
  });
  for (let i = 0; i < dots.length; i++) for (let j = i + 1; j < dots.length; j++) {
    const a = dots[i], b = dots[j];
    if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - 0.5) out.push(`dots ${a.end} and ${b.end} overlap`);
  }
  return out;
}"""


def crowding(page: Any) -> list[str]:
    """What overlaps on the felt now (nothing, on a table drawn right)."""
    return list(page.evaluate(CROWDING_JS))
