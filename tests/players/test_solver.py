"""The face-up solver: compiled and plain Python agree with each other, with the engine's moves, and with brute-force
minimax over the engine's RoundState on small endgames of every rules kind."""

from __future__ import annotations

import os
import random
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from bones.engine.actions import Action
from bones.engine.layout import DOUBLE, FROZEN, SPINNER, layout_of
from bones.engine.round import RoundState
from bones.engine.rules import get_rules
from bones.players import solver
from bones.players import solver_core as fast

from tests.players.oracle import end_value, live_positions, minimax, random_position


def _diff(state: RoundState, root: int) -> int:
    return sum(p if i == root else -p for i, p in enumerate(state.round_points()))


@pytest.mark.parametrize("seed", range(4))
def test_compiled_and_python_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    for state in live_positions(rng, 150):
        actions = state.legal_actions()
        root = rng.choice([state.current, rng.randrange(state.seats)])
        a = compiled.values(state, actions, root, salt=rng.getrandbits(60))
        b = plain.values(state, actions, root, salt=rng.getrandbits(60))
        want = [minimax(state.apply(x), root, _diff(state, root)) for x in actions]
        assert a.exact and b.exact
        assert a.values == want, (state.rules.id, [str(x) for x in actions])
        assert b.values == want


@pytest.mark.parametrize("seed", range(3))
def test_others_by_rule_lay_what_the_rule_of_thumb_picks(seed: int) -> None:
    """Each for himself at three seats or more, the other seats lay the rule of thumb's tile (most points, a
    double, the heaviest) and only the root searches: compiled and plain agree with brute force played that way."""
    rng = random.Random(100 + seed)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    found = differ = 0
    while found < 60:
        state = next(live_positions(rng, 1))
        if state.seats < 3 or state.rules.partners or state.rules.claims:
            continue
        found += 1
        actions = state.legal_actions()
        root = state.current
        a = compiled.values(state, actions, root, salt=rng.getrandbits(60), others_by_rule=True)
        b = plain.values(state, actions, root, salt=rng.getrandbits(60), others_by_rule=True)
        want = [minimax(state.apply(x), root, _diff(state, root), by_rule=True) for x in actions]
        assert a.exact and b.exact
        assert a.values == want, (state.rules.id, [str(x) for x in actions])
        assert b.values == want
        differ += want != [minimax(state.apply(x), root, _diff(state, root)) for x in actions]
    assert differ  # the rule is not the paranoid search under another name


def test_compiled_and_python_agree_on_bigger_positions() -> None:
    rng = random.Random(7)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    for state in live_positions(rng, 25, max_hand=6, max_bone=6):
        actions = state.legal_actions()
        a = compiled.values(state, actions, state.current, salt=3)
        b = plain.values(state, actions, state.current, salt=5)
        assert a.values == b.values


@pytest.mark.parametrize("rid, fam", [("draw", fast.FAM_LINE), ("block", fast.FAM_LINE), ("muggins", fast.FAM_LINE),
                                      ("all_fives", fast.FAM_SPINNER)])
def test_a_family_searches_as_the_rules_read_one_by_one_do(rid: str, fam: int, monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The search compiled with a family's parameters fixed finds every value the search that reads each parameter
    finds, node for node (the same tree: only where the parameters come from differs)."""
    rng = random.Random(23)
    rules = get_rules(rid)
    states: list[RoundState] = []
    while len(states) < 12:
        state = random_position(rng, max_hand=6, max_bone=5, rules=rules)
        if not state.over and len(state.legal_actions()) > 1:
            states.append(state)
    assert fast.family(solver.compact(states[0], 0, 10**6)[1]) == fam
    special = [solver.Solver(True).values(x, x.legal_actions(), salt=9) for x in states]
    monkeypatch.setattr(fast, "family", lambda prm: fast.FAM_ANY)
    plain = [solver.Solver(True).values(x, x.legal_actions(), salt=9) for x in states]
    assert [(x.values, x.nodes) for x in special] == [(x.values, x.nodes) for x in plain]


@pytest.mark.parametrize("compiled", [True, False])
def test_a_cleared_table_remembers_nothing(compiled: bool) -> None:
    """Clearing starts a new generation of the table rather than zeroing it (once in GENERATIONS it is zeroed):
    after each clear, through a wrap of the generations, a search costs what it costs with a table never used."""
    rng = random.Random(5)
    while True:  # a position whose search is big enough to use the table
        state = random_position(rng, 6, 5, get_rules("draw"))
        if not state.over and len(state.legal_actions()) > 1:
            fresh = solver.Solver(compiled).values(state, state.legal_actions(), salt=4)
            if fresh.nodes > 500:
                break
    again = solver.Solver(compiled)
    again.values(state, state.legal_actions(), salt=4)
    assert again.values(state, state.legal_actions(), salt=4).nodes < fresh.nodes  # the table remembers
    for _ in range(fast.GENERATIONS + 2):
        again.clear()
        assert again.values(state, state.legal_actions(), salt=4) == fresh


def test_the_warm_up_compiles_every_family() -> None:
    """`warm_up` solves a game of each family, so that no family compiles inside a timed move."""
    families = {fast.family(solver._rules_params(get_rules(r))) for r in solver.WARM_UP_RULES}
    assert families == set(range(len(fast.SOLVE)))


# a compact state's buffers: numpy arrays for the compiled search, lists for the pure one
Ints = list[int] | NDArray[np.int64]


def _points(s: Ints, n: int) -> tuple[int, ...]:
    """The round's points in the compact state: past four seats nothing scores during play (the slots hold hands)."""
    return tuple(int(s[fast.S_PTS + i]) for i in range(n)) if n <= 4 else (0,) * n


def _compact_view(s: Ints, n: int, ne: int) -> tuple[object, ...]:
    hands = tuple(int(s[fast.S_HAND + i]) for i in range(n))
    pts = _points(s, n)
    ends = tuple((int(s[fast.S_END + 3 * e]), int(s[fast.S_END + 3 * e + 1]), int(s[fast.S_END + 3 * e + 2]))
                 if s[fast.S_END + 3 * e] >= 0 else None for e in range(ne))
    spinner = (int(s[fast.S_SPIP]), int(s[fast.S_SIDES]))
    return hands, pts, ends, spinner, int(s[fast.S_CUR]), int(s[fast.S_DOWN])


def _engine_view(state: RoundState) -> tuple[object, ...]:
    t = state.table
    ends = tuple(None if e is None else (e[0], e[1], e[2] & (SPINNER | FROZEN | DOUBLE)) for e in t.ends)
    return state.hands, state.points, ends, (t.spinner_pip, t.spinner_sides), state.current, t.down


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
        layout = layout_of(state.rules)
        tb = solver._tables(layout, compiled)
        s: Ints
        p: Ints
        bone: Ints
        rp: Ints
        if compiled:
            s, p, bone = np.array(s_list, np.int64), np.array(p_list, np.int64), np.array(bone_list + [0], np.int64)
            rp = np.zeros(2 * fast.MAX_SEATS, np.int64)
        else:
            s, p, bone, rp = s_list, p_list, bone_list + [0], [0] * (2 * fast.MAX_SEATS)
        n = state.seats
        fam = core.family(p)  # the family's fixed parameters read where the rules' would be
        while not state.over:
            action = rng.choice(state.legal_actions())
            if action.kind == "play":
                code = solver.action_code(action, state.rules, state.table)
                status = core.apply_move(fam, s, p, code, bone, tb.tile_hi, tb.tile_lo, tb.fitmask)
            elif action.kind == "draw" and not state.rules.draws_freely:
                status = core.draw(fam, s, p, bone, tb.fitmask)
            elif action.kind in ("draw", "shut"):
                status = core.apply_move(fam, s, p, solver.action_code(action, state.rules, state.table), bone,
                                         tb.tile_hi, tb.tile_lo, tb.fitmask)
            else:
                status = core.pass_turn(fam, s, p, tb.fitmask)
            state = state.apply(action)
            assert bool(status) == state.over
            if not state.over:
                assert _compact_view(s, n, layout.slots) == _engine_view(state)
                continue
            # the round's end: the same points during play, and the solver's value of the end is what the engine
            # scored at the end (or the game won at the target)
            assert _points(s, n) == state.points
            value = core.leaf(s, p, status, tb.tile_hi, tb.tile_lo, rp)
            if state.end == "target":
                assert value == (solver.TARGET_BONUS if state.winner == root else -solver.TARGET_BONUS)
            else:
                assert value == end_value(state, root)


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


@pytest.mark.parametrize("compiled", [True, False])
def test_a_window_only_bounds_actions_far_worse_than_the_best(compiled: bool) -> None:
    """With a window, an action's value is exact unless it is more than the window below the best; then it is an
    upper bound, still below the best minus the window. Checked against brute force."""
    rng = random.Random(31)
    search = solver.Solver(compiled)
    bounded = 0
    checked = 0
    for state in live_positions(rng):
        if checked == 120:
            break
        if len(state.legal_actions()) < 2:
            continue
        actions = state.legal_actions()
        root = state.current
        want = [minimax(state.apply(x), root, _diff(state, root)) for x in actions]
        window = rng.choice([1, 3, 5, 10])
        order = list(range(len(actions)))
        rng.shuffle(order)
        got = search.values(state, actions, root, salt=rng.getrandbits(60), window=window, order=order).values
        top = max(want)
        for v, w in zip(got, want):
            assert v >= w
            if w >= top - window:
                assert v == w
            elif v != w:
                assert v < top - window
                bounded += 1
        checked += 1
    assert bounded >= 10


def test_an_order_changes_no_value() -> None:
    rng = random.Random(8)
    search = solver.Solver(True)
    for _ in range(60):
        state = random_position(rng, max_hand=5, max_bone=5)
        if state.over:
            continue
        actions = state.legal_actions()
        order = list(reversed(range(len(actions))))
        plain = search.values(state, actions, salt=2).values
        assert search.values(state, actions, salt=2, order=order).values == plain
    with pytest.raises(ValueError):
        search.values(state, actions, order=[0, 0])


def _spinner_lead_world() -> tuple[RoundState, list[Action]]:
    """An All Fives lead where leading 0-0 opens a spinner's four ends to a hand that scores on them: its value
    (-135) takes over 800,000 nodes to pin down, the other leads a few thousand each."""
    from bones.engine.rules import get_rules
    from bones.engine.tiles import Tile

    def tiles(text: str) -> list[Tile]:
        return [Tile.of(int(x[0]), int(x[2])) for x in text.split()]

    state = RoundState.start(
        get_rules("all_fives"),
        [tiles("0-0 2-0 2-1 2-2 4-0 5-4 6-3"), tiles("3-2 3-3 4-1 5-2 6-1 6-2 6-5")],
        tiles("4-4 5-1 4-2 4-3 3-1 5-5 6-0 1-1 1-0 6-4 5-0 5-3 6-6 3-0"), 0, None, (0, 0))
    return state, list(state.legal_actions())


def test_a_costly_root_action_waits_until_the_others_are_known() -> None:
    """Every value exact without a window, whatever the order; with one, the far worse spinner lead is bounded
    cheaply (a small share of the nodes) and the rest stay exact."""
    state, actions = _spinner_lead_world()
    search = solver.Solver(True, table_bits=20)
    alone = []
    for a in actions:
        search.clear()
        one = search.values(state, [a], salt=9, max_nodes=20_000_000)
        assert one.exact
        alone.append(one.values[0])
    assert alone[[str(a) for a in actions].index("0-0")] == -135
    search.clear()
    full = search.values(state, actions, salt=9, max_nodes=20_000_000)
    assert full.exact and full.values == alone
    search.clear()
    windowed = search.values(state, actions, salt=9, window=75)
    assert windowed.exact and windowed.nodes * 10 < full.nodes
    for v, w in zip(windowed.values, alone):
        assert v == w or (w < max(alone) - 75 and w <= v < max(alone) - 75)


def test_a_cut_search_weighs_hands_as_the_round_scores_them() -> None:
    """Where the node budget runs out, the static estimate (half the pip gap to the lightest hand) is counted the way
    the round's end counts hands: in Muggins with one point a five, a point for each five."""
    from bones.engine import GameState

    from tests.kit import deal, play

    found = []
    for options in ({}, {"count": "per_five"}):
        rules = get_rules("muggins", {"hand_size": 4, **options})
        g = play(GameState.new(rules, deals=[deal(["6-6 6-5 1-0 2-0", "6-4 5-5 5-4 4-4"])]), "6-6")
        assert g.round is not None and g.round.pips_left() == (14, 37)
        s, p, _ = solver.compact(g.round, g.round.current, 1000)
        tables = solver._tables(layout_of(rules), False)
        found.append(solver.pure.estimate(solver.pure.FAM_ANY, s, p, tables.tile_hi, tables.tile_lo, [0] * 64))
    assert found == [-11.0, -2.0]  # seat 1 holds 37 against 14: half the gap, 11, is two fives


@pytest.mark.parametrize("compiled", [True, False])
def test_the_seat_out_counts_alone_beside_a_hand_of_only_the_double_blank(compiled: bool) -> None:
    """Block playing on (seed 004: "when one player makes domino he counts all the pips remaining"): seat 0 is left
    with only the 0-0, and seat 1 plays out its four in one run. The search values that ending as the engine scores
    it: 69 to seat 1 alone, not 69 to seat 0 as well."""
    from bones.engine import GameState

    from tests.kit import deal, tiles

    hands = ["3-3 3-2 2-1 0-0", "1-1 6-1 6-6 6-5", "5-5 4-4 5-4 4-3", "6-4 6-3 6-2 5-3"]
    g = GameState.new(get_rules("block_play_on"), deals=[deal(hands)._replace(cut=tiles("1-1 6-5 5-4 4-2"))])
    for text in ("3-3", "3-2 L", "2-1 L"):
        g = g.apply(text)
    state = g.round
    assert state is not None and state.current == 1
    actions = state.legal_actions()
    solved = solver.Solver(compiled).values(state, actions, root=0)
    want = [minimax(state.apply(a), 0, _diff(state, 0)) for a in actions]
    assert solved.exact and solved.values == want
    out = actions.index(Action.parse("1-1 L"))  # 1-1, then 6-1, 6-6 and 6-5: out at once
    assert want[out] == -69


def test_the_scope_told_without_the_solver_is_the_solvers_own() -> None:
    """`solver_scope` answers which rules Expert searches without loading numba: its limits must be the compiled
    search's, or `bones players` would name games Expert does not play (or leave out ones it does)."""
    from bones.players import solver_scope

    assert solver_scope.MAX_SEATS == fast.MAX_SEATS and solver_scope.MAX_ENDS == fast.MAX_ENDS
    assert solver_scope.SOLVED_LAYOUTS == set(solver._KINDS)
    assert solver.solvable is solver_scope.solvable


def test_a_machine_where_numba_finds_nowhere_to_keep_its_cache_still_gets_expert(tmp_path: Path) -> None:
    """CLI QA: run by a user who can write neither in the install nor in a home, loading Expert's search ended in
    numba's "RuntimeError: cannot cache function 'par': no locator available"; the cache now goes to this user's
    own folder of the temporary directory (numba is told here to look only where the user names a folder, and
    none is named). numba unpickles what it finds there, so a folder of that name that others may write in is
    not used (review): a fresh private one is."""
    import stat
    import subprocess
    import sys

    script = "import bones.players.solver\nfrom numba.core import config\nprint(config.CACHE_DIR)"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(NUMBA_CACHE_LOCATOR_CLASSES="UserProvidedCacheLocator", TMPDIR=str(tmp_path))

    def cache_dir() -> Path:
        p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
        assert p.returncode == 0, p.stderr
        return Path(p.stdout.strip())

    own = tmp_path / f"bones-numba-cache-{os.getuid()}"
    assert cache_dir() == own and stat.S_IMODE(own.stat().st_mode) == 0o700
    assert cache_dir() == own  # kept for the next run
    own.chmod(0o777)  # as a folder another user made for us would be
    other = cache_dir()
    assert other != own and other.parent == tmp_path and stat.S_IMODE(other.stat().st_mode) == 0o700
