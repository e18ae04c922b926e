"""`--option KEY=VALUE`: a game's variations on the command line (`bones play`, `bones deal`, `bones tournament`).

A value is read as JSON where it can be (`claims=true`, `target=20`), else as a word (`cut=pushed`); the engine
checks it against the game's options (`Rules.with_options`), so a wrong key or value is refused with its message.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bones.engine import RULES
from bones.engine.rules import CHOICES, SET_SIZES


def add_option_argument(p: argparse.ArgumentParser) -> None:
    examples = "claims=true, count=per_five, cut=pushed, trumps=when_stuck, shut=true, target=50"
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help=f"a variation of the game, repeatable ({examples}); `bones rules --options` lists them")


def options_from(args: argparse.Namespace, players: int | None = None,
                 flag: str = "--players") -> dict[str, Any] | None:
    """The options the command line gives (every `--option`, and `players` seats where given, by `flag`);
    ValueError for a malformed one."""
    options: dict[str, Any] = {}
    for text in getattr(args, "option", None) or []:
        key, sep, raw = text.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key or not raw:
            raise ValueError(f"--option {text!r}: write it as KEY=VALUE, like claims=true")
        value: Any
        if raw.lstrip("-").isdecimal():  # a number as people write it: '050' is fifty (JSON refuses the zero)
            if len(raw.lstrip("-").lstrip("0")) > 9:  # no option counts that high (and Python reads at most 4300
                shown = raw if len(raw) <= 15 else f"{raw[:12]}..."  # digits); QA: "..." where nothing was cut
                raise ValueError(f"--option {key}={shown}: too large a number (no option takes more than nine "
                                 "digits)")
            value = int(raw)
        else:
            try:
                value = json.loads(raw)
            except json.JSONDecodeError:
                value = raw
            if isinstance(value, float):  # no option takes a fraction: '1e3' is refused as typed, not as 1000.0
                value = raw
        if key in options and options[key] != value:  # QA: the last of two was taken without a word
            raise ValueError(f"--option {key}={_word(options[key])} and --option {key}={_word(value)}: give each "
                             f"option once")
        options[key] = value
    if players is not None:
        if options.get("players", players) != players:
            raise ValueError(f"{flag} {players} and --option players={_word(options['players'])}: say the number "
                             f"of seats once")
        options["players"] = players
    return options or None


def _word(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def options_help(rules_id: str) -> list[str]:
    """One line per option of a game: its key, the values it takes and the default."""
    rules = RULES[rules_id]
    out = []
    for key in rules.option_keys:
        if key in CHOICES:
            values = " | ".join(_word(v) for v in CHOICES[key])
            what = ""
            if key == "count":  # the value's name is the record's (docs/record.md); what it counts is the game's
                what = f"; per_five: a point for each multiple of {rules.end_multiple}"
            out.append(f"{key}={values} (default {_word(rules.choice(key))}{what})")
        elif key == "target":
            per_multiple = rules.with_options({"count": "per_five"}).target if "count" in rules.option_keys else None
            also = f"; {per_multiple} with count=per_five" if per_multiple not in (None, rules.target) else ""
            out.append(f"target=N (default {rules.target}{also})")
        elif key == "players":
            out.append(f"players={' | '.join(map(str, rules.allowed_players))} (default {rules.players})")
        elif key == "hand_size":
            by_players = {n: rules.with_options({'players': n}).hand_size for n in rules.allowed_players}
            sizes = ", ".join(f"{k} for {n}" for n, k in by_players.items()) if len(set(by_players.values())) > 1 \
                else str(rules.hand_size)
            sizes += "".join(f"; {k} with set={m}" for m, k in rules.set_hand_sizes)
            out.append(f"hand_size=N (default {sizes})")
        elif key == "set":
            sets = {n: rules.default_set(n) for n in rules.allowed_players}
            default = ", ".join(f"{m} for {n}" for n, m in sets.items()) if len(set(sets.values())) > 1 \
                else str(rules.max_pip)
            out.append(f"set={' | '.join(map(str, SET_SIZES))} (default {default})")
        elif key in ("chips", "ante"):
            out.append(f"{key}=N (default {getattr(rules, key)})")
        elif key == "hands":
            zero = "; 0: until a player cannot ante" if rules.ante else ""
            out.append(f"hands=N (default {rules.hands}{zero})")
    return out
