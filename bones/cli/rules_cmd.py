"""`bones rules [ID]`: the rules ids with a one-line description (one game, with its options)."""

from __future__ import annotations

import argparse
import sys

from bones.engine import RULES

from .game_options import options_help


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("rules", help="list the games (rules ids) with a one-line description",
                       description="List the rules ids bones plays, each with a one-line description; with an "
                                   "ID, that game alone with its options.")
    p.add_argument("id", nargs="?", metavar="ID", help="one game: its description and its options")
    p.add_argument("--options", action="store_true",
                   help="also list each game's options (--option KEY=VALUE of play, deal and tournament)")


def run(args: argparse.Namespace) -> int:
    one = getattr(args, "id", None)
    if one is not None and one not in RULES:  # `bones rules matadore` was refused as an unrecognized argument
        print(f"bones rules: unknown rules {one!r} (known: {', '.join(RULES)})", file=sys.stderr)
        return 2
    width = len(one) if one is not None else max(len(r) for r in RULES)
    for rid, rules in RULES.items():
        if one is not None and rid != one:
            continue
        print(f"{rid:<{width}}  {rules.described}")
        if getattr(args, "options", False) or one is not None:
            for line in options_help(rid):
                print(f"{'':<{width}}    --option {line}")
    return 0
