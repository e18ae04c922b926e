"""`bones replay`: a record in, the summary JSON of docs/record.md out (or the error JSON)."""

from __future__ import annotations

from typing import Any

from .game import GameState
from .record import RecordError, load, parse_json


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
    to_move = game.current_seat
    extra: dict[str, Any] = {}
    if game.rules.partners:
        extra["sides"] = [list(side) for side in game.rules.sides]
    if game.rules.has_pool:
        extra["pool"] = game.pool
    return {
        "rules": game.rules.id,
        "scores": list(game.totals()),
        "finished": game.over,
        "winner": game.winner if game.over else None,
        "rounds": rounds,
        "to_move": to_move,
        "legal": sorted(str(a) for a in game.legal_actions()) if to_move is not None else [],
        "ends": rnd.ends_by_name() if rnd is not None else {},
        "end_sum": rnd.end_sum() if rnd is not None and game.rules.scores_ends else None,
        **extra,
    }


def replay_document(doc: Any, trace: bool = False) -> dict[str, Any]:
    """Replay a parsed record; raises RecordError."""
    steps: list[dict[str, Any]] = []

    def on_action(before: GameState, after: GameState, round_index: int, index: int) -> None:
        rnd = after.round_of_action(round_index)  # the round this action belongs to, even once the next is dealt
        assert rnd is not None
        event = rnd.history[-1]
        # an action that ended its round shows the totals as the round left them: where hands are played for chips,
        # not yet less the next hand's ante (which the record's seed, if any, has already dealt)
        scores = after.scores if rnd.over else after.totals()
        steps.append({
            "round": round_index,
            "index": index,
            "seat": event.seat,
            "action": str(event.action),
            "scored": event.scored,
            "scores": list(scores),
            "ends": rnd.ends_by_name(),
        })

    game = load(doc, on_action if trace else None)
    out = summary(game)
    if trace:
        out["trace"] = steps
    return out


def replay_text(text: str, trace: bool = False) -> tuple[int, dict[str, Any]]:
    """Exit status and JSON object for a record given as text."""
    try:
        doc = parse_json(text)
    except RecordError as e:
        return 2, e.to_json()
    return replay_parsed(doc, trace)


def replay_parsed(doc: Any, trace: bool = False) -> tuple[int, dict[str, Any]]:
    """Exit status and JSON object for a record already read from its JSON."""
    try:
        return 0, replay_document(doc, trace)
    except RecordError as e:
        return 2, e.to_json()
