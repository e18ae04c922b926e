"""Undo at the table: how far back a person may take their moves, why not when they may not, and the words for
what was taken back. A round's end shows every hand, so Undo never reaches across it; between two people on one
device a side takes back only its own last tile, with its own tiles face up (docs/web.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bones.engine import Action
from bones.engine.actions import ANSWERS
from bones.engine.rules import listed

from .store import GameRow
from .words import Names

if TYPE_CHECKING:
    from .table import Replayed


def undo_from(row: GameRow, rep: Replayed) -> int | None:
    """Where Undo would cut the actions: before your last tile (or draw at will) and the draws that led to it;
    None when there is nothing you may take back. With two players a side takes back only its own tile, with
    its tiles face up: never the other side's, and never under the lid."""
    people = row.humans
    floor = round_start(rep)
    i = len(row.actions) - 1
    while i >= floor and not (rep.seats[i] in people and rep.chosen[i]):
        i -= 1
    if i < floor:
        return None
    if row.two:
        seat = rep.game.current_seat
        if seat is None or row.lid != seat or rep.seats[i] != seat:
            return None
    while (i > floor and rep.seats[i - 1] == rep.seats[i] and row.actions[i - 1] in ("draw", "ask")
           and not rep.chosen[i - 1]):
        i -= 1
    if row.two and row.actions[i] == "draw":  # a draw at will: the tile seen stays drawn (below)
        return None
    if row.two and any(s != rep.seats[i] and a != "pass" for s, a in zip(rep.seats[i:], row.actions[i:])):
        # the other side drew after your tile and then passed: it has seen those tiles, and taken back they
        # would lie in the boneyard again, for you to draw with the other side knowing them
        return None
    return i


def chosen_by_people(row: GameRow, rep: Replayed) -> list[bool]:
    """Each action: whether a person at the table took it by choice (not a pass or draw the table made because
    nothing fitted)."""
    people = row.humans
    return [s in people and c for s, c in zip(rep.seats, rep.chosen)]


def round_start(rep: Replayed) -> int:
    """The first action Undo may take back: the first of the round being played. A finished round showed every
    hand, so neither it nor a finished game is taken back (it would be played again knowing them)."""
    game = rep.game
    if game.over or (game.round is not None and game.round.over):
        return sum(len(a) for a in game.actions)
    return sum(len(a) for a in game.actions[:game.round_index])


def refusal(row: GameRow, rep: Replayed) -> str:
    """Why Undo takes nothing back here: the state carries it, so the page says it when the greyed-out button
    is pressed without asking, and the server answers a request with it."""
    if rep.game.over:
        return "The game is over and every hand has been shown: it cannot be taken back."
    floor = round_start(rep)
    moved = chosen_by_people(row, rep)
    if any(moved[:floor]) and not any(moved[floor:]):
        return "Undo takes back moves of the round being played: the last round's hands have been shown."
    if row.two and any(moved):
        last = max(i for i, m in enumerate(moved) if m)
        if row.actions[last] == "draw" and row.lid == rep.game.current_seat:
            return ("With two players a tile drawn stays drawn: put back, it would lie in the boneyard for the "
                    "other side to draw, with you knowing it.")
        if row.lid != rep.game.current_seat:  # a tile just laid: every hand is down for the handing over
            return ("With two players nothing is taken back while the tiles lie face down: it would show them "
                    "to whoever holds the device now, and a tile laid stands once the turn has passed.")
        return ("With two players a side takes back only its own last tile, with its tiles face up: the other "
                "side's move stands.")
    return "There is nothing to undo yet."


TAKEN = {"play": "last tile", "draw": "draw", "sell": "sale", "give": "gift", "muggins": "muggins",
         "shut": "shutting of the game"}


def taken_back_words(actions: list[str], seats: list[int], chosen: list[bool], people: set[int], names: Names) -> str:
    """What Undo took back, in the status line's words: your move (between two people, "Player 2's last tile"), and
    the answer to it where another seat moved after it ("Your draw is taken back." where a draw at will was the
    last thing done)."""
    seat, mine = next((s, Action.parse(a)) for a, s, c in zip(actions, seats, chosen) if s in people and c)
    # an ask round the table since (forced, never chosen) is named by what it brought, the answer after it (a tile
    # sold or given, told as the purchase or the gift, not again as an answer; none: nobody had one)
    asks = {i: actions[i + 1].split()[0] if i + 1 < len(actions) else "" for i, (a, s) in enumerate(zip(actions, seats))
            if s in people and a == "ask"}
    told = list(dict.fromkeys([f"{names.whose(seat)} {TAKEN.get(mine.kind, 'last move')}",
                               *(asked_words(answer, seats[i], names) for i, answer in asks.items())]))
    answered = {i + 1 for i, answer in asks.items() if answer in ANSWERS}
    answers = {s for i, (s, a) in enumerate(zip(seats, actions)) if s not in people and i not in answered}
    many = len(told) > 1
    if not answers:
        return f"{listed(told, 'and')} {'are' if many else 'is'} taken back."
    return (f"{', '.join(told)} and the answer{'s' if len(answers) > 1 else ''} to {'them' if many else 'it'} are "
            "taken back.")


def asked_words(answer: str, seat: int, names: Names) -> str:
    """A seat's ask round the table, by the kind of the answer that came next: a tile sold to it (for a chip), a
    tile given, or none."""
    if answer == "sell":
        return f"{names.whose_lower(seat)} purchase"
    if answer == "give":
        return f"the tile given to {names.lower(seat)}"
    return f"{names.whose_lower(seat)} ask round the table"
