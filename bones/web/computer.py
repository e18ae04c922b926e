"""The computer across the table and the Hint: bones.players behind one small adapter.

Players only ever get an `Observation` of their own seat. The levels come from the players' registry; where a level
does not play a game, the level standing in for it plays, and the table says so (`note`).
"""

from __future__ import annotations

from typing import NamedTuple

from bones.engine import Action, Observation, Rules
from bones.players import LEVELS, player_for, stand_in
from bones.players.hint import hint as expert_hint

TWO_PLAYERS = "two"
OPPONENT_NAMES = {**{lv.id: lv.name for lv in LEVELS.values()}, TWO_PLAYERS: "Two players"}


class Suggestion(NamedTuple):
    """An action chosen for a seat, with the reason in a player's words when there is one."""

    action: Action
    reason: str | None


def level_note(level: str, rules: Rules) -> str | None:
    """A sentence when another level plays `rules` in place of `level`; None when `level` plays them itself."""
    return stand_in(level, rules).note


def choose(level: str, seed: int, obs: Observation) -> Action:
    """The computer's action at `level` (or the level standing in for it) for its observation."""
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player, _ = player_for(level, obs.rules, seed)
    action = player.choose(obs).action
    if action not in legal:
        raise RuntimeError(f"the {level} player chose {action}, which is not legal here")
    return action


def hint(obs: Observation, seed: int = 0) -> Suggestion:
    """What Expert (or the level standing in for it) would play from this seat, with its reason."""
    legal = obs.legal_actions()
    if len(legal) == 1:
        return Suggestion(legal[0], "It is the only thing you can do.")
    choice = expert_hint(obs, seed=seed)
    return Suggestion(choice.action, choice.reason or None)
