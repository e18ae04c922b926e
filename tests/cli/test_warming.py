"""A command that seats Expert compiles its search first, and says why it waits when that takes long."""

from __future__ import annotations

import io
import threading

from bones.cli.warming import NOTE, warm_expert


class Told(io.StringIO):
    """A stream that lets a test wait until something is written to it."""

    def __init__(self) -> None:
        super().__init__()
        self.written = threading.Event()

    def write(self, s: str) -> int:
        n = super().write(s)
        self.written.set()
        return n


def test_a_slow_first_compile_is_said_and_its_end_too() -> None:
    out = Told()
    calls: list[str] = []

    def slow() -> None:  # a machine's first use: it takes as long as the note takes to come
        calls.append("warm")
        assert out.written.wait(30), "nothing was said while the search compiled"

    warm_expert(["hard", "expert"], out=out, after=0.0, warm=slow)
    assert calls == ["warm"]
    assert out.getvalue() == NOTE + "\nExpert's search is ready.\n"


def test_a_quick_load_from_the_cache_says_nothing() -> None:
    out = io.StringIO()
    calls: list[str] = []
    warm_expert(["expert", "hard"], out=out, after=60.0, warm=lambda: calls.append("warm"))
    assert calls == ["warm"] and out.getvalue() == ""


def test_without_expert_nothing_is_compiled() -> None:
    out = io.StringIO()
    calls: list[str] = []
    warm_expert(["hard", "medium"], out=out, after=0.0, warm=lambda: calls.append("warm"))
    assert calls == [] and out.getvalue() == ""
