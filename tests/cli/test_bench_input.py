"""`bones bench`: times that are not a number of seconds are refused at once, not run for ever."""

from __future__ import annotations

import pytest

from bones.cli.main import main


@pytest.mark.parametrize("argv,says", [
    (["--seconds", "nan"], "--seconds must be a positive number of seconds"),
    (["--seconds", "inf"], "--seconds must be a positive number of seconds"),
    (["--seconds", "0"], "--seconds must be a positive number of seconds"),
    (["--pypi-seconds", "nan"], "--pypi-seconds must be a number of seconds"),
    (["--pypi-seconds", "inf"], "--pypi-seconds must be a number of seconds"),
])
def test_a_time_that_is_not_a_number_of_seconds_is_refused(argv: list[str], says: str,
                                                            capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`--seconds nan` never reached its deadline (nan <= 0 is false, and so is now >= nan): it ran for ever.
    (Nothing is measured here: a measurement begun is a failure, not a test that never ends.)"""
    def measured(*args: object) -> float:
        raise AssertionError("a measurement was begun")

    monkeypatch.setattr("bones.cli.bench_cmd.rounds_per_second", measured)
    assert main(["bench", "--rules", "block", "--expert-positions", "0", *argv]) == 2
    captured = capsys.readouterr()
    assert says in captured.err and not captured.out
