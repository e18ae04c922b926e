"""`bones bench`: engine speed (random-playout rounds per second) and Expert decision speed."""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import sys
import time
from typing import Any

from bones.engine import RULES, get_rules
from bones.engine.playout import random_round
from bones.players import stand_in

from .warming import warm_expert


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("bench", help="measure engine speed (and Expert decision speed)",
                       description="Random-playout full rounds per second for each game (one process), and, "
                                   "unless --no-expert, Expert's worlds and time per decision.")
    p.add_argument("--seconds", type=float, default=6.0, help="time for all the playout runs together (default 6)")
    p.add_argument("--rules", nargs="+", default=list(RULES), help="rules ids to measure (default: every game)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and random choices")
    p.add_argument("--expert-positions", type=int, default=50,
                   help="positions per stage for the Expert measurement (default 50; 0 skips it)")
    p.add_argument("--no-expert", action="store_true", help="skip the Expert measurement")
    p.add_argument("--pypi-seconds", type=float, default=4.0,
                   help="time for the side-by-side run against the PyPI package dominoes 6.1.0 on four-handed "
                        "partnership Block, seven tiles each (default 4; 0 skips it)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def rounds_per_second(rules_id: str, seconds: float, seed: int) -> float:
    """Full random rounds (deal, then uniformly random legal actions to the end) per second of wall time."""
    rules = get_rules(rules_id)
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            random_round(rules, rng)
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def run(args: argparse.Namespace) -> int:
    unknown = [r for r in args.rules if r not in RULES]
    if unknown:
        print(f"bones bench: unknown rules {', '.join(repr(r) for r in unknown)} (known: {', '.join(RULES)})",
              file=sys.stderr)
        return 2
    if not 0 < args.seconds < math.inf:  # nan and inf too: either would never reach its deadline
        print("bones bench: --seconds must be a positive number of seconds", file=sys.stderr)
        return 2
    for flag, value in (("--expert-positions", args.expert_positions), ("--pypi-seconds", args.pypi_seconds)):
        if not 0 <= value < math.inf:
            what = "cannot be negative" if value < 0 else "must be a number of seconds"
            print(f"bones bench: {flag} {what} (0 skips that measurement)", file=sys.stderr)
            return 2
    args.rules = list(dict.fromkeys(args.rules))  # QA: a game named twice was measured twice for one figure
    out: dict[str, Any] = {"python": platform.python_version(), "seconds": args.seconds, "rounds_per_s": {}}
    per = args.seconds / len(args.rules)
    for rid in args.rules:
        if not args.json:
            print(f"{rid}: random playouts for {per:.2f} s ...", file=sys.stderr)
        out["rounds_per_s"][rid] = round(rounds_per_second(rid, per, args.seed), 1)
    if args.pypi_seconds > 0:
        from .bench_pypi import versus_pypi

        if not args.json:
            print(f"partnership Block, seven tiles, beside dominoes 6.1.0 for {args.pypi_seconds:.1f} s ...",
                  file=sys.stderr)
        out["versus_dominoes"] = versus_pypi(args.pypi_seconds, args.seed)
    if not args.no_expert and args.expert_positions > 0:
        from bones.tournament.speed import expert_bench

        ids = [r for r in args.rules if stand_in("expert", get_rules(r)).note is None]
        if ids:
            warm_expert(["expert"])
        out["expert"] = {}
        for rid in ids:
            if not args.json:
                many = "s" if args.expert_positions != 1 else ""
                print(f"{rid}: Expert's decisions, {args.expert_positions} position{many} a stage ...",
                      file=sys.stderr)
            out["expert"].update(expert_bench((rid,), positions=args.expert_positions, seed=args.seed))
    if args.json:
        print(json.dumps(out))
    else:
        print("Random-playout rounds per second (one process):")
        width = max(len(rid) for rid in out["rounds_per_s"])  # QA: partnership_block stood out of line at 14
        for rid, rate in out["rounds_per_s"].items():
            print(f"  {rid:<{width}} {rate:>10,.0f}")
        vs = out.get("versus_dominoes")
        if vs:
            print(f"Partnership Block, seven tiles each: bones {vs['bones']:,.0f} rounds/s ({vs['ratio']:.2f}x), a "
                  f"state at a time {vs['bones_by_actions']:,.0f} ({vs['ratio_by_actions']:.2f}x); dominoes 6.1.0 "
                  f"{vs['dominoes_6_1_0']:,.0f} rounds/s")
        elif args.pypi_seconds > 0:
            print("The PyPI package dominoes is not installed: no side-by-side figure (make install adds it).")
        if out.get("expert"):
            print("Expert: exact worlds (median), ms per decision (median / 99th percentile), million nodes a second:")
            for rid, fig in out["expert"].items():
                cut = f"  ({fig['clock_cuts']} cut short by the time cap)" if fig["clock_cuts"] else ""
                print(f"  {rid:<18} {fig['worlds_p50']:>5.0f} {fig['ms_p50']:>8.1f} / {fig['ms_p99']:>7.1f} "
                      f"{fig['mnodes_per_s']:>7.2f}{cut}")
    return 0
