"""Beginner: the first tile in its hand that fits, on the first end it fits.

"First" is the order Beginner holds its tiles in, like a person who never sorts them: an arrangement of the whole
set fixed by its seed (the same for every round it plays), not the observation's sorted order. Sorted, the hand
would start with the heaviest tiles (6-6, 6-5, ...) and Beginner would in effect shed heavy tiles first, which
is Easy's advice and not a beginner's. Ends are tried in the table's order: L, R, U, D, then later spinners'.
It looks at no dots, doubles or points; the same seed and observation always give the same tile.
"""

from __future__ import annotations

import random

from bones.engine.observation import Observation
from bones.engine.tiles import MAX_PIP, Tile, set_size

from . import get_level
from .base import Budget, Choice
from .claims import catch, claim, without_muggins


class Beginner:
    """Lays the first tile that fits; draws or passes when nothing does."""

    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        order = list(range(set_size(MAX_PIP)))
        random.Random(f"bones-beginner:{seed}").shuffle(order)
        self._rank = {tile_id: i for i, tile_id in enumerate(order)}

    def held(self, obs: Observation) -> list[Tile]:
        """The hand in the order Beginner holds it."""
        return sorted(obs.hand, key=lambda t: self._rank[t.id])

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"{self.name} was asked to move, but seat {obs.seat} has no move now")
        level = get_level(self.name)
        caught = catch(obs, level.catches, self.seed)
        if caught is not None:
            return caught
        legal = without_muggins(legal)
        if legal[0].kind != "play":
            return Choice(legal[0])  # draw or pass: the only way on
        hand = [obs.lead_tile] if obs.center is None and obs.lead_tile is not None else self.held(obs)
        for tile in hand:
            for action in legal:  # the ends in the table's order: L, R, U, D, then later spinners'
                if action.tile == tile:
                    return Choice(claim(obs, action, level.claims, self.seed))
        raise AssertionError("a play is legal but no tile fits")  # unreachable: legal plays come from the hand
