"""Every level plays only legal actions, in every game the engine has and with every number of seats."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bones.engine import RULES, Action
from bones.engine.observation import Observation
from bones.match import play_game
from bones.players import Budget, Choice, make_player

HEURISTIC_LEVELS = ("beginner", "easy", "medium", "hard")
GAMES = [(rid, n) for rid, r in RULES.items() for n in r.allowed_players]


class Checked:
    """Wraps a player and checks each choice against the legal actions computed from the observation."""

    def __init__(self, level: str, seed: int) -> None:
        self.inner = make_player(level, seed)
        self.name = self.inner.name
        self.decisions = 0

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
        choice = self.inner.choose(obs, budget)
        legal = obs.legal_actions()
        assert isinstance(choice.action, Action)
        assert choice.action in legal, f"{self.name} chose {choice.action} from {legal}"
        if choice.analysis is not None:
            assert set(choice.analysis) == {str(a) for a in legal}
        self.decisions += 1
        return choice


@pytest.mark.parametrize("rules_id,seats", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), levels=st.lists(st.sampled_from(HEURISTIC_LEVELS), min_size=4, max_size=4))
def test_every_level_plays_a_whole_game_legally(rules_id: str, seats: int, seed: int, levels: list[str]) -> None:
    players = [Checked(levels[i], seed + i) for i in range(seats)]
    result = play_game(rules_id, players, seed, options={"players": seats, "target": 60})
    assert result.game.over
    assert all(p.decisions > 0 for p in players)


@pytest.mark.parametrize("level", HEURISTIC_LEVELS)
def test_same_seed_same_games(level: str) -> None:
    a = play_game("all_fives", [make_player(level, 3), make_player("easy", 4)], seed=11)
    b = play_game("all_fives", [make_player(level, 3), make_player("easy", 4)], seed=11)
    assert a.game.actions == b.game.actions
