"""Expert's next decision taken without seeing the hidden tiles (two seats).

In each world the face-up search chooses Expert's every later play knowing the other hand, so the average over the
worlds credits a root action with follow-ups that only a seat that saw everything could pick ("strategy fusion").
Here, after each root action (the best first, by the face-up average), the other seat's reply is still its best in
that world (and its draws, if it must draw, that world's tiles), but Expert's next decision is taken once for all
the worlds that reach it with the same history as Expert would see it (the reply as everyone saw it, its own draws
as it drew them): the action with the best weighted average over those worlds, each world then valued at that
action. Decisions after that one are still searched face up.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from bones.engine.actions import Action
from bones.engine.round import RoundState

from .solver import searched

MAX_STEPS = 40  # forced draws and passes followed from a root action to Expert's next decision, at most


@dataclass(frozen=True)
class Path:
    """Where a root action leads in one world: to Expert's next real decision (`key`: the history Expert sees on
    the way; `offset`: the points made on the way; `values`: each of its actions from there, face up), or nowhere
    (the round ends first, or the other seat chooses twice: `key` None, `offset` the face-up value from the root)."""

    key: Hashable | None
    offset: float
    values: tuple[float, ...] = ()


Solve = Callable[[RoundState, list[Action], int], list[float]]


def _diff(state: RoundState, me: int) -> float:
    return float(state.points[me] - sum(p for i, p in enumerate(state.points) if i != me))


def follow(root: RoundState, index: int, action: Action, face_up: float, me: int, solve: Solve) -> Path:
    """Play `action` in one world, the other seat's best reply (face up) and any forced moves, up to Expert's next
    real decision; `face_up` is the action's face-up value in this world (the value where no decision is met)."""
    base = _diff(root, me)
    state = root.apply(action)
    leaf = face_up
    key: list[Hashable] = [index]
    replied = False  # whether the other seat has made its choice yet
    for _ in range(MAX_STEPS):
        if state.over:
            break
        legal = searched(state.legal_actions())  # as Expert weighs them
        seat = state.current
        if seat == me:
            if len(legal) > 1:
                key.append(tuple(str(a) for a in legal))
                return Path(tuple(key), _diff(state, me) - base, tuple(solve(state, legal, me)))
            before = state.hands[me]
            state = state.apply(legal[0])
            key.append(("me", str(legal[0]), state.hands[me] ^ before))  # a tile drawn is seen by Expert
            continue
        pick = legal[0]
        if len(legal) > 1:
            if replied:
                break  # a second choice of the other seat before Expert's: left at the face-up value so far
            replied = True
            theirs = solve(state, legal, seat)
            best = max(range(len(legal)), key=lambda k: (theirs[k], -k))
            leaf = _diff(state, me) - base - theirs[best]  # two seats: its points from here are Expert's loss
            pick = legal[best]
        state = state.apply(pick)
        key.append((seat, str(pick)))  # a draw shows no tile
    return Path(None, leaf)


def shared_value(paths: Sequence[Path], weights: Sequence[float], game_value: Callable[[float], float]) -> float:
    """One root action's weighted average game value over the worlds (`paths[w]`: where it leads in world w), its
    next decision taken per history: the action best on average over the worlds that share that history. Never
    more than the face-up average (one action for several worlds does no better than the best of each)."""
    acc = 0.0
    groups: dict[Hashable, list[tuple[float, Path]]] = defaultdict(list)
    for p, weight in zip(paths, weights):
        if p.key is None:
            acc += weight * game_value(p.offset)
        else:
            groups[p.key].append((weight, p))
    for members in groups.values():
        k = len(members[0][1].values)
        acc += max(sum(wt * game_value(p.offset + p.values[j]) for wt, p in members) for j in range(k))
    return acc / (sum(weights) or 1.0)
