"""The Ordinary Boy's Game of seed 003, both modes and their variations, dealt by hand."""

from __future__ import annotations

from bones.engine import GameState, get_rules

from tests.kit import assert_refused, deal, legal, play

# A holds the highest double; B holds nothing with a one or a zero.
A = "6-6 6-1 1-1 1-0 0-0 3-2 2-2"
B = "6-5 5-5 5-4 4-4 4-3 3-3 5-3"


def test_french_mode_the_highest_double_plays_first_and_out_wins_the_game() -> None:
    g = GameState.new(get_rules("boys_french"), deals=[deal([A, B])])
    assert g.current_seat == 0 and legal(g) == ["6-6"]  # "The player holding the highest double then plays first"
    g = play(g, "6-6", "6-5 L", "6-1 R")  # ends 5 and 1
    g = play(g, "5-5 L")  # B keeps the fives
    g = play(g, "1-1 R", "5-4 L", "1-0 R")  # ends 4 and 0
    g = play(g, "4-4 L", "0-0 R")
    # B cannot follow 4... it can: 4-3; A's 3-2 then can follow the 3
    g = play(g, "4-3 L", "3-2 L", "pass")  # ends 2 and 0: B has neither ("a go")
    # "you can then play for him, until he can play": A plays again
    assert g.current_seat == 0 and legal(g) == ["2-2 L"]
    g = play(g, "2-2 L")
    # "When you have played all your dominoes out, you win the game": one round, one game, won
    assert g.over and g.winner == 0 and g.scores == (1, 0)
    assert g.results[-1].end == "out"


def test_french_mode_when_neither_can_play_the_fewest_pips_win() -> None:
    hands = ["6-6 6-0 0-0 5-5 5-4 4-4 1-0", "6-5 3-3 3-2 2-2 2-1 1-1 4-1"]
    g = play(GameState.new(get_rules("boys_french"), deals=[deal(hands)]), "6-6", "6-5 L", "6-0 R")
    # ends 5 and 0: B has neither, and says "go" after every tile A lays until a 4 shows
    g = play(g, "pass", "0-0 R", "pass", "5-5 L", "pass", "5-4 L", "4-1 L", "1-0 L")
    # both ends blank: neither can play. "when neither can play, he that has the lowest number of pips, not pieces,
    # wins the game": A's 4-4 (8) against B's five tiles (20)
    result = g.results[-1]
    assert (result.end, result.winner, result.pips_left) == ("blocked", 0, (8, 20))
    assert g.over and g.winner == 0 and g.scores == (1, 0)


def test_second_mode_a_double_keeps_the_turn_and_out_scores_the_other_hand() -> None:
    rules = get_rules("boys_game")
    g = GameState.new(rules, deals=[deal([A, B])])
    g = play(g, "6-6")
    assert g.current_seat == 0  # "when you play a double, and it is your turn, you can play it out and still keep your turn"
    g = play(g, "6-1 L")
    assert g.current_seat == 1
    g = play(g, "6-5 R", "1-1 L")
    assert g.current_seat == 0
    g = play(g, "1-0 L", "5-5 R")
    assert g.current_seat == 1
    g = play(g, "5-4 R", "0-0 L")
    assert g.current_seat == 0
    # A holds 3-2 and 2-2: ends 0 and 4 take neither ("a go"); B plays for both
    assert legal(g) == ["pass"]
    g = play(g, "pass", "4-4 R")
    assert g.current_seat == 1
    g = play(g, "4-3 R", "3-2 R", "pass", "2-2 R")
    # A went out: "he counts the number of pips in his adversary's hand, and scores them in his favour"
    result = g.results[-1]
    assert (result.end, result.winner) == ("out", 0)
    assert result.points == (3 + 3 + 5 + 3, 0)


def test_second_mode_after_a_go_the_other_plays_for_him_and_for_himself() -> None:
    # "When your adversary cannot play, you play for him, and for yourself too, before he can play again."
    a = "6-6 6-5 5-1 6-2 0-0 3-3 4-0"
    b = "2-1 3-2 4-3 4-4 1-1 2-2 1-0"  # no six, no five
    g = play(GameState.new(get_rules("boys_game"), deals=[deal([a, b])]), "6-6", "6-5 L")
    assert g.current_seat == 1 and legal(g) == ["pass"]
    g = play(g, "pass", "5-1 L")  # for him: ends 1 and 6, which B could now answer
    assert g.current_seat == 0 and legal(g) == ["6-2 R"]  # ... and for himself, before B plays again
    g = play(g, "6-2 R")
    assert g.current_seat == 1
    # a double laid for him keeps no turn of its own ("when you play a double, and it is your turn"): one more tile,
    # for himself, and then the other is asked
    g = play(GameState.new(get_rules("boys_game"), deals=[deal(["6-6 6-5 5-5 5-1 6-2 3-3 4-0", b])]), "6-6",
             "6-5 L", "pass", "5-5 L")
    assert g.current_seat == 0
    g = play(g, "5-1 L")
    assert g.current_seat == 1
    # the French mode plays for him only "until he can play": one tile, then he is asked again
    g = play(GameState.new(get_rules("boys_french"), deals=[deal([a, b])]), "6-6", "pass", "6-5 L", "pass",
             "5-1 L")
    assert g.current_seat == 1


def test_second_mode_neither_can_go_the_fewest_score_the_difference_or_everything() -> None:
    from bones.engine.scoring import settle

    # "the one who has the fewest left counts the other's numbers, and subtracts the number of his own"
    assert settle(get_rules("boys_game"), "blocked", None, (5, 12)).points == (7, 0)
    # "In one the winner of the game scores all the points left in his own hand (if any), as well as those in his
    # opponent's"
    own = get_rules("boys_game", {"winner_scores_own": True})
    assert settle(own, "blocked", None, (5, 12)).points == (17, 0)
    assert settle(own, "out", 0, (0, 12)).points == (12, 0)


def test_second_mode_neither_can_go_the_fewest_pips_count_not_the_fewest_pieces() -> None:
    # "the one who has the fewest left counts the other's numbers, and subtracts the number of his own": read as the
    # fewest pips, as the French mode says ("the lowest number of pips, not pieces"), so the balance is his
    a = "6-6 5-2 5-1 4-4 4-3 4-0 2-0"
    b = "5-5 5-0 3-2 3-0 2-2 2-1 1-1"  # no six
    g = play(GameState.new(get_rules("boys_game"), deals=[deal([a, b])]), "6-6")  # nobody can follow the 6-6
    result = g.results[-1]
    assert result.end == "blocked" and result.pips_left == (34, 32)
    assert [len(h) for h in result.hands_left] == [6, 7]
    assert result.winner == 1 and result.points == (0, 34 - 32)


def test_shut_the_game_after_a_go() -> None:
    # "when one player cannot go, the other is not bound to proceed, even if able, but can at once shut the game and
    # count"
    rules = get_rules("boys_game", {"shut": True})
    g = play(GameState.new(rules, deals=[deal([A, B])]), "6-6", "6-1 L", "6-5 R", "1-1 L", "1-0 L", "5-5 R",
             "5-4 R", "0-0 L")
    assert_refused(g, "shut", match="only right after the other side says \"go\"")
    g = play(g, "pass")
    assert "shut" in legal(g) and "4-4 R" in legal(g)
    g = play(g, "shut")
    result = g.results[-1]
    assert result.end == "blocked" and result.pips_left == (3 + 2 + 2 + 2, 8 + 7 + 6 + 8)


def test_drawing_variation_and_the_pose() -> None:
    # "permit the second player, if he chooses, to take all the dominoes but two ... and if one cannot play, he must
    # draw until he can do so"
    rules = get_rules("boys_game", {"draw": "optional"})
    g = play(GameState.new(rules, deals=[deal([A, B])]), "6-6", "6-1 L")
    assert "draw" in legal(g)
    # "The pose in this game is alternate, or is taken by the winner."
    assert get_rules("boys_game").next_leader == "alternate"
    assert get_rules("boys_game", {"pose": "winner"}).next_leader == "round_winner"
    assert get_rules("boys_game").target == 50  # "a definite number up, such as 30, 50, or 100"


def test_every_deal_of_the_french_mode_is_posed_by_the_highest_double_and_without_one_the_heaviest_tile() -> None:
    # "The player holding the highest double then plays first": a round dealt again after equal pips too
    a = "6-6 6-1 5-5 5-4 5-3 4-4 2-0"  # 37 dots once 6-6 and 6-1 are down
    b = "4-3 3-3 3-2 3-0 2-2 5-2 5-0"  # 37 dots, no six, no one
    again = deal(["2-1 5-0 5-1 5-2 6-0 6-2 6-6", "0-0 1-0 1-1 3-0 3-1 5-4 6-1"])
    g = play(GameState.new(get_rules("boys_french"), deals=[deal([a, b]), again]), "6-6", "pass", "6-1 L")
    assert g.results[0].end == "blocked" and g.results[0].winner is None and not g.over
    assert g.current_seat == 0 and legal(g) == ["6-6"]
    # no double dealt: the heaviest tile poses (the Block Game's "failing any double ..., the heavier domino")
    none = deal(["6-4 6-3 5-3 4-2 3-1 2-0 1-0", "6-5 6-2 5-4 5-2 4-1 3-2 6-0"])
    for rules_id in ("boys_french", "boys_game"):
        g = GameState.new(get_rules(rules_id), deals=[none])
        assert g.current_seat == 1 and legal(g) == ["6-5"]
