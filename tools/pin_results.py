"""Write tests/engine/data/pinned_results.json: one whole game of every rules id (and of the options that change
how a game is dealt or settled), dealt from seed 101 and played by `random.Random(101)` choosing among the legal
actions, kept as a record without its seed beside its scores, winner and number of rounds.

Run it only after writing the rule change that moves a pinned result in docs/record.md's list of mends
(tests/engine/test_results_pinned.py says why): `.venv/bin/python tools/pin_results.py`."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from bones.engine import GameState, game_to_record, get_rules, load

SEED = 101
OUT = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data" / "pinned_results.json"
GAMES = ["draw", "block", "all_fives", "draw_dominoes", "muggins", "all_threes", "five_up", "block_game", "draw_game",
         "matadore", "bergen", "boys_french", "boys_game", "partnership_block", "block_play_on", "sebastopol",
         "domino_pool", "honest_john", "honest_john_2"]
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("draw_dominoes", {"players": 5}), ("muggins", {"players": 3, "claims": True}), ("domino_pool", {"players": 6}),
    ("honest_john", {"players": 8}), ("honest_john_2", {"players": 6}), ("partnership_block", {"hand_size": 7}),
    ("block_game", {"cut": "pushed"}), ("sebastopol", {"partners": True}), ("block_play_on", {"players": 3}),
    ("draw_game", {"cut": "drawn"})]


def pinned(rules_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """One game played to its end, as its record (no seed) and its result."""
    game = GameState.new(get_rules(rules_id, options or None), seed=SEED)
    rng = random.Random(SEED)
    while not game.over and game.current_seat is not None:
        game = game.apply(rng.choice(game.legal_actions()))
    doc = game_to_record(game)
    doc.pop("seed", None)
    assert load(json.loads(json.dumps(doc))).scores == game.scores
    return {"record": doc, "scores": list(game.scores), "winner": game.winner, "rounds": len(game.results)}


def main() -> None:
    # a docs audit ran it with --help to read its flags, and it rewrote the file: it takes none, and says so
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    cases = [pinned(r, {}) for r in GAMES] + [pinned(r, o) for r, o in VARIANTS]
    OUT.write_text(json.dumps(cases, separators=(",", ":")))
    print(f"{len(cases)} games pinned in {OUT}")


if __name__ == "__main__":
    main()
