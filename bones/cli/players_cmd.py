"""`bones players`: the computer levels with a one-line description."""

from __future__ import annotations

import argparse

from bones.players import LEVELS, describe


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    sub.add_parser("players", help="list the computer levels with a one-line description",
                   description="List the computer levels, weakest first, each with a one-line description.")


def run(args: argparse.Namespace) -> int:
    width = max(len(level) for level in LEVELS)
    for level in LEVELS:
        print(f"{level:<{width}}  {describe(level)}")
    return 0
