"""Fixtures for the web table's tests: an app on a temporary data folder, and clients (browsers) for it."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, Iterator

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=Warning)

from starlette.testclient import TestClient  # noqa: E402

from bones.web import create_app  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(tmp_path)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def play_first_legal(client: TestClient, game: str, max_requests: int = 3000,
                     pick: int = 0) -> dict[str, Any]:
    """Play a whole game through the API (lifting the lid when two play); the final state."""
    st = client.get(f"/api/state?game={game}").json()["state"]
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
