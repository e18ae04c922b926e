"""The standings-aware search (`Solver.values(standings=True)`, `Expert(standings=True)`): each world's leaves are
valued by the root's chance of winning the game from every seat's total, and a root action's value is exactly that
function of the standings its line of play leaves (the in-play points the search adds along a line taken back)."""

from __future__ import annotations

import math
import random

from bones.engine.observation import Observation
from bones.engine.round import RoundState
from bones.engine.rules import get_rules
from bones.match import play_game
from bones.players import make_player
from bones.players import solver
from bones.players.base import Budget, Choice
from bones.players.expert import Expert
from bones.players.solver_core import STAND_SCALE, STAND_SPREAD

from tests.players.oracle import live_positions, rule_pick


def chance(totals: list[int], root: int, target: int, winner: int | None) -> float:
    """STAND_SCALE times root's chance of winning from `totals` (written apart from `solver_core.standing`)."""
    if winner is not None:
        return float(STAND_SCALE if winner == root else 0)
    top = max(totals)
    if top >= target:
        return 0.0 if totals[root] < top else float(math.floor(STAND_SCALE / totals.count(top) + 0.5))
    m = target / 5.0
    sc = STAND_SPREAD * 0.5 * math.sqrt(m * (target - top + m))
    weights = [math.exp((t - top) / sc) for t in totals]
    return float(math.floor(STAND_SCALE * weights[root] / sum(weights) + 0.5))


def best_standing(state: RoundState, root: int) -> float:
    """The root's best `chance` at the round's end, the others laying what the rule of thumb picks (engine only)."""
    if state.over:
        totals = [b + p for b, p in zip(state.base_scores, state.round_points())]
        winner = state.winner if state.end == "target" else None
        return chance(totals, root, state.rules.target, winner)
    if state.current != root:
        return best_standing(state.apply(rule_pick(state)), root)
    return max(best_standing(state.apply(a), root) for a in state.legal_actions())


def _positions(rng: random.Random, count: int) -> list[RoundState]:
    out: list[RoundState] = []
    while len(out) < count:
        state = next(live_positions(rng, 1))
        if solver.standings_apply(state.rules, state.seats) and not state.rules.claims:
            out.append(state)
    return out


def test_a_root_action_is_worth_the_chance_its_line_leaves() -> None:
    rng = random.Random(7)
    compiled, plain = solver.Solver(True), solver.Solver(False)
    kinds = set()
    for state in _positions(rng, 120):
        kinds.add(state.rules.id)
        actions = state.legal_actions()
        root = state.current
        a = compiled.values(state, actions, root, salt=rng.getrandbits(60), others_by_rule=True, standings=True)
        b = plain.values(state, actions, root, salt=rng.getrandbits(60), others_by_rule=True, standings=True)
        want = [best_standing(state.apply(x), root) for x in actions]
        assert a.exact and b.exact
        assert a.values == want, (state.rules.id, [str(x) for x in actions])
        assert b.values == want
    assert len(kinds) > 3


def test_a_window_in_chances_only_bounds_actions_far_worse() -> None:
    rng = random.Random(11)
    compiled = solver.Solver(True)
    for state in _positions(rng, 60):
        actions = state.legal_actions()
        root = state.current
        exact = compiled.values(state, actions, root, others_by_rule=True, standings=True).values
        wide = compiled.values(state, actions, root, others_by_rule=True, standings=True, window=100).values
        for e, w in zip(exact, wide):
            assert e == w or (e <= w < max(exact) - 100 + 1e-9)


def test_a_cut_search_stays_within_the_scale() -> None:
    rng = random.Random(3)
    compiled = solver.Solver(True)
    for state in _positions(rng, 40):
        actions = state.legal_actions()
        got = compiled.values(state, actions, state.current, max_nodes=2, fallback_depth=1, others_by_rule=True,
                              standings=True)
        for v in got.values:
            assert -1000 <= v <= STAND_SCALE + 1000 and v == int(v)


def test_expert_with_the_standings_plays_a_game_for_four() -> None:
    rules = get_rules("muggins", {"players": 4})
    expert = Expert(seed=1, worlds=8, standings=True)
    seen: list[float] = []
    choose = expert.choose

    def spy(obs: Observation, budget: Budget | None = None) -> Choice:
        got = choose(obs, budget)
        seen.extend(got.analysis.values() if got.analysis else [])
        return got

    expert.choose = spy  # type: ignore[method-assign]
    play_game(rules, [expert] + [make_player("hard", seed=i) for i in range(1, 4)], 5)
    assert seen and all(-1.0 <= v <= 1.0 for v in seen)
