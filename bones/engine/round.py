"""One round: hands as bitmasks, the table (`layout.Table`), turn order, drawing, passing and scoring.

A `RoundState` is immutable: `apply` returns a new state (a cheap copy of a few small tuples and ints) or raises
`IllegalAction` and changes nothing. The full state never leaves the engine: players get an `Observation`.

Where each rule lives: the layout (what fits an end, how the table grows) in `layout.py`; how a finished round is
scored in `scoring.py`; who leads a round in `deal.py`; when the game ends in `game.py`. This module keeps the
turn: who acts, drawing, passing, going out, and the end of the round.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from .actions import ASK, DRAW, MUGGINS, PASS, SHUT, Action
from .layout import DOUBLE, EMPTY, FROZEN, NO_SPINNER, SPINNER, Layout, Table, layout_of
from .rules import Draw, Fit, LayoutKind, RoundScoring, Rules, Turn, subject
from .scoring import Settlement, carried, play_points, settle, unclaimed, with_claims
from .tiles import TILES_BY_ID, Tile, mask_pips, not_in_set, tiles_of_mask

# Interned leads: a round's first tile, id t, is LEADS[t].
LEADS: tuple[Action, ...] = tuple(Action("play", t, None) for t in TILES_BY_ID)
_ID_OF: dict[Tile, int] = {t: i for i, t in enumerate(TILES_BY_ID)}
_BIT_OF: dict[Tile, int] = {t: 1 << i for i, t in enumerate(TILES_BY_ID)}
DOUBLES = sum(1 << t.id for t in TILES_BY_ID if t.is_double)


def _must_play(fitting: int) -> str:
    """Why a draw or pass is refused: every tile held that fits ("you hold tiles that fit (9-2, 9-7)"; naming the
    first alone read as if it were the only one)."""
    tiles = tiles_of_mask(fitting)
    if len(tiles) == 1:
        return f"you hold a tile that fits ({tiles[0]}), and it must be played"
    return f"you hold tiles that fit ({', '.join(str(t) for t in tiles)}), and one must be played"


class IllegalAction(ValueError):
    """An action that is not legal at this point; the message says why in a player's words."""


class Event(NamedTuple):
    """One action in a round's public history: its seat, what it scored, and the table just before it (a seat
    that drew or passed held nothing for the ends it showed). A draw's tile is never in it."""

    seat: int
    action: Action
    scored: int
    before: Table


_new_state = object.__new__
_new_table = tuple.__new__  # a Table without NamedTuple's Python-level __new__ (the play path)


def _as_table(raw: tuple[Any, ...]) -> Table:
    """A round's table fields (`RoundState.raw`) as a `Table`."""
    return raw if raw.__class__ is Table else _new_table(Table, raw)  # type: ignore[return-value]


class _Setup:
    """What a round fixes when it is dealt and never changes: shared by all its states."""

    __slots__ = ("rules", "layout", "masks", "boneyard", "leader", "lead_tile", "base_scores", "kept_back",
                 "draws", "simple", "line", "spinner", "plain", "index", "plays", "target_at_once", "multiple", "turn_in_order",
                 "scoring", "draws_freely", "extras", "claims", "asks")

    def __init__(self, rules: Rules, boneyard: tuple[int, ...], leader: int, lead_tile: int,
                 base_scores: tuple[int, ...]) -> None:
        self.boneyard = boneyard
        self.leader = leader
        self.lead_tile = lead_tile
        self.base_scores = base_scores
        cached = _FROM_RULES.get(id(rules))
        if cached is None or cached[0] is not rules:
            if len(_FROM_RULES) > 256:
                _FROM_RULES.clear()
            cached = _FROM_RULES[id(rules)] = _from_rules(rules)
        (self.rules, self.layout, self.masks, self.kept_back, self.draws, self.simple, self.line, self.spinner,
         self.plain,
         self.index, self.plays, self.target_at_once, self.multiple, self.scoring, self.turn_in_order,
         self.draws_freely, self.extras, self.claims, self.asks) = cached


def _from_rules(rules: Rules) -> tuple[Any, ...]:
    """The fields of `_Setup` the rules alone decide, in its order (worked out once per rules: every deal asks)."""
    layout = layout_of(rules)
    # the common case, taken inline on the play path: ends fit by equal pips, every open end may be played on,
    # by every seat
    simple = (rules.fit is Fit.MATCH and not layout.owned and rules.layout is not LayoutKind.CROSS
              and not rules.claims)
    multiple = rules.end_multiple if not rules.per_multiple else 0  # the sum itself scores (inline)
    line = simple and layout.kind is LayoutKind.LINE  # two ends, always open, no spinner: laid inline
    return (rules, layout, layout.fit_masks, rules.kept_back, rules.draws, simple, line,
            simple and layout.kind is LayoutKind.FIRST_SPINNER,  # All Fives' table: also laid inline
            # ... and nothing scores during play, turns go round: `_play_plain`
            line and not rules.scores_in_play and not rules.claims and rules.turn is Turn.NEXT_SEAT
            and not rules.plays_for_both,
            layout.index, layout.play_table(), rules.ends_at_once, multiple,
            rules.scores_in_play and not multiple,  # another way of scoring in play (play_points)
            rules.turn is Turn.NEXT_SEAT and not rules.asks and not rules.lead_plays_again and not rules.plays_for_both,
            rules.draws_freely,
            rules.draws_freely or rules.shut,  # legal actions beside the plays (`_extras`)
            rules.claims, rules.asks)


_FROM_RULES: dict[int, tuple[Any, ...]] = {}  # by id(rules); each entry holds its rules, so the id stays theirs


class RoundState:
    """The whole truth of one round. Only the engine and face-up search see it."""

    __slots__ = ("setup", "hands", "drawn", "raw", "current", "points", "log", "from_boneyard", "over",
                 "outcome", "_asker")

    setup: _Setup
    hands: tuple[int, ...]  # bitmask of tile ids per seat
    drawn: int  # how many boneyard tiles have been drawn
    # the table's fields: a `Table`, or on the plain paths the same seven values as a bare tuple (making a Table,
    # a tuple subclass, costs a copy on every play); `table` gives a Table either way
    raw: tuple[Any, ...]
    current: int
    points: tuple[int, ...]  # scored during play
    log: tuple[Any, int, Action, int, tuple[Any, ...]] | None  # the history, linked: (earlier, seat, action,
    # scored, the table before it as `raw`)
    from_boneyard: tuple[int, ...]  # per seat, the tiles it drew
    over: bool
    outcome: Settlement | None  # how the round ended, once over
    _asker: int  # set only while a seat that asked for a tile waits for the seat to act (see `asker`)

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
        n = len(hands)
        s.setup = _Setup(
            rules, tuple(map(_ID_OF.__getitem__, boneyard)), leader,
            lead_tile.id if lead_tile is not None else -1,
            tuple(base_scores) if base_scores is not None else (0,) * n,
        )
        bit = _BIT_OF.__getitem__
        s.hands = tuple(sum(map(bit, hand)) for hand in hands)
        s.drawn = 0
        s.raw = s.setup.layout.empty
        s.current = leader
        s.points = (0,) * n
        s.log = None
        s.from_boneyard = (0,) * n
        s.over = False
        s.outcome = None
        return s

    @classmethod
    def resume(cls, rules: Rules, hands: Sequence[int], boneyard: Sequence[int], leader: int, lead_tile: int,
               base_scores: Sequence[int], history: Sequence[Event], table: Table, current: int,
               points: Sequence[int], asker: int = -1) -> "RoundState":
        """A round in play rebuilt from its public history and one guess of the hidden tiles (`hands` as bitmasks,
        the undrawn `boneyard` in order): how a search plays a sampled world on with the engine's own rules. The
        history and table are what every seat saw; only the hands and boneyard are the guess."""
        s = object.__new__(cls)
        n = len(hands)
        s.setup = _Setup(rules, tuple(boneyard), leader, lead_tile, tuple(base_scores))
        s.hands = tuple(hands)
        s.drawn = 0
        s.raw = table
        s.current = current
        s.points = tuple(points)
        log: Any = None
        for ev in history:
            log = (log, ev.seat, ev.action, ev.scored, ev.before)
        s.log = log
        s.from_boneyard = (0,) * n
        s.over = False
        s.outcome = None
        if asker >= 0:
            s._asker = asker
        return s

    def _clone(self) -> "RoundState":
        s = _new_state(RoundState)
        s.setup = self.setup
        s.hands = self.hands
        s.drawn = self.drawn
        s.raw = self.raw
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
    def layout(self) -> Layout:
        return self.setup.layout

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
        """Every action of the round in order, with its seat, what it scored and the table before it."""
        out = []
        log = self.log
        while log is not None:
            out.append(Event(log[1], log[2], log[3], _as_table(log[4])))
            log = log[0]
        return tuple(reversed(out))

    @property
    def end(self) -> str | None:
        return self.outcome.end if self.outcome else None

    @property
    def winner(self) -> int | None:
        return self.outcome.winner if self.outcome else None

    @property
    def end_points(self) -> tuple[int, ...]:
        return self.outcome.points if self.outcome else (0,) * len(self.hands)

    # ----- what can be seen and done -------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def table(self) -> Table:
        """The tiles laid in this round, as everyone sees them."""
        return _as_table(self.raw)

    @property
    def tiles_down(self) -> int:
        return self.raw[2]

    @property
    def asker(self) -> int:
        """The seat that asked for a tile and waits for the seat to act to sell or give it one (Honest John); -1 when
        nobody waits. Only `_ask` sets it, so every other action, and every copy, leaves it unset: -1."""
        return getattr(self, "_asker", -1)

    @property
    def boneyard_count(self) -> int:
        return len(self.setup.boneyard) - self.drawn

    def can_draw(self) -> bool:
        """Whether the rules let a seat with nothing that fits draw now (the same for every seat)."""
        setup = self.setup
        return setup.draws and len(setup.boneyard) - self.drawn > setup.kept_back

    def fit_for(self, seat: int) -> int:
        """Bitmask of the tiles `seat` could lay now."""
        return self.raw[5] if self.setup.simple else self.setup.layout.fit_for(self.table, seat)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act: plays (each fitting end apart), else `draw`, else `pass`."""
        if self.over:
            return []
        setup = self.setup
        seat = self.current
        hand = self.hands[seat]
        raw = self.raw  # (ends, center, down, spinner pip, spinner sides, fit, closed, doubles): see `Table`
        if raw[2] == 0:
            leads = [LEADS[setup.lead_tile]] if setup.lead_tile >= 0 else [LEADS[t.id] for t in tiles_of_mask(hand)]
            # a first tile that scores is a play like any other: where scores must be claimed, it is listed claimed
            return with_claims(setup.rules, setup.layout, self.table, leads, seat) if setup.rules.claims else leads
        if not setup.simple:
            if setup.asks:
                return self._asking_actions()
            table = self.table
            plays = setup.layout.plays(table, hand, seat)
            if setup.rules.claims:
                first = [MUGGINS] if self.unclaimed() else []
                if plays:
                    return first + with_claims(setup.rules, setup.layout, table, plays, seat) + self._extras()
                return first + ([DRAW] if self.can_draw() else [PASS]) + self._shut_action()
            if plays:
                return plays + self._extras() if setup.extras else plays
            return ([DRAW] if self.can_draw() else [PASS]) + (self._shut_action() if setup.extras else [])
        if not hand & raw[5]:
            return ([DRAW] if self.can_draw() else [PASS]) + (self._shut_action() if setup.extras else [])
        masks = setup.masks
        plays_of = setup.plays
        out: list[Action] = []
        # written out for the hot path: a simple table's L and R are always open; then the first spinner's U and D
        # once it opens them (All Fives); then any other ends
        ends = raw[0]
        e0, e1 = ends[0], ends[1]
        m = hand & masks[e0[0]]
        while m:
            low = m & -m
            out.append(plays_of[low.bit_length() - 1][0])
            m ^= low
        m = hand & masks[e1[0]]
        while m:
            low = m & -m
            out.append(plays_of[low.bit_length() - 1][1])
            m ^= low
        if setup.spinner:
            e2, e3 = ends[2], ends[3]
            if e2 is not None:
                m = hand & masks[e2[0]]
                while m:
                    low = m & -m
                    out.append(plays_of[low.bit_length() - 1][2])
                    m ^= low
                m = hand & masks[e3[0]]
                while m:
                    low = m & -m
                    out.append(plays_of[low.bit_length() - 1][3])
                    m ^= low
        elif not setup.line:
            for slot in range(2, len(ends)):
                e = ends[slot]
                if e is not None:
                    m = hand & masks[e[0]]
                    while m:
                        low = m & -m
                        out.append(plays_of[low.bit_length() - 1][slot])
                        m ^= low
        if setup.extras:
            out += self._extras()
        return out

    def _asking_actions(self) -> list[Action]:
        """The legal actions where a seat with nothing that fits asks the others (Honest John): a seat asked for a
        tile sells or gives one that fits the asker's line; the seat to move plays, else (having laid the centre
        double) passes, else draws its one tile, else asks."""
        layout = self.setup.layout
        table = self.table
        seat = self.current
        hand = self.hands[seat]
        asker = self.asker
        if asker >= 0:
            end = layout.names[asker]
            return [Action(self.setup.rules.answer, t, end) for t in tiles_of_mask(hand & layout.slot_fit(table, asker))]
        plays = layout.plays(table, hand, seat)
        if plays:
            return plays
        if self._starter_again():
            return [PASS]
        if self._must_draw():
            return [DRAW]
        return [ASK]

    def _starter_again(self) -> bool:
        """Whether the seat to move has just laid the round's first tile and plays again on it if it can."""
        log = self.log
        return self.setup.rules.lead_plays_again and log is not None and log[0] is None and log[1] == self.current

    def _must_draw(self) -> bool:
        """Where a seat draws one tile a turn before asking: whether the seat to move must draw it now."""
        if self.setup.rules.draw is not Draw.ONCE or not self.can_draw():
            return False
        log = self.log
        return not (log is not None and log[2].kind == "draw" and log[1] == self.current)

    def _extras(self) -> list[Action]:
        """What a seat that can play may do instead: `draw` where drawing is at will (and a tile may be drawn), and
        `shut` where the game may be shut after the other's "go"."""
        out = [DRAW] if self.setup.draws_freely and self.can_draw() else []
        return out + self._shut_action()

    def _shut_action(self) -> list[Action]:
        return [SHUT] if self.may_shut() else []

    def ends_by_name(self) -> dict[str, int]:
        """The open ends by name with the pips each shows (`{}` before the first tile)."""
        return self.setup.layout.ends_by_name(self.table)

    def end_sum(self) -> int | None:
        """The sum of the open ends as the scoring games count it (docs/record.md, "Counting the ends")."""
        return self.table.end_sum()

    def hand(self, seat: int) -> list[Tile]:
        return tiles_of_mask(self.hands[seat])

    def pips_left(self) -> tuple[int, ...]:
        return tuple(map(mask_pips, self.hands))

    def round_points(self) -> tuple[int, ...]:
        """Points each seat made in this round so far: during play and, once over, at its end."""
        return tuple(a + b for a, b in zip(self.points, self.end_points))

    # ----- acting ------------------------------------------------------------------------------------------

    def _not_held(self, tile: Tile, seat: int, why: str = "") -> IllegalAction:
        """A tile the seat does not hold (`why`: what follows, where it says more): one of another set is said to
        be no tile of this game at all."""
        top = self.setup.rules.max_pip
        if tile.high > top:
            return IllegalAction(not_in_set(tile, top))
        return IllegalAction(f"{tile} is not in the hand of seat {seat}{why}")

    def resolve(self, action: Action) -> Action:
        """The action with its end filled in where the text left it out and only one end fits."""
        if action.kind != "play" or action.end is not None or self.table.down == 0 or action.tile is None:
            return action
        t = action.tile
        if self.setup.asks and self.asker >= 0:
            raise IllegalAction(self._asked_text())
        if not (self.hands[self.current] >> t.id) & 1:  # as `_play` says it: not "fits no end"
            raise self._not_held(t, self.current)
        layout = self.setup.layout
        table = self.table
        fitting = [i for i in layout.playable_slots(table, self.current)
                   if layout.orientations(table.ends[i][0], t)]  # type: ignore[index]
        if len(fitting) == 1:
            return Action("play", t, layout.names[fitting[0]], action.out, action.claim)
        if not fitting:
            own = table.ends[self.current] if layout.owned else None
            if own is not None:  # a star: the seat plays on its own line only, whatever another line shows
                raise IllegalAction(f"{t} does not fit your line {layout.names[self.current]}, which shows {own[0]}")
            frozen = [i for i, e in enumerate(table.ends) if e is not None and e[2] & FROZEN
                      and layout.orientations(e[0], t)]
            if frozen:  # it matches an arm of the cross that waits for the others (Sebastopol): say so
                raise IllegalAction(f"{t} matches {' and '.join(layout.names[i] for i in frozen)}, but "
                                    f"{'that end waits' if len(frozen) == 1 else 'those ends wait'} until a tile lies "
                                    f"on every side of the first double ({layout.ends_text(table)})")
            raise IllegalAction(f"{t} does not fit any open end ({layout.ends_text(table)})")
        names = " and ".join(layout.names[i] for i in fitting)
        raise IllegalAction(f"{t} fits {names}: say which end, like '{t} {layout.names[fitting[0]]}'")

    def apply(self, action: Action) -> "RoundState":
        """The state after `action`, or `IllegalAction` with a reason (and nothing changed)."""
        if self.over:
            raise IllegalAction("the round is over")
        kind = action.kind
        if kind == "play":
            if action.end is None and self.raw[2]:
                action = self.resolve(action)
            return self._play_plain(action) if self.setup.plain else self._play(action)
        if kind == "draw":
            return self._draw()
        if kind == "pass":
            return self._pass()
        if kind == "shut":
            return self._shut()
        if kind == "muggins":
            return self._muggins()
        if kind == "ask":
            return self._ask()
        if kind in ("sell", "give"):
            return self._answer(action)
        raise IllegalAction(f"{action} is not an action of {self.rules.name_in_sentence}")

    def _laid(self, seat: int, left: int, raw: tuple[Any, ...]) -> "RoundState":
        """The state after `seat` laid a tile, before its score and the next turn: `left` is its hand now, `raw`
        the table (an inline copy of the fields a play does not change: the hot path of every playout)."""
        s = _new_state(RoundState)
        s.setup = self.setup
        s.drawn = self.drawn
        s.raw = raw
        s.current = seat
        s.points = self.points
        s.from_boneyard = self.from_boneyard
        s.over = False
        s.outcome = None
        hands = self.hands
        if len(hands) == 2:
            s.hands = (left, hands[1]) if seat == 0 else (hands[0], left)
        else:
            s.hands = hands[:seat] + (left,) + hands[seat + 1:]
        return s

    def _play_plain(self, action: Action) -> "RoundState":
        """`_play` where the setup is `plain` (a line, equal pips, no score during play, turns in seat order: Block,
        Draw, Draw Dominoes, the Block and Draw Games, the French mode), written out for the playouts and searches
        that live on it. Anything out of the ordinary (a refusal, a play that names the half facing out) is left to
        `_play`, which says why."""
        tile = action.tile
        assert tile is not None
        hi, lo = tile
        tid = hi * (hi + 1) // 2 + lo
        seat = self.current
        hand = self.hands[seat]
        setup = self.setup
        table = self.raw
        was, center, down, sp_pip, sides, _, closed, doubles = table
        if not (hand >> tid) & 1 or action.claim is not None or action.out is not None:
            return self._play(action)
        masks = setup.masks
        if down == 0:
            if action.end is not None or (setup.lead_tile >= 0 and tid != setup.lead_tile):
                return self._play(action)
            line = ((hi, 2 * hi, DOUBLE), (hi, 2 * hi, DOUBLE)) if hi == lo else ((hi, hi, 0), (lo, lo, 0))
            fit = masks[hi] | masks[lo]
            center = tid
        else:
            slot = setup.index.get(action.end, -1)  # type: ignore[arg-type]
            e = was[slot] if slot >= 0 else None
            if e is None or (e[0] != hi and e[0] != lo):
                return self._play(action)
            outer = lo if e[0] == hi else hi
            end = (outer, 2 * outer, DOUBLE) if hi == lo else (outer, outer, 0)
            line = (end, was[1]) if slot == 0 else (was[0], end)  # type: ignore[assignment]
            fit = masks[line[0][0]] | masks[line[1][0]]  # type: ignore[index]
        left = hand & ~(1 << tid)
        s = self._laid(seat, left, (line, center, down + 1, sp_pip, sides, fit, closed, doubles))
        hands = s.hands
        s.log = (self.log, seat, action, 0, table)
        if not left:
            s._finish("out")
            return s
        s.current = seat + 1 if seat + 1 < len(hands) else 0
        if not setup.draws or len(setup.boneyard) - s.drawn <= setup.kept_back:
            for h in hands:
                if h & fit:
                    break
            else:
                s._finish("blocked")
        return s

    def _play(self, action: Action) -> "RoundState":
        # The hot path of every search and playout: written out flat on purpose.
        tile = action.tile
        assert tile is not None
        hi, lo = tile
        tid = hi * (hi + 1) // 2 + lo
        seat = self.current
        hand = self.hands[seat]
        if not (hand >> tid) & 1:
            raise self._not_held(tile, seat)
        setup = self.setup
        layout = setup.layout
        table = self.raw  # index it (see `Table`); `_as_table` where a layout's method reads it
        total = -1  # the sum of the ends after the play, where it is worked out on the way
        if table[2] == 0:
            if setup.lead_tile >= 0 and tid != setup.lead_tile:  # said first: the end is not what is wrong
                raise IllegalAction(f"this round must open with {TILES_BY_ID[setup.lead_tile]}")
            if action.end is not None:
                raise IllegalAction(f"the first tile of a round has no end: write just '{tile}'")
            after = layout.lead(_as_table(table), tid)
        else:
            slot = setup.index.get(action.end, -1)  # type: ignore[arg-type]
            if setup.simple:
                e = table[0][slot] if slot >= 0 else None
                if e is None:
                    raise IllegalAction(f"end {action.end} is not open ({layout.ends_text(_as_table(table))})")
                pip = e[0]
                if pip != hi and pip != lo:
                    raise IllegalAction(f"{tile} does not fit end {action.end}, which shows {pip}")
                outer = lo if pip == hi else hi
                if action.out is not None:
                    if action.out != outer:
                        raise IllegalAction(f"{tile} on end {action.end} leaves {outer} facing out, not {action.out}")
                    action = setup.plays[tid][slot]
                if setup.line:  # `Layout.lay` for a line, written out (the hot path of every playout)
                    was, center, down, sp_pip, sides, _, closed, doubles = table
                    end = (outer, 2 * outer, DOUBLE) if hi == lo else (outer, outer, 0)
                    line = (end, was[1]) if slot == 0 else (was[0], end)
                    masks = setup.masks
                    after = (line, center, down + 1, sp_pip, sides, masks[line[0][0]] | masks[line[1][0]], closed,  # type: ignore[index]
                             doubles)
                    total = line[0][1] + line[1][1]  # type: ignore[index]
                elif setup.spinner:  # `Layout.lay` for a first-double spinner, written out
                    ends = list(table[0])
                    sp_pip, sides = table[3], table[4]
                    if hi != lo:
                        ends[slot] = (outer, outer, 0)
                    elif sides == NO_SPINNER:  # the first double: the spinner, one long side already covered
                        ends[slot] = (outer, 2 * outer, DOUBLE | SPINNER)
                        sp_pip, sides = outer, 1
                    else:
                        ends[slot] = (outer, 2 * outer, DOUBLE)
                    if e[2] & SPINNER:
                        sides -= 1
                        if sides == 0:  # both long sides covered: its short ends open
                            ends[2] = ends[3] = (pip, 0, EMPTY)
                    masks = setup.masks
                    fit = total = 0
                    for x in ends:
                        if x is not None:
                            fit |= masks[x[0]]
                            total += x[1]
                    after = (tuple(ends), table[1], table[2] + 1, sp_pip, sides, fit, table[6], table[7])
                else:
                    after = layout.lay(_as_table(table), slot, tid, outer)
            else:
                table = _as_table(table)
                if setup.asks and self.asker >= 0:
                    raise IllegalAction(self._asked_text())
                if slot < 0:
                    raise IllegalAction(f"there is no end {action.end} on this table (its ends: "
                                        f"{', '.join(layout.names)})")
                try:
                    outer = layout.outer(table, slot, tile, action.out, seat)
                except ValueError as err:
                    raise IllegalAction(str(err)) from None
                if (layout.trumps >> tid) & 1 and layout.trumps_barred(table, hand, seat):
                    raise IllegalAction(f"{tile} is a trump, played only to prevent a block: another tile fits")
                if action.out is not None and len(layout.orientations(table.ends[slot][0], tile)) == 1:  # type: ignore[index]
                    # the tile lies one way only: its text names no half
                    action = setup.plays[tid][slot].claiming(action.claim)
                after = layout.lay(table, slot, tid, outer)
        left = hand & ~(1 << tid)
        s = self._laid(seat, left, after)
        hands = s.hands
        scored = 0
        multiple = setup.multiple
        if multiple:
            if total < 0:
                total = _as_table(after).end_sum() or 0
            if total and total % multiple == 0:
                scored = total
        elif setup.scoring:
            scored = play_points(setup.rules, layout, _as_table(after))
        penalty = 0
        left_unclaimed = 0
        claim = action.claim
        if setup.claims:
            # a score counts only when claimed; a wrong claim is taken down and marked to the next seat
            if claim is None:
                scored, left_unclaimed = 0, scored
            elif claim != scored:
                scored, penalty = 0, claim
        elif claim is not None:
            raise IllegalAction(f"nothing is claimed in {setup.rules.name_in_sentence}: {setup.rules.unclaimed_why}")
        if scored or penalty:
            pts = list(s.points)
            pts[seat] += scored
            pts[(seat + 1) % len(pts)] += penalty
            s.points = tuple(pts)
        s.log = (self.log, seat, action, scored, table)
        if not left:
            s._finish("out")
        elif scored and setup.target_at_once and s._at_target(seat):
            pass  # the game is won at once
        elif penalty and setup.target_at_once and s._at_target((seat + 1) % len(hands)):
            pass  # won at once by the seat a wrong claim was marked to
        else:
            s.current = (seat + 1) % len(hands) if setup.turn_in_order else _next_after_play(
                setup.rules, seat, tile, after, len(hands), lambda: left & s.fit_for(seat), self.after_go)
            if not setup.draws or len(setup.boneyard) - s.drawn <= setup.kept_back:
                s._check_blocked()
        if left_unclaimed and s.over:
            # the play ended the round: no move follows in which to say "muggins", so the next seat takes the points
            # at once, as it would have before its move
            pts = list(s.points)
            pts[(seat + 1) % len(pts)] += left_unclaimed
            s.points = tuple(pts)
        return s

    def _draw(self) -> "RoundState":
        seat = self.current
        if self.raw[2] == 0:
            raise IllegalAction("nobody draws before the first tile: lead a tile")
        if self.setup.asks:
            self._check_step("draw")
        if not self.setup.draws:
            raise IllegalAction(f"nobody draws in {self.rules.name_in_sentence}: with nothing that fits, pass")
        fitting = self.hands[seat] & self.fit_for(seat)
        if fitting and not self.setup.draws_freely:
            raise IllegalAction(_must_play(fitting))
        if not self.can_draw():
            kept = self.setup.kept_back
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
        s.log = (self.log, seat, DRAW, 0, self.raw)
        s._check_blocked()
        return s

    def _pass(self) -> "RoundState":
        seat = self.current
        if self.raw[2] == 0:
            raise IllegalAction("the round has not started: lead a tile")
        if self.setup.asks:
            self._check_step("pass")  # only the starter, with nothing to lay on the centre double
        else:
            fitting = self.hands[seat] & self.fit_for(seat)
            if fitting:
                raise IllegalAction(_must_play(fitting))
            if self.can_draw():
                raise IllegalAction("you cannot pass while the boneyard has tiles to draw: draw")
        s = self._clone()
        s.log = (self.log, seat, PASS, 0, self.raw)
        s.current = _seat_after(seat, len(self.hands), self.raw[6])
        s._check_blocked()
        return s

    # ----- asking for a tile (Honest John) -------------------------------------------------------------------

    def _asked_text(self) -> str:
        verb = self.setup.rules.answer
        return (f"seat {self.asker} asked you for a tile: {verb} one that fits its line, like "
                f"'{verb} {self.legal_actions()[0].tile}'")

    def _check_not_asked(self) -> None:
        if self.asker >= 0:
            raise IllegalAction(self._asked_text())

    def _check_step(self, kind: str) -> None:
        """Where seats ask: refuse `kind` ("draw", "pass" or "ask") unless it is the one way on for the seat to act,
        saying what is (the order of `_asking_actions`: answer the asker, play, pass after the centre double, draw
        the turn's one tile, ask)."""
        self._check_not_asked()
        fitting = self.hands[self.current] & self.fit_for(self.current)
        if fitting:
            raise IllegalAction(_must_play(fitting))
        if self._starter_again():
            if kind != "pass":
                raise IllegalAction("after laying the centre double you play on it from your hand, or pass")
        elif self._must_draw():
            if kind != "draw":
                raise IllegalAction(f"draw first: more than {self.setup.kept_back} tiles are left to draw")
        elif kind != "ask":
            drawn = "one tile is drawn a turn: " if kind == "draw" and self.can_draw() else ""
            raise IllegalAction(f"{drawn}with nothing that fits, ask the others for a tile (ask)")

    def _ask(self) -> "RoundState":
        """Nothing of the mover's hand fits its line: ask the seat to the left, then on round the table. The first
        seat holding a tile that fits must sell or give one (it becomes the seat to act, `asker` waits); where
        nobody holds one, the asker's line is closed (where tiles are sold) or its turn passes."""
        rules = self.setup.rules
        if not rules.asks:
            raise IllegalAction(f"nobody asks for tiles in {rules.name_in_sentence}")
        if self.raw[2] == 0:
            raise IllegalAction("the round has not started: lead a tile")
        self._check_step("ask")
        seat = self.current
        layout = self.setup.layout
        table = self.table
        want = layout.slot_fit(table, seat)
        s = self._clone()
        s.log = (self.log, seat, ASK, 0, self.raw)
        n = len(self.hands)
        for k in range(1, n):
            other = (seat + k) % n
            if self.hands[other] & want:
                s.current = other
                s._asker = seat
                return s
        if rules.sells:  # nobody can sell: the asker turns the last tile of its line face down
            s.raw = layout.close(table, seat)
        s.current = _seat_after(seat, n, s.raw[6])
        s._check_blocked()
        return s

    def _answer(self, action: Action) -> "RoundState":
        """The seat asked sells or gives a tile of its choice that fits the asker's line, where it is laid at once;
        a sale costs the asker a chip, paid to the seller. A hand emptied so goes out."""
        rules = self.setup.rules
        asker = self.asker
        if not rules.asks:
            raise IllegalAction(f"nobody asks for a tile in {rules.name_in_sentence}: tiles are laid, not "
                                f"{'sold' if action.kind == 'sell' else 'given'}")
        if asker < 0:
            raise IllegalAction("nobody has asked for a tile")
        kind = rules.answer
        if action.kind != kind:
            how = "sold" if rules.sells else "given"
            legal = [a.tile for a in self.legal_actions()]  # the tile named, where it may go; else one that may
            tile = action.tile if action.tile in legal else legal[0]
            raise IllegalAction(f"in {subject(rules.name_in_sentence)} a tile asked for is {how}: "
                                f"'{kind} {tile}'")
        tile = action.tile
        assert tile is not None
        seat = self.current
        hand = self.hands[seat]
        layout = self.setup.layout
        end = layout.names[asker]
        if action.end is not None and action.end != end:
            raise IllegalAction(f"the tile goes on the line of the seat that asked, {end}, not {action.end}")
        if not (hand >> tile.id) & 1:
            raise self._not_held(tile, seat, f", the first seat to seat {asker}'s left that holds a tile for {end} "
                                             f"(it {kind}s one of its own)")
        table = self.table
        try:
            outer = layout.outer(table, asker, tile, None, asker)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        left = hand & ~(1 << tile.id)
        s = self._laid(seat, left, layout.lay(table, asker, tile.id, outer))
        scored = 0
        if rules.sells:
            scored = 1
            pts = list(s.points)
            pts[seat] += 1
            pts[asker] -= 1
            s.points = tuple(pts)
        s.log = (self.log, seat, Action(kind, tile, end), scored, self.raw)
        if not left:
            s._finish("out")
            return s
        s.current = _seat_after(asker, len(self.hands), s.raw[6])
        s._check_blocked()
        return s

    @property
    def last_go(self) -> int:
        """1 + the seat whose "go" (pass) was the round's last action, else 0 (for the face-up solver)."""
        log = self.log
        return 1 + log[1] if log is not None and log[2].kind == "pass" else 0

    def unclaimed(self) -> int:
        """The points the last play made and did not claim, which the seat to act may take by saying "muggins"."""
        log = self.log
        if log is None or self.over:
            return 0
        return unclaimed(self.setup.rules, self.setup.layout, self.table, log[1], log[2], self.current)

    @property
    def taken_at_end(self) -> int:
        """Where scores count only when claimed: the points the round's last play made and did not claim, which the
        next seat took because that play ended the round (no move was left in which to say "muggins"); else 0."""
        log = self.log
        if not self.over or log is None or not self.setup.claims or log[2].kind != "play" or log[2].claim is not None:
            return 0
        return play_points(self.setup.rules, self.setup.layout, self.table)

    @property
    def taken_at_end_by(self) -> int:
        """The seat that took `taken_at_end`: the one after the seat that laid the round's last tile."""
        log = self.log
        return (log[1] + 1) % self.seats if log is not None else 0

    @property
    def after_go(self) -> bool:
        """Whether another seat's "go" (pass) was the round's last action: the seat to act may then shut the game
        (`may_shut`), or plays for both (`Rules.plays_for_both`)."""
        log = self.log
        return log is not None and log[2].kind == "pass" and log[1] != self.current

    def may_shut(self) -> bool:
        """Whether the seat to act may shut the game and count: where the rules allow it, right after another seat
        said "go" (passed)."""
        return self.setup.rules.shut and self.after_go

    def _at_target(self, seat: int) -> bool:
        """End the round at once, won by `seat`, if its points reach the target (in games that end so)."""
        if self.setup.base_scores[seat] + self.points[seat] < self.setup.rules.target:
            return False
        self.over = True
        self.outcome = settle(self.setup.rules, "target", seat, self.pips_left())
        return True

    def _muggins(self) -> "RoundState":
        if not self.rules.claims:
            raise IllegalAction(f"nobody says muggins in {self.rules.name_in_sentence}: {self.rules.unclaimed_why}")
        points = self.unclaimed()
        if not points:
            raise IllegalAction("there is nothing to take (the last play scored nothing unclaimed)")
        seat = self.current
        s = self._clone()
        pts = list(s.points)
        pts[seat] += points
        s.points = tuple(pts)
        s.log = (self.log, seat, MUGGINS, points, self.raw)
        if self.setup.target_at_once:
            s._at_target(seat)
        return s

    def _shut(self) -> "RoundState":
        if not self.may_shut():
            if not self.rules.shut:
                raise IllegalAction(f"nobody shuts the game in {self.rules.name_in_sentence}")
            raise IllegalAction("the game can be shut only right after the other side says \"go\"")
        s = self._clone()
        s.log = (self.log, self.current, SHUT, 0, self.raw)
        s._finish("blocked")
        return s

    # ----- the end of the round ----------------------------------------------------------------------------

    def _check_blocked(self) -> None:
        """End the round if nobody can play or draw."""
        if self.can_draw():
            return
        if self.setup.simple or self.setup.asks:  # every seat may play on every open end (or sell or give
            # to the seat whose end it is): one mask says what fits
            fit = self.raw[5]
            for h in self.hands:
                if h & fit:
                    return
            self._finish("blocked")
            return
        for seat, h in enumerate(self.hands):
            if h & self.fit_for(seat):
                return
        self._finish("blocked")

    def _finish(self, end: str) -> None:
        self.over = True
        rules = self.setup.rules
        # only Bergen's blocked rounds look at who holds a doublet
        doublets = tuple(bool(h & DOUBLES) for h in self.hands) if rules.round_scoring is RoundScoring.BERGEN \
            else None
        left = carried(rules, self.setup.base_scores) if rules.has_pool else 0
        self.outcome = settle(rules, end, self.current if end == "out" else None, self.pips_left(), doublets, left)


def _next_after_play(rules: Rules, seat: int, tile: Tile, after: tuple[Any, ...], seats: int,
                     fitting: Callable[[], int], after_go: bool = False) -> int:
    """Who acts after `seat` lays `tile`, leaving `after`, where turns do not simply go round (`Rules.turn`): the
    one place a turn policy lives (`fitting()`: the tiles of the seat's hand that fit the table now). A seat that
    plays again after a double but has nothing that fits draws or passes as usual; a seat that plays on does so only
    while a tile of its hand fits; the seat that laid the centre double plays on it where the rules say so; a seat
    whose line is closed is passed over; where a seat plays for both (`Rules.plays_for_both`), the play made right
    after another seat's "go" (`after_go`) is made for that seat, and the same seat plays again for itself."""
    if rules.turn is Turn.DOUBLE_AGAIN and tile.high == tile.low:
        return seat
    if after_go and rules.plays_for_both:
        return seat
    if rules.turn is Turn.PLAY_ON and fitting():
        return seat
    if rules.lead_plays_again and after[2] == 1:  # (the table's fields, `RoundState.raw`: tiles down)
        return seat
    return _seat_after(seat, seats, after[6])  # its closed lines


def _seat_after(seat: int, seats: int, closed: int) -> int:
    """The next seat to the left of `seat` whose line is not closed (`closed`: a star's closed lines, by seat)."""
    if not closed:
        return seat + 1 if seat + 1 < seats else 0
    for k in range(1, seats + 1):
        other = (seat + k) % seats
        if not (closed >> other) & 1:
            return other
    return (seat + 1) % seats
