"""Game records (docs/record.md): read a bones-record/1 document into a game, and write a game as one."""

from __future__ import annotations

import json
import re
from typing import Any

from .actions import Action, ActionParseError
from .deal import Deal, NeedsRedeal, check_deal, cut_winner, opening_lead
from .game import GameState
from .round import IllegalAction
from .rules import RULES, Cut, GameEnd, NextLeader, Rules, RulesError, get_rules, listed
from .tiles import Tile, TileParseError

FORMAT = "bones-record/1"


class RecordError(ValueError):
    """A record that cannot be replayed; `round`, `index` and `action` say where (None: the whole record)."""

    def __init__(self, message: str, round: int | None = None, index: int | None = None, action: str | None = None):
        super().__init__(message)
        self.message = message
        self.round = round
        self.index = index
        self.action = action

    def to_json(self) -> dict[str, Any]:
        return {"error": {"round": self.round, "index": self.index, "action": self.action, "message": self.message}}


def parse_json(text: str) -> Any:
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors save files with
    if not text.strip():
        raise RecordError("the record is empty")
    try:
        return json.loads(text, parse_constant=_not_json, object_pairs_hook=_once_each)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"the record is not valid JSON ({e})") from None
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("the record is not a game record: its JSON is nested far too deeply") from None
    except ValueError:  # e.g. a number of thousands of digits, which int() refuses
        raise RecordError("the record cannot be read: it holds a number far too long") from None


FIELDS = ("format", "rules", "options", "names", "seed", "rounds")  # the document's fields (docs/record.md)
ROUND_FIELDS = ("hands", "boneyard", "cut", "actions")  # a round's


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: a field given twice would be read as its last value alone,
    silently (`"rules": "draw", "rules": "block"` replayed Block)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the record gives {json.dumps(key)} twice in one object")
        out[key] = value
    return out


def unknown_fields(doc: Any) -> list[str]:
    """The fields of a record that are not in the format, named where they are ("action" at the top, "round 0:
    hand"): bones reads past them (other tools may add fields of their own), and `bones replay` names them so that
    a misspelt field is not taken for an empty one."""
    if not isinstance(doc, dict):
        return []
    out = [json.dumps(k) for k in doc if k not in FIELDS]
    rounds = doc.get("rounds")
    for i, r in enumerate(rounds if isinstance(rounds, list) else []):
        if isinstance(r, dict):
            out += [f"{json.dumps(k)} in round {i}" for k in r if k not in ROUND_FIELDS]
    return out


def _not_json(word: str) -> Any:
    """Python's reader takes NaN, Infinity and -Infinity as numbers; JSON has no such values."""
    raise RecordError(f"the record is not valid JSON ({word} is not a JSON value)")


def _tiles(value: Any, what: str, round_index: int) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of tiles like \"6-4\"", round_index)
    out = []
    for text in value:
        if not isinstance(text, str):
            raise RecordError(f"{what} holds {json.dumps(text)}, which is not a tile like \"6-4\"", round_index)
        try:
            out.append(Tile.parse(text))
        except TileParseError as e:
            raise RecordError(f"{what}: {e}", round_index) from None
    return tuple(out)


def _cut_fault(rules: Rules) -> str:
    """Why a cut decides nothing, in the rules' words (docs/rules.md)."""
    if rules.cut is Cut.PARTNERS:
        return ("the two lightest tiles must be cut by partners (seats 0 and 2, or 1 and 3), and no two tiles may "
                "weigh the same")
    if rules.cut is Cut.DRAWN:
        return "with no double cut, the lightest tile must be one seat's alone"
    return "the two tiles weigh the same"


def load(doc: Any, on_action: Any = None) -> GameState:
    """Replay a record into the game it describes. `on_action(game_before, game_after, round, index, action)`
    is called after each action (for traces). Raises RecordError."""
    if not isinstance(doc, dict):
        raise RecordError("the record must be a JSON object")
    if doc.get("format") != FORMAT:
        raise RecordError(f"the record's format must be \"{FORMAT}\", not {json.dumps(doc.get('format'))}")
    rules_id = doc.get("rules")
    if not isinstance(rules_id, str) or rules_id not in RULES:
        raise RecordError(f"unknown rules {json.dumps(rules_id)} (known: {', '.join(RULES)})")
    options = doc.get("options")
    if options is None:  # null as absent, as "names" and "seed" are read
        options = {}
    if not isinstance(options, dict):
        raise RecordError("options must be an object such as {\"target\": 100}")
    rounds = doc.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list of objects, one per round")
    for r, entry in enumerate(rounds):
        if not isinstance(entry, dict):
            given = "a list" if isinstance(entry, list) else json.dumps(entry)
            raise RecordError(f"round {r} must be an object with the round's deal and actions, not {given}", round=r)
    if not rounds:
        raise RecordError("the record has no rounds: it holds at least the first round (its deal, or a seed)")
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed must be a whole number")
    options = dict(options)
    first_hands = next((r["hands"] for r in rounds if "hands" in r), None)
    if isinstance(first_hands, list) and "players" not in options and len(first_hands) != RULES[rules_id].players:
        options["players"] = len(first_hands)
    try:
        rules = get_rules(rules_id, options)
    except RulesError as e:
        raise RecordError(str(e)) from None
    deals: list[Deal | None] = []
    for i, r in enumerate(rounds):
        if "hands" in r or "boneyard" in r:
            hands_raw = r.get("hands")
            if not isinstance(hands_raw, list):
                raise RecordError("hands must be a list with one list of tiles per seat", i)
            hands = tuple(_tiles(h, f"hand {s}", i) for s, h in enumerate(hands_raw))
            boneyard = _tiles(r.get("boneyard"), "the boneyard", i)
            if len(hands) != rules.players:
                raise RecordError(f"the record has {rules.players} seats, but round {i} deals {len(hands)} hands", i)
            cut = None
            if i == 0 and rules.cuts_with_tiles and "cut" in r:  # without it seat 0 sets first (docs/record.md)
                cut = _tiles(r.get("cut"), "the cut", i)
                n = 2 if rules.cut is Cut.PUSHED else rules.players
                if len(cut) != n or len(set(cut)) != n or any(t.high > rules.max_pip for t in cut):
                    raise RecordError(f"the cut must be {n} different tiles of the set, seat 0's first", i)
                if cut_winner(rules, cut) is None:
                    raise RecordError(f"the cut {' against '.join(map(str, cut))} decides nothing: "
                                      f"{_cut_fault(rules)}", i)
            elif "cut" in r:
                raise RecordError("only the first round of a game whose players cut with tiles has a cut", i)
            deal = Deal(hands, boneyard, cut)
            try:
                check_deal(rules, hands, boneyard)
                if i == 0 or rules.next_leader is not NextLeader.DESCENDING_DOUBLE:
                    opening_lead(rules, hands)
            except NeedsRedeal as e:
                raise RecordError(f"{e}: round {i} cannot be played as dealt", i) from None
            except ValueError as e:
                raise RecordError(str(e), i) from None
            deals.append(deal)
        elif seed is None:
            raise RecordError(f"round {i} has no hands and boneyard, and the record has no seed", i)
        elif "cut" in r:
            raise RecordError(f"round {i} is dealt from the seed, which makes the cut too: a cut is written only "
                              "beside the hands it was cut for", i)
        else:
            deals.append(None)

    names = doc.get("names")  # checked once the deals have said how many seats there are
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) != rules.players:
            raise RecordError(f"names must be a list of {rules.players} strings, one per seat")

    game = GameState.new(rules, seed=seed, deals=deals, names=names)
    ending: str | None = None  # once the game has ended on a deal that held no lower double: why
    for i, r in enumerate(rounds):
        if game.over and ending is None and i == len(game.results) \
                and rules.game_end is GameEnd.DOUBLES_RUN_OUT and not _ended_on_blank_double(game):
            ending = f"no hand holds a double below {game.last_lead()} in round {i}'s deal"  # (none after the 0-0's)
            actions = r.get("actions", [])
            if not isinstance(actions, list):
                raise RecordError("actions must be a list of texts like \"6-4 R\"", i)
            if actions:
                first = actions[0] if isinstance(actions[0], str) else None
                raise RecordError(f"{ending}, so the game ended with it: no action follows", i, 0, first)
            continue
        if game.over:
            raise RecordError(f"the game was over before round {i}" + (f": {ending}" if ending else ""), i)
        if game.round_index != i or game.round is None or game.round.over:
            raise RecordError(f"round {i} was never dealt", i)
        actions = r.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("actions must be a list of texts like \"6-4 R\"", i)
        for j, text in enumerate(actions):
            if not isinstance(text, str):
                raise RecordError(f"{json.dumps(text)} is not an action: an action is a text like \"6-4 R\"", i, j,
                                  None)
            if game.round is None or game.round.over or game.round_index != i:
                raise RecordError(f"round {i} is already over; no action may follow", i, j, text)
            try:
                after = game.apply(Action.parse(text))
            except (ActionParseError, IllegalAction) as e:
                message = str(e)
                if isinstance(e, ActionParseError) and " is not an action: " in message and game.legal_actions():
                    message = message.partition(": ")[0] + ": " + _what_to_write(game)  # this game's words
                if game.current_seat is not None and re.search(r"\byou\b", message):
                    message = f"seat {game.current_seat} to move: {message}"  # the engine speaks to that seat
                raise RecordError(message, i, j, text) from None
            if on_action is not None:
                on_action(game, after, i, j)
            game = after
        if i + 1 < len(rounds) and not (game.round_index > i or game.over or (game.round and game.round.over)):
            raise RecordError(f"round {i} is not complete, but a later round follows", i)
    return game


def _what_to_write(game: GameState) -> str:
    """What the seat to move may write now, as a few of its legal actions (the parser's own example, '6-4 R' or
    'draw' or 'pass', is no action at all in some games)."""
    legal = sorted(str(a) for a in game.legal_actions())
    words = listed([f"'{a}'" for a in legal[:3]])
    return f"seat {game.current_seat} to move may write {words}" + (", among others" if len(legal) > 3 else "")


def _ended_on_blank_double(game: GameState) -> bool:
    """Whether the last round played was led by the 0-0: the last round of all, after which nothing is dealt."""
    lead = game.last_lead()
    return lead is not None and lead.is_double and lead.high == 0


def game_to_record(game: GameState) -> dict[str, Any]:
    """The game as a record with every deal written out (and the seed, when it was dealt from one)."""
    rules = game.rules
    options: dict[str, Any] = rules.options()
    if len(rules.allowed_players) > 1:
        options["players"] = rules.players
    doc: dict[str, Any] = {"format": FORMAT, "rules": rules.id, "options": options}
    if game.seed is not None:
        doc["seed"] = game.seed
    if game.names is not None:
        doc["names"] = list(game.names)
    rounds = []
    for i, actions in enumerate(game.actions):
        deal = game.deal_for(i)
        assert deal is not None
        written: dict[str, Any] = {
            "hands": [[str(t) for t in h] for h in deal.hands],
            "boneyard": [str(t) for t in deal.boneyard],
        }
        if deal.cut is not None:
            written["cut"] = [str(t) for t in deal.cut]
        written["actions"] = [str(a) for a in actions]
        rounds.append(written)
    if game.over and len(game.actions) == len(game.results) and rules.game_end is GameEnd.DOUBLES_RUN_OUT \
            and game.results and game.results[-1].first != 0:
        # the game ended because the next deal held no lower double: that deal is written, with no actions
        deal = game.deal_for(len(game.results))
        assert deal is not None
        rounds.append({"hands": [[str(t) for t in h] for h in deal.hands], "boneyard": [str(t) for t in deal.boneyard],
                       "actions": []})
    doc["rounds"] = rounds
    return doc


def record_text(doc: dict[str, Any]) -> str:
    """A record as JSON text to keep or read: one line per field, round and hand, each list of tiles or actions on
    one line (the document is the same as `json.dumps(doc)` gives; only the spacing differs)."""
    def flat(value: Any) -> str:
        return json.dumps(value, separators=(", ", ": "))

    lines = ["{"]
    fields = [(k, v) for k, v in doc.items() if k != "rounds"]
    for k, v in fields:
        lines.append(f"  {json.dumps(k)}: {flat(v)},")
    lines.append('  "rounds": [')
    rounds = doc.get("rounds", [])
    for i, r in enumerate(rounds):
        lines.append("    {")
        items = list(r.items())
        for j, (k, v) in enumerate(items):
            comma = "," if j < len(items) - 1 else ""
            if k == "hands":
                hands = ",\n".join(f"        {flat(h)}" for h in v)
                lines.append(f'      "hands": [\n{hands}\n      ]{comma}')
            else:
                lines.append(f"      {json.dumps(k)}: {flat(v)}{comma}")
        lines.append("    }" + ("," if i < len(rounds) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"
