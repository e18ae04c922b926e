"""`bones tournament`: duplicate matches between two levels, with the share of games won and its 95% interval."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bones.engine import RULES
from bones.players import LEVELS
from bones.tournament import TournamentResult, pairs_for, run_tournament

from .game_options import add_option_argument, options_from


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "tournament",
        help="play two levels against each other in duplicate and report the share of games won",
        description=(
            "Play GAMES whole games to the target between players A and B. Every deal is played twice with the "
            "seats swapped (duplicate), so an odd GAMES is rounded up to the next even number. The win rate is "
            "A's share of the games, a tie counting half: (wins of A + ties / 2) / games, with a 95% Wilson "
            "interval. Times per move count real decisions only (more than one legal action)."
        ),
    )
    p.add_argument("--rules", required=True, help=f"rules id ({', '.join(RULES)})")
    p.add_argument("--players", required=True, nargs=2, metavar=("A", "B"),
                   help=f"the two levels ({', '.join(LEVELS)})")
    p.add_argument("--games", type=int, default=200, help="games to play; odd counts are rounded up (default 200)")
    p.add_argument("--seed", type=int, default=0, help="fixes every deal; the same seed gives the same games")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--json", action="store_true", help="print one JSON object and nothing else on stdout")
    add_option_argument(p)


def run(args: argparse.Namespace) -> int:
    if args.rules not in RULES:
        return _fail(f"unknown rules {args.rules!r} (known: {', '.join(RULES)})")
    for level in args.players:
        if level not in LEVELS:
            return _fail(f"unknown player {level!r} (players: {', '.join(LEVELS)})")
    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        return _fail("--jobs must be at least 1")
    total = 2 * pairs_for(args.games)
    try:
        options = options_from(args)
        if args.json or not sys.stderr.isatty():
            result = run_tournament(args.rules, args.players, args.games, args.seed, args.jobs, options)
        else:
            result = _with_progress(args, total, options)
    except ValueError as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(summary(result))
    return 0


def _fail(message: str) -> int:
    print(f"bones tournament: {message}", file=sys.stderr)
    return 2


def _with_progress(args: argparse.Namespace, total: int, options: dict[str, Any] | None) -> TournamentResult:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    a, b = args.players
    columns = (TextColumn(f"{a} v {b} ({args.rules})"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=total)
        return run_tournament(args.rules, args.players, args.games, args.seed, args.jobs, options,
                              on_game=lambda n: progress.update(task, completed=n))


def summary(result: TournamentResult) -> str:
    """The result in a few lines a person reads."""
    a, b = result.players
    wa, wb = result.wins
    lo, hi = result.ci95
    pa, pb = result.points_per_game
    ta, tb = result.ms_per_move(0), result.ms_per_move(1)
    n = len(result.games)
    return "\n".join([
        f"{result.rules}: {a} (A) v {b} (B), {n} games in duplicate",
        f"wins      {a} {wa}, {b} {wb}, ties {result.ties}",
        f"win rate  {a} {100 * result.win_rate:.1f}%  (95% interval {100 * lo:.1f}-{100 * hi:.1f}%; a tie counts half)",
        f"points    per game {a} {pa:.1f}, {b} {pb:.1f}",
        f"ms/move   {a} median {ta['p50']:.2f}, p99 {ta['p99']:.2f};  {b} median {tb['p50']:.2f}, p99 {tb['p99']:.2f}",
    ])
