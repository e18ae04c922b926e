"""Easy: the first advice a new player is given, and nothing beyond the tile it lays.

In scoring games it takes the most points any play offers; otherwise (and between equal points) doubles go first,
then the heaviest tile.
"""

from __future__ import annotations

from bones.engine.observation import Observation

from .features import Outcome, Table
from .heuristic import HeuristicPlayer


class Easy(HeuristicPlayer):
    """Points now, then doubles, then heavy tiles."""

    name = "easy"

    def value(self, obs: Observation, out: Outcome, table: Table) -> float:
        return easy_value(out)


def easy_value(out: Outcome) -> float:
    """Points dominate, a double beats any single, and more pips beat fewer (a tile has at most 36 pips)."""
    return 1000.0 * out.scored + 100.0 * out.tile.is_double + out.tile.pips
