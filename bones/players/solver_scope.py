"""Which rules the face-up solver plays, told without loading it: `bones players` and the level table ask, and the
solver's module brings numba (a quarter of a second to import) for a question the rules alone answer. The limits
are the compiled search's own; a test holds them equal to `solver_core`'s."""

from __future__ import annotations

from bones.engine.layout import layout_of
from bones.engine.rules import LayoutKind, Rules

MAX_SEATS = 8  # solver_core.MAX_SEATS: the hands a face-up position holds
MAX_ENDS = 24  # solver_core.MAX_ENDS: every double a spinner in a double-nine set
MAX_COMPILED_TILES = 63  # tiles a compiled position holds as bits of one word
SOLVED_LAYOUTS = frozenset({LayoutKind.LINE, LayoutKind.FIRST_SPINNER, LayoutKind.EVERY_SPINNER, LayoutKind.CROSS,
                            LayoutKind.FIRST_SPINNER_FREE})


def solvable(rules: Rules) -> str | None:
    """None if the face-up solver plays these rules, else why not (in a player's words)."""
    if rules.players > MAX_SEATS:
        return f"the face-up search plays at most {MAX_SEATS} seats, not {rules.players}"
    if rules.players > 4 and rules.scores_in_play:
        return "the face-up search plays a game that scores during play at most four seats"
    if rules.layout not in SOLVED_LAYOUTS:
        return f"the face-up search does not play the {rules.layout} layout"
    if layout_of(rules).slots > MAX_ENDS:
        return "the face-up search does not play a table with that many ends"
    return None
