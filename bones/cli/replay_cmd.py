"""`bones replay FILE [--trace]`: replay a game record and print its state as JSON (spec/record.md)."""

from __future__ import annotations

import argparse
import json
import sys

from bones.engine.record import RecordError
from bones.engine.replay import replay_text


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("replay", help="replay a game record and print the result as JSON",
                       description="Replay a bones-record/1 document. Exit 0 with the game's state, or 2 with "
                                   "an error object.")
    p.add_argument("file", help="the record (a JSON file), or - for standard input")
    p.add_argument("--trace", action="store_true", help="add one entry per action")


def run(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(json.dumps(RecordError(f"cannot read {args.file}: {getattr(e, 'strerror', None) or e}").to_json()))
        return 2
    status, out = replay_text(text, trace=args.trace)
    print(json.dumps(out))
    return status
