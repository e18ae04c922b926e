"""`bones`: entry point. Each subcommand lives in its own module with `register(subparsers)` and `run(args)`."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from types import ModuleType
from typing import Any, Sequence

# subcommand name -> module under bones.cli (each keeps its heavy imports inside `run`)
COMMANDS = {
    "rules": "rules_cmd",
    "deal": "deal_cmd",
    "replay": "replay_cmd",
    "play": "play_cmd",
    "bench": "bench_cmd",
    "players": "players_cmd",
    "tournament": "tournament_cmd",
    "serve": "serve_cmd",
}


def _available() -> dict[str, ModuleType]:
    return {name: importlib.import_module(f"bones.cli.{mod}") for name, mod in COMMANDS.items()}


def build_parser(mods: dict[str, ModuleType]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bones", description="Dominoes: rules engine, computer players, table.")
    parser.add_argument("--version", action=_Version, nargs=0, help="say which bones this is, and stop")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, mod in mods.items():
        mod.register(sub)
    return parser


class _Version(argparse.Action):
    """`--version`: the installed package's version (pyproject.toml's), looked up only when asked (importing
    importlib.metadata costs every command a few hundredths of a second)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("bones")
        except PackageNotFoundError:  # run from a source tree that was never installed
            found = "(not installed)"
        print(f"bones {found}")  # on stdout, as argparse's own version action says it
        parser.exit()


def _hint(command: str | None, extra: Sequence[str]) -> str:
    """What an argument a command does not take was likely meant as."""
    if command == "tournament" and any(not e.startswith("-") for e in extra):
        return " (--players takes the two levels, A and B; the seats at the table are --seats N)"
    if command == "replay":
        return " (bones replay reads one record: a file, or - for standard input)"
    return ""


def _interrupted() -> int:
    """Ctrl+C: said on stderr, so what stdout holds (JSON, a trace) stays whole; the shell's status for it."""
    print("\nbones: interrupted", file=sys.stderr)
    return 130


def main(argv: Sequence[str] | None = None) -> int:
    try:
        mods = _available()
    except KeyboardInterrupt:  # while the commands load, before any has begun
        return _interrupted()
    parser = build_parser(mods)
    args, extra = parser.parse_known_args(argv)
    if extra:  # said by the command's own parser (its usage, not the top level's), with what was likely meant
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        own = commands.choices.get(args.command) if args.command else None
        (own or parser).error(f"unrecognized arguments: {' '.join(extra)}{_hint(args.command, extra)}")
    if not args.command:
        parser.print_help()
        return 2
    try:
        code = int(mods[args.command].run(args) or 0)
        sys.stdout.flush()  # inside the try: a closed or full output is reported here, not at exit
        return code
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:  # the reader stopped reading (`bones play | head -1`): stop quietly
        _silence_stdout()
        return 1
    except OSError as err:  # the machine's, not the program's: a full disk, a closed output
        _silence_stdout()
        what = "cannot write the output" if err.filename is None else f"cannot use {err.filename}"
        print(f"bones {args.command}: {what}: {err.strerror or err}", file=sys.stderr)
        return 1


def _silence_stdout() -> None:
    """Point standard output at the null device, so that Python's own flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
