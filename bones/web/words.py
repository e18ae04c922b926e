"""What the table says: every move, pass, draw and score explained in a player's words.

Tiles are only ever named here when the seat reading the text can see them (on the table or in its own hand);
numbers are joined with spaces, en dashes or arrows, never "n-m", so a tile's text cannot be confused with them.
"""

from __future__ import annotations

from typing import Sequence

from bones.engine import RoundResult, Rules, Table
from bones.engine.layout import end_words


class Names:
    """How the table calls each seat: "You" and "The computer", "You", "Computer 1" … "Computer 3", or "Player 1"
    and "Player 2"."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = tuple(labels)

    def who(self, seat: int) -> str:
        return self.labels[seat]

    def whose(self, seat: int) -> str:
        label = self.labels[seat]
        return "Your" if label == "You" else f"{label}'s"

    def lower(self, seat: int) -> str:
        """The name in the middle of a sentence ("you", "the computer", "Computer 2", "Player 1")."""
        label = self.labels[seat]
        return label[0].lower() + label[1:] if label == "You" or label.startswith("The ") else label

    def verb(self, seat: int, you: str, other: str) -> str:
        """`you` after "You", `other` after anyone else ("hold" / "holds")."""
        return you if self.labels[seat] == "You" else other


def or_list(pips: Sequence[int]) -> str:
    """`4`, `4 or 1`, `6, 1 or 4`: the numbers on the open ends, each once."""
    seen: list[str] = []
    for p in pips:
        if str(p) not in seen:
            seen.append(str(p))
    if len(seen) <= 1:
        return "".join(seen)
    return ", ".join(seen[:-1]) + " or " + seen[-1]


def and_list(pips: Sequence[int]) -> str:
    """`4`, `4 and 1`, `6, 1 and 4`: the numbers on the open ends, each once."""
    return or_list(pips).replace(" or ", " and ")


def score_text(table: Table, scored: int) -> str:
    """`6 + 1 + 8 = 15 → +15`: what each counted end adds (as the engine counts them), and the points."""
    terms = table.end_terms()
    return f"{' + '.join(map(str, terms))} = {sum(terms)} → +{scored}"


def play_text(names: Names, seat: int, placement_end: str | None, tile: str, after: Table,
              scored: int, required_lead: bool) -> str:
    """One tile laid, and what it scored (`after`: the table it left)."""
    who = names.who(seat)
    if placement_end is None:
        text = f"{who} led {tile}"
        text += " (the tile that decides the lead opens the round)." if required_lead else "."
    else:
        text = f"{who} laid {tile} on the {end_words(placement_end)}."
    if scored:
        text += f" The ends make {score_text(after, scored)}."
    return text


def draw_text(names: Names, seat: int, open_pips: Sequence[int]) -> str:
    return f"{names.who(seat)} had nothing for {or_list(open_pips)} and drew from the boneyard."


def pass_text(names: Names, seat: int, open_pips: Sequence[int], rules: Rules) -> str:
    """A pass, and the rule that made it one."""
    base = f"{names.who(seat)} had nothing for {or_list(open_pips)} and passed"
    if not rules.draws:
        return f"{base}: nobody draws in {rules.name}."
    if rules.kept_back:
        return f"{base}: the last {rules.kept_back} tiles in the boneyard are never drawn."
    return f"{base}: the boneyard is empty."


def _hands_text(names: Names, pips: Sequence[int]) -> str:
    """`You hold 0 dots, the computer 12` (every seat, in seat order)."""
    return ", ".join((f"{names.who(s)} {names.verb(s, 'hold', 'holds')} {p} dots" if i == 0
                      else f"{names.lower(s)} {p}") for i, (s, p) in enumerate(enumerate(pips)))


def _names_list(names: Names, seats: Sequence[int]) -> str:
    """Seats named in the middle of a sentence: "you and Computer 1"."""
    words = [names.lower(s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def round_text(names: Names, result: RoundResult, rules: Rules, round_number: int) -> str:
    """How a round ended: every hand's dots and what was scored, with the arithmetic the engine settled it by."""
    st = result.settlement
    pips = result.pips_left
    many = len(pips) > 2
    hands = _hands_text(names, pips)
    head = f"Round {round_number}"
    other_hands = "the other hands" if many else "the other hand"
    if st.end == "target":
        w = st.winner if st.winner is not None else 0
        return f"{head}: {names.who(w)} reached {rules.target} and won at once."
    counted = [pips[s] for s in st.counted]
    if not rules.lowest_takes_all:
        low = st.less
        if st.end == "out":
            w = st.winner if st.winner is not None else 0
            opening = f"{head}: {names.who(w)} went out ({hands})"
        else:
            opening = f"{head} is blocked: nobody can lay a tile or draw. {hands}"
        if not st.scorers:
            return f"{opening}: equal hands, nobody scores."
        gain = st.points[st.scorers[0]]
        others = sum(counted)
        if not many:
            if st.end == "out" and low == 0:
                return f"{opening} → +{gain}."
            return (f"{opening}: the lighter hand scores the difference, {others} − {low} = {gain} → +{gain} "
                    f"for {names.lower(st.scorers[0])}.")
        how = f"{' + '.join(map(str, counted))} = {others}" if len(counted) > 1 else f"{others}"
        if low:
            how += f", less its own {low}: {others} − {low} = {gain}"
        who = _names_list(names, st.scorers)
        each = " each" if len(st.scorers) > 1 else ""
        lead = "The lowest hands score" if len(st.scorers) > 1 else "The lowest hand scores"
        return f"{opening}. {lead} the dots in the others, {how} → +{gain}{each} for {who}."
    # lowest takes all, rounded (All Fives, Muggins, All Threes, Five Up)
    if st.scorers:
        w = st.scorers[0]
        gained = st.points[w]
        made = f"{st.raw} dots in {other_hands}"
        if st.step:
            made += f", rounded to the nearest {st.step}"
        if st.end == "out":
            return f"{head}: {names.who(w)} went out ({hands}). {made} → +{gained}."
        return (f"{head} is blocked: nobody can lay a tile or draw. {hands}: the lightest hand scores the "
                f"{made} → +{gained} for {names.lower(w)}.")
    return f"{head} is blocked: nobody can lay a tile or draw. {hands}: equal lightest hands, nobody scores."


def game_text(names: Names, scores: Sequence[int], winner: int | None) -> str:
    """The end of the game."""
    if len(scores) > 2:
        board = ", ".join(f"{names.lower(s) if s else names.who(s)} {p}" for s, p in enumerate(scores))
        if winner is None:
            return f"The game is over, tied at the top ({board})."
        if names.who(winner) == "You":
            return f"You won the game with {scores[winner]} ({board})."
        return f"{names.who(winner)} won the game with {scores[winner]} ({board})."
    board = " to ".join(str(s) for s in (sorted(scores, reverse=True)))
    if winner is None:
        return f"The game is over, tied at {board}."
    if names.who(winner) == "You":
        return f"You won the game, {board}."
    return f"{names.who(winner)} won the game, {board}."



ROUND_ENDS = {"out": "went out", "blocked": "blocked", "target": "reached the target"}


def game_summary(names: Names, results: Sequence[RoundResult], scores: Sequence[int], winner: int | None,
                 target: int) -> dict[str, object]:
    """The end of a game for its summary box: each round's points (and how it ended, and by whom), the totals and
    who won. Numbers and names only: it names no tile."""
    rounds = []
    for i, r in enumerate(results):
        how = ROUND_ENDS.get(r.end, r.end)
        if r.end != "blocked" and r.winner is not None:
            how = f"{names.who(r.winner)} {how}"
        rounds.append({"round": i + 1, "points": list(r.points), "how": how[:1].upper() + how[1:]})
    count = len(results)
    text = game_text(names, scores, winner) + f" {count} {'round' if count == 1 else 'rounds'}, to {target}."
    return {"rounds": rounds, "scores": list(scores), "names": list(names.labels), "winner": winner, "text": text}
