"""What `outcome` works out from an observation agrees with what the engine does with the same play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bones.engine.layout import layout_of
from bones.engine import get_rules, new_game, observe
from bones.engine.actions import Action
from bones.players.features import Outcome, outcome, own_points

from tests.kit import tiles

EMPTY_TABLE = layout_of(get_rules("all_fives")).empty  # not read where the face value of the ends scores


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


def test_own_points_is_the_best_its_remaining_tiles_could_score() -> None:
    """Ends 3, the 4-4 (8) and the spinner's short ends (5, counting 0): 11. The 5-4 on a short end makes 15; on
    the 4-4 it makes 3 + 5 = 8; the 2-1 fits nothing."""
    ends = (3, 4, 5, 5)
    out = Outcome(Action.parse("6-3 L"), tiles("6-3")[0], ends, (3, 8, 0, 0), 0, tuple(tiles("5-4", "2-1")), ends,
                  EMPTY_TABLE)
    assert own_points(out, 5) == 15
    assert own_points(Outcome(out.action, out.tile, out.ends, out.end_weights, 0, tuple(tiles("2-1")), ends,
                              EMPTY_TABLE), 5) == 0
