"""What a player would notice about each level, in positions built from explicit deals."""

from __future__ import annotations

import pytest

from bones.engine import Action, GameState, observe
from bones.players import LEVELS, describe, make_player
from bones.players.beginner import Beginner
from bones.players.features import count_table, expected_best, outcome, p_holds_none
from bones.players.hard import replies

from tests.kit import explicit_game, play, tiles

# Block: seat 0 holds the 6-6 and must lead it; seat 1 answers 6-4 on the left, so the ends show 4 and 6.
BLOCK_HANDS = (
    tiles("6-6", "4-4", "6-5", "6-2", "3-1", "2-0", "1-0"),
    tiles("6-4", "5-5", "5-3", "3-3", "2-2", "1-1", "0-0"),
)


def test_easy_lays_the_double_first() -> None:
    game = play(explicit_game("block", *BLOCK_HANDS), "6-6", "6-4 L")
    obs = observe(game, 0)
    assert set(map(str, obs.legal_actions())) == {"4-4 L", "6-5 R", "6-2 R"}
    assert str(make_player("easy").choose(obs).action) == "4-4 L"


def test_easy_lays_heavy_before_light() -> None:
    hands = (
        tiles("6-6", "5-5", "5-4", "3-3", "3-2", "2-2", "0-0"),
        tiles("6-1", "6-4", "5-3", "4-2", "2-1", "1-0", "4-0"),
    )
    game = play(explicit_game("draw", *hands), "6-6")
    assert str(make_player("easy").choose(observe(game, 1)).action) == "6-4 L"


def test_easy_covers_the_higher_end() -> None:
    """A tile that fits both ends goes on the higher number: heavy before light, said of the ends."""
    hands = (
        tiles("6-6", "4-2", "3-2", "5-0", "1-0", "4-0", "5-1"),
        tiles("6-4", "6-3", "5-5", "4-4", "3-3", "2-2", "1-1"),
    )
    game = play(explicit_game("block", *hands), "6-6", "6-4 L", "4-2 L", "6-3 R")
    obs = observe(game, 0)
    assert obs.ends == {"L": 2, "R": 3}
    assert set(map(str, obs.legal_actions())) == {"3-2 L", "3-2 R"}
    assert str(make_player("easy").choose(obs).action) == "3-2 R"  # covers the 3, leaves the 2 twice


def seed_all_fives_position() -> GameState:
    """The seed's All Fives picture: the 5-5 spinner with 6-5 on its left, 5-4 and the 4-4 on its right."""
    s0 = tiles("5-5", "5-4", "5-1", "6-3", "6-2", "2-1", "1-0")
    s1 = tiles("6-5", "4-4", "3-0", "2-2", "2-0", "1-1", "3-1")
    return play(explicit_game("all_fives", s0, s1), "5-5", "6-5 L", "5-4 R", "4-4 R")


def test_easy_takes_fifteen_in_the_seeds_all_fives_position() -> None:
    obs = observe(seed_all_fives_position(), 0)
    assert obs.ends == {"L": 6, "R": 4, "U": 5, "D": 5}
    choice = make_player("easy").choose(obs)
    assert str(choice.action) == "5-1 U"  # 6 + 8 + 1 = 15; 6-2 would make 10, and 6-3 is the heaviest
    analysis = choice.analysis
    assert analysis is not None and max(analysis, key=lambda k: analysis[k]) == "5-1 U"
    assert outcome(obs, choice.action).scored == 15


def test_medium_takes_the_fifteen_too() -> None:
    obs = observe(seed_all_fives_position(), 0)
    assert make_player("medium").choose(obs).action.tile == Action.parse("5-1").tile


def test_hard_counts_what_the_reply_can_score() -> None:
    """After 6-2 on the left the ends count 2, 8 (the 4-4) and 0 and 0 (the spinner's short ends): 10."""
    obs = observe(seed_all_fives_position(), 0)
    after = outcome(obs, Action.parse("6-2 L"))
    table = count_table(obs)
    best = dict(zip(map(str, table.unseen), replies(obs, after, table)))
    assert best["5-0"] == 10  # 2 + 8 + 0: laid on U or D, its blank counts nothing
    assert best["4-3"] == 5  # on the 4-4: 2 + 3
    assert best["2-0"] == 0  # 0 + 8 = 8
    assert best["5-3"] == 0 and best["5-2"] == 0  # 13 and 12
    assert best["2-2"] == 0  # 4 + 8 = 12
    assert best["6-6"] == 0  # fits nothing: the ends show 2, 4 and 5


def test_beginner_plays_the_first_tile_it_holds_that_fits() -> None:
    game = play(explicit_game("block", *BLOCK_HANDS), "6-6", "6-4 L")
    obs = observe(game, 0)
    seen = set()
    for seed in range(40):
        beginner = Beginner(seed)
        first = next(t for t in beginner.held(obs) if 4 in t or 6 in t)
        action = beginner.choose(obs).action
        assert action.tile == first
        assert action.end == ("L" if 4 in first else "R")
        seen.add(str(action))
    # it does not look at dots or doubles: over many seeds it plays each of the three tiles
    assert seen == {"4-4 L", "6-5 R", "6-2 R"}


def test_beginner_lays_the_first_tile_on_the_first_end() -> None:
    obs = observe(seed_all_fives_position(), 0)
    played = [Beginner(seed).choose(obs).action for seed in range(40)]
    assert Action.parse("5-1 U") in played and Action.parse("5-1 D") not in played  # U comes before D
    assert Action.parse("6-2 L") in played  # it does not look at points either


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard"])
def test_forced_moves(level: str) -> None:
    """With nothing that fits, the only legal action: draw in Draw, pass in Block."""
    hands = (
        tiles("6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"),
        tiles("4-4", "4-3", "3-3", "2-1", "1-1", "0-0", "1-0"),
    )
    for rules_id, expected in (("draw", "draw"), ("block", "pass")):
        game = play(explicit_game(rules_id, *hands), "6-6")
        assert str(make_player(level).choose(observe(game, 1)).action) == expected


def test_levels_are_listed_and_described() -> None:
    assert list(LEVELS) == ["beginner", "easy", "medium", "hard", "expert"]
    for level in LEVELS:
        assert describe(level) and LEVELS[level].name == level.capitalize()
    with pytest.raises(ValueError, match="unknown player 'grandmaster' .*beginner, easy"):
        make_player("grandmaster")


def test_expert_names_the_level_that_plays_where_it_cannot() -> None:
    from bones.engine import get_rules
    from bones.players import player_for, stand_in

    assert stand_in("expert", get_rules("five_up")).note is None
    big = get_rules("muggins", {"set": 12})
    chosen = stand_in("expert", big)
    assert chosen.level == "hard"
    assert chosen.note is not None and "Expert does not play Muggins" in chosen.note and "Hard plays" in chosen.note
    player, why = player_for("expert", big, seed=1)
    assert player.name == "hard" and why == chosen
    assert stand_in("medium", big).level == "medium" and stand_in("medium", big).note is None


def test_chance_the_next_seat_holds_none_of_some_tiles() -> None:
    assert p_holds_none(14, 0, 7) == 1.0
    assert p_holds_none(14, 8, 7) == 0.0
    assert p_holds_none(14, 1, 7) == pytest.approx(0.5)
    assert p_holds_none(4, 2, 2) == pytest.approx(1 / 6)


def test_expected_best_reply() -> None:
    # one unseen tile worth 10 among 4, a hand of 2: held with chance 1/2
    assert expected_best([10, 0, 0, 0], 4, 2) == pytest.approx(5.0)
    # the best of two: 10 when held (1/2), else 5 when that one is held (2 of the 6 hands)
    assert expected_best([5, 10, 0, 0], 4, 2) == pytest.approx(10 * 3 / 6 + 5 * 2 / 6)


def test_expert_plays_domino_pool_for_six_but_not_draw_dominoes_for_five_on_double_nine() -> None:
    from bones.engine import get_rules
    from bones.players import stand_in

    assert stand_in("expert", get_rules("domino_pool", {"players": 6})).note is None
    assert stand_in("expert", get_rules("draw_dominoes", {"players": 4})).note is None
    wide = stand_in("expert", get_rules("draw_dominoes", {"players": 5}))
    assert wide.level == "hard" and wide.note is not None and "double-six set only, not 55 tiles" in wide.note
    assert stand_in("expert", get_rules("draw_dominoes", {"players": 5, "set": 6, "hand_size": 4})).note is None
