"""`bones play` in the terminal: a whole game to the end, and clear messages for bad input."""

from __future__ import annotations

import itertools
import json
import os
import re
from pathlib import Path
from typing import Callable

import pytest

from bones.cli.main import main
from bones.cli.play_cmd import play
from bones.engine import RULES, load


def scripted(answers: list[str]) -> Callable[[str], str]:
    it = itertools.chain(answers, itertools.repeat("1"))
    return lambda prompt: next(it)


@pytest.mark.parametrize("rules_id", list(RULES))
def test_a_whole_game_reaches_game_over(rules_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert play(rules_id, "beginner", 7, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Game over:" in out
    if RULES[rules_id].target > 1:
        # games to the target take several rounds (the French mode is one round); Domino Pool's are hands
        assert f"{RULES[rules_id].deal_word.capitalize()} 2" in out


def test_bad_input_is_explained_and_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["banana", "0-0 U", "q"]
    assert play("draw", "beginner", 3, None, read=scripted(answers)) == 0
    out = capsys.readouterr().out
    assert "'banana' is not a move: write its number" in out
    assert "Not allowed:" in out
    assert "Game left unfinished." in out


def test_unknown_level_or_rules_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "chess"]) == 2
    assert "unknown rules 'chess'" in capsys.readouterr().err
    assert main(["play", "--level", "grandmaster"]) == 2
    assert "unknown player 'grandmaster'" in capsys.readouterr().err


def test_five_up_in_the_terminal_names_a_later_spinners_ends(capsys: pytest.CaptureFixture[str]) -> None:
    assert play("five_up", "medium", 11, {"players": 3}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Game over:" in out
    assert "top end of the" in out  # a later spinner's arm, drawn on a line of its own


def test_muggins_with_claims_in_the_terminal_hides_the_counts_and_takes_claims_and_muggins(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The menu lists no claim and no "muggins" (they would give the count away); a typed claim and a typed
    "muggins" are played, and a wrong claim goes to the other side."""
    from bones.engine import new_game, observe

    game = new_game("muggins", 5, {"claims": True})
    obs = observe(game, game.current_seat or 0)
    from bones.cli.play_cmd import shown_actions  # the menu of `bones play` (players.claims)

    assert all(a.claim is None and a.kind != "muggins" for a in shown_actions(obs))
    assert play("muggins", "beginner", 5, {"claims": True}, read=scripted(["muggins", "q"])) == 0
    out = capsys.readouterr().out
    assert "add the points to your move ('6-4 R +10', or '2 +10' for the second)" in out
    assert "Not allowed:" in out  # nothing to take at the start: refused, and nothing changed
    assert "Game left unfinished." in out
    # 6-5 leaves 5 and 6 on the ends (11): a claim of 10 is wrong, and the terminal says where its points went
    assert play("muggins", "beginner", 5, {"claims": True}, read=scripted(["6-5 L +10", "q"])) == 0
    out = capsys.readouterr().out
    assert "You play 6-5 on L, claiming 10. Computer +10. The claim was wrong: it is marked to the other side." in out


def test_options_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["deal", "--rules", "muggins", "--seed", "3", "--option", "claims=true", "--option",
                 "count=per_five"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["options"]["claims"] is True and record["options"]["count"] == "per_five"
    assert record["options"]["target"] == 20  # one point a five plays to 20
    assert main(["deal", "--rules", "muggins", "--seed", "3", "--option", "claims=maybe"]) == 2
    assert "option 'claims' must be false or true" in capsys.readouterr().err  # never into the record it writes
    assert main(["deal", "--rules", "block_game", "--seed", "3", "--option", "claims"]) == 2
    assert "write it as KEY=VALUE" in capsys.readouterr().err
    assert main(["tournament", "--rules", "block_game", "--players", "easy", "beginner", "--games", "2",
                 "--jobs", "1", "--json", "--option", "cut=pushed", "--option", "target=10"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert sum(result["wins"]) + result["ties"] == 2
    assert main(["play", "--rules", "matadore", "--option", "spinner=true"]) == 2
    assert "unknown option 'spinner' for matadore" in capsys.readouterr().err
    assert main(["rules", "--options"]) == 0
    assert "--option claims=false | true (default false)" in capsys.readouterr().out


def test_partners_and_chips_are_shown_as_players_count_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert play("partnership_block", "beginner", 7, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "You & Computer 2 0 – Computer 1 & Computer 3 0 (to 100)" in out
    assert "say \"go\": nothing fits" in out or "says \"go\": nothing fits" in out
    assert "Game over: You & Computer 2 " in out
    assert play("domino_pool", "beginner", 7, {"players": 3, "hands": 2}, read=scripted([])) == 0
    out = capsys.readouterr().out
    # each ante leaves its seat's chips for the pool: 60 chips at the table, 3 of them in the pool
    assert "hand 1 of 2, pool 3 · You 19 chips – Computer 1 19 chips – Computer 2 19 chips" in out


def test_the_terminal_says_a_side_won_a_round_once_a_tie_in_words_and_what_the_options_change(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert play("partnership_block", "beginner", 7, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Round points: You & Computer 2 +9." in out  # the side's points, not each partner's as well
    # QA: the side whose player went out may lose the round: the sides' pips say why (and every hand is shown)
    ended = next(line for line in out.splitlines() if "Round points: You & Computer 2 +9." in line)
    sides = re.search(r"sides: You & Computer 2 (\d+) pips?, Computer 1 & Computer 3 (\d+) pips?\.", ended)
    assert sides and int(sides[2]) - int(sides[1]) == 9, ended
    assert re.search(r"Hands: You \d+ pips? \((\d-\d ?)+\)|Hands: You 0 pips", ended), ended
    assert "The cut: you drew " in out and "play as partners" in out  # the cut, face up for everyone
    assert play("domino_pool", "easy", 1, {"players": 6, "hands": 2}, read=scripted([])) == 0
    out = capsys.readouterr().out
    result, seed_line = out.rstrip().split("\n\n")[-2:]  # the result, then how to deal the game again
    assert result.endswith("A tie at the top between You and Computer 1 (24 chips): nobody wins.")
    assert seed_line.startswith("Seed 1: ") and seed_line.endswith("deals this game again.")
    assert "Played here with: 2 hands." in out and "; 2 hands." in out.splitlines()[0]
    # a number outside the menu says which numbers there are
    assert play("draw", "beginner", 1, {"target": 10}, read=scripted(["9", "q"])) == 0
    out = capsys.readouterr().out
    assert "Played here with: a game to 10." in out and "(to 10)" in out and "; 10 up." in out
    assert "Choose a number from 1 to 4, or write the move." in out


def test_honest_john_in_the_terminal_shows_the_star_asks_and_sales(capsys: pytest.CaptureFixture[str]) -> None:
    assert play("honest_john", "medium", 3, {"hands": 1}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "round 1 of 1 · You 20 chips – Computer 1 20 chips" in out and "pool" not in out
    assert "Computer 2's line (S2):" in out  # each seat's own line from the centre
    assert "asks round the table for a" in out and "for a chip; it goes on" in out
    # the seats are named as everywhere else
    assert "Computer 3 asks you for a tile for its line: you must sell one." in out and "Seat " not in out
    assert ": you must sell one." in out and ": You must" not in out  # "you" in the middle of a sentence
    assert "Game over:" in out
    assert play("honest_john_2", "medium", 5, {"players": 3}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "(down to the 0-0)" in out and "draw a tile" in out and "gives " in out
    assert "Nobody holds a double below the 1-1: no more rounds are dealt." in out  # why the game ends there


def test_a_game_played_in_the_terminal_is_kept_as_a_record_that_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--record FILE`: the game, whole or as far as it went, in the record format, which replays to the same
    scores; a place it cannot be written is refused before the game starts."""
    done = tmp_path / "done.json"
    assert play("all_fives", "beginner", 5, None, read=scripted([]), record=str(done)) == 0
    assert "Record written to" in capsys.readouterr().out
    whole = load(json.loads(done.read_text()))
    assert whole.over and whole.names == ("You", "Computer")
    left = tmp_path / "left.json"
    assert play("muggins", "easy", 5, {"players": 3}, read=scripted(["1", "1", "q"]), record=str(left)) == 0
    part = load(json.loads(left.read_text()))
    assert not part.over and part.seats == 3 and sum(len(a) for a in part.actions) >= 2
    assert main(["play", "--record", str(tmp_path / "no" / "x.json")]) == 2
    assert "there is no folder" in capsys.readouterr().err
    assert main(["play", "--record", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err
    assert main(["play", "--record", "-"]) == 2  # not a file named '-', nor the record mixed into the game's text
    assert "name a file" in capsys.readouterr().err and not os.path.exists("-")
    assert main(["play", "--record", ""]) == 2  # QA: taken, and the game's record lost when it was over
    assert "bones play: --record needs a file's name" in capsys.readouterr().err


def test_matadore_in_the_terminal_draws_trumps_across_and_doubles_along() -> None:
    # seed 004: "Doublets are not placed crosswise ... The trumps are usually placed at right angles to the line."
    from bones.cli.table_text import line_text
    from bones.engine import GameState, get_rules, observe
    from tests.kit import deal, play as play_moves

    hands = ["6-6 3-3 6-1 5-4 2-2 1-0 3-0", "1-1 4-3 2-1 6-5 4-4 5-0 4-0"]
    g = play_moves(GameState.new(get_rules("matadore"), deals=[deal(hands)]), "6-6", "1-1 L", "6-1 R:6")
    assert line_text(observe(g, 0)) == "[1|1] [6|6] [1:6]"
    g = play_moves(GameState.new(get_rules("draw"), deals=[deal(hands)]), "6-6", "6-5 L", "5-4 L")
    assert line_text(observe(g, 0)) == "[4|5] [5|6] [6:6]"


def test_every_spinner_is_starred_in_the_terminal_wherever_it_lies() -> None:
    # All Fives: the first double is the spinner even when it is not the first tile; Five Up: every double spins
    from bones.cli.table_text import line_text
    from bones.engine import GameState, get_rules, observe
    from tests.kit import deal, play as play_moves

    hands = ["6-5 3-3 6-1 5-4 2-2 1-0 3-0", "5-0 4-3 2-1 6-6 4-4 5-5 4-0"]
    g = play_moves(GameState.new(get_rules("all_fives"), deals=[deal(hands)]), "5-0", "5-4 L", "4-4 L")
    assert line_text(observe(g, 0)) == "*[4:4]* [4|5] [5|0]"
    hands = ["6-5 3-3 6-1 5-4 0-0", "5-0 4-3 6-6 5-5 4-0"]
    g = play_moves(GameState.new(get_rules("five_up"), deals=[deal(hands)]), "5-0", "0-0 R", "5-5 L")
    assert line_text(observe(g, 0)) == "*[5:5]* [5|0] *[0:0]*"


def test_sebastopol_in_the_terminal_marks_the_arms_that_wait_for_the_other_sides_of_the_double_six() -> None:
    # seed 004: "Nothing but sixes can be played until both sides and both ends of the first set have been played
    # to": an arm begun shows its number, but waits (it read as an end like the others)
    from bones.cli.table_text import ends_text
    from bones.engine import GameState, get_rules, observe
    from tests.kit import deal, play as play_moves

    hands = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 5-4 4-3 3-2 2-1 1-0 5-3",
             "6-4 5-2 4-1 3-0 2-0 5-1 4-2", "6-3 6-2 6-1 6-0 5-0 4-0 3-1"]
    g = play_moves(GameState.new(get_rules("sebastopol"), deals=[deal(hands)]), "6-6", "6-5 L")
    assert ends_text(observe(g, 2)) == "ends: L 5 (waits) · R 6 · U 6 · D 6"
    g = play_moves(g, "6-4 R", "6-3 U", "pass", "pass", "pass", "6-2 D")
    assert ends_text(observe(g, 0)) == "ends: L 5 · R 4 · U 3 · D 2"


def test_honest_john_names_its_own_ends_in_the_prompt_and_in_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    # a star's ends are the seats' lines (S0, S1, ...): the prompt's example is one of them, and an end the table
    # does not have is named as such, not as a slot number
    answers = scripted(["1", "9-2 R", "q"])

    def read(prompt: str) -> str:
        print(prompt)
        return answers(prompt)

    assert play("honest_john_2", "beginner", 5, {"players": 3}, read=read) == 0
    out = capsys.readouterr().out
    assert "text like '9-2 S0'" in out
    assert "there is no end R on this table (its ends: S0, S1, S2)" in out
    assert "end -1" not in out


def test_the_seed_is_said_only_once_the_game_is_over_or_left(capsys: pytest.CaptureFixture[str]) -> None:
    """The seed deals every hand and the boneyard (`bones deal --seed`): said while the game is played, it would
    show the player every hidden tile."""
    assert play("draw", "beginner", 424242, None, read=scripted(["q"])) == 0
    out = capsys.readouterr().out
    during, after = out.split("Game left unfinished.")
    assert "424242" not in during
    assert "Seed 424242" in after
    assert play("draw", "beginner", 424242, {"target": 5}, read=scripted([])) == 0
    during, after = capsys.readouterr().out.split("Game over:")  # the result first, then the seed
    assert "424242" not in during and "Seed 424242" in after


def test_claims_in_the_terminal_give_no_sum_of_the_ends(capsys: pytest.CaptureFixture[str]) -> None:
    """Where scores count only when claimed, what a play makes (and what the last one left unclaimed) is the
    player's to work out, as at the table (docs/web.md)."""
    assert play("muggins", "beginner", 5, {"claims": True}, read=scripted(["1", "1", "q"])) == 0
    assert "sum of the ends" not in capsys.readouterr().out
    assert play("muggins", "beginner", 5, None, read=scripted(["1", "1", "q"])) == 0
    assert "sum of the ends" in capsys.readouterr().out


def test_another_seats_draw_at_will_says_nothing_of_its_hand() -> None:
    """In the Draw Game a seat may draw while a tile fits: the words for the computer's draw are the same whether
    it held one or not (the terminal once said "cannot play on 4 or 2" only when it could not)."""
    import random

    from bones.cli.play_cmd import describe
    from bones.engine import DRAW, new_game

    said: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(40):
        game = new_game("draw_game", seed)
        rng = random.Random(seed)
        while not game.over and game.round_index == 0:
            seat = game.current_seat
            legal = game.legal_actions()
            if seat == 1 and DRAW in legal:
                could_play = any(a.kind == "play" for a in legal)
                said[could_play].add(describe(game, game.apply(DRAW), "Computer"))
            game = game.apply(rng.choice(legal))
    assert said[True] and said[False]
    assert said[True] == said[False] and len(said[True]) == 1
    assert "at any time in the Draw Game" in next(iter(said[True]))  # the name mid-sentence, not "in The Draw Game"


def test_a_pass_says_whether_the_boneyard_is_empty_or_holds_tiles_never_drawn() -> None:
    """Play-testing: a pass in Draw Dominoes said "nothing fits and the boneyard is closed" when the boneyard was
    simply empty; in Draw the last two are left, and are never drawn."""
    import random

    from bones.cli.play_cmd import describe
    from bones.engine import GameState, get_rules

    said: dict[str, set[str]] = {"draw": set(), "draw_dominoes": set()}
    for rules_id, seats in (("draw", 2), ("draw_dominoes", 4)):
        rules = get_rules(rules_id, {"players": seats})
        for seed in range(40):
            rng = random.Random(seed)
            g = GameState.new(rules, seed=seed)
            while not g.over and g.round_index == 0:
                legal = g.round.legal_actions() if g.round is not None else []
                after = g.apply(rng.choice(legal))
                if legal[0].kind == "pass":
                    said[rules_id].add(describe(g, after, "Computer 1").split(": ", 1)[1])
                g = after
    assert said["draw"] == {"nothing fits and the 2 tiles left in the boneyard are never drawn."}
    assert said["draw_dominoes"] == {"nothing fits and the boneyard is empty."}


def test_a_line_closed_before_its_first_tile_is_not_said_to_have_turned_a_tile_down() -> None:
    """Honest John: a line closed before it was begun read "(not begun)  (closed: its last tile turned face down)",
    with no tile to turn."""
    from bones.cli.table_text import line_text
    from bones.engine import GameState, get_rules, observe
    from tests.kit import deal, play as play_moves

    rules = get_rules("honest_john", {"players": 4, "hand_size": 3})
    hands = ["9-9 8-7 7-5", "9-8 8-6 6-5", "5-4 4-3 3-2", "2-1 1-0 0-0"]  # the one 9 besides the centre: seat 1's
    g = play_moves(GameState.new(rules, deals=[deal(hands, "", 9)]), "9-9")
    assert g.round is not None
    g = play_moves(g, str(g.round.legal_actions()[0]), "ask")  # seat 1 begins its line; seat 2 finds no 9
    assert g.round is not None and not g.round.over
    text = line_text(observe(g, 0), ["You", "Computer 1", "Computer 2", "Computer 3"])
    assert "Computer 2's line (S2): (not begun)  (closed: nobody had a first tile to sell it)" in text, text
    assert "turned face down" not in text


def test_honest_john_2s_starter_with_nothing_for_the_centre_double_is_not_told_the_boneyard_is_closed() -> None:
    # seed 000: the holder of the starting double "must then play a matching tile on it if they can"; with nothing
    # that fits the starter passes without drawing (docs/rules.md), while the boneyard still has tiles to draw. The
    # terminal said "You pass: nothing fits and the boneyard is closed."
    from bones.cli.play_cmd import describe
    from bones.engine import GameState, get_rules
    from tests.kit import deal, play as play_moves

    rules = get_rules("honest_john_2", {"players": 3, "hand_size": 3})
    for who in ("You", "Computer"):
        g = play_moves(GameState.new(rules, deals=[deal(["9-9 1-0 2-0", "9-5 5-5 5-4", "8-8 3-3 3-2"], "", 9)]), "9-9")
        assert g.round is not None and g.round.can_draw()
        said = describe(g, play_moves(g, "pass"), who)
        assert "boneyard is closed" not in said
        mine = "your" if who == "You" else "its"
        assert said == (f"{who} pass{'' if who == 'You' else 'es'}: nothing in {mine} hand fits the centre double "
                        "(the starter plays on it from the hand only, without drawing).")


def test_honest_john_in_the_terminal_calls_each_line_by_its_owner(capsys: pytest.CaptureFixture[str]) -> None:
    """Each seat's line is "Your line" or "Computer 1's line", as the moves call them ("it goes on your line"), not
    "line of seat 0": the terminal never calls anyone a seat number."""
    assert play("honest_john", "easy", 5, None, read=scripted(["1", "1", "q"])) == 0
    out = capsys.readouterr().out
    assert "\n     Your line (S0): [9|2] [2|7]\n     Computer 1's line (S1): [9|3] [3|1] [1|9]\n" in out
    assert "line of seat" not in out


def test_a_round_played_for_chips_says_chips_not_points(capsys: pytest.CaptureFixture[str]) -> None:
    """Domino Pool and Honest John are scored in chips (the scores say "20 chips"): what a hand moved is chips, and
    Domino Pool calls its deals hands, as its rules do ("chips carry from hand to hand")."""
    assert play("domino_pool", "easy", 5, {"hands": 1}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "═══ Hand 1: " in out and "═══ Round" not in out
    assert "Chips this hand: You -1, Computer 1 -1, Computer 2 +3, Computer 3 -1." in out
    assert "Round points" not in out


def test_one_chip_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    """Honest John with one chip each: the scores read "You 1 chip", not "You 1 chips"; a seat that paid a chip it
    did not have is "1 chip in debt" (QA: "-1 chips" was never explained)."""
    from bones.cli.play_cmd import score_line
    from bones.engine import get_rules

    rules = get_rules("honest_john")
    assert score_line(rules, ["You", "Computer 1", "Computer 2", "Computer 3"], [1, 2, 0, -1]) == \
        "You 1 chip – Computer 1 2 chips – Computer 2 0 chips – Computer 3 1 chip in debt"
    assert play("honest_john", "easy", 8, {"hands": 2, "chips": 1, "players": 5}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "round 1 of 2 · You 1 chip – Computer 1 1 chip – " in out and " 1 chips" not in out


def test_domino_pool_played_until_a_player_cannot_ante_counts_no_last_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """`--option hands=0` plays on until a player cannot ante: the hands were said "hand 1 of 0"."""
    assert play("domino_pool", "easy", 2, {"hands": 0}, read=scripted(["q"])) == 0
    out = capsys.readouterr().out
    assert "── Domino Pool, hand 1, pool 4 · You 19 chips" in out and " of 0" not in out
    assert play("domino_pool", "easy", 2, None, read=scripted(["q"])) == 0
    assert "── Domino Pool, hand 1 of 10, pool 4 · " in capsys.readouterr().out


def test_a_pool_game_ended_early_says_who_could_not_ante(capsys: pytest.CaptureFixture[str]) -> None:
    """Domino Pool ends before its last hand when a player holds less than the ante: the game said nothing of why
    it stopped after round 3 (three chips each, played until a player cannot ante)."""
    assert play("domino_pool", "easy", 2, {"hands": 0, "chips": 3}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "\nYou and Computer 3 cannot ante for another hand: the game ends.\n" in out
    assert play("domino_pool", "easy", 2, {"hands": 2}, read=scripted([])) == 0  # the hands agreed, all played
    assert "cannot ante" not in capsys.readouterr().out


def test_the_terminal_says_why_a_seat_plays_again() -> None:
    """Seed 003's second mode: "when you play a double, and it is your turn, you can play it out and still keep your
    turn"; "When your adversary cannot play, you play for him, and for yourself too". Seed 000's version 2: the
    starter "must then play a matching tile on it if they can". The terminal showed the same seat laying two tiles
    in a row with no word of why ("Computer plays 6-6." then "Computer plays 6-2 on L.")."""
    from bones.cli.play_cmd import describe
    from bones.engine import GameState, get_rules
    from tests.kit import deal, play as play_moves, tiles

    a = "6-6 6-5 5-1 6-2 0-0 3-3 4-0"
    b = "2-1 3-2 4-3 4-4 1-1 2-2 1-0"  # no six, no five
    g = GameState.new(get_rules("boys_game"), deals=[deal([b, a])])  # the computer holds the 6-6 and sets it
    said = describe(g, play_moves(g, "6-6"), "Computer")
    assert said == "Computer plays 6-6. A double keeps the turn: Computer plays again."
    g = play_moves(g, "6-6", "6-5 L", "pass")
    said = describe(g, play_moves(g, "5-1 L"), "Computer")
    assert said == ("Computer plays 5-1 on L. You could not play, so that tile was laid for you: Computer plays "
                    "again, for its own turn.")
    g = GameState.new(get_rules("boys_game"), deals=[deal([a, b])])  # you hold it
    assert describe(g, play_moves(g, "6-6"), "You") == "You play 6-6. A double keeps the turn: you play again."
    g = play_moves(g, "6-6", "6-5 L", "pass")
    said = describe(g, play_moves(g, "5-1 L"), "You")
    assert said == ("You play 5-1 on L. Computer could not play, so that tile was laid for it: you play again, for "
                    "your own turn.")
    # the other's turn comes next: nothing to explain
    g = play_moves(g, "5-1 L")
    assert describe(g, play_moves(g, "6-2 R"), "You") == "You play 6-2 on R."
    # the French mode keeps no turn for a double: a "go" lets the other lay one tile, then he is asked again
    g = GameState.new(get_rules("boys_french"), deals=[deal([a, b])])
    assert describe(g, play_moves(g, "6-6"), "You") == "You play 6-6."
    # Honest John 2: the starter plays on the centre double if it can
    rules = get_rules("honest_john_2", {"players": 3, "hand_size": 3})
    g = GameState.new(rules, deals=[deal(["9-9 9-3 1-0", "9-5 5-5 5-4", "8-8 3-3 3-2"], "", 9)])
    said = describe(g, play_moves(g, "9-9"), "Computer 1")
    assert said == "Computer 1 plays 9-9. The starter then plays on the centre double if it can: Computer 1 plays again."
    said = describe(g, play_moves(g, "9-9"), "You")  # not "The starter ... if you can: you play again"
    assert said == "You play 9-9. As the starter, you now play on the centre double if you can."
    # Block, playing on: "he may go on as long as he can follow suit to either end of the line"
    rules = get_rules("block_play_on", {"players": 2})
    hands = ["6-6 6-5 5-4 4-3 0-0 1-0 2-0", "5-5 3-3 2-2 1-1 3-1 2-1 6-1"]
    g = GameState.new(rules, deals=[deal(hands)._replace(cut=tiles("0-0 6-5"))])
    assert describe(g, play_moves(g, "6-6"), "You") == "You play 6-6. You play on, following suit."
    g = play_moves(g, "6-6", "6-5 L", "5-4 L")
    assert describe(g, play_moves(g, "4-3 L"), "You") == "You play 4-3 on L."  # nothing follows 3 or 6: turn passes
    g = GameState.new(rules, deals=[deal(hands[::-1])._replace(cut=tiles("6-5 0-0"))])
    assert describe(g, play_moves(g, "6-6"), "Computer") == "Computer plays 6-6. Computer plays on, following suit."


def test_honest_john_2s_stalemate_with_no_hand_under_ten_says_why_nobody_scores(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 000's version 2: "In case of a stalemate, the winner is the player with fewest pips on their remaining
    tiles, provided that that number is less than 10." The terminal said "Round points: nobody scores." beside the
    lightest hand's 13 pips, with no word of the limit."""
    assert play("honest_john_2", "beginner", 11, {"players": 3}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert ("The round ends in stalemate. Hands: You 13 pips (9-4), Computer 1 16 pips (9-7), Computer 2 22 pips (9-3 "
            "9-1). Round points: nobody scores (a stalemate is won only with fewer than 10 pips).") in out
    assert "Round points: Computer 1 +112." in out  # won under 10: no such words


def test_a_pool_divided_between_tied_hands_is_said_with_what_stays_in_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Domino Pool: a blocked hand with two tied lightest hands ("ties divide") said only "Chips this round:
    Computer 1 -1." (the pool of three, one chip each to the tied and one left over, netted out of sight), and the
    next hand's pool of four at a table of three was never explained."""
    assert play("domino_pool", "easy", 2, {"players": 3}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert ("The hand is blocked. Hands: You 7 pips (4-3), Computer 1 9 pips (6-3), Computer 2 7 pips (5-2). Chips this hand: "
            "Computer 1 -1. You and Computer 2 tie for the fewest pips and divide the pool of 3, 1 chip each; "
            "1 chip stays in the pool for the next hand.\n") in out
    assert play("domino_pool", "easy", 2, None, read=scripted([])) == 0  # four chips divide between two
    out = capsys.readouterr().out
    assert ("Chips this hand: You -1, Computer 1 +1, Computer 2 +1, Computer 3 -1. Computer 1 and Computer 2 tie "
            "for the fewest pips and divide the pool of 4, 2 chips each.\n") in out


def test_a_pool_taken_by_one_says_who_took_it_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    """Domino Pool (seed 004: "When one makes domino he wins the pool. If all are blocked, the smallest number of
    pips left in hand wins"): the end of a hand says who takes the pool, how many chips it held, and by which rule;
    before, only the gains (+2, -1, -1) said it."""
    assert play("domino_pool", "easy", 2, {"players": 3}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert ("Computer 1 went out. Hands: You 8 pips (6-2), Computer 1 0 pips, Computer 2 16 pips (6-6 3-1). Chips this hand: You -1, "
            "Computer 1 +2, Computer 2 -1. Computer 1 makes domino and takes the pool of 3 chips.\n") in out
    assert ("The hand is blocked. Hands: You 2 pips (1-1), Computer 1 13 pips (4-4 4-1), Computer 2 1 pip (1-0). Chips this hand: You -1, "
            "Computer 1 -1, Computer 2 +2. Computer 2 holds the fewest pips and takes the pool of 3 chips.\n") in out
    assert "Computer 1 makes domino and takes the pool of 4 chips.\n" in out  # the odd chip of a divided pool
    assert "You make domino and take the pool of 3 chips.\n" in out


def test_the_last_hands_odd_chip_is_said_to_go_to_a_tied_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Domino Pool: after the game's last hand the odd chip of a divided pool was said to stay "in the pool for the
    next hand", which never came; it goes to the tied hand first to the setter's left, and the round's chips say so."""
    assert play("domino_pool", "easy", 33, {"players": 5, "hands": 2}, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert ("Chips this hand: You -1, Computer 1 -1, Computer 2 +2, Computer 3 -1, Computer 4 +1. Computer 2 and "
            "Computer 4 tie for the fewest pips and divide the pool of 5, 2 chips each; the game is over, so the odd "
            "chip goes to Computer 2, from the setter's left.") in out
    assert "stays in the pool for the next hand" not in out
    assert "Game over: You 18 chips – Computer 1 18 chips – Computer 2 21 chips – Computer 3 23 chips – Computer 4 20 chips." in out


@pytest.mark.parametrize(("rules_id", "seed"), [("all_fives", 1), ("all_fives", 2), ("bergen", 3), ("muggins", 4)])
def test_every_point_made_in_play_is_said_on_its_moves_line_the_last_tile_too(
        rules_id: str, seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: the points of the tile that ended a round (out, blocked or at the target) were never said: folded into
    "Round points", which then did not add up. Each round's points made in play are the sum of its moves' "+N"."""
    import re

    from bones.cli.play_cmd import _play, seat_names
    from bones.engine import get_rules, new_game

    kept = [new_game(rules_id, seed, None, names=seat_names(get_rules(rules_id).players))]
    assert _play(kept, "beginner", seed, None, scripted([])) == 0
    game = kept[0]
    rounds = capsys.readouterr().out.split("═══ Round ")[1:]
    assert len(rounds) == len(game.results)
    for text, result in zip(rounds, game.results):
        said = [0, 0]
        for line in text.splitlines():
            if re.match(r"\s+(You|Computer) (play|plays|say|says) ", line):  # a move's line
                for who, points in re.findall(r" (You|Computer) ([+-]\d+)(?=[ .])", line):
                    said[0 if who == "You" else 1] += int(points)
        in_play = [p - q for p, q in zip(result.points, result.settlement.points)]
        assert said == in_play, (said, in_play, text[-600:])


def test_a_round_whose_pips_round_to_nothing_says_so() -> None:
    """QA: "Computer went out. Hands: You 2 pips, Computer 0 pips. Round points: nobody scores." gave no reason."""
    from bones.cli.play_cmd import _why_nobody
    from bones.engine import get_rules
    from bones.engine.game import RoundResult
    from bones.engine.scoring import Settlement

    settled = Settlement("out", 1, (0, 0), (2, 0), (1,), (0,), 0, 5)
    result = RoundResult("out", 1, (0, 0), (2, 0), 0, settled, ((), ()))
    assert _why_nobody(get_rules("muggins"), result) == " (the pips left round to 0 at the nearest 5)"
    assert _why_nobody(get_rules("draw"), result) == ""
    # review: two equal lightest hands of a blocked round score nothing, rounding or not
    from bones.engine.scoring import settle

    tied = settle(get_rules("muggins"), "blocked", None, (12, 12))
    result = RoundResult("blocked", None, (0, 0), (12, 12), 0, tied, ((), ()))
    assert _why_nobody(get_rules("muggins"), result) == " (the lightest hands are equal)"


def test_where_scores_are_claimed_a_forced_draw_is_always_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: with claims, a forced draw was made for you, except right after the computer left points unclaimed
    (when "muggins" was open too): the prompt itself said that points lay on the table."""
    from bones.engine import new_game

    assert play("muggins", "beginner", 100, {"claims": True}, read=scripted([])) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    draws = [i for i, line in enumerate(lines) if "You cannot play on" in line]
    assert draws and new_game("muggins", 100, {"claims": True}).rules.claims
    for i in draws:  # every draw of yours was asked for, a menu of one just before it
        assert any("You may do: 1) draw" in lines[j] for j in range(i - 3, i)), lines[i - 8:i + 1]


def test_bergens_headers_are_named_where_they_score(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: "Computer plays 2-2. Computer +2." never said "double header", as the table does."""
    assert play("bergen", "beginner", 2, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Computer plays 2-2. Computer +2 (a double set alone is a double header)." in out
    assert " +2 (both ends show " in out and ": a double header)." in out
    assert "(+2 in play, +1 for domino)" in out and "for the hands" not in out  # QA: domino's point, not a count


def test_the_options_chosen_are_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: "set=12" beside the description's "double-six", and "count=per_five" beside its "100 at once", read as
    contradictions: the options are said as the table labels them."""
    assert play("draw", "beginner", 1, {"set": 12}, read=scripted(["q"])) == 0
    assert "Played here with: the double-twelve set (91 tiles)." in capsys.readouterr().out
    assert play("muggins", "beginner", 1, {"count": "per_five", "target": 30}, read=scripted(["q"])) == 0
    out = capsys.readouterr().out  # QA: the description said "100 at once" beside a target of 30
    assert "Played here with: one point for each five (10 scores 2); a game to 30." in out and "; 30 at once." in out
    assert play("muggins", "beginner", 1, {"count": "per_five"}, read=scripted(["q"])) == 0
    assert "Played here with: one point for each five (10 scores 2), to 20." in capsys.readouterr().out
    # QA: "the whole set is dealt" of seven each on the double-nine (28 of 55); the table's button names in words
    assert play("partnership_block", "beginner", 1, {"hand_size": 7, "set": 9}, read=scripted(["q"])) == 0
    assert "Played here with: seven each, 27 left out; the double-nine set (55 tiles)." in capsys.readouterr().out
    assert play("muggins", "beginner", 1, {"claims": True}, read=scripted(["q"])) == 0
    out = capsys.readouterr().out
    assert "scores count only when claimed (write a play's points after it, like 5-0 L +10;" in out
    assert "Claim and Muggins!" not in out


def test_a_refused_move_asks_again_without_drawing_the_table_again(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: "Not allowed: …" printed the whole table again, where "'foo' is not a move" asks again beneath it."""
    assert play("block", "beginner", 1, None, read=scripted(["draw", "q"])) == 0
    out = capsys.readouterr().out
    refused = out.index("Not allowed: nobody draws in Block")
    assert "Your hand:" in out[:refused] and "Your hand:" not in out[refused:]


def test_a_wrong_claim_on_the_rounds_last_tile_says_where_its_amount_went() -> None:
    """review: after the tile that ended a round, "You play 1-1 on L, claiming 25. Computer +25." gave no reason;
    after any other tile the line says "The claim was wrong: it is marked to the other side."""
    from dataclasses import replace

    from bones.cli.play_cmd import _last_play_points, _points_words
    from bones.engine import new_game

    for seed in range(40):
        g = new_game("muggins", seed, {"claims": True})
        while not g.over and not g.results:
            legal = [a for a in g.legal_actions() if a.kind != "muggins" and not a.claim]
            ending = [a for a in legal if a.kind == "play" and g.round is not None
                      and len(g.round.hand(g.current_seat or 0)) == 1]
            if ending:
                before, wrong = g, replace(ending[0], claim=25)
                after = g.apply(wrong)
                if after.results:
                    words = _points_words(before, after, _last_play_points(before, after.results[-1]),
                                          ["You", "Computer"])
                    if "+25" in words:
                        assert words.endswith(" The claim was wrong: it is marked to the other side."), words
                        return
            g = g.apply(legal[0])
    raise AssertionError("no round ended on a wrong claim")


def test_a_draw_that_blocks_the_round_names_the_tile_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: "You cannot play on 1 and draw a tile." and then "The round is blocked": the tile drawn last, counted in
    the hand's pips, was never named."""
    moves = "3 3 3 1 1 3 1 1 3 2 1 1 1 3 3 1 1 1 1 1 1 1 1 1 1 q".split()  # the QA's game, as typed
    assert play("bergen", "medium", 11, None, read=scripted(moves)) == 0
    out = capsys.readouterr().out
    assert "You cannot play on 1 and draw a tile. You drew 6-3.\n\n   The round is blocked" in out


def test_nobody_scores_says_why_in_every_case() -> None:
    """QA: four-handed Block said "the lightest hands are equal" where the sides' pips were (6 + 7 against 12 + 1),
    and a Draw round out beside a lone 0-0 said no reason."""
    from bones.cli.play_cmd import _why_nobody
    from bones.engine import get_rules
    from bones.engine.game import RoundResult
    from bones.engine.scoring import settle

    def why(rules_id: str, end: str, out: int | None, pips: tuple[int, ...]) -> str:
        rules = get_rules(rules_id)
        st = settle(rules, end, out, pips)
        return _why_nobody(rules, RoundResult(end, st.winner, st.points, pips, 0, st, tuple(() for _ in pips)))

    assert why("partnership_block", "blocked", None, (6, 12, 7, 1)) == " (the sides hold as many pips)"
    assert why("partnership_block", "out", 3, (5, 11, 6, 0)) == " (the sides hold as many pips)"
    assert why("draw", "out", 0, (0, 0)) == " (the hands left count nothing)"
    assert why("draw", "blocked", None, (12, 12)) == " (the lightest hands are equal)"


def test_points_the_last_tile_leaves_unclaimed_are_said_to_go_to_the_next_seat() -> None:
    # seed 004: "his adversary says, 'muggins,' and scores it himself"; the round's last tile leaves no move to say it in
    from bones.cli.play_cmd import describe
    from tests.kit import game, play as played

    g = game("muggins", ["5-5 4-0", "5-0 2-1", "5-1 3-2"], options={"claims": True, "players": 3, "hand_size": 2})
    before = played(g, "5-5 +10", "5-0 R +10", "5-1 L")
    assert describe(before, before.apply("4-0 R"), "You") == (
        'You play 4-0 on R. The round is over with 5 unclaimed: Computer 1 says "muggins" and takes them.')
    assert describe(before, before.apply("4-0 R +5"), "You") == "You play 4-0 on R, claiming 5."
