"""`play_out`'s one-loop path for plain rounds ends where the action-by-action loop ends: the same random numbers
choose the same actions, so the final hands, table, history and settlement agree, for every game and number of
players of the registry (and its variations) whose rounds are plain, from the deal and from part-way through."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bones.engine import get_rules
from bones.engine.playout import dealt_round, play_out, play_out_by_actions, random_round
from bones.engine.round import RoundState

from tests.kit import CONFIGS, VARIATIONS, config_id



def _is_plain(config: Any) -> bool:
    rules = get_rules(*config)
    setup = RoundState.start(rules, [()] * rules.players, (), 0, None).setup
    return bool(setup.plain and not setup.extras)


PLAIN = [c for c in CONFIGS + VARIATIONS + [("partnership_block", {"hand_size": 7})] if _is_plain(c)]


def _fingerprint(s: RoundState) -> Any:
    return (s.hands, s.drawn, tuple(s.table), s.current, s.points, s.history, s.from_boneyard, s.over, s.outcome)


def test_the_plain_games_are_the_ones_expected() -> None:
    names = {c[0] for c in PLAIN}
    assert {"block", "draw", "partnership_block", "draw_dominoes", "block_game", "boys_french"} <= names
    assert "all_fives" not in names and "muggins" not in names  # scored during play: the loop, not the fast path


@pytest.mark.parametrize("config", PLAIN, ids=config_id)
def test_one_loop_ends_where_the_step_by_step_loop_ends(config: Any) -> None:
    rules = get_rules(*config)
    for seed in range(40):
        start = dealt_round(rules, random.Random(seed))
        for steps in (0, 1, 5):  # from the deal, after the lead, part-way through
            state = start
            walk = random.Random(seed + 1000)
            for _ in range(steps):
                if state.over:
                    break
                legal = state.legal_actions()
                state = state.apply(legal[int(walk.random() * len(legal))])
            fast = play_out(state, random.Random(seed))
            slow = play_out_by_actions(state, random.Random(seed))
            assert fast.over and _fingerprint(fast) == _fingerprint(slow), (config, seed, steps)


def test_random_round_is_the_same_from_the_same_seed() -> None:
    rules = get_rules("partnership_block", {"hand_size": 7})
    a = random_round(rules, random.Random(5))
    b = random_round(rules, random.Random(5))
    assert _fingerprint(a) == _fingerprint(b)
