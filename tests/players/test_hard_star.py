"""Hard on Honest John's star: its rules of thumb in version 1; in version 2 (tiles given, pips scored) a few deals of
the hidden tiles played out, which it measured better than Medium with, where no weighing of the rules of thumb was
(docs/levels.md)."""

from __future__ import annotations

from bones.engine import Observation
from bones.players import star
from bones.players.hard import Hard

from .test_belief import random_observations


def _weighed(rules_id: str, seed: int) -> list[Observation]:
    """Decisions of a few random games where Hard has more than one tile to choose between."""
    out = []
    for _, obs in random_observations(rules_id, 3, seed, {"players": 4}):
        tiles = [a for a in obs.legal_actions() if a.tile is not None]
        if len(tiles) > 1:
            out.append(obs)
    return out


def test_in_version_2_hard_plays_deals_out_and_sometimes_leaves_its_rule_of_thumb() -> None:
    positions = _weighed("honest_john_2", 5)
    assert len(positions) > 20
    departed = 0
    for obs in positions:
        legal = obs.legal_actions()
        choice = Hard(seed=3).choose(obs)
        assert choice.action in legal
        assert choice.analysis is not None and set(choice.analysis) == {str(a) for a in legal}
        assert Hard(seed=3).choose(obs) == choice  # the same observation, the same choice
        departed += choice.action != star.choose(obs, legal, "hard").action
    assert departed > 0  # the play-outs overrule the rule of thumb where another tile clearly does better


def test_in_version_1_hard_keeps_its_rule_of_thumb() -> None:
    for obs in _weighed("honest_john", 6):
        legal = obs.legal_actions()
        assert Hard(seed=3).choose(obs).action == star.choose(obs, legal, "hard").action
