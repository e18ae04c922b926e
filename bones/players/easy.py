"""Easy: the first advice a new player is given, and nothing beyond the tile it lays.

In scoring games it takes the most points any play offers; otherwise (and between equal points) doubles go first,
then the heaviest tile. Between plays that are otherwise equal — above all one tile that fits both ends — it
covers the higher number on the table: heavy before light, said of the ends as well as of the tiles.
"""

from __future__ import annotations

from bones.engine.observation import Observation

from .features import Outcome, Table
from .heuristic import HeuristicPlayer


class Easy(HeuristicPlayer):
    """Points now, then doubles, then heavy tiles, laid on the higher end."""

    name = "easy"

    def value(self, obs: Observation, out: Outcome, table: Table) -> float:
        covered = obs.ends[out.action.end] if out.action.end is not None else 0
        return easy_value(out, covered)


def easy_value(out: Outcome, covered: int = 0) -> float:
    """Points dominate, a double beats any single, and more pips beat fewer (a tile has at most 36 pips); last, the
    number the tile covers on the table (at most 0.06, less than a pip)."""
    return 1000.0 * out.scored + 100.0 * out.tile.is_double + out.tile.pips + 0.01 * covered
