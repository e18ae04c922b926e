"""The two-player games of seed 004, dealt by hand from the seed's own examples: the Block Game (its walk-through),
the Draw Game, Matadore, Bergen, and Muggins in full (one point a five, the spinner variation)."""

from __future__ import annotations

import pytest

from bones.engine import Action, GameState, RoundState, get_rules
from bones.engine.deal import cut_winner
from bones.engine.observation import observe
from bones.engine.rules import Cut
from bones.engine.scoring import settle

from tests.kit import T, assert_refused, deal, game, legal, play, tiles

# ----- the Block Game: the seed's walk-through --------------------------------------------------------------

# A holds four of the 5 suit and three blanks (5-0 sets); B's hand is the one the seed plays out.
A_HAND = "5-0 5-2 5-3 5-4 2-0 4-0 4-4"
B_HAND = "6-6 6-4 6-3 6-1 6-0 5-1 1-1"


def block_game(cut: str = "drawn") -> GameState:
    rules = get_rules("block_game", {"cut": cut})
    return GameState.new(rules, deals=[deal([A_HAND, B_HAND])._replace(cut=tiles("0-0 6-5"))])


def walk_through() -> GameState:
    # "A ... would select the 5-0"; B "would of course play the 6-0"; A plays the 5-2; B, unable, "playing the double
    # six"; A plays 2-0; B "foolishly plays 6-4"; A plays his double four.
    return play(block_game(), "5-0", "6-0 R", "5-2 L", "6-6 R", "2-0 L", "6-4 R", "4-4 R")


def test_the_block_game_walk_through_blocking_wins_the_difference() -> None:
    g = walk_through()
    assert g.round is not None and g.round.ends_by_name() == {"L": 0, "R": 4}
    # "B, having neither 4 nor 0 on any of his remaining dominoes, says: 'Go'"
    assert legal(g) == ["pass"]
    g = play(g, "pass")
    assert legal(g) == ["4-0 L", "4-0 R", "5-4 R"]
    # "If A blocks the game, as he should do with the odds in his favour, he will win 7 points, the difference
    # between his 17 and B's 24."
    g = play(g, "4-0 R")
    result = g.results[-1]
    assert (result.end, result.winner, result.pips_left, result.points) == ("blocked", 0, (17, 24), (7, 0))
    assert [str(t) for t in result.hands_left[1]] == ["6-3", "6-1", "5-1", "1-1"]  # the bones are shown


def test_the_block_game_walk_through_not_blocking_gives_b_domino() -> None:
    # "If he does not block, he must follow the 4-0 with the 5-4. This will bring in B's ace suit ... B would
    # continue with 1-1, 1-6, 6-3, claiming domino ... in this case, 8 points for B."
    g = play(walk_through(), "pass", "4-0 L", "pass", "5-4 L", "5-1 L")
    assert legal(g) == ["pass"]  # A says "go"
    g = play(g, "pass", "1-1 L", "pass", "6-1 L", "pass", "6-3 L")
    result = g.results[-1]
    assert (result.end, result.winner, result.points) == ("out", 1, (0, 8))


def test_the_one_to_set_lays_any_tile_and_the_set_alternates() -> None:
    g = block_game()
    assert g.current_seat == 0 and len(legal(g)) == 7  # any of A's seven
    rules = get_rules("block_game", {"cut": "drawn"})
    g = GameState.new(rules, deals=[deal([A_HAND, B_HAND])._replace(cut=tiles("0-0 6-5")), deal([A_HAND, B_HAND])])
    g = play(g, "5-0", "6-0 R", "5-2 L", "6-6 R", "2-0 L", "6-4 R", "4-4 R", "pass", "4-0 R")
    assert g.round_index == 1 and g.current_seat == 1  # "the one whose turn it is to set": B sets the next round
    assert len(legal(g)) == 7


@pytest.mark.parametrize("cut,tiles_cut,setter", [
    ("pushed", "6-5 1-0", 1),  # "whichever gets the lighter domino has the first set"
    ("pushed", "3-0 4-4", 0),
    ("drawn", "5-5 2-2", 1),  # "the one getting the lower double sets first"
    ("drawn", "6-1 3-3", 1),
    ("drawn", "6-1 5-1", 1),  # "If neither draws a double the lighter domino sets"
])
def test_cutting_for_the_first_set(cut: str, tiles_cut: str, setter: int) -> None:
    rules = get_rules("block_game", {"cut": cut})
    assert cut_winner(rules, tiles(tiles_cut)) == setter
    g = GameState.new(rules, deals=[deal([A_HAND, B_HAND])._replace(cut=tiles(tiles_cut))])
    assert g.current_seat == setter and g.cut == tiles(tiles_cut)


def test_a_cut_that_decides_nothing_is_drawn_again() -> None:
    rules = get_rules("block_game", {"cut": "pushed"})
    assert cut_winner(rules, tiles("4-1 3-2")) is None  # equal weight: nobody is lighter
    assert rules.cut is Cut.PUSHED
    for seed in range(40):
        g = GameState.new(rules, seed=seed)
        assert g.cut is not None and cut_winner(rules, g.cut) == g.current_seat


def test_the_cut_by_the_hands_is_the_higher_double_and_then_any_tile() -> None:
    g = GameState.new(get_rules("block_game"), deals=[deal([A_HAND, B_HAND])])
    assert g.current_seat == 1 and len(legal(g)) == 7  # B holds the higher double, and sets what he pleases


def test_fifty_up() -> None:
    rules = get_rules("block_game", {"target": 50})
    assert rules.target == 50


# ----- the Draw Game ---------------------------------------------------------------------------------------

def test_the_draw_game_draws_at_will_but_never_the_last_two() -> None:
    g = GameState.new(get_rules("draw_game"), deals=[deal([A_HAND, B_HAND])])
    assert g.current_seat == 1  # B holds the higher double: it sets, any tile it pleases
    g = play(g, "6-4")
    # A may play on the 4, and may draw instead ("He may draw while he is still able to play")
    assert legal(g) == ["4-0 R", "4-4 R", "5-4 R", "draw"]
    g2 = play(g, "draw")
    assert g2.current_seat == 0 and g2.round is not None and len(g2.round.hand(0)) == 8
    # every tile but the last two may be drawn ("except the last two, which must always remain in stock")
    assert g.round is not None
    for _ in range(g.round.boneyard_count - 2):
        g = play(g, "draw")
    assert g.round is not None and g.round.boneyard_count == 2 and "draw" not in legal(g)
    assert_refused(g, "draw", match="the last 2 tiles are never drawn")


def test_the_draw_game_blocked_must_draw_until_it_can_play() -> None:
    hands = ["6-6 6-5 6-4 5-3 4-2 3-1 2-0", "5-5 5-4 4-4 3-3 2-2 1-1 0-0"]
    g = play(GameState.new(get_rules("draw_game"), deals=[deal(hands, "4-3 2-1 6-3")]), "6-6")
    assert legal(g) == ["draw"]  # "when he is blocked he is compelled to draw"
    assert_refused(g, "pass", match="you cannot pass while the boneyard has tiles to draw")
    g = play(g, "draw", "draw")
    assert legal(g) == ["draw"]
    g = play(g, "draw")  # 6-3 fits now: play it, or draw more at will
    assert legal(g) == ["6-3 L", "6-3 R", "draw"]


# ----- Matadore --------------------------------------------------------------------------------------------

MATADORE_HANDS = ["6-6 3-3 6-1 5-4 2-2 1-0 3-0", "1-1 4-3 2-1 6-5 4-4 5-0 4-0"]


def matadore(options: dict[str, str] | None = None) -> GameState:
    return GameState.new(get_rules("matadore", options), deals=[deal(MATADORE_HANDS)])


def test_matadore_a_double_three_cannot_be_played_to_an_ace() -> None:
    g = play(matadore(), "6-6", "1-1 L")  # an ace at L: it wants a six
    assert not [a for a in legal(g) if a.startswith("3-3")]
    assert_refused(g, "3-3 L", match="does not fit end L, which shows 1")
    g = play(matadore(), "6-6", "4-3 L:4")
    assert "3-3 L" in legal(g)  # three and four make seven: the double counts for its own suit


def test_matadore_trumps_go_anywhere_and_the_next_answers_the_exposed_half() -> None:
    g = play(matadore(), "6-6", "4-3 R:3")
    assert "5-4 R" in legal(g)  # the complement of the exposed 3
    assert {"6-1 L:1", "6-1 L:6", "6-1 R:1", "6-1 R:6"} <= set(legal(g))


def test_matadore_trumps_only_to_prevent_a_block_where_that_is_the_rule() -> None:
    g = play(matadore({"trumps": "when_stuck"}), "6-6")
    # B holds 1-1 and 2-1, which fit a six: its trump 4-3 must wait
    assert legal(g) == ["1-1 L", "1-1 R", "2-1 L", "2-1 R"]
    assert_refused(g, "4-3 L:4", match="a trump, played only to prevent a block")


def test_matadore_is_settled_as_block() -> None:
    rules = get_rules("matadore")
    assert not rules.draws and not rules.scores_in_play and rules.lead_is_forced(0, None)


# ----- Bergen ----------------------------------------------------------------------------------------------

def test_bergen_double_and_triple_headers() -> None:
    hands = ["6-6 6-2 2-2 3-0 1-0 5-4", "6-3 3-2 4-1 5-1 5-0 4-0"]
    g = play(GameState.new(get_rules("bergen"), deals=[deal(hands)]), "6-6")
    assert g.totals() == (2, 0)  # "The highest double sets, and scores two points for the double header"
    g = play(g, "6-3 L", "6-2 R")  # ends 3 and 2: nothing
    assert g.totals() == (2, 0)
    g = play(g, "3-2 L")  # "Two points are scored by the player making both ends of the line the same"
    assert g.round is not None and g.round.ends_by_name() == {"L": 2, "R": 2} and g.totals() == (2, 2)
    # "If there is a doublet at one end, and one of the same suit at the other, it is a triple header, and counts
    # three."
    g = play(g, "2-2 L")
    assert g.totals() == (5, 2)


def test_bergen_a_blocked_round_and_its_three_cases() -> None:
    rules = get_rules("bergen")
    # the lightest hand, free of doublets, counts one
    assert settle(rules, "blocked", None, (5, 9), (False, False)).points == (1, 0)
    # "If he holds a doublet, his adversary scores one"
    assert settle(rules, "blocked", None, (4, 9), (True, False)).points == (0, 1)
    # "but if both hold doublets, the lower number of pips wins the point"
    assert settle(rules, "blocked", None, (4, 9), (True, True)).points == (1, 0)
    # equal hands alike score nothing; at equal pips the hand free of doublets still scores
    assert settle(rules, "blocked", None, (6, 6), (False, False)).points == (0, 0)
    assert settle(rules, "blocked", None, (6, 6), (True, True)).points == (0, 0)
    assert settle(rules, "blocked", None, (6, 6), (True, False)).points == (0, 1)
    # "In addition to the headers, domino counts one"
    assert settle(rules, "out", 1, (7, 0), (True, False)).points == (0, 1)


def test_bergen_fifteen_is_game_at_once() -> None:
    rules = get_rules("bergen")
    assert rules.target == 15 and rules.ends_at_once


# ----- Muggins in full -------------------------------------------------------------------------------------

def test_muggins_twenty_with_four_four_and_six_six_at_different_ends() -> None:
    # "The highest possible score is 20 points, made with the 4-4 and 6-6, at different ends."
    hands = ["6-6 4-4 3-1 2-1 1-0 5-2 3-0", "6-4 5-1 5-0 3-2 2-0 6-1 6-2"]
    g = play(GameState.new(get_rules("muggins"), deals=[deal(hands)]), "6-6", "6-4 L")
    assert g.totals() == (0, 0)  # 12, then 4 + 12 = 16
    g = play(g, "4-4 L")
    assert g.round is not None and g.round.end_sum() == 20 and g.totals() == (20, 0)


def test_muggins_one_point_a_five_to_twenty() -> None:
    rules = get_rules("muggins", {"count": "per_five"})
    assert rules.per_multiple and rules.target == 20  # "If only one point is scored for each five, 20 or 21 may be game"
    assert get_rules("muggins", {"count": "per_five", "target": 21}).target == 21
    hands = ["5-5 0-0 4-1 3-2 2-1 6-4 6-3", "5-0 6-5 6-2 4-3 3-1 2-0 1-0"]
    g = play(GameState.new(rules, deals=[deal(hands)]), "5-5", "5-0 L", "0-0 L")
    assert g.totals() == (4, 2)  # 10, 10 and 10 again: two points each time


def test_muggins_one_point_a_five_counts_the_hand_left_the_same_way() -> None:
    # one point for each five of the other hand too: 9 dots, the nearest five 10, two points (not 10 in a game to 20)
    rules = get_rules("muggins", {"count": "per_five", "hand_size": 2})
    g = play(GameState.new(rules, deals=[deal(["6-6 6-5", "6-0 5-4"])]), "6-6", "6-0 R", "6-5 L")
    result = g.results[-1]
    assert result.end == "out" and result.pips_left == (0, 9)
    assert g.totals() == (1 + 2, 0)  # 6-5 leaves ends of 5 and 0 (one five), then the 9 left
    threes = get_rules("all_threes", {"count": "per_five"})
    assert settle(threes, "out", 0, (0, 14)).points == (5, 0)  # 14 -> 15: five threes
    assert settle(threes, "blocked", None, (4, 22)).points == (7, 0)  # 22 -> 21: seven threes


def test_muggins_spinner_thirty_five_with_four_lines_open() -> None:
    # "The highest count possible is 35; all four lines open, with the 6-6, 4-4, 5-5, and 0-5 at the ends." Seat 0
    # is made to set the 0-0 here (in a dealt game the holder of a higher double would set).
    rules = get_rules("muggins", {"spinner": True})
    hands = [tiles("0-0 4-0 3-0 5-3 5-5 1-1 2-1"), tiles("6-0 5-0 6-6 4-4 2-2 1-0 2-0")]
    rest = [t for t in tiles(" ".join(f"{a}-{b}" for a in range(7) for b in range(a + 1)))
            if t not in hands[0] and t not in hands[1]]
    s = RoundState.start(rules, hands, rest, 0, None)
    s = s.apply(Action.parse("0-0"))
    # "any of the four points may be played to at any time": all four are open at once, the doublet's short ends
    # counting nothing ("The end of the first doublet does not count in making multiples of five")
    assert s.ends_by_name() == {"L": 0, "R": 0, "U": 0, "D": 0} and s.end_sum() == 0
    for text in ("6-0 L", "4-0 R", "5-0 U", "3-0 D", "6-6 L", "5-3 D", "4-4 R", "5-5 D"):
        s = s.apply(Action.parse(text))
    assert s.ends_by_name() == {"L": 6, "R": 4, "U": 5, "D": 5}
    assert s.end_sum() == 12 + 8 + 5 + 10 and s.history[-1].scored == 35


def test_muggins_spinner_counts_the_first_doublet_once_while_both_its_sides_are_open() -> None:
    # "If only one end of the first doublet has been played to, there will be three ends to count": the doublet's
    # two open sides and that end. Its sides show one doublet (a lone 5-5 is 10), not two, or the count could pass
    # "The highest count possible is 35".
    rules = get_rules("muggins", {"spinner": True})
    g = play(GameState.new(rules, deals=[deal(["5-5 0-0 4-1 3-2 2-1 4-0 6-3", "5-0 6-5 6-2 4-3 3-1 2-0 1-0"])]),
             "5-5", "5-0 U")
    assert g.round is not None and g.round.end_sum() == 10 and g.totals() == (10, 10)
    hands = ["6-6 5-5 3-3 1-0 2-0 2-1 4-0", "6-5 6-3 1-1 2-2 3-1 4-1 6-1"]
    g = play(GameState.new(rules, deals=[deal(hands)]), "6-6", "6-5 U", "5-5 U", "6-3 D", "3-3 D")
    assert g.round is not None and g.round.end_sum() == 12 + 10 + 6
    g = play(g, "6-1 L")  # a side covered: the other side is a doublet at an end, counted as in All Fives
    assert g.round is not None and g.round.ends_by_name() == {"L": 1, "R": 6, "U": 5, "D": 3}
    assert g.round.end_sum() == 1 + 12 + 10 + 6


def test_muggins_with_claims_a_first_tile_that_scores_is_claimed_too() -> None:
    # "a score counts only when claimed": the 5-5 set first makes ten, and its player may claim them at once
    hands = ["5-5 0-0 4-1 3-2 2-1 6-4 6-3", "5-0 6-5 6-2 4-3 3-1 2-0 1-0"]
    g = game("muggins", hands, options={"claims": True})
    assert sorted(legal(g)) == ["5-5", "5-5 +10"]
    assert sorted(str(a) for a in observe(g, 0).legal_actions()) == ["5-5", "5-5 +10"]  # what the seat is offered
    assert play(g, "5-5 +10").totals() == (10, 0)
    forgot = play(g, "5-5")
    assert forgot.totals() == (0, 0) and "muggins" in legal(forgot)  # left unclaimed: the other side may take it
    assert play(forgot, "muggins").totals() == (0, 10)


def test_muggins_with_claims_points_left_unclaimed_by_the_last_tile_go_to_the_next_seat() -> None:
    # "If either player makes a multiple of five without noticing or claiming it, his adversary says, 'muggins,' and
    # scores it himself": where that tile ends the round no move follows in which to say it, so the next seat takes
    # the points at once (they had been lost). Seat 0 goes out with 4-0, making 5 (ends 1 and 4).
    options = {"claims": True, "players": 3, "hand_size": 2}
    g = game("muggins", ["5-5 4-0", "5-0 2-1", "5-1 3-2"], options=options)
    start = ("5-5 +10", "5-0 R +10", "5-1 L")
    forgot = play(g, *start, "4-0 R")
    assert forgot.results[-1].end == "out" and forgot.totals() == (10 + 10, 10 + 5, 0)  # out: 8 pips, 10 points
    assert forgot.finished is not None and forgot.finished.taken_at_end == 5  # what the table tells
    claimed = play(g, *start, "4-0 R +5")
    assert claimed.totals() == (10 + 5 + 10, 10, 0)
    assert claimed.finished is not None and claimed.finished.taken_at_end == 0
    wrong = play(g, *start, "4-0 R +10")  # a wrong claim is marked to the next seat, as before
    assert wrong.totals() == (10 + 10, 10 + 10, 0)
