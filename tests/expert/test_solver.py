"""The face-up solver: compiled and plain Python agree with each other, with the engine's moves, and with brute-force
minimax over the engine's RoundState on small endgames of every rules kind."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bones.engine.round import RoundState
from bones.players import solver
from bones.players import solver_core as fast

from .oracle import minimax, random_position


def _diff(state: RoundState, root: int) -> int:
    return sum(p if i == root else -p for i, p in enumerate(state.round_points()))


@pytest.mark.parametrize("seed", range(4))
def test_compiled_and_python_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    checked = 0
    while checked < 150:
        state = random_position(rng, max_hand=4, max_bone=4)
        if state.over:
            continue
        actions = state.legal_actions()
        root = rng.choice([state.current, rng.randrange(state.seats)])
        a = compiled.values(state, actions, root, salt=rng.getrandbits(60))
        b = plain.values(state, actions, root, salt=rng.getrandbits(60))
        want = [minimax(state.apply(x), root, _diff(state, root)) for x in actions]
        assert a.exact and b.exact
        assert a.values == want, (state.rules.id, [str(x) for x in actions])
        assert b.values == want
        checked += 1


def test_compiled_and_python_agree_on_bigger_positions() -> None:
    rng = random.Random(7)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    checked = 0
    while checked < 25:
        state = random_position(rng, max_hand=6, max_bone=6)
        if state.over:
            continue
        actions = state.legal_actions()
        a = compiled.values(state, actions, state.current, salt=3)
        b = plain.values(state, actions, state.current, salt=5)
        assert a.values == b.values
        checked += 1


def _compact_view(s: list[int], n: int) -> tuple[object, ...]:
    hands = tuple(int(s[fast.S_HAND + i]) for i in range(n))
    pts = tuple(int(s[fast.S_PTS + i]) for i in range(n))
    ends = tuple((int(s[fast.S_PIP + e]), int(s[fast.S_W + e]), bool(s[fast.S_SF + e]))
                 if s[fast.S_PIP + e] >= 0 else None for e in range(4))
    return hands, pts, ends, int(s[fast.S_CUR]), int(s[fast.S_DOWN])


def _engine_view(state: RoundState) -> tuple[object, ...]:
    return state.hands, state.points, state.ends, state.current, state.tiles_down


@pytest.mark.parametrize("compiled", [True, False])
def test_moves_match_the_engine_along_random_sequences(compiled: bool) -> None:
    """Each play, draw and pass of the solver's compact state leads where RoundState.apply leads, and rounds end
    (out, blocked, target) with the same points."""
    core = fast if compiled else solver.pure
    rng = random.Random(11 + compiled)
    for _ in range(120 if compiled else 60):
        state = random_position(rng, max_hand=7, max_bone=8)
        if state.over or (compiled and state.rules.tile_count > solver.MAX_COMPILED_TILES):
            continue
        root = state.current
        s_list, p_list, bone_list = solver.compact(state, root, 10**6)
        tb = solver._tables(state.rules.max_pip, compiled)
        if compiled:
            s, p, bone = np.array(s_list, np.int64), np.array(p_list, np.int64), np.array(bone_list + [0], np.int64)
            rp = np.zeros(8, np.int64)
        else:
            s, p, bone, rp = s_list, p_list, bone_list + [0], [0] * 8
        n = state.seats
        while not state.over:
            action = rng.choice(state.legal_actions())
            if action.kind == "play":
                code = solver.action_code(action)
                status = core.play(s, p, code // 8, code % 8 - 1, tb.tile_hi, tb.tile_lo, tb.pipmask)
            elif action.kind == "draw":
                status = core.draw(s, p, bone, tb.pipmask)
            else:
                status = core.pass_turn(s, p, tb.pipmask)
            state = state.apply(action)
            assert bool(status) == state.over
            if not state.over:
                assert _compact_view(s, n) == _engine_view(state)
                continue
            # the round's end: the same points during play, and the solver's value of the end is what the engine
            # scored at the end (or the game won at the target)
            assert tuple(int(s[fast.S_PTS + i]) for i in range(n)) == state.points
            value = core.leaf(s, p, status, tb.tile_hi, tb.tile_lo, rp)
            if state.end == "target":
                assert value == (solver.TARGET_BONUS if state.winner == root else -solver.TARGET_BONUS)
            else:
                assert value == sum(x if i == root else -x for i, x in enumerate(state.end_points))


def test_a_search_past_its_node_budget_says_so_and_falls_back_to_a_shallow_one() -> None:
    rng = random.Random(5)
    compiled = solver.Solver(True)
    cut = 0
    for _ in range(40):
        state = random_position(rng, max_hand=7, max_bone=6)
        if state.over or state.rules.tile_count > solver.MAX_COMPILED_TILES:
            continue
        actions = state.legal_actions()
        compiled.clear()
        full = compiled.values(state, actions, salt=1)
        compiled.clear()
        small = compiled.values(state, actions, salt=1, max_nodes=30)
        compiled.clear()
        again = compiled.values(state, actions, salt=1, max_nodes=30)
        assert small.values == again.values  # deterministic, budget and all
        if full.nodes > 200:
            assert not small.exact
            cut += 1
        else:
            assert small.values == full.values or not small.exact
    assert cut >= 5


@pytest.mark.parametrize("rid", ["all_fives", "draw", "block"])
def test_ends_in_any_order_share_a_table_entry_soundly(rid: str) -> None:
    """The table key sorts the ends (and ignores their weights where ends do not score): checked against brute force
    on rounds that open with a double, so that in All Fives the spinner's four ends come into play."""
    from bones.engine.rules import get_rules
    from bones.engine.tiles import tile_set

    rng = random.Random(rid)
    rules = get_rules(rid)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    checked = 0
    while checked < 12:
        tiles = list(tile_set(rules.max_pip))
        rng.shuffle(tiles)
        doubles = [t for t in tiles if t.high == t.low]
        lead = doubles[0]
        tiles.remove(lead)
        hands = [[lead] + tiles[:4], tiles[4:9]]
        state = RoundState.start(rules, hands, tiles[9:11], 0, None, (0, 0))
        for _ in range(rng.randint(1, 4)):
            if state.over:
                break
            legal = state.legal_actions()
            plays = [a for a in legal if a.kind == "play" and (a.tile == lead or state.tiles_down > 0)]
            state = state.apply(rng.choice(plays or legal))
        if state.over:
            continue
        actions = state.legal_actions()
        root = state.current
        want = [minimax(state.apply(x), root, _diff(state, root)) for x in actions]
        assert compiled.values(state, actions, root, salt=rng.getrandbits(60)).values == want
        assert plain.values(state, actions, root, salt=rng.getrandbits(60)).values == want
        checked += 1
