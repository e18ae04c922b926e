"""Expert on Honest John's star: sampled worlds, each played out by the engine, averaged per action.

The face-up solver does not play a star (lines that belong to the seats, tiles sold and given out of turn, up to
eight seats), so Expert searches it by Monte Carlo: it deals the hidden tiles in ways that agree with everything it
saw (`belief.Belief`: a seat that asked held nothing for its line; every seat an ask went past held nothing for the
asker's), and in each world tries every legal action, then plays the round to its end with the quick rules of
thumb of `star.rollout_action` for every seat, the same random numbers for every action (so the actions are
compared on the same futures). The value of an action is the mover's result in the round: the chips it gains in
version 1 (sales, purchases and the winner's chip from each), in version 2 its points less the others' average.
Budgets are counted in worlds; wall time is only a safety cap.
"""

from __future__ import annotations

import random
import time

from bones.engine.actions import Action
from bones.engine.observation import Observation
from bones.engine.round import RoundState

from .belief import Belief
from .star import rollout

# Worlds for each world the compiled search would solve: a rollout is cheap beside a face-up solve, but one world
# tells less (its future is one playout, not the best replies), so the star takes its full budget of worlds.
CAP_SHARE = 0.9  # of the budget's seconds: stop sampling worlds beyond this


def round_value(state: RoundState, seat: int) -> float:
    """What a finished (or cut-off) round is worth to `seat`: its chips where rounds pay chips, else its points
    less the others' average."""
    points = state.round_points()
    if state.rules.plays_for_chips:
        return float(points[seat])
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


def analyse(obs: Observation, legal: list[Action], worlds: int, seconds: float, seed: int
            ) -> tuple[list[float], int]:
    """The average round value of each action in `legal` over up to `worlds` sampled worlds, and how many worlds
    were played."""
    start = time.perf_counter()
    deadline = start + CAP_SHARE * seconds
    rng = random.Random(seed)
    belief = Belief(obs)
    totals = [0.0] * len(legal)
    lead = obs.lead_tile.id if obs.lead_tile is not None else -1
    base = tuple(a - b for a, b in zip(obs.scores, obs.round_points))
    assert obs.current_seat is not None
    asker = obs.asker if obs.asker is not None else -1
    played = 0
    for _ in range(max(1, worlds)):
        now = time.perf_counter()
        if played and now + (now - start) / played > deadline:
            break  # the safety cap: another world would likely overrun it
        world = belief.sample(rng)
        state = RoundState.resume(obs.rules, world.hands, world.boneyard, obs.leader, lead, base, obs.history,
                                  obs.table, obs.current_seat, obs.round_points, asker)
        future = rng.getrandbits(48)
        for i, action in enumerate(legal):
            end = rollout(state.apply(action), random.Random(future))
            totals[i] += round_value(end, obs.seat)
        played += 1
    return [t / played for t in totals], played
