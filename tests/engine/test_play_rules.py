"""Playing a turn: a tile that fits must be played; drawing and passing in Draw, Block, All Fives and Muggins."""

from __future__ import annotations

import pytest

from bones.engine import IllegalAction

from tests.kit import assert_refused, game, legal, play

ALL_SIX_SUITS = ["draw", "block", "all_fives", "muggins", "draw_dominoes"]

# Seat 0 holds 6-6 (the highest double) and four more sixes; seat 1 holds no six. The boneyard's first twelve
# tiles hold no six either, its last two are 6-1 and 6-0.
SEAT0 = "6-6 6-5 6-4 6-3 6-2 1-1 0-0"
SEAT1 = "5-5 5-4 5-3 4-4 4-3 3-3 2-2"
FIRST_TWELVE = "5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-1 3-0 2-1 2-0 1-0"
DRY = [SEAT0, SEAT1]
DRY_BONEYARD = FIRST_TWELVE + " 6-1 6-0"


@pytest.mark.parametrize("rules_id", ALL_SIX_SUITS)
def test_a_tile_that_fits_must_be_played(rules_id: str) -> None:
    # After 6-6 and 6-5 the ends are 5 and 6; seat 0 holds 6-4, so it may neither draw nor pass.
    g = game(rules_id, ["6-6 6-4 1-0 2-0 3-0 2-1 3-1", "6-5 5-5 5-4 4-4 4-3 3-3 2-2"])
    g = play(g, "6-6", "6-5 L")
    assert g.current_seat == 0
    assert g.round is not None and g.round.ends_by_name() == {"L": 5, "R": 6}
    assert legal(g) == ["6-4 R"]
    assert_refused(g, "draw", "pass", "1-0 L", "1-0 R", "2-1", "6-4 L", "6-4 U", "6-4 D", "5-5 L", "6-6 R")
    g = play(g, "6-4")  # the end may be left out when the tile fits one end only
    assert g.round is not None
    ends = g.round.ends_by_name()
    assert (ends["L"], ends["R"]) == (5, 4)
    # Only All Fives has a spinner: 6-6 now has tiles on both long sides, so U and D open.
    assert set(ends) == ({"L", "R", "U", "D"} if rules_id == "all_fives" else {"L", "R"})


def test_a_refused_draw_names_every_tile_that_fits() -> None:
    """QA: with 9-2 and 9-7 both fitting, "you hold a tile that fits (9-2)" named one, as if it were the only one."""
    g = play(game("draw", ["6-6 6-4 6-1 2-0 3-0 2-1 3-1", "6-5 5-5 5-4 4-4 4-3 3-3 2-2"]), "6-6")
    g = play(g, "6-5 L")
    assert_refused(g, "draw", match=r"you hold tiles that fit \((6-4, 6-1|6-1, 6-4)\), and one must be played")


def test_end_required_when_a_tile_fits_two_ends() -> None:
    # Seat 1 leads 5-5; seat 0's 6-5 then fits both ends, so the end must be named.
    g = play(game("block", ["4-4 6-5 6-4 3-2 2-1 1-1 1-0", "5-5 5-4 5-3 4-3 4-2 3-1 3-0"]), "5-5")
    assert legal(g) == ["6-5 L", "6-5 R"]
    assert_refused(g, "6-5", match="end")
    g = play(g, "6-5 R")
    assert g.round is not None and g.round.ends_by_name() == {"L": 5, "R": 6}
    assert [str(a) for a in g.actions[0]] == ["5-5", "6-5 R"]


def test_draw_draws_until_a_tile_fits_then_it_must_be_played() -> None:
    # Seat 1 holds no six; the boneyard gives 5-2, 5-1, then 6-1.
    g = game("draw", DRY, "5-2 5-1 6-1")
    g = play(g, "6-6")
    assert g.current_seat == 1 and legal(g) == ["draw"]
    g = play(g, "draw")
    assert g.current_seat == 1 and legal(g) == ["draw"]
    g = play(g, "draw")
    assert legal(g) == ["draw"]
    g = play(g, "draw")
    # The drawn 6-1 fits both ends: it is the only tile that can be played, and no more drawing or passing.
    assert g.current_seat == 1
    assert legal(g) == ["6-1 L", "6-1 R"]
    assert_refused(g, "draw", "pass", "5-2 L", "5-5 R")
    assert g.round is not None and g.round.boneyard_count == 11
    assert len(g.round.hand(1)) == 10


@pytest.mark.parametrize("rules_id", ["draw", "muggins"])
def test_last_two_never_drawn_then_pass(rules_id: str) -> None:
    g = game(rules_id, DRY, DRY_BONEYARD)
    g = play(g, "6-6")
    for k in range(12):
        assert legal(g) == ["draw"], k
        g = play(g, "draw")
    assert g.round is not None and g.round.boneyard_count == 2
    # 6-1 and 6-0 would fit, but the last two tiles are never drawn: seat 1 passes.
    assert g.current_seat == 1 and legal(g) == ["pass"]
    assert_refused(g, "draw")
    g = play(g, "pass")
    assert g.current_seat == 0 and g.round is not None
    assert not g.round.over
    assert g.round.boneyard_count == 2
    assert "6-5 L" in legal(g)


def test_block_nobody_draws_a_side_that_cannot_play_passes() -> None:
    g = game("block", DRY, DRY_BONEYARD)
    g = play(g, "6-6")
    assert g.current_seat == 1 and legal(g) == ["pass"]
    assert_refused(g, "draw")
    g = play(g, "pass")
    assert g.current_seat == 0 and g.round is not None and g.round.boneyard_count == 14
    g = play(g, "6-5 L")
    # Seat 1 holds 5-5, 5-4, 5-3 now that a five shows.
    assert legal(g) == ["5-3 L", "5-4 L", "5-5 L"]


def test_all_fives_draws_the_boneyard_empty_then_passes() -> None:
    # Seat 0 holds all seven sixes and leads 6-6; nothing in the boneyard or seat 1 has a six.
    hands = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 4-4 4-3 3-3 2-2"]
    g = game("all_fives", hands, FIRST_TWELVE)
    g = play(g, "6-6")
    for k in range(14):
        assert g.current_seat == 1 and legal(g) == ["draw"], k
        g = play(g, "draw")
    assert g.round is not None and g.round.boneyard_count == 0
    assert legal(g) == ["pass"]
    with pytest.raises(IllegalAction):
        g.apply("draw")
    g = play(g, "pass")
    assert g.current_seat == 0 and g.round is not None and not g.round.over
    assert len(g.round.hand(1)) == 21


def test_draw_dominoes_draws_to_empty_then_passes() -> None:
    hands = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 4-4 4-3 3-3 2-2"]
    g = game("draw_dominoes", hands, FIRST_TWELVE)
    g = play(g, "6-6")
    for _ in range(14):
        g = play(g, "draw")
    assert g.round is not None and g.round.boneyard_count == 0
    assert legal(g) == ["pass"]


def test_nobody_draws_or_passes_before_the_first_tile() -> None:
    g = game("draw", DRY, DRY_BONEYARD)
    assert_refused(g, "draw", "pass", "6-6 L", "6-5", "5-5")


def test_first_tile_lies_high_half_left() -> None:
    g = game("all_fives", DRY)
    g = play(g, "6-5")
    assert g.round is not None and g.round.ends_by_name() == {"L": 6, "R": 5}
    g2 = play(game("all_fives", DRY), "5-6")  # either order parses
    assert g2.round is not None and g2.round.ends_by_name() == {"L": 6, "R": 5}


def test_playing_a_tile_from_the_other_hand_is_illegal() -> None:
    g = play(game("block", DRY), "6-6", "pass")
    # "5-5 L": seat 1's tile, and 5 does not show anyway; "6-1 L": in the boneyard
    assert_refused(g, "5-5 L", "6-1 L")
