"""Actions: small values with one text form that reads back to the same action (`6-4 R`, `draw`, `pass`, `shut`,
`ask`, `sell 9-4 S2`).

A play names the end it is laid against (`layout.py` names every layout's ends: `L`, `R`, `U`, `D`, `U3`, `S2`,
...). Where the same tile could lie either way round on that end (a trump in Matadore), the play also says which
half faces out: `6-1 L:6`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from .tiles import Tile, TileParseError

# L and R: the line's ends; U and D: the first spinner's short ends; U3, D3: a later spinner's (its number);
# S0 ... S17: each seat's own line in a star
_END_RE = re.compile(r"^(?:[LRUD]|[UD]\d{1,2}|S\d{1,2})$")
_PLAY_END_RE = re.compile(r"^([A-Z]+\d{0,2})(?::(\d{1,2}))?$")
_SPACED_COLON = re.compile(r"\s*:\s*")
_SPACED_PLUS = re.compile(r"\s*\+\s*")


class ActionParseError(ValueError):
    """Text that is not an action."""


def is_end_name(word: str) -> bool:
    """Whether `word` has the form of an end's name (which ends a table has depends on its layout)."""
    return bool(_END_RE.match(word))


@dataclass(frozen=True, slots=True)
class Action:
    """A play (`tile` laid against `end`; no end for a round's first tile; `out`: the half left facing out, where
    the tile could lie either way round; `claim`: the points its player claims for it, where scores count only when
    claimed), a `draw`, a `pass`, `shut` (shut the game and count), `muggins` (take the points the last player
    made and did not claim), `ask` (nothing fits: ask round the table for a tile), or `sell`/`give` (the seat asked
    hands over `tile`, laid on the asker's line `end`)."""

    kind: str
    tile: Tile | None = None
    end: str | None = None
    out: int | None = None
    claim: int | None = None

    @staticmethod
    def play(tile: Tile, end: str | None = None, out: int | None = None, claim: int | None = None) -> "Action":
        return Action("play", tile, end, out, claim)

    def claiming(self, points: int | None) -> "Action":
        """The same play with `points` claimed for it (None: no claim)."""
        return Action(self.kind, self.tile, self.end, self.out, points)

    @staticmethod
    def parse(text: str) -> "Action":
        """Read an action; either tile order and extra spaces are accepted, and the end may be left out."""
        if not isinstance(text, str):
            raise ActionParseError(f"{text!r} is not an action")
        # extra spaces around the half facing out and the claim too: "6-1 L : 6" is "6-1 L:6", "5-0 L+ 10" "5-0 L +10"
        words = _SPACED_PLUS.sub(" +", _SPACED_COLON.sub(":", text)).split()
        if not words:
            raise ActionParseError("an empty action: write a tile and an end like '6-4 R', or 'draw' or 'pass'")
        if len(words) == 1 and words[0].lower() in WORDS:
            return WORDS[words[0].lower()]
        if words[0].lower() in ANSWERS:  # "sell 9-4", "give 9-4 S2": a tile handed to the seat that asked
            if len(words) == 1:
                verb = words[0].lower()
                raise ActionParseError(f"{verb.capitalize()} which tile? Write it like '{verb} 9-4'")
            if words[1].lower() in ANSWERS:  # "sell sell ...": refused here, not read one word deeper each time
                raise ActionParseError(f"{text.strip()[:40]!r}: write the tile, like '{words[0].lower()} 9-4'")
            answer = Action.parse(" ".join(words[1:]))
            if answer.kind != "play" or answer.claim is not None or answer.out is not None:
                raise ActionParseError(f"{text.strip()[:40]!r}: write the tile, like '{words[0].lower()} 9-4'")
            return Action(words[0].lower(), answer.tile, answer.end)
        # A play: "6-4", "6-4 R", "6 - 4 R", "6-1 L:6", "5-0 L +10"
        claim = None
        if len(words) > 1 and words[-1].startswith("+"):
            if not words[-1][1:].isascii() or not words[-1][1:].isdigit():
                raise ActionParseError(f"{text.strip()[:40]!r}: a claim is a number of points, like '+10'")
            if len(words[-1]) > 5:  # no play makes so many (a record audit: "a number" said nothing of why)
                raise ActionParseError(f"{text.strip()[:40]!r}: a claim is at most 9999 points")
            claim = int(words[-1][1:])
            words = words[:-1]
            if claim <= 0:
                raise ActionParseError(f"{text.strip()[:40]!r}: a claim is at least one point")
        end = None
        out = None
        m = _PLAY_END_RE.match(words[-1].upper()) if len(words) > 1 else None
        if m and is_end_name(m.group(1)):
            end = m.group(1)
            out = int(m.group(2)) if m.group(2) is not None else None
            words = words[:-1]
        try:
            tile = Tile.parse("".join(words))
        except TileParseError:
            raise ActionParseError(
                f"{text.strip()[:40]!r} is not an action: write a tile and an end like '6-4 R', or 'draw' or 'pass'"
            ) from None
        if out is not None and out not in (tile.high, tile.low):
            raise ActionParseError(f"{text.strip()!r}: {out} is not a half of {tile}")
        return Action("play", tile, end, out, claim)

    @property
    def lays(self) -> bool:
        """Whether the action lays a tile on the table: a play, or a tile sold or given to the seat that asked."""
        return self.tile is not None

    def __str__(self) -> str:
        if self.kind in ANSWERS:
            return f"{self.kind} {self.tile}" + (f" {self.end}" if self.end is not None else "")
        if self.kind != "play":
            return self.kind
        text = f"{self.tile}"
        if self.end is not None:
            text += f" {self.end}" if self.out is None else f" {self.end}:{self.out}"
        return text if self.claim is None else f"{text} +{self.claim}"

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"


def play_open(legal: Iterable[Action]) -> bool:
    """Whether a tile may be laid among `legal`: a draw then is a draw at will (where the rules allow one), a choice
    that says nothing of the hand, not a draw made because nothing fitted."""
    return any(a.kind == "play" for a in legal)


DRAW = Action("draw")
PASS = Action("pass")
SHUT = Action("shut")  # shut the game and count, right after the other side's "go" (where the rules allow it)
MUGGINS = Action("muggins")  # take the points the last player made and did not claim (where scores are claimed)
ASK = Action("ask")  # nothing fits: ask round the table for a tile (Honest John)
WORDS = {"draw": DRAW, "pass": PASS, "shut": SHUT, "muggins": MUGGINS, "ask": ASK}
ANSWERS = ("sell", "give")  # a seat asked for a tile sells it (Honest John 1) or gives it (2): `sell 9-4 S2`
