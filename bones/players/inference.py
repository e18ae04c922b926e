"""Inference from the other seats' plays: how likely each sampled world makes the plays they were seen to make.

`belief.py` keeps only the hard facts (draws and passes reveal voids). The plays carry softer evidence: a seat that
laid a light tile while holding a heavy one that fitted, or broke up the number it could follow, is less likely
than one that had no better choice. `PlayModel` scores each play a seat could have made with a small, generic
judgement of a sensible player (heavy tiles and doubles first, keep tiles that can follow the ends left, leave
ends in numbers that are mostly played out) and takes the chance of a play as a softmax over those scores, mixed
with a share of uniform choice so that no world is ever ruled out by a play. It is not any level's own rule: the
Expert must do well against any player, not just read one.

`PlayEvidence` is built once per decision from the Observation alone; `log_likelihood(world)` then rates one world
by the hands it gives the other seats now. A seat's hand at an earlier play is its hand now plus the tiles it laid
since, exact when it has not drawn since that play; plays followed by a draw of the same seat are left out (which
tiles came in later is not known), as are leads the opening rule forced. The model knows nothing of points made
during play, so in games that score the ends (All Fives, Muggins) no play is rated: there a sensible player's
choice is mostly about points, and the weighting was measured only in Draw and Block.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bones.engine.layout import Layout
from bones.engine.observation import Observation
from bones.engine.tiles import TILES_BY_ID

from .belief import World, tile_ids


@dataclass(frozen=True)
class PlayModel:
    """The weights of the generic play judgement, in pips, and how sharply it is followed."""

    pips: float = 1.0  # per pip of the laid tile: shed weight first
    double: float = 3.0  # a double is hard to place later
    follow: float = 1.5  # per remaining tile that can follow one of the ends left (up to `follow_cap`)
    follow_cap: int = 3
    short: float = 1.0  # per end left, per tile of its number not yet on the table (subtracted)
    temperature: float = 3.0  # softmax temperature, in the same units
    uniform: float = 0.15  # share of plays taken to be made without any judgement


DEFAULT_MODEL = PlayModel()


@dataclass(frozen=True)
class _Option:
    """One play a seat may have had at a rated moment, with the parts of its score that do not depend on the hand."""

    tile: int
    bit: int
    static: float  # pips and double terms
    follow_mask: int  # tiles that fit one of the ends it leaves
    short_base: int  # for each end it leaves, the tiles of that number not yet on the table, summed


@dataclass(frozen=True)
class _Event:
    """One play of another seat that can be rated: the plays it may have had, and which one it made."""

    seat: int
    later: int  # mask of the tiles the seat laid at and after this play (its hand then = hand now | later)
    fits: int  # mask of the tiles it may have laid
    # for each such tile (by its bit): (whether it is the play made, the score less the follow term, the mask of
    # tiles that fit the ends it leaves), one per different result
    by_bit: dict[int, tuple[tuple[bool, float, int], ...]]


class PlayEvidence:
    """The other seats' ratable plays in one observation, and the log-likelihood of a world's hands under them."""

    def __init__(self, obs: Observation, model: PlayModel = DEFAULT_MODEL) -> None:
        self.model = model
        self.events: tuple[_Event, ...] = ()
        if obs.rules.scores_ends:
            return  # scoring games: see the module's note
        layout = obs.layout
        free_lead = not obs.lead_forced
        every = (1 << obs.rules.tile_count) - 1
        events: list[_Event] = []
        n = len(obs.history)
        table = 0
        for k, ev in enumerate(obs.history):
            a = ev.action
            if a.kind != "play" or a.tile is None:
                continue
            if ev.seat != obs.seat and (a.end is not None or free_lead):
                later = 0
                drew_since = False
                for k2 in range(k, n):
                    e2 = obs.history[k2]
                    if e2.seat != ev.seat:
                        continue
                    if e2.action.kind == "draw":
                        drew_since = True
                        break
                    if e2.action.kind == "play" and e2.action.tile is not None:
                        later |= 1 << e2.action.tile.id
                if not drew_since:
                    end = -1 if a.end is None else layout.index[a.end]
                    ends = tuple(-1 if e is None else e[0] for e in ev.before.ends)
                    built = _options(model, layout, every & ~table, ends, a.tile.id, end)
                    if built is not None:
                        events.append(_event(model, ev.seat, later, *built))
            table |= 1 << a.tile.id
        self.events = tuple(events)

    def __bool__(self) -> bool:
        return bool(self.events)

    def log_likelihood(self, world: World) -> float:
        """The log of the chance the other seats made their rated plays, holding the hands this world gives them."""
        m = self.model
        inv_t = 1.0 / m.temperature
        follow, cap, uniform = m.follow, m.follow_cap, m.uniform
        exp = math.exp
        total = 0.0
        for ev in self.events:
            hand = world.hands[ev.seat] | ev.later
            f = hand & ev.fits
            scores: list[float] = []
            mine = 0.0
            while f:
                low = f & -f
                f ^= low
                rest = hand ^ low
                for chosen, base, fmask in ev.by_bit[low]:
                    sc = base + follow * min((rest & fmask).bit_count(), cap)
                    if chosen:
                        mine = sc
                    scores.append(sc)
            if len(scores) < 2:
                continue  # a forced play says nothing
            top = max(scores)
            z = 0.0
            for sc in scores:
                z += exp((sc - top) * inv_t)
            p = exp((mine - top) * inv_t) / z
            total += math.log((1.0 - uniform) * p + uniform / len(scores))
        return total


def _event(model: PlayModel, seat: int, later: int, options: tuple[_Option, ...], chosen: int) -> _Event:
    """An event in the form `log_likelihood` reads fast: the options grouped by tile."""
    by_bit: dict[int, list[tuple[bool, float, int]]] = {}
    fits = 0
    for i, o in enumerate(options):
        fits |= o.bit
        by_bit.setdefault(o.bit, []).append((i == chosen, o.static - model.short * o.short_base, o.follow_mask))
    return _Event(seat, later, fits, {b: tuple(v) for b, v in by_bit.items()})


def _options(model: PlayModel, layout: Layout, off_table: int, ends: tuple[int, ...], played: int,
             end: int) -> tuple[tuple[_Option, ...], int] | None:
    """Every play a seat could have had (any tile not yet on the table that fits), and the index of `played`.

    A tile that fits two ends leaving the same numbers is one option. `short_base` counts, for each end left, the
    tiles of its number not yet on the table (wherever they are): a sensible player leaves numbers that are
    mostly played out, which the others are the less likely to hold."""
    masks = layout.pip_masks
    fits = layout.fit_masks
    out: list[_Option] = []
    seen: dict[tuple[int, tuple[int, ...]], int] = {}
    chosen = -1
    if end < 0:
        cands = [(t, -1) for t in tile_ids(off_table)]
    else:
        cands = [(t, i) for i, p in enumerate(ends) if p >= 0 for t in tile_ids(off_table & fits[p])]
    for t, i in cands:
        tile = TILES_BY_ID[t]
        if i < 0:
            left: tuple[int, ...] = (tile.high, tile.low)
        else:
            lst = list(ends)
            lst[i] = layout.orientations(ends[i], tile)[0]
            left = tuple(p for p in lst if p >= 0)
        key = (t, tuple(sorted(left)))
        if key in seen:
            if t == played and i == end:
                chosen = seen[key]
            continue
        seen[key] = len(out)
        fmask = 0
        short = 0
        bit = 1 << t
        for p in key[1]:
            fmask |= fits[p]
            short += (masks[p] & off_table & ~bit).bit_count()
        if t == played and i == end:
            chosen = len(out)
        out.append(_Option(t, bit, model.pips * tile.pips + model.double * tile.is_double, fmask, short))
    if chosen < 0:
        return None
    return tuple(out), chosen
