"""The table as text for the terminal: the line of tiles, the spinners' arms, the ends, hands and scores."""

from __future__ import annotations

from typing import Sequence

from bones.engine.layout import Placement, end_words
from bones.engine.observation import Observation
from bones.engine.tiles import Tile


def tile_text(a: int, b: int, crosswise: bool) -> str:
    """A tile as it lies: [6|4] along the line, [6:6] for one lying across it (a double; Matadore's trumps)."""
    return f"[{a}:{b}]" if crosswise else f"[{a}|{b}]"


def line_text(obs: Observation, names: Sequence[str] | None = None) -> str:
    """The line from the L end to the R end, then every other arm (a spinner's U and D, ...) on a line of its own.
    Doubles are written across it ([6:6]), or in Matadore the trumps (`Layout.across`). With the seats' `names`,
    each seat's own line (Honest John) is called by its owner's name, as the moves are, not by a seat number."""
    if obs.center is None:
        return "(the table is empty)"
    c: Tile = obs.center
    across = obs.layout.across
    arms = obs.arms
    if obs.layout.owned:  # a star: the centre double, then each seat's own line from it
        out = f"centre {tile_text(c.high, c.low, across(c))}"
        for name, arm in arms.items():
            seat = int(name[1:])
            tiles = " ".join(tile_text(p.inner, p.outer, across(p.tile)) for p in arm.tiles) or "(not begun)"
            closed = "" if not (obs.table.closed >> seat) & 1 else "  (closed: its last tile turned face down)" \
                if arm.tiles else "  (closed: nobody had a first tile to sell it)"
            whose = end_words(name) if names is None else "Your line" if seat == obs.seat else f"{names[seat]}'s line"
            out += f"\n  {whose} ({name}): {tiles}{closed}"
        return out
    def placed(p: Placement, outward: bool = True) -> str:
        # a spinner (the first double of All Fives, every double of Five Up) is starred, wherever it lies
        text = tile_text(p.inner, p.outer, across(p.tile)) if outward else tile_text(p.outer, p.inner, across(p.tile))
        return f"*{text}*" if p.spinner else text

    left = [placed(p, False) for p in reversed(arms["L"].tiles)] if "L" in arms else []
    right = [placed(p) for p in arms["R"].tiles] if "R" in arms else []
    centre = tile_text(c.high, c.low, across(c))
    if obs.spinner is not None and c.is_double:
        centre = f"*{centre}*"
    out = " ".join(left + [centre] + right)
    for name, arm in arms.items():
        if name in ("L", "R"):
            continue
        if not arm.tiles and name not in obs.ends:
            continue  # a spinner's short end before it opens
        tiles = " ".join(placed(p) for p in arm.tiles) or "(open)"
        out += f"\n  {end_words(name)} ({name}): {tiles}"
    return out


def double_wanted(obs: Observation, pip: int) -> str | None:
    """"4-4" where an end showing 4 takes only its double (seed 000's version 2: "that line can only be continued
    with the double of that number"), else None."""
    return f"{pip}-{pip}" if obs.layout.waits(obs.table.doubles, pip) else None


def _end_note(obs: Observation, frozen: bool, pip: int) -> str:
    """What an end waits for: a cross's arm begun before all four are (seed 004's Sebastopol: "Nothing but sixes can
    be played until both sides and both ends of the first set have been played to"), or the double of a line's new
    number (QA: the board said "S0 4", and only 4-4 was offered)."""
    if frozen:
        return " (waits)"
    double = double_wanted(obs, pip)
    return f" (needs {double})" if double else ""


def ends_text(obs: Observation) -> str:
    if not obs.ends:
        return ""
    parts = [f"{e.name} {e.pip}{_end_note(obs, e.frozen, e.pip)}" for e in obs.end_list]
    text = "ends: " + " · ".join(parts)
    if obs.end_sum is not None and not obs.rules.claims:  # where scores are claimed, counting is the player's own
        text += f"   sum of the ends: {obs.end_sum}"
    return text


def hand_text(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles) or "(none)"
