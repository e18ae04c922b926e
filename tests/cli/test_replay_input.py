"""`bones replay` reads only JSON, as UTF-8, alike from a file and from standard input (spec/record.md, "Bad
input")."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from bones.cli import main as cli_main

RECORD: dict[str, Any] = {
    "format": "bones-record/1",
    "rules": "all_fives",
    "options": {"target": 250},
    "names": ["Søren", "North"],
    "rounds": [{
        "hands": [["6-6", "5-5", "5-4", "5-1", "3-2", "2-0", "1-0"],
                  ["6-5", "4-4", "6-4", "3-3", "2-1", "4-0", "3-0"]],
        "boneyard": ["1-1", "2-2", "3-1", "4-1", "4-2", "4-3", "5-0", "5-2", "5-3", "6-0", "6-1", "6-2", "6-3", "0-0"],
        "actions": ["5-5", "6-5 L", "5-4 R"],
    }],
}


def _replay_file(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = cli_main.main(["replay", str(path)])
    return code, json.loads(capsys.readouterr().out)


def _replay_stdin(data: bytes, encoding: str, capsys: pytest.CaptureFixture[str],
                  monkeypatch: pytest.MonkeyPatch) -> tuple[int, Any]:
    """Standard input as the terminal gives it: bytes under a text layer that decodes them in `encoding`."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding=encoding))
    code = cli_main.main(["replay", "-"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(word: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Python's reader takes them; JSON has no such values, so the record is not valid JSON: exit 2."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(RECORD)[:-1] + f', "note": {word}}}', encoding="utf-8")
    code, out = _replay_file(path, capsys)
    assert code == 2
    assert out == {"error": {"round": None, "index": None, "action": None,
                             "message": f"the record is not valid JSON ({word} is not a JSON value)"}}


def test_a_record_that_is_not_utf8_is_refused_alike_from_a_file_and_from_standard_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    latin1 = json.dumps(RECORD, ensure_ascii=False).encode("latin-1")  # "Søren" as one byte 0xf8
    path = tmp_path / "r.json"
    path.write_bytes(latin1)
    code, from_file = _replay_file(path, capsys)
    assert code == 2
    assert from_file["error"]["message"].startswith("the record is not valid JSON: it is not UTF-8 text (byte 0xf8")
    # standard input is read as UTF-8 whatever the locale's encoding (here Latin-1, which would take any bytes)
    code, from_stdin = _replay_stdin(latin1, "latin-1", capsys, monkeypatch)
    assert code == 2 and from_stdin == from_file


def test_utf8_on_standard_input_is_read_as_utf8_whatever_the_locale(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    doc = json.loads(json.dumps(RECORD))
    doc["rounds"][0]["actions"][1] = "6-5 L\u00a0"  # a no-break space: read as UTF-8 it is one more space
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    code, out = _replay_stdin(data, "latin-1", capsys, monkeypatch)  # decoded as Latin-1 it would be two letters
    assert code == 0 and out["scores"] == [20, 0]


def test_an_action_of_sell_repeated_thousands_of_times_is_an_error_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'sell sell … 6-4' was read one 'sell' at a time, each inside the last, until Python's recursion limit."""
    path = tmp_path / "r.json"
    doc = json.loads(json.dumps(RECORD))
    doc["rounds"][0]["actions"] = ["sell " * 3000 + "6-4"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out = _replay_file(path, capsys)
    assert code == 2 and out["error"]["round"] == 0 and out["error"]["index"] == 0
    assert "write the tile, like 'sell 9-4'" in out["error"]["message"]


@pytest.mark.parametrize("value,word", [(True, "true"), (None, "null"), (1.5, "1.5")])
def test_a_tile_of_the_wrong_json_type_is_named_as_json_writes_it(value: Any, word: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The message quotes what the record holds in JSON's words (true, null), not Python's (True, None)."""
    doc = json.loads(json.dumps(RECORD))
    doc["rounds"][0]["hands"][1][2] = value
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out = _replay_file(path, capsys)
    assert code == 2
    assert out == {"error": {"round": 0, "index": None, "action": None,
                             "message": f"hand 1 holds {word}, which is not a tile like \"6-4\""}}


def test_a_word_that_is_no_action_is_answered_with_actions_of_that_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Honest John has no 'draw', no 'pass' and no end R: the refusal of 'go' shows what the seat to move may
    write there, not the words of another game."""
    from bones.engine import game_to_record, new_game

    g = new_game("honest_john", 1)
    g = g.apply(g.legal_actions()[0])  # the centre double
    doc = json.loads(json.dumps(game_to_record(g)))
    doc["rounds"][0]["actions"].append("go")
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out = _replay_file(path, capsys)
    legal = sorted(str(a) for a in g.legal_actions())
    assert code == 2 and (out["error"]["round"], out["error"]["index"], out["error"]["action"]) == (0, 1, "go")
    shown = [f"'{a}'" for a in legal[:3]]
    words = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    assert out["error"]["message"] == (f"'go' is not an action: seat {g.current_seat} to move may write {words}"
                                       + ("" if len(legal) <= 3 else ", among others"))
    assert "draw" not in out["error"]["message"] and "pass" not in out["error"]["message"]


def test_a_field_outside_the_format_is_read_past_and_named_on_standard_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: "actions" misspelt "action" replayed an empty round with exit 0 and not a word. Fields of other tools are
    still read past (the format grows by optional fields), but each is named on standard error."""
    doc = json.loads(json.dumps(RECORD))
    doc["rounds"][0]["action"] = doc["rounds"][0].pop("actions")
    doc["comment"] = "mine"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = cli_main.main(["replay", str(path)])
    captured = capsys.readouterr()
    assert code == 0 and json.loads(captured.out)["to_move"] == 0
    assert captured.err == 'bones replay: not part of bones-record/1, read past: "comment", "action" in round 0\n'
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    assert cli_main.main(["replay", str(path)]) == 0 and capsys.readouterr().err == ""


def test_a_field_given_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """JSON readers keep the last of two equal keys: '"rules": "draw", "rules": "block"' replayed Block."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(RECORD).replace('"rules": "all_fives"', '"rules": "draw", "rules": "all_fives"'),
                    encoding="utf-8")
    code, out = _replay_file(path, capsys)
    assert code == 2 and out["error"]["message"] == 'the record gives "rules" twice in one object'


def test_a_misspelt_field_is_named_when_the_replay_fails_for_it(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """review: a record without a seed whose "hands" was written "hand" is refused for its missing hands; the field
    read past is named then too, where it helps most."""
    doc = json.loads(json.dumps(RECORD))
    doc["rounds"][0]["hand"] = doc["rounds"][0].pop("hands")
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = cli_main.main(["replay", str(path)])
    captured = capsys.readouterr()
    assert code == 2 and "hands" in json.loads(captured.out)["error"]["message"]
    assert '"hand" in round 0' in captured.err


def test_the_optional_fields_written_null_are_read_as_absent_alike(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """QA: `"names": null` and `"seed": null` were read as absent, `"options": null` refused; the spec makes all
    three optional. Null options are the game's defaults; options of another kind are still refused."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    code, plain = _replay_file(path, capsys)
    assert code == 0
    for field in ("options", "names", "seed"):
        path.write_text(json.dumps({**RECORD, field: None}), encoding="utf-8")
        code, out = _replay_file(path, capsys)
        assert code == 0 and out["scores"] == plain["scores"] and out["legal"] == plain["legal"], field
    path.write_text(json.dumps({**RECORD, "options": []}), encoding="utf-8")
    code, out = _replay_file(path, capsys)
    assert code == 2 and out["error"]["message"] == "options must be an object such as {\"target\": 100}"
