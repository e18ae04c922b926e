"""Layouts: where the tiles lie, which ends are open, what each end shows and counts, and what fits it.

A `Layout` is fixed by the rules (its kind, the set, the seats, what fits an end): it names every end the table
can ever have, with a slot number for each. A `Table` is the public state of the tiles laid in one round: for each
slot, the end lying there (or None), and the few numbers that say how the table grows. Both are values: laying a
tile returns a new `Table`. The round (`round.py`) keeps the hands, turns and scores around it; observations,
players and the page read the same `Table`, so nothing above the engine works the table out again.

The ends, by kind (names are stable: actions and records use them, docs/record.md lists them):

- line: `L` and `R`. The first tile lies with its higher half at `L` (every kind but the star).
- first spinner (All Fives): the round's first double is the spinner. Once a tile lies against both its long sides
  (one, if it was laid at an end of the line), its short ends `U` and `D` open, each showing its number.
- free first spinner (Muggins' spinner variation): the same ends, but `U` and `D` open as soon as the first double
  is down: "any of the four points may be played to at any time".
- every spinner (Five Up): every double is a spinner. The first one's short ends are `U` and `D`; a later double
  n-n opens `Un` and `Dn` once a tile lies against its outer long side.
- cross (Sebastopol): a double laid first opens `L`, `R`, `U` and `D` at once, and no arm grows past its first
  tile until all four arms are started.
- star (Honest John): the double laid first is the centre; seat s builds its own line `Ss` from it, and only
  seat s plays there (a tile sold or given to s is laid there too). A line can be closed; a closed line takes no
  more tiles. Where a new number waits for its double (Honest John 2), a line showing a number whose double is not
  down takes only that double (`Table.doubles` says which doubles are down).

An end is `(pips shown, what it counts in the sum of the ends, flags)`. A double lying across an end counts both
halves; an empty short end of a spinner counts nothing until a tile lies there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .actions import Action
from .rules import Fit, LayoutKind, Rules
from .tiles import TILES_BY_ID, Tile, pip_masks

SPINNER = 1  # the end is a long side of a spinner whose short ends have not opened yet
FROZEN = 2  # cross: the end of an arm that may not grow until every arm is started
EMPTY = 4  # a spinner's short end with no tile against it yet (it counts nothing)
DOUBLE = 8  # the tile at the end is a double lying across it

Slot = tuple[int, int, int]  # (pips shown, what it counts in the sum of the ends, flags)
NO_SPINNER = -1


class Table(NamedTuple):
    """The tiles laid in one round, as everyone sees them."""

    ends: tuple[Slot | None, ...]  # by slot; None: no end there (not opened, or closed)
    center: int  # the first tile's id; -1 before it
    down: int  # tiles on the table
    spinner_pip: int  # the first spinner's number; -1 while there is none
    spinner_sides: int  # the first spinner's long sides (a cross: arms) still to be covered; -1: no spinner
    fit: int  # tiles that fit some end that may be played on now
    closed: int  # slots whose line was closed (star)
    doubles: int = 0  # on a star, the numbers whose doubles are down (bit n: n-n); 0 elsewhere

    def end_sum(self) -> int | None:
        """The sum of the open ends as the scoring games count it (None before the first tile)."""
        if self.down == 0:
            return None
        if self.down == 1:
            t = TILES_BY_ID[self.center]
            return t.high + t.low
        total = 0  # a plain loop: this runs after every play of the scoring games
        for e in self.ends:
            if e is not None:
                total += e[1]
        return total

    def end_terms(self) -> list[int]:
        """What each counted end adds to the sum, slot by slot (an empty short end adds nothing and is left out)."""
        if self.down == 1:
            t = TILES_BY_ID[self.center]
            return [t.high, t.low]
        return [e[1] for e in self.ends if e is not None and not e[2] & EMPTY
                and not (e[1] == 0 and e[2] & SPINNER and self.spinner_sides == 2)]

    def open_pips(self) -> tuple[int, ...]:
        """The numbers on the ends that may be played on now, each once, lowest first (a cross's arms waiting for
        the others are left out)."""
        return tuple(sorted({e[0] for e in self.ends if e is not None and not e[2] & FROZEN}))


_new_table = tuple.__new__  # a Table without NamedTuple's Python-level __new__ (every play makes one)


class End(NamedTuple):
    """One open end, described for a reader: its name, the pips it shows, what it counts in the sum of the ends,
    whether it is a spinner's long side, whether it waits for the other arms (a cross), whose line it is (star)."""

    name: str
    pip: int
    weight: int
    spinner: bool
    frozen: bool
    empty: bool
    owner: int | None


class Layout:
    """Everything about the table fixed by the rules: the ends it can have, what fits each, how it grows."""

    def __init__(self, kind: LayoutKind, fit: Fit, max_pip: int, seats: int, trumps_when_stuck: bool = False,
                 doubles_first: bool = False) -> None:
        self.kind = kind
        self.doubles_first = doubles_first
        self.fit = fit
        self.trumps_when_stuck = trumps_when_stuck
        self.max_pip = max_pip
        self.seats = seats
        if kind is LayoutKind.STAR:
            names: list[str] = [f"S{s}" for s in range(seats)]
            owners: list[int | None] = list(range(seats))
        else:
            names = ["L", "R"] if kind is LayoutKind.LINE else ["L", "R", "U", "D"]
            if kind is LayoutKind.EVERY_SPINNER:
                for p in range(max_pip + 1):
                    names += [f"U{p}", f"D{p}"]
            owners = [None] * len(names)
        self.names: tuple[str, ...] = tuple(names)
        self.owners: tuple[int | None, ...] = tuple(owners)
        self.owned = kind is LayoutKind.STAR
        self.index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.slots = len(names)
        self.pip_masks: tuple[int, ...] = pip_masks(max_pip)
        trumps = 0
        if fit is Fit.SEVEN:
            for t in TILES_BY_ID:
                if t.high <= max_pip and (t.high + t.low == 7 or (t.high == 0 and t.low == 0)):
                    trumps |= 1 << t.id
            fit_masks = tuple((self.pip_masks[7 - p] if 0 <= 7 - p <= max_pip else 0) | trumps
                              for p in range(max_pip + 1))
        else:
            fit_masks = self.pip_masks
        self.trumps = trumps
        # for an end showing each number, the tiles that fit it
        self.fit_masks: tuple[int, ...] = fit_masks
        self.first_double_spins = kind in (LayoutKind.FIRST_SPINNER, LayoutKind.EVERY_SPINNER,
                                           LayoutKind.FIRST_SPINNER_FREE)
        self.spinners = self.first_double_spins or kind is LayoutKind.CROSS
        self.free_spinner = kind is LayoutKind.FIRST_SPINNER_FREE
        # interned actions: self.plays[slot][tile id], made on first use
        self._plays: list[list[Action] | None] = [None] * self.slots
        self._table: list[list[Action]] | None = None
        self.double_bits: tuple[int, ...] = tuple(1 << (p * (p + 1) // 2 + p) for p in range(max_pip + 1))
        self.empty = Table((None,) * self.slots, -1, 0, -1, NO_SPINNER, 0, 0, 0)

    def across(self, tile: Tile) -> bool:
        """Whether `tile` is drawn across the line: a double, or where tiles make seven (Matadore) a trump instead
        (seed 004: "Doublets are not placed crosswise ... The trumps are usually placed at right angles")."""
        if self.fit is Fit.SEVEN:
            return bool((self.trumps >> tile.id) & 1)
        return tile.high == tile.low

    # ----- naming ------------------------------------------------------------------------------------------

    def play_action(self, slot: int, tid: int) -> Action:
        """The interned action laying tile `tid` against the end in `slot`."""
        row = self._plays[slot]
        if row is None:
            name = self.names[slot]
            row = self._plays[slot] = [Action("play", t, name) for t in TILES_BY_ID]
        return row[tid]

    def play_table(self) -> list[list[Action]]:
        """The interned play actions by tile id, then slot (made once per layout)."""
        if self._table is None:
            n = (self.max_pip + 1) * (self.max_pip + 2) // 2
            self._table = [[self.play_action(slot, t) for slot in range(self.slots)] for t in range(n)]
        return self._table

    def describe(self, table: Table) -> list[End]:
        """The open ends of `table` in slot order, each described by name."""
        out = []
        for i, e in enumerate(table.ends):
            if e is not None:
                out.append(End(self.names[i], e[0], e[1], bool(e[2] & SPINNER), bool(e[2] & FROZEN),
                               bool(e[2] & EMPTY), self.owners[i]))
        return out

    def ends_by_name(self, table: Table) -> dict[str, int]:
        """The open ends by name with the pips each shows (`{}` before the first tile)."""
        names = self.names
        return {names[i]: e[0] for i, e in enumerate(table.ends) if e is not None}

    def header_points(self, table: Table) -> int:
        """Bergen's headers on a line: a lone first double is a double header (2); both ends alike score 2, and 3
        when one of them is a double lying across (a triple header)."""
        if table.down == 1:
            return 2 if TILES_BY_ID[table.center].is_double else 0
        left, right = table.ends[0], table.ends[1]
        if left is None or right is None or left[0] != right[0]:
            return 0
        return 3 if (left[2] | right[2]) & DOUBLE else 2

    # ----- what fits ---------------------------------------------------------------------------------------

    def playable_slots(self, table: Table, seat: int) -> list[int]:
        """Slots `seat` may lay a tile against now (open, not waiting, its own where lines belong to seats)."""
        if self.owned:  # a star: the seat's own line, if it is open
            e = table.ends[seat]
            return [seat] if e is not None and not e[2] & FROZEN else []
        owners = self.owners
        return [i for i, e in enumerate(table.ends)
                if e is not None and not e[2] & FROZEN and (owners[i] is None or owners[i] == seat)]

    def fit_for(self, table: Table, seat: int) -> int:
        """Tiles `seat` could lay somewhere now."""
        if not self.owned:
            return table.fit
        fit = 0
        for i in self.playable_slots(table, seat):
            fit |= self.slot_fit(table, i)
        return fit

    def waits(self, doubles: int, pip: int) -> bool:
        """Whether a line showing `pip` takes only its double (a new number, where it waits for its double, while that
        double is not down: `doubles` as in `Table.doubles`)."""
        return self.doubles_first and not (doubles >> pip) & 1

    def slot_fit(self, table: Table, slot: int) -> int:
        """Tiles that fit the end in `slot` now (none when it is not open): where a new number waits for its double,
        only that double until it is down."""
        e = table.ends[slot]
        if e is None or e[2] & FROZEN:
            return 0
        pip = e[0]
        if self.waits(table.doubles, pip):
            return self.double_bits[pip]
        return self.fit_masks[pip]

    def orientations(self, pip: int, tile: Tile) -> tuple[int, ...]:
        """The halves `tile` can leave facing out when laid against an end showing `pip` (none: it does not fit)."""
        hi, lo = tile
        if self.fit is Fit.SEVEN:
            if (self.trumps >> tile.id) & 1:
                return (hi,) if hi == lo else (hi, lo)
            return tuple(o for o, inner in ((lo, hi), (hi, lo)) if inner + pip == 7)[:1]
        if pip == hi:
            return (lo,)
        if pip == lo:
            return (hi,)
        return ()

    def trumps_barred(self, table: Table, hand: int, seat: int) -> bool:
        """Whether `hand` may not play its trumps now: where trumps are only "to prevent a block", while another
        tile of the hand fits."""
        return self.trumps_when_stuck and bool(hand & ~self.trumps & self.fit_for(table, seat) & self._natural(table))

    def _natural(self, table: Table) -> int:
        """Tiles that fit some open end without being trumps."""
        out = 0
        for e in table.ends:
            if e is not None and not e[2] & FROZEN:
                out |= self.fit_masks[e[0]] & ~self.trumps
        return out

    def plays(self, table: Table, hand: int, seat: int) -> list[Action]:
        """Every play of `hand` (a mask) against the ends `seat` may use, slot by slot, tiles in id order."""
        out: list[Action] = []
        if self.trumps and self.trumps_barred(table, hand, seat):
            hand &= ~self.trumps
        masks = self.fit_masks
        waits = self.doubles_first
        for i in self.playable_slots(table, seat):
            pip = table.ends[i][0]  # type: ignore[index]
            m = hand & (self.slot_fit(table, i) if waits else masks[pip])
            while m:
                low = m & -m
                tid = low.bit_length() - 1
                m ^= low
                outs = self.orientations(pip, TILES_BY_ID[tid])
                if len(outs) == 1:
                    out.append(self.play_action(i, tid))
                else:
                    for o in outs:
                        out.append(Action("play", TILES_BY_ID[tid], self.names[i], o))
        return out

    # ----- laying tiles ------------------------------------------------------------------------------------

    def lead(self, table: Table, tid: int) -> Table:
        """The table after the round's first tile."""
        t = TILES_BY_ID[tid]
        hi, lo = t
        kind = self.kind
        ends: list[Slot | None] = [None] * self.slots
        sp_pip, sides = -1, NO_SPINNER
        doubles = 0
        if kind is LayoutKind.STAR:
            for i in range(self.slots):
                ends[i] = (hi, hi, 0)
            if hi == lo:
                doubles = 1 << hi
        elif hi == lo and kind is LayoutKind.CROSS:
            for i in range(4):
                ends[i] = (hi, 2 * hi, SPINNER | DOUBLE)
            sp_pip, sides = hi, 4
        elif hi == lo and self.first_double_spins:
            ends[0] = ends[1] = (hi, 2 * hi, SPINNER | DOUBLE)
            sp_pip, sides = hi, 2
            if self.free_spinner:
                # its short ends open at once; while neither long side is covered the double counts once, as a
                # lone double does: on the left side (seed 004: "The highest count possible is 35")
                ends[1] = (hi, 0, SPINNER | DOUBLE)
                ends[2] = ends[3] = (hi, 0, EMPTY)
        elif hi == lo:
            ends[0] = ends[1] = (hi, 2 * hi, DOUBLE)
        else:
            ends[0] = (hi, hi, 0)
            ends[1] = (lo, lo, 0)
        return Table(tuple(ends), tid, 1, sp_pip, sides, self._fit(ends, doubles), 0, doubles)

    def lay(self, table: Table, slot: int, tid: int, outer: int) -> Table:
        """The table after tile `tid` is laid against the end in `slot` with `outer` facing out (the play is legal)."""
        t = TILES_BY_ID[tid]
        double = t.high == t.low
        if self.kind is LayoutKind.LINE:  # the common case, flat: two ends, always open, no spinner
            end = (outer, 2 * outer, DOUBLE) if double else (outer, outer, 0)
            left, right = (end, table.ends[1]) if slot == 0 else (table.ends[0], end)
            masks = self.fit_masks
            return _new_table(Table, ((left, right), table.center, table.down + 1, table.spinner_pip,
                                      table.spinner_sides, masks[left[0]] | masks[right[0]], table.closed,  # type: ignore[index]
                                      table.doubles))
        ends = list(table.ends)
        pip, _, flags = ends[slot]  # type: ignore[misc]
        kind = self.kind
        sp_pip, sides = table.spinner_pip, table.spinner_sides
        new_flags = DOUBLE if double else 0
        if double and (kind is LayoutKind.EVERY_SPINNER or (self.first_double_spins and sides == NO_SPINNER)):
            new_flags |= SPINNER  # laid at an end: one long side already touches the line
            if sides == NO_SPINNER:
                sp_pip, sides = outer, 1
                if self.free_spinner:
                    ends[2] = ends[3] = (outer, 0, EMPTY)
        if kind is LayoutKind.CROSS and sides > 0:
            new_flags |= FROZEN
        ends[slot] = (outer, 2 * outer if double else outer, new_flags)
        if flags & SPINNER:
            if pip == table.spinner_pip:
                if self.free_spinner and sides == 2 and slot == 0:
                    ends[1] = (pip, 2 * pip, ends[1][2])  # type: ignore[index]  # the right side counts it now
                sides -= 1
                if sides == 0:
                    if kind is LayoutKind.CROSS:
                        ends = [None if e is None else (e[0], e[1], e[2] & ~FROZEN) for e in ends]
                    elif not self.free_spinner:
                        ends[2] = ends[3] = (pip, 0, EMPTY)
            else:  # a later spinner (Five Up): its short ends open as its outer long side is covered
                u = 4 + 2 * pip
                ends[u] = ends[u + 1] = (pip, 0, EMPTY)
        doubles = table.doubles | (1 << outer) if double and kind is LayoutKind.STAR else table.doubles
        return _new_table(Table, (tuple(ends), table.center, table.down + 1, sp_pip, sides, self._fit(ends, doubles),
                                  table.closed, doubles))

    def close(self, table: Table, slot: int) -> Table:
        """The table with the line in `slot` closed (star): it takes no more tiles."""
        ends = list(table.ends)
        ends[slot] = None
        return table._replace(ends=tuple(ends), fit=self._fit(ends, table.doubles), closed=table.closed | (1 << slot))

    def _fit(self, ends: list[Slot | None] | tuple[Slot | None, ...], doubles: int = 0) -> int:
        masks = self.fit_masks
        fit = 0
        if self.doubles_first:
            for e in ends:
                if e is not None:
                    fit |= masks[e[0]] if (doubles >> e[0]) & 1 else self.double_bits[e[0]]
        elif self.kind is LayoutKind.CROSS:
            for e in ends:
                if e is not None and not e[2] & FROZEN:
                    fit |= masks[e[0]]
        else:  # only a cross has ends that wait
            for e in ends:
                if e is not None:
                    fit |= masks[e[0]]
        return fit

    # ----- a play, checked -------------------------------------------------------------------------------

    def place(self, table: Table, action: Action, seat: int) -> Table:
        """The table after `seat` makes the play `action` (the first tile, or a tile against a named end), or
        ValueError saying why it cannot."""
        tile = action.tile
        if tile is None:
            raise ValueError(f"{action} lays no tile")
        if table.down == 0:
            return self.lead(table, tile.id)
        if action.end is None:
            raise ValueError(f"say which end {tile} goes on")
        slot = self.slot_of(action.end)
        owner = self.owners[slot]
        if action.kind != "play" and owner is not None:  # sold or given: laid on the asker's own line
            seat = owner
        return self.lay(table, slot, tile.id, self.outer(table, slot, tile, action.out, seat))

    def outer(self, table: Table, slot: int, tile: Tile, out: int | None, seat: int) -> int:
        """The half `tile` leaves facing out when laid against `slot` by `seat`, or ValueError saying why not."""
        if not 0 <= slot < self.slots or table.ends[slot] is None:
            raise ValueError(f"end {self.names[slot] if 0 <= slot < self.slots else slot} is not open "
                             f"({self.ends_text(table)})")
        pip, _, flags = table.ends[slot]  # type: ignore[misc]
        name = self.names[slot]
        owner = self.owners[slot]
        if owner is not None and owner != seat:
            raise ValueError(f"end {name} is another seat's line")
        if flags & FROZEN:
            raise ValueError(f"end {name} waits until a tile lies on every side of the first double")
        outs = self.orientations(pip, tile)
        if outs and self.waits(table.doubles, pip) and tile.high != tile.low:
            raise ValueError(f"{name} shows {pip}, new on this line: it takes only the {pip}-{pip} until that double "
                             f"is down")
        if not outs:
            if self.fit is Fit.SEVEN:
                raise ValueError(f"{tile} does not fit end {name}, which shows {pip}: the halves must make seven")
            raise ValueError(f"{tile} does not fit end {name}, which shows {pip}")
        if out is None:
            if len(outs) > 1:
                raise ValueError(f"{tile} can lie either way round on {name}: say which half faces out, like "
                                 f"'{tile} {name}:{outs[0]}'")
            return outs[0]
        if out not in outs:
            raise ValueError(f"{tile} cannot leave {out} facing out on end {name}")
        return out

    def ends_text(self, table: Table) -> str:
        return ", ".join(f"{n} shows {p}" for n, p in self.ends_by_name(table).items()) or "no end is open"

    def slot_of(self, name: str) -> int:
        """The slot of the end called `name`, or ValueError."""
        slot = self.index.get(name)
        if slot is None:
            raise ValueError(f"there is no end {name} on this table (ends: {', '.join(self.names)})")
        return slot


_WORDS = {"L": "left end", "R": "right end", "U": "top end", "D": "bottom end"}


def end_words(name: str) -> str:
    """How a player calls an end: "left end", "top end of the 3-3", "line of seat 2"."""
    if name in _WORDS:
        return _WORDS[name]
    if name[0] in "UD" and name[1:].isdigit():
        n = int(name[1:])
        return f"{_WORDS[name[0]]} of the {n}-{n}"
    if name[0] == "S" and name[1:].isdigit():
        return f"line of seat {int(name[1:])}"
    return f"end {name}"


@lru_cache(maxsize=None)
def _layout(kind: LayoutKind, fit: Fit, max_pip: int, seats: int, trumps_when_stuck: bool,
            doubles_first: bool) -> Layout:
    return Layout(kind, fit, max_pip, seats, trumps_when_stuck, doubles_first)


def layout_of(rules: Rules) -> Layout:
    """The layout the rules play on (one shared value per kind, fit, set, number of seats, trump rule, double
    rule)."""
    return _layout(rules.layout, rules.fit, rules.max_pip, rules.players, rules.trumps_when_stuck,
                   rules.doubles_first)


class Arm(NamedTuple):
    """The tiles laid against one end, from where it starts outwards, and the tile it grows from: `root_arm` and
    `root_index` say where that tile lies ("C": the first tile)."""

    name: str
    tiles: tuple["Placement", ...]
    root_arm: str
    root_index: int


class Placement(NamedTuple):
    """A tile on the table: `inner` touches the tile before it (or the centre), `outer` faces outwards."""

    tile: Tile
    inner: int
    outer: int
    spinner: bool  # a double that opens ends across the line


def arms_of(layout: Layout, plays: list[tuple[Action, Table]]) -> dict[str, Arm]:
    """Every arm of the table, by end name in slot order, from the plays of a round (each with the table before
    it). An arm is listed once the tile it grows from is down: the first tile's arms at once, a spinner's short
    arms once the spinner lies (empty until a tile is laid there)."""
    tiles: list[list[Placement]] = [[] for _ in range(layout.slots)]
    roots: list[tuple[str | None, int]] = [(None, 0)] * layout.slots
    first_spinner: tuple[str, int] | None = None
    for action, before in plays:
        t = action.tile
        assert t is not None
        if action.end is None:
            centre = layout.slots if layout.owned else 4 if t.is_double and layout.kind is LayoutKind.CROSS else 2
            for i in range(centre):
                roots[i] = ("C", 0)
            if t.is_double and layout.spinners:
                first_spinner = ("C", 0)
            continue
        slot = layout.index[action.end]
        shown = before.ends[slot][0]  # type: ignore[index]
        outer = action.out if action.out is not None else layout.orientations(shown, t)[0]
        inner = t.other(outer)  # the half against the end (the end's own number, or in Matadore its complement)
        spins = t.is_double and (layout.kind is LayoutKind.EVERY_SPINNER or (
            layout.first_double_spins and before.spinner_sides == NO_SPINNER))
        if spins:
            place = (action.end, len(tiles[slot]))
            if first_spinner is None:
                first_spinner = place
            else:
                u = 4 + 2 * outer
                roots[u] = roots[u + 1] = place
        tiles[slot].append(Placement(t, inner, outer, spins))
    if first_spinner is not None and layout.kind is not LayoutKind.CROSS:
        roots[2] = roots[3] = first_spinner
    return {layout.names[i]: Arm(layout.names[i], tuple(tiles[i]), roots[i][0], roots[i][1])  # type: ignore[arg-type]
            for i in range(layout.slots) if roots[i][0] is not None}
