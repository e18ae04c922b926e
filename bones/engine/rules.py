"""Rules: frozen descriptions of each game, found by id. Code branches on these fields, never on a game's name.

Every choice a game makes is a typed value here: an enum where the engine knows several ways (how the tiles lie,
what fits an end, drawing, who leads, how a round is scored, how the game ends), a number where it is a quantity.
Predicates (`draws`, `scores_ends`, ...) say what the layers above need to know, so nothing above the engine
compares rule values.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Mapping, Sequence

from .tiles import SET_SIZES, set_size


class RulesError(ValueError):
    """Unknown rules, or an option the game does not allow."""


class LayoutKind(StrEnum):
    """How the tiles lie on the table (`layout.py` names each kind's ends)."""

    LINE = "line"  # two ends, doubles across
    FIRST_SPINNER = "first_spinner"  # the round's first double opens two more ends once both long sides are covered
    FIRST_SPINNER_FREE = "first_spinner_free"  # the first double's four points are open at once (Muggins' spinner)
    EVERY_SPINNER = "every_spinner"  # every double does (Five Up)
    CROSS = "cross"  # the first double opens four arms at once, and none grows until all four are started
    STAR = "star"  # one line per seat from the centre double, each seat's own, closable (Honest John)


class Fit(StrEnum):
    """What makes a tile fit an end."""

    MATCH = "match"  # the touching half shows the end's number
    SEVEN = "seven"  # the touching half and the end make seven; the trumps (0-0 and the tiles of seven) go anywhere


class Draw(StrEnum):
    NEVER = "never"  # Block: a seat with nothing that fits passes
    UNTIL_FITS = "until_fits"  # must draw, one tile at a time, until one fits
    OPTIONAL = "optional"  # may draw at any time, able to play or not; with nothing that fits, must draw until it can
    ONCE = "once"  # with nothing that fits, draw one tile a turn, then ask the others (Honest John 2)


class Ask(StrEnum):
    """What a seat does when nothing of its own fits (and it has drawn what it may): Honest John's decisions by a
    seat that is not the one to move (`round.RoundState._ask`)."""

    NONE = "none"  # draw or pass, as `Draw` says
    SELL = "sell"  # ask round the table: the first seat holding a tile that fits sells one for a chip; nobody can:
    # the asker's line is closed (Honest John 1)
    GIVE = "give"  # the same, given for nothing and played at once; nobody can: the turn passes (Honest John 2)


class Cut(StrEnum):
    """How two players decide who sets first in a game with no opening rule of its own (seed 004's "Shuffling and
    Cutting"); later rounds follow `NextLeader`."""

    HANDS = "hands"  # the higher double in the hands dealt, else the heavier tile
    PUSHED = "pushed"  # two tiles pushed face down, the other player takes one: the lighter sets
    DRAWN = "drawn"  # each draws a tile: the lower double sets; with no double, the lighter tile
    PARTNERS = "partners"  # four cut: the two lowest play against the two highest, the lowest cut sets


class Opening(StrEnum):
    """Who leads a round decided by the opening rule."""

    HIGHEST_DOUBLE = "highest_double"  # else, with no double dealt, `NoDouble` says
    HIGHEST_TILE = "highest_tile"  # the heaviest tile: most pips, then the higher half


class NoDouble(StrEnum):
    HEAVIEST_TILE = "heaviest_tile"
    REDEAL = "redeal"


class NextLeader(StrEnum):
    """Who leads the rounds after the first."""

    ALTERNATE = "alternate"  # the next seat after the last leader, with any tile
    WINNER = "winner"  # the seat that went out, with any tile; after a blocked round the opening rule
    OPENING = "opening"  # the opening rule every round
    ROUND_WINNER = "round_winner"  # the winner of the round, out or lighter hand, with any tile; else the next seat
    DESCENDING_DOUBLE = "descending_double"  # the holder of the next double below the last round's first (Honest
    # John 2: if nobody holds it, the next below, and so on)


class RoundScoring(StrEnum):
    """How the hands left are scored when a round ends."""

    # the lowest hand (each tied lowest hand) scores the other hands' pips less its own
    LOWEST_TAKES_DIFFERENCE = "lowest_takes_difference"
    LOWEST_TAKES_ALL = "lowest_takes_all"  # the seat out, or a single lowest hand, scores all the others, rounded
    BERGEN = "bergen"  # domino scores one; a blocked round scores one by the hands' pips and doublets (seed 004)
    ONE_POINT = "one_point"  # the seat out, or a single lowest hand, wins the round: one point
    POOL = "pool"  # every seat antes chips into a pool; domino, else the fewest pips, takes it (ties divide)
    CHIP_FROM_EACH = "chip_from_each"  # the seat out takes one chip from every other seat; a blocked round pays none


class GameEnd(StrEnum):
    """When the game is over."""

    TARGET_AFTER_ROUND = "target_after_round"  # a score at or over the target when a round ends
    TARGET_AT_ONCE = "target_at_once"  # the moment a score reaches the target, even mid-round
    HANDS_PLAYED = "hands_played"  # after an agreed number of hands, or when a seat cannot ante for the next
    DOUBLES_RUN_OUT = "doubles_run_out"  # after the 0-0 round, or when no hand holds a double below the last one


class Turn(StrEnum):
    """Whose turn comes after a play (`round.RoundState._next_after_play`)."""

    NEXT_SEAT = "next_seat"  # seat order, always
    DOUBLE_AGAIN = "double_again"  # a seat that lays a double plays again (seed 003's second mode)
    PLAY_ON = "play_on"  # a seat plays on as long as a tile of its hand fits (seed 004's each-for-himself Block)


# Game-specific options (a game offers those named in its `option_keys`): each value and the fields it sets.
CHOICES: dict[str, dict[Any, dict[str, Any]]] = {
    "opening": {"highest_double": {"opening": Opening.HIGHEST_DOUBLE}, "highest_tile": {"opening": Opening.HIGHEST_TILE}},
    "cut": {"hands": {"cut": Cut.HANDS}, "pushed": {"cut": Cut.PUSHED}, "drawn": {"cut": Cut.DRAWN}},
    "partners": {False: {"partners": False}, True: {"partners": True}},
    "count": {"face": {"per_multiple": False}, "per_five": {"per_multiple": True}},
    "spinner": {False: {"layout": LayoutKind.LINE}, True: {"layout": LayoutKind.FIRST_SPINNER_FREE}},
    "claims": {False: {"claims": False}, True: {"claims": True}},
    "trumps": {"any_time": {"trumps_when_stuck": False}, "when_stuck": {"trumps_when_stuck": True}},
    "winner_scores_own": {False: {"winner_scores_own": False}, True: {"winner_scores_own": True}},
    "shut": {False: {"shut": False}, True: {"shut": True}},
    "draw": {"never": {"draw": Draw.NEVER}, "optional": {"draw": Draw.OPTIONAL}},
    "pose": {"alternate": {"next_leader": NextLeader.ALTERNATE}, "winner": {"next_leader": NextLeader.ROUND_WINNER}},
}


PER_MULTIPLE_TARGET = 20

# Standard option keys (spec/record.md: target, players, hand_size, set) that some games do not vary (Sebastopol's
# seven each from the double-six, Honest John's double-nine): the Rules field each stands for. Such a game takes
# the key at its own value, as no change, and refuses any other value.
SMALL_SET_STOCK = 8  # tiles a set too small for the table's usual hands keeps to draw from (as double-six for four)
FIXED_STANDARD = {"hand_size": "hand_size", "set": "max_pip"}


def json_text(value: Any) -> str:
    """A value as a record writes it (true, "pushed", 20)."""
    return json.dumps(value)


@dataclass(frozen=True)
class Rules:
    """Everything that differs between the games."""

    id: str
    name: str
    description: str  # one line for listings; read `described`, which adds the number of hands where one is agreed
    max_pip: int = 6
    players: int = 2
    allowed_players: tuple[int, ...] = (2,)
    hand_size: int = 7
    # hand size for each number of players, when the option `hand_size` is not given
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 7),)
    # the set (its highest pip) for each number of players, when the option `set` is not given
    sets: tuple[tuple[int, int], ...] = ()
    min_stock: int = 0  # tiles the deal must leave in the stock (Domino Pool: "at least eight")
    partners: bool = False  # four seats, partners opposite (seats 0 and 2 against 1 and 3), scoring as a side
    layout: LayoutKind = LayoutKind.LINE
    fit: Fit = Fit.MATCH
    draw: Draw = Draw.NEVER
    keep_back: int = 0  # boneyard tiles that are never drawn (capped at what the deal leaves)
    opening: Opening = Opening.HIGHEST_DOUBLE
    cut: Cut | None = None  # two players cut for the first set (the leader then sets any tile); None: `opening`
    opening_tile_must_lead: bool = True  # the tile that decided the lead must be the first tile
    no_double: NoDouble = NoDouble.HEAVIEST_TILE
    next_leader: NextLeader = NextLeader.ALTERNATE
    turn: Turn = Turn.NEXT_SEAT
    end_multiple: int = 0  # a multiple of this at the ends scores the sum during play (0: no scoring during play)
    per_multiple: bool = False  # ... one point for each multiple (Muggins "one point for each five"), not the sum
    headers: bool = False  # Bergen: both ends alike score 2, a double at one end and its suit at the other 3
    claims: bool = False  # a score during play counts only if claimed; "muggins" takes an unclaimed one
    trumps_when_stuck: bool = False  # Matadore's trumps only when nothing else fits ("to prevent a block")
    round_scoring: RoundScoring = RoundScoring.LOWEST_TAKES_DIFFERENCE
    winner_scores_own: bool = False  # the round's winner also scores the pips left in its own hand
    rounding: int = 0  # round hand points to the nearest multiple of this (halves up: 12 -> 10, 13 -> 15)
    shut: bool = False  # after a "go", the other may shut the game and count at once
    target: int = 100
    game_end: GameEnd = GameEnd.TARGET_AFTER_ROUND
    chips: int = 0  # chips each seat starts with, where rounds are settled in chips (its score is what it holds)
    ante: int = 0  # chips each seat puts into the pool every hand
    hands: int = 0  # hands in a game that ends after an agreed number (0: until a seat cannot ante)
    ask: Ask = Ask.NONE  # a seat with nothing that fits asks the others to sell or give it a tile (Honest John)
    doubles_first: bool = False  # a line showing a number whose double is not down takes only that double
    lead_plays_again: bool = False  # the seat that lays the round's first tile then plays on it if it can
    block_limit: int = 0  # a blocked round is won only by a hand of fewer pips than this (0: any lowest hand)
    out_wins_alone: bool = False  # the seat that goes out is the one winner, even beside a hand of only the 0-0
    plays_for_both: bool = False  # right after another seat's "go", a seat plays twice: for him, then for itself
    # hand size for each set (its highest pip), before `hand_sizes`, when the option `hand_size` is not given
    set_hand_sizes: tuple[tuple[int, int], ...] = ()
    option_keys: tuple[str, ...] = ("target", "players", "hand_size", "set")
    name_says_players: bool = False  # the name says how many play ("Four-handed Block"): no "for 4 players" after it

    # ----- what the layers above ask ----------------------------------------------------------------------

    @property
    def tile_count(self) -> int:
        return set_size(self.max_pip)

    @property
    def draws(self) -> bool:
        """Whether a seat with nothing that fits draws from the boneyard (while there is one to draw)."""
        return self.draw is not Draw.NEVER

    @property
    def scores_ends(self) -> bool:
        """Whether the sum of the ends scores during play (All Fives, Muggins, All Threes, Five Up)."""
        return self.end_multiple > 0

    @property
    def scores_in_play(self) -> bool:
        """Whether a play can score points (the sum of the ends, or Bergen's headers)."""
        return self.end_multiple > 0 or self.headers

    @property
    def draws_freely(self) -> bool:
        """Whether a seat may draw while it holds a tile that fits (the Draw Game of seed 004)."""
        return self.draw is Draw.OPTIONAL

    @property
    def name_in_sentence(self) -> str:
        """The name in the middle of a sentence, as a refusal says it: "the Block Game", "Matadore"."""
        return "the" + self.name[3:] if self.name.startswith("The ") else self.name

    @property
    def unclaimed_why(self) -> str:
        """Why nothing is claimed in a game without claims: its scores count by themselves, or nothing scores."""
        return "every score counts by itself" if self.scores_ends else "nothing scores during play"

    @property
    def one_round_game(self) -> bool:
        """Whether one round is the whole game, won or lost (the Boy's Game's French mode)."""
        return self.round_scoring is RoundScoring.ONE_POINT and self.target == 1

    @property
    def ends_at_once(self) -> bool:
        """Whether reaching the target during play ends the game at once."""
        return self.game_end is GameEnd.TARGET_AT_ONCE

    @property
    def cuts_with_tiles(self) -> bool:
        """Whether the players cut with tiles for the first set (the first round's deal holds the tiles cut)."""
        return self.cut in (Cut.PUSHED, Cut.DRAWN, Cut.PARTNERS)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that share a score: partners (0 and 2, 1 and 3), else each seat alone."""
        if self.partners:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats of `seat`'s side (itself alone where each plays for himself)."""
        return self.sides[seat % 2] if self.partners else (seat,)

    @property
    def plays_for_chips(self) -> bool:
        """Whether rounds are settled in chips (a seat's score is the chips it holds, starting with `chips`)."""
        return self.round_scoring in (RoundScoring.POOL, RoundScoring.CHIP_FROM_EACH)

    @property
    def has_pool(self) -> bool:
        """Whether every seat antes into a pool that the round's winner takes (Domino Pool)."""
        return self.round_scoring is RoundScoring.POOL

    @property
    def deal_word(self) -> str:
        """What one deal is called: a "hand" where each antes into a pool (Domino Pool: "chips carry from hand to
        hand"), else a "round"."""
        return "hand" if self.has_pool else "round"

    @property
    def described(self) -> str:
        """`description` and, in a game of an agreed number of hands (rounds), that number as these rules have it
        ("…; ten rounds.", "…; 3 rounds.", "…; played until a player cannot ante."); Matadore's trumps as the set
        has them."""
        text = self.description
        # the target as these rules have it (the description gives the game's own: "100 up.", "250 at once.")
        text = re.sub(r"\b\d+ (up|at once)\.$", f"{self.target} \\1.", text)
        if self.fit is Fit.SEVEN and self.max_pip >= 7:  # Matadore past double-six: 7-0 has seven on its faces too
            text = text.replace("0-0, 6-1, 5-2 and 4-3", "0-0, 7-0, 6-1, 5-2 and 4-3")
        if "hands" not in self.option_keys:
            return text
        n = self.hands
        count = (f"{'ten' if n == 10 else n} {self.deal_word}{'' if n == 1 else 's'}" if n
                 else "played until a player cannot ante")
        return f"{text}; {count}."

    @property
    def asks(self) -> bool:
        """Whether a seat with nothing that fits asks the others for a tile (Honest John)."""
        return self.ask is not Ask.NONE

    @property
    def sells(self) -> bool:
        """Whether tiles asked for are sold for a chip (Honest John 1), rather than given."""
        return self.ask is Ask.SELL

    @property
    def answer(self) -> str:
        """The action of a seat asked for a tile, as actions name it: "sell" or "give"."""
        return self.ask.value

    @property
    def start_score(self) -> int:
        return self.chips if self.plays_for_chips else 0

    @property
    def lowest_takes_all(self) -> bool:
        return self.round_scoring is RoundScoring.LOWEST_TAKES_ALL

    @property
    def kept_back(self) -> int:
        """Boneyard tiles never drawn, as the deal leaves them (never more than the boneyard holds; none where nobody
        draws)."""
        if self.draw is Draw.NEVER:
            return 0
        return min(self.keep_back, max(0, self.tile_count - self.players * self.hand_size))

    def lead_is_forced(self, round_index: int, previous_end: str | None) -> bool:
        """Whether the opening rule decides this round's leader and the first tile it lays (`previous_end`: how the
        round before ended, None in the first round)."""
        if round_index > 0 and self.next_leader is NextLeader.DESCENDING_DOUBLE:
            return True  # the next double down, laid by its holder
        return self.opening_tile_must_lead and self.opening_decides(round_index, previous_end)

    def opening_decides(self, round_index: int, previous_end: str | None) -> bool:
        """Whether the opening rule (highest double or heaviest tile) decides who leads this round."""
        if round_index == 0:
            return self.cut is None
        if self.next_leader is NextLeader.OPENING:
            return True
        if self.next_leader in (NextLeader.ALTERNATE, NextLeader.ROUND_WINNER, NextLeader.DESCENDING_DOUBLE):
            return False
        return previous_end != "out"  # WINNER: the seat that went out leads; after a blocked round the opening rule

    # ----- options ----------------------------------------------------------------------------------------

    def with_options(self, options: Mapping[str, Any] | None) -> "Rules":
        """These rules with standard or game-specific options applied; an unknown key or bad value is an error."""
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise RulesError("options must be an object such as {\"target\": 150}")
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in self.option_keys:
                if key in FIXED_STANDARD:  # a standard key this game does not vary: its own value is no change
                    own = getattr(self, FIXED_STANDARD[key])
                    if isinstance(value, int) and not isinstance(value, bool) and value == own:
                        continue
                    raise RulesError(f"option {key!r} is always {own} in {self.name_in_sentence}, "
                                     f"not {json_text(value)}")
                raise RulesError(f"unknown option {key!r} for {self.id} (options: {', '.join(self.option_keys)})")
            if key in CHOICES:
                choices = CHOICES[key]
                if (not isinstance(value, (str, bool)) or isinstance(value, bool) is not isinstance(next(iter(choices)), bool)
                        or value not in choices):
                    allowed = " or ".join(json_text(v) for v in choices)
                    raise RulesError(f"option {key!r} must be {allowed}, not {json_text(value)}")
                changes.update(choices[value])
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"option {key!r} must be a whole number, not {json_text(value)}")
            if key == "target":
                if value < 1:
                    raise RulesError("option 'target' must be at least 1")
                changes["target"] = value
            elif key == "players":
                if value not in self.allowed_players:
                    allowed = players_words(self.allowed_players)
                    raise RulesError(f"{subject(self.name)} is played by {allowed} players, not {value}")
                changes["players"] = value
            elif key == "hand_size":
                if value < 1:
                    raise RulesError("option 'hand_size' must be at least 1")
                changes["hand_size"] = value
            elif key == "set":
                if value not in SET_SIZES:
                    raise RulesError(f"option 'set' must be one of {', '.join(map(str, SET_SIZES))}, not {value}")
                changes["max_pip"] = value
            elif key in ("chips", "ante"):
                if value < 1:
                    raise RulesError(f"option {key!r} must be at least 1")
                changes[key] = value
            elif key == "hands":
                if value < 1 and not self.ante:
                    raise RulesError("option 'hands' must be at least 1")
                if value < 0:
                    raise RulesError("option 'hands' must be 0 (play until a player cannot ante) or more")
                changes["hands"] = value
        players = changes.get("players", self.players)
        if "players" in changes and "set" not in options:
            changes["max_pip"] = self.default_set(players)
        # the default hand follows the set where it depends on it (sizes by set; the most that leave `min_stock`)
        set_sized = "set" in options and bool(self.set_hand_sizes or self.min_stock)
        if ("players" in changes or set_sized) and "hand_size" not in changes:
            changes["hand_size"] = replace(self, **changes).default_hand_size(players)
        ante, chips = changes.get("ante", self.ante), changes.get("chips", self.chips)
        if ante > chips and ("ante" in changes or "chips" in changes):
            have = f"{chips} chip{'' if chips == 1 else 's'}"
            raise RulesError(f"an ante of {ante} is more than the {have} each player starts with")
        if changes.get("partners") and players != 4:
            raise RulesError(f"partners sit opposite at a table of four, not {players}")
        if changes.get("per_multiple") and not self.per_multiple and "target" not in options:
            changes["target"] = PER_MULTIPLE_TARGET  # "If only one point is scored for each five, 20 or 21 may be game"
        rules = replace(self, **changes)
        rules.check_deal_fits()
        return rules

    def choice(self, key: str) -> Any:
        """The value in force of a game-specific option (`CHOICES`), read back from the fields it sets."""
        for value, fields in CHOICES[key].items():
            if all(getattr(self, f) == v for f, v in fields.items()):
                return value
        raise AssertionError(f"{self.id} has no value of option {key!r}")  # pragma: no cover - every field is covered

    def default_set(self, players: int) -> int:
        """The set's highest pip for `players` when the option `set` is not given."""
        return dict(self.sets).get(players, RULES[self.id].max_pip if self.id in RULES else self.max_pip)

    def default_hand_size(self, players: int) -> int:
        """The hand size for `players` when the option `hand_size` is not given (where the stock must keep
        `min_stock` tiles: the most each seat can take and leave them)."""
        if self.min_stock:
            return max(1, (set_size(self.max_pip) - self.min_stock) // players)
        if self.max_pip in dict(self.set_hand_sizes):
            return dict(self.set_hand_sizes)[self.max_pip]
        size = dict(self.hand_sizes).get(players, self.hand_size)
        tiles = set_size(self.max_pip)
        if players * size + self.keep_back >= tiles and self.draws:  # a set too small for these hands to leave a
            # tile to draw (double-six for six, or for Honest John 2 at three): hands that leave a boneyard to draw from
            return max(1, (tiles - SMALL_SET_STOCK) // players)
        return size

    def check_deal_fits(self) -> None:
        """Refuse a deal that cannot be made, saying why in full."""
        need = self.players * self.hand_size
        if need > self.tile_count:
            raise RulesError(f"{self.players} hands of {self.hand_size} need {need} tiles; the double-{self.max_pip} "
                             f"set has {self.tile_count}")
        if self.tile_count - need < self.min_stock:
            raise RulesError(f"{self.players} hands of {self.hand_size} leave {self.tile_count - need} tiles in the "
                             f"stock; {self.name_in_sentence} leaves at least {self.min_stock}")

    def options(self) -> dict[str, Any]:
        """The option values in force (for records): the target, and whatever differs from the game's defaults."""
        out: dict[str, Any] = {"target": self.target} if "target" in self.option_keys else {}
        for key in self.option_keys:
            if key in CHOICES:
                out[key] = self.choice(key)
        if self.max_pip != self.default_set(self.players):
            out["set"] = self.max_pip
        if self.hand_size != self.default_hand_size(self.players):
            out["hand_size"] = self.hand_size
        for key in ("chips", "ante", "hands"):
            if key in self.option_keys:
                out[key] = getattr(self, key)
        return out


_DRAW = Rules(
    id="draw",
    name="Draw",
    description="Two players, double-six: draw until a tile fits, the last two never drawn; 100 up.",
    draw=Draw.UNTIL_FITS,
    keep_back=2,
)
_BLOCK = replace(
    _DRAW,
    id="block",
    name="Block",
    description="Two players, double-six: nobody draws, a side that cannot play passes; 100 up.",
    draw=Draw.NEVER,
    keep_back=0,
)
_ALL_FIVES = Rules(
    id="all_fives",
    name="All Fives",
    description="Two players, one spinner: multiples of five at the ends score; draw to the last tile; 250 at once.",
    layout=LayoutKind.FIRST_SPINNER,
    draw=Draw.UNTIL_FITS,
    opening_tile_must_lead=False,
    next_leader=NextLeader.WINNER,
    end_multiple=5,
    round_scoring=RoundScoring.LOWEST_TAKES_ALL,
    rounding=5,
    target=250,
    game_end=GameEnd.TARGET_AT_ONCE,
)
_DRAW_DOMINOES = Rules(
    id="draw_dominoes",
    name="Draw Dominoes",
    description="Two to eight players (double-nine for five or more): draw until a tile fits; lowest hand scores; "
                "100 up.",
    allowed_players=(2, 3, 4, 5, 6, 7, 8),
    hand_sizes=((2, 7), (3, 5), (4, 5), (5, 7), (6, 6), (7, 5), (8, 5)),
    sets=((5, 9), (6, 9), (7, 9), (8, 9)),
    draw=Draw.UNTIL_FITS,
    no_double=NoDouble.REDEAL,
    next_leader=NextLeader.OPENING,
    option_keys=("target", "players", "hand_size", "set", "opening"),
)
_MUGGINS = Rules(
    id="muggins",
    name="Muggins",
    description="Two to four players, one line: every multiple of five at the ends scores; the last two never "
                "drawn; 100 at once.",
    allowed_players=(2, 3, 4),
    hand_sizes=((2, 7), (3, 7), (4, 5)),
    draw=Draw.UNTIL_FITS,
    keep_back=2,
    next_leader=NextLeader.OPENING,
    end_multiple=5,
    round_scoring=RoundScoring.LOWEST_TAKES_ALL,
    rounding=5,
    game_end=GameEnd.TARGET_AT_ONCE,
    option_keys=("target", "players", "hand_size", "set", "count", "spinner", "claims"),
)
_ALL_THREES = replace(
    _MUGGINS,
    id="all_threes",
    name="All Threes",
    description="Muggins with threes: every multiple of three at the ends scores; hands rounded to threes; "
                "100 at once.",
    end_multiple=3,
    rounding=3,
)
_FIVE_UP = Rules(
    id="five_up",
    name="Five Up",
    description="Two to four players, five tiles each: every double is a spinner; multiples of five at the ends "
                "score; 250 at once.",
    allowed_players=(2, 3, 4),
    hand_size=5,
    hand_sizes=((2, 5), (3, 5), (4, 5)),
    layout=LayoutKind.EVERY_SPINNER,
    draw=Draw.UNTIL_FITS,
    opening_tile_must_lead=False,
    next_leader=NextLeader.WINNER,
    end_multiple=5,
    round_scoring=RoundScoring.LOWEST_TAKES_ALL,
    rounding=5,
    target=250,
    game_end=GameEnd.TARGET_AT_ONCE,
)

_BLOCK_GAME = Rules(
    id="block_game",
    name="The Block Game",
    description="The old book's Block for two: cut for the first set, which is any tile; \"go\" when blocked; "
                "the heavier hand loses its excess; 100 up.",
    cut=Cut.HANDS,
    opening_tile_must_lead=False,
    next_leader=NextLeader.ALTERNATE,
    option_keys=("target", "players", "hand_size", "set", "cut"),
)
_DRAW_GAME = replace(
    _BLOCK_GAME,
    id="draw_game",
    name="The Draw Game",
    description="The Block Game with drawing at will: draw at any time but the last two; blocked, draw until you "
                "can play; 100 up.",
    draw=Draw.OPTIONAL,
    keep_back=2,
)
_MATADORE = Rules(
    id="matadore",
    name="Matadore",
    description="Two players: an end and the half laid to it make seven; 0-0, 6-1, 5-2 and 4-3 are trumps that go "
                "anywhere; settled as Block; 100 up.",
    fit=Fit.SEVEN,
    next_leader=NextLeader.OPENING,
    option_keys=("target", "players", "hand_size", "set", "trumps"),
)
_BERGEN = Rules(
    id="bergen",
    name="Bergen",
    description="Two players, six each: both ends alike score 2, a double at one and its suit at the other 3; "
                "domino 1; 15 at once.",
    hand_size=6,
    hand_sizes=((2, 6),),
    draw=Draw.UNTIL_FITS,
    keep_back=2,
    next_leader=NextLeader.OPENING,
    headers=True,
    round_scoring=RoundScoring.BERGEN,
    target=15,
    game_end=GameEnd.TARGET_AT_ONCE,
)
_BOYS_FRENCH = Rules(
    id="boys_french",
    name="The Boy's Game, French",
    description="The Ordinary Boy's Game, French mode, for two: the highest double plays first; a \"go\" lets "
                "the other play on; out, or the fewest pips when neither can play, wins the game.",
    round_scoring=RoundScoring.ONE_POINT,
    target=1,
    keep_back=2,
    next_leader=NextLeader.OPENING,  # every deal: "The player holding the highest double then plays first"
    option_keys=("target", "players", "hand_size", "set", "shut", "draw"),
)
_BOYS_GAME = Rules(
    id="boys_game",
    name="The Boy's Game",
    description="The Ordinary Boy's Game for two: a double keeps the turn; after a \"go\" the other plays for "
                "both; out scores the other hand; when neither can go, the fewest pips score the difference; 50 up.",
    turn=Turn.DOUBLE_AGAIN,
    plays_for_both=True,  # "When your adversary cannot play, you play for him, and for yourself too"
    target=50,
    keep_back=2,
    option_keys=("target", "players", "hand_size", "set", "winner_scores_own", "shut", "draw", "pose"),
)
_PARTNERSHIP_BLOCK = Rules(
    id="partnership_block",
    name="Four-handed Block",
    name_says_players=True,
    description="Four players, partners opposite: cut for partners and the first set; four bones each (seven as an "
                "option); \"go\" when blocked; the lighter side wins the difference; 100 up.",
    players=4,
    allowed_players=(4,),
    hand_size=4,
    hand_sizes=((4, 4),),
    cut=Cut.PARTNERS,
    opening_tile_must_lead=False,
    next_leader=NextLeader.ALTERNATE,
    partners=True,
    option_keys=("target", "players", "hand_size", "set"),
)
# seed 004: "Another variation is for each to play for himself" (of the four-handed game)
_BLOCK_PLAY_ON = replace(
    _PARTNERSHIP_BLOCK,
    id="block_play_on",
    name="Block, playing on",
    name_says_players=False,  # unlike "Four-handed Block": two to four play it
    description="Two to four, each for himself: draw for the first set; a player goes on as long as he can follow "
                "suit; \"go\" when blocked; the lightest hand wins the others' pips less its own; 100 up.",
    allowed_players=(2, 3, 4),
    hand_sizes=((2, 7), (3, 5), (4, 4)),
    cut=Cut.DRAWN,
    partners=False,
    turn=Turn.PLAY_ON,
    out_wins_alone=True,  # "when one player makes domino he counts all the pips remaining in his adversary's hand"
)
_SEBASTOPOL = Rules(
    id="sebastopol",
    name="Sebastopol",
    description="Four players, seven each, the 6-6 sets: only sixes until both sides and both ends of it are "
                "played to, then any of the four ends; \"go\" when blocked; settled as Block; 100 up.",
    players=4,
    allowed_players=(4,),
    hand_sizes=((4, 7),),
    layout=LayoutKind.CROSS,
    next_leader=NextLeader.OPENING,
    out_wins_alone=True,  # settled as the Block Game: "when one player makes domino he counts all the pips ..."
    option_keys=("target", "players", "partners"),
)
_DOMINO_POOL = Rules(
    id="domino_pool",
    name="Domino Pool",
    description="Three to six players, each antes a chip into the pool: draw for the first set; follow suit or "
                "\"go\"; domino wins the pool, else the fewest pips (ties divide)",  # and the hands: `described`
    players=4,
    allowed_players=(3, 4, 5, 6),
    hand_size=5,
    min_stock=8,
    cut=Cut.DRAWN,
    opening_tile_must_lead=False,
    next_leader=NextLeader.ALTERNATE,
    round_scoring=RoundScoring.POOL,
    game_end=GameEnd.HANDS_PLAYED,
    chips=20,
    ante=1,
    hands=10,
    option_keys=("players", "hand_size", "set", "chips", "ante", "hands"),
)
# seed 000, version 1 (Bolton)
_HONEST_JOHN = Rules(
    id="honest_john",
    name="Honest John",
    description="Four to eight players, double-nine: each builds a line from the centre double; with nothing that "
                "fits, buy a tile from the first player round the table who has one (a chip); out takes a chip from "
                "each; a player without chips still pays, in debt",  # and the rounds: `described`
    max_pip=9,
    players=4,
    allowed_players=(4, 5, 6, 7, 8),
    hand_size=11,
    hand_sizes=((4, 11), (5, 9), (6, 8), (7, 7), (8, 6)),
    layout=LayoutKind.STAR,
    no_double=NoDouble.REDEAL,
    next_leader=NextLeader.OPENING,
    ask=Ask.SELL,
    round_scoring=RoundScoring.CHIP_FROM_EACH,
    game_end=GameEnd.HANDS_PLAYED,
    chips=20,
    hands=10,
    option_keys=("players", "hand_size", "chips", "hands"),
)
# seed 000, version 2 (Russell Yates-Aylott), with the larger sets it suggests for more players
_HONEST_JOHN_2 = Rules(
    id="honest_john_2",
    name="Honest John, version 2",
    description="Three to eight players (double-twelve for six or more), nine each (more on the double-eighteen): "
                "each builds a line from the centre double; a new number waits for its double; with nothing that "
                "fits, draw one, then be given one; each round starts from the next double down.",
    max_pip=9,
    players=4,
    allowed_players=(3, 4, 5, 6, 7, 8),
    hand_size=9,
    hand_sizes=((3, 9), (4, 9), (5, 9), (6, 9), (7, 9), (8, 9)),
    sets=((6, 12), (7, 12), (8, 12)),
    set_hand_sizes=((18, 15),),
    layout=LayoutKind.STAR,
    draw=Draw.ONCE,
    keep_back=4,
    no_double=NoDouble.REDEAL,
    next_leader=NextLeader.DESCENDING_DOUBLE,
    ask=Ask.GIVE,
    doubles_first=True,
    lead_plays_again=True,
    block_limit=10,
    out_wins_alone=True,
    game_end=GameEnd.DOUBLES_RUN_OUT,
    option_keys=("players", "hand_size", "set"),
)

# The registry of games: every layer (the `bones` command, tournaments, players, the table's menus) reads it.
RULES: dict[str, Rules] = {r.id: r for r in (_DRAW, _BLOCK, _ALL_FIVES, _DRAW_DOMINOES, _MUGGINS, _ALL_THREES,
                                               _FIVE_UP, _BLOCK_GAME, _DRAW_GAME, _MATADORE, _BERGEN, _BOYS_FRENCH,
                                               _BOYS_GAME, _PARTNERSHIP_BLOCK, _BLOCK_PLAY_ON, _SEBASTOPOL,
                                               _DOMINO_POOL, _HONEST_JOHN, _HONEST_JOHN_2)}


def get_rules(rules_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules called `rules_id`, with `options` applied."""
    if not isinstance(rules_id, str) or rules_id not in RULES:
        raise RulesError(f"unknown rules {rules_id!r} (known: {', '.join(RULES)})")
    return RULES[rules_id].with_options(options)


def subject(name: str) -> str:
    """A game's name as the subject of a sentence, or wherever more words follow it: a name with a comma in it
    closes it with another ("Block, playing on, is played to 100", not "Block, playing on is played to 100")."""
    return f"{name}," if ", " in name else name


def listed(words: Sequence[str], last: str = "or") -> str:
    """Words as a sentence lists them: "a", "a or b", "a, b or c" (`last`: the word before the last one)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} {words[-1]}"


def players_words(counts: tuple[int, ...]) -> str:
    """Numbers of players as a person says them: "2", "2 or 4", "3 to 6" (a run), "2, 3 or 5"."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return listed([str(c) for c in counts])
