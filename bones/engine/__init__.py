"""The rules engine: tiles, rules, layouts, rounds, games, observations, actions and records (standard library only)."""

from .actions import DRAW, PASS, Action, ActionParseError
from .deal import Deal, seeded_deal
from .game import GameState, RoundResult, new_game
from .layout import Arm, End, Layout, Placement, Table, layout_of
from .observation import Observation, observe, observe_finished
from .record import RecordError, game_to_record, load, record_text
from .round import Event, IllegalAction, RoundState
from .rules import RULES, Rules, RulesError, get_rules
from .scoring import Settlement
from .tiles import Tile, tile_set

__all__ = [
    "Action", "ActionParseError", "DRAW", "PASS", "Deal", "seeded_deal", "GameState", "RoundResult", "new_game",
    "Arm", "End", "Layout", "Placement", "Table", "layout_of", "Observation", "observe", "observe_finished",
    "RecordError", "game_to_record", "load", "record_text", "Event", "IllegalAction", "RoundState", "RULES", "Rules", "RulesError",
    "get_rules", "Settlement", "Tile", "tile_set",
]
