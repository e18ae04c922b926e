"""Expert's search compiled before a command needs it, saying so while it takes long (a machine's first use)."""

from __future__ import annotations

import sys
import threading
from typing import Callable, Iterable, TextIO

NOTE = "Compiling Expert's search (once per machine, a few minutes; numba keeps it on disk) ..."
NOTE_AFTER = 1.0  # seconds: loading the compiled search from numba's cache takes less, and says nothing


def warm_expert(levels: Iterable[str], out: TextIO | None = None, after: float = NOTE_AFTER,
                warm: Callable[[], None] | None = None) -> None:
    """Compile (or load) Expert's search now if one of `levels` is Expert, and if that takes longer than `after`
    seconds, say why the command is waiting (on stderr), and that it is done. A tournament's workers then load it
    from the disk cache, not each compile it at once."""
    if "expert" not in levels:
        return
    if warm is None:
        from bones.players.solver import warm_up
        warm = warm_up
    stream = out if out is not None else sys.stderr
    done = threading.Event()
    told = threading.Event()

    def note() -> None:
        if not done.wait(after):
            print(NOTE, file=stream, flush=True)
            told.set()

    teller = threading.Thread(target=note, name="bones-warm-note", daemon=True)
    teller.start()
    try:
        warm()
    finally:
        done.set()
        teller.join()
    if told.is_set():
        print("Expert's search is ready.", file=stream, flush=True)
