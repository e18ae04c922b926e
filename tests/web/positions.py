"""Positions for the browser tests, found by playing seeded deals forward at random with the engine.

The server keeps a game as (rules, players, seed, actions) and never checks who chose the actions, so a test can
put any of these positions on a browser's table (`e2e_helpers.seat_at_table(..., actions=...)`) and the page
opens it with seat 0 to move.
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple

from bones.engine import Action, GameState, new_game


class Position(NamedTuple):
    game: str
    players: int
    seed: int
    actions: list[str]
    tile: str  # a tile seat 0 lays with one tap (it fits one end only, or opens the round)
    before: GameState  # the game as it stands
    after: GameState  # the game once it is laid


def _one_tap(g: GameState) -> list[Action]:
    """Seat 0's plays that a single tap makes: tiles that fit exactly one end."""
    plays = [a for a in g.legal_actions() if a.kind == "play"]
    ends: dict[str, int] = {}
    for a in plays:
        ends[str(a.tile)] = ends.get(str(a.tile), 0) + 1
    return [a for a in plays if ends[str(a.tile)] == 1]


def find(game: str, wanted: Callable[[GameState, GameState], bool], players: int = 2, start: int = 1,
         tries: int = 3000) -> Position:
    """The first position (over seeds from `start`, random play) where seat 0 can lay a tile with one tap so that
    `wanted(before, after)` holds."""
    options = {"players": players} if players != 2 else None
    for seed in range(start, start + tries):
        rng = random.Random(seed)
        g = new_game(game, seed, options)
        actions: list[str] = []
        for _ in range(400):
            if g.over or g.current_seat is None:
                break
            if g.current_seat == 0:
                for a in _one_tap(g):
                    after = g.apply(a)
                    if wanted(g, after):
                        return Position(game, players, seed, actions, str(a.tile), g, after)
            legal = g.legal_actions()
            a = legal[rng.randrange(len(legal))]
            actions.append(str(a))
            g = g.apply(a)
    raise LookupError(f"no position of {game} found")


def scores(before: GameState, after: GameState) -> bool:
    """The tile scores at the ends, and the round goes on."""
    return len(after.results) == len(before.results) and after.totals()[0] > before.totals()[0]


def ends_round(before: GameState, after: GameState) -> bool:
    """The tile is the last in the hand: the round ends, the game goes on."""
    return len(after.results) > len(before.results) and not after.over and after.results[-1].end == "out"


def ends_game(before: GameState, after: GameState) -> bool:
    return after.over


def lays_far_spinner(before: GameState, after: GameState) -> bool:
    """The tile is the round's first spinner, laid six or more tiles out along the line (the round goes on)."""
    from bones.engine import observe
    from bones.web.view import spinner_place

    if len(after.results) != len(before.results) or after.over:
        return False
    now = spinner_place(observe(after, 0))
    return spinner_place(observe(before, 0)) is None and now is not None and now.get("index", 0) >= 6
