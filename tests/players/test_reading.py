"""Reading the other side's latest plays with the face-up search (`reading.py`): which plays are read, the world
rebuilt as it stood before each, and a world that makes a play look poor weighing less."""

from __future__ import annotations

import math
import random
from typing import Callable

import pytest

from bones.engine import GameState, get_rules, observe
from bones.engine.actions import Action
from bones.engine.round import RoundState
from bones.players.belief import World
from bones.players.reading import log_likelihood, rated_plays, state_at


def _played(rules_id: str, seed: int) -> tuple[GameState, list[RoundState]]:
    """A first round played by random legal actions until it ends or 24 actions are made, and the round as it
    stood before each action."""
    g = GameState.new(get_rules(rules_id), seed=seed)
    rng = random.Random(seed)
    before: list[RoundState] = []
    for _ in range(rng.randint(6, 24)):
        assert g.round is not None
        if g.round.over:
            break
        before.append(g.round)
        g = g.apply(rng.choice(g.legal_actions()))
        if g.round is None or len(g.round.history) != len(before):  # the round ended, and the next began
            break
    return g, before


def _true_world(state: RoundState) -> World:
    return World(state.hands, state.boneyard[state.drawn:])


def test_the_world_before_each_read_play_is_the_round_as_it_stood() -> None:
    """Given the true hidden deal, each read play's position is the round just before it: the same hands, points
    and seat to act, and the play made among its legal actions."""
    checked = 0
    for rules_id in ("muggins", "block", "bergen"):
        for seed in range(12):
            g, before = _played(rules_id, seed)
            if g.round is None or g.round.over or g.current_seat is None:
                continue
            obs = observe(g, g.current_seat)
            for r in rated_plays(obs, 3):
                ev = obs.history[r.index]
                assert ev.seat != obs.seat and ev.action.kind == "play"
                assert all(e.action.kind in ("play", "pass") for e in obs.history[r.index:])
                was = before[r.index]
                rebuilt = state_at(obs, _true_world(g.round), r)
                assert rebuilt.hands == was.hands and rebuilt.round_points() == was.round_points()
                assert rebuilt.current == was.current == ev.seat
                assert set(rebuilt.legal_actions()) == set(was.legal_actions()) and ev.action in was.legal_actions()
                checked += 1
    assert checked >= 10


def test_only_the_other_side_s_plays_since_the_last_draw_are_read() -> None:
    """A draw (anyone's) ends the reading: the world's boneyard is no longer what the play was made against."""
    seen_draw = False
    for seed in range(30):
        g, _ = _played("draw", seed)
        if g.round is None or g.round.over or g.current_seat is None:
            continue
        obs = observe(g, g.current_seat)
        draws = [k for k, e in enumerate(obs.history) if e.action.kind == "draw"]
        rated = rated_plays(obs, 10)
        if draws:
            seen_draw = True
            assert all(r.index > draws[-1] for r in rated)
        assert [r.index for r in rated] == sorted((r.index for r in rated), reverse=True)
        assert all(r.seat != obs.seat for r in rated) and all(r.index > 0 for r in rated)
    assert seen_draw


def test_a_world_where_the_play_was_poor_weighs_less() -> None:
    """A world whose face-up values make the play made the best of its seat's plays explains it better than one
    that makes it the worst; the chance is the softmax mixed with uniform choice; equal values teach nothing."""
    for seed in range(100):
        g, _ = _played("muggins", seed)
        if g.round is None or g.round.over or g.current_seat is None:
            continue
        obs = observe(g, g.current_seat)
        rated = rated_plays(obs, 1)
        world = _true_world(g.round)
        if not rated or len([a for a in state_at(obs, world, rated[0]).legal_actions() if a.kind == "play"]) < 2:
            continue
        made = obs.history[rated[0].index].action

        def valued(top: bool) -> Callable[[RoundState, list[Action], int], list[float]]:
            return lambda state, plays, seat: [(10.0 if top else -10.0) if a == made else 0.0 for a in plays]

        n = len([a for a in state_at(obs, world, rated[0]).legal_actions() if a.kind == "play"])
        best = log_likelihood(obs, world, rated, valued(True), temperature=5.0, uniform=0.1)
        worst = log_likelihood(obs, world, rated, valued(False), temperature=5.0, uniform=0.1)
        flat = log_likelihood(obs, world, rated, lambda s, plays, seat: [0.0] * len(plays), 5.0, 0.1)
        e2 = math.exp(2.0)
        assert best == pytest.approx(math.log(0.9 * e2 / (e2 + n - 1) + 0.1 / n))
        assert flat == pytest.approx(math.log(1 / n)) and worst < flat < best
        return
    raise AssertionError("no Muggins position with a play of the other seat to read")
