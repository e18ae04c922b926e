"""What one seat sees: its own hand and the table, counts and the public history; never a hidden tile."""

from __future__ import annotations

import re

import pytest

from bones.engine import Action, observe

from tests.kit import game, legal, observation_text, play

# Draw: seat 0 leads 6-6; seat 1 holds no six and draws 5-2, 5-1, then 6-1, which fits.
HANDS = ["6-6 6-5 6-4 6-3 6-2 1-1 0-0", "5-5 5-4 5-3 4-4 4-3 3-3 2-2"]
FIRST = "5-2 5-1 6-1"


def tile_texts(text: str) -> set[str]:
    out = set()
    for a, b in re.findall(r"(?<![\d-])(\d+)-(\d+)(?![\d-])", text):
        hi, lo = max(int(a), int(b)), min(int(a), int(b))
        out.add(f"{hi}-{lo}")
    return out


def test_drawn_tiles_are_seen_only_by_the_drawer() -> None:
    g = play(game("draw", HANDS, FIRST), "6-6", "draw", "draw", "draw")
    me, other = observe(g, 1), observe(g, 0)
    assert [str(t) for t in me.drawn] == ["6-1", "5-2", "5-1"]
    assert {str(t) for t in me.hand} == set(HANDS[1].split()) | {"6-1", "5-2", "5-1"}
    assert other.draws == me.draws == (0, 3)
    assert other.hand_counts == (6, 10) and other.boneyard_count == 11
    assert [str(e.action) for e in other.history] == ["6-6", "draw", "draw", "draw"]
    assert other.drawn == ()
    # Seat 0's view holds its own six tiles and 6-6 on the table, and nothing else.
    visible = set(HANDS[0].split())
    assert tile_texts(observation_text(other)) <= visible
    assert not tile_texts(observation_text(other)) & {"6-1", "5-2", "5-1", "5-5", "2-2"}
    everything = {f"{a}-{b}" for a in range(7) for b in range(a + 1)}
    assert {str(t) for t in other.unseen()} == everything - visible
    # The drawer's legal actions come from its view alone, and agree with the engine.
    assert [str(a) for a in me.legal_actions()] == legal(g) == ["6-1 L", "6-1 R"]
    assert other.legal_actions() == []


def test_the_tile_that_must_lead_is_told_only_to_its_holder() -> None:
    g = game("block", ["4-4 6-5 6-4 3-2 2-1 1-1 1-0", "5-5 5-4 5-3 4-3 4-2 3-1 3-0"])
    holder, other = observe(g, 1), observe(g, 0)
    assert str(holder.lead_tile) == "5-5" and [str(a) for a in holder.legal_actions()] == ["5-5"]
    assert other.lead_tile is None and other.legal_actions() == []
    assert "5-5" not in tile_texts(observation_text(other))
    assert holder.to_move and not other.to_move


def test_observation_after_some_play_in_all_fives() -> None:
    g = play(game("all_fives", ["5-5 5-4 5-1 3-2 2-1 1-1 1-0", "6-5 4-4 6-4 3-3 4-2 4-0 3-0"]),
             "5-5", "6-5 L", "5-4 R", "4-4 R", "5-1 U")
    for seat in (0, 1):
        o = observe(g, seat)
        assert o.ends == {"L": 6, "R": 4, "U": 1, "D": 5}
        assert o.end_weights == {"L": 6, "R": 8, "U": 1, "D": 0}
        assert o.end_sum == 15 and o.spinner == 5
        assert o.scores == (35, 0) and o.round_points == (35, 0)
        assert str(o.center) == "5-5"
        assert [str(e.action) for e in o.history] == ["5-5", "6-5 L", "5-4 R", "4-4 R", "5-1 U"]
        assert [e.scored for e in o.history] == [10, 0, 10, 0, 15]
        assert [(e.name, e.pip, e.weight, e.spinner, e.empty) for e in o.end_list] == [
            ("L", 6, 6, False, False), ("R", 4, 8, False, False), ("U", 1, 1, False, False),
            ("D", 5, 0, False, True)]
        assert o.arms["U"].root_arm == "C" and [str(p.tile) for p in o.arms["U"].tiles] == ["5-1"]
    assert observe(g, 1).to_move and sorted(str(a) for a in observe(g, 1).legal_actions()) == legal(g)


def test_the_table_before_each_event() -> None:
    g = play(game("draw", HANDS, FIRST), "6-6", "draw", "draw")
    assert [e.before.open_pips() for e in observe(g, 0).history] == [(), (6,), (6,)]


def test_what_a_play_would_do_comes_from_the_observation() -> None:
    g = play(game("all_fives", ["5-5 5-4 5-1 3-2 2-1 1-1 1-0", "6-5 4-4 6-4 3-3 4-2 4-0 3-0"]),
             "5-5", "6-5 L", "5-4 R")
    o = observe(g, 1)
    after, scored = o.after(Action.parse("4-4 R"))
    assert (after.end_sum(), scored) == (14, 0)  # 6 + a double four (8); nothing on the spinner's short ends
    assert o.layout.ends_by_name(after) == {"L": 6, "R": 4, "U": 5, "D": 5}
    assert after.end_terms() == [6, 8]  # the spinner's empty short ends count nothing
    after, scored = o.after(Action.parse("6-4 L"))
    assert (o.layout.ends_by_name(after), scored) == ({"L": 4, "R": 4, "U": 5, "D": 5}, 0)
    with pytest.raises(ValueError, match="does not fit end L, which shows 6"):
        o.after(Action.parse("4-2 L"))


def test_no_such_seat() -> None:
    g = game("draw", HANDS)
    with pytest.raises(ValueError):
        observe(g, 2)


def test_the_chips_of_a_pool_add_up_while_a_hand_is_played_and_once_it_is_settled() -> None:
    """Domino Pool: each ante leaves its seat's chips for the pool as the hand is dealt, and the winner's pool is
    in its chips (not shown in the pool as well) once the hand is settled, even with the next hand dealt."""
    import random

    from bones.engine import new_game
    from bones.engine.observation import observe_finished

    g = new_game("domino_pool", 5, {"players": 4})
    seen = observe(g, 0)
    assert seen.scores == (19, 19, 19, 19) and seen.pool == 4  # 80 chips at the table, 4 of them in the pool
    rng = random.Random(1)
    while len(g.results) < 1:
        g = g.apply(rng.choice(g.legal_actions()))
    done = observe_finished(g, 0)
    assert sum(done.scores) + done.pool == 80 and done.pool == 80 - sum(g.scores)
    assert max(done.scores) > 20  # the winner took the pool
    now = observe(g, 0)  # the next hand is dealt: its antes are in the new pool
    assert sum(now.scores) + now.pool == 80 and now.pool >= 4
