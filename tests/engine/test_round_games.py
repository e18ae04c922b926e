"""The games of seed 004 for three to six at one table, and Draw Dominoes beyond four (seed 001), dealt by hand:
four-handed partnership Block, Block playing on, Sebastopol, Domino Pool and double-nine Draw Dominoes."""

from __future__ import annotations

import pytest

from bones.engine import GameState, IllegalAction, get_rules
from bones.engine.deal import cut_winner, seeded_deal
from bones.engine.record import RecordError, game_to_record, load
from bones.engine.rules import RulesError
from bones.engine.scoring import odd_chips, settle

from tests.kit import T, deal, legal, play, tiles

# ----- four-handed partnership Block --------------------------------------------------------------------------

# Seats 0 and 2 are partners against 1 and 3; the cut made seat 1 (2-0, the lowest) set, partnered by seat 3 (3-0).
CUT = tiles("6-5 2-0 5-4 3-0")


def partnership(hands: list[str], options: dict | None = None) -> GameState:
    rules = get_rules("partnership_block", options)
    return GameState.new(rules, deals=[deal(hands)._replace(cut=CUT)])


def test_the_two_lowest_cuts_are_partners_and_the_lowest_sets() -> None:
    rules = get_rules("partnership_block")
    assert rules.sides == ((0, 2), (1, 3))
    assert cut_winner(rules, CUT) == 1
    # the two lowest cuts (2-0 and 3-0) must sit opposite: a cut that makes them neighbours decides nothing
    assert cut_winner(rules, tiles("6-5 2-0 3-0 5-4")) is None
    assert cut_winner(rules, tiles("6-5 2-0 5-4 1-1")) is None  # 2-0 and 1-1 weigh the same
    for seed in range(20):  # every seeded cut seats the partners so
        cut = seeded_deal(rules, seed, 0).cut
        assert cut is not None and cut_winner(rules, cut) is not None


def test_four_bones_each_seven_as_an_option_and_play_goes_round() -> None:
    assert get_rules("partnership_block").hand_size == 4
    assert get_rules("partnership_block", {"hand_size": 7}).hand_size == 7
    g = partnership(["6-6 6-5 6-4 6-3", "5-5 5-4 5-3 5-2", "4-4 4-3 4-2 4-1", "3-3 3-2 3-1 3-0"])
    assert g.current_seat == 1 and len(legal(g)) == 4  # the lowest cut sets any of his four
    g = play(g, "5-5")
    assert g.current_seat == 2 and legal(g) == ["pass"]  # "go": the one on his left must play or say "go"
    g = play(g, "pass")
    assert g.current_seat == 3 and legal(g) == ["pass"]
    g = play(g, "pass")
    assert g.current_seat == 0 and legal(g) == ["6-5 L", "6-5 R"]


# Seat 1 sets 5-5 and goes out on its fourth turn; its partner (seat 3) is left with 6-3 1-1, the other side with
# 6-0 5-0 (seat 0) and 6-6 3-3 (seat 2)
OUT_HANDS = ["3-0 2-2 5-0 6-0", "5-5 6-4 4-4 4-3", "6-5 1-0 3-3 6-6", "5-3 2-1 1-1 6-3"]
OUT_PLAYS = ("5-5", "6-5 L", "5-3 R", "3-0 R", "6-4 L", "1-0 R", "2-1 R", "2-2 R", "4-4 L", "pass", "pass", "pass",
             "4-3 L")


def test_the_partners_pips_are_added_and_the_lighter_side_wins_the_difference() -> None:
    g = play(partnership(OUT_HANDS), *OUT_PLAYS[:-4])
    assert legal(g) == ["pass"]  # seat 2: "go", and the one on his left must play or say "go" also
    g = play(g, *OUT_PLAYS[-4:])
    result = g.results[-1]
    assert result.end == "out" and result.winner == 1
    assert result.pips_left == (11, 0, 18, 11)
    # "the pips remaining in the hands of the partners are then reckoned": 11 + 18 against 0 + 11
    assert result.points == (0, 18, 0, 18)  # both partners show the side's score
    assert g.scores == (0, 18, 0, 18) and not g.over


def test_a_side_at_the_target_wins_and_the_winner_is_its_first_seat() -> None:
    g = play(partnership(OUT_HANDS, {"target": 15}), *OUT_PLAYS)
    assert g.over and g.winner == 1 and g.scores == (0, 18, 0, 18)


def test_a_record_with_a_cut_that_seats_partners_wrongly_is_refused() -> None:
    g = partnership(["6-6 6-5 6-4 6-3", "5-5 5-4 5-3 5-2", "4-4 4-3 4-2 4-1", "3-3 3-2 3-1 3-0"])
    doc = game_to_record(play(g, "5-5"))
    doc["rounds"][0]["cut"] = ["6-5", "2-0", "3-0", "5-4"]
    with pytest.raises(RecordError, match="decides nothing"):
        load(doc)
    doc["rounds"][0]["cut"] = ["6-5", "2-0"]
    with pytest.raises(RecordError, match="4 different tiles"):
        load(doc)


# ----- each for himself, playing on ---------------------------------------------------------------------------


def test_a_player_goes_on_as_long_as_he_can_follow_suit() -> None:
    rules = get_rules("block_play_on", {"players": 2})
    assert rules.hand_size == 7
    g = GameState.new(rules, deals=[deal(["6-6 6-5 5-4 4-3 0-0 1-0 2-0", "5-5 3-3 2-2 1-1 3-1 2-1 6-1"])
                                    ._replace(cut=tiles("0-0 6-5"))])
    assert g.current_seat == 0  # the lower double drawn sets
    g = play(g, "6-6")
    assert g.current_seat == 0  # 6-5 still follows suit: he goes on
    g = play(g, "6-5 L", "5-4 L", "4-3 L")
    assert g.current_seat == 1  # nothing of his fits 3 or 6 any more: the turn passes
    g = play(g, "3-3 L")
    assert g.current_seat == 1 and legal(g) == ["3-1 L", "6-1 R"]


def test_playing_on_the_one_who_makes_domino_counts_alone_beside_a_hand_of_only_the_double_blank() -> None:
    # seed 004, the Block Game: "when one player makes domino he counts all the pips remaining in his adversary's
    # hand". Seat 0 sets 3-3 and plays on to 2-1, left with the 0-0; seat 1 plays out its four in one run. Seat 0's
    # 0-0 counts for nothing, and seat 0 scored the same 69 as the one who went out.
    rules = get_rules("block_play_on")
    hands = ["3-3 3-2 2-1 0-0", "1-1 6-1 6-6 6-5", "5-5 4-4 5-4 4-3", "6-4 6-3 6-2 5-3"]
    g = GameState.new(rules, deals=[deal(hands)._replace(cut=tiles("1-1 6-5 5-4 4-2"))])
    g = play(g, "3-3", "3-2 L", "2-1 L")
    assert g.current_seat == 1  # the 0-0 follows neither the 1 nor the 3
    g = play(g, "1-1 L", "6-1 L", "6-6 L", "6-5 L")
    result = g.results[-1]
    assert (result.end, result.winner, result.pips_left) == ("out", 1, (0, 0, 34, 35))
    assert result.points == (0, 69, 0, 0)


# ----- Sebastopol ----------------------------------------------------------------------------------------------

SEB_HANDS = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 5-3",
             "6-4 5-2 4-1 3-0 2-0 5-1 4-2", "6-3 6-2 6-1 6-0 5-0 4-0 3-1"]


def test_sebastopol_opens_with_the_double_six_and_plays_only_sixes_until_all_four_arms_are_begun() -> None:
    g = GameState.new(get_rules("sebastopol"), deals=[deal(SEB_HANDS)])
    assert g.current_seat == 0 and legal(g) == ["6-6"]  # "the double six sets"
    g = play(g, "6-6")
    assert g.round is not None and g.round.ends_by_name() == {"L": 6, "R": 6, "U": 6, "D": 6}
    assert legal(g) == ["6-5 D", "6-5 L", "6-5 R", "6-5 U"]
    g = play(g, "6-5 L")
    # seat 2's 5-2 would fit the 5 now on L, but "nothing but sixes can be played" until the four arms are begun
    assert legal(g) == ["6-4 D", "6-4 R", "6-4 U"]
    with pytest.raises(IllegalAction, match=r"^5-2 matches L, but that end waits until a tile lies on every side"):
        g.apply("5-2")  # (not "does not fit any open end": it does, and the player is told why it must wait)
    g = play(g, "6-4 R", "6-3 U")
    assert g.current_seat == 0 and legal(g) == ["pass"]  # no six left: "go"
    g = play(g, "pass")
    assert legal(g) == ["pass"]  # seat 1: no six either
    g = play(g, "pass", "pass", "6-2 D")
    # "When these five dominoes have been set, any of the four ends may be played to"
    assert g.round is not None and g.round.ends_by_name() == {"L": 5, "R": 4, "U": 3, "D": 2}
    assert legal(g) == ["2-2 D", "3-3 U", "4-4 R", "5-5 L"]


def test_sebastopol_the_one_who_makes_domino_counts_alone_beside_a_hand_of_only_the_double_blank() -> None:
    # seed 004: Sebastopol "is decided and settled for as in the ordinary Block Game", where "when one player makes
    # domino he counts all the pips remaining in his adversary's hand". Seat 3 goes out while seat 0 holds only the
    # 0-0: seat 3 counts the 5 and 3 left; seat 0, who did not make domino, scored the same 8 beside it.
    g = GameState.new(get_rules("sebastopol"), deals=[deal(SEB_HANDS)])
    g = play(g, "6-6", "6-5 U", "6-4 R", "6-3 L", "pass", "pass", "pass", "6-2 D", "5-5 U", "5-4 R", "2-0 D",
             "4-0 D", "3-3 L", "4-3 L", "5-2 R", "5-0 U", "4-4 L", "1-0 U", "4-1 D", "3-1 U", "1-1 D", "5-3 U",
             "4-2 L", "6-1 D", "2-2 R", "2-1 L", "5-1 U", "6-0 D")
    result = g.results[-1]
    assert (result.end, result.winner, result.pips_left) == ("out", 3, (0, 5, 3, 0))
    assert [str(t) for t in result.hands_left[0]] == ["0-0"]
    assert result.points == (0, 0, 0, 8) and g.scores == (0, 0, 0, 8)
    # a blocked round is still settled as Draw Dominoes settles more than two: tied lowest hands each score
    assert settle(get_rules("sebastopol"), "blocked", None, (3, 3, 7, 8)).points == (12, 12, 0, 0)


def test_sebastopol_is_each_for_himself_unless_partners_are_chosen() -> None:
    assert get_rules("sebastopol").sides == ((0,), (1,), (2,), (3,))
    assert get_rules("sebastopol", {"partners": True}).sides == ((0, 2), (1, 3))


# ----- Domino Pool ---------------------------------------------------------------------------------------------


def pool_game(hands: list[str], options: dict | None = None, more: tuple[list[str], ...] = ()) -> GameState:
    """Three at the pool; seat 0 cut the lightest tile (2-1), so it sets first."""
    rules = get_rules("domino_pool", {"players": 3, **(options or {})})
    first = deal(hands)._replace(cut=tiles("2-1 6-5 4-3"))
    return GameState.new(rules, deals=[first, *(deal(h) for h in more)])


# Eighteen tiles that follow each other on one end: seat 0 sets 0-0 and lays its sixth before the others their sixth
CHAIN = ["0-0 2-1 3-3 5-4 6-6 6-4", "1-0 2-2 4-3 5-5 6-2 6-1", "1-1 3-2 4-4 6-5 4-2 3-1"]
CHAIN_PLAYS = ("0-0", "1-0 L", "1-1 L", "2-1 L", "2-2 L", "3-2 L", "3-3 L", "4-3 L", "4-4 L", "5-4 L", "5-5 L",
               "6-5 L", "6-6 L", "6-2 L", "4-2 L", "6-4 L")
# Only seat 0 holds a blank: its 0-0 blocks everyone at once. Seats 0 and 1 are left with 32 pips each, seat 2 with 46.
TIED = ["0-0 2-2 3-2 4-2 3-3 6-5", "1-1 2-1 3-1 4-1 5-1 6-6", "6-1 5-2 4-3 6-2 6-3 4-4"]
# The next hand: seat 1 sets 0-0, the same block, and is left lightest alone (28 pips)
SINGLE = ["1-1 2-1 3-1 4-1 5-1 6-6", "0-0 2-2 3-2 4-2 3-3 5-2", "6-1 6-5 4-3 6-2 6-3 4-4"]


def test_equal_hands_leave_at_least_eight_in_the_stock() -> None:
    sizes = {n: get_rules("domino_pool", {"players": n}).hand_size for n in (3, 4, 5, 6)}
    assert sizes == {3: 6, 4: 5, 5: 4, 6: 3}
    with pytest.raises(RulesError, match="at least 8"):
        get_rules("domino_pool", {"players": 4, "hand_size": 6})


def test_the_pool_on_double_nine_deals_the_most_that_leave_eight_whether_or_not_the_players_are_named() -> None:
    # "each player takes such an equal number of bones as will leave at least eight in the stock": four at the
    # double-nine (55 tiles) take eleven each and leave eleven, the same game whether `players` is said or not (it
    # dealt five each, leaving 35, when only the set was named)
    for options in ({"set": 9}, {"set": 9, "players": 4}):
        rules = get_rules("domino_pool", options)
        assert (rules.players, rules.hand_size) == (4, 11), options
        d = seeded_deal(rules, 1, 0)
        assert [len(h) for h in d.hands] == [11] * 4 and len(d.boneyard) == 11
        assert "hand_size" not in rules.options()  # the game's own deal, not a choice written into its record
    assert get_rules("domino_pool", {"set": 9, "players": 3}).hand_size == 15
    assert get_rules("domino_pool", {"set": 9, "hand_size": 5}).hand_size == 5  # a size said is kept


def test_the_lightest_cut_sets_any_tile_and_domino_wins_the_pool() -> None:
    g = pool_game(CHAIN)
    assert g.scores == (20, 20, 20) and g.current_seat == 0 and len(legal(g)) == 6  # "anything he pleases"
    g = play(g, *CHAIN_PLAYS)
    result = g.results[-1]
    assert result.end == "out" and result.winner == 0
    assert result.points == (2, -1, -1)  # the pool of three antes, less his own
    assert g.scores == (22, 19, 19)


def test_a_blocked_pool_is_divided_and_the_odd_chip_stays_for_the_next_hand() -> None:
    g = pool_game(TIED, more=(SINGLE,))
    g = play(g, "0-0")
    tied = g.results[-1]
    assert tied.end == "blocked" and tied.pips_left == (32, 32, 46) and tied.winner is None
    assert tied.points == (0, 0, -1)  # three chips: one each to the two lightest, the odd one stays in the pool
    assert g.scores == (20, 20, 19)
    assert g.current_seat == 1  # the set passes to the left
    g = play(g, "0-0")
    single = g.results[-1]
    assert single.winner == 1 and single.points == (-1, 3, -1)  # three antes and the odd chip
    assert g.scores == (19, 23, 18) and sum(g.scores) == 60


def test_after_the_last_hand_the_odd_chip_of_a_divided_pool_goes_to_the_tied_hand_first_to_the_setters_left(
        ) -> None:
    """Play-testing: a last hand blocked with two tied lightest hands left its odd chip in the pool for a next hand
    that never came, and the game ended with 59 of the 60 chips in the seats' hands."""
    g = play(pool_game(TIED, {"hands": 1}), "0-0")  # seat 0 set; seats 0 and 1 tie at 32 pips
    assert g.over and g.pool == 0
    assert g.results[-1].points == (0, 1, -1)  # one chip each, and the odd one to seat 1, first to seat 0's left
    assert g.results[-1].settlement.points == (0, 0, -1)  # the hand's own division, as before
    assert g.scores == (20, 21, 19) and sum(g.scores) == 60 and g.winner == 1  # the odd chip decides the game
    # the order runs from the setter's left round the table, one chip a seat
    assert odd_chips((0, 2), 1, 3, 1) == (0, 0, 1)
    assert odd_chips((0, 1, 3), 0, 4, 2) == (0, 1, 0, 1)
    assert odd_chips((0, 1), 2, 3, 1) == (1, 0, 0)


def test_the_game_ends_after_the_agreed_hands_or_when_a_player_cannot_ante() -> None:
    g = play(pool_game(CHAIN, {"hands": 1}), *CHAIN_PLAYS)
    assert g.over and g.winner == 0
    g = play(pool_game(CHAIN, {"chips": 1, "hands": 0}), *CHAIN_PLAYS)
    assert g.over and g.scores == (3, 0, 0) and g.winner == 0  # seats 1 and 2 cannot ante again
    # nobody can ante more than he starts with: refused before a chip is owed
    with pytest.raises(RulesError, match="an ante of 30 is more than the 20 chips each player starts with"):
        get_rules("domino_pool", {"ante": 30})
    with pytest.raises(RulesError, match="an ante of 2 is more than the 1 chip each"):
        get_rules("domino_pool", {"chips": 1, "ante": 2})
    assert get_rules("domino_pool", {"chips": 5, "ante": 5}).ante == 5


# ----- Draw Dominoes beyond four -------------------------------------------------------------------------------


@pytest.mark.parametrize("players,hand", [(5, 7), (6, 6), (7, 5), (8, 5)])
def test_draw_dominoes_for_five_to_eight_is_double_nine(players: int, hand: int) -> None:
    rules = get_rules("draw_dominoes", {"players": players})
    assert (rules.max_pip, rules.hand_size) == (9, hand)
    d = seeded_deal(rules, 1, 0)
    assert all(len(h) == hand for h in d.hands) and len(d.boneyard) == 55 - players * hand
    g = GameState.new(rules, seed=1)
    assert g.round is not None and g.round.legal_actions()  # the highest double held leads
    assert T("9-9") in [t for h in d.hands for t in h] or g.round.lead_tile >= 0
