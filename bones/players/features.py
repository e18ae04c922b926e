"""What a play leaves behind, as the mover sees it: the small facts the rule-of-thumb levels score.

Everything here is computed from an `Observation` alone, so no level built on it can see a hidden tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from bones.engine.actions import Action
from bones.engine.layout import FROZEN, layout_of
from bones.engine.layout import Table as LayoutTable
from bones.engine.rules import Fit, Rules
from bones.engine.scoring import play_points
from bones.engine.observation import Observation
from bones.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Outcome:
    """One legal play and its result: the open ends (pips showing), what each counts, the numbers that answer them
    (the same numbers where tiles match; their complements to seven in Matadore), the points the play makes at
    once, the mover's hand afterwards, and the table it leaves."""

    action: Action
    tile: Tile
    ends: tuple[int, ...]
    end_weights: tuple[int, ...]
    scored: int
    hand: tuple[Tile, ...]
    answers: tuple[int, ...]
    table: LayoutTable


def outcome(obs: Observation, action: Action) -> Outcome:
    """The outcome of the play `action` (a lead or a play against an end) in `obs`: the engine lays it on the
    observed table (`Observation.after`), spinners and all."""
    tile = action.tile
    assert tile is not None, "only plays have an outcome"
    hand = tuple(t for t in obs.hand if t != tile)
    after, scored = obs.after(action)
    ends = tuple(e[0] for e in after.ends if e is not None and not e[2] & FROZEN)
    weights = tuple(e[1] for e in after.ends if e is not None and not e[2] & FROZEN)
    return Outcome(action, tile, ends, weights, scored, hand, answers(obs.rules, ends), after)


def answers(rules: Rules, ends: tuple[int, ...]) -> tuple[int, ...]:
    """For each end, the number on a tile that answers it: the end's own number, or where the halves make seven, its
    complement (-1: none in the set)."""
    if rules.fit is Fit.SEVEN:
        return tuple(7 - e if 0 <= 7 - e <= rules.max_pip else -1 for e in ends)
    return ends


def trumps_in(tiles: tuple[Tile, ...] | list[Tile], rules: Rules) -> int:
    """How many of `tiles` go on any end (Matadore's trumps; none where tiles match)."""
    mask = layout_of(rules).trumps
    return sum(1 for t in tiles if (mask >> t.id) & 1) if mask else 0


def hand_fits(hand: tuple[Tile, ...], ends: tuple[int, ...], trumps: int = 0) -> int:
    """How many tiles of `hand` answer one of `ends` (numbers that answer the ends: `answers`), with `trumps` more
    that go anywhere."""
    return sum(1 for t in hand if t.high in ends or t.low in ends) + trumps


def suits(hand: tuple[Tile, ...]) -> int:
    """How many different numbers a hand shows: a hand of many numbers can answer most ends."""
    return len({p for t in hand for p in (t.high, t.low)})


def tile_points(t: Tile, out: Outcome, multiple: int, obs: Observation | None = None) -> int:
    """The most points laying `t` on the ends `out` leaves would make (0 where it fits nowhere or scores nothing).

    Where the sum of the ends scores its face value, counted directly from the ends (spinners that would open are
    not counted); otherwise (headers, a point a multiple) the engine lays the tile on `out`'s table (`obs`)."""
    if obs is not None and not (obs.rules.scores_ends and not obs.rules.per_multiple):
        return _engine_points(t, out, obs)
    total = sum(out.end_weights)
    best = 0
    for i, pip in enumerate(out.ends):
        if pip != t.high and pip != t.low:
            continue
        outer = t.other(pip)
        s = total - out.end_weights[i] + (2 * outer if t.is_double else outer)
        if s and s % multiple == 0 and s > best:
            best = s
    return best


def _engine_points(t: Tile, out: Outcome, obs: Observation) -> int:
    layout = obs.layout
    table = out.table
    best = 0
    for slot in layout.playable_slots(table, obs.seat):
        for outer in layout.orientations(table.ends[slot][0], t):  # type: ignore[index]
            best = max(best, play_points(obs.rules, layout, layout.lay(table, slot, t.id, outer)))
    return best


def own_points(out: Outcome, multiple: int, obs: Observation | None = None) -> int:
    """The most points one of the mover's remaining tiles could make on the ends `out` leaves (if they stay)."""
    return max((tile_points(t, out, multiple, obs) for t in out.hand), default=0)


def pip_counts(tiles: tuple[Tile, ...] | list[Tile], max_pip: int) -> list[int]:
    """For each number, how many of `tiles` show it (a double counts once)."""
    counts = [0] * (max_pip + 1)
    for t in tiles:
        counts[t.high] += 1
        if not t.is_double:
            counts[t.low] += 1
    return counts


def next_seat(obs: Observation) -> int:
    return (obs.seat + 1) % obs.seats


def p_holds_none(unseen: int, matching: int, hand: int) -> float:
    """Chance that a hand of `hand` tiles dealt from `unseen` tiles holds none of `matching` given ones."""
    if hand <= 0 or matching <= 0:
        return 1.0
    if matching > unseen - hand:
        return 0.0
    return comb(unseen - matching, hand) / comb(unseen, hand)


def expected_best(values: list[int], unseen: int, hand: int) -> float:
    """Expected best of `values` (one per unseen tile, zero for the rest) over the tiles a random hand of `hand`
    holds: value j is the best when the hand holds tile j and none of the better ones."""
    if hand <= 0 or unseen <= 0:
        return 0.0
    total = 0.0
    denom = comb(unseen, hand)
    for j, v in enumerate(sorted((v for v in values if v > 0), reverse=True)):
        if unseen - j - 1 < hand - 1:
            break
        total += v * comb(unseen - j - 1, hand - 1) / denom
    return total


@dataclass(frozen=True, slots=True)
class Table:
    """What the mover can count before it lays a tile: tiles it cannot see, by number, and the next seat's hand."""

    unseen: tuple[Tile, ...]
    unseen_by_pip: tuple[int, ...]  # unseen tiles showing each number
    on_table_by_pip: tuple[int, ...]  # tiles on the table showing each number
    opponent_hand: int  # tiles in the next seat's hand


def count_table(obs: Observation) -> Table:
    unseen = obs.unseen()
    n = obs.rules.max_pip
    return Table(
        unseen,
        tuple(pip_counts(unseen, n)),
        tuple(pip_counts(obs.table_tiles(), n)),
        obs.hand_counts[next_seat(obs)],
    )
