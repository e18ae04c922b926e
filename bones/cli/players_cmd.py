"""`bones players`: the computer levels with a one-line description, and any game a level leaves to another."""

from __future__ import annotations

import argparse

from bones.engine import RULES
from bones.engine.rules import players_words
from bones.players import LEVELS


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    sub.add_parser("players", help="list the computer levels with a one-line description",
                   description="List the computer levels, weakest first, each with a one-line description, and "
                               "the games (if any) where another level plays in its place.")


def run(args: argparse.Namespace) -> int:
    width = max(len(level) for level in LEVELS)
    for level in LEVELS.values():
        print(f"{level.id:<{width}}  {level.description}")
        if not level.fallback:
            continue
        other = LEVELS[level.fallback].name
        if level.limits:
            print(f"{'':<{width}}  {other} plays in its place with {level.limits}")
        for rules in RULES.values():
            left: dict[str, list[int]] = {}  # each reason, with the numbers of players it holds for
            for n in rules.allowed_players:
                why = level.unsupported(rules.with_options({"players": n}) if n != rules.players else rules)
                if why is not None:
                    left.setdefault(why, []).append(n)
            for why, counts in left.items():
                print(f"{'':<{width}}  {rules.id} with {players_words(tuple(counts))} players: {other} plays ({why})")
    return 0
