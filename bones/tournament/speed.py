"""How fast Expert decides: worlds solved exactly and time per decision, at four stages of a round.

Positions come from seeded deals played forward at random (uniform over legal actions) to each stage: the lead
(the first tile of a round whose leader may choose it: in Draw and Block the second round, whose leader is free;
in All Fives and Five Up the first; none in games whose opening rule lays every round's first tile), and the first
decision with at least 1, 4 and 8 tiles down. Only real decisions are
measured (two or more legal actions: a forced draw, pass or lead costs Expert nothing). `bones bench --json`
reports these figures under "expert".
"""

from __future__ import annotations

import random
import time
from bones.engine.game import GameState, new_game
from bones.engine.rules import Rules, get_rules
from bones.engine.observation import Observation, observe
from bones.players.base import Budget
from bones.players.expert import Expert

from .stats import percentile

STAGES = ("lead", 1, 4, 8)


def position(rules_id: str, stage: str | int, seed: int) -> Observation | None:
    """The observation of the seat to move at `stage` of a game dealt from `seed` and played at random."""
    rng = random.Random(f"bench:{rules_id}:{stage}:{seed}")
    game: GameState = new_game(rules_id, seed)
    for _ in range(2000):
        if game.over or game.round is None or game.current_seat is None:
            return None
        obs = observe(game, game.current_seat)
        legal = obs.legal_actions()
        if stage == "lead":
            if obs.center is None and len(legal) > 1 and not obs.lead_forced:
                return obs
        elif obs.tiles_down >= int(stage) and len(legal) > 1:
            return obs
        game = game.apply(rng.choice(legal))
    return None


def free_lead(rules: Rules) -> bool:
    """Whether some round's leader chooses its first tile (else the opening rule lays every first tile)."""
    return not all(rules.lead_is_forced(i, end) for i, end in ((0, None), (1, "out"), (1, "blocked")))


def bench_positions(rules_id: str, stage: str | int, count: int, seed: int) -> list[Observation]:
    """`count` positions at `stage`, from consecutive seeds starting at `seed`."""
    out: list[Observation] = []
    k = seed
    while len(out) < count:
        if k > seed + 50 * count:
            raise ValueError(f"{rules_id} has no positions at stage {stage} in {50 * count} deals")
        obs = position(rules_id, stage, k)
        k += 1
        if obs is not None:
            out.append(obs)
    return out


def expert_bench(
    rules_ids: tuple[str, ...] = ("draw", "block", "all_fives"),
    positions: int = 50,
    seed: int = 0,
    budget: Budget | None = None,
) -> dict[str, dict[str, float]]:
    """Per rules id: median worlds solved exactly, median and 99th-percentile decision time (ms), over
    `positions` positions at each stage; also the median CPU time, the median time at each stage, and the face-up
    search's nodes per second of decision time (millions: all its nodes over all its time, sampling included), and
    how many decisions the wall-time safety cap ended before their budget (`clock_cuts`: 0 on a machine that keeps
    up, where every decision is the same on any machine)."""
    expert = Expert(seed=seed)
    out: dict[str, dict[str, float]] = {}
    for rid in rules_ids:
        exact: list[float] = []
        ms: list[float] = []
        cpu: list[float] = []
        nodes = cuts = 0
        by_stage: dict[str, float] = {}
        for stage in STAGES:
            if stage == "lead" and not free_lead(get_rules(rid)):
                continue  # every first tile is laid by the opening rule: nothing to decide
            stage_ms: list[float] = []
            stage_exact: list[float] = []
            for obs in bench_positions(rid, stage, positions, seed):
                c0 = time.process_time()
                t0 = time.perf_counter()
                expert.choose(obs, budget)
                stage_ms.append((time.perf_counter() - t0) * 1000.0)
                cpu.append((time.process_time() - c0) * 1000.0)
                assert expert.last is not None
                stage_exact.append(expert.last.exact)
                nodes += expert.last.nodes
                cuts += expert.last.clock_cut
            ms += stage_ms
            exact += stage_exact
            by_stage[f"ms_p50_{stage}"] = round(percentile(stage_ms, 50), 1)
            by_stage[f"worlds_p50_{stage}"] = percentile(stage_exact, 50)
        out[rid] = {
            "worlds_p50": percentile(exact, 50),
            "ms_p50": round(percentile(ms, 50), 1),
            "ms_p99": round(percentile(ms, 99), 1),
            "cpu_ms_p50": round(percentile(cpu, 50), 1),
            "mnodes_per_s": round(nodes / (sum(ms) * 1000.0), 2) if ms and sum(ms) > 0 else 0.0,
            "positions": len(ms),
            "clock_cuts": cuts,
            **by_stage,
        }
    return out


if __name__ == "__main__":  # pragma: no cover - a manual run: python -m bones.tournament.speed [positions]
    import json
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    ids = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("draw", "block", "all_fives")
    print(json.dumps(expert_bench(ids, n), indent=1))
