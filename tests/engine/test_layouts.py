"""Every layout, fit and turn the engine knows, in positions dealt by hand: Five Up's spinners, All Threes' count,
Matadore's sevens and trumps, Sebastopol's cross, Honest John's star, and a double that plays again."""

from __future__ import annotations

import pytest

from bones.engine import Action, GameState, Tile, observe
from bones.engine.layout import EMPTY, FROZEN, SPINNER, Layout, end_words, layout_of
from bones.engine.rules import Fit, LayoutKind, get_rules
from bones.engine.scoring import round_pips

from tests.kit import CROSS, DOUBLE_AGAIN, SEVENS, assert_refused, deal, game, legal, play


def ends(g: GameState) -> dict[str, int]:
    assert g.round is not None
    return g.round.ends_by_name()


# ----- Five Up: every double is a spinner ----------------------------------------------------------------------

FIVE_UP_HANDS = ["6-6 6-3 3-3 5-3 5-5", "6-1 6-2 1-0 4-2 2-2"]


def test_five_up_every_double_opens_two_ends_of_its_own() -> None:
    g = game("five_up", FIVE_UP_HANDS)
    g = play(g, "6-6", "6-1 L", "6-3 R")
    # the first spinner's long sides are covered: its short ends U and D open, counting nothing yet
    assert ends(g) == {"L": 1, "R": 3, "U": 6, "D": 6}
    assert g.round is not None and g.round.end_sum() == 4
    g = play(g, "6-2 U", "3-3 R", "2-2 U")
    # 3-3 and 2-2 are spinners too, each laid at an end: one long side already touches the line
    assert g.round is not None
    flags = {e.name: (e.spinner, e.empty) for e in observe(g, 0).end_list}
    assert flags["R"] == (True, False) and flags["U"] == (True, False) and flags["D"] == (False, True)
    assert g.round.end_sum() == 1 + 6 + 4  # the doubles count both halves at the ends
    g = play(g, "5-3 R")
    # a tile against the 3-3's outer long side opens its short ends U3 and D3
    assert ends(g) == {"L": 1, "R": 5, "U": 2, "D": 6, "U3": 3, "D3": 3}
    assert g.round is not None and g.round.history[-1].scored == 10 and g.totals() == (10, 0)
    assert legal(g) == ["1-0 L", "4-2 U"]
    g = play(g, "4-2 U")
    assert ends(g) == {"L": 1, "R": 5, "U": 4, "D": 6, "U3": 3, "D3": 3, "U2": 2, "D2": 2}
    assert g.round is not None and g.round.end_sum() == 10 and g.totals() == (10, 10)
    assert "5-5 R" in legal(g) and all(a.split()[1] in ("R",) for a in legal(g))
    obs = observe(g, 0)
    assert obs.arms["U3"].root_arm == "R" and obs.arms["U3"].root_index == 1  # the 3-3 lies second on the right
    assert obs.arms["U2"].root_arm == "U" and obs.arms["U2"].root_index == 1
    assert end_words("U3") == "top end of the 3-3" and end_words("D2") == "bottom end of the 2-2"


def test_five_up_end_names_read_back_and_wrong_ends_are_refused() -> None:
    g = play(game("five_up", FIVE_UP_HANDS), "6-6", "6-1 L", "6-3 R", "6-2 U", "3-3 R", "2-2 U", "5-3 R")
    assert Action.parse("4-2 u3") == Action.play(Tile.parse("4-2"), "U3")
    assert_refused(g, "4-2 U3", match="does not fit end U3, which shows 3")
    assert_refused(g, "4-2 U5", match="end U5 is not open")
    assert_refused(g, "4-2 S1", match="there is no end S1|end S1 is not open")


# ----- All Threes: multiples of three -------------------------------------------------------------------------

def test_all_threes_scores_multiples_of_three_and_rounds_to_threes() -> None:
    rules = get_rules("all_threes")
    assert (rules.end_multiple, rules.rounding) == (3, 3)
    g = game("all_threes", ["6-3 6-6 2-0 1-1 5-5 4-4 3-3", "6-1 5-0 4-0 3-1 2-1 2-2 1-0"])
    g = play(g, "6-6")  # the highest double sets: 12 is a multiple of three
    assert g.totals() == (12, 0)
    g = play(g, "6-1 L")  # 1 + 12 = 13
    assert g.totals() == (12, 0)
    g = play(g, "6-3 R")  # 1 + 3 = 4
    assert g.totals() == (12, 0)
    g = play(g, "3-1 R")  # 1 + 1 = 2
    g = play(g, "1-1 R")  # 1 + 2 = 3
    assert g.totals() == (15, 0)
    # the going-out count to the nearest three: 1 rounds down, 2 rounds up
    assert [round_pips(p, 3) for p in (12, 13, 14, 15, 1, 2)] == [12, 12, 15, 15, 0, 3]


# ----- Matadore's fit: an end and the half laid to it make seven ---------------------------------------------

SEVENS_HANDS = [["6-6", "3-3", "6-1", "5-4", "2-2", "1-0", "3-0"], ["1-1", "4-3", "2-1", "6-5", "4-4", "5-0", "4-0"]]


def sevens_game() -> GameState:
    d = deal(SEVENS_HANDS)
    return GameState.new(SEVENS, deals=[d])


def test_sevens_an_end_takes_its_complement_and_trumps_go_anywhere_either_way_round() -> None:
    g = play(sevens_game(), "6-6")
    # a 6 takes a 1; the trump 4-3 goes on either end with either half out, and must say which
    assert legal(g) == ["1-1 L", "1-1 R", "2-1 L", "2-1 R", "4-3 L:3", "4-3 L:4", "4-3 R:3", "4-3 R:4"]
    assert_refused(g, "4-3 L", match="either way round on L: say which half faces out")
    assert_refused(g, "6-5 L", match="must make seven")
    g = play(g, "4-3 L:4")
    assert ends(g) == {"L": 4, "R": 6}
    assert g.round is not None and [str(e.action) for e in g.round.history] == ["6-6", "4-3 L:4"]


def test_sevens_a_double_counts_for_its_own_suit_only() -> None:
    # "a double three cannot be played to an ace": an end showing 1 needs a 6, and 3-3 counts as three only
    g = play(sevens_game(), "6-6", "1-1 L")
    assert ends(g) == {"L": 1, "R": 6}
    assert not [a for a in legal(g) if a.startswith("3-3")]
    assert_refused(g, "3-3 L", match="does not fit end L, which shows 1")
    # against a four it makes seven, and leaves three out
    g = play(sevens_game(), "6-6", "4-3 L:4")
    assert "3-3 L" in legal(g)
    assert ends(play(g, "3-3 L")) == {"L": 3, "R": 6}


def test_sevens_the_next_seat_answers_the_half_a_trump_leaves_out() -> None:
    g = play(sevens_game(), "6-6", "4-3 R:3")
    # R shows 3: seat 0 answers with a 4 there (5-4, leaving 5 out) or a 1 on L, or its trump 6-1
    assert legal(g) == ["1-0 L", "5-4 R", "6-1 L:1", "6-1 L:6", "6-1 R:1", "6-1 R:6"]
    g = play(g, "5-4 R")
    assert ends(g) == {"L": 6, "R": 5}
    assert legal(g) == ["1-1 L", "2-1 L", "2-1 R"]  # a 1 against the 6, or a 2 against the 5
    with pytest.raises(ValueError, match="must make seven"):
        observe(g, 1).after(Action.parse("5-0 R"))


# ----- Sebastopol's cross ------------------------------------------------------------------------------------

CROSS_HANDS = ["6-6 6-5 5-5 4-4 3-3 2-2 1-1", "6-4 5-4 5-3 4-3 4-2 3-2 1-0",
               "6-3 5-2 4-1 3-1 2-1 2-0 0-0", "6-2 6-1 6-0 5-1 5-0 4-0 3-0"]


def test_the_cross_takes_only_sixes_until_all_four_arms_are_started() -> None:
    g = GameState.new(CROSS, deals=[deal(CROSS_HANDS)])
    assert g.current_seat == 0 and legal(g) == ["6-6"]
    g = play(g, "6-6")
    assert ends(g) == {"L": 6, "R": 6, "U": 6, "D": 6}
    assert legal(g) == ["6-4 D", "6-4 L", "6-4 R", "6-4 U"]
    g = play(g, "6-4 L", "6-3 R")
    # seat 3 may not follow the 4 or the 3 yet: only the sixes on the first double's open sides
    assert legal(g) == ["6-0 D", "6-0 U", "6-1 D", "6-1 U", "6-2 D", "6-2 U"]
    assert_refused(g, "4-0 L", match="waits until a tile lies on every side of the first double")
    g = play(g, "6-2 U", "6-5 D")
    # every arm is started: any of the four ends now
    assert ends(g) == {"L": 4, "R": 3, "U": 2, "D": 5}
    assert not any(e.frozen for e in observe(g, 1).end_list)
    assert legal(g) == ["3-2 R", "3-2 U", "4-2 L", "4-2 U", "4-3 L", "4-3 R", "5-3 D", "5-3 R", "5-4 D", "5-4 L"]


# ----- Honest John's star ------------------------------------------------------------------------------------

def test_the_star_gives_each_seat_its_own_line_which_can_close() -> None:
    star = Layout(LayoutKind.STAR, Fit.MATCH, 9, 4)
    assert star.names == ("S0", "S1", "S2", "S3") and star.owners == (0, 1, 2, 3)
    nine = Tile.parse("9-9")
    table = star.lead(star.empty, nine.id)
    assert star.ends_by_name(table) == {"S0": 9, "S1": 9, "S2": 9, "S3": 9}
    assert star.playable_slots(table, 2) == [2]
    tile = Tile.parse("9-5")
    with pytest.raises(ValueError, match="end S0 is another seat's line"):
        star.outer(table, 0, tile, None, 2)
    after = star.lay(table, 2, tile.id, star.outer(table, 2, tile, None, 2))
    assert star.ends_by_name(after)["S2"] == 5 and after.down == 2
    closed = star.close(after, 1)
    assert "S1" not in star.ends_by_name(closed) and closed.closed == 0b10
    assert star.fit_for(closed, 1) == 0 and star.fit_for(closed, 2) == star.pip_masks[5]
    assert end_words("S2") == "line of seat 2"


# ----- a seat that lays a double plays again -----------------------------------------------------------------

def test_a_double_keeps_the_turn_where_the_rules_say_so() -> None:
    hands = ["6-6 6-5 5-5 4-0 3-0 2-0 1-0", "6-4 5-4 4-4 3-3 2-2 1-1 0-0"]
    g = GameState.new(DOUBLE_AGAIN, deals=[deal(hands)])
    g = play(g, "6-6")
    assert g.current_seat == 0  # the double keeps the turn
    g = play(g, "6-5 L")
    assert g.current_seat == 1
    g = play(g, "6-4 R")
    assert g.current_seat == 0
    g = play(g, "5-5 L")
    assert g.current_seat == 0  # and again
    g = play(g, "4-0 R")
    assert g.current_seat == 1


def test_the_layouts_of_the_registry() -> None:
    kinds = {rid: layout_of(get_rules(rid)).kind for rid in ("draw", "all_fives", "five_up")}
    assert kinds == {"draw": LayoutKind.LINE, "all_fives": LayoutKind.FIRST_SPINNER,
                     "five_up": LayoutKind.EVERY_SPINNER}
    assert layout_of(get_rules("draw")).names == ("L", "R")
    assert layout_of(get_rules("all_fives")).names == ("L", "R", "U", "D")
    assert layout_of(get_rules("five_up")).names[:6] == ("L", "R", "U", "D", "U0", "D0")
    assert (SPINNER, FROZEN, EMPTY) == (1, 2, 4)
