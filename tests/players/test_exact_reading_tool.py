"""tools/exact_reading.py, the measurement docs/levels.md cites for the most the plays of Hards can tell: its
exact check keeps every seat's true hand (with the draws it truly made) and rules other hands out."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bones.players.belief import Belief

TOOL = Path(__file__).resolve().parents[2] / "tools" / "exact_reading.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("exact_reading", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["exact_reading"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("rules_id", ["domino_pool", "muggins"])
def test_the_true_hands_pass_and_others_are_ruled_out(tool: ModuleType, rules_id: str) -> None:
    kept = ruled_out = 0
    rng = random.Random(5)
    for obs, truth, drawn_at in tool.decisions(rules_id, 1, 3, 4):
        belief = Belief(obs)
        for sb in belief.seats:
            reading = tool.SeatReading(obs, sb.seat, rng)
            assert reading.consistent(truth[sb.seat], drawn_at[sb.seat]), (rules_id, len(obs.history), sb.seat)
            kept += 1
            allowed = tool.seat_hands(obs, belief, sb, rng, False)[:40]
            ruled_out += sum(not reading.consistent(h) for h in allowed)
    assert kept > 10
    assert ruled_out > 0  # Hard's choices rule out hands the draws and passes alone allow

