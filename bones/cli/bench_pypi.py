"""`bones bench` beside the PyPI package `dominoes` (6.1.0) on its own game: four-handed partnership Block with seven
tiles each, random playouts of whole rounds, measured in one run in alternating slices (so all share the machine's
noise). bones is measured twice: `random_round` (its playouts, in one loop where a round is plain) and the same
rounds played a state at a time through `legal_actions` and `apply`, as any other caller of the engine plays."""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from bones.engine import get_rules
from bones.engine.playout import play_out, play_out_by_actions, random_round
from bones.engine.round import RoundState

SLICE = 0.25  # seconds each run goes on before the other takes its turn


def _bones_round(rng: random.Random, finish: Callable[[RoundState, random.Random], RoundState] = play_out
                 ) -> Callable[[], Any]:
    rules = get_rules("partnership_block", {"hand_size": 7})
    return lambda: random_round(rules, rng, finish)


def _pypi_round(rng: random.Random) -> Callable[[], Any] | None:
    """One random round of `dominoes.Game` (deal, then uniformly random valid moves to the end), or None when the
    package is not installed."""
    try:
        import dominoes  # type: ignore[import-not-found]
    except ImportError:
        return None

    random.seed(rng.random())  # the package deals from the global random module: seeded once, as a user would
    rand = random.random

    def one() -> Any:
        game = dominoes.Game.new()
        while game.result is None:
            d, left = game.valid_moves[int(rand() * len(game.valid_moves))]
            game.make_move(d, left)
        return game.result

    return one


def versus_pypi(seconds: float, seed: int) -> dict[str, Any] | None:
    """Rounds per second of bones (its playouts, and a state at a time) and of `dominoes` 6.1.0 on partnership
    Block, seven tiles each, and their ratios; None without the package."""
    pypi = _pypi_round(random.Random(seed))
    if pypi is None:
        return None
    runs = (_bones_round(random.Random(seed)), _bones_round(random.Random(seed), play_out_by_actions), pypi)
    counts = [0] * len(runs)
    spent = [0.0] * len(runs)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for i, run in enumerate(runs):
            start = time.perf_counter()
            stop = start + SLICE / 2
            n = 0
            while True:
                run()
                n += 1
                now = time.perf_counter()
                if now >= stop:
                    break
            counts[i] += n
            spent[i] += now - start
    rates = [c / s for c, s in zip(counts, spent)]
    return {"game": "partnership_block, hand_size 7 (dominoes.Game)", "bones": round(rates[0], 1),
            "bones_by_actions": round(rates[1], 1), "dominoes_6_1_0": round(rates[2], 1),
            "ratio": round(rates[0] / rates[2], 2), "ratio_by_actions": round(rates[1] / rates[2], 2)}
