"""What the table says: every move, pass, draw and score explained in a player's words.

Tiles are only ever named here when the seat reading the text can see them (on the table or in its own hand);
numbers are joined with spaces, en dashes or arrows, never "n-m", so a tile's text cannot be confused with them.
"""

from __future__ import annotations

from typing import Sequence

from bones.engine import Rules, RoundResult
from bones.engine.round import Placement, RoundState, round_pips

END_WORDS = {"L": "left end", "R": "right end", "U": "top end", "D": "bottom end"}


class Names:
    """How the table calls each seat: "You" and "The computer", or "Player 1" and "Player 2"."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = tuple(labels)

    def who(self, seat: int) -> str:
        return self.labels[seat]

    def whose(self, seat: int) -> str:
        label = self.labels[seat]
        return "Your" if label == "You" else f"{label}'s"

    def lower(self, seat: int) -> str:
        label = self.labels[seat]
        return label if label.startswith("Player") else label.lower()


def or_list(pips: Sequence[int]) -> str:
    """`4`, `4 or 1`, `6, 1 or 4`: the numbers on the open ends, each once."""
    seen: list[str] = []
    for p in pips:
        if str(p) not in seen:
            seen.append(str(p))
    if len(seen) <= 1:
        return "".join(seen)
    return ", ".join(seen[:-1]) + " or " + seen[-1]


def end_terms(rnd: RoundState) -> list[int]:
    """What each counted end adds to the sum of the ends, in the order L, R, U, D."""
    if rnd.tiles_down == 1:
        from bones.engine.tiles import TILES_BY_ID

        c = TILES_BY_ID[rnd.center]
        return [c.high, c.low]
    terms = []
    for i, e in enumerate(rnd.ends):
        if e is None:
            continue
        if i >= 2 and not rnd.arms[i]:
            continue  # a short end of the spinner counts for nothing until a tile lies there
        terms.append(e[1])
    return terms


def score_text(rnd: RoundState, scored: int) -> str:
    """`6 + 1 + 8 = 15 → +15`."""
    terms = end_terms(rnd)
    return f"{' + '.join(map(str, terms))} = {sum(terms)} → +{scored}"


def play_text(names: Names, seat: int, placement_end: str | None, tile: str, after: RoundState,
              scored: int, required_lead: bool) -> str:
    """One tile laid, and what it scored."""
    who = names.who(seat)
    if placement_end is None:
        text = f"{who} led {tile}"
        text += " (the tile that decides the lead opens the round)." if required_lead else "."
    else:
        text = f"{who} laid {tile} on the {END_WORDS[placement_end]}."
    if scored:
        text += f" The ends make {score_text(after, scored)}."
    return text


def draw_text(names: Names, seat: int, open_pips: Sequence[int]) -> str:
    return f"{names.who(seat)} had nothing for {or_list(open_pips)} and drew from the boneyard."


def pass_text(names: Names, seat: int, open_pips: Sequence[int], rules: Rules) -> str:
    """A pass, and the rule that made it one."""
    base = f"{names.who(seat)} had nothing for {or_list(open_pips)} and passed"
    if rules.draw == "never":
        return f"{base}: nobody draws in {rules.name}."
    if rules.keep_back:
        return f"{base}: the last {rules.keep_back} tiles in the boneyard are never drawn."
    return f"{base}: the boneyard is empty."


def round_text(names: Names, result: RoundResult, rules: Rules, round_number: int) -> str:
    """How a round ended: both hands' dots and what was scored, with the arithmetic."""
    pips = result.pips_left
    step = rules.rounding
    hands = ", ".join((f"{names.who(s)} {'hold' if names.who(s) == 'You' else 'holds'} {p} dots" if s == 0
                       else f"{names.lower(s)} {p}") for s, p in enumerate(pips))
    head = f"Round {round_number}"
    if result.end == "target":
        w = result.winner if result.winner is not None else 0
        return f"{head}: {names.who(w)} reached {rules.target} and won at once."
    if result.end == "out":
        w = result.winner if result.winner is not None else 0
        others = sum(p for s, p in enumerate(pips) if s != w)
        gained = round_pips(others, step)
        if rules.round_scoring == "lowest_takes_all":
            made = f"{others} dots in the other hand"
            if step:
                made += f", rounded to the nearest {step}"
            return f"{head}: {names.who(w)} went out ({hands}). {made} → +{gained}."
        return f"{head}: {names.who(w)} went out ({hands}) → +{gained}."
    # blocked
    low = min(pips)
    lowest = [s for s, p in enumerate(pips) if p == low]
    if len(lowest) > 1:
        return f"{head} is blocked: nobody can lay a tile. {hands}: equal hands, nobody scores."
    w = lowest[0]
    others = sum(p for s, p in enumerate(pips) if s != w)
    if rules.round_scoring == "lowest_takes_all":
        gained = round_pips(others, step)
        how = f"the lighter hand scores the {others} dots in the heavier one"
        if step:
            how += f", rounded to the nearest {step}"
    else:
        gained = max(0, others - low)
        how = f"the lighter hand scores the difference, {others} − {low} = {others - low}"
    return f"{head} is blocked: nobody can lay a tile. {hands}: {how} → +{gained} for {names.lower(w)}."


def game_text(names: Names, scores: Sequence[int], winner: int | None) -> str:
    """The end of the game."""
    board = " to ".join(str(s) for s in (sorted(scores, reverse=True)))
    if winner is None:
        return f"The game is over, tied at {board}."
    if names.who(winner) == "You":
        return f"You won the game, {board}."
    return f"{names.who(winner)} won the game, {board}."


def arm_tiles(arm: Sequence[Placement]) -> list[str]:
    return [str(p.tile) for p in arm]
