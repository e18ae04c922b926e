"""The frame shared by the rule-of-thumb levels: score every legal play with a small function, take the best.

Ties go to the first action in the observation's legal order, so a level is deterministic without a random
number generator (its seed is kept only for the common constructor).
"""

from __future__ import annotations

from bones.engine.observation import Observation

from bones.engine.actions import Action

from . import get_level, star
from .base import Budget, Choice
from .claims import catch, claim, without_muggins
from .features import Outcome, Table, count_table, outcome


class HeuristicPlayer:
    """A level that values each play by `value` and lays the best one; draws and passes are forced moves."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def value(self, obs: Observation, out: Outcome, table: Table) -> float:
        """How much the mover likes the play `out` (higher is better)."""
        raise NotImplementedError

    def shuts(self, obs: Observation, table: Table) -> bool:
        """Whether to shut the game and count when the rules offer it (after the other's "go"); by default, never."""
        return False

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"{self.name} was asked to move, but seat {obs.seat} has no move now")
        if len(legal) == 1:
            return Choice(legal[0])
        level = get_level(self.name)
        caught = catch(obs, level.catches, self.seed)
        if caught is not None:
            return caught
        choice = self._choose(obs, without_muggins(legal))
        return Choice(claim(obs, choice.action, level.claims, self.seed), choice.analysis, choice.reason)

    def _choose(self, obs: Observation, legal: list[Action]) -> Choice:
        if len(legal) == 1:
            return Choice(legal[0])
        if obs.rules.asks:  # Honest John's star: its own rules of thumb
            return star.choose(obs, legal, self.name)
        table = count_table(obs)
        if any(a.kind == "shut" for a in legal) and self.shuts(obs, table):
            return Choice(next(a for a in legal if a.kind == "shut"))
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return Choice(legal[0])  # a draw or a pass: nothing to weigh (a draw at will is never taken)
        analysis: dict[str, float] = {}
        best, best_value = plays[0], float("-inf")
        for action in plays:
            v = self.value(obs, outcome(obs, action), table)
            analysis[str(action)] = round(v, 3)
            if v > best_value:
                best, best_value = action, v
        for action in obs.legal_actions():
            if action.kind != "play":
                analysis[str(action)] = -1e9  # not weighed, only listed: the rules of thumb always lay a tile
        return Choice(best, analysis)
