"""The frame shared by the rule-of-thumb levels: score every legal play with a small function, take the best.

Ties go to the first action in the observation's legal order, so a level is deterministic without a random
number generator (its seed is kept only for the common constructor).
"""

from __future__ import annotations

from bones.engine.observation import Observation

from .base import Budget, Choice
from .features import Outcome, Table, count_table, outcome


class HeuristicPlayer:
    """A level that values each play by `value` and lays the best one; draws and passes are forced moves."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def value(self, obs: Observation, out: Outcome, table: Table) -> float:
        """How much the mover likes the play `out` (higher is better)."""
        raise NotImplementedError

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"{self.name} was asked to move, but seat {obs.seat} has no move now")
        if len(legal) == 1 or legal[0].kind != "play":
            return Choice(legal[0])
        table = count_table(obs)
        analysis: dict[str, float] = {}
        best, best_value = legal[0], float("-inf")
        for action in legal:
            v = self.value(obs, outcome(obs, action), table)
            analysis[str(action)] = round(v, 3)
            if v > best_value:
                best, best_value = action, v
        return Choice(best, analysis)
