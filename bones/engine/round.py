"""One round: hands as bitmasks, the layout's open ends, turn order, drawing, passing and scoring.

A `RoundState` is immutable: `apply` returns a new state (a cheap copy of a few small tuples and ints) or raises
`IllegalAction` and changes nothing. The full state never leaves the engine: players get an `Observation`.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from .actions import DRAW, END_NAMES, PASS, Action
from .rules import Rules
from .tiles import TILES_BY_ID, Tile, mask_pips, pip_masks, tiles_of_mask

L, R, U, D = 0, 1, 2, 3
NO_SPINNER = -1

# Interned actions: a play of tile id t against end e is PLAYS[t][e]; a lead (first tile) is LEADS[t].
LEADS: tuple[Action, ...] = tuple(Action("play", t, None) for t in TILES_BY_ID)
PLAYS: tuple[tuple[Action, ...], ...] = tuple(tuple(Action("play", t, e) for e in END_NAMES) for t in TILES_BY_ID)
_ID_OF: dict[Tile, int] = {t: i for i, t in enumerate(TILES_BY_ID)}
_BIT_OF: dict[Tile, int] = {t: 1 << i for i, t in enumerate(TILES_BY_ID)}
_END_INDEX = {name: i for i, name in enumerate(END_NAMES)}
_PIP_MASKS: dict[int, tuple[int, ...]] = {}


class IllegalAction(ValueError):
    """An action that is not legal at this point; the message says why in a player's words."""


class Event(NamedTuple):
    """One action in a round's public history. A draw's tile is never in it."""

    seat: int
    action: Action
    scored: int


class Placement(NamedTuple):
    """A tile on the table: `inner` touches the tile before it (or the centre), `outer` faces outwards."""

    tile: Tile
    inner: int
    outer: int


def round_pips(pips: int, step: int) -> int:
    """Pips rounded to the nearest multiple of `step`, halves up (12 -> 10, 13 -> 15); `step` 0 keeps them."""
    if not step:
        return pips
    return (pips + step // 2) // step * step


_new_state = object.__new__


class _Setup:
    """What a round fixes when it is dealt and never changes: shared by all its states."""

    __slots__ = ("rules", "masks", "boneyard", "leader", "lead_tile", "base_scores")

    def __init__(self, rules: Rules, masks: tuple[int, ...], boneyard: tuple[int, ...], leader: int,
                 lead_tile: int, base_scores: tuple[int, ...]) -> None:
        self.rules = rules
        self.masks = masks
        self.boneyard = boneyard
        self.leader = leader
        self.lead_tile = lead_tile
        self.base_scores = base_scores


class RoundState:
    """The whole truth of one round. Only the engine and face-up search see it."""

    __slots__ = (
        "setup", "hands", "drawn", "center", "ends", "fit", "spinner_sides", "spinner_pip", "tiles_down",
        "current", "points", "log", "from_boneyard", "over", "outcome",
    )

    setup: _Setup
    hands: tuple[int, ...]  # bitmask of tile ids per seat
    drawn: int  # how many boneyard tiles have been drawn
    center: int  # the first tile's id, -1 before it
    ends: tuple[tuple[int, int, bool] | None, ...]  # L, R, U, D: (pips shown, what it counts, is the spinner)
    fit: int  # bitmask of the tiles that fit some open end
    spinner_sides: int  # the spinner's long sides still open; NO_SPINNER before there is one
    spinner_pip: int
    tiles_down: int
    current: int
    points: tuple[int, ...]  # scored during play
    log: tuple[Any, int, Action, int] | None  # the history, linked (cheap to extend): (earlier, seat, action, scored)
    from_boneyard: tuple[int, ...]  # per seat, the tiles it drew
    over: bool
    outcome: tuple[str, int | None, tuple[int, ...]] | None  # (end, winner, end-of-round points) once over

    @classmethod
    def start(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        leader: int,
        lead_tile: Tile | None,
        base_scores: Sequence[int] | None = None,
    ) -> "RoundState":
        """A round dealt as given; `leader` acts first and must lay `lead_tile` when one is named."""
        s = object.__new__(cls)
        masks = _PIP_MASKS.get(rules.max_pip)
        if masks is None:
            masks = _PIP_MASKS[rules.max_pip] = pip_masks(rules.max_pip)
        n = len(hands)
        s.setup = _Setup(
            rules, masks, tuple(map(_ID_OF.__getitem__, boneyard)), leader,
            lead_tile.id if lead_tile is not None else -1,
            tuple(base_scores) if base_scores is not None else (0,) * n,
        )
        bit = _BIT_OF.__getitem__
        s.hands = tuple(sum(map(bit, hand)) for hand in hands)
        s.drawn = 0
        s.center = -1
        s.fit = 0
        s.ends = (None, None, None, None)
        s.spinner_sides = NO_SPINNER
        s.spinner_pip = -1
        s.tiles_down = 0
        s.current = leader
        s.points = (0,) * n
        s.log = None
        s.from_boneyard = (0,) * n
        s.over = False
        s.outcome = None
        return s

    def _clone(self) -> "RoundState":
        s = object.__new__(RoundState)
        s.setup = self.setup
        s.hands = self.hands
        s.drawn = self.drawn
        s.center = self.center
        s.fit = self.fit
        s.ends = self.ends
        s.spinner_sides = self.spinner_sides
        s.spinner_pip = self.spinner_pip
        s.tiles_down = self.tiles_down
        s.current = self.current
        s.points = self.points
        s.log = self.log
        s.from_boneyard = self.from_boneyard
        s.over = self.over
        s.outcome = self.outcome
        return s

    # ----- fixed at the deal, and derived --------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def masks(self) -> tuple[int, ...]:
        return self.setup.masks

    @property
    def boneyard(self) -> tuple[int, ...]:
        """Tile ids of the whole boneyard as dealt, in drawing order (`drawn` of them are gone)."""
        return self.setup.boneyard

    @property
    def leader(self) -> int:
        return self.setup.leader

    @property
    def lead_tile(self) -> int:
        return self.setup.lead_tile

    @property
    def base_scores(self) -> tuple[int, ...]:
        """The game scores when this round was dealt."""
        return self.setup.base_scores

    @property
    def history(self) -> tuple[Event, ...]:
        """Every action of the round in order, with its seat and what it scored."""
        out = []
        log = self.log
        while log is not None:
            out.append(Event(log[1], log[2], log[3]))
            log = log[0]
        return tuple(reversed(out))

    @property
    def end(self) -> str | None:
        return self.outcome[0] if self.outcome else None

    @property
    def winner(self) -> int | None:
        return self.outcome[1] if self.outcome else None

    @property
    def end_points(self) -> tuple[int, ...]:
        return self.outcome[2] if self.outcome else (0,) * len(self.hands)

    # ----- what can be seen and done -------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def boneyard_count(self) -> int:
        return len(self.boneyard) - self.drawn

    def can_draw(self) -> bool:
        """Whether the rules let a seat with nothing that fits draw now (the same for every seat)."""
        return self.rules.draw == "until_fits" and len(self.boneyard) - self.drawn > self.rules.keep_back

    def fit_mask(self) -> int:
        """Bitmask of the tiles that fit some open end now."""
        return self.fit

    @property
    def arms(self) -> tuple[tuple[Placement, ...], ...]:
        """The tiles laid on each end (L, R, U, D), from the centre outwards, derived from the history."""
        if self.center < 0:
            return ((), (), (), ())
        first = TILES_BY_ID[self.center]
        shows = [first.high, first.low, self.spinner_pip, self.spinner_pip]
        arms: list[list[Placement]] = [[], [], [], []]
        for ev in self.history:
            a = ev.action
            if a.kind == "play" and a.end is not None and a.tile is not None:
                ei = _END_INDEX[a.end]
                inner = shows[ei]
                outer = a.tile.other(inner)
                arms[ei].append(Placement(a.tile, inner, outer))
                shows[ei] = outer
        return tuple(tuple(x) for x in arms)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act: plays (each fitting end apart), else `draw`, else `pass`."""
        if self.over:
            return []
        hand = self.hands[self.current]
        if self.tiles_down == 0:
            if self.lead_tile >= 0:
                return [LEADS[self.lead_tile]]
            return [LEADS[t.id] for t in tiles_of_mask(hand)]
        if not hand & self.fit:
            return [DRAW] if self.can_draw() else [PASS]
        masks = self.masks
        e0, e1, e2, e3 = self.ends
        out: list[Action] = []
        m = hand & masks[e0[0]]  # type: ignore[index]
        while m:
            low = m & -m
            out.append(PLAYS[low.bit_length() - 1][0])
            m ^= low
        m = hand & masks[e1[0]]  # type: ignore[index]
        while m:
            low = m & -m
            out.append(PLAYS[low.bit_length() - 1][1])
            m ^= low
        if e2 is not None:
            for ei, e in ((2, e2), (3, e3)):
                m = hand & masks[e[0]]  # type: ignore[index]
                while m:
                    low = m & -m
                    out.append(PLAYS[low.bit_length() - 1][ei])
                    m ^= low
        return out

    def ends_by_name(self) -> dict[str, int]:
        """The open ends by name with the pips each shows (`{}` before the first tile)."""
        return {END_NAMES[i]: e[0] for i, e in enumerate(self.ends) if e is not None}

    def end_sum(self) -> int | None:
        """The sum of the open ends as the scoring games count it (spec/record.md, "Counting the ends")."""
        if self.tiles_down == 0:
            return None
        if self.tiles_down == 1:
            return TILES_BY_ID[self.center].pips
        return sum(e[1] for e in self.ends if e is not None)

    def hand(self, seat: int) -> list[Tile]:
        return tiles_of_mask(self.hands[seat])

    def pips_left(self) -> tuple[int, ...]:
        return tuple(mask_pips(h) for h in self.hands)

    def round_points(self) -> tuple[int, ...]:
        """Points each seat made in this round so far: during play and, once over, at its end."""
        return tuple(a + b for a, b in zip(self.points, self.end_points))

    # ----- acting ------------------------------------------------------------------------------------------

    def resolve(self, action: Action) -> Action:
        """The action with its end filled in where the text left it out and only one end fits."""
        if action.kind != "play" or action.end is not None or self.tiles_down == 0 or action.tile is None:
            return action
        t = action.tile
        fitting = [i for i, e in enumerate(self.ends) if e is not None and e[0] in (t.high, t.low)]
        if len(fitting) == 1:
            return PLAYS[t.id][fitting[0]]
        if not fitting:
            raise IllegalAction(f"{t} does not fit any open end ({self._ends_text()})")
        names = " and ".join(END_NAMES[i] for i in fitting)
        raise IllegalAction(f"{t} fits {names}: say which end, like '{t} {END_NAMES[fitting[0]]}'")

    def apply(self, action: Action) -> "RoundState":
        """The state after `action`, or `IllegalAction` with a reason (and nothing changed)."""
        if self.over:
            raise IllegalAction("the round is over")
        kind = action.kind
        if kind == "play":
            if action.end is None and self.tiles_down:
                action = self.resolve(action)
            return self._play(action)
        if kind == "draw":
            return self._draw()
        if kind == "pass":
            return self._pass()
        raise IllegalAction(f"{action} is not an action of {self.rules.name}")

    def _ends_text(self) -> str:
        return ", ".join(f"{END_NAMES[i]} shows {e[0]}" for i, e in enumerate(self.ends) if e is not None)

    def _play(self, action: Action) -> "RoundState":
        # The hot path of every search and playout: written out flat on purpose.
        tile = action.tile
        assert tile is not None
        hi, lo = tile
        tid = hi * (hi + 1) // 2 + lo
        seat = self.current
        hand = self.hands[seat]
        if not (hand >> tid) & 1:
            raise IllegalAction(f"{tile} is not in the hand of seat {seat}")
        setup = self.setup
        rules = setup.rules
        masks = setup.masks
        if self.tiles_down == 0:
            if action.end is not None:
                raise IllegalAction(f"the first tile of a round has no end: write just '{tile}'")
            if setup.lead_tile >= 0 and tid != setup.lead_tile:
                raise IllegalAction(f"this round must open with {TILES_BY_ID[setup.lead_tile]}")
            s = self._clone()
            double = hi == lo
            spinner = double and rules.spinner == "first_double"
            s.center = tid
            s.ends = ((hi, 2 * hi if double else hi, spinner), (lo, 2 * lo if double else lo, spinner), None, None)
            s.fit = masks[hi] | masks[lo]
            if spinner:
                s.spinner_sides = 2
                s.spinner_pip = hi
            s.tiles_down = 1
        else:
            ei = _END_INDEX.get(action.end, -1)  # type: ignore[arg-type]
            e = self.ends[ei] if ei >= 0 else None
            if e is None:
                raise IllegalAction(f"end {action.end} is not open ({self._ends_text()})")
            pip = e[0]
            if pip != hi and pip != lo:
                raise IllegalAction(f"{tile} does not fit end {action.end}, which shows {pip}")
            # an inline copy of the fields this branch does not set below (the hot path of every playout)
            s = _new_state(RoundState)
            s.setup = setup
            s.drawn = self.drawn
            s.center = self.center
            s.current = seat
            s.spinner_sides = self.spinner_sides
            s.spinner_pip = self.spinner_pip
            s.points = self.points
            s.from_boneyard = self.from_boneyard
            s.over = False
            s.outcome = None
            outer = lo if pip == hi else hi
            ends = list(self.ends)
            if hi == lo:
                spinner = self.spinner_sides == NO_SPINNER and rules.spinner == "first_double"
                ends[ei] = (outer, 2 * outer, spinner)
                if spinner:
                    s.spinner_sides = 1
                    s.spinner_pip = outer
            else:
                ends[ei] = (outer, outer, False)
            if e[2]:
                s.spinner_sides -= 1
                if s.spinner_sides == 0:
                    sp = s.spinner_pip
                    ends[U] = ends[D] = (sp, 0, False)
            eu = ends[U]
            if eu is None:
                s.fit = masks[ends[0][0]] | masks[ends[1][0]]  # type: ignore[index]
            else:
                s.fit = masks[ends[0][0]] | masks[ends[1][0]] | masks[eu[0]] | masks[ends[3][0]]  # type: ignore[index]
            s.ends = tuple(ends)
            s.tiles_down = self.tiles_down + 1
        left = hand & ~(1 << tid)
        hands = self.hands
        if len(hands) == 2:
            hands = (left, hands[1]) if seat == 0 else (hands[0], left)
        else:
            as_list = list(hands)
            as_list[seat] = left
            hands = tuple(as_list)
        s.hands = hands
        scored = 0
        multiple = rules.end_multiple
        if multiple:
            total = s.end_sum() or 0
            if total and total % multiple == 0:
                scored = total
                pts = list(s.points)
                pts[seat] += scored
                s.points = tuple(pts)
        s.log = (self.log, seat, action, scored)
        if not left:
            s._finish("out")
        elif scored and rules.target_immediate and setup.base_scores[seat] + s.points[seat] >= rules.target:
            s.over = True
            s.outcome = ("target", seat, (0,) * len(hands))
        else:
            s.current = (seat + 1) % len(hands)
            if rules.draw == "never" or len(setup.boneyard) - s.drawn <= rules.keep_back:
                fit = s.fit
                for h in hands:
                    if h & fit:
                        break
                else:
                    s._finish("blocked")
        return s

    def _draw(self) -> "RoundState":
        seat = self.current
        if self.tiles_down == 0:
            raise IllegalAction("nobody draws before the first tile: lead a tile")
        fitting = self.hands[seat] & self.fit_mask()
        if fitting:
            raise IllegalAction(f"you hold a tile that fits ({tiles_of_mask(fitting)[0]}), and it must be played")
        if self.rules.draw != "until_fits":
            raise IllegalAction(f"nobody draws in {self.rules.name}: with nothing that fits, pass")
        if not self.can_draw():
            kept = self.rules.keep_back
            why = f"the last {kept} tiles are never drawn" if kept else "the boneyard is empty"
            raise IllegalAction(f"no tile can be drawn: {why}; pass")
        tid = self.boneyard[self.drawn]
        s = self._clone()
        s.drawn = self.drawn + 1
        hands = list(self.hands)
        hands[seat] |= 1 << tid
        s.hands = tuple(hands)
        fb = list(self.from_boneyard)
        fb[seat] |= 1 << tid
        s.from_boneyard = tuple(fb)
        s.log = (self.log, seat, DRAW, 0)
        s._check_blocked()
        return s

    def _pass(self) -> "RoundState":
        seat = self.current
        if self.tiles_down == 0:
            raise IllegalAction("the round has not started: lead a tile")
        fitting = self.hands[seat] & self.fit_mask()
        if fitting:
            raise IllegalAction(f"you hold a tile that fits ({tiles_of_mask(fitting)[0]}), and it must be played")
        if self.can_draw():
            raise IllegalAction("you cannot pass while the boneyard has tiles to draw: draw")
        s = self._clone()
        s.log = (self.log, seat, PASS, 0)
        s.current = (seat + 1) % len(self.hands)
        s._check_blocked()
        return s

    # ----- the end of the round ----------------------------------------------------------------------------

    def _check_blocked(self) -> None:
        """End the round if nobody can play or draw."""
        if self.can_draw():
            return
        fit = self.fit
        for h in self.hands:
            if h & fit:
                return
        self._finish("blocked")

    def _finish(self, end: str) -> None:
        pips = self.pips_left()
        low = min(pips)
        lowest = [i for i, p in enumerate(pips) if p == low]
        end_points = [0] * len(pips)
        rules = self.rules
        winner: int | None = None
        if rules.round_scoring == "lowest_takes_difference":
            others = sum(p for p in pips if p != low)
            gain = max(0, others - low)
            for i in lowest:
                end_points[i] = gain
            winner = lowest[0] if len(lowest) == 1 else None
        elif end == "out" or len(lowest) == 1:
            # lowest_takes_all: the seat that went out (even beside another empty-pipped hand such as a lone
            # 0-0), else a single lowest hand, scores every other hand's pips, rounded
            winner = self.current if end == "out" else lowest[0]
            end_points[winner] = round_pips(sum(pips) - pips[winner], rules.rounding)
        if end == "out":
            winner = self.current
        self.over = True
        self.outcome = (end, winner, tuple(end_points))
