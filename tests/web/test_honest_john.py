"""Honest John at the table, both versions: the star as JSON, asks, sales and gifts in words, the human answering a
computer's ask (the seat to act though it is not its turn), Ask and Draw when nothing fits, the round's chips or
points, the goal and the Rules panel. Deterministic: each game is dealt from a fixed seed."""

from __future__ import annotations

from typing import Any, cast

import pytest
from starlette.testclient import TestClient

from bones.engine import RULES, RoundResult, Tile, new_game
from bones.engine.scoring import settle
from bones.web import table as table_module
from bones.web import star
from bones.web.rules_text import rules_text
from bones.web.view import rules_summary
from bones.web.words import Names, game_summary, round_text

from .conftest import open_game

NAMES4 = Names(("You", "Computer 1", "Computer 2", "Computer 3"))


def deal(client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str, players: int,
         seed: int = 1) -> dict[str, Any]:
    """A game of `game` for `players` dealt from `seed`, opened as the page opens it: the state."""
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: seed)
    r = client.post("/api/settings", json={"game": game, "opponent": "beginner", "players": players})
    assert r.status_code == 200, r.text
    return open_game(client, game)


def act(client: TestClient, st: dict[str, Any], action: str) -> dict[str, Any]:
    r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"], "action": action})
    assert r.status_code == 200, r.text
    return dict(r.json())


Json = dict[str, Any]


def play_round(client: TestClient, st: Json) -> tuple[list[Json], list[Json], Json]:
    """Play the first round as the e2e player does (the first play; asked, the last tile offered; else draw or ask):
    every frame, every view you acted on, and the last state."""
    frames: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    for _ in range(300):
        v = st["view"]
        if any(f.get("round_end") for f in frames) or v["game_over"]:
            break
        seen.append(v)
        legal = v["legal"]
        answers = [a for a in legal if a.split()[0] in ("sell", "give")]
        data = act(client, st, answers[-1] if answers else legal[0])
        frames += data["frames"]
        st = data["state"]
    return frames, seen, st


@pytest.mark.parametrize(("game", "players"), [("honest_john", 4), ("honest_john_2", 3)])
def test_a_round_asks_sells_and_gives_in_words(client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str,
                                               players: int) -> None:
    sells = game == "honest_john"
    st = deal(client, monkeypatch, game, players)
    v = st["view"]
    assert v["star"] is not None and [line["end"] for line in v["star"]["lines"]] == [f"S{s}" for s in range(players)]
    assert v["end_words"]["S0"] == "your line" and v["end_words"]["S1"] == "Computer 1's line"
    assert v["pool"] is None and v["chips"] is sells  # Honest John 1 is played for chips, with no pool
    assert v["goal"] == "of 10" if sells else "down to the double blank" in v["goal"]
    frames, seen, _ = play_round(client, st)
    texts = [f["event"]["text"] for f in frames if f.get("event")]
    verb = "sells" if sells else "gives"
    asked = [w for w in seen if w["answer"]]
    assert asked, "a computer asked you for a tile"
    for w in asked:  # you are the seat to act, though it is not your turn in the usual sense
        asker = w["asker"]
        assert w["answer"] == ("sell" if sells else "give") and w["your_turn"] and w["must"] == w["answer"]
        assert w["status"].startswith(f"Computer {asker} asks you for ")
        assert w["status"].endswith(f"choose a tile to {w['answer']}.")
        assert all(a.startswith(f"{w['answer']} ") and a.endswith(f" S{asker}") for a in w["legal"])
        assert sorted(w["fits"]) == sorted(a.split()[1] for a in w["legal"])  # the tiles offered, clickable
        assert all(ends == [f"S{asker}"] for ends in w["fits"].values())
        assert w["star"]["lines"][asker]["asker"] and w["star"]["lines"][0]["asked"]
    asks = [w for w in seen if w["must"] == "ask"]
    assert asks and all(w["may_ask"] and "press Ask" in w["rule"] for w in asks)
    assert any(" asks round the table for " in t for t in texts)
    assert any(f"; you {verb[:-1]} Computer " in t for t in texts)  # you answered an ask
    assert any(f" {verb} you " in t for t in texts)  # a computer sold or gave you a tile
    sale = next(f["event"] for f in frames if f.get("event", {}).get("kind") == ("sell" if sells else "give"))
    assert sale["end"] == f"S{sale['to']}" and sale["scored"] == (1 if sells else 0)
    if not sells:
        assert any(w["must"] == "draw" and "draw one tile from the boneyard" in w["rule"] for w in seen)
        assert any(" after drawing" in t for t in texts)
    end = next(f for f in frames if f.get("round_end"))
    assert end["round_end"]["text"].startswith("Round 1")


def test_a_wrong_answer_is_refused_and_undo_never_stops_at_an_ask(client: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    st = deal(client, monkeypatch, "honest_john", 4)
    for _ in range(300):
        v = st["view"]
        if v["answer"]:
            break
        answers = [a for a in v["legal"] if a.startswith("sell")]
        st = act(client, st, answers[-1] if answers else v["legal"][0])["state"]
    v = st["view"]
    asker = v["asker"]
    wrong = next((t for t in v["hand"] if t not in v["fits"]), None)
    if wrong is not None:
        r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"],
                                             "action": f"sell {wrong} S{asker}"})
        assert r.status_code == 422
        assert v["why_not"][wrong].startswith(f"{wrong} does not fit Computer {asker}'s line: it takes a")
        assert r.json()["error"] == v["why_not"][wrong]  # the page's words, not the engine's "end S3"
    r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"], "action": f"6-4 S{asker}"})
    assert r.status_code == 422  # a play is not an answer
    for action in ("draw", "ask", "pass"):  # nor is anything else: said with the asker's name, not "seat 3"
        r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"], "action": action})
        assert r.status_code == 422 and r.json()["error"].startswith(
            f"Computer {asker} asked you for a tile: sell one that fits Computer {asker}'s line (it takes "), r.text
    fitting = next(iter(v["fits"]))
    elsewhere = next(s for s in range(4) if s != asker)
    r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"],
                                         "action": f"sell {fitting} S{elsewhere}"})
    assert r.status_code == 422 and r.json()["error"].startswith(
        f"{fitting} goes on Computer {asker}'s line, the line of the player who asked, not "), r.text
    absent = next(t for t in ("0-0", "1-0", "2-0", "1-1") if t not in v["hand"])
    r = client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"],
                                         "action": f"sell {absent} S{asker}"})
    assert r.status_code == 422 and r.json()["error"] == f"{absent} is not in your hand.", r.text  # said plainly
    hint = client.post("/api/hint", json={"game": st["game"], "id": st["id"], "n": st["n"]}).json()["hint"]
    assert hint["action"].startswith("sell ") and hint["say"].startswith(f"Hint: sell {hint['tile']} to Computer {asker}")


def test_undo_takes_back_your_tile_and_not_a_forced_ask(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    st = deal(client, monkeypatch, "honest_john", 4)
    laid = False
    for _ in range(300):
        v = st["view"]
        if v["must"] == "ask" and laid:
            break
        answers = [a for a in v["legal"] if a.startswith("sell")]
        action = answers[-1] if answers else v["legal"][0]
        laid = laid or action != "ask"
        st = act(client, st, action)["state"]
    assert st["view"]["must"] == "ask"
    before = st["n"]
    st = act(client, st, "ask")["state"]
    r = client.post("/api/undo", json={"game": st["game"], "id": st["id"], "n": st["n"]})
    assert r.status_code == 200, r.text
    undone = r.json()["state"]
    assert undone["n"] < before  # back to before your last tile, not to the ask you had to make
    assert undone["view"]["your_turn"] and undone["view"]["must"] in ("play", "sell")


# ----- words ------------------------------------------------------------------------------------------------


def test_asks_sales_and_closed_lines_are_told() -> None:
    rules = RULES["honest_john"]
    t = new_game("honest_john", 1)
    assert t.round is not None
    first = t.round.legal_actions()[0]
    t = t.apply(first)
    assert t.round is not None
    before = t.round.table
    assert before.ends[0] is not None
    pip = before.ends[0][0]
    want = star.article(pip)
    assert star.ask_text(NAMES4, rules, 2, before, 1, before) == (
        f"Computer 2 asks round the table for {want}. Computer 3 and you have none. Computer 1 has one to sell.")
    # the seat asked is told it must sell, not that it holds "one" when several fit (the rule line says the
    # choice is its own)
    assert star.ask_text(NAMES4, rules, 2, before, 0, before).endswith("Computer 3 has none. You must sell one.")
    closed = before._replace(closed=1 << 2)
    assert star.ask_text(NAMES4, rules, 2, before, None, closed) == (
        f"Computer 2 asks round the table for {want}: nobody can sell Computer 2 {want}, so its line is closed and "
        "its turns are skipped.")
    assert star.answer_text(NAMES4, rules, 3, 2, "6-4", before, False) == (
        f"Computer 2 asked for {want}; Computer 3 sells Computer 2 the 6-4 for a chip.")
    give = RULES["honest_john_2"].with_options({"players": 4})
    assert star.answer_text(NAMES4, give, 1, 0, "6-4", before, True) == (
        f"You asked for {want}; Computer 1 gives you the 6-4. That was its last tile: Computer 1 goes out.")
    assert star.pass_text(NAMES4, 1, give, before) == ("Computer 1 has nothing to play on the centre double: "
                                                        "Computer 1 passes.")
    assert star.article(8) == "an 8" and star.article(6) == "a 6" and star.article(11) == "an 11"


def test_a_line_waiting_for_its_double_asks_for_the_double_by_name_not_by_tile() -> None:
    rules = RULES["honest_john_2"]
    g = new_game("honest_john_2", 1)
    assert g.round is not None
    table = g.round.table
    waiting = table._replace(ends=((6, 0, 0),) + table.ends[1:], doubles=0)
    assert star.need(rules, waiting, 0) == "the double 6"
    assert star.need(rules, waiting._replace(doubles=1 << 6), 0) == "a 6"
    assert star.need(RULES["honest_john"], waiting, 0) == "a 6"


def result(rules: Any, end: str, out: int | None, pips: tuple[int, ...]) -> RoundResult:
    st = settle(rules, end, out, pips)
    return RoundResult(end, st.winner, st.points, pips, 0, st, tuple(() for _ in pips))


def test_the_round_is_settled_in_chips_or_points_in_words() -> None:
    hj = RULES["honest_john"]
    out = round_text(NAMES4, result(hj, "out", 2, (12, 5, 0, 7)), hj, 3)
    assert out == ("Round 3: Computer 2 went out and takes a chip from each of the other 3 players → +3 for "
                   "Computer 2, −1 each for the others.")
    # play-testing: with sales in the round, "+3 for Computer 2" beside a scoreboard that moved by another number
    # read as a mistake: the round's chips are said whole as well (you bought a tile of Computer 1)
    plain = result(hj, "out", 2, (12, 5, 0, 7))
    sold = round_text(NAMES4, plain._replace(points=(-2, 0, 3, -1)), hj, 3)
    assert sold == out[:-1] + (". With the sales, the round's chips: you −2, Computer 1 0, Computer 2 +3, "
                               "Computer 3 −1.")
    blocked = round_text(NAMES4, result(hj, "blocked", None, (12, 5, 3, 7)), hj, 4)
    assert blocked.startswith("Round 4 ends with no winner") and "No chips change hands" in blocked
    assert "pool" not in out + blocked
    hj2 = RULES["honest_john_2"].with_options({"players": 4})
    won = round_text(NAMES4, result(hj2, "out", 0, (0, 12, 7, 5)), hj2, 1)
    assert won.endswith("and score the dots in the other hands, 12 + 7 + 5 = 24 → +24.")
    # play-testing: "(You hold 0 dots, Computer 1 12, …)" mid-sentence, the one out counted with its 0
    assert won.startswith("Round 1: You went out (Computer 1 holds 12 dots, Computer 2 7, Computer 3 5) and "), won
    theirs = round_text(NAMES4, result(hj2, "out", 2, (9, 12, 0, 5)), hj2, 3)
    assert theirs.startswith("Round 3: Computer 2 went out (you hold 9 dots, Computer 1 12, Computer 3 5) and "), theirs
    stale = round_text(NAMES4, result(hj2, "blocked", None, (4, 15, 9, 22)), hj2, 2)
    assert "never drawn (you hold 4 dots, Computer 1 15, Computer 2 9, Computer 3 22). " in stale, stale
    # play-testing: "scores the dots in the others less its own, 15 + 9 + 22 = 46, less its own 4: …" said it twice
    assert stale.count("less its own") == 1 and "The lightest hand, under 10, scores the dots in the others, 15 + " \
        in stale, stale
    assert "stalemate" in stale and stale.endswith("15 + 9 + 22 = 46, less its own 4: 46 − 4 = 42 → +42 for you.")
    none = round_text(NAMES4, result(hj2, "blocked", None, (14, 15, 19, 22)), hj2, 2)
    assert none.endswith("The lightest hand holds 14 dots, not under 10: nobody scores.")
    rounds = [result(hj, "blocked", None, (1, 2, 3, 4)), result(hj, "out", 1, (3, 0, 2, 2))]
    chips = cast(dict[str, Any], game_summary(NAMES4, rounds, (19, 23, 19, 19), 1, hj.target, hj))
    assert [r["how"] for r in chips["rounds"]] == ["No winner", "Computer 1 went out"]
    assert chips["text"].endswith("with 23 chips (You 19, Computer 1 23, Computer 2 19, Computer 3 19). 2 rounds.")
    points = cast(dict[str, Any], game_summary(NAMES4, [result(hj2, "blocked", None, (4, 15, 9, 22))], (42, 0, 0, 0),
                                               0, hj2.target, hj2))
    assert points["rounds"][0]["how"] == "Stalemate, won by you" and "to 100" not in points["text"]


def test_the_rules_of_both_games_in_players_words() -> None:
    one = " ".join(line for s in rules_text(RULES["honest_john"])["sections"] for line in s["lines"])
    assert "Nobody draws" in one and "sell you a tile that fits your line" in one and "your line is closed" in one
    assert "takes one chip from each of the others" in one and "after 10 rounds" in one and "100" not in one
    two = " ".join(line for s in rules_text(RULES["honest_john_2"])["sections"] for line in s["lines"])
    assert "draw one tile from the boneyard" in two and "must give you a tile" in two and "you pass" in two
    assert "that number's double must be played" in two and "fewer than 10" in two
    assert "the game ends after the 0-0 round" in two and "100" not in two
    twelve = rules_text(RULES["honest_john_2"].with_options({"players": 7}))
    assert "the double-twelve set" in twelve["sections"][0]["lines"][0]
    assert "10 rounds; the most chips win" in rules_summary(RULES["honest_john"])
    assert "to the double blank" in rules_summary(RULES["honest_john_2"])
    assert "the most chips win" in rules_summary(RULES["domino_pool"])  # chips, not a target of 100


def test_the_rules_panel_says_version_2_goes_on_down_past_a_double_nobody_holds() -> None:
    # seed 000: "the next round will be started by the [5-5] or if no one has it then the [4-4] and so on"; the game
    # ends "when the [0-0] round has been played or the [0-0] was not found when called for to start a round". The
    # panel said the game ends "sooner when nobody holds the double called for", which a 5-5 nobody holds is not.
    two = " ".join(line for s in rules_text(RULES["honest_john_2"])["sections"] for line in s["lines"])
    assert "sooner when nobody holds the double called for" not in two
    assert "or sooner when the calling goes down to 0-0 and nobody holds it: at most 10 rounds" in two


def test_the_rules_panel_tells_the_start_of_a_version_2_round_in_the_order_it_happens() -> None:
    # seed 000: the holder "begins the round by placing it ... and must then play a matching tile on it if they can.
    # Play then continues clockwise": the panel had said play goes on to the left, then, a line later, that the leader
    # plays first
    two = " ".join(line for s in rules_text(RULES["honest_john_2"])["sections"] for line in s["lines"])
    double, own, left = (two.index(w) for w in ("sets that double", "must play a tile on it", "play then goes on"))
    assert double < own < left
    one = " ".join(line for s in rules_text(RULES["honest_john"])["sections"] for line in s["lines"])
    assert "must play a tile on it" not in one  # in version 1 the next seat plays after the double


def test_the_rules_panel_says_a_deal_with_no_double_is_dealt_again() -> None:
    # docs/rules.md: "if no hand holds a double, the tiles are dealt again" (version 1, every round; version 2, the
    # first); the panel's star wording of who starts had dropped it
    for game in ("honest_john", "honest_john_2"):
        lead = next(s["lines"] for s in rules_text(RULES[game])["sections"] if s["title"] == "Who leads")
        assert lead[0].endswith("; if nobody was dealt a double, the tiles are shuffled and dealt again."), lead[0]


def test_the_hint_names_your_line_as_the_page_does(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # play-testing: "Hint: lay 9-4 on the line of seat 0: …", the engine's name for your line, counted from 0
    st = deal(client, monkeypatch, "honest_john", 4)
    for _ in range(300):
        v = st["view"]
        plays = [a for a in v["legal"] if a[0].isdigit() and a.endswith(" S0")]
        if plays and len(v["legal"]) > 1:
            break
        st = act(client, st, v["legal"][0])["state"]
    else:
        raise AssertionError("no choice of tiles for your line")
    r = client.post("/api/hint", json={"game": st["game"], "id": st["id"], "n": st["n"]})
    assert r.status_code == 200, r.text
    hint = r.json()["hint"]
    assert hint["action"].endswith(" S0") and hint["say"].startswith(f"Hint: lay {hint['tile']} on your line"), hint
    assert "seat" not in hint["say"]


@pytest.mark.parametrize("game", ["honest_john", "honest_john_2"])
def test_the_hint_to_sell_or_give_names_the_tile_once_in_the_pages_words(client: TestClient,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        game: str) -> None:
    # play-testing: "Hint: sell Computer 4 6-0: 6-0 on the line of seat 4: keeps your sevens." -- the tile twice,
    # the second time with the engine's name for the asker's line, counted from 0
    st = deal(client, monkeypatch, game, 4)
    hints = []
    for _ in range(2000):
        v = st["view"]
        if v["game_over"]:
            break
        answers = [a for a in v["legal"] if a.split()[0] in ("sell", "give")]
        if len(answers) > 1:  # a choice of tiles: the hint gives a reason
            r = client.post("/api/hint", json={"game": st["game"], "id": st["id"], "n": st["n"]})
            assert r.status_code == 200, r.text
            hints.append(r.json()["hint"])
            if len(hints) == 3:
                break
        st = act(client, st, answers[-1] if answers else v["legal"][0])["state"]
    assert hints, "never asked with a choice of tiles"
    for hint in hints:
        verb = "sell" if game == "honest_john" else "give"
        assert hint["say"].startswith(f"Hint: {verb} {hint['tile']} to Computer "), hint
        assert "seat" not in hint["say"] and hint["say"].count(hint["tile"]) == 1, hint


def test_tied_lowest_hands_take_off_their_own_dots() -> None:
    # play-testing (Sebastopol): "The lowest hands score the dots in the others, 8 + 8 = 16, less its own 6" -- two
    # hands, each less its own: "their own"
    seb = RULES["sebastopol"]
    tied = round_text(NAMES4, result(seb, "blocked", None, (6, 8, 8, 6)), seb, 7)
    assert tied.endswith("The lowest hands score the dots in the others, 8 + 8 = 16, less their own 6: 16 − 6 = 10 → "
                         "+10 each for you and Computer 3."), tied
    alone = round_text(NAMES4, result(seb, "blocked", None, (6, 8, 8, 5)), seb, 7)
    assert "The lowest hand scores the dots in the others, 6 + 8 + 8 = 22, less its own 5: " in alone, alone
    hj2 = RULES["honest_john_2"].with_options({"players": 4})
    stale = round_text(NAMES4, result(hj2, "blocked", None, (4, 15, 4, 22)), hj2, 2)
    assert stale.endswith("The lightest hands, under 10, score the dots in the others, 15 + 22 = 37, less their own 4: "
                          "37 − 4 = 33 → +33 each for you and Computer 2."), stale


def test_version_2_ended_early_says_why() -> None:
    # play-testing: a game of version 2 ended after "the 1-1 round" with "4 rounds." and no word of the 0-0 round
    # (the next deal left 0-0 out of every hand, which ends the game: docs/rules.md)
    hj2 = RULES["honest_john_2"].with_options({"players": 4})
    first = result(hj2, "out", 2, (9, 12, 0, 5))
    last = result(hj2, "blocked", None, (4, 15, 9, 22))._replace(first=Tile.parse("1-1").id)
    summary = cast(dict[str, Any], game_summary(NAMES4, [first, last], (42, 0, 26, 0), 0, hj2.target, hj2))
    assert summary["text"].endswith(" 2 rounds: no hand was dealt a double below 1-1 for another round."), summary
    done = result(hj2, "blocked", None, (4, 15, 9, 22))._replace(first=Tile.parse("0-0").id)
    summary = cast(dict[str, Any], game_summary(NAMES4, [first, done], (42, 0, 26, 0), 0, hj2.target, hj2))
    assert summary["text"].endswith(" 2 rounds."), summary  # down to the double blank: nothing to explain


def test_the_last_round_of_version_2_is_called_the_last() -> None:
    """QA: the scoreboard read "Round 4 · the 0-0 round, down to the double blank"."""
    from types import SimpleNamespace

    from bones.engine import Tile, get_rules
    from bones.web.star import goal

    rules = get_rules("honest_john_2")
    at = lambda t: goal(SimpleNamespace(rules=rules, center=Tile.parse(t)))  # type: ignore[arg-type]  # noqa: E731
    assert at("7-7") == "· the 7-7 round, down to the double blank"
    assert at("0-0") == "· the 0-0 round, the last"
