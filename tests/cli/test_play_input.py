"""`bones play`: what a player types, and what the terminal says when the game is left."""

from __future__ import annotations

import itertools

import pytest

from bones.cli.play_cmd import play


def scripted(answers: list[str]):
    it = itertools.chain(answers, itertools.repeat("1"))
    return lambda prompt: next(it)


def test_a_superscript_digit_is_not_a_move_and_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """'²' passes str.isdigit but int() refuses it: it is answered as any other text that is not a move."""
    assert play("draw", "beginner", 3, None, read=scripted(["²", "q"])) == 0
    out = capsys.readouterr().out
    assert "'²' is not a move" in out and "Game left unfinished." in out
