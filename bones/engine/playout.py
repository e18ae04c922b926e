"""Random playouts: deal a round and play uniformly random legal actions to its end (benchmarks, tests)."""

from __future__ import annotations

import random

from .deal import NeedsRedeal, opening_lead, shuffled_deal
from .round import RoundState
from .rules import Rules


def random_round(rules: Rules, rng: random.Random) -> RoundState:
    """A freshly dealt round (first-round opening rule) played to its end with uniformly random legal actions."""
    while True:
        deal = shuffled_deal(rules, rng)
        try:
            lead = opening_lead(rules, deal.hands)
        except NeedsRedeal:
            continue
        break
    state = RoundState.start(rules, deal.hands, deal.boneyard, lead.seat, lead.tile)
    rand = rng.random
    while not state.over:
        legal = state.legal_actions()
        state = state.apply(legal[int(rand() * len(legal))])
    return state
