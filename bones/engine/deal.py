"""Deals: who holds what, from a seed or as written in a record, and who leads with which tile."""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from .rules import Rules
from .tiles import Tile, tile_set


class Deal(NamedTuple):
    """Each seat's hand as dealt, and the boneyard in drawing order."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


class Opening(NamedTuple):
    """Who leads a round, and the tile they must lay first (None: any tile)."""

    seat: int
    tile: Tile | None


class NeedsRedeal(ValueError):
    """Nobody holds a double and the rules call for a new deal."""


def shuffled_deal(rules: Rules, rng: random.Random) -> Deal:
    """Shuffle the set and deal each seat its hand; the rest is the boneyard in drawing order."""
    rand = rng.random
    tiles = sorted(tile_set(rules.max_pip), key=lambda _: rand())  # uniform: sort by independent random keys
    n, k = rules.players, rules.hand_size
    hands = tuple(tuple(tiles[i * k:(i + 1) * k]) for i in range(n))
    return Deal(hands, tuple(tiles[n * k:]))


def seeded_deal(rules: Rules, seed: int, round_index: int) -> Deal:
    """The deal this version of bones makes for round `round_index` of a game with `seed` (redeals included)."""
    rng = random.Random(f"bones:{seed}:{round_index}")
    while True:
        deal = shuffled_deal(rules, rng)
        try:
            opening_lead(rules, deal.hands)
        except NeedsRedeal:
            continue
        return deal


def heaviest(tiles: Sequence[Tile]) -> Tile:
    """The tile with the most pips; between equal counts the one with the higher half."""
    return max(tiles, key=lambda t: (t.pips, t.high))


def opening_lead(rules: Rules, hands: Sequence[Sequence[Tile]]) -> Opening:
    """The opening rule: the holder of the highest double (or heaviest tile) leads, laying it if the rules say so."""
    best: Tile | None = None
    seat = -1
    if rules.opening == "highest_double":
        for s, hand in enumerate(hands):
            for t in hand:
                if t[0] == t[1] and (best is None or t[0] > best[0]):
                    best, seat = t, s
        if best is None and rules.no_double == "redeal":
            raise NeedsRedeal("no hand holds a double, so these rules deal again")
    if best is None:
        for s, hand in enumerate(hands):
            for t in hand:
                if best is None or (t[0] + t[1], t[0]) > (best[0] + best[1], best[0]):
                    best, seat = t, s
    assert best is not None, "opening_lead needs at least one tile in some hand"
    return Opening(seat, best if rules.opening_tile_must_lead else None)


def check_deal(rules: Rules, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> None:
    """Raise ValueError unless the hands and boneyard are exactly the set, each hand of the game's size."""
    if len(hands) != rules.players:
        raise ValueError(f"{rules.name} here has {rules.players} seats, but the deal has {len(hands)} hands")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise ValueError(f"hand {seat} has {len(hand)} tiles; {rules.name} deals {rules.hand_size}")
    seen: set[Tile] = set()
    for t in [t for h in hands for t in h] + list(boneyard):
        if t in seen:
            raise ValueError(f"{t} is dealt twice")
        if t.high > rules.max_pip:
            raise ValueError(f"{t} is not in the double-{rules.max_pip} set")
        seen.add(t)
    missing = [t for t in tile_set(rules.max_pip) if t not in seen]
    if missing:
        raise ValueError(f"the deal is missing {', '.join(map(str, missing[:5]))}")
