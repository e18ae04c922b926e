"""Random playouts: deal a round and play uniformly random legal actions to its end (benchmarks, tests).

`play_out` plays a round on from any state. Where the round is `plain` (a line, equal pips, nothing scored during
play, turns in seat order: Block, partnership Block, the Draw and Block Games, Draw Dominoes, Domino Pool, the French
mode) it plays in one loop over the hands' bitmasks instead of a state per action, and ends in exactly the state,
history and settlement the action-by-action loop reaches with the same random numbers (tests/engine/test_playout.py
holds the two to that, game by game)."""

from __future__ import annotations

import random
from typing import Any, Callable

from .actions import DRAW, PASS
from .deal import NeedsRedeal, opening_lead, shuffled_deal
from .layout import DOUBLE
from .round import LEADS, RoundState
from .rules import Rules
from .tiles import TILES_BY_ID


def random_round(rules: Rules, rng: random.Random,
                 finish: Callable[[RoundState, random.Random], RoundState] | None = None) -> RoundState:
    """A freshly dealt round (first-round opening rule) played to its end with uniformly random legal actions (by
    `finish`: `play_out` unless given)."""
    return (finish or play_out)(dealt_round(rules, rng), rng)


def dealt_round(rules: Rules, rng: random.Random) -> RoundState:
    """A round freshly dealt from `rng` and led by the first round's opening rule (dealt again where it says so)."""
    while True:
        deal = shuffled_deal(rules, rng)
        try:
            lead = opening_lead(rules, deal.hands)
        except NeedsRedeal:
            continue
        return RoundState.start(rules, deal.hands, deal.boneyard, lead.seat, lead.tile)


def play_out(state: RoundState, rng: random.Random) -> RoundState:
    """`state` played to the round's end, each action drawn uniformly from the legal ones by `rng.random()`."""
    setup = state.setup
    if setup.plain and not setup.extras and not state.over:
        return _play_out_plain(state, rng.random)
    return play_out_by_actions(state, rng)


def play_out_by_actions(state: RoundState, rng: random.Random) -> RoundState:
    """`play_out` one state at a time, through `legal_actions` and `apply` (what any other caller of the engine
    does, and what the one-loop path must agree with)."""
    rand = rng.random
    while not state.over:
        legal = state.legal_actions()
        state = state.apply(legal[int(rand() * len(legal))])
    return state


def _play_out_plain(state: RoundState, rand: Callable[[], float]) -> RoundState:
    """`play_out` for a plain round, in one loop: the same draws of `rand`, in the same order, choose the same
    actions as `legal_actions` lists them (a lead from the hand in tile order; plays on the left end, then on the
    right, each in tile order; else a draw, else a pass), and each is laid as `RoundState._play_plain`, `_draw` and
    `_pass` lay it."""
    setup = state.setup
    masks = setup.masks
    plays_of = setup.plays
    boneyard = setup.boneyard
    last_drawable = len(boneyard) - setup.kept_back  # a draw needs `drawn` below this
    hands = list(state.hands)
    seats = len(hands)
    from_boneyard = list(state.from_boneyard)
    drawn = state.drawn
    can_draw = setup.draws and drawn < last_drawable
    held = 0  # every tile in any hand: nobody can play when none of them fits
    for h in hands:
        held |= h
    raw: tuple[Any, ...] = state.raw
    ends, center, down, sp_pip, sides, fit, closed, doubles = raw
    seat = state.current
    log = state.log
    after = _NEXT_SEAT[seats]
    end = ""
    if not down:  # the lead (once a round, so outside the loop of plays)
        hand = hands[seat]
        if setup.lead_tile >= 0:
            rand()  # the one legal lead is still drawn
            tid = setup.lead_tile
        else:
            m = hand
            for _ in range(int(rand() * hand.bit_count())):
                m &= m - 1
            tid = (m & -m).bit_length() - 1
        hi, lo = TILES_BY_ID[tid]
        ends = (_DOUBLE_END[hi], _DOUBLE_END[hi]) if hi == lo else (_END[hi], _END[lo])
        fit = masks[hi] | masks[lo]
        center = tid
        down = 1
        log = (log, seat, LEADS[tid], 0, raw)
        raw = (ends, center, down, sp_pip, sides, fit, closed, doubles)
        bit = 1 << tid
        held ^= bit
        hands[seat] = hand ^ bit
        if hand == bit:
            end = "out"
        else:
            seat = after[seat]
            if not can_draw and not held & fit:
                end = "blocked"
    e0, e1 = ends
    while not end:
        hand = hands[seat]
        on0 = hand & masks[e0[0]]
        on1 = hand & masks[e1[0]]
        if not (on0 | on1):
            rand()  # the one legal action is still drawn, as the loop draws it
            if can_draw:
                bit = 1 << boneyard[drawn]
                drawn += 1
                can_draw = drawn < last_drawable
                hands[seat] |= bit
                from_boneyard[seat] |= bit
                held |= bit
                log = (log, seat, DRAW, 0, raw)
            else:
                log = (log, seat, PASS, 0, raw)
                seat = after[seat]
            if not can_draw and not held & fit:  # `_check_blocked`
                end = "blocked"
            continue
        c0 = on0.bit_count()
        k = int(rand() * (c0 + on1.bit_count()))
        if k < c0:
            m = on0
            for _ in range(k):  # the k-th tile of m, in tile order
                m &= m - 1
            tid = (m & -m).bit_length() - 1
            action = plays_of[tid][0]
            e0 = _LAID[e0[0]][tid]
        else:
            m = on1
            for _ in range(k - c0):
                m &= m - 1
            tid = (m & -m).bit_length() - 1
            action = plays_of[tid][1]
            e1 = _LAID[e1[0]][tid]
        fit = masks[e0[0]] | masks[e1[0]]
        down += 1
        log = (log, seat, action, 0, raw)
        raw = ((e0, e1), center, down, sp_pip, sides, fit, closed, doubles)
        bit = 1 << tid
        held ^= bit
        hands[seat] = hand ^ bit
        if hand == bit:
            end = "out"
            break
        seat = after[seat]
        if not can_draw and not held & fit:
            end = "blocked"
    s = state._clone()
    s.hands = tuple(hands)
    s.drawn = drawn
    s.raw = raw
    s.current = seat
    s.log = log
    s.from_boneyard = tuple(from_boneyard)
    s._finish(end)
    return s


# a line's open end showing `pip`, laid as a single or as a double (the tuples `_play_plain` makes, made once)
_END = tuple((p, p, 0) for p in range(19))
_DOUBLE_END = tuple((p, 2 * p, DOUBLE) for p in range(19))


def _laid(pip: int, tid: int) -> tuple[int, int, int] | None:
    """The end a tile leaves laid against an end showing `pip` (None where it does not match)."""
    hi, lo = TILES_BY_ID[tid]
    if pip not in (hi, lo):
        return None
    outer = lo if pip == hi else hi
    return _DOUBLE_END[outer] if hi == lo else _END[outer]


_NEXT_SEAT = tuple(tuple((s + 1) % n for s in range(n)) for n in range(20))  # by the number of seats: who is next
_LAID = tuple(tuple(_laid(p, t) for t in range(len(TILES_BY_ID))) for p in range(19))  # by end pip, then tile
