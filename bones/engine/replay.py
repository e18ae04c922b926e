"""`bones replay`: a record in, the summary JSON of spec/record.md out (or the error JSON)."""

from __future__ import annotations

from typing import Any

from .game import GameState
from .record import RecordError, load, parse_json


def _ends(game: GameState) -> tuple[dict[str, int], int | None]:
    rnd = game.round
    if rnd is None:
        return {}, None
    total = rnd.end_sum() if game.rules.end_multiple else None
    return rnd.ends_by_name(), total


def summary(game: GameState) -> dict[str, Any]:
    """The state of a replayed game as `bones replay` prints it."""
    rounds = [
        {"end": r.end, "winner": r.winner, "points": list(r.points), "pips_left": list(r.pips_left)}
        for r in game.results
    ]
    rnd = game.round
    if rnd is not None and len(game.actions) > len(game.results):
        rounds.append({"end": None, "winner": None, "points": list(rnd.round_points()),
                       "pips_left": list(rnd.pips_left())})
    ends, end_sum = _ends(game)
    to_move = game.current_seat
    return {
        "rules": game.rules.id,
        "scores": list(game.totals()),
        "finished": game.over,
        "winner": game.winner if game.over else None,
        "rounds": rounds,
        "to_move": to_move,
        "legal": sorted(str(a) for a in game.legal_actions()) if to_move is not None else [],
        "ends": ends,
        "end_sum": end_sum,
    }


def replay_document(doc: Any, trace: bool = False) -> dict[str, Any]:
    """Replay a parsed record; raises RecordError."""
    steps: list[dict[str, Any]] = []

    def on_action(before: GameState, after: GameState, round_index: int, index: int) -> None:
        if not trace:
            return
        rnd_before = before.round
        assert rnd_before is not None
        # The round this action belongs to (the game may already have dealt the next one).
        rnd = after.round if after.round_index == round_index else None
        if rnd is None:
            rnd = _finished_round(before, after)
        event = rnd.history[-1]
        ends = rnd.ends_by_name()
        steps.append({
            "round": round_index,
            "index": index,
            "seat": event.seat,
            "action": str(event.action),
            "scored": event.scored,
            "scores": list(after.totals()),
            "ends": ends,
        })

    game = load(doc, on_action)
    out = summary(game)
    if trace:
        out["trace"] = steps
    return out


def _finished_round(before: GameState, after: GameState) -> Any:
    """The round an action just finished, when the game has already moved on to the next deal."""
    assert before.round is not None
    return before.round.apply(after.actions[before.round_index][-1])


def replay_text(text: str, trace: bool = False) -> tuple[int, dict[str, Any]]:
    """Exit status and JSON object for a record given as text."""
    try:
        return 0, replay_document(parse_json(text), trace)
    except RecordError as e:
        return 2, e.to_json()
