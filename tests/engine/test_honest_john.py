"""Honest John (seed 000), both versions, dealt by hand: the star of lines from the centre double, asking round the
table, selling (version 1) and giving (version 2), closed lines, the double rule, drawing one tile, the descending
doubles, and how rounds and games are settled."""

from __future__ import annotations

import json

import pytest

from bones.engine import GameState, get_rules, observe
from bones.engine.deal import Deal
from bones.engine.record import game_to_record, load
from bones.engine.replay import summary
from bones.engine.rules import RulesError
from bones.engine.scoring import settle
from bones.engine.tiles import tile_set

from tests.kit import T, assert_refused, deal, legal, play, tiles


def bolton(hands: list[str], chips: int = 20, rounds: int = 10) -> GameState:
    """Version 1 for four on the double-nine, hands as written (the option `hand_size`)."""
    rules = get_rules("honest_john", {"hand_size": len(hands[0].split()), "hands": rounds, "chips": chips})
    return GameState.new(rules, deals=[deal(hands, max_pip=9)])


def yates(hands: list[str], boneyard_first: str = "", more: tuple[Deal, ...] = ()) -> GameState:
    """Version 2 for three on the double-nine, hands as written; the boneyard starts with `boneyard_first`."""
    rules = get_rules("honest_john_2", {"players": 3, "hand_size": len(hands[0].split())})
    return GameState.new(rules, deals=[deal(hands, boneyard_first, 9), *more])


def ends(g: GameState) -> dict[str, int]:
    assert g.round is not None
    return g.round.ends_by_name()


# ----- version 1 (Bolton) -------------------------------------------------------------------------------------

def test_hands_by_players_twenty_chips_each_and_the_rest_set_aside() -> None:
    sizes = {n: get_rules("honest_john", {"players": n}).hand_size for n in range(4, 9)}
    assert sizes == {4: 11, 5: 9, 6: 8, 7: 7, 8: 6}  # "4 players draw 11 dominoes each" ... "8 players draw 6"
    assert get_rules("honest_john").max_pip == 9
    with pytest.raises(RulesError, match="4 to 8 players, not 3"):
        get_rules("honest_john", {"players": 3})
    g = GameState.new(get_rules("honest_john", {"players": 6}), seed=3)
    assert g.scores == (20,) * 6
    assert g.round is not None and g.round.boneyard_count == 55 - 6 * 8  # "set aside unseen"
    assert "draw" not in {a.kind for a in g.legal_actions()}


# Seat 0 sets the 9-9. Seat 1 buys 9-6 from seat 2, which holds three nines; seat 2 buys 8-7 from seat 1 past
# seats 3 and 0, which hold nothing for it; nobody can sell seat 3 a five, so its line is closed; seat 3 still
# sells seat 0 the 1-1; nobody sells seat 1 a five; seat 2 plays its last tile and takes a chip from each.
HANDS = ["9-9 9-1 2-0", "8-7 6-5 4-3", "9-8 9-7 9-6", "9-5 1-1 3-2"]


def test_the_highest_double_is_the_centre_and_play_goes_to_the_left() -> None:
    g = bolton(HANDS)
    assert g.current_seat == 0 and legal(g) == ["9-9"]  # "The holder of the highest double begins"
    g = play(g, "9-9")
    assert g.current_seat == 1  # "Play then continues clockwise around the table from this player"
    # "The tile next to the starting double which begins each player's line must match the number of the
    # starting double"
    assert ends(g) == {"S0": 9, "S1": 9, "S2": 9, "S3": 9}
    assert legal(g) == ["ask"]  # seat 1 holds no 9: "they must try to buy one"
    assert_refused(g, "pass", "draw", "8-7 S1", "8-7 S2")


def test_a_seller_chooses_the_tile_and_the_buyer_pays_a_chip() -> None:
    g = play(bolton(HANDS), "9-9", "ask")
    assert g.current_seat == 2 and observe(g, 3).asker == 1  # everyone sees who is asked, and by whom
    # "If the seller has several tiles that match, the seller chooses which of them to sell"
    assert legal(g) == ["sell 9-6 S1", "sell 9-7 S1", "sell 9-8 S1"]
    assert observe(g, 1).legal_actions() == [] and observe(g, 2).legal_actions() == g.legal_actions()
    assert_refused(g, "9-8 S2", "9-8", "ask", match="asked you for a tile")
    assert_refused(g, "sell 9-8 S2", match="line of the seat that asked")
    assert_refused(g, "give 9-8", match="sold")
    g = play(g, "sell 9-6")
    # "The buyer adds it to their line and gives the seller one chip"; then "the turn passes to the next player to
    # the left" of the buyer
    assert ends(g)["S1"] == 6 and g.totals() == (20, 19, 21, 20)
    assert g.current_seat == 2 and legal(g) == ["9-7 S2", "9-8 S2"]
    assert_refused(g, "9-8 S1", match="another seat's line")


def test_a_sale_of_a_tile_of_a_seat_further_round_names_the_seat_that_sells() -> None:
    # seat 1 asks for a 9: seat 3 holds 9-5, but seat 2, the first to its left holding a 9, is the one who sells
    g = play(bolton(HANDS), "9-9", "ask")
    assert_refused(g, "sell 9-5", "sell 9-5 S1", match=r"^9-5 is not in the hand of seat 2, the first seat to seat "
                   r"1's left that holds a tile for S1 \(it sells one of its own\)$")
    assert_refused(g, "sell 10-9", match="^10-9 is not a tile of the double-nine set")


def test_the_whole_round_a_closed_line_still_sells_and_the_winner_takes_a_chip_from_each() -> None:
    g = play(bolton(HANDS), "9-9", "ask", "sell 9-6", "9-8 S2", "9-5 S3", "9-1 S0", "6-5 S1", "ask")
    # seat 2 needs an 8: seats 3 and 0 hold none and are passed by; seat 1 must sell
    assert g.current_seat == 1 and legal(g) == ["sell 8-7 S2"]
    g = play(g, "sell 8-7", "ask")
    # nobody holds a 5 for seat 3: "they turn the last tile of their line face down"
    assert "S3" not in ends(g) and g.current_seat == 0
    assert observe(g, 0).asker is None
    g = play(g, "ask")
    assert g.current_seat == 3 and legal(g) == ["sell 1-1 S0"]  # "they can still earn chips by selling"
    g = play(g, "sell 1-1", "ask")
    assert "S1" not in ends(g) and g.current_seat == 2  # seat 3's turn is skipped from now on: its line is closed
    g = play(g, "9-7 S2")  # seat 2's last tile
    result = g.results[0]
    assert (result.end, result.winner) == ("out", 2)
    # each seat's chips in the round: what it sold, less what it bought, and one from each loser to the winner
    assert result.points == (-1 - 1, -1 + 1 - 1, 1 - 1 + 3, 1 - 1)
    assert g.scores == (18, 19, 23, 20) and sum(g.scores) == 80


def test_a_tile_written_without_its_line_is_refused_for_the_seats_own_line() -> None:
    # seat 1's line shows 6 and seat 2's shows 8: 8-7 fits seat 2's line, but "Each player builds their own line",
    # so the refusal names seat 1's own line, not "any open end" beside a list that shows the 8 it would fit
    g = play(bolton(HANDS), "9-9", "ask", "sell 9-6", "9-8 S2", "9-5 S3", "9-1 S0")
    assert g.current_seat == 1 and ends(g) == {"S0": 1, "S1": 6, "S2": 8, "S3": 5}
    assert_refused(g, "8-7", match="^8-7 does not fit your line S1, which shows 6$")


def test_selling_the_last_tile_wins_the_round() -> None:
    # seat 2 plays 9-2 and keeps 2-1; nobody can sell seats 3 and 0 a nine; seat 1 needs a 1 and buys 2-1 from seat 2
    g = play(bolton(["9-9 0-0", "9-1 5-5", "9-2 2-1", "7-7 6-6"]), "9-9", "9-1 S1", "9-2 S2", "ask", "ask")
    assert "S3" not in ends(g) and "S0" not in ends(g)
    assert g.current_seat == 1 and legal(g) == ["ask"]
    g = play(g, "ask", "sell 2-1")
    # "As soon as a player gets rid of their last tile, either by playing it on their own line or by selling it"
    assert g.results[0].end == "out" and g.results[0].winner == 2
    assert g.scores == (19, 18, 24, 19)


def test_nothing_fits_any_free_end_and_nobody_wins() -> None:
    g = play(bolton(["9-9 0-0", "1-1 2-2", "3-3 4-4", "5-5 6-6"]), "9-9")
    # "none of the tiles held match any of the free ends of the lines, the play ends without a winner"
    result = g.results[0]
    assert (result.end, result.winner, result.points) == ("blocked", None, (0, 0, 0, 0))


def test_a_player_with_no_chip_left_owes() -> None:
    g = play(bolton(HANDS, chips=1, rounds=1), "9-9", "ask", "sell 9-6", "9-8 S2", "9-5 S3", "9-1 S0", "6-5 S1",
             "ask", "sell 8-7", "ask", "ask", "sell 1-1", "ask", "9-7 S2")
    # seat 0 paid its one chip for the 1-1 and still owes the winner one (chosen: docs/rules.md)
    assert g.scores == (-1, 0, 4, 1) and g.over and g.winner == 2  # "the player with most chips is the winner"


def test_a_record_of_buying_and_selling_round_trips() -> None:
    g = play(bolton(HANDS), "9-9", "ask", "sell 9-6", "9-8 S2", "9-5 S3", "9-1 S0", "6-5 S1", "ask", "sell 8-7")
    doc = json.loads(json.dumps(game_to_record(g)))
    assert doc["rounds"][0]["actions"] == ["9-9", "ask", "sell 9-6 S1", "9-8 S2", "9-5 S3", "9-1 S0", "6-5 S1",
                                           "ask", "sell 8-7 S2"]
    again = load(doc)
    assert summary(again) == summary(g) and again.totals() == (20, 20, 20, 20)


# ----- version 2 (Russell Yates-Aylott) -----------------------------------------------------------------------

def test_version_2_sizes_and_sets() -> None:
    assert {n: get_rules("honest_john_2", {"players": n}).max_pip for n in range(3, 9)} == \
        {3: 9, 4: 9, 5: 9, 6: 12, 7: 12, 8: 12}  # "a double-12 set ... for more than 5 players"
    assert get_rules("honest_john_2", {"players": 5}).hand_size == 9  # "each player draws a hand of 9 tiles"
    assert get_rules("honest_john_2", {"players": 8, "set": 18}).hand_size == 15  # "larger hands" (chosen)
    rules = get_rules("honest_john_2", {"players": 4})
    assert rules.kept_back == 4  # "The last 4 tiles are never drawn"


# Seat 0 sets 9-9 and plays 9-3 on it; seat 1 plays 9-5; seat 2 has no nine, draws 7-0, and nobody can give it
# one; seat 0's 3 is new, so only the 3-3 continues it: seat 0 draws 6-0 and seat 2 must give the 3-3 (not 3-2).
V2_HANDS = ["9-9 9-3 1-0", "9-5 5-5 5-4", "8-8 3-3 3-2"]


def test_the_starter_plays_on_the_centre_double_and_a_new_number_waits_for_its_double() -> None:
    g = yates(V2_HANDS, "7-0 6-0 9-2")
    g = play(g, "9-9")
    # "The holder of the starting double ... must then play a matching tile on it if they can"
    assert g.current_seat == 0 and legal(g) == ["9-3 S0"]
    g = play(g, "9-3 S0", "9-5 S1")
    assert g.current_seat == 2 and legal(g) == ["draw"]  # "if more than four tiles remain ... they must draw"
    g = play(g, "draw")
    assert g.current_seat == 2 and legal(g) == ["ask"]  # the 7-0 does not fit: ask, do not draw again
    assert_refused(g, "draw", match="one tile is drawn a turn")
    g = play(g, "ask")
    # nobody holds a nine: "they must pass their turn and the next person plays"; the line stays open
    assert g.current_seat == 0 and ends(g) == {"S0": 3, "S1": 5, "S2": 9}
    g = play(g, "draw", "ask")
    # "Whenever a new number appears in the layout, the double of that number must be played before any line
    # ending in that number can be continued with any other tile": seat 2 holds 3-3 and 3-2 and must give the 3-3
    assert g.current_seat == 2 and legal(g) == ["give 3-3 S0"]
    assert_refused(g, "give 3-2", match="takes only the 3-3")
    # "sell" where tiles are given names a tile that may be given, not the one named (the 3-2 may not)
    assert_refused(g, "sell 3-2", match=r"a tile asked for is given: 'give 3-3'$")
    assert_refused(g, "sell 3-3", match=r"a tile asked for is given: 'give 3-3'$")
    g = play(g, "give 3-3")
    assert g.current_seat == 1 and g.totals() == (0, 0, 0)  # a gift costs nothing
    assert legal(g) == ["5-5 S1"]  # 5-4 waits for the 5-5 too
    g = play(g, "5-5 S1")
    assert g.current_seat == 2 and legal(g) == ["draw"]
    g = play(g, "draw")
    assert legal(g) == ["9-2 S2"]  # "draw a tile from the stack and play it on their line if possible"


def test_the_starter_with_nothing_to_play_on_the_centre_passes() -> None:
    g = play(yates(["9-9 1-0 2-0", "9-5 5-5 5-4", "8-8 3-3 3-2"]), "9-9")
    assert g.current_seat == 0 and legal(g) == ["pass"]  # "if they can": the centre is not a turn to draw or ask
    g = play(g, "pass")
    assert g.current_seat == 1


def test_the_starting_doubles_own_number_needs_no_double() -> None:
    # the 9-9 in the centre is the double of the number every line starts from: any nine may follow it
    g = play(yates(["9-9 9-3 1-0", "9-5 5-5 5-4", "8-8 3-3 3-2"]), "9-9", "9-3 S0")
    assert legal(g) == ["9-5 S1"]


# Seat 0 sets 9-9 and has no nine to play on it; seat 2's 3 waits for the 3-3; seat 1 draws the 5-5 its 5 waits for
# and plays it; seat 2 draws 6-0 and asks: seat 1 must give its last tile, the 3-3.
GIFT = (["9-9 1-0", "9-5 3-3", "9-3 8-8"], "7-0 5-5 6-0")
GIFT_PLAYS = ("9-9", "pass", "9-5 S1", "9-3 S2", "draw", "ask", "draw", "5-5 S1", "draw", "ask")


def test_giving_the_last_tile_empties_the_hand() -> None:
    g = play(yates(*GIFT), *GIFT_PLAYS)
    assert g.current_seat == 1 and legal(g) == ["give 3-3 S2"]
    g = play(g, "give 3-3")
    result = g.results[0]
    assert (result.end, result.winner) == ("out", 1)  # "a player manages to empty their hand"
    # "The winner of the round scores the total number of pips on the remaining tiles of all the players who did not
    # win, less the number of pips on their own remaining tiles (if any)"
    assert result.points == (0, (1 + 7) + (16 + 6), 0)


def stalemate_hands() -> list[list[str]]:
    """Three hands of 17 that leave only the kept-back four in the stock (1-1, 2-2, 3-3, 9-4, drawn never)."""
    kept = {T("1-1"), T("2-2"), T("3-3"), T("9-4")}
    first = [["9-9", "9-1"], ["9-2"], ["9-3"]]
    named = {T(x) for h in first for x in h}
    rest = [t for t in tile_set(9) if t not in kept and t not in named]
    hands = []
    for h in first:
        take, rest = rest[:17 - len(h)], rest[17 - len(h):]
        hands.append(h + [str(t) for t in take])
    return hands


def test_a_stalemate_with_no_hand_under_ten_has_no_winner() -> None:
    hands = stalemate_hands()
    rules = get_rules("honest_john_2", {"players": 3, "hand_size": 17})
    g = GameState.new(rules, deals=[Deal(tuple(tiles(*h) for h in hands), tiles("1-1 2-2 3-3 9-4"))])
    assert g.round is not None and not g.round.can_draw()
    g = play(g, "9-9", "9-1 S0", "9-2 S1", "9-3 S2")
    # the lines show 1, 2 and 3, each waiting for its double, and every double of them is among the last four:
    # "all playable pieces are trapped in the last 4 dominoes that cannot be drawn"
    result = g.results[0]
    assert result.end == "blocked" and result.winner is None and result.points == (0, 0, 0)


def test_a_stalemate_is_won_under_ten_pips_and_ties_share() -> None:
    rules = get_rules("honest_john_2", {"players": 3})
    one = settle(rules, "blocked", None, (8, 20, 31))
    assert (one.winner, one.points) == (0, (20 + 31 - 8, 0, 0))
    tie = settle(rules, "blocked", None, (6, 6, 30))  # "there could be more than one winner"
    assert tie.winner is None and tie.points == (24, 24, 0)
    assert settle(rules, "blocked", None, (10, 12, 30)).points == (0, 0, 0)  # "provided ... less than 10"


def test_going_out_wins_alone_beside_a_hand_of_only_the_double_blank() -> None:
    # "If a player managed to play all their tiles, that wins the round": the 0-0 left in a hand counts 0 for the
    # winner, and its holder, who still holds a tile, wins nothing (ties are for a stalemate)
    g = yates(["9-9 9-1 1-1", "9-2 0-0 9-3", "8-7 6-5 4-3"], "7-6")
    g = play(g, "9-9", "9-1 S0", "9-2 S1", "draw", "ask", "give 9-3", "1-1 S0")
    result = g.results[0]
    assert result.end == "out" and result.pips_left == (0, 0, 8 + 7 + 7 + 6 + 6 + 5 + 4 + 3)
    assert result.winner == 0 and result.points == (46, 0, 0)


def _deal(hands: list[str], boneyard_first: str = "") -> Deal:
    return deal(hands, boneyard_first, 9)


def test_each_round_starts_from_the_next_double_down_and_the_game_ends_when_none_is_held() -> None:
    # round 2: nobody holds the 8-8 (it is in the stock), so the 7-7 starts; round 3: no hand holds a double
    # below 7: the game is over
    second = _deal(["7-7 7-0", "1-0 2-0", "3-0 4-0"], "8-8")
    third = _deal(["1-0 2-0", "3-0 4-0", "5-0 6-0"])
    g = play(yates(*GIFT, more=(second, third)), *GIFT_PLAYS, "give 3-3")
    assert len(g.results) == 1 and not g.over
    # "the starting double is the next double below the one that was used to start the previous round ... if no one
    # has it then the [4-4] and so on"
    assert g.current_seat == 0 and legal(g) == ["7-7"]
    g = play(g, "7-7", "7-0 S0")
    assert g.results[-1].winner == 0 and g.results[-1].points == (3 + 7, 0, 0)
    # "the game may end earlier, for example if after the [2-2] round when tiles are drawn it turns out that the
    # [1-1] and the [0-0] are both in the boneyard"
    assert g.over and g.winner == 1 and g.scores == (10, 30, 0)
    doc = json.loads(json.dumps(game_to_record(g)))
    assert len(doc["rounds"]) == 3 and doc["rounds"][2]["actions"] == []  # the deal that ended it is written
    assert summary(load(doc)) == summary(g)


def test_the_0_0_round_is_the_last() -> None:
    rules = get_rules("honest_john_2", {"players": 3, "hand_size": 2})
    deals = [_deal(["1-1 1-0", "2-0 3-0", "4-0 5-0"]), _deal(["0-0 6-0", "7-0 8-0", "9-0 2-1"]),
             _deal(["9-9 6-0", "7-0 8-0", "9-0 2-1"])]
    g = play(GameState.new(rules, deals=deals), "1-1", "1-0 S0")
    assert not g.over and legal(g) == ["0-0"]
    g = play(g, "0-0", "6-0 S0")
    assert g.over and len(g.results) == 2  # "The final round is started by the [0-0]"


def test_every_round_of_version_2_opens_with_a_forced_double() -> None:
    # the opening rule lays the first round's tile, the next double down every later one: nobody chooses a lead
    # (`bones bench` looks for leads to time Expert on, and must not look here)
    from bones.tournament.speed import free_lead

    rules = get_rules("honest_john_2")
    assert all(rules.lead_is_forced(i, end) for i, end in ((0, None), (1, "out"), (2, "blocked")))
    assert not free_lead(rules) and not free_lead(get_rules("honest_john"))


def test_options_of_honest_john_are_checked() -> None:
    with pytest.raises(RulesError, match="'hands' must be at least 1"):
        get_rules("honest_john", {"hands": 0})  # no ante: "until a player cannot ante" means nothing here
    with pytest.raises(RulesError, match="unknown option 'target'"):
        get_rules("honest_john_2", {"target": 100})  # the game runs down the doubles
    with pytest.raises(RulesError, match="need 96 tiles"):
        get_rules("honest_john_2", {"players": 8, "set": 9, "hand_size": 12})
    assert get_rules("honest_john", {"chips": 5, "hands": 3}).options() == {"chips": 5, "hands": 3}


@pytest.mark.parametrize("text,says", [("sell 4-4", "sold"), ("give 4-4", "given")])
def test_selling_or_giving_in_a_game_without_asking_says_nobody_asks_there(text: str, says: str) -> None:
    """Only Honest John asks round the table: elsewhere 'sell 4-4' is refused as a thing the game does not do,
    not as a sale nobody has asked for yet, and the game is unchanged."""
    assert_refused(GameState.new(get_rules("draw"), seed=1), text,
                   match=f"^nobody asks for a tile in Draw: tiles are laid, not {says}$")
