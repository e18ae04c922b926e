"""The seeds' own examples and the record spec's example document, exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bones.engine import get_rules, observe
from bones.engine.replay import replay_text

from tests.kit import assert_refused, game, legal, play

# spec/record.md's example document and the output it promises for it
SPEC_DIR = Path(__file__).resolve().parents[1] / "engine" / "data"
SPEC_RECORD: dict[str, Any] = json.loads((SPEC_DIR / "spec_example.json").read_text())
SPEC_OUTPUT: dict[str, Any] = json.loads((SPEC_DIR / "spec_example_replay.json").read_text())


def test_spec_record_example_replays_exactly() -> None:
    status, out = replay_text(json.dumps(SPEC_RECORD))
    assert status == 0
    assert out == SPEC_OUTPUT
    assert list(out) == list(SPEC_OUTPUT)  # the keys, in the documented order


def test_spec_record_example_trace() -> None:
    status, out = replay_text(json.dumps(SPEC_RECORD), trace=True)
    assert status == 0
    assert out["trace"] == [
        {"round": 0, "index": 0, "seat": 0, "action": "5-5", "scored": 10, "scores": [10, 0],
         "ends": {"L": 5, "R": 5}},
        {"round": 0, "index": 1, "seat": 1, "action": "6-5 L", "scored": 0, "scores": [10, 0],
         "ends": {"L": 6, "R": 5}},
        {"round": 0, "index": 2, "seat": 0, "action": "5-4 R", "scored": 10, "scores": [20, 0],
         "ends": {"L": 6, "R": 4, "U": 5, "D": 5}},
    ]
    assert {k: v for k, v in out.items() if k != "trace"} == SPEC_OUTPUT


def test_spec_error_example() -> None:
    # "5-4 R" where R shows 6: the spec's own error example, at round 0 index 1.
    doc = json.loads(json.dumps(SPEC_RECORD))
    hands = doc["rounds"][0]["hands"]
    hands[0][hands[0].index("5-4")], hands[1][hands[1].index("6-5")] = "6-5", "5-4"
    doc["rounds"][0]["actions"] = ["6-6", "5-4 R"]
    status, out = replay_text(json.dumps(doc))
    assert status == 2
    assert out == {"error": {"round": 0, "index": 1, "action": "5-4 R",
                             "message": "5-4 does not fit end R, which shows 6"}}


@pytest.mark.parametrize("rules_id", ["draw", "block", "muggins", "draw_dominoes"])
def test_seed_line_four_two_to_three_one(rules_id: str) -> None:
    # Seed 002: 4-2, 2-5, 5-5 across, 5-3, 3-1: the open ends are 4 and 1; only tiles with a 4 or a 1 play.
    # Seat 0 holds 5-5 (the highest double dealt; 6-6 lies in the boneyard) and leads it.
    hands = ["5-5 5-3 3-1 6-0 6-2 6-5 0-0", "5-2 4-2 4-0 1-1 6-1 6-3 6-4"]
    g = game(rules_id, hands)
    g = play(g, "5-5", "5-2 L", "5-3 R", "4-2 L", "3-1 R")
    assert g.round is not None
    assert g.round.ends_by_name() == {"L": 4, "R": 1}
    obs = observe(g, 0)
    line = [p.tile for p in reversed(obs.arms["L"].tiles)] + [obs.center] + [p.tile for p in obs.arms["R"].tiles]
    assert [str(t) for t in line] == ["4-2", "5-2", "5-5", "5-3", "3-1"]
    assert [(p.inner, p.outer) for p in obs.arms["L"].tiles] == [(5, 2), (2, 4)]
    assert [(p.inner, p.outer) for p in obs.arms["R"].tiles] == [(5, 3), (3, 1)]
    # Seat 1 holds 4-0, 1-1, 6-1, 6-3, 6-4: every one with a 4 or a 1 plays, 6-3 does not.
    assert g.current_seat == 1
    assert legal(g) == ["1-1 R", "4-0 L", "6-1 R", "6-4 L"]
    assert_refused(g, "6-3 L", "6-3 R", "4-0 R", "1-1 L", "6-4 R", "draw", "pass")


def test_seed_all_fives_example_has_three_counting_ends() -> None:
    # Same position through a record: the sum after 5-1 U is 15 and that tile scores 15.
    doc = {
        "format": "bones-record/1", "rules": "all_fives",
        "rounds": [{"hands": [["5-5", "5-4", "5-1", "3-2", "2-1", "1-1", "1-0"],
                              ["6-5", "4-4", "6-4", "3-3", "4-2", "4-0", "3-0"]],
                    "boneyard": ["6-6", "6-3", "6-2", "6-1", "6-0", "5-3", "5-2", "5-0", "4-3", "4-1",
                                 "3-1", "2-2", "2-0", "0-0"],
                    "actions": ["5-5", "6-5 L", "5-4 R", "4-4 R", "5-1 U"]}],
    }
    status, out = replay_text(json.dumps(doc), trace=True)
    assert status == 0, out
    assert out["ends"] == {"L": 6, "R": 4, "U": 1, "D": 5}
    assert out["end_sum"] == 15
    assert out["trace"][-1]["scored"] == 15 and out["trace"][-1]["seat"] == 0
    assert out["scores"] == [35, 0]


def test_standard_games_deal_seven_each_leaving_fourteen() -> None:
    for rules_id in ("draw", "block", "all_fives"):
        r = get_rules(rules_id)
        assert (r.players, r.hand_size, r.max_pip, r.tile_count) == (2, 7, 6, 28)
        assert r.tile_count - r.players * r.hand_size == 14
