"""Computer players: one `Player` interface, five levels from Beginner to Expert, found by name."""

from __future__ import annotations

from .base import Budget, Choice, Player

LEVELS = ("beginner", "easy", "medium", "hard", "expert")

_DESCRIPTIONS = {
    "beginner": "plays the first tile in its hand that fits, on the first end it fits",
    "easy": "doubles first, heavy tiles before light; takes points whenever a tile offers them",
    "medium": "also keeps a hand that can answer the ends; a faint sense of numbers running out",
    "hard": "counts the tiles it can see; leaves ends and sums the other side is unlikely to answer",
    "expert": "remembers draws and passes, deals the hidden tiles up to 120 ways and solves each face up",
}


def _unknown(level: object) -> ValueError:
    return ValueError(f"unknown player {level!r} (players: {', '.join(LEVELS)})")


def describe(level: str) -> str:
    """A one-line description of a level, for `bones players`."""
    if level not in _DESCRIPTIONS:
        raise _unknown(level)
    return _DESCRIPTIONS[level]


def make_player(level: str, seed: int = 0) -> Player:
    """A new player of `level`, deterministic for `seed`."""
    if level == "beginner":
        from .beginner import Beginner

        return Beginner(seed=seed)
    if level == "easy":
        from .easy import Easy

        return Easy(seed=seed)
    if level == "medium":
        from .medium import Medium

        return Medium(seed=seed)
    if level == "hard":
        from .hard import Hard

        return Hard(seed=seed)
    if level == "expert":
        try:
            from .expert import Expert
        except ModuleNotFoundError as e:
            if e.name != "bones.players.expert":
                raise
            raise ValueError("player 'expert' is not built yet (bones/players/expert.py is missing)") from None
        player: Player = Expert(seed=seed)
        return player
    raise _unknown(level)


__all__ = ["LEVELS", "Budget", "Choice", "Player", "describe", "make_player"]
