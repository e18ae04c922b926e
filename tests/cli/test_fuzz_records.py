"""Never a traceback: whatever a record holds, `bones replay` answers with the summary (exit 0) or the error
object (exit 2). Records are real games, then damaged at random: values swapped for other JSON, keys dropped,
tiles and actions rewritten, actions shuffled or cut."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bones.engine import game_to_record, new_game
from bones.engine.replay import replay_text

SETTINGS = settings(max_examples=300, derandomize=True, deadline=None, database=None)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["6-4", "4-6", "6-6 L", "draw", "pass", "9-9", "6-4 U", "0-0", "²-1", "bones-record/1",
                       "draw_dominoes", "all_fives"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def base_record(rules_id: str, seed: int, steps: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    g = new_game(rules_id, seed, options if options is not None else {"players": 3} if rules_id == "muggins" else None)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        g = g.apply(rng.choice(g.legal_actions()))
    doc = game_to_record(g)
    if seed % 2:
        doc.pop("seed")
    return json.loads(json.dumps(doc))


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, prefix + (i,))
    return out


def check_answer(text: str) -> None:
    status, out = replay_text(text)
    assert status in (0, 2)
    json.dumps(out)
    if status == 2:
        assert list(out) == ["error"]
        e = out["error"]
        assert list(e) == ["round", "index", "action", "message"]
        assert e["round"] is None or isinstance(e["round"], int)
        assert e["index"] is None or isinstance(e["index"], int)
        assert e["action"] is None or isinstance(e["action"], str)
        assert isinstance(e["message"], str) and e["message"]
    else:
        assert {"rules", "scores", "finished", "winner", "rounds", "to_move", "legal", "ends", "end_sum"} <= set(out)


ACTIONS = ["draw", "pass", "6-6", "5-5 L", "6-4 R", "1-0 U", "3-3 D", "0-0", "6 - 5", "x", "", "12-1 L"]
# the games of more seats: their own action kinds (sell, give, ask, a star's lines), the cut, chips
MANY_ACTIONS = ACTIONS + ["ask", "sell 9-4 S2", "give 9-8 S1", "sell 9-4", "9-8 S0", "9-9", "12-12", "6-6 U",
                          "go", "sell 6-4 S9"]
MANY_SEATS = [("partnership_block", None), ("partnership_block", {"hand_size": 7}), ("block_play_on", {"players": 3}),
              ("sebastopol", {"partners": True}), ("domino_pool", {"players": 5, "chips": 3}),
              ("draw_dominoes", {"players": 6}), ("honest_john", {"players": 6, "chips": 1}),
              ("honest_john_2", {"players": 3}), ("honest_john_2", {"players": 7})]


def damage(doc: Any, data: st.DataObject, actions: list[str]) -> Any:
    """The record with one to three places damaged: a value swapped for other JSON, a key dropped, an action
    rewritten, a list shuffled or cut."""
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(doc)))
        kind = data.draw(st.sampled_from(["replace", "delete", "action", "shuffle", "truncate"]))
        if not where:
            doc = data.draw(json_values) if kind == "replace" else doc
            continue
        parent: Any = doc
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        if kind == "replace":
            parent[key] = data.draw(json_values)
        elif kind == "delete":
            del parent[key]
        elif kind == "action" and isinstance(parent, list):
            parent[key] = data.draw(st.sampled_from(actions))
        elif kind == "shuffle" and isinstance(parent[key], list):
            data.draw(st.randoms(use_true_random=False)).shuffle(parent[key])
        elif kind == "truncate" and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key][: data.draw(st.integers(0, len(parent[key]) - 1))]
    return doc


@SETTINGS
@given(rules_id=st.sampled_from(["draw", "block", "all_fives", "muggins", "draw_dominoes"]),
       seed=st.integers(0, 1000), steps=st.integers(0, 80), data=st.data())
def test_damaged_records_never_raise(rules_id: str, seed: int, steps: int, data: st.DataObject) -> None:
    check_answer(json.dumps(damage(base_record(rules_id, seed, steps), data, ACTIONS)))


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(config=st.sampled_from(MANY_SEATS), seed=st.integers(0, 1000), steps=st.integers(0, 150), data=st.data())
def test_damaged_records_of_games_for_more_seats_never_raise(config: tuple[str, dict[str, Any] | None], seed: int,
                                                             steps: int, data: st.DataObject) -> None:
    """Partners, a cut, chips and a pool, sales and gifts on a star: the same answer or error object, never more."""
    check_answer(json.dumps(damage(base_record(config[0], seed, steps, config[1]), data, MANY_ACTIONS)))


@SETTINGS
@given(st.text(max_size=40) | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_any_text_is_answered(text: str) -> None:
    check_answer(text)
