"""Rules: frozen descriptions of each game, found by id. Code branches on these fields, never on a game's name."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, Mapping

from .tiles import SET_SIZES, set_size


class RulesError(ValueError):
    """Unknown rules, or an option the game does not allow."""


Opening = Literal["highest_double", "highest_tile"]


@dataclass(frozen=True)
class Rules:
    """Everything that differs between the games. Field values the engine does not play yet are refused."""

    id: str
    name: str
    description: str
    max_pip: int = 6
    players: int = 2
    allowed_players: tuple[int, ...] = (2,)
    hand_size: int = 7
    # hand size for each number of players, when the option `hand_size` is not given
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 7),)
    # layout of the table: "line" (two ends); Sebastopol's "cross" and Honest John's "star" are planned kinds
    layout: Literal["line"] = "line"
    # which doubles open two more ends: none, the round's first double (All Fives), every double (Five Up)
    spinner: Literal["none", "first_double"] = "none"
    # what makes a tile fit an end: equal pips (Matadore's "sum_to_seven" is a planned kind)
    fit: Literal["match"] = "match"
    # drawing: "never" (Block) or "until_fits" (must draw one at a time until a tile fits)
    draw: Literal["never", "until_fits"] = "never"
    keep_back: int = 0  # boneyard tiles that are never drawn
    # who leads a round decided by the opening rule: the highest double, or the heaviest tile
    opening: Opening = "highest_double"
    opening_tile_must_lead: bool = True  # the tile that decided the lead must be the first tile
    no_double: Literal["heaviest_tile", "redeal"] = "heaviest_tile"
    # leader of later rounds: "alternate" (next seat after the last leader, any tile), "winner" (the seat that
    # went out, any tile; after a blocked round the opening rule), or "opening" (the opening rule every round)
    next_leader: Literal["alternate", "winner", "opening"] = "alternate"
    # scoring during play: a multiple of this at the ends scores the sum (0: no scoring during play)
    end_multiple: int = 0
    # end of round: "lowest_takes_difference" (the lowest hand, or each tied lowest, scores the other hands
    # minus its own) or "lowest_takes_all" (a single lowest hand scores all the others' pips, rounded)
    round_scoring: Literal["lowest_takes_difference", "lowest_takes_all"] = "lowest_takes_difference"
    rounding: int = 0  # round hand points to the nearest multiple of this (halves up: 12 -> 10, 13 -> 15)
    target: int = 100
    target_immediate: bool = False  # the game ends the moment a score reaches the target, even mid-round
    option_keys: tuple[str, ...] = ("target", "players", "hand_size", "set")

    @property
    def tile_count(self) -> int:
        return set_size(self.max_pip)

    def with_options(self, options: Mapping[str, Any] | None) -> "Rules":
        """These rules with standard or game-specific options applied; an unknown key or bad value is an error."""
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise RulesError("options must be an object such as {\"target\": 150}")
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in self.option_keys:
                raise RulesError(f"unknown option {key!r} for {self.id} (options: {', '.join(self.option_keys)})")
            if key == "opening":
                if value not in ("highest_double", "highest_tile"):
                    raise RulesError("option 'opening' must be \"highest_double\" or \"highest_tile\"")
                changes["opening"] = value
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"option {key!r} must be a whole number, not {value!r}")
            if key == "target":
                if value < 1:
                    raise RulesError("option 'target' must be at least 1")
                changes["target"] = value
            elif key == "players":
                if value not in self.allowed_players:
                    allowed = " or ".join(map(str, self.allowed_players))
                    raise RulesError(f"{self.name} is played by {allowed} players, not {value}")
                changes["players"] = value
            elif key == "hand_size":
                if value < 1:
                    raise RulesError("option 'hand_size' must be at least 1")
                changes["hand_size"] = value
            elif key == "set":
                if value not in SET_SIZES:
                    raise RulesError(f"option 'set' must be one of {', '.join(map(str, SET_SIZES))}, not {value}")
                changes["max_pip"] = value
        players = changes.get("players", self.players)
        if "players" in changes and "hand_size" not in changes:
            changes["hand_size"] = dict(self.hand_sizes).get(players, self.hand_size)
        rules = replace(self, **changes)
        if rules.players * rules.hand_size + rules.keep_back > rules.tile_count:
            raise RulesError(
                f"{rules.players} hands of {rules.hand_size} do not fit in a set of {rules.tile_count} tiles"
            )
        return rules

    def options(self) -> dict[str, Any]:
        """The option values in force (for records)."""
        out: dict[str, Any] = {"target": self.target}
        if "opening" in self.option_keys:
            out["opening"] = self.opening
        # a record must replay with the same set and hand size, so non-default ones are written out
        base = RULES.get(self.id)
        if base is not None and self.max_pip != base.max_pip:
            out["set"] = self.max_pip
        if self.hand_size != dict(self.hand_sizes).get(self.players, self.hand_size):
            out["hand_size"] = self.hand_size
        return out


_DRAW = Rules(
    id="draw",
    name="Draw",
    description="Two players, double-six: draw until a tile fits, the last two never drawn; 100 up.",
    draw="until_fits",
    keep_back=2,
)
_BLOCK = replace(
    _DRAW,
    id="block",
    name="Block",
    description="Two players, double-six: nobody draws, a side that cannot play passes; 100 up.",
    draw="never",
    keep_back=0,
)
_ALL_FIVES = Rules(
    id="all_fives",
    name="All Fives",
    description="Two players, one spinner: multiples of five at the ends score; draw to the last tile; 250 at once.",
    spinner="first_double",
    draw="until_fits",
    opening_tile_must_lead=False,
    next_leader="winner",
    end_multiple=5,
    round_scoring="lowest_takes_all",
    rounding=5,
    target=250,
    target_immediate=True,
)
_DRAW_DOMINOES = Rules(
    id="draw_dominoes",
    name="Draw Dominoes",
    description="Two to four players (7 tiles for two, 5 for more): draw until a tile fits; lowest hand scores; 100 up.",
    allowed_players=(2, 3, 4),
    hand_sizes=((2, 7), (3, 5), (4, 5)),
    draw="until_fits",
    no_double="redeal",
    next_leader="opening",
    option_keys=("target", "players", "hand_size", "set", "opening"),
)
_MUGGINS = Rules(
    id="muggins",
    name="Muggins",
    description="Two to four players, one line: every multiple of five at the ends scores; the last two never drawn; 100 up.",
    allowed_players=(2, 3, 4),
    hand_sizes=((2, 7), (3, 7), (4, 5)),
    draw="until_fits",
    keep_back=2,
    next_leader="opening",
    end_multiple=5,
    round_scoring="lowest_takes_all",
    rounding=5,
)

RULES: dict[str, Rules] = {r.id: r for r in (_DRAW, _BLOCK, _ALL_FIVES, _DRAW_DOMINOES, _MUGGINS)}


def get_rules(rules_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules called `rules_id`, with `options` applied."""
    if not isinstance(rules_id, str) or rules_id not in RULES:
        raise RulesError(f"unknown rules {rules_id!r} (known: {', '.join(RULES)})")
    return RULES[rules_id].with_options(options)
