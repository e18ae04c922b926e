"""`bones tournament`: duplicate matches between two levels, with the share of games won and its 95% interval."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from bones.engine import RULES, get_rules
from bones.engine.rules import Rules
from bones.players import LEVELS, stand_in
from bones.tournament import TournamentResult, pairs_for, run_tournament
from bones.tournament.duplicate import record_name

from .game_options import add_option_argument, options_from
from .warming import warm_expert

MAX_JOBS = 256  # worker processes: far past any machine's cores, short of flooding it


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "tournament",
        help="play two levels against each other in duplicate and report the share of games won",
        description=(
            "Play GAMES whole games between levels A and B in duplicate: every deal is played once with A's side "
            "in each seating (two players: the seats swapped; partners: A's pair, then B's, in seats 0 and 2; "
            "--seats N each for himself: one A in every seat in turn, B in the other N-1), so GAMES is rounded up "
            "to a multiple of the sides. The win rate is A's share of the games, a tie between k sides counting "
            "1/k, with a 95% Wilson interval, beside its fair share 1/sides; the result per hand is A's points "
            "(or chips) less a B side's in each game, over that game's hands, averaged over the games (a short game "
            "weighs as much as a long one). Times per move count real decisions only (more than one legal "
            "action)."
        ),
    )
    p.add_argument("--rules", required=True, help=f"rules id ({', '.join(RULES)})")
    p.add_argument("--players", required=True, nargs=2, metavar=("A", "B"),
                   help=f"the two levels ({', '.join(LEVELS)})")
    p.add_argument("--seats", type=int, default=None, metavar="N",
                   help="seats at the table, for games played by more than two (default: the game's own)")
    p.add_argument("--games", type=int, default=200,
                   help="games to play, rounded up to a multiple of the sides (default 200)")
    p.add_argument("--seed", type=int, default=0, help="fixes every deal; the same seed gives the same games (default 0)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--json", action="store_true", help="print one JSON object and nothing else on stdout")
    p.add_argument("--records", metavar="DIR", help="write every game's record (docs/record.md) into DIR, made if "
                   "missing: deal-NNNNN-aS.json, the deal's number and the seat A first sat in")
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
    if args.jobs is not None and args.jobs > MAX_JOBS:  # QA: --jobs 1000000 started processes until killed
        return _fail(f"--jobs {args.jobs}: at most {MAX_JOBS} worker processes")
    earlier: set[str] = set()  # records already in the folder
    if args.records is not None:
        if not args.records.strip():  # "cannot make the folder : No such file or directory" said it worse
            return _fail("--records needs a folder's name")
        if os.path.exists(args.records) and not os.path.isdir(args.records):
            return _fail(f"--records {args.records} is a file, not a folder")
        try:
            os.makedirs(args.records, exist_ok=True)
        except OSError as e:
            return _fail(f"cannot make the folder {args.records}: {e.strerror or e}")
        if not os.access(args.records, os.W_OK | os.X_OK):  # QA: found only when the first game was written
            return _fail(f"cannot write in the folder {args.records}")
        earlier = _record_files(args.records)
    try:
        options = options_from(args, args.seats, "--seats")
        rules = get_rules(args.rules, options)
        total = len(rules.sides) * pairs_for(args.games, len(rules.sides))
        # once here, not in each worker at once (nor where Hard stands in for Expert)
        warm_expert([stand_in(level, rules).level for level in args.players])
        if args.json or not sys.stderr.isatty():
            result = run_tournament(args.rules, args.players, args.games, args.seed, args.jobs, options,
                                    records=args.records)
        else:
            result = _with_progress(args, total, options)
    except ValueError as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(summary(result))
    if args.records is not None:
        _note_earlier_records(args.records, rules, total, earlier)
    return 0


def _record_files(folder: str) -> set[str]:
    """The game records a tournament would have written in `folder` (deal-NNNNN-aS.json)."""
    return {n for n in os.listdir(folder) if n.startswith("deal-") and n.endswith(".json")}


def _note_earlier_records(folder: str, rules: Rules, games: int, earlier: set[str]) -> None:
    """Say on stderr when `folder` still holds records this run did not write (an earlier, longer run's): they are
    left alone, but read with this run's they would mix two tournaments."""
    written = {record_name(pair, side[0]) for pair in range(games // len(rules.sides)) for side in rules.sides}
    left = sorted(earlier - written)
    if left:
        many = f"{len(left)} records" if len(left) > 1 else "1 record"
        print(f"bones tournament: note: {folder} also holds {many} of an earlier run that this one did not "
              f"write ({left[0]}{' ...' if len(left) > 1 else ''}); they were left as they were", file=sys.stderr)


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
                              on_game=lambda n: progress.update(task, completed=n), records=args.records)


def _signed(x: float) -> str:
    """A gain with its sign, two places: "+0.00" where it rounds to nothing from below ("-0.00" read as a loss)."""
    text = f"{x:+.2f}"
    return "+0.00" if text == "-0.00" else text


def summary(result: TournamentResult) -> str:
    """The result in a few lines a person reads."""
    a, b = result.players
    wa, wb = result.wins
    lo, hi = result.ci95
    pa, pb = result.points_per_game
    ta, tb = result.ms_per_move(0), result.ms_per_move(1)
    n = len(result.games)
    gain, (glo, ghi) = result.gain_per_hand
    if result.sides == 2 and result.seats == 4:
        table = f"{a} and {a} (A) v {b} and {b} (B), partners"
    elif result.sides > 2:
        table = f"one {a} (A) v {result.seats - 1} {b} (B), each for himself"
    else:
        table = f"{a} (A) v {b} (B)"
    tie = "a tie counts half" if result.sides == 2 else "a tie among k counts 1/k"
    against = "B's side" if result.sides == 2 else "a B seat"
    unit = "chips " if get_rules(result.rules).plays_for_chips else "points"
    cut_a, cut_b = result.clock_cuts
    cut = ([f"clock     {cut_a} decisions of A and {cut_b} of B were cut short by the time cap: on a quieter or "
            "faster machine these games may go otherwise"] if cut_a or cut_b else [])
    return "\n".join([
        f"{result.rules}: {table}, {n} games in duplicate",
        f"wins      {a} (A) {wa}, {b} (B) {wb}, ties {result.ties}",
        f"win rate  A {100 * result.win_rate:.1f}%  (95% interval {100 * lo:.1f}-{100 * hi:.1f}%; {tie}; "
        f"fair share {100 * result.fair_share:.1f}%)",
        f"{unit}    per game A {pa:.1f}, B {pb:.1f}",
        f"per hand  A {_signed(gain)} {unit.strip()} against {against} (each game's gain over its hands, averaged; "
        f"95% interval {_signed(glo)} to {_signed(ghi)})",
        f"ms/move   A median {ta['p50']:.2f}, p99 {ta['p99']:.2f};  B median {tb['p50']:.2f}, p99 {tb['p99']:.2f}",
        *cut,
    ])
