"""Face-up exact search of one round: every hand and the boneyard order known.

`Solver.values(state, actions)` gives, for each legal action of the seat to act in a `RoundState`, the value of the
round played out perfectly by every seat after it (minimax for two seats; for more, every other seat is taken to
play against the searching seat ("paranoid"), or, with `others_by_rule`, to lay what a rule of thumb picks): the
points the searching seat makes from now to the end of the round minus those the others make, or +-TARGET_BONUS
when the target is reached during play (All Fives). The Expert turns that point difference into a game value
(`expert.game_value`).

Accumulated points are part of a position only where they can matter: when the target can be reached during
play and some seat is within REACH of it. Further away, two positions that differ only in points scored so far
share a table entry (the rest of the round is the same search); REACH is more than a seat scores during play in
any round seen in practice.

The hot loop lives in `solver_core`, compiled with numba for sets of up to 63 tiles; the same file loaded as
plain Python (`compiled=False`) is the reference the tests compare it with, and the only path for bigger sets.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any, Protocol, Sequence

import numpy as np

from bones.engine.actions import Action
from bones.engine.layout import DOUBLE, FROZEN, SPINNER, Layout, Table, layout_of
from bones.engine.round import RoundState
from bones.engine.rules import Draw, Fit, LayoutKind, RoundScoring, Rules, Turn
from bones.engine.scoring import carried, pool_size
from bones.engine.tiles import TILES_BY_ID, set_size, tile_id

from . import solver_core as fast
from .solver_scope import MAX_COMPILED_TILES, solvable

REACH = 150
TARGET_BONUS = fast.TARGET_BONUS
DEFAULT_MAX_NODES = 2_000_000
BIG_TABLE_BITS = 19  # the table of a second, longer try at a world the first budget was too small for (16 MB)
FALLBACK_DEPTH = 12  # moves searched past the root when a world's exact search runs out of nodes


def _load_pure() -> ModuleType:
    name = "bones.players._solver_core_py"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, fast.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


pure: ModuleType = _load_pure()


@dataclass(frozen=True)
class Tables:
    """Per-layout lookup tables: halves of each tile, the tiles fitting an end showing each pip, and the tiles
    showing each pip in order."""

    tile_hi: Any
    tile_lo: Any
    fitmask: Any
    pip_tiles: Any


def _tables(layout: Layout, compiled: bool) -> Tables:
    max_pip = layout.max_pip
    n = set_size(max_pip)
    hi = [TILES_BY_ID[t].high for t in range(n)]
    lo = [TILES_BY_ID[t].low for t in range(n)]
    masks = list(layout.fit_masks)
    pt = [tile_id(p, j) for p in range(max_pip + 1) for j in range(max_pip + 1)]
    if compiled:
        i64 = np.int64
        return Tables(np.array(hi, i64), np.array(lo, i64), np.array(masks, i64), np.array(pt, i64))
    return Tables(hi, lo, masks, pt)


_KINDS = {LayoutKind.LINE: fast.K_LINE, LayoutKind.FIRST_SPINNER: fast.K_FIRST,
          LayoutKind.EVERY_SPINNER: fast.K_EVERY, LayoutKind.CROSS: fast.K_CROSS,
          LayoutKind.FIRST_SPINNER_FREE: fast.K_FREE}
_FITS = {Fit.MATCH: fast.F_MATCH, Fit.SEVEN: fast.F_SEVEN}
_ROUND = {RoundScoring.LOWEST_TAKES_DIFFERENCE: fast.R_DIFFERENCE, RoundScoring.LOWEST_TAKES_ALL: fast.R_TAKES_ALL,
          RoundScoring.BERGEN: fast.R_BERGEN, RoundScoring.ONE_POINT: fast.R_ONE_POINT, RoundScoring.POOL: fast.R_POOL}
_TURN = {Turn.NEXT_SEAT: 0, Turn.DOUBLE_AGAIN: 1, Turn.PLAY_ON: 2}
_DRAW = {Draw.NEVER: 0, Draw.UNTIL_FITS: 1, Draw.OPTIONAL: 2}
_DOUBLES = sum(1 << t.id for t in TILES_BY_ID if t.is_double and t.high <= 9)


def action_code(action: Action, rules: Rules, table: Table) -> int:
    """The solver's code for a root action: tile << 7 | (end + 1) << 1 | flip (end -1 for a lead; flip 1 where the
    high half of a tile whose halves make seven with the end faces out); a draw at will or shutting the game; -1 for
    a forced draw or a pass."""
    if action.kind == "shut":
        return fast.SHUT_MOVE
    if action.kind == "draw" and rules.draws_freely:
        return fast.DRAW_MOVE
    if action.kind != "play" or action.tile is None:
        return -1
    tile = action.tile
    if action.end is None:
        return tile.id << 7
    layout = layout_of(rules)
    slot = layout.index[action.end]
    flip = 0
    if layout.fit is Fit.SEVEN:
        pip = table.ends[slot][0]  # type: ignore[index]
        outer = action.out if action.out is not None else layout.orientations(pip, tile)[0]
        flip = 1 if outer == tile.high and tile.high != tile.low else 0
    return (tile.id << 7) | ((slot + 1) << 1) | flip


class FaceUpRound(Protocol):
    """What the solver reads of a round: a RoundState, or a sampled world (`belief.FaceUp`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> tuple[int, ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def table(self) -> Table: ...
    @property
    def current(self) -> int: ...
    @property
    def boneyard(self) -> tuple[int, ...]: ...
    @property
    def drawn(self) -> int: ...
    @property
    def base_scores(self) -> tuple[int, ...]: ...
    @property
    def over(self) -> bool: ...
    @property
    def seats(self) -> int: ...
    @property
    def last_go(self) -> int: ...


@lru_cache(maxsize=None)
def _scoring_sums(multiple: int) -> tuple[int, ...]:
    """For each end sum below MAX_SUM, 1 if it scores during play (a positive multiple of `multiple`)."""
    return tuple(1 if total and total % multiple == 0 else 0 for total in range(fast.MAX_SUM))


def _rules_params(rules: Rules) -> list[int]:
    """The solver's parameters that the rules alone decide (the rest are set per position by `compact`)."""
    layout = layout_of(rules)
    p = [0] * fast.NP
    p[fast.P_N] = rules.players
    p[fast.P_TC] = rules.tile_count
    p[fast.P_KEEP] = rules.kept_back
    p[fast.P_LAYOUT] = _KINDS[rules.layout]
    p[fast.P_MULT] = rules.end_multiple
    p[fast.P_ALL] = fast.R_SIDES if rules.partners else _ROUND[rules.round_scoring]
    p[fast.P_PARTNER] = -1
    if rules.plays_for_chips:
        p[fast.P_ANTE] = rules.ante
    p[fast.P_ROUND] = rules.rounding
    p[fast.P_TARGET] = rules.target
    p[fast.P_IMMED] = 1 if rules.ends_at_once else 0
    p[fast.P_MAXPIP] = rules.max_pip
    p[fast.P_NE] = layout.slots
    p[fast.P_NS] = fast.S_END + 3 * layout.slots
    p[fast.P_FIT] = _FITS[rules.fit]
    p[fast.P_TRUMPS] = layout.trumps
    p[fast.P_TURN] = _TURN[rules.turn]
    p[fast.P_HEADERS] = 1 if rules.headers else 0
    p[fast.P_PERMULT] = 1 if rules.per_multiple else 0
    p[fast.P_OWN] = 1 if rules.winner_scores_own else 0
    p[fast.P_SHUT] = 1 if rules.shut else 0
    p[fast.P_BOTH] = 1 if rules.plays_for_both else 0
    p[fast.P_ALONE] = 1 if rules.out_wins_alone else 0
    p[fast.P_DOUBLES] = _DOUBLES & ((1 << rules.tile_count) - 1)
    p[fast.P_TSTUCK] = 1 if rules.trumps_when_stuck else 0
    p[fast.P_INPLAY] = 1 if rules.scores_in_play else 0
    if rules.scores_ends:
        p[fast.P_SCORES:fast.P_SCORES + fast.MAX_SUM] = _scoring_sums(rules.end_multiple)
    return p


# by id(rules): the rules, why the solver does not play them (None: it does), `_rules_params` as a list and as an
# array (each entry holds its rules, so the id stays theirs), and the family of the search compiled for them
# (`solver_core.family`) with the other seats searched and by a rule of thumb: every world a decision solves
# starts from a copy of one of them (making the array anew took 9 us a world)
_PARAMS: dict[int, tuple[Rules, str | None, list[int], Any, tuple[int, int]]] = {}


def _rules_entry(rules: Rules) -> tuple[Rules, str | None, list[int], Any, tuple[int, int]]:
    """The rules' entry of `_PARAMS`, made on first need; ValueError where the solver does not play them."""
    entry = _PARAMS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_PARAMS) > 256:
            _PARAMS.clear()
        why = solvable(rules)
        p = _rules_params(rules) if why is None else []
        families = (0, 0)
        if why is None:
            families = (fast.family(p), fast.family(p[:fast.P_OTHERS] + [1] + p[fast.P_OTHERS + 1:]))
        entry = _PARAMS[id(rules)] = (rules, why, p, np.array(p, np.int64), families)
    if entry[1] is not None:
        raise ValueError(entry[1])
    return entry


def _params_template(rules: Rules, compiled: bool) -> Any:
    """The rules' own parameters (a list, or with `compiled` an array), or ValueError where the solver does not
    play them."""
    entry = _rules_entry(rules)
    return entry[3] if compiled else entry[2]


def standings_apply(rules: Rules, seats: int) -> bool:
    """Whether a search may value its leaves by the standings (`Solver.values(standings=True)`): each seat for
    himself, at four seats at most, the round scored in points (not chips)."""
    return 2 < seats <= 4 and not rules.partners and not rules.plays_for_chips


def compact(state: FaceUpRound, root: int, max_nodes: int, max_depth: int = 1 << 20, free_draws: bool = True,
            others_by_rule: bool = False, compiled: bool = False, standings: bool = False
            ) -> tuple[Any, Any, list[int]]:
    """The solver's flat state, parameters and boneyard (undrawn tiles in order) for a round in play: lists, or
    with `compiled` the parameters as a numpy array. Where tiles may be drawn at will, `free_draws` False searches
    below the root as if every seat drew only when it must; `others_by_rule` has every seat not on the root's side
    play by a rule of thumb (`solver_core.rule_pick`). `standings` values each leaf by the root's chance of winning
    the game (`solver_core.standing`, where `standings_apply`), not by the round's point difference."""
    rules = state.rules
    template = _params_template(rules, compiled)
    n = state.seats
    table = state.table
    s = [0] * (fast.S_END + 3 * len(table.ends))
    if rules.scores_in_play:
        for i in range(n):
            s[fast.S_PTS + i] = state.points[i]
    for i in range(n):
        s[fast.S_HAND + i] = state.hands[i]  # past four seats, hands 4-7 take the points' slots (`solver_core`)
    for e, end in enumerate(table.ends):
        b = fast.S_END + 3 * e
        if end is None:
            s[b] = -1
        else:
            s[b] = end[0]
            s[b + 1] = end[1]
            s[b + 2] = end[2] & (SPINNER | FROZEN | DOUBLE)
    s[fast.S_SIDES] = table.spinner_sides
    s[fast.S_SPIP] = table.spinner_pip
    s[fast.S_DRAWN] = 0
    s[fast.S_CUR] = state.current
    s[fast.S_DOWN] = table.down
    s[fast.S_GO] = state.last_go if rules.shut or rules.plays_for_both else 0
    bone = list(state.boneyard[state.drawn:])
    p = template.copy()
    p[fast.P_N] = n
    p[fast.P_DRAW] = _DRAW[rules.draw] if free_draws else min(1, _DRAW[rules.draw])
    if rules.partners:
        p[fast.P_PARTNER] = (root + 2) % 4
    if rules.plays_for_chips:
        p[fast.P_POOL] = pool_size(rules, carried(rules, tuple(state.base_scores)))
    p[fast.P_ROOT] = root
    near = max(b + q for b, q in zip(state.base_scores, state.points)) >= rules.target - REACH
    p[fast.P_KEYPTS] = 1 if rules.ends_at_once and rules.scores_in_play and near else 0
    p[fast.P_BONE] = len(bone)
    for i in range(n):
        p[fast.P_BASE + i] = state.base_scores[i]
    p[fast.P_MAXNODES] = max_nodes
    p[fast.P_MAXDEPTH] = max_depth
    p[fast.P_OTHERS] = 1 if others_by_rule else 0
    if standings:
        if not standings_apply(rules, n):
            raise ValueError("the standings value a round only each for himself, at four seats at most, in points")
        p[fast.P_STAND] = 1
        p[fast.P_KEYPTS] = 1  # a position's value depends on the points made so far
        for i in range(n):
            p[fast.P_PTS0 + i] = s[fast.S_PTS + i]
    return s, p, bone


def searched(legal: list[Action], draws_at_will: bool = False) -> list[Action]:
    """The actions a seat is searched over (`free_draws` False): no "muggins" (a claim's catch is decided apart),
    and no draw at will while a tile fits, unless `draws_at_will`."""
    legal = [a for a in legal if a.kind != "muggins"]
    if not draws_at_will and any(a.kind == "play" for a in legal):
        return [a for a in legal if a.kind != "draw"]
    return legal


@dataclass(frozen=True)
class Solved:
    """Values of the root actions, whether all were exact (no node budget ran out), and the nodes searched."""

    values: list[float]
    exact: bool
    nodes: int


class Solver:
    """A reusable searcher: its buffers and transposition table live as long as it does."""

    def __init__(self, compiled: bool = True, table_bits: int = 14) -> None:
        self.compiled = compiled
        self.table_bits = table_bits if compiled else min(table_bits, 16)
        size = 1 << self.table_bits
        self._tt: Any = np.zeros(4 * size, np.int64) if compiled else [0] * (4 * size)
        self._big_tt: Any = None  # made on first need
        self._generation = 0  # entries of the table stored in another generation count as empty (`fast.holds`)
        self._tables: dict[tuple[Layout, bool], Tables] = {}
        self._bufs: dict[tuple[int, int, int, bool], tuple[Any, ...]] = {}

    def clear(self) -> None:
        """Forget every stored position (so that a decision never depends on the ones before it): a new generation
        of the table, and once in GENERATIONS a table zeroed (zeroing it each time took 18 us, a fifth of an Expert
        decision in Block, where each world is cleared)."""
        self._generation = (self._generation + 1) % fast.GENERATIONS
        if self._generation:
            return
        if self.compiled:
            self._tt[:] = 0
        else:
            self._tt[:] = [0] * len(self._tt)

    def _buffers(self, tile_count: int, ends: int, seats: int, compiled: bool) -> tuple[Any, ...]:
        key = (tile_count, ends, seats, compiled)
        if key not in self._bufs:
            depth = max(3, seats) * tile_count + 12  # frames: a play each, and the passes between plays
            width = tile_count * ends + 4
            if compiled:
                self._bufs[key] = (
                    np.zeros(depth * fast.NS_MAX, np.int64), np.zeros(depth * width, np.int64),
                    np.zeros(depth * width, np.int64), np.zeros(2 * fast.MAX_SEATS, np.int64),
                    np.zeros(fast.NC, np.int64),
                    np.zeros(depth * fast.NFI, np.int64), np.zeros(depth * fast.NFF, np.float64),
                )
            else:
                self._bufs[key] = ([0] * (depth * fast.NS_MAX), [0] * (depth * width), [0] * (depth * width),
                                   [0] * (2 * fast.MAX_SEATS), [0] * fast.NC, [0] * (depth * fast.NFI),
                                   [0.0] * (depth * fast.NFF))
        return self._bufs[key]

    def values(
        self,
        state: FaceUpRound,
        actions: Sequence[Action],
        root: int | None = None,
        salt: int = 1,
        max_nodes: int = DEFAULT_MAX_NODES,
        fallback_depth: int = FALLBACK_DEPTH,
        retry_nodes: int = 0,
        window: int = 0,
        order: Sequence[int] | None = None,
        free_draws: bool = True,
        others_by_rule: bool = False,
        standings: bool = False,
    ) -> Solved:
        """The value for `root` (default: the seat to act) of each of `actions` of the seat to act.

        Exact when the search to the end of the round fits in `max_nodes`, or else (given `retry_nodes` above
        `max_nodes`) in a second try with that budget and a table big enough for it. Otherwise the values come from
        a search `fallback_depth` moves deep that ends in static estimates, within another `max_nodes` (`exact` is
        then false).

        With a `window` (points, > 0), an action proven more than `window` worse than the best of those searched
        before it gets an upper bound of its value (below best - window) instead of the value: searching the most
        promising actions first (`order`: indices into `actions`) makes that bound cheap where it is used.

        Where tiles may be drawn at will (the Draw Game), `free_draws` False considers a draw at will only among
        `actions` (at the root), and below it every seat draws only when it must: the full tree grows with every
        tile of the boneyard at every turn.

        `others_by_rule`: every seat not on the root's side lays the tile a rule of thumb picks (the most points,
        then a double, then the heaviest) instead of playing against the root, where seats play each for himself:
        the others do not gang up on one seat.

        `standings` (each for himself, `standings_apply`): a value is STAND_SCALE times the root's chance of winning
        the game from the totals the round leaves (`solver_core.standing`), and `window` is in those steps.
        """
        if order is not None:
            if sorted(order) != list(range(len(actions))):
                raise ValueError("order must list each action's index once")
            ordered = self.values(state, [actions[i] for i in order], root, salt, max_nodes, fallback_depth,
                                  retry_nodes, window, free_draws=free_draws, others_by_rule=others_by_rule,
                                  standings=standings)
            vals = [0.0] * len(actions)
            for k, i in enumerate(order):
                vals[i] = ordered.values[k]
            return Solved(vals, ordered.exact, ordered.nodes)
        rule = (free_draws, others_by_rule, standings)
        solved = self._values(state, actions, root, salt, max_nodes, 1 << 20, self._tt, window, *rule)
        if solved.exact:
            return solved
        spent = solved.nodes
        if retry_nodes > max_nodes and self.compiled:
            if self._big_tt is None:
                self._big_tt = np.zeros(4 << BIG_TABLE_BITS, np.int64)
            else:
                self._big_tt[:] = 0
            again = self._values(state, actions, root, salt, retry_nodes, 1 << 20, self._big_tt, window, *rule)
            spent += again.nodes
            if again.exact:
                return Solved(again.values, True, spent)
        # depth-limited where the budget ran out: a fresh key salt keeps the first try's entries out of it
        shallow = self._values(state, actions, root, salt ^ 0x5A5A5A5A5A5A, max_nodes, fallback_depth, self._tt,
                               window, *rule)
        return Solved(shallow.values, False, spent + shallow.nodes)

    def _values(self, state: FaceUpRound, actions: Sequence[Action], root: int | None, salt: int, max_nodes: int,
                max_depth: int, table: Any, window: int, free_draws: bool = True, others_by_rule: bool = False,
                standings: bool = False) -> Solved:
        if state.over:
            raise ValueError("the round is over")
        root = state.current if root is None else root
        rules = state.rules
        compiled = self.compiled and rules.tile_count <= MAX_COMPILED_TILES
        s, p, bone = compact(state, root, max_nodes, max_depth, free_draws, others_by_rule, compiled, standings)
        p[fast.P_WINDOW] = window
        p[fast.P_GEN] = self._generation
        layout = layout_of(rules)
        tkey = (layout, compiled)
        if tkey not in self._tables:
            self._tables[tkey] = _tables(layout, compiled)
        tb = self._tables[tkey]
        undo, moves, keys, rp, counters, fi, ff = self._buffers(rules.tile_count, layout.slots, state.seats, compiled)
        for c in range(fast.NC):
            counters[c] = 0
        codes = [action_code(a, rules, state.table) for a in actions]
        salt &= (1 << 62) - 1
        entry = _rules_entry(rules)
        # the family `fast.family(p)` finds, kept with the rules (a table of other seats than theirs: found anew)
        fam = entry[4][1 if others_by_rule else 0] if state.seats == rules.players else fast.family(p)
        if compiled:
            tt = table
            out = np.zeros(len(codes), np.float64)
            fast.SOLVE[fam](
                np.array(s, np.int64), p, np.array(bone + [0], np.int64), tb.tile_hi, tb.tile_lo,
                tb.fitmask, tb.pip_tiles, tt, undo, moves, keys, rp, counters, fi, ff, salt,
                np.array(codes, np.int64), out,
            )
            vals = [float(v) for v in out]
        else:
            # a compiled solver asked about a set too big to compile gets a fresh plain table
            tt = table if not self.compiled else [0] * (4 << 15)
            outl = [0.0] * len(codes)
            pure.SOLVE[fam](s, p, bone + [0], tb.tile_hi, tb.tile_lo, tb.fitmask, tb.pip_tiles, tt, undo, moves,
                            keys, rp, counters, fi, ff, salt, codes, outl)
            vals = outl
        return Solved(vals, not counters[fast.C_CUT], int(counters[fast.C_NODES]))


WARM_UP_RULES = ("all_fives", "draw", "bergen")  # a game of each family of the compiled search (`solver_core.FIXED`)


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the hot loop now, so that no timed move pays for it."""
    global _warm
    if _warm:
        return
    from bones.engine.rules import get_rules
    from bones.engine.tiles import Tile

    t = Tile.of
    for rules_id in WARM_UP_RULES:
        rules = get_rules(rules_id)
        state = RoundState.start(rules, [[t(5, 5), t(1, 0)], [t(6, 4), t(2, 0)]], [t(3, 3), t(4, 1)], 0, None,
                                 (0, 0))
        Solver(table_bits=10).values(state, state.legal_actions())
    _warm = True


_warm = False
