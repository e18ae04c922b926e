"""`bones play`: what a player types, and what the terminal says when the game is left."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path
from typing import Callable

import pytest

from bones.cli.main import main
from bones.cli.play_cmd import _a, play


def scripted(answers: list[str]) -> Callable[[str], str]:
    it = itertools.chain(answers, itertools.repeat("1"))
    return lambda prompt: next(it)


def test_a_superscript_digit_is_not_a_move_and_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """'²' passes str.isdigit but int() refuses it: it is answered as any other text that is not a move."""
    assert play("draw", "beginner", 3, None, read=scripted(["²", "q"])) == 0
    out = capsys.readouterr().out
    assert "'²' is not a move" in out and "Game left unfinished." in out


def test_the_seed_line_gives_the_command_that_deals_this_game_again(capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`bones play --seed 5` alone deals a game of Draw: the line names the game, the level, the seats and the
    options too, and that command deals the same hands."""
    options = {"players": 3, "claims": True}
    assert play("muggins", "easy", 5, options, read=scripted(["q"])) == 0
    first = capsys.readouterr().out
    said = first.split("Seed 5: `")[1].split("`")[0]
    assert said == "bones play --rules muggins --level easy --seed 5 --players 3 --option claims=true"
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(said.split()[1:]) == 0
    again = capsys.readouterr().out
    hand = [line for line in first.splitlines() if "Your hand:" in line][0]
    assert hand in again and said in again


def test_ctrl_c_leaves_the_game_saying_so_and_the_seed_then_writes_the_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Ctrl+C at the prompt is a way of leaving: the seed of a game dealt at random would be lost otherwise."""
    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    path = tmp_path / "left.json"
    assert play("muggins", "beginner", 77, None, read=read, record=str(path)) == 130
    out = capsys.readouterr().out
    left = out.index("Game left unfinished. Seed 77: `bones play --rules muggins")
    assert left < out.index("Record written to") and path.exists()


def test_a_tie_at_a_table_of_more_than_two_names_the_seats_tied_at_the_top(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two of four tied for the most chips: 'A tie: nobody wins.' said neither which two nor that the others lost."""
    assert play("domino_pool", "easy", 7, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    result, seed_line = out.rstrip().split("\n\n")[-2:]  # the result, then how to deal the game again
    assert result == ("Game over: You 18 chips – Computer 1 22 chips – Computer 2 22 chips – Computer 3 18 chips. "
                      "A tie at the top between Computer 1 and Computer 2 (22 chips): nobody wins.")
    assert seed_line.startswith("Seed 7: ")


def test_a_claim_may_follow_a_number_from_the_menu(capsys: pytest.CaptureFixture[str]) -> None:
    """With claims, the points are added to the move: '2 +5' plays the menu's second move claiming 5 (it was
    refused as not a move, though the prompt asks for a number or the text)."""
    # Muggins, seed 5: the Computer sets 6-6; the menu is 1) 6-5 L  2) 6-5 R (a claim of 5 there is wrong, and said so)
    assert play("muggins", "beginner", 5, {"claims": True}, read=scripted(["2 +5", "9 +5", "q"])) == 0
    out = capsys.readouterr().out
    assert "You play 6-5 on R, claiming 5." in out and "is not a move" not in out
    assert "Choose a number from 1 to" in out
    # without claims a number takes nothing after it
    assert play("muggins", "beginner", 5, None, read=scripted(["2 +5", "q"])) == 0
    assert "'2 +5' is not a move" in capsys.readouterr().out
    # a terminal QA pass: '2+5', with no space, is the same move and claim
    assert play("muggins", "beginner", 5, {"claims": True}, read=scripted(["2+5", "q"])) == 0
    assert "You play 6-5 on R, claiming 5." in capsys.readouterr().out


def test_eleven_and_eighteen_are_asked_for_with_an(capsys: pytest.CaptureFixture[str]) -> None:
    """On the double-twelve (Honest John 2 at six) a line may want an 11: it said "for a 11"."""
    assert play("honest_john_2", "beginner", 1, {"players": 6}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "round the table for an 11" in out and "for a 11" not in out and "for a 18" not in out
    assert [_a(w) for w in ("1", "8", "10", "11-11", "18", "18-18")] == \
        ["a 1", "an 8", "a 10", "an 11-11", "an 18", "an 18-18"]  # the double-eighteen's waiting doubles too


def test_a_number_too_long_to_read_is_outside_the_menu_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """Python reads no whole number of more than 4300 digits (int() raised ValueError)."""
    assert play("draw", "beginner", 3, None, read=scripted(["1" * 5000, "q"])) == 0
    assert "Choose 1 (the only move), or write the move." in capsys.readouterr().out


def test_a_number_outside_a_menu_of_one_move_is_not_asked_from_1_to_1(capsys: pytest.CaptureFixture[str]) -> None:
    """A menu of a single move answered a 2 with "Choose a number from 1 to 1"."""
    assert play("draw", "beginner", 3, None, read=scripted(["2", "q"])) == 0
    out = capsys.readouterr().out
    assert "You may play: 1) " in out and "  2) " not in out.split("You may play: ")[1].split("\n")[0]
    assert "Choose 1 (the only move), or write the move." in out and "from 1 to 1" not in out
    assert play("muggins", "beginner", 5, None, read=scripted(["9", "q"])) == 0  # two moves: a number from 1 to 2
    assert "Choose a number from 1 to 2, or write the move." in capsys.readouterr().out


def test_a_tile_laid_either_way_round_says_which_half_faces_out() -> None:
    """Matadore: a trump may lie either way round on an end (the menu's 'L:5'); the line saying what was played
    says which half faces out, not only the end."""
    from bones.cli.play_cmd import describe
    from tests.kit import random_game

    for seed in range(40):
        game = random_game("matadore", seed, 6)
        if game.over or game.current_seat is None:
            continue
        either = [a for a in game.legal_actions() if a.out is not None]
        if either:
            after = game.apply(either[0])
            assert describe(game, after, "You") == f"You play {either[0].tile} on {either[0].end} " \
                f"({either[0].out} facing out)."
            return
    raise AssertionError("no position with a tile that lies either way round")


def test_a_hand_of_one_pip_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    """The hands at a round's end: "Computer 1 1 pip", not "1 pips" (Sebastopol, seed 5, a hand left with 1-0)."""
    assert play("sebastopol", "easy", 5, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer 1 1 pip (1-0), " in out and " 1 pips" not in out  # each hand's tiles after its pips
    assert "Computer 2 0 pips" in out  # none is plural, as are two and more


def test_a_tile_sold_or_given_to_you_says_you_in_lower_case(capsys: pytest.CaptureFixture[str]) -> None:
    """Honest John: "Computer 1 sells 7-2 to you", not "to You", in the middle of a sentence."""
    assert play("honest_john", "easy", 5, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer 1 sells 7-2 to you for a chip; it goes on your line." in out and " to You" not in out
    assert play("honest_john_2", "easy", 5, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer 3 gives 2-2 to you; it goes on your line." in out and " to You" not in out


def test_a_tile_you_do_not_hold_is_refused_as_not_in_your_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """A tile typed without its end is refused for not being held before anything is said of the ends: "6-6 does
    not fit any open end" sent the player looking at the ends for a tile that was never theirs."""
    assert play("muggins", "easy", 4, None, read=scripted(["6-6", "6-6 L", "q"])) == 0  # the ends show 5 and 5
    out = capsys.readouterr().out
    assert out.count("Not allowed: 6-6 is not in your hand.") == 2 and "does not fit" not in out
    assert play("muggins", "easy", 4, None, read=scripted(["4-3", "q"])) == 0
    assert "Not allowed: 4-3 does not fit any open end (L shows 5, R shows 5)." in capsys.readouterr().out


def test_a_tile_of_another_set_is_refused_as_no_tile_of_this_game(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Play-testing: "6-7" typed at a double-six game was refused as "7-6 is not in your hand", as if some other
    hand might hold it; the table already said it is no tile of the set. The terminal and `bones replay` say so too."""
    assert play("muggins", "easy", 4, None, read=scripted(["6-7", "7-6 L", "q"])) == 0
    out = capsys.readouterr().out
    assert out.count("Not allowed: 7-6 is not a tile of the double-six set: its halves show 0 to 6.") == 2
    record = {"format": "bones-record/1", "rules": "draw", "seed": 3, "rounds": [{"actions": ["9-9"]}]}
    path = tmp_path / "nine.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"] == "9-9 is not a tile of the double-six set: its halves show 0 to 6"


def test_a_go_names_a_game_called_the_something_in_lower_case(capsys: pytest.CaptureFixture[str]) -> None:
    """"nobody draws in the Boy's Game", not "in The Boy's Game" (`Rules.name_in_sentence`, as the table says it)."""
    assert play("boys_game", "easy", 4, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer says \"go\": nothing fits and nobody draws in the Boy's Game." in out
    assert "in The " not in out


def test_three_ends_a_draw_could_not_answer_are_listed_with_one_or(capsys: pytest.CaptureFixture[str]) -> None:
    """"cannot play on 0, 1 or 4", not "on 0 or 1 or 4" (Five Up, seed 6, three ends open)."""
    assert play("five_up", "easy", 6, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer cannot play on 0, 1 or 4 and draws a tile." in out and " or 1 or " not in out


def test_the_menu_says_what_a_trumps_colon_means(capsys: pytest.CaptureFixture[str]) -> None:
    """Matadore's menu lists '6-1 L:6' and '6-1 L:1': what the half after the colon means is said under it, not
    left to a refusal."""
    assert play("matadore", "easy", 3, None, read=scripted(["1", "q"])) == 0
    out = capsys.readouterr().out
    assert "4) 6-1 L:6  5) 6-1 L:1" in out and "\n   '6-1 L:6' lays 6-1 on L with its 6 facing out.\n" in out
    assert play("draw", "easy", 3, None, read=scripted(["1", "q"])) == 0
    assert "facing out" not in capsys.readouterr().out


def test_enter_alone_asks_again_without_calling_nothing_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert play("draw", "easy", 3, None, read=scripted(["", "   ", "q"])) == 0
    out = capsys.readouterr().out
    assert "is not a move" not in out and "''" not in out and "Game left unfinished." in out


def test_a_refusal_names_a_game_called_the_something_in_lower_case(capsys: pytest.CaptureFixture[str]) -> None:
    """The engine's refusals say the game's name mid-sentence: "nobody draws in the Block Game", not "in The Block
    Game", in `bones play` and in `bones replay`'s error alike."""
    assert play("block_game", "easy", 6, None, read=scripted(["draw", "shut", "q"])) == 0
    out = capsys.readouterr().out
    assert "Not allowed: nobody draws in the Block Game: with nothing that fits, pass." in out
    assert "Not allowed: nobody shuts the game in the Block Game." in out and "in The " not in out
    from bones.engine import game_to_record, new_game
    from bones.engine.replay import replay_text

    record = game_to_record(new_game("boys_game", 6))
    record["rounds"][0]["actions"] = ["muggins"]
    status, result = replay_text(json.dumps(record))
    assert status == 2 and result["error"]["message"] == \
        "nobody says muggins in the Boy's Game: nothing scores during play"
    game = new_game("block", 4)
    record = game_to_record(game)
    record["rounds"][0]["actions"] = [f"{game.legal_actions()[0]} +5"]  # a claim, where nothing scores
    status, result = replay_text(json.dumps(record))
    assert status == 2 and result["error"]["message"].startswith("nothing is claimed in Block: nothing scores")


def test_the_french_mode_says_the_round_is_the_game_not_to_1(capsys: pytest.CaptureFixture[str]) -> None:
    """The French Boy's Game is one round, won or lost: its scores read "(the round won is the game)", not "(to 1)";
    played to a target (`--option target=5`), they read "(to 5)"."""
    assert play("boys_french", "easy", 4, None, read=scripted(["q"])) == 0
    out = capsys.readouterr().out
    assert "round 1 · You 0 – Computer 0 (the round won is the game)" in out and "(to 1)" not in out
    assert play("boys_french", "easy", 4, {"target": 5}, read=scripted(["q"])) == 0
    assert "(to 5)" in capsys.readouterr().out


def test_a_computers_draws_in_a_row_are_said_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Six draws at will were six copies of "Computer draws a tile (drawing is allowed at any time …)": a run of
    draws is one line with its count, then what the seat did next."""
    assert play("boys_game", "easy", 4, {"draw": "optional"}, read=scripted(["1", "q"])) == 0
    out = capsys.readouterr().out
    assert "   Computer draws 6 tiles (drawing is allowed at any time in the Boy's Game).\n" \
        "   Computer plays 3-1 on L.\n" in out
    assert "Computer draws a tile" not in out
    assert play("draw_dominoes", "easy", 6, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer cannot play on 1 or 2 and draws 4 tiles." in out and "Game over:" in out


def test_a_wrong_claim_at_a_table_of_three_names_the_seat_it_goes_to(capsys: pytest.CaptureFixture[str]) -> None:
    """At three, a wrong claim's points go to the next seat: "the other side" named nobody."""
    assert play("muggins", "easy", 4, {"players": 3, "claims": True}, read=scripted(["1 +5", "q"])) == 0
    out = capsys.readouterr().out
    assert "You play 4-2 on L, claiming 5. Computer 1 +5. The claim was wrong: it is marked to Computer 1." in out


def test_muggins_at_a_table_of_three_takes_from_the_seat_before_not_the_other_side(
        capsys: pytest.CaptureFixture[str]) -> None:
    """At three there is no "other side": "muggins" takes what the seat before laid and did not claim."""
    assert play("muggins", "easy", 4, {"players": 3, "claims": True}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "or say 'muggins' to take points the seat before you laid and did not claim." in out
    assert "Computer 1 says \"muggins\": the points you did not claim are taken. Computer 1 +10." in out  # QA: named
    assert "other side" not in out
    assert play("muggins", "easy", 4, {"claims": True}, read=scripted(["q"])) == 0  # two: the other side, as before
    assert "or say 'muggins' to take points the other side laid and did not claim." in capsys.readouterr().out


def test_a_mistyped_play_is_answered_with_what_is_wrong_in_it(capsys: pytest.CaptureFixture[str]) -> None:
    """A play whose half facing out is not a half of its tile, or whose claim is not a number, is answered with
    that reason (as `bones replay` gives it), not only "is not a move"; the words for claims and for selling stay
    out of a game that has neither."""
    assert play("matadore", "easy", 3, None, read=scripted(["1", "6-1 L:3", "6-1 R +x", "q"])) == 0
    out = capsys.readouterr().out
    assert "'6-1 L:3': 3 is not a half of 6-1. Write its number" in out
    assert "'6-1 R +x' is not a move: write its number" in out and "a claim is" not in out
    assert play("muggins", "beginner", 5, {"claims": True}, read=scripted(["6-5 R +x", "q"])) == 0
    assert "'6-5 R +x': a claim is a number of points, like '+10'. Write its number" in capsys.readouterr().out


def test_help_shows_the_moves_again(capsys: pytest.CaptureFixture[str]) -> None:
    """'help' (or '?') lists the moves again and says how to write one, instead of calling it no move."""
    assert play("matadore", "easy", 3, None, read=scripted(["help", "?", "q"])) == 0
    out = capsys.readouterr().out
    assert "is not a move" not in out
    assert out.count("Write a move's number, or its text as listed") == 2 and out.count("   You may ") >= 3


def test_a_move_refused_while_a_computer_asks_you_for_a_tile_names_that_computer(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Honest John: typing a draw, a pass or a play when Computer 3 has asked you for a tile said "seat 3 asked
    you for a tile", a number the terminal calls a seat by nowhere else."""
    assert play("honest_john", "easy", 54, None, read=scripted(["draw", "9-7", "sell 1-0 S3", "q"])) == 0
    out = capsys.readouterr().out
    assert "Computer 3 asks you for a tile for its line: you must sell one." in out
    assert out.count("Not allowed: Computer 3 asked you for a tile: sell one that fits its line, like "
                     "'sell 9-3'.") == 2
    assert "Not allowed: 1-0 is not in your hand: sell one that fits Computer 3's line, like 'sell 9-3 S3'." in out
    assert "seat 3" not in out


def test_a_game_named_with_a_comma_closes_it_with_another_before_more_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"Block, playing on against beginner.", "Block, playing on is played by 2 to 4 players", "in Honest John,
    version 2 a tile asked for is given", "Expert does not play Block, playing on with 4 players": a name with a
    comma in it is closed by another when the sentence goes on (as the table says it, `words.subject`)."""
    assert play("block_play_on", "beginner", 5, {"players": 3}, read=scripted(["q"])) == 0
    assert capsys.readouterr().out.startswith("Block, playing on: you against 2 computers at Beginner. ")
    assert main(["play", "--rules", "block_play_on", "--players", "1"]) == 2
    assert "bones play: Block, playing on, is played by 2 to 4 players, not 1" in capsys.readouterr().err
    assert play("honest_john_2", "easy", 2, None, read=scripted(["1", "sell 1-1", "q"])) == 0
    assert "Not allowed: in Honest John, version 2, a tile asked for is given" in capsys.readouterr().out
    assert play("block_play_on", "expert", 5, {"set": 12}, read=scripted(["q"])) == 0
    assert "Expert does not play Block, playing on, with 4 players (" in capsys.readouterr().out


def test_a_run_of_your_forced_draws_shows_the_table_once(capsys: pytest.CaptureFixture[str]) -> None:
    """Play-testing: each draw made for you reprinted the whole table (at eight seats, a screen a tile), while a
    computer's run of draws was one line. The table shows once, then a line a tile, then again when you may play."""
    assert play("draw", "easy", 1, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert ("   Your hand: 6-3 3-3 1-1\n"
            "   You cannot play on 4 or 5 and draw a tile. You drew 3-2.\n"
            "   You cannot play on 4 or 5 and draw a tile. You drew 5-0.\n\n"
            "── Draw, round 1") in out


def test_the_game_opens_with_who_plays_whom(capsys: pytest.CaptureFixture[str]) -> None:
    """The first line says who sits against whom and at what level: partners by name (seat 2 plays with you)."""
    assert play("partnership_block", "hard", 2, None, read=scripted(["q"])) == 0
    assert capsys.readouterr().out.startswith(
        "Four-handed Block: you and Computer 2 (your partner) against Computer 1 and Computer 3, all at Hard. ")
    assert play("domino_pool", "beginner", 2, {"players": 5}, read=scripted(["q"])) == 0
    assert capsys.readouterr().out.startswith("Domino Pool: you against 4 computers at Beginner. ")


def test_seats_may_be_given_as_the_tournament_names_them(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`bones tournament --seats 5` and `bones play --seats 5` (or `--players 5`) seat the same table."""
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--rules", "domino_pool", "--seats", "5", "--level", "easy", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Domino Pool: you against 4 computers at Easy.")
    assert main(["deal", "--rules", "domino_pool", "--seats", "5", "--seed", "3"]) == 0
    assert len(json.loads(capsys.readouterr().out)["rounds"][0]["hands"]) == 5


def test_a_sale_that_ends_the_round_says_where_its_chip_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """Play-testing: every sale in Honest John is followed by the chips it moved ("You -1. Computer 1 +1."), but the
    one that ends a round was not, as if it had cost nothing."""
    assert play("honest_john", "easy", 2, None, read=lambda prompt: "1") == 0
    out = capsys.readouterr().out
    ending = [line for line in out.splitlines() if "Its chip is in the round's chips below." in line]
    assert ending and all(" for a chip; it goes on " in line for line in ending)
    assert out.count(" for a chip; it goes on ") > len(ending)  # the others say their chips on their own line


def test_undo_takes_back_your_last_move_and_the_answers_then_the_same_move_plays_the_same(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """'undo' puts your tile back in your hand and the computer's answer with it; a record kept after it holds only
    the moves that stand, and playing the same move again gets the same answer (the computer's choice is the
    deal's and the position's, not the clock's)."""
    path = tmp_path / "undone.json"
    assert play("draw", "medium", 5, None, read=scripted(["1", "undo", "2", "q"]), record=str(path)) == 0
    out = capsys.readouterr().out
    assert "Taken back: your move '6-5 L' and the move after it." in out
    tables = out.split("── Draw, round 1")
    first, after_undo = tables[1], tables[3]
    assert [line for line in first.splitlines() if "Your hand:" in line] == \
        [line for line in after_undo.splitlines() if "Your hand:" in line]
    assert "You play 6-5 on R." in out
    record = json.loads(path.read_text())
    assert record["rounds"][0]["actions"] == ["6-6", "6-5 R", "5-0 R"]

    assert play("draw", "medium", 5, None, read=scripted(["1", "q"])) == 0
    straight = capsys.readouterr().out
    assert play("draw", "medium", 5, None, read=scripted(["2", "undo", "1", "q"])) == 0
    undone = capsys.readouterr().out
    answer = straight.split("You play 6-5 on L.")[1].splitlines()[1]
    assert undone.split("You play 6-5 on L.")[1].splitlines()[1] == answer


def test_undo_with_nothing_to_take_back_says_so_and_asks_again(capsys: pytest.CaptureFixture[str]) -> None:
    """Before your first move of a round there is nothing to undo: the terminal says why and the move is asked
    again, the table not shown twice."""
    assert play("draw", "medium", 5, None, read=scripted(["undo", "q"])) == 0
    out = capsys.readouterr().out
    assert "Nothing to take back: you have not moved yet this round" in out
    assert out.count("── Draw, round 1") == 1


def test_undo_does_not_reach_into_a_round_that_has_ended(capsys: pytest.CaptureFixture[str]) -> None:
    """A round that has ended has shown every hand: your moves in it stand (as at the table)."""
    said: list[str] = []

    def read(prompt: str) -> str:
        said.append(capsys.readouterr().out)
        if "═══ Round 2" in "".join(said) and not any("Nothing to take back" in s for s in said):
            return "undo"
        return "q" if any("Nothing to take back" in s for s in said) else "1"

    assert play("block", "beginner", 4, None, read=read) == 0
    said.append(capsys.readouterr().out)
    out = "".join(said)
    assert "Nothing to take back: you have not moved yet this round" in out
    assert "Taken back" not in out.split("═══ Round 2")[1]


def test_hint_names_a_move_of_the_menu_and_how_to_type_it(capsys: pytest.CaptureFixture[str]) -> None:
    """'hint' says what the Expert level would play from your seat, in words, and the number or text that plays it;
    asked twice it says the same, and the move is then asked again."""
    assert play("all_fives", "easy", 11, None, read=scripted(["hint", "hint", "q"])) == 0
    out = capsys.readouterr().out
    hints = [line.strip() for line in out.splitlines() if "Hint: " in line]
    assert len(hints) == 2 and hints[0] == hints[1]
    hint = hints[0].split("Hint: ", 1)[1]
    number, text = hint.split("Type ", 1)[1].rstrip(".").split(" or ")
    menu = [line for line in out.splitlines() if "You may play:" in line][0]
    assert f"{number}) {text.strip(chr(39))}" in menu
    assert hint.startswith("Lay " + text.strip("'").split()[0])


def test_a_play_typed_without_a_space_before_its_end_is_read() -> None:
    """QA: '6-5L' was refused as not a move, where '6-5 L' and '5-6 L' were read; a tile and its end run together
    ('6-5L', '6-5l', '6-1L:6') are read the same, in the terminal only (a record keeps the canonical text)."""
    from bones.cli.play_cmd import _ask
    from bones.engine import observe
    from tests.kit import random_game

    for seed in range(40):
        game = random_game("draw", seed, 4)
        seat = game.current_seat
        if game.over or seat is None:
            continue
        plays = [a for a in game.legal_actions() if a.kind == "play" and a.end is not None]
        if plays:
            want = plays[-1]
            assert want.tile is not None
            for typed in (f"{want.tile}{want.end}", f"{want.tile}{want.end}".lower(),
                          f"{want.tile.low}-{want.tile.high}{want.end}"):
                said = iter([typed])
                assert _ask(observe(game, seat), lambda prompt: next(said), ["You", "Computer"]) == want
            return
    raise AssertionError("no position with a play on an end")


def test_a_go_that_lets_you_shut_is_called_a_go_and_shut_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    """QA, the Boy's Game with shut and drawing at will: the computer "passes" (without drawing it says "go"), and
    the menu then offered 'shut' with no word of what it does (seed 003: "when one player cannot go, the other ...
    can at once shut the game and count")."""
    assert play("boys_game", "hard", 1, {"shut": True, "draw": "optional"}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert 'Computer says "go": nothing fits and the ' in out and "Computer passes" not in out
    assert "'shut' ends the round now, after the other's \"go\": the hands are counted as in a blocked round." in out
    assert "Played here with: after a \"go\" the other may shut the game and count;" in out  # straight quotes


def test_honest_john_2s_board_says_which_lines_wait_for_a_double(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: the board said "S0 4 · S1 5" while every line took only its double, and the menu offered only 4-4 with no
    word of why (seed 000: "that line can only be continued with the double of that number until someone plays it")."""
    assert play("honest_john_2", "medium", 61, {"players": 3}, read=scripted(["1", "1", "1", "q"])) == 0
    out = capsys.readouterr().out
    assert "S1 5 (needs 5-5)" in out and "S2 3 (needs 3-3)" in out
    assert play("draw", "medium", 61, None, read=scripted(["q"])) == 0
    assert "(needs" not in capsys.readouterr().out  # no such rule elsewhere


def test_a_claim_written_with_a_minus_or_beside_a_draw_says_how_to_claim(capsys: pytest.CaptureFixture[str]) -> None:
    """QA, Muggins with claims: '1 -5' was read as the tile 1-5 ("5-1 is not in your hand"), and '1 +5' where 1 is
    a draw said only that it was not a move."""
    assert play("muggins", "easy", 4, {"players": 3, "claims": True}, read=scripted(["1 -5", "q"])) == 0
    assert "A claim is written with a plus, like '1 +5'." in capsys.readouterr().out
    assert play("muggins", "easy", 8, {"claims": True}, read=scripted(["1 +5", "q"])) == 0  # 1 is a draw there
    assert "Only a tile laid scores: draw has no points to claim." in capsys.readouterr().out
