"""Tiles and tile sets: small immutable values with the canonical text `6-4` (high half first)."""

from __future__ import annotations

from typing import NamedTuple

SET_SIZES = (6, 9, 12, 18)


class TileParseError(ValueError):
    """Text that is not a tile."""


class Tile(NamedTuple):
    """One domino. Always stored high half first; `id` is its index in every set that holds it."""

    high: int
    low: int

    @staticmethod
    def of(a: int, b: int) -> "Tile":
        """The tile with halves a and b, in either order."""
        return TILES_BY_ID[tile_id(a, b)] if max(a, b) <= MAX_PIP else Tile(max(a, b), min(a, b))

    @staticmethod
    def parse(text: str) -> "Tile":
        """Read `6-4` or `4-6` (spaces allowed)."""
        parts = text.strip().split("-")
        # ASCII digits only, and at most a few of them: "²" passes isdigit() but not int(), and int() refuses
        # strings of thousands of digits; both must be a TileParseError, never a bare ValueError.
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise TileParseError(f"{text.strip()!r} is not a tile (write it like 6-4)")
        if any(len(p.strip()) > 3 for p in parts):
            raise TileParseError(f"{text.strip()[:20]!r} is not a tile: no set has more than {MAX_PIP} pips on a half")
        a, b = int(parts[0]), int(parts[1])
        if a > MAX_PIP or b > MAX_PIP:
            raise TileParseError(f"{text.strip()!r} is not a tile: no set has more than {MAX_PIP} pips on a half")
        return Tile.of(a, b)

    @property
    def id(self) -> int:
        h = self[0]
        return h * (h + 1) // 2 + self[1]

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def other(self, pip: int) -> int:
        """The half opposite the one showing `pip` (which must be on the tile)."""
        return self.low if pip == self.high else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"


def tile_id(a: int, b: int) -> int:
    """Index of a tile: the same in every set (0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3, ...)."""
    hi, lo = (a, b) if a >= b else (b, a)
    return hi * (hi + 1) // 2 + lo


MAX_PIP = max(SET_SIZES)
TILES_BY_ID: tuple[Tile, ...] = tuple(Tile(h, l) for h in range(MAX_PIP + 1) for l in range(h + 1))
PIPS_BY_ID: tuple[int, ...] = tuple(h + l for h, l in TILES_BY_ID)  # each tile's pips (the hot paths count hands)


def tile_set(max_pip: int) -> tuple[Tile, ...]:
    """The double-`max_pip` set in id order."""
    if max_pip not in SET_SIZES:
        raise ValueError(f"there is no double-{max_pip} set here (sets: {', '.join(map(str, SET_SIZES))})")
    return TILES_BY_ID[: set_size(max_pip)]


def set_size(max_pip: int) -> int:
    return (max_pip + 1) * (max_pip + 2) // 2


def pip_masks(max_pip: int) -> tuple[int, ...]:
    """For each pip, the bitmask (over tile ids) of the tiles that show it."""
    masks = [0] * (max_pip + 1)
    for t in tile_set(max_pip):
        masks[t.high] |= 1 << t.id
        masks[t.low] |= 1 << t.id
    return tuple(masks)


def tiles_of_mask(mask: int) -> list[Tile]:
    """The tiles in a bitmask, in id order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(TILES_BY_ID[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(tiles: "list[Tile] | tuple[Tile, ...]") -> int:
    m = 0
    for t in tiles:
        m |= 1 << t.id
    return m


def mask_pips(mask: int) -> int:
    """Total pips of the tiles in a bitmask."""
    total = 0
    pips = PIPS_BY_ID
    while mask:
        low = mask & -mask
        total += pips[low.bit_length() - 1]
        mask ^= low
    return total


def article(pip: int) -> str:
    """"a" or "an" before a number of pips as it is said: an 8, an 11, an 18 (eight, eleven, eighteen)."""
    return "an" if pip in (8, 11, 18) else "a"


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen")


def number_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def set_words(max_pip: int) -> str:
    """"the double-six set"."""
    return f"the double-{number_word(max_pip)} set"


def not_in_set(tile: "Tile | str", max_pip: int) -> str:
    """Why a tile written with a half above the set's highest number is no tile of the game at all."""
    return f"{tile} is not a tile of {set_words(max_pip)}: its halves show 0 to {max_pip}"
