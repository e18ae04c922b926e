"""Computer players: one `Player` interface, five levels from Beginner to Expert, found by name in one registry.

Every layer that offers levels (`bones players`, `bones play`, tournaments, the table's Opponent menu, the Hint)
reads `LEVELS`. A level says which games it plays (`Level.unsupported`); where it does not play one, `stand_in`
names the level that plays in its place and why, so nothing is ever swapped silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bones.engine.rules import Rules, subject

from .base import Budget, Choice, Player


def _beginner(seed: int) -> Player:
    from .beginner import Beginner

    return Beginner(seed=seed)


def _easy(seed: int) -> Player:
    from .easy import Easy

    return Easy(seed=seed)


def _medium(seed: int) -> Player:
    from .medium import Medium

    return Medium(seed=seed)


def _hard(seed: int) -> Player:
    from .hard import Hard

    return Hard(seed=seed)


def _expert(seed: int) -> Player:
    from .expert import Expert

    return Expert(seed=seed)


def _every_game(rules: Rules) -> str | None:
    return None


WIDE_TABLE_TILES = 28  # past four seats, Expert plays the double-six set only


def _expert_plays(rules: Rules) -> str | None:
    from .solver_scope import MAX_COMPILED_TILES, solvable

    if rules.asks:
        return None  # Honest John's star is searched by playing worlds out (`star_search`), at any number of seats
    why = solvable(rules)
    if why is None and rules.tile_count > MAX_COMPILED_TILES:
        why = f"its compiled search takes sets of at most {MAX_COMPILED_TILES} tiles, not {rules.tile_count}"
    if why is None and rules.players > 4 and rules.tile_count > WIDE_TABLE_TILES:
        # measured in Draw Dominoes at five, six and eight seats on double-nine: no better than Hard (within the
        # time target since worlds are dealt tile by tile; docs/levels.md)
        why = f"with more than four seats Expert plays the double-six set only, not {rules.tile_count} tiles"
    return why


@dataclass(frozen=True)
class Level:
    """One computer level: its id, its name on the table, what it does, how to make one, and which games it plays
    (`unsupported(rules)`: None, or why not in a player's words)."""

    id: str
    name: str
    description: str
    make: Callable[[int], Player]
    unsupported: Callable[[Rules], str | None] = _every_game
    fallback: str | None = None  # the level that plays in its place where it does not play
    limits: str | None = None  # where it does not play, in a player's words
    claims: float = 1.0  # where scores are claimed: the chance it claims what its play makes
    catches: float = 1.0  # ... and the chance it says "muggins" to take points the other side did not claim


LEVELS: dict[str, Level] = {lv.id: lv for lv in (
    Level("beginner", "Beginner", "plays the first tile in its hand that fits, on the first end it fits", _beginner,
          claims=0.5, catches=0.3),
    Level("easy", "Easy", "doubles first, heavy tiles before light; takes points whenever a tile offers them", _easy,
          claims=0.75, catches=0.5),
    Level("medium", "Medium", "also keeps a hand that can answer the ends; a faint sense of numbers running out",
          _medium, claims=0.9, catches=0.75),
    Level("hard", "Hard", "counts the tiles it can see; leaves ends and sums the other side is unlikely to answer "
          "(in Honest John's version 2, plays out eight deals)",
          _hard, claims=0.97, catches=0.9),
    Level("expert", "Expert", "remembers draws and passes, deals the hidden tiles up to 120 ways and solves each "
          "face up (in Honest John, plays each out)", _expert, _expert_plays, "hard",
          "a set of more than 63 tiles, or more than four seats on a set larger than double-six; not in Honest "
          "John, which Expert plays at every table, on every set"),
)}


def _unknown(level: object) -> ValueError:
    return ValueError(f"unknown player {level!r} (players: {', '.join(LEVELS)})")


def get_level(level: str) -> Level:
    if not isinstance(level, str) or level not in LEVELS:
        raise _unknown(level)
    return LEVELS[level]


def describe(level: str) -> str:
    """A one-line description of a level, for `bones players`."""
    return get_level(level).description


@dataclass(frozen=True)
class StandIn:
    """The level that plays a game for the one asked for: itself (`note` None), or another, and why."""

    level: str
    note: str | None


def stand_in(level: str, rules: Rules) -> StandIn:
    """Which level plays `rules` when `level` is asked for, and a sentence saying so when it is another one."""
    lv = get_level(level)
    why = lv.unsupported(rules)
    if why is None:
        return StandIn(lv.id, None)
    seen = {lv.id}
    other = lv
    while why is not None and other.fallback is not None and other.fallback not in seen:
        other = LEVELS[other.fallback]
        seen.add(other.id)
        why_other = other.unsupported(rules)
        if why_other is None:
            # "Block, playing on, with 4 players": a name with a comma closes it before more words
            seats = f"{subject(rules.name)} with {rules.players} players" if len(rules.allowed_players) > 1 \
                else rules.name
            return StandIn(other.id, f"{lv.name} does not play {seats} ({why}); {other.name} plays in its place.")
    raise ValueError(f"{lv.name} does not play {rules.name} ({why})")


def make_player(level: str, seed: int = 0) -> Player:
    """A new player of `level`, deterministic for `seed`."""
    return get_level(level).make(seed)


def player_for(level: str, rules: Rules, seed: int = 0) -> tuple[Player, StandIn]:
    """A player for `rules` at `level`, or at the level standing in for it (the StandIn says which, and why)."""
    chosen = stand_in(level, rules)
    return make_player(chosen.level, seed), chosen


__all__ = ["LEVELS", "Budget", "Choice", "Level", "Player", "StandIn", "describe", "get_level", "make_player",
           "player_for", "stand_in"]
