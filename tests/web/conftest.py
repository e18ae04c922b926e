"""Fixtures for the web table's tests: an app on a temporary data folder, and clients (browsers) for it."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any, Iterator

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=Warning)

from starlette.testclient import TestClient  # noqa: E402

from bones.web import create_app  # noqa: E402

from .e2e_helpers import CHROMIUM, LAUNCH_ARGS, Server  # noqa: E402


@pytest.fixture(autouse=True)
def dealt_from_a_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table deals each new game from a random seed (`secrets`); here the seeds come from a fixed sequence, so
    every test plays the same deals each run (a test that wants particular deals patches it again)."""
    from bones.web import table as table_module

    monkeypatch.setattr(table_module.secrets, "randbelow", random.Random(20261202).randrange)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(tmp_path)


ORIGIN = "http://testserver"  # the origin TestClient's requests come from, as the page's would


def table_client(app: Any, **kwargs: Any) -> TestClient:
    """A client that behaves like the table's own page: it has opened `/` (which sets the cookie) and sends its
    Origin with every request."""
    c = TestClient(app, headers={"Origin": ORIGIN}, **kwargs)
    c.__enter__()
    c.get("/")
    return c


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    c = table_client(app)
    try:
        yield c
    finally:
        c.__exit__(None, None, None)


def open_game(client: TestClient, game: str) -> dict[str, Any]:
    """What the page does when it opens a game: `POST /api/open`; the state."""
    r = client.post("/api/open", json={"game": game})
    assert r.status_code == 200, r.text
    state: dict[str, Any] = r.json()["state"]
    return state


def play_first_legal(client: TestClient, game: str, max_requests: int = 3000,
                     pick: int = 0) -> dict[str, Any]:
    """Play a whole game through the API (lifting the lid when two play); the final state."""
    st = open_game(client, game)
    for _ in range(max_requests):
        v = st["view"]
        if v["game_over"]:
            return st
        if not v["lid_open"]:
            r = client.post("/api/lid", json={"game": game, "id": st["id"], "n": st["n"]})
        else:
            legal = v["legal"]
            r = client.post("/api/action", json={"game": game, "id": st["id"], "n": st["n"],
                                                 "action": legal[pick % len(legal)]})
        assert r.status_code == 200, r.text
        st = r.json()["state"]
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian chromium, driven by Playwright (one per test module)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The table served on a free loopback port (one per test module)."""
    s = Server(tmp_path_factory.mktemp("table"))
    s.start()
    yield s
    s.stop()
