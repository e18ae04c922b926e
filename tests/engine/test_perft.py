"""Perft: the number of different action sequences of a fixed length from fixed seeded deals, for every game of
the registry and every number of players, pinned in data/perft.json, with the points scored along them and the
rounds they end. A silent change to any rule (what fits, who leads, when a seat draws or passes, how a spinner
opens, what scores) changes these counts.

After a deliberate rule change, pin the new counts with `python -m tests.engine.test_perft --write` and say why
in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bones.engine import GameState, get_rules

from tests.kit import CONFIGS, config_id

DATA = Path(__file__).parent / "data" / "perft.json"
DEPTH = 7
SEEDS = (1, 2, 3)


def perft(game: GameState, depth: int) -> tuple[int, int, int]:
    """How many different sequences of `depth` legal actions the game can take (fewer where it ends first), the
    points scored at their ends summed over all of them, and how many of them end a round."""
    if depth == 0 or game.over or not game.legal_actions():
        return 1, sum(game.totals()), len(game.results)
    leaves = points = ended = 0
    for a in game.legal_actions():
        n, p, e = perft(game.apply(a), depth - 1)
        leaves, points, ended = leaves + n, points + p, ended + e
    return leaves, points, ended


def counts(config: tuple[str, dict | None]) -> list[list[int]]:
    rules = get_rules(config[0], config[1])
    return [list(perft(GameState.new(rules, seed=seed), DEPTH)) for seed in SEEDS]


def pinned() -> dict[str, list[list[int]]]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_perft_counts_are_pinned(config: tuple[str, dict | None]) -> None:
    key = config_id(config)
    want = pinned().get(key)
    assert want is not None, f"no perft counts pinned for {key}: run python -m tests.engine.test_perft --write"
    assert counts(config) == want


def test_perft_tells_rules_apart() -> None:
    """Not vacuous: games that differ in one rule give different counts from the same deals."""
    p = pinned()
    assert p["muggins"] != p["all_threes"]  # the same line and deals; only the multiple that scores differs
    assert p["block"] != p["draw"]  # drawing
    assert p["five_up"] != p["all_fives"]  # five tiles each, every double a spinner


if __name__ == "__main__":
    if "--write" in sys.argv:
        DATA.write_text(json.dumps({config_id(c): counts(c) for c in CONFIGS}, indent=1) + "\n")
    print(json.dumps({config_id(c): counts(c) for c in CONFIGS}))
