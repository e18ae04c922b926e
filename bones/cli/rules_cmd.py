"""`bones rules`: the rules ids with a one-line description."""

from __future__ import annotations

import argparse

from bones.engine import RULES


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    sub.add_parser("rules", help="list the games (rules ids) with a one-line description",
                   description="List the rules ids bones plays, each with a one-line description.")


def run(args: argparse.Namespace) -> int:
    width = max(len(r) for r in RULES)
    for rid, rules in RULES.items():
        print(f"{rid:<{width}}  {rules.description}")
    return 0
