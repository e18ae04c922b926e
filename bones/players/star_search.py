"""Expert on Honest John's star: sampled worlds, each played out by the engine, averaged per action.

The face-up solver does not play a star (lines that belong to the seats, tiles sold and given out of turn, up to
eight seats), so Expert searches it by Monte Carlo: it deals the hidden tiles in ways that agree with everything it
saw (`belief.Belief`: a seat that asked held nothing for its line; every seat an ask went past held nothing for the
asker's), and in each world tries every legal action, then plays the round to its end with the quick rules of
thumb of `star.rollout_action` for every seat, the same random numbers for every action (so the actions are
compared on the same futures). The value of an action is the mover's result in the round: the chips it gains in
version 1 (sales, purchases and the winner's chip from each), in version 2 its points less the others' average.
Hard's choice stands unless another action beats it, world by world, by a bar of standard errors (`confident`,
`bar`): one playout a world is a noisy judge between plays that are nearly as good. The bar is two standard errors
where rounds pay chips (version 1: no bar lost chips, a lower one was within noise) and one where they score points
(version 2: one standard error took 1.9 points a round more than two on the published deals, 1.0 more on tuning
deals). Measured (docs/levels.md): rollouts cut off early and valued by the race to go out did worse; twice the
worlds, or rollouts by Hard's own weights, within noise of this.
Budgets are counted in worlds; wall time is only a safety cap.
"""

from __future__ import annotations

import random
import time

from bones.engine.actions import Action
from bones.engine.observation import Observation
from bones.engine.round import RoundState
from bones.engine.rules import Rules

from . import star
from .belief import Belief, resume
from .star import rollout

CAP_SHARE = 0.9  # of the budget's seconds: stop sampling worlds beyond this
Z = 2.0  # standard errors by which an action must beat Hard's choice to be taken instead (rounds paid in chips)
Z_POINTS = 1.0  # the same where rounds score points (version 2): there the playouts' judgement is worth more


def round_value(state: RoundState, seat: int) -> float:
    """What a finished round is worth to `seat`: its chips where rounds pay chips, else its points less the others'
    average."""
    points = state.round_points()
    if state.rules.plays_for_chips:
        return float(points[seat])
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


def bar(rules: Rules) -> float:
    """The standard errors by which Expert's playouts must prefer an action to Hard's choice: `Z` where rounds pay
    chips, `Z_POINTS` where they score points (measured, docs/levels.md)."""
    return Z if rules.plays_for_chips else Z_POINTS


def analyse(obs: Observation, legal: list[Action], worlds: int, seconds: float, seed: int, z: float = Z
            ) -> tuple[list[float], int]:
    """Each action in `legal` valued for choosing: the average round value over up to `worlds` sampled worlds,
    with Hard's choice kept unless another action beats it by `z` standard errors (see `confident`); and how many
    worlds were played."""
    values, played = _sampled(obs, legal, worlds, seconds, seed)
    prior = legal.index(star.choose(obs, legal, "hard").action)
    return confident(values, prior, z), played


def confident(per_world: list[list[float]], prior: int, z: float = Z) -> list[float]:
    """The mean value of each action over the worlds, where an action beats the `prior` (Hard's choice) only when
    its mean gain over it, world by world, is at least `z` standard errors: a rollout is one future, and between
    plays that are nearly as good the sampling noise would otherwise choose at random. The prior gets a small bonus
    that puts it on top of every action that does not clear the bar."""
    n = len(per_world[prior])
    means = [sum(v) / n for v in per_world]
    if n < 2:
        return [m + (1e-6 if i == prior else 0.0) for i, m in enumerate(means)]
    out = list(means)
    clear = []
    for i, v in enumerate(per_world):
        if i == prior:
            continue
        diffs = [a - b for a, b in zip(v, per_world[prior])]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > z * (var / n) ** 0.5 and mean > 0:
            clear.append(i)
    best_clear = max((means[i] for i in clear), default=None)
    top = max(means)
    # the prior is chosen unless an action clears the bar; then the best of those that do
    out[prior] = (best_clear - 1e-6) if best_clear is not None else top + 1e-6
    for i in range(len(out)):
        if i != prior and i not in clear:
            out[i] = min(out[i], out[prior] - 1e-6)
    return out


def _sampled(obs: Observation, legal: list[Action], worlds: int, seconds: float, seed: int
             ) -> tuple[list[list[float]], int]:
    """The round value of each action in each of up to `worlds` sampled worlds, and how many were played."""
    start = time.perf_counter()
    deadline = start + CAP_SHARE * seconds
    rng = random.Random(seed)
    belief = Belief(obs)
    values: list[list[float]] = [[] for _ in legal]
    played = 0
    for _ in range(max(1, worlds)):
        now = time.perf_counter()
        if played and now + (now - start) / played > deadline:
            break  # the safety cap: another world would likely overrun it
        world = belief.sample(rng)
        state = resume(obs, world)
        future = rng.getrandbits(48)
        for i, action in enumerate(legal):
            end = rollout(state.apply(action), random.Random(future))
            values[i].append(round_value(end, obs.seat))
        played += 1
    return values, played
