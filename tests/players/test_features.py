"""What `outcome` works out from an observation agrees with what the engine does with the same play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bones.engine import get_rules, new_game, observe
from bones.players.features import outcome


@pytest.mark.parametrize("rules_id", ["all_fives", "muggins", "draw", "block"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_outcome_matches_the_engine(rules_id: str, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(rules_id, seed)
    rules = get_rules(rules_id)
    checked = 0
    while not game.over and game.round_index == 0:
        seat = game.current_seat
        assert seat is not None
        obs = observe(game, seat)
        legal = obs.legal_actions()
        for action in legal:
            if action.kind != "play":
                continue
            after = game.apply(action)
            out = outcome(obs, action)
            event = after.round.history[-1] if after.round is not None and after.round_index == 0 else None
            if event is not None:
                assert out.scored == event.scored, (action, obs.ends)
            seen = observe(after, seat)
            if after.round_index == 0 and not seen.round_over:
                assert sorted(out.ends) == sorted(seen.ends.values()), (action, obs.ends)
                if rules.end_multiple:
                    assert sum(out.end_weights) == sum(seen.end_weights.values())
            checked += 1
        game = game.apply(rng.choice(legal))
    assert checked > 0
