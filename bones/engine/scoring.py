"""How a finished round is scored: the hands left, who scores, and the arithmetic, kept for whoever explains it.

`settle` is the one place a round's end is scored. Its `Settlement` keeps the parts of the sum (whose pips were
counted, what the scorer's own hand took off, the rounding) so the table and the terminal explain the points
without working them out again.
"""

from __future__ import annotations

from typing import NamedTuple

from .rules import Rules


class Settlement(NamedTuple):
    """The end of a round: `end` is "out", "blocked" or "target"; `points` what each seat scores for it."""

    end: str
    winner: int | None  # the seat that went out, the single lowest hand of a blocked round, or the seat at target
    points: tuple[int, ...]
    pips_left: tuple[int, ...]
    scorers: tuple[int, ...]  # seats that score (tied lowest hands each score, where the rules say so)
    counted: tuple[int, ...]  # seats whose pips are counted for the scorers
    less: int  # pips the scorer's own hand takes off the count
    step: int  # the count is rounded to the nearest multiple of this (0: as it is)

    @property
    def raw(self) -> int:
        """The count before rounding: the counted hands' pips, less the scorer's own."""
        return sum(self.pips_left[s] for s in self.counted) - self.less


def round_pips(pips: int, step: int) -> int:
    """Pips rounded to the nearest multiple of `step`, halves up (12 -> 10, 13 -> 15); `step` 0 keeps them."""
    if not step:
        return pips
    return (pips + step // 2) // step * step


def settle(rules: Rules, end: str, out_seat: int | None, pips: tuple[int, ...]) -> Settlement:
    """Score a round that ended by `end` ("out": `out_seat` laid its last tile; "blocked"; "target": `out_seat`
    reached the target during play) with `pips` left in each hand."""
    n = len(pips)
    zeros = (0,) * n
    if end == "target":
        return Settlement(end, out_seat, zeros, pips, (), (), 0, 0)
    low = min(pips)
    lowest = tuple(i for i, p in enumerate(pips) if p == low)
    if not rules.lowest_takes_all:
        # the lowest hand (every tied lowest hand) scores the other hands' pips less its own
        counted = tuple(i for i, p in enumerate(pips) if p != low)
        gain = max(0, sum(pips[i] for i in counted) - low)
        points = tuple(gain if i in lowest else 0 for i in range(n))
        winner = out_seat if end == "out" else (lowest[0] if len(lowest) == 1 else None)
        return Settlement(end, winner, points, pips, lowest if counted else (), counted, low, 0)
    # the seat that went out (even beside another empty hand, such as a lone 0-0), else a single lowest hand,
    # scores every other hand's pips, rounded
    if end != "out" and len(lowest) != 1:
        return Settlement(end, None, zeros, pips, (), (), 0, rules.rounding)
    winner = out_seat if end == "out" and out_seat is not None else lowest[0]
    counted = tuple(i for i in range(n) if i != winner)
    gain = round_pips(sum(pips[i] for i in counted), rules.rounding)
    points = tuple(gain if i == winner else 0 for i in range(n))
    return Settlement(end, winner, points, pips, (winner,), counted, 0, rules.rounding)
