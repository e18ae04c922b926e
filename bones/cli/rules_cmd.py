"""`bones rules`: the rules ids with a one-line description."""

from __future__ import annotations

import argparse

from bones.engine import RULES

from .game_options import options_help


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("rules", help="list the games (rules ids) with a one-line description",
                       description="List the rules ids bones plays, each with a one-line description.")
    p.add_argument("--options", action="store_true",
                   help="also list each game's options (--option KEY=VALUE of play, deal and tournament)")


def run(args: argparse.Namespace) -> int:
    width = max(len(r) for r in RULES)
    for rid, rules in RULES.items():
        print(f"{rid:<{width}}  {rules.description}")
        if getattr(args, "options", False):
            for line in options_help(rid):
                print(f"{'':<{width}}    --option {line}")
    return 0
