"""Play one whole game: deal from a seed, ask the seat to move for a choice, apply it, until the game is over."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from bones.engine.game import GameState
from bones.engine.observation import observe
from bones.engine.round import IllegalAction
from bones.engine.rules import Rules, get_rules
from bones.players.base import Budget, Choice, Player

# A game of any rules here ends long before this; more moves means a player or the engine is looping.
MAX_MOVES = 100_000

OnMove = Callable[[GameState, int, Choice], None]


class IllegalChoice(ValueError):
    """A player chose an action that is not legal; the message names the player and the position."""


@dataclass(frozen=True)
class MatchResult:
    """A finished game: the final state, the winner (None for a tie), and each seat's decision times.

    `times_ms[seat]` holds one entry per real decision (more than one legal action) of that seat, in
    milliseconds; forced moves (a single legal play, draw or pass) are still asked of the player but not timed.
    `clock_cuts[seat]`: that seat's decisions the wall-time safety cap ended early (`Choice.clock_cut`).
    """

    game: GameState
    winner: int | None
    times_ms: tuple[tuple[float, ...], ...]
    moves: int
    clock_cuts: tuple[int, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        return self.game.scores


def play_game(
    rules: Rules | str,
    players: Sequence[Player],
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: Budget | None = None,
    on_move: OnMove | None = None,
) -> MatchResult:
    """Play a game of `rules` dealt from `seed`, seat i played by `players[i]`, to the end.

    `on_move(game, seat, choice)` is called after every move with the game as it is after the move.
    """
    if isinstance(rules, str):
        rules = get_rules(rules, options)
    elif options:
        rules = rules.with_options(options)
    if len(players) != rules.players:
        raise ValueError(f"{rules.name} here is played by {rules.players}, but {len(players)} players were given")
    game = GameState.new(rules, seed=seed, names=[p.name for p in players])
    times: list[list[float]] = [[] for _ in players]
    cuts = [0] * len(players)
    moves = 0
    while not game.over:
        seat = game.current_seat
        if seat is None:
            raise RuntimeError("the game is not over but no seat is to move")
        obs = observe(game, seat)
        forced = len(obs.legal_actions()) == 1
        start = time.perf_counter()
        choice = players[seat].choose(obs, budget)
        elapsed = (time.perf_counter() - start) * 1000.0
        if not forced:
            times[seat].append(elapsed)
        cuts[seat] += choice.clock_cut
        try:
            game = game.apply(choice.action)
        except IllegalAction as e:
            name = players[seat].name
            raise IllegalChoice(f"{name} in seat {seat} chose {choice.action}, which is illegal: {e}") from e
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"the game did not end after {MAX_MOVES} moves")
        if on_move is not None:
            on_move(game, seat, choice)
    return MatchResult(game, game.winner, tuple(tuple(t) for t in times), moves, tuple(cuts))
