"""Deals and leads: who holds what (from a seed, or as written in a record), and who leads each round with which
tile. `leader` is the one place that decides it; the opening rule's ranking of tiles is `outranks`."""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from .rules import Cut, NextLeader, NoDouble, Opening, Rules
from .tiles import TILES_BY_ID, Tile, tile_set


class Deal(NamedTuple):
    """Each seat's hand as dealt, and the boneyard in drawing order; in the first round of a game whose players cut
    for the first set, the tiles each seat cut (seat 0's, seat 1's, ...)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    cut: tuple[Tile, ...] | None = None


_new_deal = tuple.__new__  # a Deal or Lead without NamedTuple's Python-level __new__ (every playout deals)


class Lead(NamedTuple):
    """Who leads a round, and the tile they must lay first (None: any tile)."""

    seat: int
    tile: Tile | None


class NeedsRedeal(ValueError):
    """Nobody holds a double and the rules call for a new deal."""


class NoLowerDouble(ValueError):
    """Where each round starts from the next double down (Honest John 2): no hand holds a double below the last
    round's, so the game is over."""


def shuffled_deal(rules: Rules, rng: random.Random) -> Deal:
    """Shuffle the set and deal each seat its hand; the rest is the boneyard in drawing order."""
    rand = rng.random
    tiles = sorted(tile_set(rules.max_pip), key=lambda _: rand())  # uniform: sort by independent random keys
    n, k = rules.players, rules.hand_size
    hands = tuple(tuple(tiles[i * k:(i + 1) * k]) for i in range(n))
    return _new_deal(Deal, (hands, tuple(tiles[n * k:]), None))


def seeded_deal(rules: Rules, seed: int, round_index: int) -> Deal:
    """The deal this version of bones makes for round `round_index` of a game with `seed` (redeals included, and
    the cut for the first set where the players cut)."""
    rng = random.Random(f"bones:{seed}:{round_index}")
    while True:
        deal = shuffled_deal(rules, rng)
        if round_index > 0 and rules.next_leader is NextLeader.DESCENDING_DOUBLE:
            return deal  # the next double down leads; with none held the game is over, never dealt again
        try:
            opening_lead(rules, deal.hands)
        except NeedsRedeal:
            continue
        if round_index == 0 and rules.cuts_with_tiles:
            return deal._replace(cut=seeded_cut(rules, seed))
        return deal


def seeded_cut(rules: Rules, seed: int) -> tuple[Tile, ...]:
    """The tiles cut for the first set (seat 0's, seat 1's, ...), drawn again while the cut decides nothing.
    Pushed: seat 0 pushes two tiles face down and seat 1 takes one of them; drawn: each seat draws one; partners:
    four draw, and the two lowest sit opposite each other (seats 0 and 2, or 1 and 3)."""
    rng = random.Random(f"bones:{seed}:cut")
    tiles = list(tile_set(rules.max_pip))
    while True:
        if rules.cut is Cut.PARTNERS:
            drawn = sorted(rng.sample(tiles, 4), key=lambda t: t.pips)
            low, high = drawn[:2], drawn[2:]
            rng.shuffle(low)
            rng.shuffle(high)
            first, second = (low, high) if rng.random() < 0.5 else (high, low)
            cut: tuple[Tile, ...] = (first[0], second[0], first[1], second[1])
        elif rules.cut is Cut.PUSHED:
            a, b = rng.sample(tiles, 2)
            cut = (b, a) if rng.random() < 0.5 else (a, b)
        else:
            cut = tuple(rng.sample(tiles, rules.players))
        if cut_winner(rules, cut) is not None:
            return cut


def cut_winner(rules: Rules, cut: Sequence[Tile]) -> int | None:
    """The seat the cut makes set first, None when it decides nothing (seed 004: "whichever gets the lighter domino
    has the first set"; "the one getting the lower double sets first. If neither draws a double the lighter domino
    sets"; for partners, "the two lowest playing against the two highest, and the lowest cut having the first
    set": the two lowest must sit opposite, and no two tiles cut may weigh the same)."""
    if rules.cut is Cut.DRAWN:
        doubles = [t for t in cut if t.is_double]
        if doubles:
            return list(cut).index(min(doubles, key=lambda t: t.high))
    pips = [t.pips for t in cut]
    low = min(pips)
    if pips.count(low) > 1:
        return None
    seat = pips.index(low)
    if rules.cut is Cut.PARTNERS:
        if len(set(pips)) != len(pips) or len(cut) != 4:
            return None
        partner_pips = pips[(seat + 2) % 4]
        if sorted(pips)[1] != partner_pips:
            return None
    return seat


def _rank(rules: Rules, t: Tile) -> tuple[int, int, int]:
    """How strongly a tile claims the lead under the opening rule: higher ranks first."""
    if rules.opening is Opening.HIGHEST_DOUBLE:
        return (1, t.high, 0) if t.is_double else (0, t.high + t.low, t.high)
    return (0, t.high + t.low, t.high)


def opening_lead(rules: Rules, hands: Sequence[Sequence[Tile]]) -> Lead:
    """The opening rule: the holder of the highest double (or heaviest tile) leads, laying it if the rules say so.

    The heaviest tile has the most pips, and between equal counts the higher half (6-4 ranks above 5-5 when no
    double is dealt, or under the `highest_tile` rule)."""
    # `_rank` written out (every deal asks): the highest double, where doubles come first; else the heaviest tile
    best: Tile | None = None
    seat = -1
    if rules.opening is Opening.HIGHEST_DOUBLE:
        for s, hand in enumerate(hands):
            for t in hand:
                if t[0] == t[1] and (best is None or t[0] > best[0]):
                    best, seat = t, s
    if best is None:
        for s, hand in enumerate(hands):
            for t in hand:
                if best is None or (t[0] + t[1], t[0]) > (best[0] + best[1], best[0]):
                    best, seat = t, s
    assert best is not None, "opening_lead needs at least one tile in some hand"
    if rules.opening is Opening.HIGHEST_DOUBLE and not best.is_double and rules.no_double is NoDouble.REDEAL:
        raise NeedsRedeal("no hand holds a double, so these rules deal again")
    return _new_deal(Lead, (seat, best if rules.opening_tile_must_lead else None))


def outranks(rules: Rules, first: Tile, previous_first: Tile | None = None) -> int:
    """Bitmask of the tiles that would have taken the lead from `first` under the opening rule: when the rule made
    `first` the round's first tile, nobody was dealt any of them. Where each round starts from the next double down,
    the doubles between `previous_first` (the last round's first tile) and `first`."""
    if previous_first is not None and rules.next_leader is NextLeader.DESCENDING_DOUBLE:
        return sum(1 << Tile.of(p, p).id for p in range(first.high + 1, previous_first.high))
    out = 0
    rank = _rank(rules, first)
    for t in TILES_BY_ID[: rules.tile_count]:
        if _rank(rules, t) > rank:
            out |= 1 << t.id
    return out


def descending_lead(rules: Rules, hands: Sequence[Sequence[Tile]], previous_first: Tile) -> Lead:
    """Honest John 2: "the starting double is the next double below the one that was used to start the previous
    round" (if nobody holds it, the next below, and so on); NoLowerDouble when no hand holds one."""
    for pip in range(previous_first.high - 1, -1, -1):
        double = Tile.of(pip, pip)
        for seat, hand in enumerate(hands):
            if double in hand:
                return Lead(seat, double)
    raise NoLowerDouble(f"no hand holds a double below {previous_first}: the game is over")


def leader(rules: Rules, round_index: int, deal: Deal, previous_leader: int | None, previous_end: str | None,
           previous_winner: int | None, previous_first: Tile | None = None) -> Lead:
    """Who leads round `round_index` dealt `deal`, given how the round before ended (None in the first) and the
    tile it started with."""
    if round_index > 0 and rules.next_leader is NextLeader.DESCENDING_DOUBLE:
        assert previous_first is not None
        return descending_lead(rules, deal.hands, previous_first)
    if round_index == 0 and rules.cut is not None:
        if rules.cut is Cut.HANDS:
            return Lead(opening_lead(rules, deal.hands).seat, None)
        if deal.cut is None:  # a record written without its cut (docs/record.md): seat 0 sets first
            return Lead(0, None)
        seat = cut_winner(rules, deal.cut)
        if seat is None:
            raise ValueError(f"the cut {' against '.join(map(str, deal.cut))} decides nothing")
        return Lead(seat, None)
    if rules.opening_decides(round_index, previous_end):
        return opening_lead(rules, deal.hands)
    if rules.next_leader is NextLeader.ALTERNATE or previous_winner is None:
        assert previous_leader is not None
        return Lead((previous_leader + 1) % rules.players, None)
    return Lead(previous_winner, None)  # WINNER after a round someone went out of; ROUND_WINNER after any won round


def check_deal(rules: Rules, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> None:
    """Raise ValueError unless the hands and boneyard are exactly the set, each hand of the game's size."""
    if len(hands) != rules.players:
        raise ValueError(f"{rules.name} here has {rules.players} seats, but the deal has {len(hands)} hands")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise ValueError(f"hand {seat} has {len(hand)} tiles; {rules.name_in_sentence} deals {rules.hand_size}")
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
