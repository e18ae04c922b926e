"""The rules engine: tiles, rules, rounds, games, observations, actions and records (standard library only)."""

from .actions import DRAW, PASS, Action, ActionParseError
from .deal import Deal, seeded_deal
from .game import GameState, RoundResult, new_game
from .observation import Observation, observe
from .record import RecordError, game_to_record, load
from .round import Event, IllegalAction, Placement, RoundState
from .rules import RULES, Rules, RulesError, get_rules
from .tiles import Tile, tile_set

__all__ = [
    "Action", "ActionParseError", "DRAW", "PASS", "Deal", "seeded_deal", "GameState", "RoundResult", "new_game",
    "Observation", "observe", "RecordError", "game_to_record", "load", "Event", "IllegalAction", "Placement",
    "RoundState", "RULES", "Rules", "RulesError", "get_rules", "Tile", "tile_set",
]
