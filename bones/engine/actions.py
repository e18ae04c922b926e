"""Actions: small values with one text form that reads back to the same action (`6-4 R`, `draw`, `pass`)."""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import Tile, TileParseError

END_NAMES = ("L", "R", "U", "D")


class ActionParseError(ValueError):
    """Text that is not an action."""


@dataclass(frozen=True, slots=True)
class Action:
    """A play (`tile` laid against `end`; no end for a round's first tile), a `draw`, or a `pass`."""

    kind: str
    tile: Tile | None = None
    end: str | None = None

    @staticmethod
    def play(tile: Tile, end: str | None = None) -> "Action":
        return Action("play", tile, end)

    @staticmethod
    def parse(text: str) -> "Action":
        """Read an action; either tile order and extra spaces are accepted, and the end may be left out."""
        if not isinstance(text, str):
            raise ActionParseError(f"{text!r} is not an action")
        words = text.split()
        if not words:
            raise ActionParseError("an empty action: write a tile and an end like '6-4 R', or 'draw' or 'pass'")
        if len(words) == 1 and words[0].lower() in ("draw", "pass"):
            return DRAW if words[0].lower() == "draw" else PASS
        # A play: "6-4", "6-4 R", "6 - 4 R"
        end = None
        if words[-1].upper() in END_NAMES:
            end = words[-1].upper()
            words = words[:-1]
        try:
            tile = Tile.parse("".join(words))
        except TileParseError:
            raise ActionParseError(
                f"{text.strip()!r} is not an action: write a tile and an end like '6-4 R', or 'draw' or 'pass'"
            ) from None
        return Action("play", tile, end)

    def __str__(self) -> str:
        if self.kind != "play":
            return self.kind
        return f"{self.tile}" if self.end is None else f"{self.tile} {self.end}"

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"


DRAW = Action("draw")
PASS = Action("pass")
