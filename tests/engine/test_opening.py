"""Who leads: the first round (highest double, heaviest tile) and later rounds (alternate, winner, opening again)."""

from __future__ import annotations

from typing import Any

import pytest

from bones.engine import IllegalAction, RecordError, load

from tests.kit import assert_refused, deal, game, legal, play

# Seat 1 holds 5-5, the highest double dealt (6-6 lies in the boneyard); seat 0 holds 4-4 and 1-1.
HIGHEST_DOUBLE_IN_SEAT_1 = [
    "4-4 6-5 6-4 3-2 2-1 1-1 1-0",
    "5-5 5-4 5-3 4-3 4-2 3-1 3-0",
]
# No double in either hand; 6-5 and 6-4 are in the boneyard, so the heaviest tiles dealt are 6-3 (seat 1)
# and 5-4 (seat 0), both 9 pips: 6-3 has the higher half.
NO_DOUBLE = [
    "5-4 6-2 5-3 4-3 2-1 3-0 1-0",
    "6-1 6-0 5-2 5-1 4-2 4-1 6-3",
]


@pytest.mark.parametrize("rules_id", ["draw", "block"])
def test_highest_double_leads_and_must_be_laid(rules_id: str) -> None:
    g = game(rules_id, HIGHEST_DOUBLE_IN_SEAT_1)
    assert g.current_seat == 1
    assert legal(g) == ["5-5"]
    assert_refused(g, "5-4", "3-0", "4-4", "draw", "pass")
    # a tile written with an end is told what the round opens with, not to leave the end out and try again
    assert_refused(g, "5-4 L", match="must open with 5-5")
    assert_refused(g, "5-5 L", match="has no end")
    g = play(g, "5-5")
    assert g.round is not None and g.round.ends_by_name() == {"L": 5, "R": 5}
    assert g.current_seat == 0


def test_all_fives_highest_double_leads_with_any_tile() -> None:
    g = game("all_fives", HIGHEST_DOUBLE_IN_SEAT_1)
    assert g.current_seat == 1
    assert legal(g) == sorted(["5-5", "5-4", "5-3", "4-3", "4-2", "3-1", "3-0"])
    g = play(g, "3-0")
    assert g.round is not None and g.round.ends_by_name() == {"L": 3, "R": 0}


@pytest.mark.parametrize("rules_id", ["draw", "block"])
def test_no_double_heaviest_tile_leads_tie_broken_by_higher_half(rules_id: str) -> None:
    g = game(rules_id, NO_DOUBLE)
    assert g.current_seat == 1
    assert legal(g) == ["6-3"]
    with pytest.raises(IllegalAction):
        g.apply("6-1")


def test_no_double_heaviest_tile_tie_the_other_way_round() -> None:
    # The same hands with the seats swapped: now seat 0 holds 6-3 and leads.
    g = game("block", NO_DOUBLE[::-1])
    assert g.current_seat == 0
    assert legal(g) == ["6-3"]


def test_all_fives_no_double_heaviest_tile_holder_leads_any_tile() -> None:
    g = game("all_fives", NO_DOUBLE)
    assert g.current_seat == 1
    assert len(legal(g)) == 7


def test_muggins_highest_double_sets() -> None:
    g = game("muggins", HIGHEST_DOUBLE_IN_SEAT_1)
    assert g.current_seat == 1
    assert legal(g) == ["5-5"]


def test_draw_dominoes_highest_tile_option() -> None:
    # Seat 0 holds the highest double (5-5, ten pips); seat 1 the heaviest tile (6-5, eleven).
    hands = ["5-5 4-3 3-2 2-1 1-0 2-0 3-0", "6-5 4-2 3-1 4-1 5-0 4-0 6-0"]
    assert game("draw_dominoes", hands).current_seat == 0
    assert legal(game("draw_dominoes", hands)) == ["5-5"]
    g = game("draw_dominoes", hands, options={"opening": "highest_tile"})
    assert g.current_seat == 1
    assert "6-5" in legal(g)


def test_draw_dominoes_no_double_means_a_new_deal() -> None:
    record: dict[str, Any] = {
        "format": "bones-record/1", "rules": "draw_dominoes",
        "rounds": [{"hands": [list(NO_DOUBLE[0].split()), list(NO_DOUBLE[1].split())],
                    "boneyard": [str(t) for t in deal(NO_DOUBLE).boneyard], "actions": []}],
    }
    with pytest.raises(RecordError) as err:
        load(record)
    assert err.value.round == 0 and err.value.index is None
    # ... but the same hands are fine under the highest-tile opening.
    record["options"] = {"opening": "highest_tile"}
    assert load(record).current_seat == 1


# ---- later rounds -----------------------------------------------------------------------------------------

# Two tiles each (option hand_size 2): seat 0 leads 6-6, seat 1 answers 6-5, seat 0 goes out with 6-0.
QUICK_OUT = ["6-6 6-0", "6-5 5-5"]
# The next deal: seat 0 holds the highest double again.
NEXT = deal(["6-6 1-0", "5-5 2-1"])


@pytest.mark.parametrize("rules_id", ["draw", "block"])
def test_later_rounds_alternate_leader_any_tile(rules_id: str) -> None:
    g = game(rules_id, QUICK_OUT, options={"hand_size": 2}, more_deals=[NEXT, NEXT])
    g = play(g, "6-6", "6-5 L", "6-0 R")
    assert g.results[0].end == "out" and g.results[0].winner == 0
    # Round 2: seat 1 did not lead round 1, so it leads, with any tile (seat 0 holds 6-6).
    assert g.current_seat == 1
    assert legal(g) == ["2-1", "5-5"]
    g = play(g, "2-1")
    assert g.current_seat == 0


def test_alternate_leader_again_in_round_three() -> None:
    # Block, hands of one tile: the leader goes out at once each round.
    one = deal(["6-6", "5-5"])
    g = game("block", ["6-6", "5-5"], options={"hand_size": 1}, more_deals=[one, one])
    assert g.current_seat == 0
    g = play(g, "6-6")
    assert g.current_seat == 1 and legal(g) == ["5-5"]
    g = play(g, "5-5")
    assert g.current_seat == 0 and legal(g) == ["6-6"]


def test_all_fives_winner_leads_next_round() -> None:
    other = deal(["1-0 2-1", "6-6 5-5"])  # seat 1 holds the highest double in round 2
    g = game("all_fives", QUICK_OUT, options={"hand_size": 2}, more_deals=[other])
    g = play(g, "6-6", "6-5 L", "6-0 R")
    assert g.results[0].winner == 0
    assert g.current_seat == 0  # the side that went out leads, not the holder of 6-6
    assert legal(g) == ["1-0", "2-1"]
