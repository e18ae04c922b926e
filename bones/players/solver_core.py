"""The face-up solver's hot loop: one round with every tile known, searched to its end.

This file is loaded twice. As `bones.players.solver_core` its functions are compiled with numba (`@njit`,
cache=True) and work on numpy int64 arrays (sets of at most 63 tiles). Loaded by `bones.players.solver` under
another name (`COMPILED` false) the same code runs as plain Python on lists of Python ints, for any set; the tests
compare the two. Everything here is written so that both readings are the same algorithm.

State `s` (a flat int array, changed in place and restored from `undo`):
  hands[4], round points[4], spinner sides left (-1: no spinner yet), spinner pip, tiles drawn from the boneyard,
  seat to act, tiles down, then for each end (`P_NE` of them, as the layout numbers its slots) three ints: the pips
  it shows (-1: no end there), what it counts in the sum of the ends, and its flags (1: a long side of a spinner
  whose short ends are not open yet; 2: a cross's arm waiting for the others).
Parameters `prm`: see the P_* indices. Layouts (P_LAYOUT): a line, the first double a spinner (All Fives), every
double a spinner (Five Up: a later double n-n opens ends 4 + 2n and 5 + 2n), a cross (the first double opens four
arms at once, and none grows until all four are started). Fits (P_FIT): equal pips, or halves that make seven
with the trumps going anywhere (a move's lowest bit then says the high half faces out).

The value of a position is what the root seat makes from there to the end of the round minus what the other seats
make (points during play and at the round's end), or +-TARGET_BONUS where a seat reaches the target during play.
It is additive along a line, so positions that differ only in points already scored share a table entry. The root
seat maximises, every other seat minimises: exact minimax for two seats, the "paranoid" assumption for more (the
others play as one side against the root); or, with P_OTHERS, each other seat lays the tile a rule of thumb picks
(`rule_pick`) and only the root's side searches. Each root action's value is found by MTD(f) (null-window searches
that close in on it; values are whole points), inside them alpha-beta with principal variation search, a transposition
table (`tt`) whose entries keep a lower and an upper bound, and the move ordering below; an explicit stack instead
of recursion, because numba's disk cache cannot hold recursive functions. The two readings differ only in how a
position's key is hashed (which changes nothing but the order entries are replaced in). A key holds the ends as a
sorted list of `end_code`s, so positions whose ends differ only in which is which share an entry (a third fewer
nodes at a Draw or All Fives lead).

Compiled, the functions are inlined into the search and run without numba's reference counting (`_nrt=False`:
nothing here allocates): passing arrays between compiled functions otherwise takes and drops a reference to each
with atomic instructions, which cost more than the search itself. The small ones are inlined by numba itself
(`_inline`), each call site a copy typed anew; the large ones called from several places (a play, the moves, the
rule of thumb) are compiled once and inlined by LLVM (`_big`): the same speed, in a third of the compiling time of
numba's inlining of everything. The search is compiled once more for each family of rules whose shape it then
knows as constants (`FIXED`, `par`, `SOLVE`): about a minute and a half in all, once, kept in numba's disk cache.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

COMPILED = __name__ == "bones.players.solver_core"

if COMPILED:
    import os
    import stat
    import tempfile

    from numba import njit
    from numba.core import config as numba_config

    def _private_cache_dir() -> str:
        """A folder of the system's temporary directory that only this user can write in: its own, kept between
        runs where it is safe (made here with mode 0700, owned by this user, no one else let in), else a fresh
        one for this process. numba unpickles what it finds there, so a folder another user made or can write in
        is never used."""
        if hasattr(os, "getuid"):
            path = os.path.join(tempfile.gettempdir(), f"bones-numba-cache-{os.getuid()}")
            try:
                os.mkdir(path, 0o700)
            except FileExistsError:
                pass
            except OSError:
                path = ""
            if path:
                st = os.lstat(path)
                if stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077:
                    return path
        return tempfile.mkdtemp(prefix="bones-numba-cache-")

    def _cached(f, **options):  # type: ignore[no-untyped-def]
        """`njit` with numba's disk cache. Where numba finds nowhere to keep it (an install it cannot write in,
        run by a user without a writable home: "no locator available"), the cache goes to this user's private
        folder of the temporary directory, not a traceback."""
        try:
            return njit(cache=True, **options)(f)
        except RuntimeError as e:
            if numba_config.CACHE_DIR or "no locator available" not in str(e):
                raise
            numba_config.CACHE_DIR = _private_cache_dir()
            return njit(cache=True, **options)(f)

    def _jit(f):  # type: ignore[no-untyped-def]
        return _cached(f, nogil=True, error_model="numpy", _nrt=False)

    def _inline(f):  # type: ignore[no-untyped-def]
        # inlined into the search at numba's level: a compiled call passing arrays would take and drop a reference
        # to each with atomic instructions, which cost more than half the search time before this
        return _cached(f, nogil=True, error_model="numpy", inline="always", _nrt=False)

    def _big(f):  # type: ignore[no-untyped-def]
        # compiled once, and inlined where it is called by LLVM (numba's inlining copies and types it per call)
        return _cached(f, nogil=True, error_model="numpy", forceinline=True, _nrt=False)
else:
    def _jit(f):  # type: ignore[no-untyped-def]
        return f

    def _inline(f):  # type: ignore[no-untyped-def]
        return f

    def _big(f):  # type: ignore[no-untyped-def]
        return f

# state layout
MAX_SEATS = 8
S_HAND = 0  # a hand per seat, MAX_SEATS of them: past four seats, hands 4-7 lie where the points are (below)
S_PTS = 4  # the round's points so far, per seat, for four seats: games of more seats score nothing during play
# (`solver.solvable` refuses any other), so their hands 4-7 take these slots and `gained` reads no points there
S_SIDES = 8
S_SPIP = 9
S_DRAWN = 10
S_CUR = 11
S_DOWN = 12
S_GO = 13  # where the game may be shut or a seat plays for both: 1 + the seat whose "go" (pass) was the last action
S_END = 14  # end e: pips at S_END + 3e, weight at S_END + 3e + 1, flags at S_END + 3e + 2
MAX_ENDS = 24  # every double a spinner in a double-nine set: 4 + 2 * 10
NS_MAX = S_END + 3 * MAX_ENDS
NS_LINE = S_END + 3 * 2  # a line's state (two ends)
NS_FOUR = S_END + 3 * 4  # a spinner's or a cross's (four ends)
SPIN = 1  # end flag: a long side of a spinner whose short ends are not open yet
WAIT = 2  # end flag: a cross's arm that may not grow until every arm is started
DBL = 8  # end flag: a double lies across the end (Bergen's triple header)

# layouts and fits
K_LINE = 0
K_FIRST = 1
K_EVERY = 2
K_CROSS = 3
K_FREE = 4  # the first double's four points open at once (Muggins' spinner variation)
F_MATCH = 0
F_SEVEN = 1
# round scoring (P_ALL)
R_DIFFERENCE = 0
R_TAKES_ALL = 1
R_BERGEN = 2
R_ONE_POINT = 3
R_SIDES = 4  # partners: the lighter side wins the difference, marked to both partners
R_POOL = 5  # chips: domino, else the lightest hands (ties divide), take the pool; every seat paid its ante
# R_POOL's value: the root's net chips times POOL_SCALE, plus the pip gap between the lightest other hand and the
# root's, capped at POOL_TIE: a hand the root cannot win still prefers the lines that leave it nearest to winning
POOL_SCALE = 64
POOL_TIE = 31
# moves that lay no tile (no tile has id 127)
DRAW_MOVE = 127 << 7  # draw one tile at will (the Draw Game)
SHUT_MOVE = (127 << 7) | 2  # shut the game and count, after the other's "go"

# parameter layout
P_N = 0  # seats
P_TC = 1  # tiles in the set
P_DRAW = 2  # 1: draw until a tile fits; 2: also at will, while a tile fits
P_KEEP = 3  # boneyard tiles never drawn
P_LAYOUT = 4  # K_*
P_MULT = 5  # a multiple of this at the ends scores (0: no scoring during play)
P_ALL = 6  # R_*: how the round's end scores
P_ROUND = 7  # rounding step of hand points
P_TARGET = 8
P_IMMED = 9  # 1: reaching the target during play ends the game at once
P_ROOT = 10  # the searching seat
P_KEYPTS = 11  # 1: points so far are part of a position (the target may be reached during play)
P_BONE = 12  # boneyard length
P_GEN = 13  # the table's generation: entries of another are left from before it was last cleared (`holds`)
P_BOTH = 14  # 1: the play right after another seat's "go" is made for it, and the same seat plays again (S_GO kept)
P_ALONE = 15  # R_DIFFERENCE: 1 where the seat out scores alone (a hand of only the 0-0 left beside it shares nothing)
P_MAXNODES = 17  # node budget for one search (beyond it: static estimate, the result is not exact)
P_MAXPIP = 18
P_MAXDEPTH = 19  # frames below the root searched before a static estimate (a large number: to the end)
P_WINDOW = 20  # > 0: a root action proven this much worse than the best so far is not searched further
P_NE = 21  # ends the layout can have
P_NS = 22  # ints of state saved per frame: S_END + 3 * P_NE
P_FIT = 23  # F_*
P_TRUMPS = 24  # F_SEVEN: the tiles that go on any end
P_TURN = 25  # 1: a seat that lays a double plays again; 2: a seat plays on while a tile of its hand fits
P_HEADERS = 26  # 1: Bergen's headers score during play
P_PERMULT = 27  # 1: one point for each multiple at the ends, not the sum
P_OWN = 28  # 1: the round's winner also scores its own pips
P_SHUT = 29  # 1: after a "go", the other may shut the game and count
P_DOUBLES = 30  # the tiles that are doubles
P_TSTUCK = 31  # 1: trumps only when no other tile fits (Matadore's "to prevent a block")
P_PARTNER = 32  # the root's partner, who plays for the root's side (-1: each seat for itself)
P_POOL = 33  # R_POOL: the chips in the pool
P_ANTE = 34  # R_POOL: each seat's ante
P_OTHERS = 35  # 0: the other seats play against the root ("paranoid"); 1: each by a rule of thumb (`rule_pick`)
P_BASE = 36  # game scores before this round, MAX_SEATS of them
P_INPLAY = P_BASE + MAX_SEATS  # 1: points are made during play (ends that score, headers)
P_SCORES = P_INPLAY + 1  # from here: 1 where an end sum scores during play (a positive multiple of P_MULT),
# by sum
MAX_SUM = 512  # more than every end of a double-nine Five Up table can show
P_STAND = P_SCORES + MAX_SUM  # 1: a leaf is valued by the root's chance of winning the game from the standings
# (`standing`), each for himself at four seats at most and scored in points; 0: by the round's point difference
P_PTS0 = P_STAND + 1  # with P_STAND: each seat's round points at the searched position (four seats)
NP = P_PTS0 + 4
STAND_SCALE = 1000  # with P_STAND: a value is the root's chance of winning the game in these steps (whole numbers,
# as the table keeps them), less the points made during play since the searched position that the search adds
STAND_SPREAD = 2.5  # with P_STAND: the softmax's scale, in `expert.game_value`'s sc (fitted to who won from each
# round's standings in 1,000 tuning games each of Draw Dominoes, Muggins and Block playing on for four, Expert among
# Hards: best 2.75, 2.0 and 3.25; at 1, game_value's own, it foretold the winner worse than a fair share does)

# counters
C_NODES = 0
C_CUT = 1  # 1 once a search stopped short of the round's end somewhere (node budget or depth): not exact
C_STOP = 2  # 1 while the node limit has run out: every search returns at once, and nothing more is stored
C_LIMIT = 3  # the node count at which searching stops (the budget, or a root action's share of it)
NC = 4
PROBE_NODES = 20_000  # a root action's share on a first pass; one that needs more waits until the others are done

# transposition table: buckets of two entries, each two words: the key, and the position's value bounds packed
# with the best move and the search's size (log2 of the nodes searched below it). A search with another window of
# a position already stored tightens the bounds it has rather than replacing them (null-window searches and their
# re-searches keep what each learned). The first entry of a bucket keeps the position that cost most to search,
# the second takes the rest. Values are whole points within +-T_OFFSET (estimates too), so they pack exactly.
T_LOWER = 48  # lower bound + T_OFFSET, 16 bits
T_UPPER = 32  # upper bound + T_OFFSET, 16 bits
T_SIZE = 24  # 6 bits
T_MOVE = 2  # 16 bits
T_GEN = 18  # 6 bits: the generation (P_GEN) that stored the entry
GENERATIONS = 64
T_OFFSET = 32000  # also "no bound": a lower bound of -T_OFFSET, an upper bound of +T_OFFSET

INF = 1e18
# Move ordering (measured on sampled Draw and All Fives worlds: these cut the nodes searched by about half against
# heaviest-first alone). A play that leaves the next seat stuck is tried last: a seat that must draw makes a big
# tree, and a cheap first answer narrows the window sooner. Among the rest, fewer answers for the next seat first,
# then points scored, then the heaviest tile, doubles before others.
ORDER_STUCK = -256
ORDER_REPLY = -32  # for each tile the next seat could answer with
ORDER_POINT = 2  # for each point the play scores
TARGET_BONUS = 10000.0  # value of reaching the target during play (the game is won at once)

# Families of rules: the search is compiled for each family below with the parameters the family fixes made
# constants (`par`), so that every test of them folds away where it is compiled: two seats on a line (Draw, Block,
# Draw Dominoes, Muggins and All Threes for two, the Block Game, the Draw Game, the French mode), two seats whose
# first double is a spinner (All Fives), and any rules at all (FAM_ANY, every parameter read from `prm`). Read from `prm`, the parameters cost
# the line and the spinner a tenth of the search's speed. `family` picks the family of a set of parameters; its
# fixed values are those parameters' own, so every family finds what FAM_ANY finds (the tests compare them with the
# plain reading, which runs each family's code too).
FREE = -(1 << 40)  # a parameter the family leaves to the rules
NFIX = P_INPLAY + 1
FAM_ANY = 0
FAM_LINE = 1
FAM_SPINNER = 2


def _family(**fixed: int) -> tuple[int, ...]:
    row = [FREE] * NFIX
    for name, value in fixed.items():
        row[globals()[name]] = value
    return tuple(row)


_TWO = dict(P_N=2, P_FIT=F_MATCH, P_HEADERS=0, P_TURN=0, P_TSTUCK=0, P_OTHERS=0, P_PARTNER=-1, P_SHUT=0)
FIXED = (
    _family(),
    _family(P_NE=2, P_NS=NS_LINE, P_LAYOUT=K_LINE, **_TWO),
    _family(P_NE=4, P_NS=NS_FOUR, P_LAYOUT=K_FIRST, P_INPLAY=1, **_TWO),
)


_FIXED_PAIRS = tuple(tuple((i, v) for i, v in enumerate(row) if v != FREE) for row in FIXED)


def family(prm: Sequence[int]) -> int:
    """The family whose fixed parameters `prm` has (FAM_ANY where none does)."""
    for fam in range(1, len(FIXED)):
        if all(prm[i] == v for i, v in _FIXED_PAIRS[fam]):
            return fam
    return FAM_ANY


_FIXED_FLAT: Any = [v for row in FIXED for v in row]
_int: Any = int
if COMPILED:
    import numpy as np

    _FIXED_FLAT = np.array(_FIXED_FLAT, np.int64)  # a global array is a constant of the compiled code
    _int = np.int64


@_inline
def par(fam, prm, i):  # type: ignore[no-untyped-def]
    """Parameter `i`: where family `fam` fixes it, a constant (compiled, the tests of it fold away)."""
    v = _FIXED_FLAT[fam * NFIX + i] if i < NFIX else FREE
    return prm[i] if v == FREE else v


if COMPILED:
    import numpy as np

    # the index of an isolated bit: multiply by a de Bruijn sequence, look the top six bits up
    _DEBRUIJN = 0x022FDD63CC95386D
    _BIT_INDEX = np.zeros(64, np.int64)
    for _i in range(64):
        _BIT_INDEX[(((1 << _i) * _DEBRUIJN) & 0xFFFFFFFFFFFFFFFF) >> 58] = _i

    @_inline
    def bit_index(low):  # type: ignore[no-untyped-def]
        """The index of the one bit set in `low`."""
        return _BIT_INDEX[((low * _DEBRUIJN) >> 58) & 63]

    @_inline
    def hand_pips(hand, prm, tile_hi, tile_lo):  # type: ignore[no-untyped-def]
        """Total pips of the tiles in a hand."""
        total = 0
        h = hand
        while h:
            low = h & -h
            t = _BIT_INDEX[((low * _DEBRUIJN) >> 58) & 63]
            total += tile_hi[t] + tile_lo[t]
            h ^= low
        return total
else:
    def bit_index(low):  # type: ignore[no-untyped-def]
        """The index of the one bit set in `low`."""
        return low.bit_length() - 1

    def hand_pips(hand, prm, tile_hi, tile_lo):  # type: ignore[no-untyped-def]
        """Total pips of the tiles in a hand."""
        total = 0
        h = hand
        while h:
            low = h & -h
            t = low.bit_length() - 1
            total += tile_hi[t] + tile_lo[t]
            h ^= low
        return total


if COMPILED:
    @_inline
    def popcount(x):  # type: ignore[no-untyped-def]
        """The number of bits set in a non-negative int64."""
        x = x - ((x >> 1) & 0x5555555555555555)
        x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
        return ((x * 0x0101010101010101) >> 56) & 0xFF
else:
    def popcount(x):  # type: ignore[no-untyped-def]
        """The number of bits set in a non-negative int."""
        return bin(x).count("1")


@_inline
def finish(s, prm, tile_hi, tile_lo, rp, out):  # type: ignore[no-untyped-def]
    """Fill `rp` with each seat's end-of-round points for a round that just ended (`out`: the seat to act went
    out; else blocked), as the engine scores it, and return the root's share minus the others'."""
    n = prm[P_N]
    low = 1 << 40
    for i in range(n):
        p = hand_pips(s[S_HAND + i], prm, tile_hi, tile_lo)
        rp[MAX_SEATS + i] = p
        if p < low:
            low = p
    nlow = 0
    total = 0
    others = 0
    for i in range(n):
        rp[i] = 0
        total += rp[MAX_SEATS + i]
        if rp[MAX_SEATS + i] == low:
            nlow += 1
        else:
            others += rp[MAX_SEATS + i]
    kind = prm[P_ALL]
    root = prm[P_ROOT]
    if kind == R_SIDES:
        # seed 004: the partners' pips are added, and the side with the lower number wins the difference
        ours = rp[MAX_SEATS] + rp[MAX_SEATS + 2]
        theirs = rp[MAX_SEATS + 1] + rp[MAX_SEATS + 3]
        if ours < theirs:
            rp[0] = rp[2] = theirs - ours
        elif theirs < ours:
            rp[1] = rp[3] = ours - theirs
        return rp[root] - rp[root + 1 if root + 1 < 4 else 0]
    if kind == R_POOL:
        # domino takes the pool, else the lightest hands divide it (the odd chips stay in it); the root's net chips
        k = 1 if out else nlow
        share = prm[P_POOL] // k
        lightest_other = 1 << 40
        for i in range(n):
            won = (out and i == s[S_CUR]) or (not out and rp[MAX_SEATS + i] == low)
            rp[i] = (share if won else 0) - prm[P_ANTE]
            if i != root and rp[MAX_SEATS + i] < lightest_other:
                lightest_other = rp[MAX_SEATS + i]
        gap = lightest_other - rp[MAX_SEATS + root]
        gap = POOL_TIE if gap > POOL_TIE else -POOL_TIE if gap < -POOL_TIE else gap
        return rp[root] * POOL_SCALE + gap
    if kind == R_DIFFERENCE:
        gain = others + low if prm[P_OWN] == 1 else others - low
        if out and prm[P_ALONE] == 1:
            # the seat out counts every other hand alone, even beside a hand of only the 0-0 (`Rules.out_wins_alone`)
            rp[s[S_CUR]] = total
        elif gain > 0 and others > 0:
            for i in range(n):
                if rp[MAX_SEATS + i] == low:
                    rp[i] = gain
    elif kind == R_BERGEN or kind == R_ONE_POINT:
        # one point: to the seat out, else to the one lightest hand (in Bergen, of the hands free of doublets if
        # any hand is)
        w = s[S_CUR] if out else -1
        if not out:
            any_free = False
            if kind == R_BERGEN:
                for i in range(n):
                    if s[S_HAND + i] & prm[P_DOUBLES] == 0:
                        any_free = True
            best = 1 << 40
            ties = 0
            for i in range(n):
                if any_free and s[S_HAND + i] & prm[P_DOUBLES] != 0:
                    continue
                if rp[MAX_SEATS + i] < best:
                    best = rp[MAX_SEATS + i]
                    w = i
                    ties = 1
                elif rp[MAX_SEATS + i] == best:
                    ties += 1
            if ties > 1:
                w = -1
        if w >= 0:
            rp[w] = 1
    elif out or nlow == 1:
        # lowest takes all: the seat that went out (even beside a lone 0-0), else the one lowest hand
        w = s[S_CUR]
        if not out:
            for i in range(n):
                if rp[MAX_SEATS + i] == low:
                    w = i
        step = prm[P_ROUND]
        pts = total - rp[MAX_SEATS + w]
        if step:
            pts = (pts + step // 2) // step
            if prm[P_PERMULT] == 0:
                pts *= step  # one point a five (a three): the count too
        rp[w] = pts
    v = 0
    for i in range(n):
        v += rp[i] if i == root else -rp[i]
    return v


@_inline
def can_draw(s, prm):  # type: ignore[no-untyped-def]
    return prm[P_DRAW] >= 1 and prm[P_BONE] - s[S_DRAWN] > prm[P_KEEP]


@_inline
def end_fit(s, fitmask, e):  # type: ignore[no-untyped-def]
    """The tiles that fit end `e`, if it is open and may be played on now."""
    b = S_END + 3 * e
    if s[b] >= 0 and s[b + 2] & WAIT == 0:
        return fitmask[s[b]]
    return 0


@_inline
def end_weight(s, e):  # type: ignore[no-untyped-def]
    """What end `e` counts in the sum of the ends (0 where there is no end)."""
    b = S_END + 3 * e
    return s[b + 1] if s[b] >= 0 else 0


# The loops over the ends below are written twice: for four ends, a length fixed when compiled (the compiler
# unrolls it: a fifth of the search's speed in All Fives), and for any other number the layout sets.

@_inline
def fit_elsewhere(fam, s, prm, fitmask, x):  # type: ignore[no-untyped-def]
    """The tiles that fit an end other than `x` (-1: any end) that may be played on now."""
    fit = 0
    ne = par(fam, prm, P_NE)
    if ne == 4:
        for e in range(4):
            if e != x:
                fit |= end_fit(s, fitmask, e)
    else:
        for e in range(ne):
            if e != x:
                fit |= end_fit(s, fitmask, e)
    return fit


@_inline
def fit_now(fam, s, prm, fitmask):  # type: ignore[no-untyped-def]
    """The tiles that fit an end that may be played on now."""
    return fit_elsewhere(fam, s, prm, fitmask, -1)


@_inline
def ends_sum(fam, s, prm):  # type: ignore[no-untyped-def]
    """The sum of the ends."""
    total = 0
    ne = par(fam, prm, P_NE)
    if ne == 4:
        for e in range(4):
            total += end_weight(s, e)
    else:
        for e in range(ne):
            total += end_weight(s, e)
    return total


@_inline
def blocked(fam, s, prm, fitmask):  # type: ignore[no-untyped-def]
    """Nobody can play or draw."""
    if can_draw(s, prm):
        return False
    fit = fit_now(fam, s, prm, fitmask)
    for i in range(par(fam, prm, P_N)):
        if s[S_HAND + i] & fit:
            return False
    return True


@_inline
def open_end(s, e, pip):  # type: ignore[no-untyped-def]
    """A spinner's short end opens, showing its number and counting nothing until a tile lies there."""
    b = S_END + 3 * e
    s[b] = pip
    s[b + 1] = 0
    s[b + 2] = 0


@_big
def play(fam, s, prm, t, e, flip, tile_hi, tile_lo, fitmask):  # type: ignore[no-untyped-def]
    """Lay tile `t` against end `e` (-1: the round's first tile) for the seat to act; with halves that make
    seven, `flip` 1 leaves the high half facing out.

    Returns 0 when the round goes on, 1 when it ended blocked, 2 when the game ended at the target, 3 when the
    seat went out.
    """
    seat = s[S_CUR]
    hi = tile_hi[t]
    lo = tile_lo[t]
    double = hi == lo
    kind = par(fam, prm, P_LAYOUT)
    dbl = DBL if double else 0
    if e < 0:
        for u in range(par(fam, prm, P_NE)):
            b = S_END + 3 * u
            s[b] = -1
            s[b + 1] = 0
            s[b + 2] = 0
        if double and kind == K_CROSS:
            for u in range(4):
                b = S_END + 3 * u
                s[b] = hi
                s[b + 1] = 2 * hi
                s[b + 2] = SPIN | DBL
            s[S_SIDES] = 4
            s[S_SPIP] = hi
        else:
            spinner = double and (kind == K_FIRST or kind == K_EVERY or kind == K_FREE)
            s[S_END] = hi
            s[S_END + 1] = 2 * hi if double else hi
            s[S_END + 2] = (SPIN if spinner else 0) | dbl
            s[S_END + 3] = lo
            s[S_END + 4] = 2 * lo if double else lo
            s[S_END + 5] = (SPIN if spinner else 0) | dbl
            if spinner:
                s[S_SIDES] = 2
                s[S_SPIP] = hi
                if kind == K_FREE:
                    s[S_END + 4] = 0  # both long sides open: the double counts once (`layout.Layout.lead`)
                    open_end(s, 2, hi)
                    open_end(s, 3, hi)
        s[S_DOWN] = 1
    else:
        b = S_END + 3 * e
        pip = s[b]
        if par(fam, prm, P_FIT) == F_MATCH:
            outer = lo if pip == hi else hi
        else:
            outer = hi if flip else lo
        flags = s[b + 2]
        sides = s[S_SIDES]
        spinner = double and (kind == K_EVERY or ((kind == K_FIRST or kind == K_FREE) and sides == -1))
        s[b] = outer
        s[b + 1] = 2 * outer if double else outer
        s[b + 2] = (SPIN if spinner else 0) | dbl
        if kind == K_CROSS and sides > 0:
            s[b + 2] = WAIT | dbl
        if spinner and sides == -1:
            s[S_SIDES] = 1
            s[S_SPIP] = outer
            if kind == K_FREE:
                open_end(s, 2, outer)
                open_end(s, 3, outer)
        if flags & SPIN:
            if pip == s[S_SPIP] and sides > 0:
                if kind == K_FREE and sides == 2 and e == 0:
                    s[S_END + 4] = 2 * pip  # the right side counts the double now
                s[S_SIDES] = sides - 1
                if sides == 1:
                    if kind == K_CROSS:
                        for u in range(par(fam, prm, P_NE)):
                            s[S_END + 3 * u + 2] &= ~WAIT
                    elif kind != K_FREE:
                        open_end(s, 2, pip)
                        open_end(s, 3, pip)
            else:  # a later spinner (every double a spinner): its outer long side is covered
                open_end(s, 4 + 2 * pip, pip)
                open_end(s, 5 + 2 * pip, pip)
        s[S_DOWN] += 1
    s[S_HAND + seat] &= ~(1 << t)
    after_go = prm[P_BOTH] == 1 and s[S_GO] != 0 and s[S_GO] - 1 != seat
    if par(fam, prm, P_SHUT) == 1 or prm[P_BOTH] == 1:
        s[S_GO] = 0
    scored = 0
    mult = par(fam, prm, P_MULT)
    if mult:
        total = hi + lo if s[S_DOWN] == 1 else ends_sum(fam, s, prm)
        if prm[P_SCORES + total]:
            scored = total // mult if prm[P_PERMULT] == 1 else total
            s[S_PTS + seat] += scored
    elif par(fam, prm, P_HEADERS) == 1:
        # Bergen: the set double is a double header; both ends alike score 2, and 3 with a double at one of them
        if s[S_DOWN] == 1:
            scored = 2 if double else 0
        elif s[S_END] == s[S_END + 3]:
            scored = 3 if (s[S_END + 2] | s[S_END + 5]) & DBL else 2
        s[S_PTS + seat] += scored
    if s[S_HAND + seat] == 0:
        return 3
    if scored and prm[P_IMMED] == 1 and prm[P_BASE + seat] + s[S_PTS + seat] >= prm[P_TARGET]:
        return 2
    turn = par(fam, prm, P_TURN)
    if turn == 2:
        if s[S_HAND + seat] & fit_now(fam, s, prm, fitmask) == 0:  # plays on while a tile of its hand fits
            s[S_CUR] = seat + 1 if seat + 1 < par(fam, prm, P_N) else 0
    elif not (double and turn == 1) and not after_go:
        s[S_CUR] = seat + 1 if seat + 1 < par(fam, prm, P_N) else 0
    if blocked(fam, s, prm, fitmask):
        return 1
    return 0


@_inline
def draw(fam, s, prm, bone, fitmask):  # type: ignore[no-untyped-def]
    """The seat to act takes the next boneyard tile; returns 1 if that leaves the round blocked."""
    seat = s[S_CUR]
    s[S_HAND + seat] |= 1 << bone[s[S_DRAWN]]
    s[S_DRAWN] += 1
    if par(fam, prm, P_SHUT) == 1 or prm[P_BOTH] == 1:
        s[S_GO] = 0
    return 1 if blocked(fam, s, prm, fitmask) else 0


@_big
def apply_move(fam, s, prm, m, bone, tile_hi, tile_lo, fitmask):  # type: ignore[no-untyped-def]
    """Make move `m` for the seat to act: a play (see `play`), a draw at will (the same seat acts again), or
    shutting the game (the round ends and is counted as blocked). Returns what `play` returns."""
    if m == DRAW_MOVE:
        return draw(fam, s, prm, bone, fitmask)  # the last tile that may be drawn can leave nothing to play anywhere
    if m == SHUT_MOVE:
        return 1
    return play(fam, s, prm, m >> 7, ((m >> 1) & 63) - 1, m & 1, tile_hi, tile_lo, fitmask)


@_inline
def pass_turn(fam, s, prm, fitmask):  # type: ignore[no-untyped-def]
    if par(fam, prm, P_SHUT) == 1 or prm[P_BOTH] == 1:
        s[S_GO] = 1 + s[S_CUR]
    s[S_CUR] = s[S_CUR] + 1 if s[S_CUR] + 1 < par(fam, prm, P_N) else 0
    return 1 if blocked(fam, s, prm, fitmask) else 0


@_inline
def standing(s, prm, rp, winner):  # type: ignore[no-untyped-def]
    """With P_STAND, the value of a round that ended with `rp[i]` end-of-round points to each seat (`winner` >= 0:
    that seat reached the target during play and won at once): STAND_SCALE times the root's chance of winning the
    game from the totals, written over `rp` (the game's scores before the round, the round's points during play and at its end), less
    the points made during play since the searched position (root's less the others'), which the search adds back
    along the line. A finished game (a seat at the target) is won by the highest total (a tie for it shared);
    otherwise the chance is a softmax over the seats of -(target - total) / sc, STAND_SPREAD times
    `expert.game_value`'s sc."""
    n = prm[P_N]
    root = prm[P_ROOT]
    target = prm[P_TARGET]
    since = 0
    for i in range(n):
        got = s[S_PTS + i] - prm[P_PTS0 + i]
        since += got if i == root else -got
    if winner >= 0:
        return (STAND_SCALE if winner == root else 0) - float(since)
    top = -(1 << 40)
    for i in range(n):
        rp[i] += prm[P_BASE + i] + s[S_PTS + i]  # each seat's game total, in place of its end-of-round points
        if rp[i] > top:
            top = rp[i]
    mine = rp[root]
    if top >= target:
        if mine < top:
            return -float(since)
        k = 0
        for i in range(n):
            if rp[i] == top:
                k += 1
        return math.floor(STAND_SCALE / k + 0.5) - float(since)
    m = target / 5.0
    sc = STAND_SPREAD * 0.5 * math.sqrt(m * (target - top + m))
    total = 0.0
    for i in range(n):
        total += math.exp((rp[i] - top) / sc)
    p = math.exp((mine - top) / sc) / total
    return math.floor(STAND_SCALE * p + 0.5) - float(since)


@_inline
def leaf(s, prm, status, tile_hi, tile_lo, rp):  # type: ignore[no-untyped-def]
    """Value of the rest of a round that just ended (status 1: blocked; 2: the target reached in play; 3: out):
    the end-of-round points, or the game won or lost (with P_STAND: `standing`)."""
    if prm[P_STAND] == 1:
        if status == 2:
            return standing(s, prm, rp, s[S_CUR])
        finish(s, prm, tile_hi, tile_lo, rp, status == 3)
        return standing(s, prm, rp, -1)
    if status == 2:
        return TARGET_BONUS if s[S_CUR] == prm[P_ROOT] else -TARGET_BONUS
    return float(finish(s, prm, tile_hi, tile_lo, rp, status == 3))


@_inline
def estimate(fam, s, prm, tile_hi, tile_lo, rp):  # type: ignore[no-untyped-def]
    """Static value where the node budget ran out: half the pip gap to the lightest hand goes to its holder."""
    n = par(fam, prm, P_N)
    low = 1 << 40
    lightest = 0
    total = 0
    for i in range(n):
        p = hand_pips(s[S_HAND + i], prm, tile_hi, tile_lo)
        total += p
        if p < low:
            low = p
            lightest = i
    gap = (total - n * low) // 2
    if prm[P_PERMULT] == 1 and prm[P_ROUND]:
        gap //= prm[P_ROUND]  # one point a five (a three): the hands too (`finish`)
    if prm[P_STAND] == 1:  # the gap to the lightest hand's holder, valued from the standings
        for i in range(n):
            rp[i] = gap if i == lightest else 0
        return standing(s, prm, rp, -1)
    return float(gap if lightest == prm[P_ROOT] or lightest == par(fam, prm, P_PARTNER) else -gap)


@_inline
def save(fam, s, prm, undo, depth):  # type: ignore[no-untyped-def]
    """Keep the state in frame `depth`'s slot of `undo` (one loop: two cost a twentieth of the search's speed).
    A line's state and a four-ended table's are copied by loops of a length fixed when compiled, which the
    compiler unrolls: a fifth of the search's speed against one loop of the length the layout sets."""
    base = depth * NS_MAX
    ns = par(fam, prm, P_NS)
    if ns == NS_LINE:
        for i in range(NS_LINE):
            undo[base + i] = s[i]
    elif ns == NS_FOUR:
        for i in range(NS_FOUR):
            undo[base + i] = s[i]
    else:
        for i in range(ns):
            undo[base + i] = s[i]


@_inline
def restore(fam, s, prm, undo, depth):  # type: ignore[no-untyped-def]
    base = depth * NS_MAX
    ns = par(fam, prm, P_NS)
    if ns == NS_LINE:
        for i in range(NS_LINE):
            s[i] = undo[base + i]
    elif ns == NS_FOUR:
        for i in range(NS_FOUR):
            s[i] = undo[base + i]
    else:
        for i in range(ns):
            s[i] = undo[base + i]


@_inline
def gained(fam, s, prm, undo, depth, seat):  # type: ignore[no-untyped-def]
    """What `seat` scored since the state kept in frame `depth` of `undo` (0 where nothing scores during play)."""
    if par(fam, prm, P_INPLAY) == 0:
        return 0
    base = depth * NS_MAX
    return s[S_PTS + seat] - undo[base + S_PTS + seat]


@_inline
def end_code(fam, s, prm, u):  # type: ignore[no-untyped-def]
    """What end `u` is for the rest of the round (0: none): its pips, its spinner flag and, where ends score,
    its weight. Ends with equal codes are interchangeable: the round goes on the same whichever is which (the
    short sides of a spinner open only once its long sides are closed; a cross's waiting arms are all the arms
    not on the first double while it has a side uncovered, which the spinner count says)."""
    if u >= par(fam, prm, P_NE):
        return 0
    b = S_END + 3 * u
    if s[b] < 0:
        return 0
    w = s[b + 1] if par(fam, prm, P_MULT) else 0
    code = ((s[b] + 1) << 10) | (w << 1) | (s[b + 2] & SPIN)
    if par(fam, prm, P_HEADERS) == 1 and s[b + 2] & DBL:
        code |= 1 << 15  # a double at the end makes a triple header
    return code


@_inline
def move_outer(fam, s, prm, m, tile_hi, tile_lo):  # type: ignore[no-untyped-def]
    """The half a move leaves facing out (a move: tile << 7 | (end + 1) << 1 | flip)."""
    t = m >> 7
    e = ((m >> 1) & 63) - 1
    hi = tile_hi[t]
    lo = tile_lo[t]
    if par(fam, prm, P_FIT) == F_MATCH:
        return lo if s[S_END + 3 * e] == hi else hi
    return hi if m & 1 else lo


if COMPILED:
    @_inline
    def _mix(x):  # type: ignore[no-untyped-def]
        x = (x ^ (x >> 31)) * 0x5851F42D4C957F2D
        x = (x ^ (x >> 29)) * 0x14057B7EF767814F
        return x ^ (x >> 32)

    @_inline
    def state_key(fam, s, prm, salt):  # type: ignore[no-untyped-def]
        """A 64-bit key of the state (never 0: 0 marks an empty table slot)."""
        h = salt
        for i in range(par(fam, prm, P_N)):
            h = _mix(h ^ s[S_HAND + i])
        misc = s[S_CUR] | (s[S_DRAWN] << 3) | ((s[S_SIDES] + 1) << 11) | (s[S_GO] << 14)
        h = _mix(h ^ misc)
        if par(fam, prm, P_NE) <= 4:
            c0 = end_code(fam, s, prm, 0)
            c1 = end_code(fam, s, prm, 1)
            c2 = end_code(fam, s, prm, 2)
            c3 = end_code(fam, s, prm, 3)
            # the ends as a sorted list (a sorting network): which end is which never matters
            if c0 > c1:
                c0, c1 = c1, c0
            if c2 > c3:
                c2, c3 = c3, c2
            if c0 > c2:
                c0, c2 = c2, c0
            if c1 > c3:
                c1, c3 = c3, c1
            if c1 > c2:
                c1, c2 = c2, c1
            h = _mix(h ^ ((((c0 << 14 | c1) << 14) | c2) << 14 | c3))
        else:
            # more ends than a network sorts: a sum of each end's mixed code is just as blind to their order
            acc = 0
            for u in range(par(fam, prm, P_NE)):
                c = end_code(fam, s, prm, u)
                if c:
                    acc += _mix(c + 0x1E3779B97F4A7C15)
            h = _mix(h ^ acc)
        if prm[P_KEYPTS]:
            pts = 0
            for i in range(par(fam, prm, P_N)):
                pts = (pts << 12) | s[S_PTS + i]
            h = _mix(h ^ pts)
        return h | 1
else:
    def state_key(fam, s, prm, salt):  # type: ignore[no-untyped-def]
        """A key of the state (never 0: 0 marks an empty table slot)."""
        ends = tuple(sorted(end_code(fam, s, prm, u) for u in range(max(4, par(fam, prm, P_NE)))))
        pts = tuple(s[S_PTS:S_PTS + par(fam, prm, P_N)]) if prm[P_KEYPTS] else ()
        hands = tuple(s[S_HAND:S_HAND + par(fam, prm, P_N)])
        return hash((salt, hands, s[S_CUR], s[S_DRAWN], s[S_SIDES], s[S_GO], ends, pts)) | 1


@_big
def rule_pick(fam, s, prm, moves, mbase, k, bone, undo, depth, tile_hi, tile_lo,  # type: ignore[no-untyped-def]
              fitmask):
    """The index of the move a seat playing by a rule of thumb makes among moves[mbase:mbase + k]: the play that
    scores most during play, then a double, then the heaviest tile, then the higher top half, then on the end of
    the highest `end_code` (it covers the higher number). No choice depends on which end is which, so positions
    that differ only in that still share a table entry. A draw at will or shutting only when no tile is listed."""
    seat = s[S_CUR]
    pick = 0
    top = -1
    for i in range(k):
        m = moves[mbase + i]
        if m >= DRAW_MOVE:
            continue
        t = m >> 7
        hi = tile_hi[t]
        scored = 0
        if par(fam, prm, P_INPLAY) == 1:  # what the play scores: make it and take it back
            save(fam, s, prm, undo, depth)
            apply_move(fam, s, prm, m, bone, tile_hi, tile_lo, fitmask)
            scored = gained(fam, s, prm, undo, depth, seat)
            restore(fam, s, prm, undo, depth)
        e = ((m >> 1) & 63) - 1
        key = ((((scored * 2 + (1 if hi == tile_lo[t] else 0)) * 64 + hi + tile_lo[t]) * 64 + hi) << 16
               | (end_code(fam, s, prm, e) if e >= 0 else 0))
        if key > top:
            top = key
            pick = i
    return pick


@_big
def by_rule(fam, s, prm, moves, mbase, k, bone, undo, depth, tile_hi, tile_lo, fitmask,  # type: ignore[no-untyped-def]
            root, partner):
    """How many of moves[mbase:mbase + k] the seat to act searches: where the other seats play by a rule of thumb
    (P_OTHERS) and it is one of them, only the move `rule_pick` picks, put first."""
    seat = s[S_CUR]
    if k > 1 and par(fam, prm, P_OTHERS) == 1 and seat != root and seat != partner:
        pick = rule_pick(fam, s, prm, moves, mbase, k, bone, undo, depth, tile_hi, tile_lo, fitmask)
        moves[mbase] = moves[mbase + pick]
        return 1
    return k


@_big
def plays_on(fam, s, prm, moves, mbase, k, e, hand, fitmask, pip_tiles, tile_hi, tile_lo,  # type: ignore[no-untyped-def]
             fm, seven):
    """Write the plays of `hand` on end `e` from moves[mbase + k] and return the new count (none where an earlier
    end looks the same: `fm`, the flags that change the future)."""
    b = S_END + 3 * e
    pip = s[b]
    if pip < 0 or s[b + 2] & WAIT:
        return k
    wm = par(fam, prm, P_MULT)  # end weights matter only where the ends score
    for f in range(e):
        bf = S_END + 3 * f
        if s[bf] == pip and (s[bf + 2] & fm) == (s[b + 2] & fm) and (s[bf + 1] == s[b + 1] or wm == 0):
            return k
    code = (e + 1) << 1
    if not seven:
        if hand & fitmask[pip]:
            npt = prm[P_MAXPIP] + 1
            for j in range(npt):
                t = pip_tiles[pip * npt + j]
                if (hand >> t) & 1:
                    moves[mbase + k] = (t << 7) | code
                    k += 1
        return k
    m = hand & fitmask[pip]
    while m:
        low = m & -m
        m ^= low
        t = bit_index(low)
        hi = tile_hi[t]
        lo = tile_lo[t]
        if (prm[P_TRUMPS] >> t) & 1:
            moves[mbase + k] = (t << 7) | code  # the low half out
            k += 1
            if hi != lo:
                moves[mbase + k] = (t << 7) | code | 1
                k += 1
        else:
            moves[mbase + k] = (t << 7) | code | (1 if lo + pip == 7 else 0)
            k += 1
    return k


@_big
def gen_moves(fam, s, prm, moves, mbase, fitmask, pip_tiles, tile_hi, tile_lo):  # type: ignore[no-untyped-def]
    """Write the seat to act's plays from moves[mbase] and return how many there are.

    A move is encoded as tile << 7 | (end + 1) << 1 | flip (end -1 for the first tile; flip: see `play`). Ends
    that look the same (`end_code`) give the same futures, so only the first of them is searched.
    """
    seat = s[S_CUR]
    hand = s[S_HAND + seat]
    k = 0
    if s[S_DOWN] == 0:
        for t in range(prm[P_TC]):
            if (hand >> t) & 1:
                moves[mbase + k] = t << 7
                k += 1
        return k
    fm = SPIN | WAIT | (DBL if par(fam, prm, P_HEADERS) == 1 else 0)  # the flags that change the future
    seven = par(fam, prm, P_FIT) == F_SEVEN
    if seven and par(fam, prm, P_TSTUCK) == 1 and hand & ~prm[P_TRUMPS] & fit_now(fam, s, prm, fitmask):
        hand &= ~prm[P_TRUMPS]  # trumps only to prevent a block: another tile fits
    ne = par(fam, prm, P_NE)
    if ne == 4:
        for e in range(4):
            k = plays_on(fam, s, prm, moves, mbase, k, e, hand, fitmask, pip_tiles, tile_hi, tile_lo, fm, seven)
    else:
        for e in range(ne):
            k = plays_on(fam, s, prm, moves, mbase, k, e, hand, fitmask, pip_tiles, tile_hi, tile_lo, fm, seven)
    if prm[P_DRAW] == 2 and can_draw(s, prm):
        moves[mbase + k] = DRAW_MOVE  # the Draw Game: a tile may be drawn at will
        k += 1
    if par(fam, prm, P_SHUT) == 1 and s[S_GO] != 0 and s[S_GO] - 1 != seat:
        moves[mbase + k] = SHUT_MOVE  # right after the other's "go", the game may be shut and counted
        k += 1
    return k


@_inline
def holds(tt, at, key, gen):  # type: ignore[no-untyped-def]
    """Whether the table's entry at `at` holds the position `key`, stored in generation `gen`: clearing the table
    starts a new generation (`Solver.clear`), which is cheaper than zeroing it for every world searched."""
    return tt[at] == key and (tt[at + 1] >> T_GEN) & (GENERATIONS - 1) == gen


@_inline
def stored_size(tt, at, gen):  # type: ignore[no-untyped-def]
    """The size (log2 of its nodes) of the search that stored the entry at `at`; 0 for one of an earlier
    generation, as for an empty slot."""
    packed = tt[at + 1]
    return (packed >> T_SIZE) & 63 if (packed >> T_GEN) & (GENERATIONS - 1) == gen else 0


# solve_actions: the steps of searching a root action
STEP_MTD = 0  # a null window at the guess
STEP_FLOOR = 1  # a null window just under the best so far less the window
STEP_WHOLE = 2  # the whole window, once

# frame fields (per depth): ints in `fi`, floats in `ff`
F_FORCED = 0  # 1: a draw or pass node with its one child
F_K = 1  # moves generated
F_I = 2  # next move to try
F_SLOT = 3
F_KEY = 4
F_BEST = 5  # best move so far
F_DELTA = 6  # what the move being tried scored for the root (negative: for another seat)
F_PHASE = 7  # 1 while the move being tried is searched with a null window
F_NODES = 8  # the node count when the position was entered
NFI = 9
G_ALPHA = 0
G_BETA = 1
G_A0 = 2
G_B0 = 3
G_BEST = 4
NFF = 5

ENTER = 0
NEXT = 1
RETURN = 2
CHILD = 3


@_big
def search(fam, s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,
           undo, moves, keys, rp, counters, fi, ff, salt, start, alpha, beta):  # type: ignore[no-untyped-def]
    """Minimax value (root's view) of a position where the round goes on: alpha-beta with a table.

    An explicit stack of frames instead of recursion (numba's disk cache cannot hold recursive functions).
    """
    root = prm[P_ROOT]
    partner = par(fam, prm, P_PARTNER)  # plays for the root's side (-1: nobody does)
    gen = prm[P_GEN]
    width = prm[P_TC] * par(fam, prm, P_NE) + 4
    mask = len(tt) // 4 - 1
    d = start
    ff[d * NFF + G_ALPHA] = alpha
    ff[d * NFF + G_BETA] = beta
    mode = ENTER
    v = 0.0
    while True:
        if mode == ENTER:
            counters[C_NODES] += 1
            fb = d * NFI
            gb = d * NFF
            seat = s[S_CUR]
            hand = s[S_HAND + seat]
            fit = fit_now(fam, s, prm, fitmask)
            if s[S_DOWN] > 0 and hand & fit == 0:
                # forced: draw until something fits (all in this one frame), or pass
                fi[fb + F_FORCED] = 1
                save(fam, s, prm, undo, d)
                status = 0
                while True:
                    if can_draw(s, prm):
                        status = draw(fam, s, prm, bone, fitmask)
                        if status or s[S_HAND + seat] & fit:
                            break
                    else:
                        status = pass_turn(fam, s, prm, fitmask)
                        break
                if status:
                    v = leaf(s, prm, status, tile_hi, tile_lo, rp)
                    restore(fam, s, prm, undo, d)
                    mode = RETURN
                else:
                    ff[gb + NFF + G_ALPHA] = ff[gb + G_ALPHA]
                    ff[gb + NFF + G_BETA] = ff[gb + G_BETA]
                    d += 1
                continue
            fi[fb + F_FORCED] = 0
            if s[S_DOWN] > 0 and hand & (hand - 1) == 0 and prm[P_DRAW] != 2 and par(fam, prm, P_SHUT) == 0:
                # the last tile, and it fits: the seat goes out; only the end it goes on can matter (points)
                mbase = d * width
                k = gen_moves(fam, s, prm, moves, mbase, fitmask, pip_tiles, tile_hi, tile_lo)
                k = by_rule(fam, s, prm, moves, mbase, k, bone, undo, d, tile_hi, tile_lo, fitmask, root, partner)
                best = -INF if seat == root or seat == partner else INF
                for i in range(k):
                    m = moves[mbase + i]
                    save(fam, s, prm, undo, d)
                    status = apply_move(fam, s, prm, m, bone, tile_hi, tile_lo, fitmask)
                    delta = gained(fam, s, prm, undo, d, seat)
                    v = leaf(s, prm, status, tile_hi, tile_lo, rp) + (delta if seat == root or seat == partner
                                                                      else -delta)
                    restore(fam, s, prm, undo, d)
                    ours = seat == root or seat == partner
                    if (ours and v > best) or (not ours and v < best):
                        best = v
                v = best
                mode = RETURN
                continue
            a = ff[gb + G_ALPHA]
            b = ff[gb + G_BETA]
            key = state_key(fam, s, prm, salt)
            slot = key & mask
            hint = -1
            at = 4 * slot
            if not holds(tt, at, key, gen):
                at += 2
            if holds(tt, at, key, gen):
                packed = tt[at + 1]
                lower = float(((packed >> T_LOWER) & 0xFFFF) - T_OFFSET)
                upper = float(((packed >> T_UPPER) & 0xFFFF) - T_OFFSET)
                if lower >= b or lower == upper:
                    v = lower
                    mode = RETURN
                    continue
                if upper <= a:
                    v = upper
                    mode = RETURN
                    continue
                if lower > a:
                    a = lower
                if upper < b:
                    b = upper
                hint = (packed >> T_MOVE) & 0xFFFF
            if counters[C_NODES] > counters[C_LIMIT]:
                counters[C_STOP] = 1
            if counters[C_STOP] or d >= prm[P_MAXDEPTH]:
                counters[C_CUT] = 1
                v = estimate(fam, s, prm, tile_hi, tile_lo, rp)
                mode = RETURN
                continue
            mbase = d * width
            k = gen_moves(fam, s, prm, moves, mbase, fitmask, pip_tiles, tile_hi, tile_lo)
            k = by_rule(fam, s, prm, moves, mbase, k, bone, undo, d, tile_hi, tile_lo, fitmask, root, partner)
            # order: the table's best move; plays that leave the next seat stuck last (a seat that must draw
            # makes a big tree), then fewer answers for the next seat, points scored, heaviest first
            if k > 1:
                nxt = s[S_HAND + (seat + 1 if seat + 1 < par(fam, prm, P_N) else 0)]
                wsum = ends_sum(fam, s, prm)
                for i in range(k):
                    m = moves[mbase + i]
                    if m >= DRAW_MOVE:
                        keys[mbase + i] = 2 * ORDER_STUCK + (1 << 50 if m == hint else 0)  # draws and shutting last
                        continue
                    t = m >> 7
                    e = ((m >> 1) & 63) - 1
                    hi = tile_hi[t]
                    lo = tile_lo[t]
                    sc = (hi + lo) * 2 + (1 if hi == lo else 0)
                    if e < 0:
                        nf = fitmask[hi] | fitmask[lo]
                        total = hi + lo
                    else:
                        outer = move_outer(fam, s, prm, m, tile_hi, tile_lo)
                        nf = fitmask[outer] | fit_elsewhere(fam, s, prm, fitmask, e)
                        total = wsum - s[S_END + 3 * e + 1] + (2 * outer if hi == lo else outer)
                    if prm[P_SCORES + total]:
                        sc += ORDER_POINT * total
                    x = nxt & nf
                    if x == 0:
                        sc += ORDER_STUCK
                    else:
                        sc += ORDER_REPLY * popcount(x)
                    if m == hint:
                        sc += 1 << 50
                    keys[mbase + i] = sc
                for i in range(1, k):
                    m = moves[mbase + i]
                    sc = keys[mbase + i]
                    j = i - 1
                    while j >= 0 and keys[mbase + j] < sc:
                        moves[mbase + j + 1] = moves[mbase + j]
                        keys[mbase + j + 1] = keys[mbase + j]
                        j -= 1
                    moves[mbase + j + 1] = m
                    keys[mbase + j + 1] = sc
            fi[fb + F_K] = k
            fi[fb + F_I] = 0
            fi[fb + F_SLOT] = slot
            fi[fb + F_KEY] = key
            fi[fb + F_NODES] = counters[C_NODES]
            fi[fb + F_BEST] = moves[mbase]
            ff[gb + G_ALPHA] = a
            ff[gb + G_BETA] = b
            ff[gb + G_A0] = a
            ff[gb + G_B0] = b
            ff[gb + G_BEST] = -INF if seat == root or seat == partner else INF
            mode = NEXT
        elif mode == NEXT:
            fb = d * NFI
            gb = d * NFF
            i = fi[fb + F_I]
            if i >= fi[fb + F_K] or ff[gb + G_ALPHA] >= ff[gb + G_BETA]:
                best = ff[gb + G_BEST]
                lower = -T_OFFSET
                upper = T_OFFSET
                if best > ff[gb + G_A0]:
                    lower = int(best)
                if best < ff[gb + G_B0]:
                    upper = int(best)
                if counters[C_STOP] == 0:  # a search cut short by the node limit stores nothing
                    at = 4 * fi[fb + F_SLOT]
                    key = fi[fb + F_KEY]
                    spent = counters[C_NODES] - fi[fb + F_NODES]
                    size = 0
                    while spent > 1 and size < 63:
                        spent >>= 1
                        size += 1
                    if holds(tt, at + 2, key, gen):
                        at += 2
                    if holds(tt, at, key, gen):
                        # the same position searched again with another window: keep both bounds
                        old = tt[at + 1]
                        ol = ((old >> T_LOWER) & 0xFFFF) - T_OFFSET
                        ou = ((old >> T_UPPER) & 0xFFFF) - T_OFFSET
                        if ol > lower and ol <= upper:
                            lower = ol
                        if ou < upper and ou >= lower:
                            upper = ou
                        osize = (old >> T_SIZE) & 63
                        if osize > size:
                            size = osize
                    elif size < stored_size(tt, at, gen):
                        at += 2  # the first entry cost more: keep it, use the second
                    tt[at] = key
                    tt[at + 1] = (((lower + T_OFFSET) << T_LOWER) | ((upper + T_OFFSET) << T_UPPER)
                                  | (size << T_SIZE) | (gen << T_GEN) | (fi[fb + F_BEST] << T_MOVE))
                v = best
                mode = RETURN
                continue
            m = moves[d * width + i]
            save(fam, s, prm, undo, d)
            seat = s[S_CUR]
            status = apply_move(fam, s, prm, m, bone, tile_hi, tile_lo, fitmask)
            delta = gained(fam, s, prm, undo, d, seat)
            if seat != root and seat != partner:
                delta = -delta
            fi[fb + F_DELTA] = delta
            if status:
                v = leaf(s, prm, status, tile_hi, tile_lo, rp)
                restore(fam, s, prm, undo, d)
                mode = CHILD
            else:
                a = ff[gb + G_ALPHA]
                b = ff[gb + G_BETA]
                fi[fb + F_PHASE] = 0
                if i > 0 and b - a > 1.0:
                    # principal variation search: values are whole points, so a window of one tells whether
                    # a later move beats the first; only then is it searched again with the full window
                    fi[fb + F_PHASE] = 1
                    if seat == root or seat == partner:
                        b = a + 1.0
                    else:
                        a = b - 1.0
                ff[gb + NFF + G_ALPHA] = a - delta
                ff[gb + NFF + G_BETA] = b - delta
                d += 1
                mode = ENTER
        elif mode == RETURN:
            if d == start:
                return v
            d -= 1
            restore(fam, s, prm, undo, d)
            if fi[d * NFI + F_FORCED] == 0:
                mode = CHILD
        else:  # CHILD: the value v of the move just tried at frame d
            fb = d * NFI
            gb = d * NFF
            i = fi[fb + F_I]
            m = moves[d * width + i]
            v += fi[fb + F_DELTA]
            if fi[fb + F_PHASE] == 1:
                fi[fb + F_PHASE] = 0
                a = ff[gb + G_ALPHA]
                b = ff[gb + G_BETA]
                again = False
                if s[S_CUR] == root or s[S_CUR] == partner:
                    if a < v < b:
                        again = True
                        a = v
                elif a < v < b:
                    again = True
                    b = v
                if again:
                    save(fam, s, prm, undo, d)
                    apply_move(fam, s, prm, m, bone, tile_hi, tile_lo, fitmask)
                    delta = fi[fb + F_DELTA]
                    ff[gb + NFF + G_ALPHA] = a - delta
                    ff[gb + NFF + G_BETA] = b - delta
                    d += 1
                    mode = ENTER
                    continue
            if s[S_CUR] == root or s[S_CUR] == partner:
                if v > ff[gb + G_BEST]:
                    ff[gb + G_BEST] = v
                    fi[fb + F_BEST] = m
                if v > ff[gb + G_ALPHA]:
                    ff[gb + G_ALPHA] = v
            else:
                if v < ff[gb + G_BEST]:
                    ff[gb + G_BEST] = v
                    fi[fb + F_BEST] = m
                if v < ff[gb + G_BETA]:
                    ff[gb + G_BETA] = v
            fi[fb + F_I] = i + 1
            mode = NEXT


@_inline
def solve_actions(fam, s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,
                  undo, moves, keys, rp, counters, fi, ff, salt, actions, out):  # type: ignore[no-untyped-def]
    """The value of each root action (a move, as `gen_moves` writes it; -1 for a draw or pass) into `out`: the points
    the root seat makes from now to the end of the round minus those the others make (TARGET_BONUS for reaching the
    target during play).

    Exact, except with a window (P_WINDOW > 0): an action proven more than the window worse than the best action
    searched before it gets an upper bound of its value instead (at most the best minus the window). Such
    actions, like leading a double that opens a spinner's four ends into a hand that scores on them, can cost a
    hundred times the rest to pin down, only to tell how bad a play no one would choose is. So that the best are
    known first, the actions go in two passes: on the first each may spend PROBE_NODES, and one that needs more
    waits for the second, when the others' values are known.
    """
    n = len(actions)
    budget = prm[P_MAXNODES]
    window = prm[P_WINDOW]
    counters[C_LIMIT] = budget
    guess = 0.0
    best = -INF
    for i in range(n):
        moves[i] = 0  # frame 0's slots (the search starts at frame 1): 1 for an action left to the second pass
    for phase in range(2):
        for i in range(n):
            if phase == 1 and moves[i] == 0:
                continue
            a = actions[i]
            whole = a < 0  # a draw or pass: the position as it stands, searched once with the whole window
            if not whole:
                e = ((a >> 1) & 63) - 1
                twin = -1
                if e >= 0 and a < DRAW_MOVE:
                    for j in range(i):
                        f = ((actions[j] >> 1) & 63) - 1
                        if ((actions[j] >> 7) == (a >> 7) and (actions[j] & 1) == (a & 1) and f >= 0
                                and end_code(fam, s, prm, f) == end_code(fam, s, prm, e)):
                            twin = j
                if twin >= 0:  # the same tile on an end that looks the same: the same future
                    if phase == 0 and moves[twin] == 1:
                        moves[i] = 1
                    else:
                        out[i] = out[twin]
                    continue
            save(fam, s, prm, undo, 0)
            status = 0
            delta = 0
            if not whole:
                seat = s[S_CUR]
                status = apply_move(fam, s, prm, a, bone, tile_hi, tile_lo, fitmask)
                delta = gained(fam, s, prm, undo, 0, seat)
                if seat != prm[P_ROOT]:
                    delta = -delta
            if status:
                out[i] = delta + leaf(s, prm, status, tile_hi, tile_lo, rp)
            else:
                probe = not whole and phase == 0 and counters[C_NODES] + PROBE_NODES < budget
                cut = counters[C_CUT]
                counters[C_LIMIT] = counters[C_NODES] + PROBE_NODES if probe else budget
                # MTD(f): null-window searches from the guess (the value of the action before), each moving a
                # bound of the value, until the bounds meet; the table keeps both bounds of every position. First,
                # with a window, one search just under the best so far less the window. The search is called
                # from this one place, so that a family's compiled search is inlined here once.
                lo = -INF
                hi = INF
                g = guess - delta
                floor = best - window - delta
                step = STEP_WHOLE if whole else STEP_FLOOR if window > 0 and best > -INF else STEP_MTD
                while step != STEP_MTD or (lo < hi and counters[C_STOP] == 0):
                    if step == STEP_WHOLE:
                        low = -INF
                        high = INF
                    elif step == STEP_FLOOR:
                        low = floor - 1.0
                        high = floor
                    else:
                        high = g + 1.0 if g == lo else g
                        low = high - 1.0
                    g = search(fam, s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt, undo, moves, keys, rp,
                               counters, fi, ff, salt, 1, low, high)
                    if step == STEP_WHOLE:
                        lo = hi = g
                    elif step == STEP_FLOOR and g < floor:
                        lo = hi = g  # far worse than the best: this bound is its value
                    elif g < high:
                        hi = g
                    else:
                        lo = g
                    step = STEP_MTD
                counters[C_LIMIT] = budget
                if probe and counters[C_STOP]:
                    # over its share: to the second pass (what it stored before running out stays valid)
                    counters[C_STOP] = 0
                    counters[C_CUT] = cut
                    moves[i] = 1
                    restore(fam, s, prm, undo, 0)
                    continue
                out[i] = delta + g
                if whole:
                    restore(fam, s, prm, undo, 0)
                    continue
                guess = out[i]
            if out[i] > best:
                best = out[i]
            restore(fam, s, prm, undo, 0)
    return 0


# the searches of the root's actions compiled for each family, by family: the family is passed as a plain int, not
# a literal (numba would compile every function anew for each literal); LLVM inlines the one compiled search
# (`_big`) into each and folds the constant there

@_jit
def solve_any(s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,  # type: ignore[no-untyped-def]
              undo, moves, keys, rp, counters, fi, ff, salt, actions, out):
    return solve_actions(_int(FAM_ANY), s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,
                         undo, moves, keys, rp, counters, fi, ff, salt, actions, out)


@_jit
def solve_line(s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,  # type: ignore[no-untyped-def]
               undo, moves, keys, rp, counters, fi, ff, salt, actions, out):
    return solve_actions(_int(FAM_LINE), s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,
                         undo, moves, keys, rp, counters, fi, ff, salt, actions, out)


@_jit
def solve_spinner(s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,  # type: ignore[no-untyped-def]
                  undo, moves, keys, rp, counters, fi, ff, salt, actions, out):
    return solve_actions(_int(FAM_SPINNER), s, prm, bone, tile_hi, tile_lo, fitmask, pip_tiles, tt,
                         undo, moves, keys, rp, counters, fi, ff, salt, actions, out)


SOLVE = (solve_any, solve_line, solve_spinner)
