"""Expert and Hint: legal moves only, never a peek at hidden tiles, perfect play when nothing is hidden, and the
obvious winning move taken."""

from __future__ import annotations

import random

import pytest

from bones.engine import Deal, GameState, Tile, get_rules, observe
from bones.engine.tiles import tile_set
from bones.players.base import Budget
from bones.players.expert import POOL_WORLDS, Expert
from bones.players.hint import hint
from bones.players.solver import Solver
from tests.kit import mid_round

SMALL = Budget(worlds=8, seconds=5.0)


@pytest.mark.parametrize("rules_id,options", [("draw", None), ("block", None), ("all_fives", None),
                                              ("muggins", {"players": 3})])
def test_expert_only_plays_legal_moves(rules_id: str, options: dict[str, int] | None) -> None:
    rules = get_rules(rules_id, options)
    expert = Expert(seed=1)
    rng = random.Random(0)
    game = GameState.new(rules, seed=4)
    decisions = 0
    while not game.over and decisions < 40:
        seat = game.current_seat
        assert seat is not None
        if seat == 0:
            obs = observe(game, seat)
            choice = expert.choose(obs, SMALL)
            assert choice.action in obs.legal_actions()
            if choice.analysis is not None:
                assert set(choice.analysis) == {str(a) for a in obs.legal_actions()}
            game = game.apply(choice.action)
            decisions += 1
        else:
            game = game.apply(rng.choice(game.legal_actions()))
    assert decisions >= 10


def _twins(seed: int, moves: int) -> tuple[GameState, GameState] | None:
    """Two Block games whose seat to move sees the same thing while the other hand and the boneyard differ."""
    rules = get_rules("block")
    game = GameState.new(rules, seed=seed)
    deal = game.deal_for(0)
    assert deal is not None
    rng = random.Random(seed)
    for _ in range(moves):
        game = game.apply(rng.choice(game.legal_actions()))
        if game.round is None or game.round.over or game.round_index > 0:
            return None
    assert game.round is not None
    observer = game.current_seat
    if observer is None or any(e.action.kind != "play" for e in game.round.history):
        return None
    laid = {e.action.tile for e in game.round.history}
    free = [t for s, h in enumerate(deal.hands) if s != observer for t in h if t not in laid] + list(deal.boneyard)
    pool = free[:]
    rng.shuffle(pool)
    it = iter(pool)
    hands = tuple(h if s == observer else tuple(t if t in laid else next(it) for t in h)
                  for s, h in enumerate(deal.hands))
    twin = GameState.new(rules, deals=[Deal(hands, tuple(it))])
    try:
        for action in game.actions[0]:
            twin = twin.apply(action)
    except ValueError:
        return None
    if twin.current_seat != observer or observe(twin, observer) != observe(game, observer):
        return None
    assert twin.round is not None
    if twin.round.hands == game.round.hands:
        return None
    return game, twin


def test_expert_never_peeks() -> None:
    """Two different hidden deals behind one observation get the same choice and the same analysis."""
    found = 0
    for seed in range(40):
        twins = _twins(seed, 1 + seed % 5)
        if twins is None:
            continue
        a, b = twins
        seat = a.current_seat
        assert seat is not None
        ca = Expert(seed=3).choose(observe(a, seat), Budget(20, 10.0))
        cb = Expert(seed=3).choose(observe(b, seat), Budget(20, 10.0))
        assert ca == cb
        found += 1
        if found == 6:
            break
    assert found >= 4


def _played_forward(rules_id: str, seed: int, moves: int, rng_seed: int) -> tuple[GameState, int]:
    """A game dealt from `seed`, `moves` random legal actions in, and the seat to act."""
    game = GameState.new(get_rules(rules_id), seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        game = game.apply(rng.choice(game.legal_actions()))
    seat = game.current_seat
    assert seat is not None
    return game, seat


def test_same_position_same_answer() -> None:
    game, seat = _played_forward("all_fives", 8, 5, 1)
    expert = Expert(seed=2)
    first = expert.choose(observe(game, seat), Budget(15, 10.0))
    expert.choose(observe(GameState.new(get_rules("all_fives"), seed=9), 0), Budget(15, 10.0))
    assert expert.choose(observe(game, seat), Budget(15, 10.0)) == first


def test_plays_perfectly_when_nothing_is_hidden() -> None:
    """Block with fourteen tiles each: the other hand is everything unseen, so every sampled world is the true one
    and Expert must pick an action of the best round value (the game value rises with it), going out or blocking
    the other side where that is best."""
    rules = get_rules("block", {"hand_size": 14})
    expert = Expert(seed=0, world_nodes=10**7)  # fourteen-tile hands: no node cap, every world exact
    decisive = 0
    for seed in range(12):
        game = mid_round(rules, seed, 3, 20)
        if game is None:
            continue
        assert game.round is not None and game.current_seat is not None
        obs = observe(game, game.current_seat)
        legal = obs.legal_actions()
        if len(legal) < 2:
            continue
        truth = Solver().values(game.round, legal, obs.seat).values
        choice = expert.choose(obs, Budget(3, 30.0))
        assert expert.last is not None and expert.last.exact == 3
        assert truth[legal.index(choice.action)] == max(truth), (seed, [str(a) for a in legal], truth)
        decisive += max(truth) != min(truth)
    assert decisive >= 4


def test_takes_the_tile_that_wins_the_game_at_once() -> None:
    """All Fives to 10: leading a tile whose halves make ten scores 10 and ends the game there and then."""
    rules = get_rules("all_fives", {"target": 10})
    mine = tuple(Tile.parse(t) for t in ("6-6", "2-1", "3-0", "6-4", "1-1", "2-0", "4-3"))
    rest = [t for t in tile_set(6) if t not in mine]
    game = GameState.new(rules, deals=[Deal((mine, tuple(rest[:7])), tuple(rest[7:]))])
    assert game.current_seat == 0
    choice = Expert(seed=0).choose(observe(game, 0), Budget(10, 10.0))
    assert str(choice.action) == "6-4"


def test_hint_gives_a_legal_move_and_a_reason() -> None:
    game, seat = _played_forward("all_fives", 3, 4, 3)
    obs = observe(game, seat)
    choice = hint(obs)
    assert choice.action in obs.legal_actions()
    assert choice.reason and "\n" not in choice.reason
    if choice.action.tile is not None:
        assert choice.reason.startswith(str(choice.action.tile))


def test_a_hint_says_how_many_games_in_100_the_play_wins_over_the_next_tile() -> None:
    """Where Expert's values are chances of winning (2p - 1), the hint says how much better its play does than the
    best play of another tile, in games out of 100, and nothing where the two are within 5 in 100."""
    from bones.players.hint import reason

    for seed in range(20):
        game, seat = _played_forward("all_fives", seed, 2, seed)
        obs = observe(game, seat)
        plays = [a for a in obs.legal_actions() if a.kind == "play" and a.end is not None]
        if len({a.tile for a in plays}) > 1:
            break
    other = next(a for a in plays if a.tile != plays[0].tile)
    values = {str(a): -0.5 for a in obs.legal_actions()}
    text = reason(obs, plays[0], {**values, str(plays[0]): 0.3, str(other): 0.06})
    side = {"L": "on the left", "R": "on the right", "U": "on the top end", "D": "on the bottom end"}
    assert f"wins about 12 games in 100 more than {other.tile} {side[other.end or '']}" in text
    assert "games in 100" not in reason(obs, plays[0], {**values, str(plays[0]): 0.3, str(other): 0.25})


def test_a_hint_from_the_level_standing_in_for_expert_claims_no_games_in_100() -> None:
    """QA: in Draw Dominoes for five, where Hard stands in for Expert, Hard's weights were read as chances of
    winning: "wins about 1069 games in 100 more than 5-4 on the right"."""
    seen = 0
    for seed in range(40):
        game = GameState.new(get_rules("draw_dominoes", {"players": 5}), seed=seed)
        while game.current_seat != 0:
            game = game.apply(game.legal_actions()[0])
        obs = observe(game, 0)
        if len({a.tile for a in obs.legal_actions() if a.kind == "play"}) < 2:
            continue
        seen += 1
        text = hint(obs, seed).reason or ""
        assert "games in 100" not in text, text
    assert seen >= 5


def test_game_value_rises_with_points_and_weighs_them_more_near_the_target() -> None:
    from dataclasses import replace

    from bones.players.expert import game_value

    obs = observe(GameState.new(get_rules("draw"), seed=1), 0)
    values = [game_value(d, obs) for d in range(-60, 61, 5)]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert game_value(0, obs) == 0.0 and abs(game_value(10, obs) + game_value(-10, obs)) < 1e-12
    late = replace(obs, scores=(85, 80))
    # ten points from 85 win the game; ten points at the start are worth far less
    assert game_value(15, late) == 1.0 + 0.001 * 15 / 100
    assert game_value(10, late) - game_value(0, late) > game_value(10, obs) - game_value(0, obs)


def test_a_world_near_the_decisions_allowance_gets_only_the_nodes_left() -> None:
    from bones.players.expert import MIN_WORLD_NODES, world_budget

    # nodes to spare: the whole budget, and a longer try within the nodes left
    assert world_budget(300_000, 4_000_000, 10_000_000) == (300_000, 4_000_000)
    assert world_budget(300_000, 4_000_000, 1_000_000) == (300_000, 1_000_000)
    # short of nodes: no longer try, and the first try and the one after it end within the nodes left
    first, longer = world_budget(300_000, 4_000_000, 500_000)
    assert longer == 0 and 2 * first <= 500_000 and first > 0
    assert world_budget(300_000, 4_000_000, 0) == (MIN_WORLD_NODES, 0)
    assert world_budget(6_000, 4_000_000, 0) == (6_000, 0)  # a plain-Python search's smaller budget stays its own


class TickingClock:
    """A machine of a given speed, to the decision's eye: each reading of the clock is `tick` seconds after the
    last, whatever the real time."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


def test_a_heavy_decision_is_the_same_on_a_fast_machine_and_a_slow_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # Four-handed Block with seven each, the whole set dealt: 120 worlds of the first lead overrun a tenth of a
    # second's nodes, so the decision stops at its allowance: at the same world, with the same answer, whether the
    # machine is fast (a microsecond between worlds) or slow (half a millisecond: 120 worlds stay inside the cap)
    import bones.players.expert as expert_module
    from bones.players.expert import WORLD_NODES, node_allowance

    rules = get_rules("partnership_block", {"hand_size": 7})
    game = GameState.new(rules, seed=3)
    assert game.current_seat is not None
    obs = observe(game, game.current_seat)
    assert len(obs.legal_actions()) > 1
    budget = Budget(worlds=120, seconds=0.1)
    answers = []
    for tick in (1e-6, 5e-4):
        monkeypatch.setattr(expert_module, "time", TickingClock(tick))
        legal, values, stats = Expert(seed=5).analyse(obs, budget)
        answers.append((legal, values, stats.worlds, stats.nodes))
        assert 0 < stats.worlds < 120  # the allowance stopped it, not the clock
        assert stats.nodes <= node_allowance(rules, 0.1) + 2 * WORLD_NODES
    assert answers[0] == answers[1]


def test_each_game_searches_the_nodes_its_speed_allows_in_a_second() -> None:
    from bones.players.expert import node_allowance

    draw, five_up = node_allowance(get_rules("draw"), 1.0), node_allowance(get_rules("five_up"), 1.0)
    assert 5_000_000 <= draw <= 8_000_000  # about 0.7 s of the compiled search at 8-12 million nodes a second
    assert five_up < draw / 2  # every double a spinner: many more ends to try at each node
    assert node_allowance(get_rules("draw"), 0.5) == draw // 2


def test_hint_says_muggins_when_the_other_side_left_points_unclaimed() -> None:
    from tests.kit import game, play

    g = play(game("muggins", ["5-5 0-0 4-1 3-2 2-1 6-4 6-3", "5-0 6-5 6-2 4-3 3-1 2-0 1-0"],
                  options={"claims": True}), "5-5")  # ten made and not claimed
    choice = hint(observe(g, 1))
    assert str(choice.action) == "muggins"
    assert choice.reason == "muggins: take the 10 points the last play did not claim"


@pytest.mark.parametrize("rules_id,options", [("draw_game", None), ("boys_game", {"draw": "optional"})])
def test_expert_and_its_hint_do_not_draw_at_will_while_a_tile_fits(rules_id: str, options: dict | None) -> None:
    # a sampled world shows the tile a draw would bring: weighed there, a draw at will looks better than it is
    game = GameState.new(get_rules(rules_id, options), seed=3)
    asked = 0
    while not game.over and asked < 4:
        assert game.current_seat is not None
        obs = observe(game, game.current_seat)
        kinds = {a.kind for a in obs.legal_actions()}
        if {"play", "draw"} <= kinds:
            asked += 1
            assert Expert(seed=asked).choose(obs, Budget(20, 10.0)).action.kind == "play"
            assert hint(obs).action.kind == "play"
        game = game.apply(obs.legal_actions()[0] if "play" in kinds else next(
            a for a in obs.legal_actions() if a.kind != "shut"))
    assert asked == 4


# ----- Honest John: worlds played out, Hard's choice kept unless clearly beaten -------------------------------------

def test_the_star_search_keeps_hards_choice_unless_another_is_clearly_better() -> None:
    from bones.players.star_search import confident

    # action 1 is better in every world by 1: taken; action 2 is better on average only by noise: not taken
    prior = [0.0, 1.0, -1.0, 2.0, 0.0, 1.0]
    clearly = [v + 1.0 for v in prior]
    noisy = [v + d for v, d in zip(prior, [3.0, -3.0, 2.0, -2.0, 1.5, -1.0])]
    values = confident([prior, clearly, noisy], 0)
    assert max(range(3), key=lambda i: values[i]) == 1
    values = confident([prior, noisy], 0)
    assert max(range(2), key=lambda i: values[i]) == 0


def test_where_rounds_score_points_a_play_beats_hards_choice_on_less_evidence() -> None:
    from bones.engine.rules import get_rules
    from bones.players.star_search import bar, confident

    # action 1 gains 1 in three worlds of four (mean 0.5, one and a half standard errors): enough where a round
    # scores points (version 2), not where it pays chips (version 1), which keeps Hard's choice
    prior = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    better = [1.0, 1.0, 1.0, -1.0, 1.0, 1.0, 1.0, -1.0]
    chips, points = bar(get_rules("honest_john")), bar(get_rules("honest_john_2"))
    assert max(range(2), key=lambda i: confident([prior, better], 0, points)[i]) == 1
    assert max(range(2), key=lambda i: confident([prior, better], 0, chips)[i]) == 0


def test_expert_on_a_star_sells_and_plays_legally_and_deterministically() -> None:
    from tests.engine.test_honest_john import HANDS, bolton
    from tests.kit import play

    g = play(bolton(HANDS), "9-9", "ask")  # seat 2 is asked for a nine: three to choose from
    obs = observe(g, 2)
    first = Expert(seed=3).choose(obs, Budget(worlds=20))
    again = Expert(seed=3).choose(obs, Budget(worlds=20))
    assert first.action in obs.legal_actions() and first.action.kind == "sell"
    assert first == again and first.analysis is not None and set(first.analysis) == {str(a) for a in obs.legal_actions()}


def test_a_pool_is_weighed_over_eight_times_the_worlds() -> None:
    """Where a hand wins or loses a pool, each world's value is nearly all or nothing: Expert samples POOL_WORLDS
    times the budget's worlds there (counted in worlds, so a decision is still the same on any machine)."""
    game, seat = _played_forward("domino_pool", 4, 3, 1)
    obs = observe(game, seat)
    _, _, stats = Expert(seed=1).analyse(obs, Budget(15, 30.0))
    assert stats.worlds == 15 * POOL_WORLDS == 120
    game, seat = _played_forward("block", 4, 3, 1)
    _, _, stats = Expert(seed=1).analyse(observe(game, seat), Budget(15, 30.0))
    assert stats.worlds == 15


def test_dealing_the_worlds_is_not_counted_as_a_worlds_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety cap stops a decision before a world that would likely overrun it, judged by what the worlds solved
    so far cost. Dealing every world happens first, and can take half the cap on a busy machine (960 worlds in
    Domino Pool); counted as the first world's cost it stopped the decision after one world, a choice made on one
    deal where all of them would have ended well inside the cap (seen: 6-1 R in place of 5-4 L)."""
    from bones.players import expert as expert_module

    clock = [0.0]

    def now() -> float:
        clock[0] += 1e-5  # every world solves in a moment
        return clock[0]

    deal = Expert._worlds

    def slow_deal(self: Expert, *args: object, **kwargs: object) -> object:
        clock[0] += 0.5  # dealing the worlds takes half the decision's second
        return deal(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module.time, "perf_counter", now)
    monkeypatch.setattr(Expert, "_worlds", slow_deal)
    game, seat = _played_forward("draw", 8, 5, 1)
    _, _, stats = Expert(seed=1).analyse(observe(game, seat), Budget(30, 1.0))
    assert stats.worlds == 30


def test_hints_share_one_expert_and_answer_as_their_own_seed_would() -> None:
    """A server gives a hint in every game with that game's seed: one Expert serves them all (one kept per seed
    grew the server by its search buffers with every game), and each hint is the one an Expert of that seed gives."""
    from bones.players import hint as hint_module

    game, seat = _played_forward("block", 3, 6, 1)  # a position each search ends far inside the time cap
    obs = observe(game, seat)
    for seed in (5, 6, 7, 5):
        assert hint(obs, seed).action == Expert(seed=seed).choose(obs, hint_module.HINT_BUDGET).action
    assert len(hint_module._expert) == 1


def test_a_hint_keeps_only_a_number_the_tile_laid_does_not_show_and_another_play_would_spend() -> None:
    """play-testing: "lay 1-0 on the right end: keeps your ones" named the commonest number left in the hand,
    whatever was laid. A number is said to be kept only where the tile laid does not show it and another play
    would have spent a tile of it."""
    from bones.players.hint import NUMBER_WORDS, reason

    said = 0
    for seed in range(60):
        game, seat = _played_forward("draw", seed, 2, seed)
        obs = observe(game, seat)
        plays = [a for a in obs.legal_actions() if a.kind == "play"]
        for action in plays:
            text = reason(obs, action)
            if "keeps your " not in text:
                continue
            said += 1
            word = text.split("keeps your ")[1].split()[0]
            number = NUMBER_WORDS.index(word)
            tile = action.tile
            assert tile is not None and number not in (tile.high, tile.low), text
            assert any(a.tile != tile and number in (a.tile.high, a.tile.low) for a in plays if a.tile), text
    assert said, "no hint said which number it keeps"


def test_a_hint_to_draw_at_will_says_why_drawing_beats_laying() -> None:
    """play-testing: in the Draw Game a hint to draw while a tile fitted said only "draw from the boneyard." (its
    reason, "nothing in your hand fits: draw", was untrue and dropped)."""
    from bones.players.hint import reason
    from bones.web.words import hint_words

    for seed in range(40):
        game, seat = _played_forward("draw_game", seed, 2, seed)
        obs = observe(game, seat)
        legal = obs.legal_actions()
        if any(a.kind == "draw" for a in legal) and any(a.kind == "play" for a in legal):
            break
    else:
        pytest.fail("no position with a draw at will")
    draw = next(a for a in legal if a.kind == "draw")
    said = hint_words(draw, reason(obs, draw), draws_freely=True)
    assert said == "draw from the boneyard: drawing does better than any tile you could lay now."


def test_honest_johns_worlds_follow_the_budgets_seconds_not_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # review: the web gives each of seven computer seats a seventh of a second; Honest John's worlds were counted
    # by the clock alone, so the move depended on the machine. Now a seventh of the budget's worlds, on any clock.
    import bones.players.star_search as star_module

    rules = get_rules("honest_john_2", {"players": 8})
    game = GameState.new(rules, seed=2)
    rng = random.Random(1)
    while True:
        assert game.current_seat is not None
        obs = observe(game, game.current_seat)
        if len(Expert(seed=1).weighed(obs)) > 1:
            break
        game = game.apply(rng.choice(obs.legal_actions()))
    budget = Budget(worlds=120, seconds=1 / 7, cap=1 / 7)
    answers = []
    for tick in (1e-6, 1e-3):  # 17 worlds, two readings each, stay inside the cap on the slower clock too
        monkeypatch.setattr(star_module, "time", TickingClock(tick))
        legal, values, stats = Expert(seed=1).analyse(obs, budget)
        assert stats.worlds == 17 and not stats.clock_cut
        answers.append(values)
    assert answers[0] == answers[1]
