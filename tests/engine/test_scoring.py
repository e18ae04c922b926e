"""Scoring: counting the ends in All Fives, going out, blocked rounds, rounding, the end of the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bones.engine import Action, GameState, IllegalAction, RoundState, get_rules, load
from bones.engine.replay import replay_document, summary
from bones.engine.scoring import round_pips

from tests.kit import assert_refused, T, deal, game, pips, play

DATA = Path(__file__).parent / "data"


def scored(g: GameState) -> list[tuple[int, str, int]]:
    assert g.round is not None
    return [(e.seat, str(e.action), e.scored) for e in g.round.history]


def ends(g: GameState) -> dict[str, int]:
    assert g.round is not None
    return g.round.ends_by_name()


def end_sum(g: GameState) -> int | None:
    return summary(g)["end_sum"]


# ---- counting the ends in All Fives -----------------------------------------------------------------------

# Seat 0 holds 6-6 (highest double) and leads any tile.
AF = ["6-6 5-5 5-4 5-1 3-2 2-0 1-0", "6-5 4-4 6-4 3-3 2-1 4-0 3-0"]


@pytest.mark.parametrize("lead,points", [("5-5", 10), ("5-0", 5), ("3-2", 5), ("6-6", 0), ("5-4", 0), ("1-0", 0)])
def test_first_tile_counts_both_halves(lead: str, points: int) -> None:
    hands = ["6-6 5-5 5-0 3-2 5-4 1-0 4-1", "6-5 4-4 6-4 3-3 2-1 4-0 3-0"]
    g = play(game("all_fives", hands), lead)
    t = T(lead)
    assert end_sum(g) == t.pips
    assert g.totals() == (points, 0)
    assert scored(g) == [(0, lead, points)]


def test_lone_double_five_scores_ten_in_muggins_and_all_fives() -> None:
    for rules_id in ("all_fives", "muggins"):
        g = play(game(rules_id, ["5-5 6-5 6-4 3-2 2-1 1-1 1-0", "4-4 5-4 5-3 4-3 4-2 3-1 3-0"]), "5-5")
        assert g.totals() == (10, 0), rules_id
        assert end_sum(g) == 10


def test_seed_position_six_five_five_five_five_four_four_four_five_one() -> None:
    # Seed 002: 6-5 left of an upright 5-5, then 5-4 and 4-4 across the line on its right, 5-1 above it.
    # Ends: the six, the one and the double four (8): 15, scored by the tile just laid.
    g = game("all_fives", ["5-5 5-4 5-1 3-2 2-1 1-1 1-0", "6-5 4-4 6-4 3-3 4-2 4-0 3-0"])
    assert g.current_seat == 0  # 5-5 is the highest double dealt (6-6 lies in the boneyard)
    g = play(g, "5-5")
    assert end_sum(g) == 10
    g = play(g, "6-5 L")
    assert end_sum(g) == 16  # the spinner with a long side open counts as a double at its end
    assert set(ends(g)) == {"L", "R"}
    g = play(g, "5-4 R")
    assert ends(g) == {"L": 6, "R": 4, "U": 5, "D": 5}
    assert end_sum(g) == 10  # U and D count nothing until a tile lies there
    g = play(g, "4-4 R")
    assert end_sum(g) == 14  # the double four at the end counts 8
    g = play(g, "5-1 U")
    assert ends(g) == {"L": 6, "R": 4, "U": 1, "D": 5}
    assert end_sum(g) == 15
    assert scored(g) == [(0, "5-5", 10), (1, "6-5 L", 0), (0, "5-4 R", 10), (1, "4-4 R", 0), (0, "5-1 U", 15)]
    assert g.totals() == (35, 0)


def test_spinner_short_ends_closed_until_both_long_sides_covered() -> None:
    g = play(game("all_fives", AF), "5-5", "6-5 L")
    assert_refused(g, "5-4 U", "5-4 D", "5-1 U")
    assert all(a.end in ("L", "R") for a in g.legal_actions())


def test_spinner_laid_later_in_the_line_opens_after_one_more_tile() -> None:
    # 5-3 leads; 3-3 is the first double (the spinner) against R; a tile on it covers its other long side.
    g = game("all_fives", ["6-6 5-3 6-3 1-0 2-0 2-1 4-0", "3-3 6-5 4-4 5-4 4-2 4-1 3-2"])
    g = play(g, "5-3", "3-3 R")
    assert ends(g) == {"L": 5, "R": 3}
    assert end_sum(g) == 11  # 5 + the spinner across the end (6)
    g = play(g, "6-3 R")
    assert ends(g) == {"L": 5, "R": 6, "U": 3, "D": 3}
    assert end_sum(g) == 11
    g = play(g, "3-2 U")
    assert ends(g) == {"L": 5, "R": 6, "U": 2, "D": 3}
    assert end_sum(g) == 13


def test_only_the_first_double_is_a_spinner() -> None:
    # 3-3 becomes the spinner on R; 6-6 laid on L later is an ordinary double: covering it opens nothing.
    g = game("all_fives", ["6-6 6-3 5-3 1-0 2-0 2-1 4-0", "3-3 6-5 6-2 5-4 4-2 4-1 3-2"])
    g = play(g, "6-3", "3-3 R", "6-6 L")
    assert end_sum(g) == 12 + 6
    g = play(g, "6-5 L")
    assert ends(g) == {"L": 5, "R": 3}
    assert end_sum(g) == 5 + 6  # 3-3 still has a long side open
    assert scored(g)[-1] == (1, "6-5 L", 0)


def test_spinner_first_tile_counts_as_double_at_its_end() -> None:
    # 6-6 leads (12, nothing); 6-3 on L: 3 + the 6-6 across R (12) = 15.
    g = play(game("all_fives", ["6-6 1-0 2-0 2-1 4-0 4-1 4-2", "6-3 5-5 5-4 5-3 5-2 5-1 5-0"]), "6-6", "6-3 L")
    assert end_sum(g) == 15
    assert g.totals() == (0, 15)


def test_draw_and_block_have_no_spinner_and_no_points_during_play() -> None:
    for rules_id in ("draw", "block"):
        g = play(game(rules_id, ["5-5 5-4 5-1 3-2 2-1 1-1 1-0", "6-5 4-4 6-4 3-3 4-2 4-0 3-0"]),
                 "5-5", "6-5 L", "5-4 R")
        assert ends(g) == {"L": 6, "R": 4}
        assert end_sum(g) is None
        assert g.totals() == (0, 0)


def test_muggins_is_a_single_line_and_counts_every_five() -> None:
    # Seed 004: 5-5 set counts 10; 5-0 on it counts 10; 0-0 on that 10 more; then 5-6 on one end and
    # 0-4 on the other: 10 again.
    g = game("muggins", ["5-5 0-0 6-5 1-1 2-1 3-1 3-2", "5-0 4-0 4-4 6-6 6-3 6-2 6-1"], options=None)
    assert g.current_seat == 1  # 6-6 is in seat 1: the highest double sets
    g = game("muggins", ["5-5 0-0 6-5 1-1 2-1 3-1 3-2", "5-0 4-0 4-3 4-2 4-1 6-3 6-2"])
    assert g.current_seat == 0
    g = play(g, "5-5")
    assert g.totals() == (10, 0)
    g = play(g, "5-0 R")
    assert g.totals() == (10, 10)
    g = play(g, "0-0 R")
    assert g.totals() == (20, 10)
    g = play(g, "4-0 R")  # 5-5 (10) + 4 = 14: nothing
    assert g.totals() == (20, 10)
    g = play(g, "6-5 L")  # 6 + 4 = 10
    assert g.totals() == (30, 10)
    assert ends(g) == {"L": 6, "R": 4}  # no spinner: never U or D


# ---- rounding ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pips_in,out", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (11, 10), (12, 10),
                                          (13, 15), (14, 15), (84, 85), (168, 170)])
def test_round_to_nearest_five(pips_in: int, out: int) -> None:
    assert round_pips(pips_in, 5) == out
    assert round_pips(pips_in, 0) == pips_in


@pytest.mark.parametrize("rules_id", ["all_fives", "muggins"])
@pytest.mark.parametrize("loser,left,points", [
    ("6-4 1-0", 11, 10),
    ("6-4 2-0", 12, 10),
    ("6-4 3-0", 13, 15),
    ("6-4 4-0", 14, 15),
    ("1-0 2-1", 4, 5),
    ("1-0 1-1", 3, 5),
    ("1-0 0-0", 1, 0),
])
def test_going_out_scores_other_hand_rounded(rules_id: str, loser: str, left: int, points: int) -> None:
    # Two tiles each (option hand_size 2): seat 0 leads 5-5 (10 during play); seat 1 holds no five, draws
    # 5-2 and plays it; seat 0 goes out with 5-0, which leaves 2 at the ends (nothing).
    g = game(rules_id, ["5-5 5-0", loser], "5-2", options={"hand_size": 2})
    g = play(g, "5-5", "draw", "5-2 L")
    assert g.totals() == (10, 0)
    g = play(g, "5-0 R")
    r = g.results[0]
    assert (r.end, r.winner, r.pips_left) == ("out", 0, (0, left))
    assert r.points == (10 + points, 0)
    assert g.scores == (10 + points, 0)


@pytest.mark.parametrize("rules_id", ["draw", "block", "draw_dominoes"])
def test_going_out_scores_other_hand_unrounded(rules_id: str) -> None:
    g = game(rules_id, ["6-6 6-0", "6-5 5-5"], options={"hand_size": 2})
    g = play(g, "6-6", "6-5 L", "6-0 R")
    r = g.results[0]
    assert (r.end, r.winner, r.points, r.pips_left) == ("out", 0, (10, 0), (0, 10))
    assert g.scores == (10, 0)


# ---- blocked rounds ---------------------------------------------------------------------------------------

# Block: seat 0 leads 6-6 and nobody else holds a six (the other sixes sit out in the boneyard): blocked at once.
LIGHT6 = "0-0 1-0 1-1 2-0 2-1 3-0"           # 11 pips
HEAVY6 = "5-5 5-4 5-3 4-4 5-2 4-3"           # 49
LIGHT7 = LIGHT6 + " 2-2"                     # 15
HEAVY7 = HEAVY6 + " 5-1"                     # 55


def test_block_blocked_lighter_hand_scores_difference() -> None:
    assert (pips(LIGHT6), pips(HEAVY7), pips(HEAVY6), pips(LIGHT7)) == (11, 55, 49, 15)
    g = play(game("block", ["6-6 " + LIGHT6, HEAVY7]), "6-6")
    r = g.results[0]
    assert (r.end, r.winner, r.points, r.pips_left) == ("blocked", 0, (44, 0), (11, 55))
    g = play(game("block", ["6-6 " + HEAVY6, LIGHT7]), "6-6")
    r = g.results[0]
    assert (r.end, r.winner, r.points, r.pips_left) == ("blocked", 1, (0, 34), (49, 15))


def test_block_blocked_equal_hands_score_nothing() -> None:
    a, b = "5-5 1-0 2-0 3-0 4-0 5-0", "0-0 1-1 2-1 2-2 3-2 4-1 4-2"
    assert pips(a) == pips(b) == 25
    g = play(game("block", ["6-6 " + a, b]), "6-6")
    r = g.results[0]
    assert (r.end, r.winner, r.points) == ("blocked", None, (0, 0))
    assert g.scores == (0, 0)


def test_draw_blocked_when_the_last_two_are_out_of_reach() -> None:
    # The round is blocked while 6-5 and 6-4, which would fit, lie in a boneyard of two.
    rules = get_rules("draw")
    s = RoundState.start(rules, [list(map(T, ["6-6", "1-0"])), list(map(T, ["2-1", "3-1"]))],
                         [T("6-5"), T("6-4")], 0, T("6-6"))
    s = s.apply(Action.parse("6-6"))
    assert s.over and s.end == "blocked"
    assert s.round_points() == (6, 0)


def _fixture(name: str) -> dict:
    return json.loads((DATA / name).read_text())


@pytest.mark.parametrize("name,pips_left,points", [
    ("draw_blocked.json", [19, 74], [55, 0]),
    ("draw_blocked_equal.json", [24, 24], [0, 0]),
])
def test_draw_blocked_rounds_from_real_play(name: str, pips_left: list[int], points: list[int]) -> None:
    doc = _fixture(name)
    out = replay_document(doc, trace=True)
    r0 = out["rounds"][0]
    assert r0 == {"end": "blocked", "winner": 0 if points[0] else None, "points": points, "pips_left": pips_left}
    last = [t for t in out["trace"] if t["round"] == 0][-1]
    assert last["action"] == "draw"  # the round ended right after a draw left two tiles
    g = load(doc)
    assert g.deals[0] is not None and len(doc["rounds"][0]["actions"]) == len(g.actions[0])
    drawn = sum(1 for a in doc["rounds"][0]["actions"] if a == "draw")
    assert drawn == 12
    # Draw: the side that did not lead round 1 leads round 2, with any tile.
    assert out["to_move"] == 1 and len(out["legal"]) == 7


def test_all_fives_blocked_lighter_hand_scores_heavier_hand_rounded() -> None:
    doc = _fixture("all_fives_blocked.json")
    out = replay_document(doc, trace=True)
    during = sum(t["scored"] for t in out["trace"] if t["round"] == 0 and t["seat"] == 0)
    assert during == 15
    assert out["rounds"][0] == {"end": "blocked", "winner": 0, "points": [15 + 85, 0], "pips_left": [18, 84]}
    assert sum(1 for a in doc["rounds"][0]["actions"] if a == "draw") == 14  # the boneyard was emptied
    # After a blocked round the highest double decides again: seat 1 holds 6-6 and leads with any tile,
    # though seat 1 led the blocked round and seat 0 won it.
    assert "6-6" in doc["rounds"][1]["hands"][1]
    assert out["to_move"] == 1
    assert out["legal"] == sorted(doc["rounds"][1]["hands"][1])


def test_all_fives_blocked_equal_hands_score_nothing_at_the_end() -> None:
    out = replay_document(_fixture("all_fives_blocked_equal.json"), trace=True)
    during = [sum(t["scored"] for t in out["trace"] if t["round"] == 0 and t["seat"] == s) for s in (0, 1)]
    assert out["rounds"][0] == {"end": "blocked", "winner": None, "points": during, "pips_left": [44, 44]}


# ---- seed 001: the lowest hand takes the others minus its own ---------------------------------------------

def _blocked_four(hands: list[str]) -> RoundState:
    """Draw Dominoes for four, boneyard empty: seat 0 leads 6-6 and nobody holds another six."""
    rules = get_rules("draw_dominoes", {"players": 4})
    s = RoundState.start(rules, [[T(t) for t in h.split()] for h in hands], [], 0, T("6-6"))
    return s.apply(Action.parse("6-6"))


def test_seed_001_lowest_hand_wins_the_others_minus_its_own() -> None:
    s = _blocked_four(["6-6 2-0", "2-1", "3-2", "4-4"])  # 2, 3, 5, 8 left
    assert s.over and s.end == "blocked"
    assert s.pips_left() == (2, 3, 5, 8)
    assert s.round_points() == (14, 0, 0, 0)
    assert s.winner == 0


def test_seed_001_tied_lowest_hands_all_win() -> None:
    s = _blocked_four(["6-6 2-1", "3-0", "4-3", "4-4"])  # 3, 3, 7, 8 left
    assert s.pips_left() == (3, 3, 7, 8)
    assert s.round_points() == (12, 12, 0, 0)


# ---- the end of the game ----------------------------------------------------------------------------------

def test_block_game_to_100_ends_after_the_round_that_reaches_it() -> None:
    # Three rounds, each blocked at once after the leader's 6-6; seat 1 takes 34, 44, 34.
    r1 = deal(["6-6 " + HEAVY6, LIGHT7])          # seat 0 leads (6-6), seat 1 lighter: +34
    r2 = deal([HEAVY7, "6-6 " + LIGHT6])          # seat 1 leads (alternate), lighter: +44
    r3 = deal(["6-6 " + HEAVY6, LIGHT7])          # seat 0 leads: +34
    g = game("block", ["6-6 " + HEAVY6, LIGHT7], more_deals=[r2, r3, r1])
    g = play(g, "6-6")
    assert g.scores == (0, 34) and not g.over
    assert g.current_seat == 1
    g = play(g, "6-6")
    assert g.scores == (0, 78) and not g.over
    g = play(g, "6-6")
    assert g.scores == (0, 112)
    assert g.over and g.winner == 1
    assert g.legal_actions() == [] and g.current_seat is None
    out = summary(g)
    assert out["finished"] is True and out["winner"] == 1 and out["to_move"] is None and out["legal"] == []
    assert len(out["rounds"]) == 3  # no fourth round was started, though a deal was there
    with pytest.raises(IllegalAction):
        g.apply("6-6")


def test_draw_game_over_only_at_round_end_with_low_target() -> None:
    g = game("draw", ["6-6 6-0", "6-5 5-5"], options={"hand_size": 2, "target": 10},
             more_deals=[deal(["6-6 6-0", "6-5 5-5"])])
    g = play(g, "6-6", "6-5 L")
    assert not g.over
    g = play(g, "6-0 R")
    assert g.over and g.winner == 0 and g.scores == (10, 0)
    assert summary(g)["rounds"][0]["end"] == "out"


def test_all_fives_ends_at_once_mid_round_on_reaching_target() -> None:
    # The spec's example with a target of 20: 5-5 makes 10, 5-4 R makes 20 with tiles still held.
    g = game("all_fives", ["6-6 5-5 5-4 5-1 3-2 2-0 1-0", "6-5 4-4 6-4 3-3 2-1 4-0 3-0"],
             "1-1 2-2 3-1 4-1 4-2 4-3 5-0 5-2 5-3 6-0 6-1 6-2 6-3 0-0", options={"target": 20})
    g = play(g, "5-5", "6-5 L")
    assert not g.over
    g = play(g, "5-4 R")
    assert g.over and g.winner == 0
    out = summary(g)
    assert out["rounds"] == [{"end": "target", "winner": 0, "points": [20, 0], "pips_left": [26, 34]}]
    assert out["scores"] == [20, 0] and out["finished"] is True and out["to_move"] is None and out["legal"] == []
    assert out["ends"] == {"L": 6, "R": 4, "U": 5, "D": 5}
    with pytest.raises(IllegalAction):
        g.apply("6-4 L")


def test_all_fives_reaching_target_by_going_out_is_an_out_round() -> None:
    g = game("all_fives", ["5-5 5-0", "6-5 5-1"], options={"hand_size": 2, "target": 20})
    g = play(g, "5-5", "5-1 L")
    assert not g.over and g.totals() == (10, 0)
    g = play(g, "5-0 R")
    assert g.over and g.winner == 0 and g.scores == (20, 0)
    assert summary(g)["rounds"][0]["end"] == "out"


def test_all_fives_default_target_is_250_and_scores_below_do_not_end() -> None:
    assert get_rules("all_fives").target == 250
    assert get_rules("draw").target == get_rules("block").target == get_rules("muggins").target == 100
    g = play(game("all_fives", AF), "5-5")
    assert not g.over


def test_draw_dominoes_four_players_tied_lowest_hands_both_win_and_tie_the_game() -> None:
    # A real four-player round, blocked with 8, 18, 40 and 8 pips left (target 1, so it ends the game):
    # both 8s take 18 + 40 - 8 = 50, and with equal top scores nobody wins the game.
    out = replay_document(_fixture("draw_dominoes_tie.json"))
    assert out["rounds"] == [{"end": "blocked", "winner": None, "points": [50, 0, 0, 50], "pips_left": [8, 18, 40, 8],
                              "won_by": [0, 3]}]
    assert out["scores"] == [50, 0, 0, 50]
    assert out["finished"] is True and out["winner"] is None
    assert out["to_move"] is None and out["legal"] == []


def test_a_sum_of_zero_scores_nothing() -> None:
    # All Fives: seat 0 (holding 6-6) leads 0-0 by choice: the sum is 0, which scores nothing.
    g = play(game("all_fives", ["6-6 0-0 1-0 2-1 3-1 4-1 6-1", "5-0 5-5 5-4 5-3 5-2 4-4 4-3"]), "0-0")
    assert end_sum(g) == 0 and g.totals() == (0, 0)
    assert scored(g) == [(0, "0-0", 0)]
    g = play(g, "5-0 L")  # 5 + 0-0 across R (spinner, 0) = 5
    assert end_sum(g) == 5 and g.totals() == (0, 5)
