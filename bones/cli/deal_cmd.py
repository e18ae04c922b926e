"""`bones deal --rules R --seed S`: print a record holding the deal of a seeded game and no actions."""

from __future__ import annotations

import argparse
import sys

from bones.engine import RULES, RulesError, game_to_record, new_game, record_text

from .game_options import add_option_argument, options_from


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("deal", help="print a record with the deal for a seed and no actions",
                       description="Print a bones-record/1 document holding the first round's deal of a game "
                                   "dealt from SEED, with no actions yet.")
    p.add_argument("--rules", required=True, help=f"rules id ({', '.join(RULES)})")
    p.add_argument("--seed", required=True, type=int, help="the seed that fixes the deal and boneyard order")
    p.add_argument("--players", "--seats", type=int, dest="players", metavar="N",
                   help="number of players, for games that allow more than two (`--seats` is the same)")
    add_option_argument(p)


def run(args: argparse.Namespace) -> int:
    try:
        game = new_game(args.rules, args.seed, options_from(args, args.players))
    except (RulesError, ValueError) as e:
        print(f"bones deal: {e}", file=sys.stderr)
        return 2
    print(record_text(game_to_record(game)), end="")
    return 0
