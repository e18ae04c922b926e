"""The computer round the table and the Hint: bones.players behind one small adapter.

Players only ever get an `Observation` of their own seat. The levels come from the players' registry; where a level
does not play a game, the level standing in for it plays, and the table says so (`note`). The computer seats that
answer one request share one thinking time (`Clock`), so three computers take no longer than one.
"""

from __future__ import annotations

import time
from typing import Callable, NamedTuple

from bones.engine import Action, Observation, Rules
from bones.engine.actions import MUGGINS
from bones.engine.scoring import unclaimed
from bones.players import LEVELS, Budget, player_for, stand_in
from bones.players.hint import hint as expert_hint, points_made

from .store import TWO

TWO_PLAYERS = TWO
OPPONENT_NAMES = {**{lv.id: lv.name for lv in LEVELS.values()}, TWO_PLAYERS: "Two players"}
ANSWER_SECONDS = 1.0  # the most the computer seats answering one request think, all together
MIN_SECONDS = 0.05  # what a seat gets however little is left (it still plays a considered move)
WORLDS = 120  # Expert's sampled worlds per decision (the time is only a cap)


class Suggestion(NamedTuple):
    """An action chosen for a seat, with the reason in a player's words when there is one."""

    action: Action
    reason: str | None


class Clock:
    """The thinking time of the computer seats answering one request. Each seat's search is the same whatever the
    machine: a fixed share of the time, in nodes (the time over the computer seats at the table, so that a whole
    round of them fits in it). Its safety cap is the wall time left divided by the seats still to answer before a
    person acts."""

    def __init__(self, seconds: float = ANSWER_SECONDS, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.seconds = seconds
        self.deadline = now() + seconds

    def budget(self, seats_left: int, computers: int) -> Budget:
        left = max(0.0, self.deadline - self.now())
        return Budget(WORLDS, max(MIN_SECONDS, self.seconds / max(1, computers)),
                      cap=max(MIN_SECONDS, left / max(1, seats_left)))


def level_note(level: str, rules: Rules) -> str | None:
    """A sentence when another level plays `rules` in place of `level`; None when `level` plays them itself."""
    return stand_in(level, rules).note


def choose(level: str, seed: int, obs: Observation, budget: Budget | None = None) -> Action:
    """The computer's action at `level` (or the level standing in for it) for its observation, thinking within
    `budget` (Expert searches its seconds' worth of nodes, within its cap; the other levels answer at once)."""
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player, _ = player_for(level, obs.rules, seed)
    action = player.choose(obs, budget).action
    if action not in legal:
        raise RuntimeError(f"the {level} player chose {action}, which is not legal here")
    return action


def last_points(obs: Observation) -> int:
    """The points the last play made and did not claim, which this seat may take by saying muggins."""
    if not obs.history:
        return 0
    last = obs.history[-1]
    return unclaimed(obs.rules, obs.layout, obs.table, last.seat, last.action, obs.seat)


def hint(obs: Observation, seed: int = 0) -> Suggestion:
    """What Expert (or the level standing in for it) would play from this seat, with its reason."""
    legal = obs.legal_actions()
    if len(legal) == 1:  # what it scores is said too (QA: "the only thing you can do", and then "+10")
        made = points_made(obs, legal[0])
        return Suggestion(legal[0], f"It is the only thing you can do{f', and it scores {made}' if made else ''}.")
    if MUGGINS in legal:  # Expert always takes points left unclaimed (and its reasons do not word a muggins)
        return Suggestion(MUGGINS, f"the last tile's {last_points(obs)} were not claimed")
    choice = expert_hint(obs, seed=seed)
    return Suggestion(choice.action, choice.reason or None)
