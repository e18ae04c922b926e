"""`bones play` in the terminal: a whole game to the end, and clear messages for bad input."""

from __future__ import annotations

import itertools

import pytest

from bones.cli.main import main
from bones.cli.play_cmd import play
from bones.engine import RULES


def scripted(answers: list[str]):
    it = itertools.chain(answers, itertools.repeat("1"))
    return lambda prompt: next(it)


@pytest.mark.parametrize("rules_id", list(RULES))
def test_a_whole_game_reaches_game_over(rules_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert play(rules_id, "beginner", 7, None, read=scripted([])) == 0
    out = capsys.readouterr().out
    assert "Game over:" in out
    if RULES[rules_id].target > 1:
        assert "Round 2" in out  # games to the target take several rounds (the French mode is one round)


def test_bad_input_is_explained_and_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["banana", "0-0 U", "q"]
    assert play("draw", "beginner", 3, None, read=scripted(answers)) == 0
    out = capsys.readouterr().out
    assert "'banana' is not an action" in out
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
