"""play_game: a whole game to the target, each seat seeing only its own observation."""

from __future__ import annotations

import pytest

from bones.engine import GameState, Observation
from bones.engine.actions import PASS
from bones.match import IllegalChoice, play_game
from bones.players import Budget, Choice, make_player


def test_a_whole_game_to_the_target() -> None:
    result = play_game("draw", [make_player("easy", 1), make_player("beginner", 2)], seed=7)
    game = result.game
    assert game.over and max(game.scores) >= game.rules.target
    assert result.winner == game.winner == max(range(2), key=lambda s: game.scores[s])
    assert result.scores == game.scores
    assert result.moves == sum(len(r) for r in game.actions)
    assert len(result.times_ms) == 2 and all(t >= 0 for ts in result.times_ms for t in ts)
    assert 0 < len(result.times_ms[0]) < result.moves


def test_same_seed_same_game_and_observations_only() -> None:
    seen: list[tuple[int, str]] = []

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.inner = make_player("medium", 0)

        def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
            assert isinstance(obs, Observation) and obs.to_move
            return self.inner.choose(obs, budget)

    def on_move(game: GameState, seat: int, choice: Choice) -> None:
        seen.append((seat, str(choice.action)))

    a = play_game("all_fives", [Spy(), Spy()], seed=3, on_move=on_move)
    b = play_game("all_fives", [Spy(), Spy()], seed=3)
    assert a.game.actions == b.game.actions
    assert len(seen) == a.moves
    assert [s for s, _ in seen][:1] == [a.game.results[0].leader]


def test_options_and_seat_count() -> None:
    players = [make_player("hard", i) for i in range(3)]
    result = play_game("muggins", players, seed=5, options={"players": 3, "target": 61})
    assert result.game.rules.players == 3 and result.game.rules.target == 61
    with pytest.raises(ValueError, match="played by 2"):
        play_game("draw", players, seed=5)


def test_an_illegal_choice_names_the_player() -> None:
    class Stubborn:
        name = "stubborn"

        def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
            return Choice(PASS)

    with pytest.raises(IllegalChoice, match="stubborn in seat"):
        play_game("block", [Stubborn(), Stubborn()], seed=1)
