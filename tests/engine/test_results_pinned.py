"""Saved records keep their results: one whole game of every rules id (and of the options that change how a game
is dealt or settled), played by random legal actions and written as a record without its seed, replays to the
scores, winner and number of rounds pinned beside it.

A change to the rules that moves one of these changes what every saved record of that game replays to. Such a
change is written in docs/record.md's list of mends ("A record is read by the rules as bones plays them now")
before the pin is moved: regenerate the file from the same deals (seed 101, `random.Random(101)` choosing among
the legal actions) only then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bones.engine.record import load

PINNED: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "pinned_results.json").read_text())


@pytest.mark.parametrize("case", PINNED, ids=lambda c: f"{c['record']['rules']}-{c['record']['options']}")
def test_a_saved_record_replays_to_the_result_it_was_saved_with(case: dict[str, Any]) -> None:
    game = load(case["record"])
    assert game.over, "the record no longer plays to the game's end: see docs/record.md's list of mends"
    assert (list(game.scores), game.winner, len(game.results)) == (case["scores"], case["winner"], case["rounds"]), \
        "a rule change moves what saved records replay to: write it in docs/record.md's list of mends"
