"""Reading the other side's latest plays with the face-up search (`Expert(read_plays=N)`; measured and not
adopted: against Hard it lost 3.7 points of share in Muggins and five or six in Bergen, docs/levels.md).

A sampled world says what the other seat held when it made its last plays. If, holding that, its play was a poor
one by the face-up search (the same search Expert runs on its own choices), the world explains the play less well
than one in which the play was its best: the world's weight is multiplied by the chance of the play under a
softmax over the face-up values of the plays it had, mixed with a share of uniform choice so that no world is
ruled out. This is how bridge programs read a defender's cards, and it assumes only that the other side plays
well, not how.

Only plays made since the last draw (anyone's) are read: after a draw the boneyard's order in the world is no
longer the order the play was made against. A play whose seat had no other play, the round's first tile, and
every play of one's own side are not read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from bones.engine.actions import Action
from bones.engine.observation import Observation
from bones.engine.round import RoundState

from .belief import World

Solve = Callable[[RoundState, list[Action], int], Sequence[float]]


@dataclass(frozen=True)
class Rated:
    """One play of the other side that can be read: where it is in the history, and what the world must add back."""

    index: int  # in the observation's history
    seat: int
    back: tuple[int, ...]  # per seat, the tiles laid from this play on (bitmask), given back to rebuild the hands
    points: tuple[int, ...]  # the round's points just before it


def rated_plays(obs: Observation, limit: int) -> list[Rated]:
    """The other side's plays since the last draw, the latest first, at most `limit`."""
    rules = obs.rules
    if rules.asks or rules.claims:
        return []
    mine = rules.side_of(obs.seat)
    back = [0] * obs.seats
    points = list(obs.round_points)
    out: list[Rated] = []
    for k in range(len(obs.history) - 1, 0, -1):
        ev = obs.history[k]
        if ev.action.kind == "pass":
            continue
        if ev.action.kind != "play" or ev.action.tile is None:
            break  # a draw (or anything else) ends what the world can rebuild
        points[ev.seat] -= ev.scored
        back[ev.seat] |= 1 << ev.action.tile.id
        if ev.seat not in mine:
            out.append(Rated(k, ev.seat, tuple(back), tuple(points)))
            if len(out) >= limit:
                break
    return out


def state_at(obs: Observation, world: World, rated: Rated) -> RoundState:
    """The world as it stood just before the rated play (its table, hands, points; the boneyard unchanged)."""
    hands = [h | b for h, b in zip(world.hands, rated.back)]
    return RoundState.resume(obs.rules, hands, world.boneyard, obs.leader, -1, obs.scores_at_deal,
                             obs.history[:rated.index], obs.history[rated.index].before, rated.seat, rated.points)


def log_likelihood(obs: Observation, world: World, rated: Sequence[Rated], solve: Solve, temperature: float,
                   uniform: float) -> float:
    """How well the world explains the rated plays: the sum of each play's log chance, each the softmax (over the
    plays its seat had, valued face up for that seat, `temperature` points to e) mixed with `uniform` choice."""
    total = 0.0
    for r in rated:
        state = state_at(obs, world, r)
        made = obs.history[r.index].action
        plays = [a for a in state.legal_actions() if a.kind == "play"]
        if len(plays) < 2 or made not in plays:
            continue
        values = solve(state, plays, r.seat)
        top = max(values)
        weights = [math.exp((v - top) / temperature) for v in values]
        chance = weights[plays.index(made)] / sum(weights)
        total += math.log((1.0 - uniform) * chance + uniform / len(plays))
    return total
