"""Expert's next decision taken once per history it is met by, not per world (`next_decision.py`)."""

from __future__ import annotations

from bones.engine import Deal, GameState, Tile, get_rules, observe
from bones.engine.actions import Action
from bones.engine.round import RoundState
from bones.engine.tiles import tile_set
from bones.players.base import Budget
from bones.players.expert import Expert, game_value
from bones.players.next_decision import Path, follow, shared_value
from bones.players.solver import Solver
from tests.kit import mid_round, tiles


def test_a_decision_met_the_same_way_in_two_worlds_is_taken_once_for_both() -> None:
    """Two worlds reach Expert's next decision by the same history; in the first its action 0 gains 10, in the
    second its action 1 does. Seeing each world, the face-up search takes 10 in both; taken once for both, the best
    it can do is one action for both: 10 in one world, 0 in the other."""
    same = ("reply", "6-6")
    paths = [Path(same, 0.0, (10.0, 0.0)), Path(same, 0.0, (0.0, 10.0))]
    assert shared_value(paths, [1.0, 1.0], lambda v: v) == 5.0
    # reached by different histories (the other seat's reply told them apart), each gets its own best
    told = [Path(("reply", "6-6"), 0.0, (10.0, 0.0)), Path(("reply", "6-5"), 0.0, (0.0, 10.0))]
    assert shared_value(told, [1.0, 1.0], lambda v: v) == 10.0


def test_points_on_the_way_and_worlds_with_no_decision_count_too() -> None:
    """The points made before the decision add to each of its values; a world where the round ends first counts
    at its own value; weights weigh worlds, and the game value is taken of each world's total."""
    paths = [Path(None, -4.0), Path("k", 3.0, (1.0, 2.0)), Path("k", 1.0, (5.0, -5.0))]
    assert shared_value(paths, [2.0, 1.0, 1.0], lambda v: v) == (2 * -4.0 + (3 + 1) + (1 + 5)) / 4
    assert shared_value(paths, [1.0, 1.0, 1.0], lambda v: 2 * v) == (-8.0 + 8 + 12) / 3


def test_with_nothing_hidden_the_shared_decision_is_the_face_up_one() -> None:
    """All Fives with fourteen tiles each: every world is the true deal, so taking the next decision once for all
    of them loses nothing, and Expert still picks an action of the best true value."""
    rules = get_rules("all_fives", {"hand_size": 14})
    checked = 0
    for seed in range(6):
        game = mid_round(rules, seed, 12, 18)  # far enough in for every search to be exact
        if game is None:
            continue
        assert game.round is not None and game.current_seat is not None
        obs = observe(game, game.current_seat)
        expert = Expert(seed=0, world_nodes=10**7, window=0, shared_next=True)
        legal = expert.weighed(obs)
        if len(legal) < 2:
            continue
        truth = Solver().values(game.round, legal, obs.seat, max_nodes=10**7)
        actions, values, stats = expert.analyse(obs, Budget(2, 60.0))
        assert truth.exact and stats.exact == 2 and actions == legal
        assert values == [game_value(v, obs) for v in truth.values], seed
        assert truth.values[values.index(max(values))] == max(truth.values)
        checked += 1
    assert checked >= 3


def test_the_other_seats_draws_are_followed_to_expert_s_next_decision() -> None:
    """Draw: Expert leads 6-6 and the other hand holds no six, so it draws (eleven tiles, here) until the 6-0
    comes, and lays it; Expert then chooses between 6-4 and 6-5. The history Expert sees on the way holds each draw,
    but not which tile it brought, and the values are the face-up ones from there."""
    rules = get_rules("draw")
    mine = tiles("6-6 6-5 6-4 5-5 4-4 5-4 3-3")
    theirs = tiles("0-0 1-0 1-1 2-0 2-1 2-2 3-0")
    rest = [t for t in tile_set(6) if t not in mine and t not in theirs]
    game = GameState.new(rules, deals=[Deal((mine, theirs), tuple(rest))])
    assert game.round is not None and [str(a) for a in game.legal_actions()] == ["6-6"]
    solver = Solver()

    def solve(state: RoundState, actions: list[Action], root: int) -> list[float]:
        solver.clear()
        return solver.values(state, actions, root=root, max_nodes=10**7, free_draws=False).values

    path = follow(game.round, 0, game.legal_actions()[0], 0.0, 0, solve)
    draws = rest.index(Tile.parse("6-0")) + 1
    assert path.key == (0, *[(1, "draw")] * draws, (1, "6-0 L"), ("6-4 R", "6-5 R"))
    there = game.apply(game.legal_actions()[0])
    for _ in range(draws + 1):
        there = there.apply(there.legal_actions()[0])
    assert there.round is not None and there.current_seat == 0
    assert path.offset == 0.0 and list(path.values) == solve(there.round, there.legal_actions(), 0)
