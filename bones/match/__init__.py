"""A whole game to the target between players: each sees only its own seat's observation."""

from .play import IllegalChoice, MatchResult, play_game

__all__ = ["IllegalChoice", "MatchResult", "play_game"]
