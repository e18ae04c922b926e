"""The computer across the table and the Hint: bones.players behind one small adapter.

Players only ever get an `Observation` of their own seat. Until bones.players is importable (it is written in
parallel), a stand-in that plays like Beginner keeps the table playable.
"""

from __future__ import annotations

import logging
from typing import Any, NamedTuple

from bones.engine import Action, Observation

log = logging.getLogger("bones.web")
LEVELS: tuple[str, ...] = ("beginner", "easy", "medium", "hard", "expert")
TWO_PLAYERS = "two"
LEVEL_NAMES = {"beginner": "Beginner", "easy": "Easy", "medium": "Medium", "hard": "Hard", "expert": "Expert",
               TWO_PLAYERS: "Two players"}


class Suggestion(NamedTuple):
    """An action chosen for a seat, with the reason in a player's words when there is one."""

    action: Action
    reason: str | None


def _first_fit(obs: Observation) -> Action:
    """Beginner's way: the first tile in the hand that fits, on the first end it fits."""
    legal = obs.legal_actions()
    for tile in obs.hand:
        for a in legal:
            if a.tile == tile:
                return a
    return legal[0]


def _heaviest(obs: Observation) -> Suggestion:
    """A fallback hint: the heaviest tile that fits, doubles first among equals."""
    legal = obs.legal_actions()
    plays = [a for a in legal if a.tile is not None]
    if not plays:
        return Suggestion(legal[0], None)
    best = max(plays, key=lambda a: (a.tile.pips if a.tile else 0, bool(a.tile and a.tile.is_double)))
    return Suggestion(best, "It gets the most dots out of your hand.")


def choose(level: str, seed: int, obs: Observation) -> Action:
    """The computer's action at `level` for its observation (a single legal action is taken without asking)."""
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    try:
        from bones.players import make_player
    except ImportError:
        return _first_fit(obs)
    try:
        player: Any = make_player(level, seed)
        choice = player.choose(obs, budget=None)
    except Exception:  # a failing level must not leave the table stuck: play on as Beginner would
        log.exception("the %s player failed; playing the first tile that fits", level)
        return _first_fit(obs)
    action = getattr(choice, "action", choice)
    if not isinstance(action, Action) or action not in legal:
        return _first_fit(obs)
    return action


def hint(obs: Observation, seed: int = 0) -> Suggestion:
    """What Expert would play from this seat (0.7 s), with its reason."""
    legal = obs.legal_actions()
    if len(legal) == 1:
        return Suggestion(legal[0], "It is the only thing you can do.")
    try:
        from bones.players.hint import hint as expert_hint
    except ImportError:
        return _heaviest(obs)
    try:
        choice: Any = expert_hint(obs, seed=seed)
    except Exception:
        log.exception("the hint failed; suggesting the heaviest tile")
        return _heaviest(obs)
    action = getattr(choice, "action", choice)
    if not isinstance(action, Action) or action not in legal:
        return _heaviest(obs)
    reason = getattr(choice, "reason", None)
    return Suggestion(action, reason if isinstance(reason, str) and reason else None)
