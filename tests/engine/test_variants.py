"""Draw Dominoes (seed 001) and Muggins (seed 004): players, hand sizes, options, scoring."""

from __future__ import annotations

import pytest

from bones.engine import game_to_record, Action, RoundState, RulesError, get_rules, new_game
from bones.engine.deal import opening_lead

from tests.kit import T, game, legal, play


def test_hand_sizes_by_players() -> None:
    assert get_rules("draw_dominoes").hand_size == 7
    assert get_rules("draw_dominoes", {"players": 2}).hand_size == 7
    assert get_rules("draw_dominoes", {"players": 3}).hand_size == 5
    assert get_rules("draw_dominoes", {"players": 4}).hand_size == 5
    assert get_rules("draw_dominoes", {"players": 3, "hand_size": 6}).hand_size == 6
    assert get_rules("muggins", {"players": 3}).hand_size == 7
    assert get_rules("muggins", {"players": 4}).hand_size == 5


@pytest.mark.parametrize("rules_id,options", [
    ("draw", {"players": 3}), ("block", {"players": 4}), ("all_fives", {"players": 3}),
    ("draw_dominoes", {"players": 9}), ("draw_dominoes", {"players": 1}), ("muggins", {"players": 5}),
    ("draw", {"colour": "red"}), ("draw", {"target": 0}), ("draw", {"target": "100"}), ("draw", {"target": True}),
    ("draw", {"set": 7}), ("draw", {"hand_size": 0}), ("draw", {"hand_size": 15}),
    ("draw", {"opening": "highest_tile"}), ("draw_dominoes", {"opening": "lowest_tile"}),
    ("draw_dominoes", {"players": 4, "hand_size": 8}),
])
def test_bad_options_are_refused(rules_id: str, options: dict) -> None:
    with pytest.raises(RulesError):
        get_rules(rules_id, options)


@pytest.mark.parametrize("rules_id,players", [("draw_dominoes", 2), ("draw_dominoes", 3), ("draw_dominoes", 4),
                                              ("muggins", 2), ("muggins", 3), ("muggins", 4)])
def test_seeded_deals_for_each_player_count(rules_id: str, players: int) -> None:
    for seed in range(15):
        g = new_game(rules_id, seed, {"players": players})
        d = g.deal_for(0)
        assert d is not None
        size = 7 if players == 2 or (rules_id == "muggins" and players == 3) else 5
        assert [len(h) for h in d.hands] == [size] * players
        assert len(d.boneyard) == 28 - size * players
        # Every deal holds a double (Draw Dominoes deals again when none does), and its holder leads it.
        doubles = [t for h in d.hands for t in h if t.is_double]
        assert doubles
        best = max(doubles)
        holder = next(s for s, h in enumerate(d.hands) if best in h)
        assert g.current_seat == holder
        assert [str(a) for a in g.legal_actions()] == [str(best)]


def test_draw_dominoes_three_players_turn_order_and_draws() -> None:
    # Seat 2 holds 6-6 and leads; then seat 0, seat 1, seat 2 ... Seat 0 and seat 1 hold no six.
    hands = ["5-5 5-4 5-3 4-4 4-3", "3-3 3-2 2-2 2-1 1-1", "6-6 6-5 6-4 1-0 0-0"]
    g = game("draw_dominoes", hands, "6-3 5-2", options={"players": 3})
    assert g.rules.players == 3 and g.current_seat == 2
    g = play(g, "6-6")
    assert g.current_seat == 0 and legal(g) == ["draw"]
    g = play(g, "draw")  # 6-3 fits
    assert g.current_seat == 0 and legal(g) == ["6-3 L", "6-3 R"]
    g = play(g, "6-3 L")
    assert g.current_seat == 1 and "3-3 L" in legal(g)
    g = play(g, "3-2 L")
    assert g.current_seat == 2
    assert legal(g) == ["6-4 R", "6-5 R"]


def test_draw_dominoes_going_out_with_three_players_scores_both_other_hands() -> None:
    g = game("draw_dominoes", ["6-6 4-0", "6-5 5-5", "5-4 3-3"], options={"players": 3, "hand_size": 2})
    g = play(g, "6-6", "6-5 L", "5-4 L", "4-0 L")
    r = g.results[0]
    assert (r.end, r.winner, r.pips_left) == ("out", 0, (0, 10, 6))
    assert r.points == (16, 0, 0)


def test_four_players_four_hands_of_five() -> None:
    g = new_game("draw_dominoes", 7, {"players": 4})
    assert g.round is not None and len(g.round.hand(0)) == 5 and g.round.boneyard_count == 8
    rec = game_to_record(g)
    assert rec["options"]["players"] == 4 and len(rec["rounds"][0]["hands"]) == 4


def test_muggins_blocked_lighter_hand_scores_heavier_rounded() -> None:
    # Two left in the boneyard (never drawn): blocked right after 6-6.
    rules = get_rules("muggins")
    s = RoundState.start(rules, [[T("6-6"), T("2-1")], [T("5-4"), T("4-4")]], [T("6-5"), T("6-4")], 0, T("6-6"))
    s = s.apply(Action.parse("6-6"))
    assert s.over and s.end == "blocked" and s.winner == 0
    assert s.round_points() == (15, 0)  # 17 pips in the heavier hand: 15 (6-6 alone counted 12: nothing)
    s = RoundState.start(rules, [[T("6-6"), T("2-1")], [T("1-0"), T("0-0")]], [T("6-5"), T("6-4")], 0, T("6-6"))
    s = s.apply(Action.parse("6-6"))
    assert s.winner == 1 and s.round_points() == (0, 5)  # 3 pips: 5


def test_muggins_three_players_out_scores_the_others_even_beside_an_empty_hand() -> None:
    # Seat 0 goes out while seat 1 holds only 0-0 (no pips): seat 0 still went out and scores the others'
    # pips, rounded (seed 004: domino scores the pips left in the adversaries' hands).
    g = game("muggins", ["6-6 5-1", "0-0 6-0", "5-4 4-3"], "6-5", options={"players": 3, "hand_size": 2})
    g = play(g, "6-6", "6-0 L", "draw", "6-5 R")
    assert g.totals() == (0, 0, 5)
    g = play(g, "5-1 R")
    r = g.results[0]
    assert (r.end, r.winner, r.pips_left) == ("out", 0, (0, 0, 16))
    assert r.points == (15, 0, 5)


def test_opening_lead_prefers_double_over_heavier_tile() -> None:
    rules = get_rules("draw")
    lead = opening_lead(rules, [[T("6-5"), T("6-4")], [T("0-0"), T("1-0")]])
    assert (lead.seat, str(lead.tile)) == (1, "0-0")


def test_muggins_for_four_may_deal_seven_each_as_seed_004_says() -> None:
    # "Each player draws seven bones": with four, that is the whole set, and nothing is kept back
    rules = get_rules("muggins", {"players": 4, "hand_size": 7})
    assert rules.hand_size == 7 and rules.kept_back == 0
    g = new_game("muggins", 3, {"players": 4, "hand_size": 7})
    assert g.round is not None and [len(g.round.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    assert g.round.boneyard_count == 0 and not g.round.can_draw()
    assert game_to_record(g)["options"]["hand_size"] == 7
    assert get_rules("muggins", {"players": 4}).hand_size == 5  # five each stays the default


def test_a_deal_that_cannot_be_made_says_why_in_full() -> None:
    with pytest.raises(RulesError, match="4 hands of 8 need 32 tiles; the double-6 set has 28"):
        get_rules("muggins", {"players": 4, "hand_size": 8})


def test_muggins_ends_the_moment_a_score_reaches_the_target() -> None:
    # Seed 004's example: "If double five is the first set it counts 10. The 5-0 played to this would count 10 for
    # the second player ... Double blank played to this would count 10 more." To 20, that last 10 ends the game
    # at once (seed 002 calls Muggins the same scoring game as All Fives, which ends at once), tiles still in hand.
    hands = ["5-5 0-0 4-1 3-2 2-1 6-4 6-3", "5-0 6-5 6-2 4-3 3-1 2-0 1-0"]
    g = play(game("muggins", hands, options={"target": 20}), "5-5", "5-0 L")
    assert g.totals() == (10, 10) and not g.over
    g = play(g, "0-0 L")
    assert g.over and g.winner == 0 and g.scores == (20, 10)
    assert g.results[-1].end == "target" and g.results[-1].points == (20, 10)
