"""No leak through the calls `test_noleak.py` does not make: Undo (against the computer and between two people),
New game, the Hint mid-round at big tables, reading the record before the end, and refusals.

A seat's payloads are checked as there (`check_frame`: no tile named that the seat cannot see, the hand sent is its
own). A refusal of a tile the seat does not hold reads the same whichever hidden place the tile is in (another hand,
the boneyard, set aside): its words with the tile's name taken out are the same for every such tile.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest
from starlette.testclient import TestClient

from bones.engine import RULES
from bones.engine.tiles import tile_set
from bones.web import table as table_module

from .test_noleak import Truth, check_frame, visible_tiles

CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("draw", "beginner", 2, {}), ("all_fives", "easy", 2, {}), ("draw_game", "two", 2, {"cut": "drawn"}),
    ("boys_game", "two", 2, {"draw": "optional", "shut": True}), ("muggins", "beginner", 3, {"claims": True}),
    ("partnership_block", "beginner", 4, {}), ("domino_pool", "beginner", 3, {}), ("honest_john", "beginner", 4, {}),
    ("honest_john_2", "beginner", 3, {}), ("draw_dominoes", "beginner", 5, {}), ("matadore", "two", 2, {}),
]


def case_id(case: tuple[str, str, int, dict[str, Any]]) -> str:
    game, opponent, players, options = case
    return "-".join([game, opponent, str(players)] + [f"{k}={v}" for k, v in options.items()])


def refusal_words(text: str, tile: str) -> str:
    a, b = tile.split("-")
    return text.replace(tile, "T").replace(f"{b}-{a}", "T")


@pytest.mark.parametrize(("game", "opponent", "players", "options"), CASES, ids=[case_id(c) for c in CASES])
def test_undo_new_hint_record_and_refusals_name_no_hidden_tile(app: Any, client: TestClient,
                                                                monkeypatch: pytest.MonkeyPatch, game: str,
                                                                opponent: str, players: int,
                                                                options: dict[str, Any]) -> None:
    seed = zlib.crc32(case_id((game, opponent, players, options)).encode())
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: seed % n)
    monkeypatch.setattr(table_module.computer, "hint", lambda obs, seed=0: table_module.computer.Suggestion(
        table_module.computer.choose("medium", seed, obs), "because"))  # the real Hint thinks for 0.7 s
    settings: dict[str, Any] = {"opponent": opponent, "game": game}
    if len(RULES[game].allowed_players) > 1 and opponent != "two":
        settings["players"] = players
    if options:
        settings["options"] = options
    assert client.post("/api/settings", json=settings).status_code == 200
    rng = random.Random(seed)
    data = client.post("/api/open", json={"game": game}).json()
    responses: list[tuple[str, dict[str, Any]]] = [("open", data)]
    st = data["state"]
    refusals = undos = news = 0
    for step in range(1200):  # 300 steps, or more until an Undo has been made (rare between two people)
        v = st["view"]
        body = {"game": game, "id": st["id"], "n": st["n"]}
        if step >= 300 and undos and refusals:
            break
        if v["game_over"]:
            if news and undos and refusals:
                break
            r = client.post("/api/new", json={"game": game})  # a new deal after the end
            news += 1
        elif not v["lid_open"]:
            r = client.post("/api/lid", json=body)
        elif st["can_undo"] and rng.random() < 0.25:
            r = client.post("/api/undo", json=body)
            undos += 1
        else:
            if rng.random() < 0.15:
                responses.append((f"hint {step}", client.post("/api/hint", json=body).json()))
            if rng.random() < 0.1:
                rec = client.get(f"/api/record?game={game}&id={st['id']}")
                assert rec.status_code == 409, f"a record before the end: {rec.status_code}"
                responses.append((f"record {step}", {"frames": [], "state": st, "error": rec.json()["error"]}))
            if v["legal"] and rng.random() < 0.1:
                refusals += probe_refusals(client, body, v, rng)
            r = client.post("/api/action", json={**body, "action": rng.choice(v["legal"])})
        assert r.status_code == 200, (step, r.text)
        data = r.json()
        responses.append((f"step {step}", data))
        st = data["state"]
        if st["view"]["hand"] is not None and (step % 4 == 0 or r.url.path == "/api/undo"):  # after an Undo too: the hand the kept actions give, and no other
            assert st["view"]["hand"] == Truth(app, st["id"]).hand_at(st["n"], st["view"]["seat"], False), step
    assert undos and refusals
    for where, data in responses:
        for i, f in enumerate(data.get("frames", [])):
            check_frame(f, f"{where} frame {i}")
        check_frame({**data["state"], "hint": data.get("hint"), "error": data.get("error")}, f"{where} state")


def probe_refusals(client: TestClient, body: dict[str, Any], view: dict[str, Any], rng: random.Random) -> int:
    """Try to lay (or sell) each tile the seat cannot see: every refusal must read the same."""
    seen = visible_tiles(view)
    tiles = [str(t) for t in tile_set(max(max(t) for t in view["across"]))]  # the set's doubles are drawn across
    hidden = [t for t in tiles if t not in seen and f"{t.split('-')[1]}-{t.split('-')[0]}" not in seen]
    hidden = rng.sample(hidden, min(len(hidden), 10))  # in other hands, the boneyard or set aside, at random
    end = next(iter(view["ends"]), None)
    forms = ["{t}", "{t} " + end] if end else ["{t}"]
    if view.get("asker") is not None:
        forms.append(f"{view['answer'] or 'sell'} {{t}} S{view['asker']}")
    n = 0
    for form in forms:
        said: dict[str, str] = {}
        for t in hidden:
            r = client.post("/api/action", json={**body, "action": form.format(t=t)})
            assert r.status_code in (400, 409, 422), r.text
            said[t] = refusal_words(r.json()["error"], t)
            n += 1
        assert len(set(said.values())) <= 1, f"{form}: {said}"
    return n
