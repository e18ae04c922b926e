"""Inference from plays: a world in which a seen play was a sensible choice weighs more than one in which it was
a poor one, forced plays and forced leads say nothing, the real deal is never ruled out, and the Expert's answer
still depends on the observation alone."""

from __future__ import annotations

import math
import random

from bones.engine import Deal, GameState, Tile, get_rules, observe
from bones.engine.tiles import mask_of, tile_set
from bones.players.base import Budget
from bones.players.belief import Belief, World
from bones.players.expert import Expert
from bones.players.inference import PlayEvidence, PlayModel


def tiles(*texts: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in texts)


def explicit_game(rules_id: str, *hands: tuple[Tile, ...]) -> GameState:
    """A game whose first round is dealt as given; the rest of the set is the boneyard in id order."""
    rules = get_rules(rules_id)
    used = {t for h in hands for t in h}
    return GameState.new(rules, deals=[Deal(tuple(hands), tuple(t for t in tile_set(rules.max_pip) if t not in used))])


def play(game: GameState, *actions: str) -> GameState:
    for a in actions:
        game = game.apply(a)
    return game


def _after_light_six() -> GameState:
    """Block: seat 0 leads 6-6 (the highest double), seat 1 answers with its light 6-1; seat 0 to move."""
    game = explicit_game(
        "block",
        tiles("6-6", "6-0", "2-0", "4-0", "5-0", "1-0", "0-0"),
        tiles("6-1", "6-5", "5-5", "5-4", "4-4", "3-3", "2-2"),
    )
    return play(game, "6-6", "6-1 L")


def _world(obs_seat: int, own: int, other: int, seats: int = 2) -> World:
    hands = [0] * seats
    hands[obs_seat] = own
    hands[1 - obs_seat] = other
    return World(tuple(hands), ())


def test_a_light_play_beside_a_heavy_one_is_less_likely_than_a_forced_one() -> None:
    game = _after_light_six()
    obs = observe(game, 0)
    evidence = PlayEvidence(obs)
    assert len(evidence.events) == 1  # the forced opening lead is not rated
    own = mask_of(obs.hand)
    held_heavy_six = _world(0, own, mask_of(tiles("6-5", "5-5", "5-4", "4-4", "3-3", "2-2")))
    no_other_six = _world(0, own, mask_of(tiles("5-5", "5-4", "4-4", "3-3", "2-2", "1-1")))
    assert evidence.log_likelihood(no_other_six) == 0.0  # 6-1 was its only play: nothing learnt
    assert evidence.log_likelihood(held_heavy_six) < math.log(0.5)
    # the uniform share keeps every world possible, however poor the play was in it
    assert evidence.log_likelihood(held_heavy_six) > math.log(PlayModel().uniform / 2) - 1e-9


def test_sharper_models_learn_more() -> None:
    obs = observe(_after_light_six(), 0)
    world = _world(0, mask_of(obs.hand), mask_of(tiles("6-5", "5-5", "5-4", "4-4", "3-3", "2-2")))
    soft = PlayEvidence(obs, PlayModel(temperature=10.0)).log_likelihood(world)
    sharp = PlayEvidence(obs, PlayModel(temperature=1.0)).log_likelihood(world)
    assert sharp < soft < 0.0


def test_plays_before_a_draw_of_the_same_seat_are_not_rated() -> None:
    """Draw: after a seat draws, its hand at its earlier plays is not known; those plays are left out."""
    rules = get_rules("draw")
    rated_some = False
    for seed in range(40):
        game = GameState.new(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randint(4, 14)):
            if game.round is None or game.round.over or game.round_index > 0:
                break
            game = game.apply(rng.choice(game.legal_actions()))
        if game.round is None or game.round.over or game.current_seat is None or game.round_index > 0:
            continue
        obs = observe(game, game.current_seat)
        evidence = PlayEvidence(obs)
        other = 1 - obs.seat
        last_draw = max((k for k, e in enumerate(obs.history) if e.seat == other and e.action.kind == "draw"),
                        default=-1)
        plays_after = sum(1 for k, e in enumerate(obs.history)
                          if k > last_draw and e.seat == other and e.action.kind == "play")
        assert len(evidence.events) <= plays_after
        rated_some = rated_some or bool(evidence.events)
        # the true deal is always possible
        true_world = World(tuple(game.round.hands), ())
        assert math.isfinite(evidence.log_likelihood(true_world))
    assert rated_some


def test_the_real_deal_has_a_finite_weight_and_sampled_worlds_are_rated_the_same_every_time() -> None:
    game = GameState.new(get_rules("block"), seed=11)
    rng = random.Random(2)
    for _ in range(7):
        game = game.apply(rng.choice(game.legal_actions()))
    assert game.round is not None and game.current_seat is not None
    obs = observe(game, game.current_seat)
    evidence = PlayEvidence(obs)
    assert evidence.events
    assert math.isfinite(evidence.log_likelihood(World(tuple(game.round.hands), ())))
    belief = Belief(obs)
    worlds = [belief.sample(random.Random(i)) for i in range(20)]
    first = [evidence.log_likelihood(w) for w in worlds]
    assert first == [PlayEvidence(obs).log_likelihood(w) for w in worlds]
    assert len(set(first)) > 1  # the plays do tell worlds apart


def test_expert_with_inference_is_deterministic_and_blind_to_the_hidden_deal() -> None:
    """The same observation from two different deals gets the same choice and analysis, with plays rated."""
    game = _after_light_six()
    obs = observe(game, 0)
    # a twin: seat 1's unplayed tiles swapped with the boneyard's, the same plays replayed
    twin = explicit_game(
        "block",
        tiles("6-6", "6-0", "2-0", "4-0", "5-0", "1-0", "0-0"),
        tiles("6-1", "4-1", "3-1", "2-1", "5-2", "4-3", "1-1"),
    )
    twin = play(twin, "6-6", "6-1 L")
    assert observe(twin, 0) == obs
    assert game.round is not None and twin.round is not None and game.round.hands != twin.round.hands
    a = Expert(seed=4).choose(obs, Budget(30, 10.0))
    b = Expert(seed=4).choose(observe(twin, 0), Budget(30, 10.0))
    assert a == b
    assert a == Expert(seed=4).choose(obs, Budget(30, 10.0))


def test_no_play_is_rated_in_games_that_score_the_ends() -> None:
    """The model knows nothing of points: in All Fives every world keeps the same weight."""
    game = GameState.new(get_rules("all_fives"), seed=5)
    rng = random.Random(5)
    for _ in range(8):
        game = game.apply(rng.choice(game.legal_actions()))
    assert game.current_seat is not None
    obs = observe(game, game.current_seat)
    assert any(e.seat != obs.seat and e.action.kind == "play" for e in obs.history)
    assert not PlayEvidence(obs)
