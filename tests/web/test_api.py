"""The JSON API: a game played through it, and every kind of bad request refused with a clear 4xx."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bones.engine import load
from bones.web import create_app
from bones.web import table as table_module

from .conftest import open_game, play_first_legal, table_client


def state(client: TestClient, game: str = "draw") -> dict[str, Any]:
    """The game of `game` as the page opens it (dealt if there is none)."""
    return open_game(client, game)


def peek(client: TestClient, game: str = "draw") -> dict[str, Any]:
    """The game of `game` as it stands, read with GET (which changes nothing)."""
    r = client.get(f"/api/state?game={game}")
    assert r.status_code == 200, r.text
    return r.json()["state"]


def post(client: TestClient, path: str, body: Any) -> Any:
    return client.post(path, json=body)


def new_deal(client: TestClient, game: str) -> dict[str, Any]:
    """A new game of `game` dealt (New game): its state."""
    state: dict[str, Any] = post(client, "/api/new", {"game": game}).json()["state"]
    return state


def act(client: TestClient, st: dict[str, Any], action: str) -> dict[str, Any]:
    """`action` played in the game of state `st` (it must be taken); the state after it."""
    r = post(client, "/api/action", {"game": st["game"], "id": st["id"], "n": st["n"], "action": action})
    assert r.status_code == 200, r.text
    state: dict[str, Any] = r.json()["state"]
    return state


def test_the_page_sets_a_cookie_and_open_deals_a_game(client: TestClient) -> None:
    assert client.cookies.get("bones_token")
    r = client.post("/api/open", json={"game": "draw"})
    assert r.status_code == 200
    st = r.json()["state"]
    assert st["game"] == "draw" and st["n"] >= 0
    v = st["view"]
    assert len(v["hand"]) + v["far_count"] + v["boneyard_count"] + (1 if v["center"] else 0) \
        + sum(len(a) for a in v["arms"].values()) == 28
    assert v["status"] and v["rule"]
    again = peek(client)
    assert again["id"] == st["id"] and again["view"]["hand"] == v["hand"]
    assert state(client)["id"] == st["id"]


def test_the_page_and_its_modules_are_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "<html" in r.text
    for name in ("main.js", "line.js", "tiles.js", "api.js", "effects.js", "dialogs.js", "table.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_a_legal_action_is_applied_and_the_computer_answers(client: TestClient) -> None:
    st = state(client)
    v = st["view"]
    assert v["your_turn"]
    r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"], "action": v["legal"][0]})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["frames"] and data["frames"][0]["event"]["seat"] == 0
    assert data["state"]["n"] > st["n"]
    assert data["state"]["view"]["your_turn"] or data["state"]["view"]["game_over"]


def _unchanged(client: TestClient, before: dict[str, Any]) -> None:
    after = peek(client, before["game"])
    assert after["n"] == before["n"] and after["view"]["hand"] == before["view"]["hand"]


def test_malformed_json_is_refused(client: TestClient) -> None:
    st = state(client)
    r = client.post("/api/action", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = client.post("/api/action", json=["draw"])
    assert r.status_code == 400 and "object" in r.json()["error"]
    r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"]})
    assert r.status_code == 400 and "action" in r.json()["error"]
    r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"], "action": "seven-up"})
    assert r.status_code == 400 and "is not an action" in r.json()["error"]
    r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"], "action": "sell " * 3000 + "6-4"})
    assert r.status_code == 400 and "write the tile" in r.json()["error"]
    r = post(client, "/api/action", {"game": "draw", "id": "x", "action": "draw"})
    assert r.status_code == 400
    _unchanged(client, st)


def test_illegal_actions_are_refused_with_the_reason(client: TestClient) -> None:
    st = state(client)
    v = st["view"]
    not_mine = next(t for t in ("6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0", "6-5") if t not in v["hand"])
    body = {"game": "draw", "id": st["id"], "n": st["n"]}
    r = post(client, "/api/action", {**body, "action": not_mine})
    assert r.status_code == 422 and "not in your hand" in r.json()["error"]
    if v["why_not"]:
        tile = next(iter(v["why_not"]))
        r = post(client, "/api/action", {**body, "action": tile})
        assert r.status_code == 422, r.text
    r = post(client, "/api/action", {**body, "action": "pass"})
    assert r.status_code == 422 and r.json()["error"]
    _unchanged(client, st)


def test_out_of_turn_and_stale_actions_are_refused(client: TestClient) -> None:
    st = state(client)
    body = {"game": "draw", "id": st["id"], "action": st["view"]["legal"][0]}
    r = post(client, "/api/action", {**body, "n": st["n"] + 5})
    assert r.status_code == 409 and "moved on" in r.json()["error"]
    r = post(client, "/api/action", {**body, "n": st["n"], "seat": 1})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    _unchanged(client, st)


def test_a_tab_that_missed_an_undo_and_another_move_is_behind(client: TestClient) -> None:
    """After an Undo and a different move the table is back at the same number of actions, with other moves behind
    it: a second tab still showing the first move is refused (409 stale), not let to move from a position it never
    saw; its New game is refused too, and nothing changes."""
    state(client, "block")
    for _ in range(30):
        st = new_deal(client, "block")
        legal = st["view"]["legal"]
        if len(legal) < 2:
            continue
        seen_by_tab = act(client, st, legal[0])  # the second tab shows this
        r = post(client, "/api/undo", {"game": "block", "id": st["id"], "n": seen_by_tab["n"],
                                       "seen": seen_by_tab["seen"]})
        assert r.status_code == 200, r.text
        now = act(client, r.json()["state"], legal[1])
        if now["n"] != seen_by_tab["n"] or not seen_by_tab["view"]["legal"]:
            continue
        assert now["seen"] != seen_by_tab["seen"]
        behind = {"game": "block", "id": st["id"], "n": seen_by_tab["n"], "seen": seen_by_tab["seen"]}
        record = peek(client, "block")["record"]
        for path, extra in (("/api/action", {"action": seen_by_tab["view"]["legal"][0]}), ("/api/undo", {}),
                            ("/api/hint", {}), ("/api/new", {})):
            r = post(client, path, {**behind, **extra})
            assert r.status_code == 409 and r.json()["code"] == "stale", (path, r.text)
        _unchanged(client, now)
        assert peek(client, "block")["seen"] == now["seen"] and peek(client, "block")["record"] == record
        r = post(client, "/api/hint", {"game": "block", "id": st["id"], "n": now["n"], "seen": now["seen"]})
        assert r.status_code == 200, r.text  # the tab that is up to date goes on
        return
    pytest.fail("no deal in 30 where two first plays reach the same number of actions")


def test_new_game_from_a_tab_behind_does_not_forfeit_the_game_it_never_saw(client: TestClient) -> None:
    st = state(client)
    moved = act(client, st, st["view"]["legal"][0])  # another tab moves: the game is now in progress
    assert moved["in_progress"]
    r = post(client, "/api/new", {"game": "draw", "id": st["id"], "n": st["n"], "seen": st["seen"]})
    assert r.status_code == 409 and r.json()["code"] == "stale"
    after = peek(client)
    assert after["id"] == moved["id"] and after["n"] == moved["n"] and after["record"]["left"] == 0
    r = post(client, "/api/new", {"game": "draw", "id": moved["id"], "n": moved["n"], "seen": moved["seen"]})
    assert r.status_code == 200 and r.json()["state"]["record"]["left"] == 1  # up to date: a loss, as it asked
    r = post(client, "/api/new", {"game": "draw"})  # a call that names no game it saw deals as before
    assert r.status_code == 200


def test_a_refused_move_does_not_change_the_level_of_a_game_nobody_has_played(client: TestClient) -> None:
    """A game nobody has played in takes the level chosen at your first move, and says so; a refused move changes
    nothing (it used to switch the level before the move was checked)."""
    assert post(client, "/api/settings", {"game": "block", "opponent": "beginner"}).status_code == 200
    st = state(client, "block")
    assert st["opponent"] == "beginner"
    assert post(client, "/api/settings", {"game": "draw", "opponent": "expert"}).status_code == 200
    before = peek(client, "block")
    assert before["opponent"] == "expert" and before["opponent_note"] is None  # it is the level that will play
    r = post(client, "/api/action", {"game": "block", "id": st["id"], "n": st["n"], "action": "9-9 L"})
    assert r.status_code == 400
    assert peek(client, "block") == before
    assert client.app.state.store.game(st["id"]).opponent == "beginner"  # type: ignore[attr-defined]
    moved = act(client, st, st["view"]["legal"][0])  # your first move: the level chosen plays it
    assert moved["opponent"] == "expert" and client.app.state.store.game(st["id"]).opponent == "expert"  # type: ignore[attr-defined]


def test_a_request_that_names_no_game_is_told_so(client: TestClient) -> None:
    st = state(client)
    for body in ({}, {"game": None}, {"game": 1}, {"game": ["draw"]}, {"game": ""}):
        for path in ("/api/action", "/api/undo", "/api/hint", "/api/lid"):
            r = post(client, path, body)
            assert r.status_code == 400 and r.json()["error"].startswith("Say which game"), (path, body, r.text)
    r = client.get("/api/rules")
    assert r.status_code == 400 and r.json()["error"].startswith("Say which game")
    r = client.post("/api/action", content=b'{"game": "draw", "id": NaN, "n": 0}',
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = post(client, "/api/open", {"game": None})  # optional: the game on the lid
    assert r.status_code == 200 and r.json()["state"]["game"] == "draw"
    r = client.get("/api/action")
    assert r.status_code == 405 and r.headers["allow"] == "POST"
    _unchanged(client, st)


def test_unknown_games_and_routes(client: TestClient) -> None:
    assert client.get("/api/state?game=chess").status_code == 404
    st = state(client)
    r = post(client, "/api/action", {"game": "chess", "action": "draw"})
    assert r.status_code == 404 and "no game" in r.json()["error"]
    r = post(client, "/api/action", {"game": "draw", "id": 987654, "n": st["n"], "action": "draw"})
    assert r.status_code == 404 and "no game 987654" in r.json()["error"]
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"]
    r = client.get("/api/action")
    assert r.status_code == 405 and r.json()["error"]
    r = post(client, "/api/settings", {"opponent": "grandmaster"})
    assert r.status_code == 400
    r = post(client, "/api/settings", {"colour": "red"})
    assert r.status_code == 400
    _unchanged(client, st)


def test_a_request_naming_a_game_under_other_rules_deals_nothing(client: TestClient) -> None:
    """The Draw game's id sent as a game of Block, before any Block game was dealt: refused, and no Block game is
    dealt by the refusal (the page would find one on the table it never opened); the words say what is wrong."""
    st = state(client)
    for path in ("/api/action", "/api/undo", "/api/hint", "/api/lid"):
        r = post(client, path, {"game": "block", "id": st["id"], "n": st["n"], "action": st["view"]["legal"][0]})
        assert r.status_code == 404 and "not a game of Block" in r.json()["error"], (path, r.text)
    assert client.get("/api/state?game=block").status_code == 404
    _unchanged(client, st)


def test_another_browsers_game_is_refused(app: Any) -> None:
    with table_client(app) as alice, table_client(app) as bob:
        a = state(alice)
        b = state(bob)
        assert a["id"] != b["id"]
        r = post(bob, "/api/action", {"game": "draw", "id": a["id"], "n": a["n"], "action": a["view"]["legal"][0]})
        assert r.status_code == 403 and "another browser" in r.json()["error"]
        r = post(bob, "/api/undo", {"game": "draw", "id": a["id"], "n": a["n"]})
        assert r.status_code == 403
        _unchanged(alice, a)
        _unchanged(bob, b)


def test_actions_after_the_end_are_refused_and_the_record_kept_once(client: TestClient) -> None:
    final = play_first_legal(client, "block")
    assert final["view"]["game_over"] and final["view"]["result"]
    assert len(final["record"]["games"]) == 1
    body = {"game": "block", "id": final["id"], "n": final["n"]}
    r = post(client, "/api/action", {**body, "action": "pass"})
    assert r.status_code == 409 and "over" in r.json()["error"]
    r = post(client, "/api/hint", body)
    assert r.status_code == 409
    # Undo after the end is refused too: every hand has been shown, and the game would be played again knowing them
    r = post(client, "/api/undo", body)
    assert r.status_code == 409 and "every hand has been shown" in r.json()["error"]
    assert not final["can_undo"] and final["undo_refusal"] == r.json()["error"]
    _unchanged(client, final)
    assert len(peek(client, "block")["record"]["games"]) == 1


def test_undo_stays_in_the_round_being_played(client: TestClient) -> None:
    """A round's end shows every hand: Undo takes back moves of the round being played, never across its start."""
    st = open_game(client, "draw")
    while st["view"]["round"] == 1:
        v = st["view"]
        r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"], "action": v["legal"][0]})
        assert r.status_code == 200, r.text
        st = r.json()["state"]
    assert st["view"]["round"] == 2 and not st["view"]["game_over"]
    assert not st["can_undo"]  # nothing of yours in this round yet
    r = post(client, "/api/undo", {"game": "draw", "id": st["id"], "n": st["n"]})
    assert r.status_code == 409 and "round being played" in r.json()["error"]
    assert st["undo_refusal"] == r.json()["error"]  # the page says it without asking
    _unchanged(client, st)
    start, choices = st["n"], st["view"]["legal"]  # your turn, the round's first of yours
    while not any(a[0].isdigit() for a in st["view"]["legal"]):  # draw until a tile fits
        r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"], "action": "draw"})
        st = r.json()["state"]
    tile = next(a for a in st["view"]["legal"] if a[0].isdigit())
    # the tile, the draws before it and the answer taken back: the turn as round 2 gave it to you
    _lay_in_round_2_and_undo(client, st, tile, start, choices)


def _lay_in_round_2_and_undo(client: TestClient, st: dict[str, Any], action: str, start: int,
                             choices: list[str]) -> None:
    """Lay `action` in round 2 of Draw and take it back: the table is again at move `start`, offering `choices`."""
    r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"], "action": action})
    moved = r.json()["state"]
    assert moved["view"]["round"] == 2 and moved["can_undo"]
    r = post(client, "/api/undo", {"game": "draw", "id": moved["id"], "n": moved["n"]})
    assert r.status_code == 200, r.text
    back = r.json()["state"]
    assert back["view"]["round"] == 2 and back["n"] == start and back["view"]["legal"] == choices


def test_undo_after_leading_a_round_does_not_reach_back_to_your_draw_that_ended_the_last(
        app: Any, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw, seed 23: round 1 is blocked by your last draw, and you lead round 2. Undo of that lead took back your
    draws before it as well, and with them the end of round 1, whose hands had been shown."""
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: 23)
    st = open_game(client, "draw")
    while st["view"]["round"] == 1:
        r = post(client, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"],
                                         "action": st["view"]["legal"][0]})
        st = r.json()["state"]
    row = app.state.store.game(st["id"])
    assert row.actions[-1] == "draw" and app.state.table.replay(row).seats[-1] == 0  # round 1 ended on your draw
    start, choices = st["n"], st["view"]["legal"]
    _lay_in_round_2_and_undo(client, st, choices[0], start, choices)


def test_undo_takes_back_your_tile_and_the_answer(client: TestClient) -> None:
    st = state(client, "all_fives")
    r = post(client, "/api/undo", {"game": "all_fives", "id": st["id"], "n": st["n"]})
    if st["can_undo"]:
        assert r.status_code == 200 and st["undo_refusal"] is None
    else:
        assert r.status_code == 409 and "nothing to undo" in r.json()["error"]
        assert st["undo_refusal"] == r.json()["error"]
    st = state(client, "all_fives")
    before_hand = st["view"]["hand"]
    r = post(client, "/api/action", {"game": "all_fives", "id": st["id"], "n": st["n"],
                                     "action": st["view"]["legal"][0]})
    assert r.status_code == 200
    mid = r.json()["state"]
    r = post(client, "/api/undo", {"game": "all_fives", "id": mid["id"], "n": mid["n"]})
    assert r.status_code == 200, r.text
    back = r.json()["state"]
    assert back["n"] == st["n"] and back["view"]["hand"] == before_hand


def test_undo_takes_back_a_draw_at_will_alone_and_says_so(client: TestClient) -> None:
    """play-testing: a draw made while a tile fitted was taken for a forced one, so Undo reached past it to the tile
    before (and the computer's answer), or was refused before your first tile; the page said "and the answer"
    where there was none."""
    st = state(client, "draw_game")
    laid = False
    for _ in range(200):
        legal = st["view"]["legal"]
        if "draw" in legal and len(legal) > 1 and laid:
            break
        if any(a != "draw" for a in legal) and not st["view"]["game_over"]:
            st = act(client, st, next(a for a in legal if a != "draw"))
            laid = True
        else:
            st = new_deal(client, "draw_game")
            laid = False
    else:
        pytest.fail("never had a tile to lay and the boneyard open after laying one")
    before = st
    drawn = act(client, st, "draw")
    assert drawn["can_undo"]
    r = post(client, "/api/undo", {"game": "draw_game", "id": drawn["id"], "n": drawn["n"]})
    assert r.status_code == 200, r.text
    assert r.json()["said"] == "Your draw is taken back."
    back = r.json()["state"]
    assert back["n"] == before["n"] and back["view"]["hand"] == before["view"]["hand"]
    assert back["view"]["arms"] == before["view"]["arms"] and back["view"]["boneyard_count"] == before["view"]["boneyard_count"]
    r = post(client, "/api/undo", {"game": "draw_game", "id": back["id"], "n": back["n"]})
    assert r.status_code == 200 and r.json()["said"].startswith("Your last tile")


def test_the_last_rounds_result_is_told_again_until_you_move_in_the_next(client: TestClient) -> None:
    """play-testing: a reload while the round-end box was up lost the round's result once the computer had led the
    next round (the state told it only while no tile lay on the table)."""
    st = open_game(client, "all_fives")
    led_by_computer = None
    for _ in range(600):
        v = st["view"]
        assert not v["game_over"], "no round was led by the computer"
        if v["round"] > 1 and v["arms"] and "last_round" in v:
            led_by_computer = v
            break
        r = post(client, "/api/action", {"game": "all_fives", "id": st["id"], "n": st["n"], "action": v["legal"][0]})
        assert r.status_code == 200, r.text
        st = r.json()["state"]
    assert led_by_computer is not None
    again = state(client, "all_fives")  # a reload
    assert again["view"]["last_round"] == led_by_computer["last_round"] and again["last"]
    # QA: and every move since, who led first (only the last move was told)
    lead = "-".join(map(str, again["view"]["center"]))
    since = again["view"]["this_round"]
    assert since and lead in since[0] and since[-1] == again["last"]["text"], since
    r = post(client, "/api/action", {"game": "all_fives", "id": again["id"], "n": again["n"],
                                     "action": again["view"]["legal"][0]})
    after = r.json()["state"]["view"]
    assert after["round"] != again["view"]["round"] or "last_round" not in after


def test_undo_draws_the_same_tile_again(client: TestClient) -> None:
    st = state(client, "draw")
    for _ in range(600):
        v = st["view"]
        if v["game_over"]:
            st = new_deal(client, "draw")
            continue
        if v["must"] != "draw":
            st = act(client, st, v["legal"][0])
            continue
        # Draw until a tile fits; keep this turn only if it ends with a tile to lay (no forced pass).
        n0, before = st["n"], set(v["drawn"])
        st = act(client, st, "draw")
        first = sorted(set(st["view"]["drawn"]) - before)
        while st["view"]["must"] == "draw":
            st = act(client, st, "draw")
        if st["view"]["must"] == "play" and len(first) == 1 and st["view"]["round"] == v["round"] \
                and st["n"] - n0 == len(set(st["view"]["drawn"]) - before):
            st = act(client, st, st["view"]["legal"][0])
            if st["can_undo"]:  # the round goes on (a round's end shows every hand: it is not taken back)
                break
    else:
        raise AssertionError("no turn with a draw and then a tile to lay")
    st = post(client, "/api/undo", {"game": "draw", "id": st["id"], "n": st["n"]}).json()["state"]
    assert st["n"] == n0 and st["view"]["must"] == "draw" and first[0] not in st["view"]["hand"]
    st = act(client, st, "draw")
    assert first[0] in st["view"]["drawn"]


def test_two_players_lid(client: TestClient) -> None:
    assert post(client, "/api/settings", {"opponent": "two"}).status_code == 200
    st = state(client, "block")
    v = st["view"]
    assert v["hand"] is None and not v["lid_open"] and v["legal"] == []
    r = post(client, "/api/action", {"game": "block", "id": st["id"], "n": st["n"], "action": "6-6"})
    assert r.status_code == 409 and "lid" in r.json()["error"]
    st = post(client, "/api/lid", {"game": "block", "id": st["id"], "n": st["n"]}).json()["state"]
    v = st["view"]
    assert v["hand"] and v["lid_open"] and v["seat"] == v["current_seat"]
    mover = v["seat"]
    reopened = state(client, "block")  # QA: a reload found the mover's tiles face up, for whoever held the device
    assert reopened["view"]["hand"] is None and not reopened["view"]["lid_open"]
    st = post(client, "/api/lid", {"game": "block", "id": st["id"], "n": st["n"]}).json()["state"]
    v = st["view"]
    data = post(client, "/api/action", {"game": "block", "id": st["id"], "n": st["n"],
                                        "action": v["legal"][0]}).json()
    v = data["state"]["view"]
    assert v["hand"] is None and not v["lid_open"] and v["seat"] == v["current_seat"]
    # The other side sits down at the near edge, unless it had to pass and handed the turn straight back.
    auto_pass = any(f["event"].get("auto") for f in data["frames"])
    assert v["seat"] != mover or auto_pass


def test_hints_are_counted_with_the_record(client: TestClient) -> None:
    st = state(client)
    r = post(client, "/api/hint", {"game": "draw", "id": st["id"], "n": st["n"]})
    assert r.status_code == 200, r.text
    h = r.json()["hint"]
    assert h["action"] in st["view"]["legal"] and h["say"].startswith("Hint:")
    assert r.json()["state"]["record"]["hints"] == 1


def test_a_game_survives_a_restart(tmp_path: Path) -> None:
    with table_client(create_app(tmp_path)) as c:
        st = state(c)
        st = post(c, "/api/action", {"game": "draw", "id": st["id"], "n": st["n"],
                                     "action": st["view"]["legal"][0]}).json()["state"]
        cookie = c.cookies.get("bones_token")
    with table_client(create_app(tmp_path), cookies={"bones_token": cookie}) as c2:
        again = peek(c2)
        assert again["id"] == st["id"] and again["n"] == st["n"] and again["view"] == st["view"]


def test_each_game_keeps_its_own_table(client: TestClient) -> None:
    d = state(client, "draw")
    b = state(client, "block")
    assert d["id"] != b["id"]
    assert state(client, "draw")["id"] == d["id"]
    r = post(client, "/api/new", {"game": "draw"})
    assert r.status_code == 200 and r.json()["state"]["id"] != d["id"]
    assert state(client, "block")["id"] == b["id"]


WEIRD_BODIES: list[Any] = [
    None, 0, "draw", [], {"game": None}, {"game": ["draw"]}, {"game": {"x": 1}}, {"game": "draw", "id": 1e30},
    {"game": "draw", "id": 10**30}, {"game": "draw", "id": -5}, {"game": "draw", "id": True},
    {"game": "draw", "n": -1, "action": "draw"}, {"game": "draw", "n": "3"}, {"game": "draw", "action": 5},
    {"game": "draw", "action": "6-6 X"}, {"game": "draw", "action": "99-1"}, {"game": "draw", "action": "18-18 L"},
    {"game": "draw", "action": "ﾟ-ﾟ"}, {"game": "draw", "action": "x" * 5000}, {"game": "draw", "seed": -1},
    {"game": "draw", "seed": 2**70}, {"game": "draw", "seed": "1"}, {"opponent": None}, {"show_moves": "yes"},
    {"game": "muggins"}, {"game": "draw", "seat": "0", "action": "draw"},
]


def test_no_request_gets_a_server_error(client: TestClient) -> None:
    st = state(client)
    for path in ("/api/action", "/api/undo", "/api/new", "/api/hint", "/api/lid", "/api/settings"):
        for body in WEIRD_BODIES:
            r = client.post(path, json=body)
            assert 200 <= r.status_code < 500, (path, body, r.status_code, r.text)
            if r.status_code >= 400:
                assert isinstance(r.json()["error"], str) and "Traceback" not in r.text
        for raw in (b"[" * 8000 + b"]" * 8000, b"\xff\xfe", b"{" * 20000, b'{"game": "draw"'):
            r = client.post(path, content=raw, headers={"Content-Type": "application/json"})
            assert 400 <= r.status_code < 500, (path, raw[:20], r.status_code)
    assert client.get("/api/state?game=" + "x" * 3000).status_code == 404
    assert state(client)["id"] != 0 and st["game"] == "draw"


def test_variations_nested_too_deeply_for_json_are_refused_not_a_server_error(client: TestClient) -> None:
    r = client.get("/api/rules?game=muggins&options=" + "[" * 10_000)
    assert r.status_code == 400 and "JSON" in r.json()["error"]


def test_draw_dominoes_and_muggins_seat_two_to_four(client: TestClient) -> None:
    """The games of seeds 001 and 004: in the Game menu, 2-4 players, each count with its own unfinished game."""
    games = {g["id"]: g for g in state(client)["games"]}
    assert games["draw_dominoes"]["players"] == [2, 3, 4, 5, 6, 7, 8] and games["muggins"]["players"] == [2, 3, 4]
    assert games["draw"]["players"] == [2]
    for game in ("draw_dominoes", "muggins"):
        r = post(client, "/api/settings", {"game": game, "players": 3})
        assert r.status_code == 200, r.text
        st = r.json()["state"]
        v = st["view"]
        assert st["game"] == game and st["players"] == 3 and v["players"] == 3
        assert [o["name"] for o in v["others"]] == ["Computer 1", "Computer 2"]
        assert [o["seat"] for o in v["others"]] == [1, 2]
        assert v["names"] == ["You", "Computer 1", "Computer 2"] and len(v["scores"]) == 3
        hand = 7 if game == "muggins" else 5
        down = (1 if v["center"] else 0) + sum(len(a) for a in v["arms"].values())
        assert len(v["hand"]) + sum(o["count"] for o in v["others"]) + v["boneyard_count"] + down == 28
        assert v["your_turn"] and v["legal"]
        if game == "muggins":
            assert v["spinner"] is None and v["scoring_ends"]
        else:
            assert not v["scoring_ends"]
        data = post(client, "/api/action", {"game": game, "id": st["id"], "n": st["n"],
                                            "action": v["legal"][0]}).json()
        seats = [f["event"]["seat"] for f in data["frames"] if f["event"]["kind"] != "deal"]
        assert seats[0] == 0 and (data["state"]["view"]["game_over"] or data["state"]["view"]["your_turn"])
        after = data["state"]["view"]
        if v["legal"][0] != "draw":
            assert len(after["hand"]) <= hand
        assert len(after["hand"]) == after["hand_count"]
        three = data["state"]
        # Four at the table is another game; going back to three finds the three-player game as it was.
        four = post(client, "/api/settings", {"players": 4}).json()["state"]
        assert four["players"] == 4 and four["id"] != three["id"] and len(four["view"]["others"]) == 3
        back = post(client, "/api/settings", {"players": 3}).json()["state"]
        assert back["id"] == three["id"] and back["n"] == three["n"]
    # Two people on one device: always two seats.
    two = post(client, "/api/settings", {"opponent": "two"}).json()["state"]
    assert two["players"] == 2 and len(two["view"]["others"]) == 1
    post(client, "/api/settings", {"opponent": "beginner"})
    r = post(client, "/api/settings", {"players": 5})
    assert r.status_code == 400 and "2 to 4 players" in r.json()["error"]
    r = post(client, "/api/settings", {"game": "draw", "players": 3})
    assert r.status_code == 400 and "Draw is played by 2 players" in r.json()["error"]
    r = post(client, "/api/settings", {"players": "3"})
    assert r.status_code == 400


def test_the_rule_lines_of_draw_dominoes_and_muggins() -> None:
    from bones.engine import RULES
    from bones.web.view import rules_summary

    dd = rules_summary(RULES["draw_dominoes"].with_options({"players": 4}))
    assert "Draw Dominoes for 4 players" in dd and "draw until a tile fits" in dd and "last tile" in dd
    mu = rules_summary(RULES["muggins"])
    assert "multiple of 5 score" in mu and "no spinner" in mu and "last 2 tiles are never drawn" in mu
    assert "First to 100 wins at once." in mu  # seed 002 calls it the same scoring game as All Fives
    af = rules_summary(RULES["all_fives"])
    assert "spinner" in af and "250 wins at once" in af
    # partners are said where they play: Sebastopol's variation and four-handed Block
    seb = rules_summary(RULES["sebastopol"].with_options({"partners": True}))
    assert seb.startswith("Sebastopol for 4 players, partners opposite, adding their dots: ")
    assert "partners" not in rules_summary(RULES["sebastopol"])
    assert rules_summary(RULES["partnership_block"]).startswith("Four-handed Block, partners opposite, adding their ")


def test_draw_dominoes_by_the_heaviest_tile_says_the_heaviest_tile_leads_whatever_doubles_were_dealt() -> None:
    # seed 001: "Player with highest tile (sum of pips on both ends)": with 5-5 and 4-4 dealt, the 6-5 leads; the
    # table said "You hold the heaviest tile (no double was dealt), 6-5"
    from bones.engine import GameState, get_rules, observe
    from bones.web.view import build_view
    from bones.web.words import Names

    from tests.kit import deal

    rules = get_rules("draw_dominoes", {"opening": "highest_tile", "hand_size": 5})
    for hands, lead in ((["6-5 5-5 1-0 2-0 3-0", "4-4 3-3 2-2 1-1 0-0"], "6-5"),
                        (["6-6 5-5 1-0 2-0 3-0", "6-5 3-3 2-2 1-1 0-0"], "6-6")):
        g = GameState.new(rules, deals=[deal(hands)])
        v = build_view(observe(g, 0), Names(("You", "The computer")))
        assert v["legal"] == [lead]
        assert v["rule"] == f"You hold the heaviest tile, {lead}: it opens the round."
    # by the highest double, a heaviest tile leads only where no double was dealt
    g = GameState.new(get_rules("muggins", {"hand_size": 2}), deals=[deal(["6-5 1-0", "4-2 3-1"])])
    v = build_view(observe(g, 0), Names(("You", "The computer")))
    assert v["rule"] == "You hold the heaviest tile (no double was dealt), 6-5: it opens the round."


def test_honest_john_2_says_a_later_round_opens_with_the_next_double_down_not_the_highest() -> None:
    # seed 000: "the next round will be started by the [5-5] or if no one has it then the [4-4] and so on": the
    # second round below is started by the 0-0, which the table called "the highest double"
    from bones.engine import GameState, get_rules, observe
    from bones.web.view import build_view
    from bones.web.words import Names

    from tests.kit import deal, play

    rules = get_rules("honest_john_2", {"players": 3, "hand_size": 2})
    deals = [deal(["1-1 1-0", "2-0 3-0", "4-0 5-0"], "", 9), deal(["0-0 6-0", "7-0 8-0", "9-0 2-1"], "", 9)]
    g = GameState.new(rules, deals=deals)
    names = Names(("You", "Computer 1", "Computer 2"))
    assert build_view(observe(g, 0), names)["rule"] == "You hold the highest double, 1-1: it opens the round."
    g = play(g, "1-1", "1-0 S0")
    assert build_view(observe(g, 0), names)["rule"] == "You hold the next double down, 0-0: it opens the round."


def test_sebastopol_says_only_sixes_fit_until_all_four_arms_of_the_double_six_are_begun() -> None:
    # seed 004: "Nothing but sixes can be played until both sides and both ends of the first set have been played
    # to." With 6-5 on the left arm, its 5 waits: the table told the next player to "Lay a tile with 5 or 6" and
    # that 5-2 "does not fit: the open ends show 5 and 6"
    from bones.engine import GameState, get_rules, observe
    from bones.web.view import build_view
    from bones.web.words import Names

    from tests.kit import deal, play

    hands = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 5-3",
             "6-4 5-2 4-1 3-0 2-0 5-1 4-2", "6-3 6-2 6-1 6-0 5-0 4-0 3-1"]
    g = play(GameState.new(get_rules("sebastopol"), deals=[deal(hands)]), "6-6", "6-5 L")
    names = Names(("Computer 2", "Computer 3", "You", "Computer 1"))
    v = build_view(observe(g, 2), names)
    assert v["legal"] == ["6-4 R", "6-4 U", "6-4 D"]
    assert v["rule"] == "Lay a tile with 6. A tile that fits has to be played."
    assert v["why_not"]["5-2"] == ("5-2 does not fit: every open end shows 6. The arms begun wait until a tile lies on "
                                   "all four sides of the 6-6.")
    # the table rings the waiting arm faintly, not as an end that takes a tile now
    assert {n: e["waits"] for n, e in v["ends"].items()} == {"L": True, "R": False, "U": False, "D": False}
    g = play(g, "6-4 R", "6-3 U")  # seat 0 holds no six: "go"
    v = build_view(observe(g, 0), Names(("You", "Computer 1", "Computer 2", "Computer 3")))
    assert v["rule"] == "Nothing fits 6, and nobody draws in Sebastopol: the table passes for you."
    g = play(g, "pass", "pass", "pass", "6-2 D")  # the fifth domino: every end may be played to
    v = build_view(observe(g, 0), Names(("You", "Computer 1", "Computer 2", "Computer 3")))
    assert v["rule"] == "Lay a tile with 5, 4, 3 or 2. A tile that fits has to be played."
    assert not any(e["waits"] for e in v["ends"].values())
    assert v["why_not"]["1-1"] == "1-1 does not fit: the open ends show 5, 4, 3 and 2."


def test_sebastopol_and_block_playing_on_tell_the_one_who_made_domino_counting_alone() -> None:
    # seed 004: "when one player makes domino he counts all the pips remaining in his adversary's hand"; a hand left
    # with only the 0-0 shares nothing (in Draw Dominoes, seed 001's tie, it does)
    from bones.engine import RULES, RoundResult
    from bones.engine.scoring import settle
    from bones.web.rules_text import rules_text
    from bones.web.words import Names, round_text

    names = Names(("You", "Computer 1", "Computer 2", "Computer 3"))
    for rules in (RULES["sebastopol"], RULES["block_play_on"]):
        st = settle(rules, "out", 3, (0, 5, 3, 0))
        text = round_text(names, RoundResult(st.end, st.winner, st.points, (0, 5, 3, 0), 0, st, ()), rules, 1)
        assert text.endswith("Going out scores the dots in the others, 0 + 5 + 3 = 8 → +8 for Computer 3."), text
        lines = [line for sec in rules_text(rules)["sections"] for line in sec["lines"]]
        assert any("Only the player who went out scores, even beside a hand left with only the 0-0." in line
                   for line in lines)
    dd = RULES["draw_dominoes"].with_options({"players": 4})
    st = settle(dd, "out", 3, (0, 5, 3, 0))
    assert st.points == (8, 0, 0, 8)


def test_round_ends_with_three_and_four_players_say_the_arithmetic() -> None:
    from bones.engine import RULES, RoundResult
    from bones.engine.scoring import settle
    from bones.web.words import Names, pass_text, round_text

    def result(rules: Any, end: str, out: int | None, pips: tuple[int, ...]) -> RoundResult:
        st = settle(rules, end, out, pips)  # the engine settles the round; the words only tell it
        return RoundResult(st.end, st.winner, st.points, pips, 0, st, ())

    names = Names(("You", "Computer 1", "Computer 2", "Computer 3"))
    dd = RULES["draw_dominoes"].with_options({"players": 4})
    # Seed 001's examples: hands of 2, 3, 5 and 8 give the lowest 14; 3, 3, 7 and 8 give both lowest 12.
    text = round_text(names, result(dd, "blocked", None, (2, 3, 5, 8)), dd, 2)
    assert "3 + 5 + 8 = 16, less its own 2: 16 − 2 = 14 → +14 for you." in text
    text = round_text(names, result(dd, "blocked", None, (3, 3, 7, 8)), dd, 2)
    assert "→ +12 each for you and Computer 1." in text
    mu = RULES["muggins"].with_options({"players": 3})
    text = round_text(Names(("You", "Computer 1", "Computer 2")), result(mu, "out", 1, (9, 0, 13)), mu, 1)
    assert text == ("Round 1: Computer 1 went out (you hold 9 dots, Computer 2 13). "
                    "22 dots in the other hands, rounded to the nearest 5 → +20 for Computer 1.")
    five_up = RULES["five_up"]
    text = round_text(Names(("You", "The computer")), result(five_up, "out", 0, (0, 1)), five_up, 4)
    assert "1 dot in the other hand," in text  # not "1 dots"
    # play-testing: it said "→ +0.", then "→ 0: nobody scores." beside points made during play
    assert text.endswith("rounded to the nearest 5 → 0: the hands left score nothing.")
    # play-testing: going out beside a hand of only the 0-0 said "equal hands, nobody scores"
    draw_game = RULES["draw_game"]
    text = round_text(Names(("You", "The computer")), result(draw_game, "out", 0, (0, 0)), draw_game, 5)
    assert text == ("Round 5: You went out (the computer holds 0 dots): the other hand counts nothing, "
                    "nobody scores.")
    assert pass_text(names, 2, [4, 1], RULES["muggins"]).endswith("the last 2 tiles in the boneyard are never drawn.")
    assert pass_text(names, 2, [4, 1], dd).endswith("the boneyard is empty.")


def test_a_hint_is_one_line_in_a_players_words() -> None:
    from bones.engine import Action
    from bones.web.words import hint_words

    say = hint_words(Action.parse("6-4 R"), "6-4 on the right: scores 10 and sheds 10 pips")
    assert say == "lay 6-4 on the right end: scores 10 and sheds 10 dots."
    assert hint_words(Action.parse("draw"), "It is the only thing you can do.") == \
        "nothing in your hand fits: draw from the boneyard."
    assert "\n" not in hint_words(Action.parse("5-5 L"), "first\nsecond")


OLD_SCHEMA = """
CREATE TABLE browsers (token TEXT PRIMARY KEY, settings TEXT NOT NULL DEFAULT '{}', created REAL NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL, rules TEXT NOT NULL,
    seed INTEGER NOT NULL, actions TEXT NOT NULL DEFAULT '[]', hints INTEGER NOT NULL DEFAULT 0,
    lid INTEGER NOT NULL DEFAULT -1, recorded INTEGER NOT NULL DEFAULT 0, current INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE records (id INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL, rules TEXT NOT NULL,
    game_id INTEGER NOT NULL, won INTEGER NOT NULL, opponent TEXT NOT NULL, scores TEXT NOT NULL,
    hints INTEGER NOT NULL, at REAL NOT NULL);
"""


def test_a_data_folder_from_before_players_and_opponents_were_kept_still_opens(tmp_path: Path) -> None:
    import sqlite3

    from bones.web.store import Store

    db = sqlite3.connect(tmp_path / "bones.sqlite3")
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO games (token, rules, seed, actions, created, updated) VALUES ('t', 'draw', 5, '[]', 0, 0)")
    db.execute("INSERT INTO records (token, rules, game_id, won, opponent, scores, hints, at) "
               "VALUES ('t', 'draw', 1, 1, 'easy', '[100, 20]', 0, 0)")
    db.commit()
    db.close()
    store = Store(tmp_path)
    row = store.current_game("t", "draw")
    assert row is not None and row.players == 2 and row.seed == 5 and row.opponent == "" and not row.two
    assert row.options == {}  # a game from before options were kept is the game's own
    assert store.record("t", "draw", 2) == [{"won": True, "abandoned": False, "opponent": "easy",
                                             "scores": [100, 20], "hints": 0}]
    store.close()


def test_the_table_names_the_level_that_plays_where_expert_does_not(client: TestClient) -> None:
    from bones.engine import get_rules
    from bones.web.computer import level_note

    st = client.post("/api/settings", json={"opponent": "expert", "game": "five_up"}).json()["state"]
    assert st["stand_in"] is None  # Expert plays Five Up itself
    note = level_note("expert", get_rules("muggins", {"set": 12}))
    assert note is not None and note.startswith("Expert does not play Muggins") and "Hard plays in its place" in note
    assert level_note("hard", get_rules("muggins", {"set": 12})) is None


def test_two_people_share_the_table_only_in_games_for_two(client: Any) -> None:
    """Two on one device is a game for two: a game of four is refused with why, and nothing changes."""
    before = client.post("/api/open", json={}).json()["state"]
    r = client.post("/api/settings", json={"game": "partnership_block", "opponent": "two"})
    assert r.status_code == 400 and "games for two" in r.json()["error"] and "played by 4" in r.json()["error"]
    assert client.post("/api/open", json={}).json()["state"]["game"] == before["game"]
    r = client.post("/api/settings", json={"game": "partnership_block"})
    assert r.status_code == 200 and r.json()["state"]["view"]["players"] == 4  # the game's own four seats
    assert r.json()["state"]["view"]["sides"] == [[0, 2], [1, 3]]


def test_a_game_not_for_two_named_in_open_or_new_while_two_share_the_table_is_refused(client: Any) -> None:
    """The Game menu changes the game through Settings, which refuses a game of four to two people; /api/open and
    /api/new name a game too, and took one: Domino Pool was dealt to "two" at four seats (a 500, and each opening of
    the table after it another)."""
    assert client.post("/api/settings", json={"game": "draw", "opponent": "two"}).status_code == 200
    before = client.post("/api/open", json={}).json()["state"]
    for path in ("/api/open", "/api/new"):
        r = client.post(path, json={"game": "domino_pool"})
        assert r.status_code == 400 and "games for two" in r.json()["error"], (path, r.text)
    after = client.post("/api/open", json={})
    assert after.status_code == 200 and after.json()["state"]["game"] == "draw"
    assert after.json()["state"]["id"] == before["id"]
    assert client.get("/api/state?game=domino_pool").status_code == 404  # nothing dealt


def test_settings_saved_with_two_people_at_a_game_of_four_open_a_game_for_two(app: Any) -> None:
    """A browser whose saved settings put two people at Domino Pool (a hand-made request could once save that)
    opens the table at Draw, not at an error on every load."""
    c = table_client(app)
    c.post("/api/open", json={})
    token = next(iter(c.cookies.values()))
    settings = app.state.table.settings(token)
    app.state.store.save_settings(token, {**settings, "game": "domino_pool", "opponent": "two"})
    r = c.post("/api/open", json={})
    assert r.status_code == 200 and r.json()["state"]["game"] == "draw"


def test_a_finished_games_record_is_given_to_its_browser_only(app: Any) -> None:
    """A record holds every hand and the boneyard: the table gives it once the game is over, to the browser whose
    game it is, as a file `bones replay` plays back to the same end."""
    with table_client(app) as alice, table_client(app) as bob:
        st = state(alice)
        url = f"/api/record?game=draw&id={st['id']}"
        early = alice.get(url)
        assert early.status_code == 409 and "once the game is over" in early.json()["error"]
        assert set(early.json()) == {"error"}  # nothing of the deal in a refusal
        final = play_first_legal(alice, "draw")
        r = alice.get(url)
        assert r.status_code == 200 and r.headers["content-disposition"] == \
            f'attachment; filename="bones-draw-{st["id"]}.json"'
        game = load(r.json())
        assert game.over and list(game.scores) == final["view"]["scores"]
        assert r.json()["names"] == ["You", "The computer"] and r.json()["seed"]
        assert bob.get(url).status_code == 403
        assert alice.get(f"/api/record?game=block&id={st['id']}").status_code == 404
        assert alice.get("/api/record?game=draw&id=x").status_code == 400
        assert alice.get("/api/record?game=poker&id=1").status_code in (400, 404)
        stranger = TestClient(app)
        assert stranger.get(url).status_code == 404  # no cookie: no table


def test_words_in_the_middle_of_a_sentence_are_not_capitalised() -> None:
    # play-testing: "The computer went out (You hold 24 dots, …)" and "nobody draws in The Block Game." read wrong
    from bones.engine import RULES, RoundResult
    from bones.engine.scoring import settle
    from bones.web.words import Names, pass_text, round_text

    names = Names(("You", "The computer"))

    def result(rules: Any, end: str, out: int | None, pips: tuple[int, ...]) -> RoundResult:
        st = settle(rules, end, out, pips)
        return RoundResult(st.end, st.winner, st.points, pips, 0, st, ())

    block = RULES["block_game"]
    assert round_text(names, result(block, "out", 1, (2, 0)), block, 1) == \
        "Round 1: The computer went out (you hold 2 dots) → +2 for the computer."  # its own 0 dots go unsaid
    blocked = round_text(names, result(block, "blocked", None, (17, 35)), block, 2)
    assert blocked.startswith("Round 2 is blocked: nobody can lay a tile. You hold 17 dots, the computer 35:")
    bergen = RULES["bergen"]
    assert round_text(names, result(bergen, "out", 1, (24, 0)), bergen, 1) == \
        "Round 1: The computer went out, domino (you hold 24 dots) → +1 for the computer."
    assert pass_text(names, 1, [5, 0], block) == \
        "The computer had nothing for 5 or 0 and said \u201cgo\u201d: nobody draws in the Block Game."
    assert pass_text(names, 1, [5, 0], RULES["matadore"]).endswith("nobody draws in Matadore.")


def test_the_french_boys_game_is_one_round_not_a_game_to_1() -> None:
    # play-testing: the scoreboard read "Round 1 to 1" and the finished game "… is played to 1."
    from bones.engine import new_game, observe
    from bones.web.view import build_view
    from bones.web.words import Names

    g = new_game("boys_french", 11, {"players": 2})
    names = Names(("You", "The computer"))
    assert build_view(observe(g, 0), names)["goal"] == ""
    while not g.over:
        g = g.apply(g.legal_actions()[0])
    v = build_view(observe(g, 0), names)
    assert v["rule"] == ("The Boy's Game, French, is played as one round: going out, or the fewest dots when nobody "
                         "can play, wins. Press New game to play again.")
    assert build_view(observe(new_game("boys_game", 11, {"players": 2}), 0), names)["goal"] == "to 50"


def test_a_name_with_a_comma_in_it_closes_it_with_another(client: TestClient) -> None:
    # play-testing: the finished game's line read "Block, playing on is played to 100." and the Rules panel "Honest
    # John, version 2 is played with the double-nine set"
    from bones.engine import new_game, observe
    from bones.web.view import build_view
    from bones.web.words import Names

    g = new_game("block_play_on", 3, {"players": 4, "target": 1})
    while not g.over:
        g = g.apply(g.legal_actions()[0])
    v = build_view(observe(g, 0), Names(("You", "Computer 1", "Computer 2", "Computer 3")))
    assert v["rule"] == "Block, playing on, is played to 1. Press New game to play again."
    lines = client.get("/api/rules?game=honest_john_2&players=4").json()["sections"][0]["lines"]
    assert lines[0].startswith("Honest John, version 2, is played with the double-nine set")
    assert client.get("/api/rules?game=draw").json()["sections"][0]["lines"][0].startswith("Draw is played with")


def test_a_blocked_round_names_drawing_only_where_players_draw(client: TestClient) -> None:
    # play-testing: "Round 1 is blocked: nobody can lay a tile or draw." in Matadore, where nobody draws
    from bones.engine import RULES, RoundResult
    from bones.engine.scoring import settle
    from bones.web.words import Names, round_text

    names = Names(("You", "The computer"))
    for gid, stuck in (("matadore", "nobody can lay a tile."), ("block", "nobody can lay a tile."),
                       ("draw", "nobody can lay a tile or draw.")):
        rules = RULES[gid]
        st = settle(rules, "blocked", None, (9, 25))
        text = round_text(names, RoundResult(st.end, st.winner, st.points, (9, 25), 0, st, ()), rules, 1)
        assert text.startswith(f"Round 1 is blocked: {stuck} You hold 9 dots"), text
    for gid, players, stuck in (("matadore", 2, "nobody can lay a tile (the round"),
                                ("domino_pool", 5, "nobody can lay a tile (the hand"),
                                ("draw_dominoes", 3, "nobody can lay a tile or draw (the round")):
        r = client.get(f"/api/rules?game={gid}&players={players}")
        assert r.status_code == 200, r.text
        lines = [line for s in r.json()["sections"] for line in s["lines"]]
        assert any(f"or when {stuck} is blocked)" in line for line in lines), lines


def test_the_rules_say_a_tile_that_fits_must_be_played_without_drawing_where_nobody_draws(client: TestClient) -> None:
    # play-testing: Matadore's Rules said "you may not draw or pass while you hold one", and nobody draws in it
    def lines(game: str, players: int) -> list[str]:
        r = client.get(f"/api/rules?game={game}&players={players}")
        assert r.status_code == 200, r.text
        return [line for s in r.json()["sections"] for line in s["lines"]]

    for game, players in (("matadore", 2), ("block_game", 2), ("boys_french", 2), ("sebastopol", 4),
                          ("domino_pool", 3)):
        said = lines(game, players)
        assert "A tile that fits has to be played: you may not pass while you hold one." in said, (game, said)
        assert not any("may not draw" in line for line in said), game
    assert "A tile that fits has to be played: you may not draw or pass while you hold one." in lines("muggins", 3)


def test_the_rules_summary_says_dots_as_the_rest_of_the_panel_does(client: TestClient) -> None:
    # play-testing: the Boy's Game's summary read "the fewest pips score the difference" above lines that say dots
    for game, players, said in (("boys_game", 2, "the fewest dots score the difference"),
                                ("boys_french", 2, "the fewest dots when neither can play"),
                                ("block_play_on", 3, "the others' dots less its own"),
                                ("domino_pool", 4, "else the fewest dots (ties divide)")):
        summary = client.get(f"/api/rules?game={game}&players={players}").json()["summary"]
        assert said in summary and "pip" not in summary, summary


def test_the_rules_of_sebastopol_say_the_double_six_sets(client: TestClient) -> None:
    # seed 004: "Each takes seven bones, and the double six sets." The panel said "The player holding the highest
    # double leads the first round; if nobody was dealt a double, the heaviest tile leads", of a deal of the whole
    # set, where someone always holds 6-6
    r = client.get("/api/rules?game=sebastopol&players=4")
    assert r.status_code == 200, r.text
    lead = next(s["lines"] for s in r.json()["sections"] if s["title"] == "Who leads")
    assert lead[:2] == ["The whole set is dealt, so someone always holds 6-6, the highest double: that player leads "
                        "the first round.", "The tile that decided the lead is the first tile laid."], lead
    assert not any("nobody was dealt a double" in line for line in lead), lead
    assert lead[-1] == "Every round is led the same way as the first."


def test_the_hint_names_the_ends_of_the_6_6_as_the_table_does() -> None:
    # play-testing (Sebastopol): "Hint: lay 3-3 on the top end: wins about 7 games in 100 more than 6-3 on the
    # spinner's top" -- the table says "top end" and "bottom end", and nobody calls Sebastopol's 6-6 a spinner
    from bones.engine import GameState, get_rules, observe
    from bones.engine.actions import Action
    from bones.players.hint import reason
    from bones.web.words import hint_words

    from tests.kit import deal, play

    hands = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 6-4 4-3 3-2 2-1 1-0 5-3",
             "5-4 5-2 4-1 3-0 2-0 5-1 4-2", "6-3 6-2 6-1 6-0 5-0 4-0 3-1"]
    obs = observe(play(GameState.new(get_rules("sebastopol"), deals=[deal(hands)]), "6-6"), 1)
    values = {str(a): -0.5 for a in obs.legal_actions()}
    for end, words in (("U", "on the top end"), ("D", "on the bottom end")):
        text = hint_words(Action.parse("6-5 L"), reason(obs, Action.parse("6-5 L"),
                                                        {**values, "6-5 L": 0.3, f"6-4 {end}": 0.06}))
        assert text.startswith(f"lay 6-5 on the left end: wins about 12 games in 100 more than 6-4 {words}"), text
        assert "spinner" not in text


def test_a_name_with_a_comma_closes_it_before_the_number_of_players() -> None:
    # play-testing: the rule line under the table read "Honest John, version 2 for 8 players: each player builds …"
    # and "Block, playing on for 3 players: …", as the record once did ("Block, playing on, for 3 players")
    from bones.engine import RULES
    from bones.web.view import rules_summary

    hj2 = rules_summary(RULES["honest_john_2"].with_options({"players": 8}))
    assert hj2.startswith("Honest John, version 2, for 8 players: "), hj2
    assert rules_summary(RULES["block_play_on"].with_options({"players": 3})).startswith(
        "Block, playing on, for 3 players: ")
    two = rules_summary(RULES["block_play_on"].with_options({"players": 2}))
    assert two.startswith("Block, playing on: "), two  # two: no number, no comma
    assert rules_summary(RULES["honest_john"]).startswith("Honest John for 4 players: ")


def test_block_playing_on_says_why_a_seat_lays_again(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # play-testing: "You laid 2-0 on the right end." and then "Your turn." again, with no word of why the turn did
    # not pass (and a computer's two tiles in a row told as two plain plays), where the Boy's Game says "Your turn
    # again: your double keeps the turn."
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: 3)
    assert client.post("/api/settings", json={"game": "block_play_on", "opponent": "beginner",
                                              "players": 3}).status_code == 200
    st = open_game(client, "block_play_on")
    mine = theirs = None
    texts: list[str] = []
    for _ in range(200):
        v = st["view"]
        if v["game_over"] or (mine and theirs):
            break
        r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"], "action": v["legal"][0]})
        assert r.status_code == 200, r.text
        frames, st = r.json()["frames"], r.json()["state"]
        plays = [f for f in frames if f.get("event", {}).get("kind") == "play"]
        texts += [f["event"]["text"] for f in plays]
        for a, b in zip(plays, plays[1:]):
            if a["event"]["seat"] == b["event"]["seat"] != 0 and theirs is None and b["view"]["round"] == a["view"]["round"]:
                theirs = a["event"]["text"]
        if plays and plays[-1]["event"]["seat"] == 0 and st["view"]["your_turn"] and frames[-1] is plays[-1]:
            mine = (plays[-1]["event"]["text"], st["view"]["status"])
    assert mine is not None and theirs is not None, texts
    assert mine[0].endswith(" on the left end. You play on, following suit.") or \
        mine[0].endswith(" on the right end. You play on, following suit."), mine
    assert mine[1] == "Your turn again: you can follow suit, so you play on.", mine
    assert theirs.endswith(" plays on, following suit.") and theirs.startswith("Computer "), theirs


def test_the_table_says_where_the_last_hands_odd_chip_goes() -> None:
    # seed 004's Domino Pool: "ties divide"; after the last hand no next hand takes the odd chip (docs/rules.md)
    from bones.engine import GameState, get_rules
    from bones.web.words import Names, round_text

    from tests.kit import deal, play, tiles

    hands = ["0-0 2-2 3-2 4-2 3-3 6-5", "1-1 2-1 3-1 4-1 5-1 6-6", "6-1 5-2 4-3 6-2 6-3 4-4"]  # 0-0 blocks all
    for more, said in ((1, "the game is over, so what does not divide goes to Computer 1, from the setter's left."),
                       (2, "what does not divide stays in the pool for the next hand.")):
        rules = get_rules("domino_pool", {"players": 3, "hands": more})
        g = GameState.new(rules, deals=[deal(hands)._replace(cut=tiles("2-1 6-5 4-3"))] * more)
        g = play(g, "0-0")
        text = round_text(Names(("You", "Computer 1", "Computer 2")), g.results[0], rules, 1)
        assert text.endswith("you and Computer 1 tie for the fewest dots and divide the pool, 1 chip each; " + said), text


def test_domino_pool_calls_its_deals_hands_and_each_player_a_player(client: TestClient) -> None:
    # play-testing: the table said "Round 1" and "Next round" of a game whose rules say "chips carry from hand to
    # hand" and "ten hands", and its rule line said "a side with nothing that fits passes" where each plays alone
    r = client.get("/api/rules?game=domino_pool&players=4")
    assert r.status_code == 200, r.text
    titles = [s["title"] for s in r.json()["sections"]]
    assert "The end of a hand" in titles and "The end of a round" not in titles, titles
    lines = [line for s in r.json()["sections"] for line in s["lines"]]
    assert "The other 8 tiles lie face down and sit out the hand: nobody draws." in lines, lines
    r = client.post("/api/settings", json={"game": "domino_pool", "players": 4})
    assert r.status_code == 200, r.text
    view = r.json()["state"]["view"]
    assert view["deal_word"] == "Hand" and view["round"] == 1
    from bones.engine import get_rules
    from bones.web.view import rules_summary
    line = rules_summary(get_rules("domino_pool", {"players": 4}))
    assert "a player with nothing that fits says \u201cgo\u201d and passes" in line and "side" not in line, line
    r = client.post("/api/settings", json={"game": "block", "players": 2})
    assert r.status_code == 200 and r.json()["state"]["view"]["deal_word"] == "Round", r.text


def test_a_draw_with_nothing_to_lay_is_not_a_draw_at_will_even_beside_muggins() -> None:
    """review: a seat with nothing that fits may say muggins or draw (Muggins with claims); that draw is made
    because nothing fits, and Undo does not stop at it as at a draw at will."""
    import random

    from bones.engine import get_rules, new_game

    for seed in range(200):
        game = new_game("muggins", seed, {"claims": True})
        rng = random.Random(seed)
        while not game.over and game.round_index == 0:
            legal = [str(a) for a in game.legal_actions()]
            if sorted(legal) == ["draw", "muggins"]:
                assert not table_module._chosen(game, "draw") and table_module._chosen(game, "muggins")
                return
            game = game.apply(rng.choice(game.legal_actions()))
    pytest.fail(f"no seat was left to choose between muggins and a draw ({get_rules('muggins').name})")


def test_the_last_rounds_result_stays_told_after_a_pass_the_table_made_for_you(client: TestClient) -> None:
    """review: a "go" the table says for you (nothing fits) is not a move of yours; the last round's result was
    dropped after one."""
    st = open_game(client, "block")
    for _ in range(3000):
        v = st["view"]
        if v["game_over"]:
            st = new_deal(client, "block")
            continue
        data = post(client, "/api/action", {"game": "block", "id": st["id"], "n": st["n"], "action": v["legal"][0]})
        frames, st = data.json()["frames"], data.json()["state"]
        deal = [i for i, f in enumerate(frames) if f["event"].get("kind") == "deal"]
        if deal and not st["view"]["game_over"] and any(
                f["event"].get("auto") and f["event"].get("seat") == 0 for f in frames[deal[-1]:]):
            break
    else:
        pytest.fail("the table never passed for you at the start of a round")
    assert "last_round" in state(client, "block")["view"]


def test_a_game_dealt_by_new_before_the_page_opened_is_on_the_table(app: Any) -> None:
    with table_client(app) as c:
        dealt = post(c, "/api/new", {"game": "block"}).json()["state"]
        assert peek(c, "block")["id"] == dealt["id"]
