"""The `bones` command: rules, deal, replay (with --trace and -), and the error contract for bad records."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bones.cli import main as cli_main
from bones.engine import RULES

ROOT = Path(__file__).resolve().parents[2]
BONES = ROOT / ".venv" / "bin" / "bones"

# spec/record.md's example document and the output it promises for it
SPEC_DIR = Path(__file__).resolve().parents[1] / "engine" / "data"
SPEC_RECORD: dict[str, Any] = json.loads((SPEC_DIR / "spec_example.json").read_text())
SPEC_OUTPUT: dict[str, Any] = json.loads((SPEC_DIR / "spec_example_replay.json").read_text())

# Block, two tiles each: seat 0 leads 6-6, seat 1 answers 6-5, seat 0 goes out with 6-0 (10 points).
QUICK: dict[str, Any] = {
    "format": "bones-record/1", "rules": "block", "options": {"hand_size": 2},
    "rounds": [{"hands": [["6-6", "6-0"], ["6-5", "5-5"]],
                "boneyard": ["6-4", "6-3", "6-2", "6-1", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3", "4-2",
                             "4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"],
                "actions": ["6-6", "6-5 L", "6-0 R"]}],
}


def copy(doc: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(doc))


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None,
             monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli_main.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def replay(doc: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, Any, str]:
    path = tmp_path / "game.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    code, out, err = run_main(["replay", str(path), *flags], capsys)
    return code, json.loads(out), err


def assert_error(code: int, out: Any, err: str, round_: Any = None, index: Any = None, action: Any = None) -> str:
    """Exit 2, only the error object on stdout, never a traceback; returns the message."""
    assert code == 2
    assert isinstance(out, dict) and list(out) == ["error"]
    e = out["error"]
    assert list(e) == ["round", "index", "action", "message"]
    assert (e["round"], e["index"], e["action"]) == (round_, index, action), e
    assert isinstance(e["message"], str) and e["message"].strip()
    assert "Traceback" not in err and "Traceback" not in e["message"]
    return e["message"]


# ---- bones rules ------------------------------------------------------------------------------------------

def test_rules_lists_every_rules_id_with_a_description(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["rules"], capsys)
    assert code == 0
    lines = out.strip().splitlines()
    ids = [line.split()[0] for line in lines]
    assert ids == list(RULES)
    assert {"draw", "block", "all_fives", "draw_dominoes", "muggins"} <= set(ids)
    for line in lines:
        assert len(line.split(None, 1)) == 2 and len(line.split(None, 1)[1]) > 10


# ---- bones deal -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules_id", list(RULES))
def test_deal_prints_a_record_that_replays(rules_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["deal", "--rules", rules_id, "--seed", "42"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["format"] == "bones-record/1" and doc["rules"] == rules_id
    assert len(doc["rounds"]) == 1 and doc["rounds"][0]["actions"] == []
    hands, boneyard = doc["rounds"][0]["hands"], doc["rounds"][0]["boneyard"]
    rules = RULES[rules_id]
    n, size = rules.players, rules.hand_size
    assert len(hands) == n and [len(h) for h in hands] == [size] * n and len(boneyard) == rules.tile_count - n * size
    assert len(set(sum(hands, [])) | set(boneyard)) == rules.tile_count
    code, summary, _ = replay(doc, tmp_path, capsys)
    assert code == 0
    # chips each seat holds: where hands are played for a pool, its ante is in the pool while the hand is played
    assert summary["scores"] == [rules.start_score - rules.ante] * n
    assert summary["rules"] == rules_id and not summary["finished"]
    assert summary["to_move"] in range(n) and summary["legal"] and summary["ends"] == {}
    assert summary["end_sum"] is None
    # The same seed deals the same tiles; another seed deals others.
    code, again, _ = run_main(["deal", "--rules", rules_id, "--seed", "42"], capsys)
    assert json.loads(again) == doc
    code, other, _ = run_main(["deal", "--rules", rules_id, "--seed", "43"], capsys)
    assert json.loads(other)["rounds"][0]["hands"] != hands


@pytest.mark.parametrize("players,size", [(3, 5), (4, 5)])
def test_deal_with_players(players: int, size: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["deal", "--rules", "draw_dominoes", "--seed", "7", "--players", str(players)], capsys)
    assert code == 0
    doc = json.loads(out)
    assert [len(h) for h in doc["rounds"][0]["hands"]] == [size] * players
    code, summary, _ = replay(doc, tmp_path, capsys)
    assert code == 0 and summary["scores"] == [0] * players


@pytest.mark.parametrize("argv,says", [
    (["deal", "--rules", "poker", "--seed", "1"], "unknown rules 'poker'"),
    (["deal", "--rules", "draw", "--seed", "1", "--players", "3"], "2 players, not 3"),
    (["deal", "--rules", "draw_dominoes", "--seed", "1", "--players", "0"], "not 0"),
    (["deal", "--rules", "muggins", "--seed", "1", "--players", "3", "--option", "players=4"],
     "--players 3 and --option players=4: say the number of seats once"),
    (["tournament", "--rules", "domino_pool", "--seats", "3", "--option", "players=5", "--players", "easy",
      "beginner", "--games", "2"], "--seats 3 and --option players=5: say the number of seats once"),  # the flag given
    (["deal", "--rules", "draw", "--seed", "1", "--option", "target=" + "9" * 5000], "too large a number"),
    # CLI QA: "target=1000000000...", though nothing was cut, and no word of the largest
    (["deal", "--rules", "draw", "--seed", "1", "--option", "target=1000000000"],
     "--option target=1000000000: too large a number (no option takes more than nine digits)"),
    # review: leading zeros are no part of the size ('050' is fifty)
    (["deal", "--rules", "draw", "--seed", "1", "--option", "target=0000000000000"], "'target' must be at least 1"),
    # QA: the last of two was taken without a word
    (["play", "--rules", "draw", "--option", "target=50", "--option", "target=60"],
     "--option target=50 and --option target=60: give each option once"),
    # QA: said "not 1000.0", a number nobody typed
    (["deal", "--rules", "draw", "--seed", "1", "--option", "target=1e3"], 'must be a whole number, not "1e3"'),
])
def test_deal_refuses_unknown_rules_and_players(argv: list[str], says: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(argv, capsys)
    assert code == 2
    # said on stderr, so that `bones deal ... > record.json` never writes an error into the record
    assert says in err and not out and "Traceback" not in err


def test_a_number_written_with_a_leading_zero_is_that_number(capsys: pytest.CaptureFixture[str]) -> None:
    """`--option target=050` is fifty, as a person reads it (JSON alone would refuse the zero)."""
    code, out, err = run_main(["deal", "--rules", "draw", "--seed", "1", "--option", "target=050"], capsys)
    assert code == 0 and not err
    assert json.loads(out)["options"]["target"] == 50


# ---- bones replay -----------------------------------------------------------------------------------------

def test_replay_spec_example_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(SPEC_RECORD, tmp_path, capsys)
    assert code == 0 and out == SPEC_OUTPUT and err == ""


def test_the_examples_in_docs_record_md_are_the_specs_and_replay_as_stated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/record.md shows users the spec's example document, what `bones replay` prints for it, and the error
    object: the same as the spec's, and true of bones."""
    text = (ROOT / "docs" / "record.md").read_text(encoding="utf-8")
    blocks = [json.loads(part.split("```")[0]) for part in text.split("```json\n")[1:]]
    assert len(blocks) == 3
    record, output, error = blocks
    assert record == SPEC_RECORD and output == SPEC_OUTPUT
    code, out, err = replay(record, tmp_path, capsys)
    assert code == 0 and out == output and list(out) == list(output) and err == ""
    assert list(error) == ["error"] and list(error["error"]) == ["round", "index", "action", "message"]


def test_replay_trace_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = replay(SPEC_RECORD, tmp_path, capsys, "--trace")
    assert code == 0
    assert {k: v for k, v in out.items() if k != "trace"} == SPEC_OUTPUT
    assert [list(t) for t in out["trace"]] == [["round", "index", "seat", "action", "scored", "scores", "ends"]] * 3
    assert [(t["round"], t["index"], t["seat"], t["action"], t["scored"]) for t in out["trace"]] == [
        (0, 0, 0, "5-5", 10), (0, 1, 1, "6-5 L", 0), (0, 2, 0, "5-4 R", 10)]
    assert [t["scores"] for t in out["trace"]] == [[10, 0], [10, 0], [20, 0]]
    assert out["trace"][-1]["ends"] == {"L": 6, "R": 4, "U": 5, "D": 5}


def test_trace_writes_the_end_an_action_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    doc["rounds"][0]["actions"] = ["6-6", "6-5 L", "6-0"]  # 6-0 fits R only
    code, out, _ = replay(doc, tmp_path, capsys, "--trace")
    assert code == 0
    assert [t["action"] for t in out["trace"]] == ["6-6", "6-5 L", "6-0 R"]


def test_trace_across_rounds_counts_round_end_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    second = copy(QUICK["rounds"][0])
    second["actions"] = ["5-5", "pass", "6-5 L"]  # seat 1 leads round 2 (alternate), with any tile
    second["hands"] = [["6-6", "6-0"], ["6-5", "5-5"]]
    doc["rounds"].append(second)
    code, out, _ = replay(doc, tmp_path, capsys, "--trace")
    assert code == 0, out
    tr = out["trace"]
    assert [(t["round"], t["index"], t["seat"], t["action"]) for t in tr] == [
        (0, 0, 0, "6-6"), (0, 1, 1, "6-5 L"), (0, 2, 0, "6-0 R"),
        (1, 0, 1, "5-5"), (1, 1, 0, "pass"), (1, 2, 1, "6-5 L")]
    assert tr[2]["scored"] == 0 and tr[2]["scores"] == [10, 0]  # round-end points in scores, not in scored
    assert tr[2]["ends"] == {"L": 5, "R": 0}  # the ends as that round left them
    assert tr[5]["scores"] == [10, 18]
    assert out["rounds"] == [
        {"end": "out", "winner": 0, "points": [10, 0], "pips_left": [0, 10]},
        {"end": "out", "winner": 1, "points": [0, 18], "pips_left": [18, 0]},
    ]
    assert out["scores"] == [10, 18] and out["to_move"] is None and out["legal"] == []
    assert out["ends"] == {"L": 6, "R": 5} and out["end_sum"] is None


def test_replay_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(["replay", "-"], capsys, stdin=json.dumps(SPEC_RECORD), monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out) == SPEC_OUTPUT
    code, out, err = run_main(["replay", "-"], capsys, stdin="{", monkeypatch=monkeypatch)
    assert_error(code, json.loads(out), err)


def test_replay_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    doc["options"]["target"] = 10
    code, out, _ = replay(doc, tmp_path, capsys)
    assert code == 0
    assert out["finished"] is True and out["winner"] == 0 and out["scores"] == [10, 0]
    assert out["to_move"] is None and out["legal"] == []


def test_replay_target_reached_by_the_first_tile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(SPEC_RECORD)
    doc["options"]["target"] = 10
    doc["rounds"][0]["actions"] = ["5-5"]
    code, out, _ = replay(doc, tmp_path, capsys)
    assert code == 0 and out["finished"] is True and out["winner"] == 0
    assert out["rounds"] == [{"end": "target", "winner": 0, "points": [10, 0], "pips_left": [35, 45]}]


def test_replay_round_over_without_next_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = replay(QUICK, tmp_path, capsys)
    assert code == 0
    assert out["finished"] is False and out["to_move"] is None and out["legal"] == []
    assert out["ends"] == {"L": 5, "R": 0}
    assert out["rounds"] == [{"end": "out", "winner": 0, "points": [10, 0], "pips_left": [0, 10]}]


def test_replay_seed_record_without_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["deal", "--rules", "draw", "--seed", "5"], capsys)
    written = json.loads(out)
    seed_only = {"format": "bones-record/1", "rules": "draw", "seed": 5, "rounds": [{"actions": []}]}
    code, a, _ = replay(seed_only, tmp_path, capsys)
    code2, b, _ = replay(written, tmp_path, capsys)
    assert code == code2 == 0 and a == b


# ---- bad input: exit 2 and the error object, never a traceback --------------------------------------------

def _with(path: list[Any], value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    doc = copy(base or SPEC_RECORD)
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_DELETE = object()
HANDS = SPEC_RECORD["rounds"][0]["hands"]
BONEYARD = SPEC_RECORD["rounds"][0]["boneyard"]

BAD_WHOLE = {
    "not an object": [1, 2],
    "wrong format": _with(["format"], "bones-record/2"),
    "no format": _with(["format"], _DELETE),
    "unknown rules": _with(["rules"], "poker"),
    "rules not a string": _with(["rules"], 5),
    "unknown option key": _with(["options"], {"colour": "red"}),
    "bad target": _with(["options"], {"target": "lots"}),
    "zero target": _with(["options"], {"target": 0}),
    "boolean target": _with(["options"], {"target": True}),
    "bad set": _with(["options"], {"set": 7}),
    "players not allowed": _with(["options"], {"players": 3}),
    "options not an object": _with(["options"], [1]),
    "rounds not a list": _with(["rounds"], {"a": 1}),
    "names wrong length": _with(["names"], ["South"]),
    "names not strings": _with(["names"], [1, 2]),
    "seed not a number": {"format": "bones-record/1", "rules": "draw", "seed": "x", "rounds": [{"actions": []}]},
}


@pytest.mark.parametrize("name", list(BAD_WHOLE))
def test_bad_record_about_the_whole_record(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(BAD_WHOLE[name], tmp_path, capsys)
    assert_error(code, out, err)


@pytest.mark.parametrize("hands,options", [
    (HANDS + [["0-0"]], {}),                     # three hands for a two-seat game
    ([["6-6"], ["5-5"], ["4-4"]], {}),
    (HANDS, {"players": 3}),                     # options.players must agree with the hands
])
def test_seats_disagree(hands: list, options: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _with(["rounds", 0, "hands"], hands, _with(["options"], options, {**SPEC_RECORD, "rules": "draw_dominoes",
                                                                          "names": ["a", "b"]}))
    doc.pop("names")
    code, out, err = replay(doc, tmp_path, capsys)
    assert code == 2 and out["error"]["round"] in (None, 0) and out["error"]["index"] is None
    assert_error(code, out, err, round_=out["error"]["round"])


BAD_DEAL = {
    "tile outside the set": _with(["rounds", 0, "hands", 0, 0], "7-7"),
    "not a tile": _with(["rounds", 0, "hands", 0, 0], "six-six"),
    "tile that is not text": _with(["rounds", 0, "hands", 0, 0], 66),
    "superscript digit": _with(["rounds", 0, "hands", 0, 0], "²-1"),
    "thousands of digits": _with(["rounds", 0, "hands", 0, 0], "1" * 5000 + "-0"),
    "duplicate tile": _with(["rounds", 0, "hands", 1, 0], "6-6"),
    "duplicate in boneyard": _with(["rounds", 0, "boneyard", 0], "0-0"),
    "missing tile": _with(["rounds", 0, "boneyard"], BONEYARD[:-1]),
    "hand too small": _with(["rounds", 0], {"hands": [HANDS[0][:6], HANDS[1]], "boneyard": BONEYARD + [HANDS[0][6]],
                                            "actions": []}),
    "hand too big": _with(["rounds", 0], {"hands": [HANDS[0] + ["0-0"], HANDS[1]], "boneyard": BONEYARD[:-1],
                                          "actions": []}),
    "hands not a list": _with(["rounds", 0, "hands"], "6-6"),
    "hand not a list": _with(["rounds", 0, "hands", 0], "6-6"),
    "boneyard missing": _with(["rounds", 0, "boneyard"], _DELETE),
    "no hands and no seed": _with(["rounds", 0], {"actions": []}),
}


@pytest.mark.parametrize("name", list(BAD_DEAL))
def test_bad_deal(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(BAD_DEAL[name], tmp_path, capsys)
    assert_error(code, out, err, round_=0)


def test_no_double_for_draw_dominoes_is_a_bad_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    no_double = ["5-4 6-2 5-3 4-3 2-1 3-0 1-0", "6-1 6-0 5-2 5-1 4-2 4-1 6-3"]
    hands = [h.split() for h in no_double]
    rest = [f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1) if f"{a}-{b}" not in sum(hands, [])]
    doc = {"format": "bones-record/1", "rules": "draw_dominoes",
           "rounds": [{"hands": hands, "boneyard": rest, "actions": []}]}
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=0)


@pytest.mark.parametrize("actions,index", [
    (["6-6", "5-4 R"], 1),            # 5-4 is seat 0's tile; seat 1 is to play
    (["5-5", "6-5 L", "5-1 U"], 2),   # U is not open yet
    (["5-5", "draw"], 1),              # seat 1 holds 6-5 and 4-4?? no five but 6-5: must play
    (["5-5", "pass"], 1),
    (["5-5 L"], 0),                    # the first tile has no end
    (["5-5", "6-5"], 1),               # fits L and R: the end is required
    (["5-5", "6-5 X"], 1),             # not an action
    (["5-5", ""], 1),
    (["5-5", "²-1 L"], 1),
    (["5-5", "1" * 5000 + "-0 L"], 1),
    (["9-9"], 0),
])
def test_illegal_action_at_index(actions: list[str], index: int, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    doc = _with(["rounds", 0, "actions"], actions)
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=0, index=index, action=actions[index])


def test_action_that_is_not_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(_with(["rounds", 0, "actions"], ["5-5", 7]), tmp_path, capsys)
    assert_error(code, out, err, round_=0, index=1, action=None)
    code, out, err = replay(_with(["rounds", 0, "actions"], "5-5"), tmp_path, capsys)
    assert_error(code, out, err, round_=0)


def test_action_after_round_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    doc["rounds"][0]["actions"].append("5-5 L")
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=0, index=3, action="5-5 L")


def test_action_after_round_over_when_next_round_is_dealt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    doc["rounds"][0]["actions"].append("6-5")
    doc["rounds"].append(copy(QUICK["rounds"][0]))
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=0, index=3, action="6-5")


def test_action_after_game_over_mid_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _with(["options"], {"target": 10})
    doc["rounds"][0]["actions"] = ["5-5", "6-5 L"]
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=0, index=1, action="6-5 L")


def test_round_after_game_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    doc["options"]["target"] = 10
    doc["rounds"].append(copy(QUICK["rounds"][0]))
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=1)


def test_incomplete_round_followed_by_another(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy(QUICK)
    doc["rounds"][0]["actions"] = ["6-6", "6-5 L"]
    doc["rounds"].append(copy(QUICK["rounds"][0]))
    code, out, err = replay(doc, tmp_path, capsys)
    assert_error(code, out, err, round_=0)


@pytest.mark.parametrize("text", ["", "{", "not json", "[" * 100_000 + "]" * 100_000,
                                  '{"format": "bones-record/1", "seed": ' + "9" * 5000 + "}", "null", "NaN"])
def test_not_json_or_not_a_record(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(text, tmp_path, capsys)
    assert_error(code, out, err)


@pytest.mark.parametrize("text,says", [
    ("", "the record is empty"),
    ("  \n", "the record is empty"),
    ('{"format": "bones-record/1", "rules": "draw", "rounds": []}', "the record has no rounds"),
    ('{"format": "bones-record/1", "rules": null, "rounds": []}', "unknown rules null"),
    ('{"format": "bones-record/1", "seed": ' + "9" * 5000 + "}", "it holds a number far too long"),
])
def test_what_is_wrong_with_a_record_is_said_in_plain_words(text: str, says: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(text, tmp_path, capsys)
    assert says in assert_error(code, out, err)


def test_a_round_that_is_not_an_object_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay(_with(["rounds"], ["5-5"]), tmp_path, capsys)
    assert 'round 0 must be an object with the round\'s deal and actions, not "5-5"' in assert_error(code, out, err,
                                                                                                     round_=0)
    doc = copy(QUICK)
    doc["rounds"].append([])
    code, out, err = replay(doc, tmp_path, capsys)
    assert "round 1 must be an object with the round's deal and actions, not a list" in assert_error(code, out, err,
                                                                                                    round_=1)


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps(SPEC_RECORD), encoding="utf-8")
    code, out, _ = run_main(["replay", str(path)], capsys)
    assert code == 0 and json.loads(out) == SPEC_OUTPUT


def test_invalid_utf8_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe{\x00")
    code, out, err = run_main(["replay", str(path)], capsys)
    assert_error(code, json.loads(out), err)


@pytest.mark.parametrize("which", ["missing", "directory"])
def test_unreadable_file(which: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nope.json" if which == "missing" else tmp_path
    code, out, err = run_main(["replay", str(path)], capsys)
    msg = assert_error(code, json.loads(out), err)
    assert str(path) in msg


# ---- the installed command, as a player would run it ------------------------------------------------------

def _bones(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BONES), *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_console_script_replay_from_stdin_and_errors() -> None:
    p = _bones("replay", "-", stdin=json.dumps(SPEC_RECORD))
    assert p.returncode == 0 and json.loads(p.stdout) == SPEC_OUTPUT
    p = _bones("replay", "-", "--trace", stdin=json.dumps(_with(["rounds", 0, "actions"], ["6-6", "4-4 R"])))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert json.loads(p.stdout) == {"error": {"round": 0, "index": 1, "action": "4-4 R",
                                              "message": json.loads(p.stdout)["error"]["message"]}}
    p = _bones("replay", "/nonexistent/game.json")
    assert p.returncode == 2 and list(json.loads(p.stdout)) == ["error"] and "Traceback" not in p.stderr


def test_console_script_deal_then_replay() -> None:
    deal = _bones("deal", "--rules", "all_fives", "--seed", "2026")
    assert deal.returncode == 0
    p = _bones("replay", "-", stdin=deal.stdout)
    assert p.returncode == 0
    out = json.loads(p.stdout)
    assert out["rules"] == "all_fives" and len(out["legal"]) == 7  # All Fives: the leader plays any tile


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("args", [("rules",), ("players",), ("deal", "--rules", "draw", "--seed", "1")])
def test_a_full_disk_or_a_reader_that_stops_gives_a_line_not_a_traceback(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        p = subprocess.run([str(BONES), *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.strip() == f"bones {args[0]}: cannot write the output: No space left on device"
    # `bones play | head -1`: the reader stops after a line; the game stops quietly
    p = subprocess.run(f"yes 1 | {BONES} play --rules draw --seed 1 --level beginner | head -1", shell=True,
                       capture_output=True, text=True, timeout=60)
    assert p.stdout.startswith("Draw: you against the computer at Beginner.") and p.stderr == ""


def test_honest_john_2_takes_no_round_after_the_0_0_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bones.engine import game_to_record, new_game

    def played(seed: int) -> dict[str, Any]:
        g = new_game("honest_john_2", seed, {"players": 3})
        rng = random.Random(2)
        while not g.over:
            g = g.apply(rng.choice(g.legal_actions()))
        return game_to_record(g)

    # seed 4: the game ends on a deal that holds no double below the 1-1 (the record keeps it, with no actions)
    doc = played(4)
    assert doc["rounds"][-2]["actions"][0] == "1-1" and doc["rounds"][-1]["actions"] == []
    code, out, _ = replay(doc, tmp_path, capsys)
    assert code == 0 and out["finished"]
    # seed 6: the 0-0 round was the last of all; a round after it is refused, not dropped in silence
    doc = played(6)
    assert doc["rounds"][-1]["actions"][0] == "0-0"
    doc["rounds"].append({"actions": []})
    code, out, err = replay(doc, tmp_path, capsys)
    assert "the game was over before round 6" in assert_error(code, out, err, round_=6)


def test_honest_john_2_says_why_nothing_follows_the_deal_with_no_lower_double(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The deal that ends the game (no hand holds a double below the last round's) is named as the reason: an action
    written in it is refused there, and a round after it is refused as that round, not as the deal before it."""
    from bones.engine import game_to_record, new_game

    g = new_game("honest_john_2", 4, {"players": 3})
    rng = random.Random(2)
    while not g.over:
        g = g.apply(rng.choice(g.legal_actions()))
    doc = game_to_record(g)
    last = len(doc["rounds"]) - 1
    assert doc["rounds"][last - 1]["actions"][0] == "1-1" and doc["rounds"][last]["actions"] == []
    played_on = json.loads(json.dumps(doc))
    played_on["rounds"][last]["actions"] = ["0-0"]
    code, out, err = replay(played_on, tmp_path, capsys)
    assert assert_error(code, out, err, round_=last, index=0, action="0-0") == (
        f"no hand holds a double below 1-1 in round {last}'s deal, so the game ended with it: no action follows")
    dealt_again = json.loads(json.dumps(doc))
    dealt_again["rounds"].append({"actions": []})
    code, out, err = replay(dealt_again, tmp_path, capsys)
    assert assert_error(code, out, err, round_=last + 1) == (
        f"the game was over before round {last + 1}: no hand holds a double below 1-1 in round {last}'s deal")


@pytest.mark.parametrize("command", sorted(cli_main._available()))
def test_help_for_each_subcommand(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli_main.main([command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: bones " + command)


def test_version_is_the_packages() -> None:
    """CLI QA: there was no `bones --version` to say which bones a report comes from."""
    import tomllib

    p = _bones("--version")
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert p.returncode == 0 and p.stdout.strip() == f"bones {pyproject['project']['version']}"


def test_top_level_help() -> None:
    p = _bones("--help")
    assert p.returncode == 0
    for command in ("rules", "deal", "replay"):
        assert command in p.stdout


@pytest.mark.parametrize("argv", [["rules"], ["rules", "muggins"], ["deal", "--rules", "draw", "--seed", "1"],
                                  ["players"]])
def test_commands_that_need_no_computer_start_without_loading_its_search_or_the_web_server(argv: list[str]) -> None:
    """Loading numba (Expert's compiled search) and Starlette took most of a second before every command, even
    `bones rules`; only the commands that play or serve load them (`bones players` says which games Expert plays
    from the rules alone)."""
    script = ("import sys\nfrom bones.cli.main import main\nmain(sys.argv[1:])\n"
              "print(*sorted(m for m in ('numba', 'starlette', 'bones.players.expert') if m in sys.modules))")
    p = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == ""


# ---- tables of more than two ---------------------------------------------------------------------------------

def test_replay_names_the_sides_and_the_pool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {"format": "bones-record/1", "rules": "partnership_block", "seed": 3, "rounds": [{"actions": []}]}
    code, out, _ = replay(doc, tmp_path, capsys)
    assert code == 0 and out["sides"] == [[0, 2], [1, 3]] and out["scores"] == [0, 0, 0, 0]
    doc = {"format": "bones-record/1", "rules": "domino_pool", "options": {"players": 5}, "seed": 3,
           "rounds": [{"actions": []}]}
    code, out, _ = replay(doc, tmp_path, capsys)
    # five antes in the pool, each taken from a seat's 20 chips: 100 chips on the table in all
    assert code == 0 and out["pool"] == 5 and out["scores"] == [19] * 5 and "sides" not in out
    doc["options"] = {"players": 4, "target": 50}  # the pool plays a number of hands, not to a target
    code, out, err = replay(doc, tmp_path, capsys)
    assert "unknown option 'target' for domino_pool" in assert_error(code, out, err)


def test_bench_measures_itself_beside_the_pypi_package(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dominoes")  # a test dependency (pyproject.toml); skipped only outside `make install`
    from bones.cli.bench_pypi import versus_pypi

    fig = versus_pypi(0.3, 1)
    assert fig is not None and fig["bones"] > 0 and fig["dominoes_6_1_0"] > 0
    assert fig["ratio"] == pytest.approx(fig["bones"] / fig["dominoes_6_1_0"], rel=0.01)
    assert fig["ratio_by_actions"] == pytest.approx(fig["bones_by_actions"] / fig["dominoes_6_1_0"], rel=0.01)
    code, out, _ = run_main(["bench", "--rules", "block", "--seconds", "0.2", "--no-expert", "--pypi-seconds", "0.3",
                             "--json"], capsys)
    assert code == 0 and set(json.loads(out)["versus_dominoes"]) == {"game", "bones", "bones_by_actions",
                                                                   "dominoes_6_1_0", "ratio", "ratio_by_actions"}


def test_bench_shows_experts_figures_as_a_table_and_says_what_it_is_measuring(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["bench", "--rules", "block", "--seconds", "0.2", "--expert-positions", "1",
                               "--pypi-seconds", "0"], capsys)
    assert code == 0 and "block: Expert's decisions, 1 position a stage ..." in err
    rows = out.split("million nodes a second:\n", 1)[1].splitlines()
    name, worlds, p50, slash, p99, rate = rows[0].split()
    assert name == "block" and int(worlds) >= 1 and slash == "/" and float(p99) >= float(p50) > 0 and float(rate) > 0


def test_bench_skips_what_is_given_zero_and_refuses_what_cannot_be(capsys: pytest.CaptureFixture[str]) -> None:
    """`--expert-positions 0` measures no Expert decision (it reported a row of zeros as if it had); a negative
    count or time is refused; an unknown game is named in quotes, as every command names it."""
    code, out, _ = run_main(["bench", "--rules", "block", "--seconds", "0.2", "--expert-positions", "0",
                             "--pypi-seconds", "0", "--json"], capsys)
    assert code == 0 and "expert" not in json.loads(out)
    for flag in ("--expert-positions", "--pypi-seconds"):
        code, out, err = run_main(["bench", "--rules", "block", flag, "-1"], capsys)
        assert code == 2 and f"{flag} cannot be negative" in err and not out
    code, _, err = run_main(["bench", "--rules", "poker"], capsys)
    assert code == 2 and "unknown rules 'poker'" in err


def test_bench_measures_a_game_named_twice_once_and_keeps_its_column_straight(
        capsys: pytest.CaptureFixture[str]) -> None:
    """CLI QA: `--rules draw draw` measured Draw twice for one figure, and partnership_block (17 letters) stood
    three places out of the column of figures."""
    code, out, err = run_main(["bench", "--rules", "draw", "partnership_block", "draw", "--seconds", "0.2",
                               "--no-expert", "--pypi-seconds", "0"], capsys)
    assert code == 0 and err.count("draw: random playouts") == 1
    rows = [line for line in out.splitlines() if line.startswith("  draw ") or line.startswith("  partnership_block")]
    assert len(rows) == 2 and len(rows[0]) == len(rows[1])  # the figures end in one column


@pytest.mark.parametrize("argv,usage,says", [
    (["tournament", "--rules", "draw", "--players", "easy", "easy", "easy"], "usage: bones tournament",
     "--players takes the two levels"),
    (["replay", "a.json", "b.json"], "usage: bones replay", "reads one record"),
])
def test_an_argument_a_command_does_not_take_gets_that_commands_usage_and_a_hint(
        argv: list[str], usage: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli_main.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith(usage) and says in err


def test_ctrl_c_in_any_command_says_interrupted_on_stderr_and_leaves_stdout_alone(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C during `bones replay --json` (or any command): exit 130, no traceback, and nothing added to what
    stdout held, which another tool may be reading as JSON."""
    import bones.cli.replay_cmd as replay_cmd

    def interrupted(args: object) -> int:
        print('{"partial": true}')
        raise KeyboardInterrupt

    monkeypatch.setattr(replay_cmd, "run", interrupted)
    assert cli_main.main(["replay", "-"]) == 130
    out, err = capsys.readouterr()
    assert out == '{"partial": true}\n' and err.strip() == "bones: interrupted"


def test_ctrl_c_while_the_commands_load_says_interrupted_not_a_traceback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def loading() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "_available", loading)
    assert cli_main.main(["rules"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == "bones: interrupted"


def test_rules_with_an_id_shows_that_game_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    """`bones rules matadore` (what a player types to read of one game) was refused as an unrecognized argument."""
    code, out, _ = run_main(["rules", "matadore"], capsys)
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("matadore  Two players: an end and the half laid to it make seven")
    assert "--option trumps=any_time | when_stuck (default any_time)" in out and "bergen" not in out
    code, _, err = run_main(["rules", "matador"], capsys)
    assert code == 2 and "bones rules: unknown rules 'matador' (known: draw, block," in err


def test_the_count_option_says_what_per_five_counts_in_all_threes(capsys: pytest.CaptureFixture[str]) -> None:
    """A rules audit: All Threes offers count=per_five, which there scores a point for each multiple of three."""
    _, threes, _ = run_main(["rules", "all_threes"], capsys)
    assert "count=face | per_five (default face; per_five: a point for each multiple of 3)" in threes
    _, fives, _ = run_main(["rules", "muggins"], capsys)
    assert "per_five: a point for each multiple of 5)" in fives


def test_the_target_listed_for_muggins_says_what_one_point_a_five_plays_to(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: `bones rules muggins` gave the target's default as 100 only, while count=per_five plays to 20 (as
    `bones play` and `bones deal` do): the line says both."""
    code, out, _ = run_main(["rules", "muggins"], capsys)
    assert code == 0 and "--option target=N (default 100; 20 with count=per_five)" in out
    dealt = json.loads(run_main(["deal", "--rules", "muggins", "--seed", "1", "--option", "count=per_five"],
                                capsys)[1])
    assert dealt["options"]["target"] == 20
    assert "--option target=N (default 100)\n" in run_main(["rules", "draw"], capsys)[1]
