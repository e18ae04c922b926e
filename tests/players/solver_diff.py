"""A larger differential run of the face-up solver than the tests make: compiled against plain Python against
brute-force minimax over the engine's RoundState, on random small positions of every rules kind.

    .venv/bin/python -m tests.expert.solver_diff [positions] [seed] [max_hand] [max_bone]
"""

from __future__ import annotations

import random
import sys
import time

from bones.players import solver

from tests.players.oracle import minimax, random_position


def run(count: int = 3000, seed: int = 0, max_hand: int = 4, max_bone: int = 4) -> int:
    """Check `count` positions; print and return how many disagreed."""
    rng = random.Random(seed)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    bad = done = 0
    start = time.perf_counter()
    while done < count:
        state = random_position(rng, max_hand, max_bone)
        if state.over:
            continue
        actions = state.legal_actions()
        root = rng.choice([state.current, rng.randrange(state.seats)])
        now = sum(p if i == root else -p for i, p in enumerate(state.round_points()))
        a = compiled.values(state, actions, root, salt=rng.getrandbits(60)).values
        b = plain.values(state, actions, root, salt=rng.getrandbits(60)).values
        c = [minimax(state.apply(x), root, now) for x in actions]
        done += 1
        if not a == b == c:
            bad += 1
            print("disagree:", state.rules.id, state.seats, [str(x) for x in actions], a, b, c)
    print(f"{done} positions, {bad} disagreements, {time.perf_counter() - start:.1f} s")
    return bad


if __name__ == "__main__":
    args = [int(x) for x in sys.argv[1:]]
    sys.exit(1 if run(*args) else 0)
