"""Records: a game written out replays to the same game, whatever its options; bad records say where."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bones.engine import GameState, game_to_record, RecordError, load, new_game, record_text
from bones.engine.replay import replay_document, summary


def random_game(rules_id: str, seed: int, options: dict[str, Any] | None = None, steps: int = 10_000,
                names: list[str] | None = None) -> GameState:
    g = new_game(rules_id, seed, options, names=names)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        g = g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("rules_id,options", [
    ("block", {"hand_size": 5}),
    ("draw", {"set": 9}),
    ("all_fives", {"set": 12, "hand_size": 10, "target": 100}),
    ("draw_dominoes", {"players": 3, "hand_size": 6}),
    ("muggins", {"players": 4, "hand_size": 6, "target": 50}),
    ("draw_dominoes", {"players": 4, "opening": "highest_tile"}),
])
def test_record_of_a_game_with_options_replays(rules_id: str, options: dict) -> None:
    g = random_game(rules_id, 11, options, steps=60)
    doc = json.loads(json.dumps(game_to_record(g)))
    doc.pop("seed")
    again = load(doc)
    assert again.rules == g.rules
    assert replay_document(doc) == summary(g)
    assert again.actions == g.actions


def test_record_keeps_names_and_seed() -> None:
    g = random_game("draw", 3, names=["South", "North"], steps=20)
    doc = game_to_record(g)
    assert doc["names"] == ["South", "North"] and doc["seed"] == 3
    assert load(doc).names == ("South", "North")


def test_a_seed_only_record_deals_as_new_game() -> None:
    g = random_game("all_fives", 8, steps=15)
    actions = [str(a) for a in g.actions[0]]
    doc = {"format": "bones-record/1", "rules": "all_fives", "seed": 8, "rounds": [{"actions": actions}]}
    assert replay_document(doc) == summary(g)


def test_players_come_from_the_hands_and_must_agree() -> None:
    doc = json.loads(json.dumps(game_to_record(new_game("draw_dominoes", 5, {"players": 3}))))
    doc.pop("seed")
    doc["options"].pop("players")
    assert load(doc).seats == 3
    doc["options"]["players"] = 4
    with pytest.raises(RecordError):
        load(doc)


def test_error_positions() -> None:
    doc = json.loads(json.dumps(game_to_record(new_game("block", 1))))
    g = new_game("block", 1)
    first = str(g.legal_actions()[0])
    doc["rounds"][0]["actions"] = [first, "draw"]
    with pytest.raises(RecordError) as e:
        load(doc)
    assert (e.value.round, e.value.index, e.value.action) == (0, 1, "draw")
    assert e.value.to_json() == {"error": {"round": 0, "index": 1, "action": "draw", "message": e.value.message}}
    assert e.value.message.strip()


def test_a_seed_fixes_every_deal() -> None:
    a = random_game("draw", 77)
    b = random_game("draw", 77)
    assert game_to_record(a) == game_to_record(b)
    assert len(game_to_record(a)["rounds"]) >= 2
    c = new_game("draw", 78)
    assert c.deal_for(0) != a.deal_for(0)
    # The deal of a round does not depend on how earlier rounds were played.
    other = new_game("draw", 77)
    assert other.deal_for(1) == a.deal_for(1)


def test_seed_and_written_deals_together() -> None:
    # Round 1 written out (dealt from another seed), round 2 dealt from the record's seed.
    from bones.engine import seeded_deal

    g = new_game("block", 500)
    rng = random.Random(1)
    while len(g.results) < 1:
        g = g.apply(rng.choice(g.legal_actions()))
    written = game_to_record(g)["rounds"][0]
    doc = {"format": "bones-record/1", "rules": "block", "seed": 9, "rounds": [written, {"actions": []}]}
    game = load(doc)
    assert game.deals[0] is not None and game.deals[0] != seeded_deal(game.rules, 9, 0)
    assert game.round is not None
    expected = seeded_deal(game.rules, 9, 1)
    assert [sorted(game.round.hand(s)) for s in (0, 1)] == [sorted(h) for h in expected.hands]
    out = replay_document(doc)
    assert out["rounds"][1]["pips_left"] == [sum(t.pips for t in h) for h in expected.hands]


@pytest.mark.parametrize("rules_id", ["draw", "partnership_block", "honest_john"])
def test_record_text_is_the_same_document_laid_out_to_read(rules_id: str) -> None:
    """`record_text` (what bones writes to a file) parses back to the very document, one hand a line."""
    game = new_game(rules_id, 5)
    rng = random.Random(5)
    for _ in range(40):
        if game.over or game.current_seat is None:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    doc = game_to_record(game)
    text = record_text(doc)
    assert json.loads(text) == doc
    assert all(line.startswith('        ["') for line in text.splitlines() if line.lstrip().startswith('["'))


def test_a_pool_hand_that_ends_is_traced_with_the_chips_it_left_whether_or_not_the_next_hand_is_dealt() -> None:
    """Domino Pool: the trace of the play that ends a hand shows the chips as that hand left them (its `scores`
    are the stakes plus the hand's points), as the record without the next deal shows them, not already less the
    next hand's ante because the record's seed deals it."""
    g = new_game("domino_pool", 4, {"players": 3})
    rng = random.Random(4)
    while not g.results:
        g = g.apply(rng.choice(g.legal_actions()))
    doc = json.loads(json.dumps(game_to_record(g)))
    doc["rounds"] = doc["rounds"][:1]  # the hand played, not the next one's deal
    seeded = replay_document(doc, trace=True)
    doc.pop("seed")
    unseeded = replay_document(doc, trace=True)
    assert seeded["to_move"] is not None and unseeded["to_move"] is None  # only the seed deals the next hand
    settled = [20 + p for p in seeded["rounds"][0]["points"]]
    assert unseeded["trace"][-1]["scores"] == settled
    assert seeded["trace"] == unseeded["trace"]


def test_a_number_of_players_that_disagrees_with_the_hands_is_named_not_the_names() -> None:
    """A record whose `players` option was changed by hand is refused for that, even when it has a name per hand
    (a tournament's records name every seat): the names agree with the hands, the option does not."""
    doc = json.loads(json.dumps(game_to_record(random_game("honest_john", 3, {"players": 4}, steps=30,
                                                           names=["A", "B", "C", "D"]))))
    doc["options"]["players"] = 5
    with pytest.raises(RecordError) as e:
        load(doc)
    assert (e.value.round, e.value.message) == (0, "the record has 5 seats, but round 0 deals 4 hands")


@pytest.mark.parametrize("rules_id", ["domino_pool", "honest_john_2"])
def test_a_round_dealt_from_the_seed_with_a_cut_written_in_it_is_refused(rules_id: str) -> None:
    """The seed deals the round and makes its cut: a `cut` written beside it (other tiles than the seed's, or in a
    game nobody cuts in) is refused, as in a round whose deal is written out, not passed over in silence."""
    doc = {"format": "bones-record/1", "rules": rules_id, "seed": 3,
           "rounds": [{"cut": ["6-6", "5-5", "4-4", "3-3"], "actions": []}]}
    with pytest.raises(RecordError) as e:
        load(doc)
    assert e.value.round == 0 and "cut" in e.value.message


@pytest.mark.parametrize("rules_id, options", [("domino_pool", {"players": 4}), ("partnership_block", {}),
                                               ("block_game", {"cut": "pushed"})])
def test_a_written_deal_without_its_cut_is_set_by_seat_0(rules_id: str, options: dict[str, object]) -> None:
    """The record format grows only by optional fields (docs/record.md), so the cut is one: a first round written
    without it is set by seat 0, as if seat 0 had won the cut. It was refused, and a record written from the
    format alone could not be read."""
    for seed in range(40):
        doc = json.loads(json.dumps(game_to_record(random_game(rules_id, seed, options, steps=0))))
        if load(doc).current_seat != 0:
            break
    else:
        pytest.fail("seat 0 won every cut")
    del doc["rounds"][0]["cut"], doc["seed"]
    game = load(doc)
    assert game.current_seat == 0 and game.cut is None


def test_a_partners_cut_that_decides_nothing_says_why() -> None:
    doc = json.loads(json.dumps(game_to_record(random_game("partnership_block", 1, {}, steps=0))))
    del doc["seed"]
    doc["rounds"][0]["cut"] = ["1-0", "2-0", "3-1", "3-0"]  # the two lightest are neighbours
    with pytest.raises(RecordError) as e:
        load(doc)
    assert "must be cut by partners (seats 0 and 2, or 1 and 3)" in e.value.message
