"""The new two-player games of issue 10 at the table: variations chosen in Settings and kept per game, claims and
Muggins!, shutting the game, drawing at will, the cut for the first set, Matadore's trumps, and the words for each.

Positions come from seeded deals played forward at random with the engine and put on a browser's table as the
server keeps a game (the server never checks who chose the actions it replays).
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, NamedTuple, cast

import pytest
from starlette.testclient import TestClient

from bones.engine import RULES, Action, GameState, RoundResult, new_game
from bones.engine.actions import MUGGINS, SHUT
from bones.engine.scoring import settle
from bones.web import variations
from bones.web.words import Names, game_summary, hint_words, play_text, round_text

from .conftest import open_game


class Spot(NamedTuple):
    seed: int
    actions: list[str]
    game: GameState  # seat 0 to move


def find(game: str, options: dict[str, Any], wanted: Callable[[GameState], bool], start: int = 1,
         choose: Callable[[GameState, list[Action], random.Random], Action] | None = None) -> Spot:
    """The first position (over seeds from `start`, random play) where seat 0 is to move and `wanted` holds."""
    for seed in range(start, start + 2000):
        rng = random.Random(seed)
        g = new_game(game, seed, options or None)
        actions: list[str] = []
        for _ in range(400):
            if g.over or g.current_seat is None:
                break
            if g.current_seat == 0 and wanted(g):
                return Spot(seed, actions, g)
            legal = g.legal_actions()
            a = choose(g, legal, rng) if choose else legal[rng.randrange(len(legal))]
            actions.append(str(a))
            g = g.apply(a)
    raise LookupError(f"no position of {game} found")


def seat(app: Any, client: TestClient, game: str, spot: Spot, options: dict[str, Any],
         opponent: str = "beginner") -> dict[str, Any]:
    """Put `spot` on this browser's table, with `options` chosen in its settings; the state as the page opens it."""
    token = client.cookies.get("bones_token")
    store = app.state.store
    store.save_settings(token, {"game": game, "opponent": opponent,
                                "options": {game: variations.canonical(game, options)}})
    row = store.new_game(token, game, spot.seed, 2, opponent, options)
    row.actions = list(spot.actions)
    store.save_game(row)
    return open_game(client, game)


def act(client: TestClient, st: dict[str, Any], action: str) -> Any:
    return client.post("/api/action", json={"game": st["game"], "id": st["id"], "n": st["n"], "action": action})


def settings(client: TestClient, **body: Any) -> Any:
    return client.post("/api/settings", json=body)


def lays_double(play: Action) -> bool:
    assert play.tile is not None  # every play lays a tile
    return play.tile.is_double


CLAIMS = {"claims": True}


# ----- variations in Settings ------------------------------------------------------------------------------


def test_each_game_lists_exactly_its_variations_in_words(client: TestClient) -> None:
    from bones.engine.rules import CHOICES
    from bones.web.variations import HAND_SIZES

    for gid, rules in RULES.items():
        st = settings(client, game=gid).json()["state"]
        sized = gid in HAND_SIZES  # four-handed Block: four each or seven, the one standard option offered
        keys = [k for k in rules.option_keys if k in CHOICES or (sized and k == "hand_size")]
        assert [v["key"] for v in st["variations"]] == keys
        assert st["options"] == {k: rules.hand_size if k == "hand_size" else rules.choice(k) for k in keys}
        for v in st["variations"]:
            values = list(HAND_SIZES[gid]) if v["key"] == "hand_size" else list(CHOICES[v["key"]])
            assert [c["value"] for c in v["choices"]] == values
            assert v["value"] == v["default"] and v["title"] and all(c["label"] for c in v["choices"])
    muggins = settings(client, game="muggins").json()["state"]
    labels = {c["label"] for v in muggins["variations"] for c in v["choices"]}
    assert "Scores count only when claimed (Claim and Muggins!)" in labels
    assert "One point for each five (10 scores 2), to 20" in labels
    threes = settings(client, game="all_threes").json()["state"]
    assert "One point for each three (6 scores 2), to 20" in {c["label"] for v in threes["variations"]
                                                               for c in v["choices"]}
    assert settings(client, game="draw").json()["state"]["variations"] == []


def test_bad_variations_are_refused_and_change_nothing(client: TestClient) -> None:
    st = open_game(client, "muggins")
    before = client.get("/api/state?game=muggins").json()["state"]
    for bad, says in (({"claim": True}, "no variation 'claim'"), ({"claims": "true"}, "true or false"),
                      ({"claims": 1}, "true or false"), ({"count": "per_ten"}, "\"face\" or \"per_five\""),
                      ({"trumps": "when_stuck"}, "no variation 'trumps'"), ([1], "an object"), ("claims", "an object")):
        r = settings(client, options=bad)
        assert r.status_code == 400, bad
        assert says in r.json()["error"], r.json()["error"]
    r = settings(client, game="draw", options={"claims": True})
    assert r.status_code == 400 and "Draw has no variation 'claims' (it has no variations)" in r.json()["error"]
    after = client.get("/api/state?game=muggins").json()["state"]
    assert after["settings"] == before["settings"] and after["id"] == st["id"]
    assert client.get("/api/state?game=draw").status_code == 404  # the refused request dealt nothing either


def test_stored_variations_are_checked_when_read(app: Any, client: TestClient) -> None:
    token = client.cookies.get("bones_token")
    app.state.store.save_settings(token, {"game": "muggins", "options": {
        "muggins": {"claims": True, "count": "per_ten", "trumps": "when_stuck", "spinner": False},
        "chess": {"claims": True}, "draw": {"claims": True}, "matadore": "when_stuck",
        "boys_game": {"shut": True, "draw": "sometimes"}}})
    st = open_game(client, "muggins")
    assert st["settings"]["options"] == {"muggins": {"claims": True}, "boys_game": {"shut": True}}
    assert st["options"]["claims"] is True and st["view"]["claims"]


def test_variations_deal_a_game_of_their_own_and_a_game_keeps_its_own(app: Any, client: TestClient) -> None:
    plain = open_game(client, "muggins")
    plain = act(client, plain, plain["view"]["legal"][0]).json()["state"]
    claims = settings(client, options={"claims": True}).json()["state"]
    assert claims["id"] != plain["id"] and claims["options"]["claims"] and claims["view"]["claims"]
    assert app.state.store.game(claims["id"]).options == {"claims": True}
    assert app.state.store.game(plain["id"]).options == {}
    assert claims["settings"]["options"] == {"muggins": {"claims": True}}
    # the game without claims waits as it was left, and comes back when the variation does
    back = settings(client, options={"claims": False}).json()["state"]
    assert back["id"] == plain["id"] and back["n"] == plain["n"] and not back["view"]["claims"]
    assert back["settings"]["options"] == {}
    again = settings(client, options={"claims": True, "count": "per_five"}).json()["state"]
    assert again["id"] != claims["id"] and again["view"]["target"] == 20
    assert again["view"]["claim_amounts"] == [1, 2, 3, 4]
    # New game deals with the variations chosen, and only that game leaves the table
    fresh = client.post("/api/new", json={"game": "muggins"}).json()["state"]
    assert fresh["id"] != again["id"] and fresh["options"]["count"] == "per_five"
    assert settings(client, options={"claims": False, "count": "face"}).json()["state"]["id"] == plain["id"]
    # the number of players keeps its own games too, each with the variations chosen
    three = settings(client, players=3, options={"claims": True}).json()["state"]
    assert three["players"] == 3 and three["options"]["claims"] and app.state.store.game(three["id"]).options == \
        {"claims": True}


def test_two_people_play_with_the_variations_chosen(client: TestClient) -> None:
    st = settings(client, game="boys_game", opponent="two", options={"draw": "optional"}).json()["state"]
    assert st["opponent"] == "two" and st["options"]["draw"] == "optional"


def test_the_rules_panel_describes_the_variations_chosen(client: TestClient) -> None:
    def words(game: str, options: dict[str, Any] | None = None, players: int = 2) -> dict[str, Any]:
        q = f"/api/rules?game={game}&players={players}"
        if options is not None:
            q += "&options=" + json.dumps(options)
        r = client.get(q)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        data["text"] = " ".join(line for s in data["sections"] for line in s["lines"])
        return data

    plain = words("muggins")
    assert "claim" not in plain["text"] and "Played here" not in plain["summary"]
    claims = words("muggins", {"claims": True, "count": "face"})
    assert "press Claim" in claims["text"] and "Muggins!" in claims["text"]
    assert claims["summary"].endswith("Played here with: scores count only when claimed (Claim and Muggins!).")
    assert "If the other player forgets to claim" in claims["text"] and "go to the other player." in claims["text"]
    # play-testing: at three or four "the other player" is nobody in particular; muggins takes what the player
    # before you left, and a wrong claim goes to the next player
    for n in (3, 4):
        text = words("muggins", {"claims": True}, n)["text"]
        assert "other player" not in text, n
        assert "If the player before you forgets to claim a score, say \u201cMuggins!\u201d" in text
        assert "the points claimed go to the next player." in text
    assert "a point for each 5" in words("muggins", {"count": "per_five"}, 3)["text"]
    assert "20 points" in words("muggins", {"count": "per_five"})["text"]
    assert "pushes two tiles face down" in words("block_game", {"cut": "pushed"})["text"]
    assert "each player draws a tile" in words("draw_game", {"cut": "drawn"})["text"]
    assert "only when no other tile fits" in words("matadore", {"trumps": "when_stuck"})["text"]
    boys = words("boys_game", {"shut": True, "draw": "optional", "pose": "winner", "winner_scores_own": True})
    for said in ("shut the game", "You may draw from the boneyard at any time",
                 "lighter hand scores the dots in both hands", "The winner of a round leads the next"):
        assert said in boys["text"], said
    for bad in ('{"claims": "yes"}', '{"cut": "pushed"}', "not json", "[1]"):
        r = client.get(f"/api/rules?game=muggins&options={bad}")
        assert r.status_code == 400 and r.json()["error"], bad


# ----- claims and Muggins! ---------------------------------------------------------------------------------


def scoring_play(g: GameState) -> Action | None:
    """A play of seat 0 that scores, claimed (fitting one end, so it can be named without its claim)."""
    for a in g.legal_actions():
        if a.kind == "play" and a.claim is not None and a.end is not None:
            return a
    return None


def test_the_view_never_gives_a_count_away(app: Any, client: TestClient) -> None:
    def scores_later(g: GameState) -> bool:
        assert g.round is not None
        return scoring_play(g) is not None and len(g.round.history) > 1

    spot = find("muggins", CLAIMS, scores_later)
    st = seat(app, client, "muggins", spot, CLAIMS)
    v = st["view"]
    legal = [str(a) for a in spot.game.legal_actions()]
    assert any("+" in a for a in legal)  # the engine lists the claims...
    assert v["legal"] == [a for a in legal if "+" not in a and a != "muggins"]  # ...the page is not told them
    assert v["claims"] and v["end_sum"] is None and all(e["weight"] is None for e in v["ends"].values())
    assert all(len(ends) == len(set(ends)) for ends in v["fits"].values())
    assert "add up to" not in v["rule"] and "Claim" in v["rule"] and "Muggins!" in v["rule"]
    assert v["claim_amounts"] == [5, 10, 15, 20]  # a line: at most 6-6 and 5-5 at the ends


def test_a_right_claim_scores_a_wrong_one_goes_to_the_next_seat(app: Any, client: TestClient) -> None:
    spot = find("muggins", CLAIMS, lambda g: scoring_play(g) is not None)
    play = scoring_play(spot.game)
    assert play is not None and play.claim is not None
    st = seat(app, client, "muggins", spot, CLAIMS)
    base = st["view"]["scores"]
    # a claim that is no claim in this game is a 400, and changes nothing
    for bad in (f"{play.claiming(None)} +7", f"{play.claiming(None)} +250"):
        r = act(client, st, bad)
        assert r.status_code == 400 and "a multiple of 5 from 5 to 20" in r.json()["error"], r.text
    assert client.get("/api/state?game=muggins").json()["state"]["n"] == st["n"]
    r = act(client, st, str(play))
    assert r.status_code == 200, r.text
    ev = r.json()["frames"][0]["event"]
    assert ev["claim"] == play.claim and ev["scored"] == play.claim and ev["penalty"] == 0
    assert f"and claimed {play.claim}: the ends make " in ev["text"] and ev["text"].endswith(f"→ +{play.claim}.")
    assert r.json()["frames"][0]["view"]["scores"][0] == base[0] + play.claim
    # the same position, a wrong claim: taken down, and its points marked to the computer
    st = seat(app, client, "muggins", spot, CLAIMS)
    wrong = play.claim + 5
    r = act(client, st, f"{play.claiming(None)} +{wrong}")
    assert r.status_code == 200, r.text
    frame = r.json()["frames"][0]
    ev = frame["event"]
    assert ev["scored"] == 0 and ev["penalty"] == wrong
    assert f"and claimed {wrong}, but the ends make " in ev["text"]
    assert ev["text"].endswith(f"the claim is taken down and its {wrong} go to the computer.")
    assert frame["view"]["scores"] == [base[0], base[1] + wrong]
    # unclaimed: nothing scored, and nothing said of what it made
    st = seat(app, client, "muggins", spot, CLAIMS)
    r = act(client, st, str(play.claiming(None)))
    ev = r.json()["frames"][0]["event"]
    assert ev["scored"] == 0 and ev["claim"] is None and "→" not in ev["text"] and "make" not in ev["text"]
    # a claim where nothing is claimed is refused with the engine's reason
    fives = find("all_fives", {}, lambda g: any(a.kind == "play" and a.end for a in g.legal_actions()))
    st = seat(app, client, "all_fives", fives, {})
    a = next(a for a in fives.game.legal_actions() if a.kind == "play" and a.end)
    r = act(client, st, f"{a} +5")
    assert r.status_code == 422 and "Nothing is claimed in All Fives" in r.json()["error"]


def unclaimed_by_the_computer(g: GameState, legal: list[Action], rng: random.Random) -> Action:
    """Random play, but the computer's scoring plays go unclaimed and seat 0 never says muggins."""
    legal = [a for a in legal if a.kind != "muggins"]
    if g.current_seat == 1:
        legal = [a for a in legal if a.claim is None]
    return legal[rng.randrange(len(legal))]


def test_muggins_takes_the_points_left_unclaimed(app: Any, client: TestClient) -> None:
    spot = find("muggins", CLAIMS, lambda g: MUGGINS in g.legal_actions(), choose=unclaimed_by_the_computer)
    st = seat(app, client, "muggins", spot, CLAIMS)
    assert "muggins" not in st["view"]["legal"]  # the page is not told that points lie unclaimed
    last = st["last"]
    assert last["claim"] is None and "→" not in last["text"]
    assert spot.game.round is not None
    points = spot.game.round.unclaimed()
    r = act(client, st, "muggins")
    assert r.status_code == 200, r.text
    frames = r.json()["frames"]
    assert len(frames) == 1  # your turn goes on
    ev = frames[0]["event"]
    assert ev["kind"] == "muggins" and ev["scored"] == points
    assert ev["text"] == f"You said muggins: the computer's {points} are yours."
    after = r.json()["state"]
    assert after["view"]["scores"][0] == st["view"]["scores"][0] + points and after["view"]["your_turn"]
    # said again, there is nothing left to take: a clear 422 that changes nothing
    r = act(client, after, "muggins")
    assert r.status_code == 422
    assert r.json()["error"] == "Muggins! takes the points another player left unclaimed: the last move was yours."
    assert client.get("/api/state?game=muggins").json()["state"]["n"] == after["n"]


def test_points_the_last_tile_leaves_unclaimed_are_taken_by_the_next_seat_and_said(app: Any,
                                                                                    client: TestClient) -> None:
    # seed 004: "his adversary says, 'muggins,' and scores it himself"; where that tile ends the round no move follows
    # in which to say it, and the points had been lost
    def last_tile_scores(g: GameState) -> bool:
        assert g.round is not None
        return g.round.hands[0].bit_count() == 1 and scoring_play(g) is not None

    spot = find("muggins", CLAIMS, last_tile_scores)
    play = scoring_play(spot.game)
    assert play is not None and play.claim is not None
    st = seat(app, client, "muggins", spot, CLAIMS)
    r = act(client, st, str(play.claiming(None)))
    assert r.status_code == 200, r.text
    frame = r.json()["frames"][0]
    assert frame["event"]["text"].endswith(f"The computer said muggins: your unclaimed {play.claim} go to the "
                                           "computer."), frame["event"]["text"]
    assert r.json()["state"]["view"]["scores"][1] == st["view"]["scores"][1] + play.claim


def test_one_point_claimed_or_taken_is_told_in_the_singular(app: Any, client: TestClient) -> None:
    # play-testing, a point for each five: "its 1 go to Computer 1", "your unclaimed 1 go to Computer 1"
    per_five = {**CLAIMS, "count": "per_five"}

    def one_to_take(g: GameState) -> bool:
        assert g.round is not None
        return MUGGINS in g.legal_actions() and g.round.unclaimed() == 1

    spot = find("muggins", per_five, one_to_take, choose=unclaimed_by_the_computer)
    st = seat(app, client, "muggins", spot, per_five)
    r = act(client, st, "muggins")
    assert r.status_code == 200, r.text
    assert r.json()["frames"][0]["event"]["text"] == "You said muggins: the computer's 1 is yours."

    def wrong_one(g: GameState) -> Action | None:
        """A tile laid on an end whose play does not make 1."""
        legal = g.legal_actions()
        return next((a for a in legal if a.kind == "play" and a.end and a.claim is None
                     and a.claiming(1) not in legal), None)

    spot = find("muggins", per_five, lambda g: wrong_one(g) is not None)
    st = seat(app, client, "muggins", spot, per_five)
    wrong = wrong_one(spot.game)
    r = act(client, st, f"{wrong} +1")
    assert r.status_code == 200, r.text
    ev = r.json()["frames"][0]["event"]
    assert ev["penalty"] == 1 and ev["text"].endswith("the claim is taken down and its 1 goes to the computer."), ev


def test_muggins_with_nothing_to_take_says_why(app: Any, client: TestClient) -> None:
    def claimed_or_nothing(g: GameState) -> bool:
        assert g.round is not None
        last = g.round.history[-1] if g.round.history else None
        return last is not None and last.seat == 1 and last.action.kind == "play" and MUGGINS not in g.legal_actions()

    spot = find("muggins", CLAIMS, claimed_or_nothing)
    st = seat(app, client, "muggins", spot, CLAIMS)
    r = act(client, st, "muggins")
    assert r.status_code == 422
    assert spot.game.round is not None
    last = spot.game.round.history[-1]
    if last.action.claim is not None:
        assert r.json()["error"] == "The computer claimed the points of that tile: there is nothing to take."
    else:
        assert r.json()["error"] == "The computer's last tile scored nothing: there is nothing to take."
    assert client.get("/api/state?game=muggins").json()["state"]["n"] == st["n"]
    plain = open_game(client, "all_fives")
    r = act(client, plain, "muggins")
    assert r.status_code == 422 and r.json()["error"] == \
        "Nobody says muggins in All Fives: every score counts by itself."


def test_with_claims_the_table_never_passes_for_you(app: Any, client: TestClient) -> None:
    def must_pass(g: GameState) -> bool:
        return [a for a in g.legal_actions() if a.kind != "muggins"] == [Action("pass")]

    spot = find("muggins", CLAIMS, must_pass)
    st = seat(app, client, "muggins", spot, CLAIMS)
    assert st["n"] == len(spot.actions)  # it waits for you: Muggins! may come first
    v = st["view"]
    assert v["must"] == "pass" and v["legal"] == ["pass"] and "press Pass" in v["rule"]
    r = act(client, st, "pass")
    assert r.status_code == 200 and r.json()["frames"][0]["event"]["kind"] == "pass"


def test_the_hint_says_the_claim_and_muggins() -> None:
    from bones.web import computer
    from bones.engine import observe

    assert hint_words(Action.parse("6-4 R +10"), "6-4 on the right: scores 10") == \
        "lay 6-4 on the right end and claim 10: scores 10."
    assert hint_words(Action.parse("muggins"), "the last tile's 10 were not claimed") == \
        "say muggins: the last tile's 10 were not claimed."
    assert hint_words(Action.parse("shut"), "shut the game now and count: the hands favour you") == \
        "shut the game and count: the hands favour you."
    assert hint_words(Action.parse("draw"), "nothing in your hand fits: draw", draws_freely=True) == \
        "draw from the boneyard."
    assert hint_words(Action.parse("6-1 L:6"), None) == "lay 6-1 on the left end, leaving 6 facing out."
    spot = find("muggins", CLAIMS, lambda g: MUGGINS in g.legal_actions(), choose=unclaimed_by_the_computer)
    s = computer.hint(observe(spot.game, 0))
    assert spot.game.round is not None
    assert s.action == MUGGINS and s.reason == f"the last tile's {spot.game.round.unclaimed()} were not claimed"


# ----- shut, draw at will, the cut ------------------------------------------------------------------------


SHUT_OPTIONS = {"shut": True}


def test_shut_the_game_after_the_others_go(app: Any, client: TestClient) -> None:
    spot = find("boys_game", SHUT_OPTIONS, lambda g: SHUT in g.legal_actions())
    st = seat(app, client, "boys_game", spot, SHUT_OPTIONS)
    v = st["view"]
    assert v["may_shut"] and "shut" in v["legal"]
    assert "The computer said “go”: you may shut the game and count (Shut the game), or play on." in v["rule"]
    assert "said “go”" in st["last"]["text"]
    r = act(client, st, "shut")
    assert r.status_code == 200, r.text
    frames = r.json()["frames"]
    assert frames[0]["event"]["text"] == "You shut the game: the hands are counted."
    end = frames[0]["round_end"]
    assert end["round_text"].startswith(f"Round {v['round']}: you shut the game, and the hands are counted.")
    state = r.json()["state"]
    if state["summary"]:
        assert "Shut by you" in [x["how"] for x in state["summary"]["rounds"]]


def test_draw_at_will_beside_plays(app: Any, client: TestClient) -> None:
    for game, options in (("draw_game", {}), ("boys_game", {"draw": "optional"})):
        def free(g: GameState) -> bool:
            kinds = {a.kind for a in g.legal_actions()}
            return "draw" in kinds and "play" in kinds

        spot = find(game, options, free)
        st = seat(app, client, game, spot, options)
        v = st["view"]
        assert v["must"] == "play" and v["may_draw"] and "draw" in v["legal"] and v["draws_freely"]
        assert "you may draw at will (never the last 2)" in v["rule"]
        r = act(client, st, "draw")
        assert r.status_code == 200, r.text
        assert r.json()["frames"][0]["event"]["text"] == "You drew from the boneyard."


def test_a_second_draw_in_a_row_says_so_and_does_not_repeat_the_first_draws_words(app: Any, client: TestClient
                                                                                    ) -> None:
    # play-testing Bergen: a seat drawing until a tile fits was told "had nothing for 3 or 5 and drew from the
    # boneyard." once a tile, the same sentence again and again
    def must_draw_twice(g: GameState) -> bool:
        if [a.kind for a in g.legal_actions()] != ["draw"]:
            return False
        after = g.apply(g.legal_actions()[0])
        return after.current_seat == 0 and [a.kind for a in after.legal_actions()] == ["draw"]

    spot = find("bergen", {}, must_draw_twice)
    st = seat(app, client, "bergen", spot, {})
    r = act(client, st, "draw")
    assert r.status_code == 200, r.text
    first = r.json()["frames"][0]["event"]["text"]
    assert first.startswith("You had nothing for ") and first.endswith(" and drew from the boneyard."), first
    r = act(client, r.json()["state"], "draw")
    assert r.status_code == 200, r.text
    second = r.json()["frames"][0]["event"]["text"]
    assert second.startswith("You still had nothing for ") and second.endswith(
        " and drew again from the boneyard (2 tiles so far)."), second


def test_matadore_says_both_ends_show_one_number_not_the_ends_show_it() -> None:
    from bones.engine import get_rules, observe
    from bones.web.view import build_view

    from tests.kit import deal, play

    # seed 004's Matadore: the 5-5 set lies in line, both its ends show 5; a tile needs a 2 (or a trump) there
    hands = ["5-5 6-5 4-4 3-3 1-1 6-4 6-3", "6-2 5-4 4-2 3-2 2-2 1-0 0-0"]
    g = play(GameState.new(get_rules("matadore"), deals=[deal(hands)]), "5-5")
    v = build_view(observe(g, 1), Names(("The computer", "You")))
    assert v["rule"].startswith("Lay a tile with a half making 7 with an end: both ends show 5, so a 2 fits;"), \
        v["rule"]
    assert v["why_not"]["5-4"] == ("5-4 does not fit: it needs a half that makes 7 with an end, and both ends show 5 "
                                   "(a 2 would fit, or a trump)."), v["why_not"]


@pytest.mark.parametrize("cut", ["hands", "pushed", "drawn"])
def test_the_cut_is_shown_at_the_start(client: TestClient, cut: str) -> None:
    st = settings(client, game="block_game", options={"cut": cut})
    frames = st.json()["frames"]
    state = st.json()["state"]
    assert frames and frames[0]["event"]["kind"] == "deal"
    text = frames[0]["event"]["text"]
    cut_view = frames[0]["view"]["cut"]
    assert cut_view["method"] == cut and cut_view["text"] == text
    setter = "You set first" if cut_view["setter"] == 0 else "The computer sets first"
    assert text.endswith(f"{setter}, any tile.")
    if cut == "hands":
        assert cut_view["tiles"] == [] and text.startswith("The first set is read on the hands dealt")
    else:
        a, b = cut_view["tiles"]
        assert text.startswith("The cut: ") and a in text and b in text
        if cut == "pushed":
            assert f"the computer took {b}, leaving {a} to you: the lighter tile sets." in text
        else:
            assert f"you drew {a}, the computer {b}:" in text
    assert state["view"]["round"] == 1 and state["view"]["cut"] == cut_view


def test_the_cut_words_each_method() -> None:
    from bones.engine import Tile
    from bones.web.words import cut_text

    names = Names(("You", "The computer"))
    t = Tile.parse
    drawn = RULES["block_game"].with_options({"cut": "drawn"})
    assert cut_text(names, drawn, (t("3-1"), t("5-2")), 0) == (
        "The cut: you drew 3-1, the computer 5-2: neither drew a double, so the lighter tile sets. You set first, "
        "any tile.")
    assert cut_text(names, drawn, (t("6-6"), t("2-2")), 1).endswith(
        "the lower double sets. The computer sets first, any tile.")
    assert cut_text(names, drawn, (t("6-5"), t("0-0")), 1) == (
        "The cut: you drew 6-5, the computer 0-0: only one drew a double, and a double sets first. The computer "
        "sets first, any tile.")
    pushed = RULES["draw_game"].with_options({"cut": "pushed"})
    assert cut_text(Names(("Player 1", "Player 2")), pushed, (t("5-2"), t("3-1")), 1) == (
        "The cut: Player 1 pushed two tiles face down and Player 2 took 3-1, leaving 5-2 to Player 1: the lighter "
        "tile sets. Player 2 sets first, any tile.")


# ----- Matadore --------------------------------------------------------------------------------------------


def test_matadore_trumps_across_either_way_round_and_the_sum_of_seven(app: Any, client: TestClient) -> None:
    def two_ways(g: GameState) -> bool:
        assert g.round is not None
        return any(a.out is not None for a in g.legal_actions()) and g.round.tiles_down > 0

    spot = find("matadore", {}, two_ways)
    st = seat(app, client, "matadore", spot, {})
    v = st["view"]
    assert v["across"] == [[6, 1], [5, 2], [4, 3], [0, 0]]  # the trumps lie across; the other doubles do not
    trump = next(a for a in spot.game.legal_actions() if a.out is not None)
    assert trump.tile is not None
    t = str(trump.tile)
    assert sorted(v["faces"][t][trump.end]) == sorted([trump.tile.high, trump.tile.low])
    assert v["fits"][t].count(trump.end) == 1
    assert "half making 7 with an end" in v["rule"]
    assert "the double blank and every tile whose halves make 7" in v["rule"]
    r = act(client, st, f"{t} {trump.end}")
    assert r.status_code == 422 and "say which half faces out" in r.json()["error"]
    r = act(client, st, str(trump))
    assert r.status_code == 200, r.text
    laid = r.json()["frames"][0]["view"]["arms"][trump.end][-1]
    assert laid[1] == trump.out  # [inner, outer]: the half named faces out
    # why a tile does not fit says what the sum of seven asks
    for tile, why in v["why_not"].items():
        assert "makes 7 with an end" in why and "the open ends show" not in why, why
    assert RULES["draw"] and [[p, p] for p in range(6, -1, -1)] == \
        open_game(client, "draw")["view"]["across"]


def test_matadore_trumps_when_stuck_says_why() -> None:
    from bones.engine import observe
    from bones.web.view import build_view

    opts = {"trumps": "when_stuck"}

    def barred(g: GameState) -> bool:
        assert g.round is not None
        hand = g.round.hand(0)
        trumps = [t for t in hand if t.high + t.low == 7 or t.pips == 0]
        return bool(trumps) and g.round.tiles_down > 0 and all(a.tile not in trumps for a in g.legal_actions()
                                                               if a.kind == "play") and any(
            a.kind == "play" for a in g.legal_actions())

    spot = find("matadore", opts, barred)
    v = build_view(observe(spot.game, 0), Names(("You", "The computer")))
    said = [w for w in v["why_not"].values() if "is a trump" in w]
    assert said and all(w.endswith("here a trump may be played only when no other tile fits.") for w in said)
    assert "but only when nothing else fits" in v["rule"]


# ----- the words -------------------------------------------------------------------------------------------


NAMES = Names(("You", "The computer"))


def result(rules: Any, end: str, out: int | None, pips: tuple[int, ...], hands: tuple[tuple[Any, ...], ...] = (),
           doublets: tuple[bool, ...] | None = None) -> RoundResult:
    st = settle(rules, end, out, pips, doublets)
    return RoundResult(st.end, st.winner, st.points, pips, 0, st, hands)


def test_round_and_game_words_for_the_new_games() -> None:
    from bones.engine import Tile

    t = Tile.parse
    block = RULES["block_game"]
    assert round_text(NAMES, result(block, "blocked", None, (17, 24)), block, 1).endswith(
        "the lighter hand scores the heavier hand's excess, 24 − 17 = 7 → +7 for you.")
    own = RULES["boys_game"].with_options({"winner_scores_own": True})
    assert round_text(NAMES, result(own, "blocked", None, (7, 12)), own, 2).endswith(
        "the lighter hand scores the dots in both hands, 12 + 7 = 19 → +19 for you.")
    assert round_text(NAMES, result(own, "blocked", None, (7, 12)), own, 2, shut_by=1).startswith(
        "Round 2: the computer shut the game, and the hands are counted. You hold 7 dots")
    bergen = RULES["bergen"]
    hands = ((t("3-3"), t("1-0")), (t("6-5"), t("4-2")))
    text = round_text(NAMES, result(bergen, "blocked", None, (7, 17), hands, (True, False)), bergen, 3)
    assert text == ("Round 3 is blocked: nobody can lay a tile or draw. You hold 7 dots, the computer 17 (you with a "
                    "double, the computer without a double): the only hand without a double scores 1 → +1 for the "
                    "computer.")
    assert round_text(NAMES, result(bergen, "out", 0, (0, 9)), bergen, 1) == \
        "Round 1: You went out, domino (the computer holds 9 dots) → +1 for you."
    french = RULES["boys_french"]
    assert round_text(NAMES, result(french, "blocked", None, (9, 13)), french, 1).endswith(
        "You hold 9 dots, the computer 13: the fewest dots win the game.")
    assert round_text(NAMES, result(french, "blocked", None, (9, 9)), french, 1).endswith(
        "equal dots, nobody wins; the tiles are dealt again.")
    rounds = [result(french, "blocked", None, (9, 9)), result(french, "out", 1, (8, 0))]
    summary = cast(dict[str, Any], game_summary(NAMES, rounds, (0, 1), 1, 1, french, [None, None]))
    assert summary["text"] == "The computer won the game. 2 rounds were dealt: the first ended in equal dots."
    assert [r["how"] for r in summary["rounds"]] == ["Blocked, equal dots: dealt again", "The computer went out"]
    won = cast(dict[str, Any], game_summary(NAMES, [result(french, "blocked", None, (9, 13))], (1, 0), 0, 1, french,
                                            [None]))
    assert won["text"] == "You won the game." and won["rounds"][0]["how"] == "Blocked, won by you"
    shut = cast(dict[str, Any], game_summary(NAMES, [result(own, "blocked", None, (7, 12))], (19, 0), 0, 50, own, [0]))
    assert shut["rounds"][0]["how"] == "Shut by you"


def test_play_words_for_headers_and_a_double_that_keeps_the_turn() -> None:
    bergen = RULES["bergen"]
    seen: dict[int, str] = {}
    for seed in range(1, 400):
        rng = random.Random(seed)
        g = new_game("bergen", seed)
        while not g.over and g.current_seat is not None and len(seen) < 3:
            legal = g.legal_actions()
            a = legal[rng.randrange(len(legal))]
            after = g.apply(a)
            rnd = after.round_of_action(g.round_index)
            assert rnd is not None
            ev = rnd.history[-1]
            if a.kind == "play" and ev.scored and (ev.scored, ev.before.down == 0) not in [
                    (k % 10, k >= 10) for k in seen]:
                key = ev.scored + (10 if ev.before.down == 0 else 0)
                seen[key] = play_text(NAMES, ev.seat, ev.action.end, str(a.tile), rnd.table, ev.scored,
                                      ev.before.down == 0, bergen)
            g = after
        if len(seen) >= 3:
            break
    assert seen[12].endswith("A double set alone is a double header → +2.")
    assert seen[2].endswith(": a double header → +2.") and ". Both ends show " in seen[2]
    assert seen[3].endswith(", one a double across the line: a triple header → +3.")
    boys = RULES["boys_game"]
    dealt = new_game("boys_game", 1).apply(new_game("boys_game", 1).legal_actions()[0])
    assert dealt.round is not None
    table = dealt.round.table
    assert play_text(NAMES, 1, "L", "4-4", table, 0, False, boys, again=True).endswith(
        "A double keeps the turn: the computer plays again.")
    # a tile laid for the seat that said "go": said so, before a double's own rule, and a player keeps its name
    two = Names(["Player 1", "Player 2"])
    assert play_text(two, 0, "L", "4-4", table, 0, False, boys, again=True, for_seat=1).endswith(
        "Player 2 could not play, so that tile was laid for Player 2: Player 1 plays again, for Player 1's own turn.")
    # play-testing: "… so that tile was laid for you: the computer plays again, for the computer's own turn."
    four = Names(["You", "Computer 1"])
    assert play_text(NAMES, 1, "L", "4-2", table, 0, False, boys, for_seat=0).endswith(
        "You could not play, so that tile was laid for you: the computer plays again, for its own turn.")
    assert play_text(four, 1, "L", "4-2", table, 0, False, boys, for_seat=0).endswith(
        "so that tile was laid for you: Computer 1 plays again, for its own turn.")


def test_a_double_that_keeps_the_turn_is_said_in_the_status(app: Any, client: TestClient) -> None:
    def again(g: GameState) -> bool:
        assert g.round is not None
        h = g.round.history
        return bool(h) and h[-1].seat == 0 and h[-1].action.kind == "play" and lays_double(h[-1].action)

    spot = find("boys_game", {}, again)
    st = seat(app, client, "boys_game", spot, {})
    assert st["view"]["status"] == "Your turn again: your double keeps the turn."
    assert st["last"]["text"].endswith("A double keeps the turn: you play again.")


def test_a_tile_laid_for_a_seat_that_said_go_is_said_in_the_status(app: Any, client: TestClient) -> None:
    # seed 003's second mode: "When your adversary cannot play, you play for him, and for yourself too"
    def for_him(g: GameState) -> bool:
        assert g.round is not None
        h = g.round.history
        return (len(h) > 1 and h[-1].seat == 0 and h[-1].action.kind == "play" and not lays_double(h[-1].action)
                and h[-2].seat == 1 and h[-2].action.kind == "pass"
                and any(a.kind == "play" for a in g.legal_actions()))  # (a lone "pass" is made for the player)

    spot = find("boys_game", {}, for_him)
    st = seat(app, client, "boys_game", spot, {})
    assert st["view"]["status"] == "Your turn again: that tile was laid for the computer, who could not play."
    assert st["last"]["text"].endswith(
        "The computer could not play, so that tile was laid for the computer: you play again, for your own turn.")


def test_playing_on_after_ones_own_tile_is_said_in_the_status() -> None:
    # seed 004, each for himself: "he may go on as long as he can follow suit to either end of the line"
    from bones.engine import observe
    from bones.web.view import build_view

    def on(g: GameState) -> bool:
        assert g.round is not None
        h = g.round.history
        return bool(h) and h[-1].seat == 0 and h[-1].action.kind == "play" and g.current_seat == 0

    four = Names(("You", "Computer 1", "Computer 2", "Computer 3"))
    spot = find("block_play_on", {}, on)
    assert build_view(observe(spot.game, 0), four)["status"] == "Your turn again: you can follow suit, so you play on."
    g = spot.game  # the near seat's lead; play on by the first legal move until Computer 1 plays on
    assert g.round is not None
    while not (g.round.history and g.round.history[-1].seat == 1 and g.current_seat == 1):
        g = g.apply(g.legal_actions()[0])
        assert g.round is not None
    assert build_view(observe(g, 0), four)["status"] == "Computer 1's turn again: it can follow suit, so it plays on."
    two = Names(("Player 1", "Player 2", "Player 3", "Player 4"))
    assert build_view(observe(g, 0), two, two_players=True)["status"].startswith(
        "Player 2's turn again: Player 2 can follow suit, so Player 2 plays on")


def test_between_two_people_the_lid_stays_up_while_the_turn_does(app: Any, client: TestClient) -> None:
    """A double that keeps the turn (and a muggins, and a draw) leaves the mover's tiles face up."""
    def double(g: GameState) -> bool:
        assert g.round is not None
        plays = [a for a in g.legal_actions() if a.kind == "play"]
        return g.round.tiles_down > 0 and len(g.round.hand(0)) > 2 and any(lays_double(a) for a in plays) \
            and any(not lays_double(a) for a in plays)

    spot = find("boys_game", {}, double)
    st = seat(app, client, "boys_game", spot, {}, opponent="two")
    st = client.post("/api/lid", json={"game": "boys_game", "id": st["id"], "n": st["n"]}).json()["state"]
    a = next(a for a in spot.game.legal_actions() if a.kind == "play" and lays_double(a))
    after = act(client, st, str(a)).json()["state"]
    v = after["view"]
    assert v["current_seat"] == 0 and v["lid_open"] and v["hand"] is not None
    assert v["status"] == "Player 1's turn again: the double keeps the turn."
    other = next(a for a in spot.game.legal_actions() if a.kind == "play" and not lays_double(a))
    st = seat(app, client, "boys_game", spot, {}, opponent="two")
    st = client.post("/api/lid", json={"game": "boys_game", "id": st["id"], "n": st["n"]}).json()["state"]
    assert not act(client, st, str(other)).json()["state"]["view"]["lid_open"]  # the turn passed: face down


def test_two_hands_are_the_lighter_and_the_other_not_the_lightest_and_the_others() -> None:
    """All Fives, Muggins, All Threes and Five Up at a table of two: a blocked round and the Rules speak of the
    lighter hand and the other hand (they said "the lightest hand", "equal lightest hands" and "the other hands")."""
    from bones.engine import get_rules
    from bones.web.rules_text import rules_text

    fives = RULES["all_fives"]
    assert round_text(NAMES, result(fives, "blocked", None, (6, 50)), fives, 5).endswith(
        "You hold 6 dots, the computer 50: the lighter hand scores the 50 dots in the other hand, rounded to the "
        "nearest 5 → +50 for you.")
    assert round_text(NAMES, result(fives, "blocked", None, (9, 9)), fives, 5).endswith(
        "the computer 9: equal hands, nobody scores.")
    three = get_rules("muggins", {"players": 3})
    names = Names(("You", "Computer 1", "Computer 2"))
    assert "the lightest hand scores the 21 dots in the other hands" in round_text(
        names, result(three, "blocked", None, (6, 10, 11)), three, 2)
    two = " ".join(line for s in rules_text(get_rules("muggins"))["sections"] for line in s["lines"])
    assert "the other hands" not in two and "lightest" not in two
    assert "In a blocked round the lighter hand scores the dots in the other the same way" in two
    four = " ".join(line for s in rules_text(get_rules("muggins", {"players": 4}))["sections"]
                    for line in s["lines"])
    assert "the other hands" in four and "the lightest hand scores the dots in all the others" in four


def test_the_rules_panel_quotes_go_as_the_table_does(client: TestClient) -> None:
    # play-testing: the Rules panel said 'after a "go" the other plays for both' in straight quotes (summary and
    # lines), beside Settings' and the table's “go”
    from bones.engine import RULES

    for gid, rules in RULES.items():
        text = client.get(f"/api/rules?game={gid}&players={rules.allowed_players[0]}").json()
        words = text["summary"] + " ".join(line for s in text["sections"] for line in s["lines"])
        assert '"' not in words and " said go " not in words, gid
    assert "\u201cgo\u201d" in client.get("/api/rules?game=boys_game").json()["summary"]


def test_the_boys_games_rule_line_quotes_go_alike(client: TestClient) -> None:
    # play-testing: 'after a "go" the other lays a tile for that player …; after a “go” the other may shut the game'
    st = settings(client, game="boys_game", options={"shut": True}).json()["state"]
    said = []
    for _ in range(12):
        if st["view"]["game_over"]:
            break
        r = act(client, st, st["view"]["legal"][0])
        assert r.status_code == 200, r.text
        said += [f["view"]["rule"] for f in r.json()["frames"] if f["view"]["rule"].startswith("The Boy's Game:")]
        st = r.json()["state"]
    assert said
    for rule in said:
        assert "after a \u201cgo\u201d the other lays a tile for that player" in rule and '"' not in rule, rule


def test_sebastopol_is_dealt_with_partners_when_chosen(client: TestClient) -> None:
    # play-testing: Settings took {"partners": true} for Sebastopol (200) but read it back as a table of two would,
    # dropped it, and dealt every game each for himself
    st = settings(client, game="sebastopol", options={"partners": True}).json()["state"]
    assert st["settings"]["options"] == {"sebastopol": {"partners": True}}
    assert st["options"] == {"partners": True} and [v["value"] for v in st["variations"]] == [True]
    assert st["view"]["sides"] == [[0, 2], [1, 3]]
    assert client.get("/api/state?game=sebastopol").json()["state"]["options"] == {"partners": True}
    st = settings(client, options={"partners": False}).json()["state"]
    assert st["options"] == {"partners": False} and st["view"]["sides"] is None


def test_a_tile_refused_where_it_was_put_is_told_in_the_pages_words(app: Any, client: TestClient) -> None:
    # play-testing: "6-4 does not fit end R, which shows 5: the halves must make seven." and "… any open end (L shows
    # 5, R shows 5)": the engine's end letters, where the page says "the right end" and why a tile does not fit
    def one_fits_one_not(g: GameState) -> bool:
        ends = {a.tile: a.end for a in g.legal_actions() if a.kind == "play" and a.end in ("L", "R")}
        fitting = [t for t, e in ends.items() if [a.end for a in g.legal_actions() if a.tile == t] == [e]]
        from bones.engine import observe

        return bool(fitting) and any(t not in ends for t in observe(g, 0).hand)

    spot = find("matadore", {}, one_fits_one_not)
    st = seat(app, client, "matadore", spot, {})
    v = st["view"]
    stuck = next(t for t in v["hand"] if t not in v["fits"])
    for action in (f"{stuck} R", f"{stuck} L", stuck):
        r = act(client, st, action)
        assert r.status_code == 422 and r.json()["error"] == v["why_not"][stuck], r.text
        assert "the ends show" in r.json()["error"] or "both ends show" in r.json()["error"]
    tile, ends = next((t, e) for t, e in v["fits"].items() if e in (["L"], ["R"]))
    other = "R" if ends == ["L"] else "L"
    r = act(client, st, f"{tile} {other}")
    said = {"L": "left end", "R": "right end"}
    assert r.status_code == 422, r.text
    assert r.json()["error"] == f"{tile} does not fit the {said[other]}: it fits the {said[ends[0]]}.", r.text
    assert client.get("/api/state?game=matadore").json()["state"]["n"] == st["n"]


def test_four_handed_block_is_dealt_seven_each_when_chosen(client: TestClient) -> None:
    # issue: "four bones each as the seed says, seven as an option" — the command line had it, Settings did not
    st = settings(client, game="partnership_block").json()["state"]
    sizes = [v for v in st["variations"] if v["key"] == "hand_size"]
    assert sizes and sizes[0]["title"] == "Tiles each" and sizes[0]["value"] == 4
    assert [c["value"] for c in sizes[0]["choices"]] == [4, 7]
    assert st["view"]["hand_count"] == 4
    st = settings(client, options={"hand_size": 7}).json()["state"]
    assert st["settings"]["options"] == {"partnership_block": {"hand_size": 7}}
    assert st["options"]["hand_size"] == 7 and st["view"]["hand_count"] == 7 and len(st["view"]["hand"]) == 7
    rules = client.get("/api/rules?game=partnership_block&options={\"hand_size\":7}").json()
    assert "Played here with: seven each: the whole set is dealt" in rules["summary"]
    # each size keeps its own game: back to four, the four-tile game is on the table again
    st = settings(client, options={"hand_size": 4}).json()["state"]
    assert st["view"]["hand_count"] == 4
    for bad in ("7", 5, True):
        r = settings(client, options={"hand_size": bad})
        assert r.status_code == 400 and "Tiles each" not in r.json()["error"] and "4 or 7" in r.json()["error"]
    # no other game offers it: the standard option stays the command line's
    r = settings(client, game="block", options={"hand_size": 5})
    assert r.status_code == 400 and "has no variation 'hand_size'" in r.json()["error"]
