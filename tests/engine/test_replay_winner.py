"""`bones replay`'s `winner` fields as the record contract writes them, in every game: a round's winner is the seat
that went out or reached the target, else the single lightest hand (null on equal hands); the game's is the seat
with the most (null where seats tie for it, as partners always do). Where a game's rules give the result to other
seats, `won_by` says which, and only there."""

from __future__ import annotations

from typing import Any

import pytest

from bones.engine.game import RoundResult
from bones.engine.replay import round_won_by, round_winner, summary
from bones.engine.rules import get_rules
from bones.engine.scoring import settle

from ..kit import CONFIGS, config_id, random_game


def _expected_round_winner(r: dict[str, Any]) -> int | None:
    pips = r["pips_left"]
    if r["end"] == "blocked":
        lightest = [s for s, p in enumerate(pips) if p == min(pips)]
        return lightest[0] if len(lightest) == 1 else None
    return r["winner"]  # out or target: the seat itself, checked below against the play


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_winners_are_the_contracts_in_every_game(config: tuple[str, dict[str, Any] | None]) -> None:
    rules_id, options = config
    for seed in range(3):
        g = random_game(rules_id, seed, 5_000, options)
        out = summary(g)
        for k, r in enumerate(out["rounds"]):
            if r["end"] is None:
                assert r["winner"] is None and "won_by" not in r
                continue
            assert r["winner"] == _expected_round_winner(r), (rules_id, seed, k, r)
            if r["end"] == "out":
                assert r["winner"] is not None
            if "won_by" in r:  # only where it says something `winner` does not
                assert r["won_by"] != ([] if r["winner"] is None else [r["winner"]])
            won_by = r.get("won_by", [] if r["winner"] is None else [r["winner"]])
            partners = "sides" in out
            if partners:  # a side, or nobody (the sides even)
                assert won_by in ([], *out["sides"]), (rules_id, seed, k, r)
            elif r["end"] in ("out", "target"):  # the seat out wins its round, even where it scores nothing
                assert r["winner"] in won_by, (rules_id, seed, k, r)
        scores = out["scores"]
        top = [s for s, v in enumerate(scores) if v == max(scores)]
        assert out["winner"] == (top[0] if out["finished"] and len(top) == 1 else None)
        if "won_by" in out:
            assert out["finished"] and out["won_by"] == sorted(set(top))


def test_a_partnership_game_is_won_by_a_side_and_its_seats_tie() -> None:
    """Partners share a score, so two seats tie for the most: `winner` is null and `won_by` names the side."""
    for seed in range(20):
        g = random_game("partnership_block", seed, 5_000)
        out = summary(g)
        if out["finished"] and len(set(out["scores"])) == 2:
            side = sorted(s for s, v in enumerate(out["scores"]) if v == max(out["scores"]))
            assert out["winner"] is None and out["won_by"] == side and side in out["sides"]
            return
    pytest.fail("no finished partnership game in 20 seeds")


def test_a_blocked_round_of_honest_john_names_the_lightest_hand_and_nobody_wins_it() -> None:
    """Honest John's blocked round "ends with no winner": `winner` is the lightest hand all the same (the contract's
    field), and `won_by` is empty."""
    for seed in range(60):
        g = random_game("honest_john", seed, 5_000)
        for r in summary(g)["rounds"]:
            if r["end"] == "blocked" and list(r["pips_left"]).count(min(r["pips_left"])) == 1:
                assert r["winner"] == r["pips_left"].index(min(r["pips_left"]))
                assert r["won_by"] == []  # (its points are the chips of the sales made in it)
                return
    pytest.fail("no blocked round of Honest John with one lightest hand in 60 seeds")


def test_bergen_gives_a_blocked_round_to_the_hand_free_of_doublets() -> None:
    """Seed 004: "If he holds a doublet, his adversary scores one". The lighter hand holds a doublet (2 pips), the
    other none (11): `winner` is the lighter hand, and `won_by` the seat that scores."""
    out = settle(get_rules("bergen"), "blocked", None, (2, 11), (True, False))
    r = RoundResult("blocked", out.winner, out.points, out.pips_left, 0, out, ((), ()))
    assert out.points == (0, 1)
    assert round_winner(r) == 0 and round_won_by(r, get_rules("bergen")) == [1]
