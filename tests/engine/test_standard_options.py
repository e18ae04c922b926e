"""The standard option keys of spec/record.md (target, players, hand_size, set) are never unknown: a game that
does not vary one takes it at its own value, and refuses any other as a value it does not allow."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bones.engine import game_to_record, load, new_game
from bones.engine.rules import RulesError, get_rules


@pytest.mark.parametrize("rules_id,key,value", [
    ("sebastopol", "hand_size", 7), ("sebastopol", "set", 6), ("honest_john", "set", 9),
])
def test_a_standard_key_at_the_games_own_value_is_no_change(rules_id: str, key: str, value: int) -> None:
    """spec/record.md: target, players, hand_size and set are the standard keys; a game that does not vary one
    takes it at its own value (a record written by another tool may give every standard key)."""
    base = get_rules(rules_id)
    assert get_rules(rules_id, {key: value}) == base
    doc = json.loads(json.dumps(game_to_record(new_game(rules_id, 3))))
    doc["options"][key] = value
    assert load(doc).rules == base


@pytest.mark.parametrize("rules_id,key,value,own", [
    ("sebastopol", "hand_size", 6, 7), ("sebastopol", "set", 9, 6), ("honest_john", "set", 12, 9),
    ("sebastopol", "hand_size", True, 7),
])
def test_a_standard_key_at_another_value_is_a_value_the_game_does_not_allow(rules_id: str, key: str, value: Any,
                                                                             own: int) -> None:
    with pytest.raises(RulesError, match=f"option '{key}' is always {own} in "):
        get_rules(rules_id, {key: value})


def test_the_description_says_the_number_of_hands_the_options_agree() -> None:
    """Play-testing: `bones play --rules honest_john --option hands=3` opened with "…; ten rounds." and then played
    "round 1 of 3"."""
    assert get_rules("honest_john").described.endswith(
        "out takes a chip from each; a player without chips still pays, in debt; ten rounds.")
    assert get_rules("honest_john", {"hands": 3}).described.endswith("still pays, in debt; 3 rounds.")
    assert get_rules("domino_pool", {"hands": 1}).described.endswith("(ties divide); 1 hand.")
    assert get_rules("domino_pool", {"hands": 0}).described.endswith("(ties divide); played until a player cannot ante.")
    assert get_rules("block").described == get_rules("block").description


@pytest.mark.parametrize("players,each", [(5, 4), (6, 3), (7, 2), (8, 2)])
def test_a_set_too_small_for_the_tables_hands_deals_hands_that_leave_eight_to_draw(players: int, each: int) -> None:
    """Play-testing: `bones play --rules draw_dominoes --seats 6 --option set=6` was refused ("6 hands of 6 need 36
    tiles; the double-6 set has 28") until a hand size was given as well."""
    rules = get_rules("draw_dominoes", {"players": players, "set": 6})
    assert rules.hand_size == each and 28 - players * each >= 8
    assert get_rules("draw_dominoes", {"players": players, "set": 6, "hand_size": 1}).hand_size == 1
    assert get_rules("muggins", {"players": 3}).hand_size == 7  # a table's own hands that fit stay as they are
    game = new_game("draw_dominoes", 3, {"players": players, "set": 6})
    assert game.round is not None and all(len(game.round.hand(s)) == each for s in range(players)
                                          if s != game.round.leader)


@pytest.mark.parametrize("players,set_,each", [(3, 6, 6), (6, 9, 7)])
def test_honest_john_2_on_a_set_its_nine_each_would_leave_nothing_to_draw_from_deals_smaller_hands(
        players: int, set_: int, each: int) -> None:
    """QA: Honest John 2 for three on the double-six dealt nine each and left one tile, which the last four kept
    back made undrawable (as six on the double-nine left one): a seat with nothing for its line could never draw.
    Such a set deals as many each as leave eight, as one too small for the hands at all does."""
    rules = get_rules("honest_john_2", {"players": players, "set": set_})
    assert rules.hand_size == each and rules.tile_count - players * each - rules.kept_back >= 4
    assert get_rules("honest_john_2", {"players": 3}).hand_size == 9  # the double-nine's nine each stay
    game = new_game("honest_john_2", 1, {"players": players, "set": set_})
    assert game.round is not None and game.round.boneyard_count - rules.kept_back >= 4


def test_matadores_description_names_the_trumps_of_the_set_played() -> None:
    """QA: on double-nine the description listed 0-0, 6-1, 5-2 and 4-3, while 7-0 was offered as a trump too."""
    assert "0-0, 6-1, 5-2 and 4-3 are trumps" in get_rules("matadore").described
    assert "0-0, 7-0, 6-1, 5-2 and 4-3 are trumps" in get_rules("matadore", {"set": 9}).described
