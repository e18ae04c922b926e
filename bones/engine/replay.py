"""`bones replay`: a record in, the summary JSON of docs/record.md out (or the error JSON)."""

from __future__ import annotations

from typing import Any

from .game import GameState, RoundResult
from .record import RecordError, load, parse_json
from .rules import Rules


def round_winner(r: RoundResult) -> int | None:
    """A round's `winner` as the record contract defines it, whatever the game's rules give the round to (that is
    `won_by`): the seat that went out or reached the target, else the single lightest hand (None on equal hands)."""
    if r.end in ("out", "target"):
        return r.winner
    low = min(r.pips_left)
    lightest = [s for s, p in enumerate(r.pips_left) if p == low]
    return lightest[0] if len(lightest) == 1 else None


def round_won_by(r: RoundResult, rules: Rules) -> list[int]:
    """The seats the game's rules give a finished round to: the seat (or side) that went out or reached the target,
    even where it scores nothing; the side or the tied hands that score; the hands that share a pool; none where
    nobody wins it (Honest John's blocked round, equal hands, partners' sides even)."""
    scorers = sorted(r.settlement.scorers)
    if scorers or r.winner is None or r.end == "blocked":
        return scorers
    if rules.partners and r.end == "out":
        return []  # the sides held as many pips: the side that went out does not win the round either
    return sorted(rules.side_of(r.winner))


def game_won_by(game: GameState) -> list[int]:
    """The seats that won a finished game: the winner, or where partners share a score the winning side."""
    if not game.over or game.winner is None:
        return []
    return sorted(game.rules.side_of(game.winner))


def _differs(won_by: list[int], winner: int | None) -> dict[str, Any]:
    """`{"won_by": ...}` where the seats the rules give the result to are not just `winner`; else nothing (the
    contract's fields stay as they are written)."""
    return {} if won_by == ([] if winner is None else [winner]) else {"won_by": won_by}


def summary(game: GameState) -> dict[str, Any]:
    """The state of a replayed game as `bones replay` prints it."""
    rounds = []
    for r in game.results:
        winner = round_winner(r)
        won_by = round_won_by(r, game.rules)
        rounds.append({"end": r.end, "winner": winner, "points": list(r.points), "pips_left": list(r.pips_left),
                       **_differs(won_by, winner)})
    rnd = game.round
    if rnd is not None and len(game.actions) > len(game.results):
        rounds.append({"end": None, "winner": None, "points": list(rnd.round_points()),
                       "pips_left": list(rnd.pips_left())})
    scores = game.totals()
    best = max(scores)
    # the contract's winner: the seat with the most, None where seats tie for it (partners always do)
    winner = scores.index(best) if game.over and scores.count(best) == 1 else None
    to_move = game.current_seat
    extra: dict[str, Any] = {}
    if game.rules.partners:
        extra["sides"] = [list(side) for side in game.rules.sides]
    if game.rules.has_pool:
        extra["pool"] = game.pool
    return {
        "rules": game.rules.id,
        "scores": list(scores),
        "finished": game.over,
        "winner": winner,
        **_differs(game_won_by(game), winner),
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
