"""`bones replay FILE [--trace]`: replay a game record and print its state as JSON (docs/record.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from bones.engine.record import FORMAT, RecordError, parse_json, unknown_fields
from bones.engine.replay import replay_parsed


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("replay", help="replay a game record and print the result as JSON",
                       description="Replay a bones-record/1 document. Exit 0 with the game's state, or 2 with "
                                   "an error object.")
    p.add_argument("file", help="the record (a JSON file), or - for standard input")
    p.add_argument("--trace", action="store_true", help="add one entry per action")


def read_record(path: str) -> str:
    """The text of the record at `path` (`-`: standard input), read as UTF-8 whatever the locale, from a file or
    from standard input alike. OSError when it cannot be read, UnicodeDecodeError when it is not UTF-8."""
    if path == "-":
        stream: IO[Any] = getattr(sys.stdin, "buffer", sys.stdin)  # bytes, not the locale's decoding of them
        raw = stream.read()
    else:
        with open(path, "rb") as f:
            raw = f.read()
    return raw if isinstance(raw, str) else raw.decode("utf-8")


def run(args: argparse.Namespace) -> int:
    try:
        text = read_record(args.file)
    except OSError as e:
        print(json.dumps(RecordError(f"cannot read {args.file}: {e.strerror or e}").to_json()))
        return 2
    except UnicodeDecodeError as e:
        message = (f"the record is not valid JSON: it is not UTF-8 text (byte {e.object[e.start]:#04x} at "
                   f"position {e.start})")
        print(json.dumps(RecordError(message).to_json()))
        return 2
    try:
        doc = parse_json(text)
    except RecordError as e:
        print(json.dumps(e.to_json()))
        return 2
    _name_unknown_fields(doc)  # a misspelt field that made the replay fail is named too
    status, out = replay_parsed(doc, trace=args.trace)
    print(json.dumps(out))
    return status


def _name_unknown_fields(doc: Any) -> None:
    """Fields outside the format are read past (tools may add their own), and named on standard error: a misspelt
    "action" is otherwise an empty round, replayed without a word."""
    unknown = unknown_fields(doc)
    if unknown:
        print(f"bones replay: not part of {FORMAT}, read past: {', '.join(unknown)}", file=sys.stderr)
