"""Rules of thumb for Honest John's star (seed 000), where every seat builds its own line and a seat asked for a tile
sells or gives one of its choice.

What matters there is not the ends of one shared line but three things: whether a seat can go on with its own line
(a line it cannot follow must buy, or be given, or wait; in version 1 a line nobody can serve is closed for good),
which tile to hand over when asked (the seed's advice: "selling a double is a good idea, as the player will then
have to buy another tile of that number at their next turn"), and, in version 2, the pips left in hand. Each level
weighs these with its own weights (`StarWeights`); Expert's rollouts use the same valuation on the engine's state
(`rollout`), so there is one idea of a good star move, seen with more or less care.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bones.engine.actions import Action
from bones.engine.layout import Layout
from bones.engine.observation import Observation
from bones.engine.round import RoundState
from bones.engine.tiles import TILES_BY_ID, mask_of

from .base import Choice
from .features import p_holds_none


@dataclass(frozen=True)
class StarWeights:
    """Each term in points."""

    double: float = 0.0  # a double laid or handed over: it keeps the line's number (the asker must ask again)
    pips: float = 0.0  # pips shed (they count against the hand when a round of version 2 ends)
    follow: float = 0.0  # own tiles that can follow the own line after the move (up to 3)
    keep: float = 0.0  # handing over a tile that fits one's own line: a play given away
    supply: float = 0.0  # tiles not seen that fit the own line's new end (someone can serve it), up to 4
    stuck: float = 0.0  # the chance the asker holds nothing for its line after the tile handed over
    again: float = 0.0  # ... times the tiles left in hand that could serve it then (asked again, sold again)
    sellable: float = 0.0  # laying a tile that fits another seat's line: a tile that could have been sold or given
    closing: float = 0.0  # an own line left that nothing in hand follows and no tile unseen can serve: it will close
    chain: float = 0.0  # the longest run of own tiles the line can take from the new end, turn after turn (up to 6)


WEIGHTS: dict[str, StarWeights] = {
    "easy": StarWeights(double=100.0, pips=1.0),
    "medium": StarWeights(double=30.0, pips=1.0, follow=12.0, keep=25.0),
    # measured against Medium (`--seed 21`, 400 games, version 1): Medium's terms with supply and stuck, -0.01
    # chips a hand; the run of own tiles (`chain`) is what tells: chain 12 +0.22, with sellable and closing +0.25,
    # chain 20 +0.29 (0.19 to 0.39)
    "hard": StarWeights(double=30.0, pips=1.0, follow=4.0, keep=25.0, stuck=30.0, sellable=10.0, closing=40.0,
                        chain=20.0),
}


def follows(layout: Layout, hand: int, pip: int, doubles: int) -> int:
    """How many tiles of `hand` could go on a line showing `pip` (where a new number waits for its double, only the
    double until it is down; holding that double, the rest follow after it)."""
    masks = layout.fit_masks
    if layout.waits(doubles, pip):
        double = layout.double_bits[pip]
        return (hand & masks[pip]).bit_count() if hand & double else 0
    return (hand & masks[pip]).bit_count()


def chain(layout: Layout, hand: int, pip: int, doubles: int, cap: int) -> int:
    """The most tiles of `hand` a line showing `pip` can take one after another (searched up to `cap`)."""
    if cap == 0:
        return 0
    masks = layout.fit_masks
    fit = hand & (layout.double_bits[pip] if layout.waits(doubles, pip) else masks[pip])
    best = 0
    while fit:
        low = fit & -fit
        fit ^= low
        t = TILES_BY_ID[low.bit_length() - 1]
        d = doubles | (1 << t.high) if t.high == t.low else doubles
        best = max(best, 1 + chain(layout, hand & ~low, t.other(pip), d, cap - 1))
        if best == cap:
            break
    return best


def value(obs: Observation, action: Action, w: StarWeights) -> float:
    """How much the mover likes `action` (a play on its own line, or a tile handed to the asker)."""
    layout = obs.layout
    table = obs.table
    tile = action.tile
    assert tile is not None and action.end is not None
    hand = mask_of(obs.hand) & ~(1 << tile.id)
    slot = layout.index[action.end]
    shown = table.ends[slot][0]  # type: ignore[index]
    outer = tile.other(shown)
    doubles = table.doubles | (1 << tile.high if tile.is_double else 0)
    unseen = mask_of(obs.unseen()) & ~(1 << tile.id)
    v = w.double * tile.is_double + w.pips * tile.pips
    if not hand:
        return v + 10_000.0  # the last tile: the round is won
    own = table.ends[obs.seat]
    if action.kind == "play":
        mine = follows(layout, hand, outer, doubles)
        v += w.follow * min(3, mine)
        if w.chain:
            v += w.chain * chain(layout, hand, outer, doubles, 6)
        if w.supply or w.closing:
            supply = follows(layout, unseen, outer, doubles)
            v += w.supply * min(4, supply)
            if not mine and not supply:
                v -= w.closing
        if w.sellable:
            others = 0
            for s, e in enumerate(table.ends):
                if s != obs.seat and e is not None:
                    others |= layout.slot_fit(table, s)
            v -= w.sellable * bool(others >> tile.id & 1)
        return v
    # handed to the asker
    if own is not None and (1 << tile.id) & layout.slot_fit(table, obs.seat):
        spare = (hand & layout.slot_fit(table, obs.seat)).bit_count()
        v -= w.keep * (2.0 if spare == 0 else 1.0)
    if own is not None:
        v += w.follow * min(3, follows(layout, hand, own[0], doubles)) * 0.25
    if w.stuck and obs.asker is not None:
        if tile.is_double:
            p = 1.0  # the asker held nothing of this number when it asked
        else:
            matching = follows(layout, unseen, outer, doubles)
            p = p_holds_none(unseen.bit_count(), matching, obs.hand_counts[obs.asker])
        v += w.stuck * p + w.again * p * min(3, follows(layout, hand, outer, doubles))
    return v


def choose(obs: Observation, legal: list[Action], level: str) -> Choice:
    """The best play or tile to hand over by `level`'s weights (anything else, a draw, an ask or a pass, is forced)."""
    weighed = [a for a in legal if a.tile is not None]
    if not weighed:
        return Choice(legal[0])
    w = WEIGHTS.get(level, WEIGHTS["hard"])
    analysis = {str(a): round(value(obs, a, w), 3) for a in weighed}
    best = max(weighed, key=lambda a: analysis[str(a)])  # ties: the first in legal order
    return Choice(best, analysis)


# ----- Expert's rollouts: the same ideas, on the engine's own state -------------------------------------------

def rollout_action(state: RoundState, rng: random.Random) -> Action:
    """A quick, sensible move for the seat to act in `state`: lay (or hand over) the tile that keeps the most own
    tiles following, doubles first, heavier before lighter; a little noise breaks ties."""
    legal = state.legal_actions()
    if len(legal) == 1 or legal[0].tile is None:
        return legal[0]
    layout = state.layout
    seat = state.current
    hand = state.hands[seat]
    table = state.table
    doubles = table.doubles
    best, best_v = legal[0], -1e18
    own = table.ends[seat]
    own_fit = layout.slot_fit(table, seat)
    for a in legal:
        t = a.tile
        assert t is not None and a.end is not None
        rest = hand & ~(1 << t.id)
        if not rest:
            return a
        d = doubles | (1 << t.high if t.is_double else 0)
        v = 30.0 * t.is_double + t.pips + rng.random()
        if a.kind == "play":
            shown = table.ends[layout.index[a.end]][0]  # type: ignore[index]
            v += 12.0 * min(3, follows(layout, rest, t.other(shown), d))
        elif own is not None and (own_fit >> t.id) & 1:
            v -= 25.0
        if v > best_v:
            best, best_v = a, v
    return best


def rollout(state: RoundState, rng: random.Random, limit: int = 2000) -> RoundState:
    """Play `state` to the end of its round with `rollout_action` for every seat."""
    steps = 0
    while not state.over and steps < limit:
        state = state.apply(rollout_action(state, rng))
        steps += 1
    return state
