"""Duplicate tournaments: seats swapped on every deal, deterministic whatever the jobs, honest statistics."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bones.cli.main import main
from bones.engine import load
from bones.tournament import deal_seed, pairs_for, percentile, run_tournament, wilson


def test_every_deal_is_played_twice_with_the_seats_swapped() -> None:
    result = run_tournament("block", ["easy", "beginner"], games=6, seed=4, jobs=1)
    assert len(result.games) == 6
    for i in range(3):
        first, second = result.games[2 * i], result.games[2 * i + 1]
        assert first.deal_seed == second.deal_seed == deal_seed(4, i)
        assert (first.seat_a, second.seat_a) == (0, 1)
    assert len({g.deal_seed for g in result.games}) == 3


def test_odd_games_round_up() -> None:
    assert [pairs_for(n) for n in (1, 2, 3, 4, 999)] == [1, 1, 2, 2, 500]
    assert len(run_tournament("draw", ["beginner", "beginner"], games=3, seed=0, jobs=1).games) == 4


def test_same_games_whatever_the_jobs() -> None:
    one = run_tournament("all_fives", ["medium", "easy"], games=4, seed=9, jobs=1)
    two = run_tournament("all_fives", ["medium", "easy"], games=4, seed=9, jobs=2)
    assert [(g.winner, g.points) for g in one.games] == [(g.winner, g.points) for g in two.games]


def test_mirror_match_is_even_and_counts_ties_half() -> None:
    # the same deterministic level on both sides of a duplicate pair: whatever A wins in one seat, B wins in
    # the other, so the pair splits evenly
    result = run_tournament("draw", ["easy", "easy"], games=8, seed=2, jobs=1)
    assert result.win_rate == 0.5
    assert result.wins[0] + result.wins[1] + result.ties == 8
    assert set(result.to_json()["ms_per_move"]) == {"easy (A)", "easy (B)"}


class TickingClock:
    """A machine of a given speed to Expert's eye: each reading of its clock is `tick` seconds after the last."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


def test_a_tournament_says_when_the_time_cap_cut_decisions_short(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # on a machine that keeps up, Expert's decisions end on their budget of worlds and nodes, and nothing is said
    import bones.players.expert as expert_module

    monkeypatch.setattr(expert_module, "time", TickingClock(1e-5))
    quick = run_tournament("block", ["expert", "easy"], games=2, seed=3, jobs=1)
    assert quick.clock_cuts == (0, 0)
    monkeypatch.setattr(expert_module, "time", TickingClock(0.4))  # a machine far too slow
    slow = run_tournament("block", ["expert", "easy"], games=2, seed=3, jobs=1)
    assert slow.clock_cuts[0] > 0 and slow.clock_cuts[1] == 0
    assert slow.to_json()["clock_cuts"] == {"expert": slow.clock_cuts[0], "easy": 0}
    assert main(["tournament", "--rules", "block", "--players", "expert", "easy", "--games", "2", "--seed", "3",
                 "--jobs", "1"]) == 0
    assert f"{slow.clock_cuts[0]} decisions of A and 0 of B were cut short by the time cap" in capsys.readouterr().out


def test_unknown_names_fail_before_playing() -> None:
    with pytest.raises(ValueError, match="unknown player 'wizard'"):
        run_tournament("draw", ["easy", "wizard"], games=2, jobs=1)
    with pytest.raises(ValueError, match="unknown rules"):
        run_tournament("chess", ["easy", "easy"], games=2, jobs=1)


def test_wilson_and_percentiles() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(100, 100)
    assert hi == 1.0 and lo == pytest.approx(0.9630, abs=1e-4)
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile(list(map(float, range(101))), 99) == 99.0
    assert percentile([], 50) == 0.0


def test_cli_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--rules", "draw", "--players", "medium", "beginner", "--games", "3", "--seed", "1",
                 "--jobs", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"rules", "players", "seats", "games", "wins", "ties", "win_rate", "ci95", "fair_share",
                         "points_per_game", "gain_per_hand", "gain_per_hand_ci95", "ms_per_move", "clock_cuts"}
    assert data["rules"] == "draw" and data["players"] == ["medium", "beginner"] and data["games"] == 4
    assert sum(data["wins"]) + data["ties"] == 4
    assert data["win_rate"] == pytest.approx((data["wins"][0] + data["ties"] / 2) / 4)
    lo, hi = data["ci95"]
    assert 0 <= lo <= data["win_rate"] <= hi <= 1
    assert set(data["ms_per_move"]) == {"medium", "beginner"}
    assert set(data["ms_per_move"]["medium"]) == {"p50", "p99"}
    assert data["clock_cuts"] == {"medium": 0, "beginner": 0}  # the rules of thumb have no clock to run out


def test_cli_human_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--rules", "block", "--players", "easy", "beginner", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "95% interval" in out and "a tie counts half" in out


@pytest.mark.parametrize("argv,message", [
    (["--rules", "draw", "--players", "easy", "wizard"], "unknown player 'wizard' (players: beginner, easy"),
    (["--rules", "chess", "--players", "easy", "hard"], "unknown rules 'chess'"),
    (["--rules", "draw", "--players", "easy", "hard", "--games", "0"], "--games must be at least 1"),
])
def test_cli_errors_exit_2_with_a_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_cli_players_lists_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["players"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines if not line.startswith(" ")] == ["beginner", "easy", "medium", "hard",
                                                                             "expert"]
    assert any("Hard plays in its place with a set of more than 63 tiles, or more than four seats on" in line for line in lines)
    # a game left to another level at several numbers of players for one reason is one line, not one a number
    assert sum(line.strip().startswith("draw_dominoes with 5 to 8 players: Hard plays") for line in lines) == 1
    assert not any(line.strip().startswith("draw_dominoes with 6 players") for line in lines)


def test_a_level_that_does_not_play_the_game_is_refused_with_the_level_that_would() -> None:
    with pytest.raises(ValueError, match="Expert does not play Muggins.*ask for hard instead"):
        run_tournament("muggins", ["expert", "hard"], 2, options={"set": 12})


def test_partners_play_each_deal_with_the_sides_swapped() -> None:
    result = run_tournament("partnership_block", ["easy", "beginner"], games=4, seed=3, jobs=1)
    assert [g.seat_a for g in result.games] == [0, 1, 0, 1]  # A's pair in seats 0 and 2, then 1 and 3
    assert result.games[0].deal_seed == result.games[1].deal_seed
    assert result.fair_share == 0.5 and result.to_json()["seats"] == 4
    # the same level on both sides: the pair of games splits evenly
    mirror = run_tournament("partnership_block", ["easy", "easy"], games=6, seed=5, jobs=1)
    assert mirror.win_rate == 0.5


def test_one_seat_of_a_plays_every_seat_of_each_deal_against_the_rest() -> None:
    result = run_tournament("draw_dominoes", ["medium", "easy"], games=5, seed=1, jobs=1, options={"players": 5})
    assert len(result.games) == 5 and [g.seat_a for g in result.games] == [0, 1, 2, 3, 4]
    assert len({g.deal_seed for g in result.games}) == 1
    assert result.fair_share == pytest.approx(0.2) and result.sides == 5
    assert all(g.share in (0.0, 1.0) or 0 < g.share < 1 for g in result.games)
    # a level against copies of itself takes exactly its fair share of each deal, whoever wins it
    mirror = run_tournament("domino_pool", ["easy", "easy"], games=4, seed=2, jobs=1)
    assert mirror.win_rate == pytest.approx(0.25)
    assert mirror.gain_per_hand[0] == pytest.approx(0.0, abs=1e-9)


def test_cli_seats_sets_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--rules", "draw_dominoes", "--seats", "3", "--players", "easy", "beginner",
                 "--games", "3", "--seed", "1", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0 and "one easy (A) v 2 beginner (B), each for himself, 3 games" in out
    assert "fair share 33.3%" in out
    code = main(["tournament", "--rules", "block", "--seats", "3", "--players", "easy", "easy", "--games", "2"])
    assert code == 2 and "Block is played by 2 players, not 3" in capsys.readouterr().err


def test_an_empty_records_folder_is_refused_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """QA: `--records ''` said "cannot make the folder : No such file or directory"."""
    assert main(["tournament", "--rules", "draw", "--players", "easy", "medium", "--games", "2",
                 "--records", ""]) == 2
    assert "--records needs a folder's name" in capsys.readouterr().err


def test_workers_past_the_deals_or_far_past_any_machine_are_not_started(monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """QA: `--jobs 1000000` for two games started worker processes until it was killed."""
    assert main(["tournament", "--rules", "draw", "--players", "easy", "beginner", "--games", "2",
                 "--jobs", "1000000"]) == 2
    assert "--jobs 1000000: at most 256 worker processes" in capsys.readouterr().err
    import bones.tournament.duplicate as duplicate

    started: list[int] = []
    real_pool = duplicate.multiprocessing.Pool

    def pool(jobs: int, **kwargs: Any) -> Any:
        started.append(jobs)
        return real_pool(jobs, **kwargs)

    monkeypatch.setattr(duplicate.multiprocessing, "Pool", pool)
    result = run_tournament("draw", ["easy", "beginner"], games=4, seed=1, jobs=64)  # two deals, each played twice
    assert started == [2] and len(result.games) == 4


def test_a_records_folder_that_cannot_be_written_is_refused_before_a_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: a folder without write permission was found only when the first game's record was written (after the
    game, which with Expert may take minutes), and with exit status 1."""
    import bones.cli.tournament_cmd as tournament_cmd

    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(tournament_cmd.os, "access",
                        lambda path, mode: False if Path(path) == locked else real_access(path, mode))
    played: list[int] = []
    monkeypatch.setattr(tournament_cmd, "run_tournament", lambda *a, **k: played.append(1))
    assert main(["tournament", "--rules", "draw", "--players", "easy", "beginner", "--games", "2",
                 "--records", str(locked)]) == 2
    assert f"cannot write in the folder {locked}" in capsys.readouterr().err and not played


def test_a_gain_that_rounds_to_nothing_is_not_said_as_a_loss() -> None:
    """QA: an even tournament printed "per hand  A -0.00 chips"."""
    from bones.cli.tournament_cmd import _signed

    assert _signed(-0.001) == "+0.00" and _signed(-0.006) == "-0.01" and _signed(0.0) == "+0.00"


def test_every_game_of_a_tournament_can_be_kept_as_a_record(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`--records DIR`: one record per game, named by deal and A's seat, each replaying to the scores the
    tournament counted, whatever the jobs; a file in the way is refused."""
    folder = tmp_path / "games"
    assert main(["tournament", "--rules", "domino_pool", "--players", "easy", "beginner", "--games", "4",
                 "--seed", "2", "--jobs", "2", "--records", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "\nchips     per game A" in out and "chips against a B seat (each game's gain over its hands" in out
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"deal-00001-a{s}.json" for s in range(4)]
    result = run_tournament("domino_pool", ["easy", "beginner"], 4, seed=2, jobs=1)
    for g in result.games:
        game = load(json.loads((folder / f"deal-00001-a{g.seat_a}.json").read_text()))
        assert game.over and game.scores[g.seat_a] == g.points[0]
        assert game.names is not None and game.names[g.seat_a] == "easy"
    (tmp_path / "file").write_text("x")
    assert main(["tournament", "--rules", "draw", "--players", "easy", "beginner", "--games", "2",
                 "--records", str(tmp_path / "file")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_records_of_an_earlier_longer_run_are_pointed_out(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A second, shorter tournament into the same folder leaves the first one's extra records (nothing is deleted)
    and says so, so that nobody reads the two runs' games as one."""
    folder = str(tmp_path / "games")
    run = ["tournament", "--rules", "draw", "--players", "easy", "beginner", "--jobs", "1", "--records", folder]
    assert main(run + ["--games", "4"]) == 0
    assert "earlier run" not in capsys.readouterr().err
    assert main(run + ["--games", "2", "--seed", "5"]) == 0
    err = capsys.readouterr().err
    assert "also holds 2 records of an earlier run" in err and "deal-00002-a0.json" in err
    assert len(list((tmp_path / "games").iterdir())) == 4
    assert main(run + ["--games", "4"]) == 0  # the same length again: every file is its own
    assert "earlier run" not in capsys.readouterr().err


def _ctrl_c_as_at_a_terminal() -> None:
    """A command typed at a terminal starts with Ctrl+C at its default. A shell's background job (`make test &`,
    as a script may start the suite) ignores it, and a process started from there inherits that: Python then leaves
    Ctrl+C ignored, as it should (`nohup`'s convention), and the test would wait in vain."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_a_tournament_of_several_workers_without_playing_the_deals_still_queued() -> None:
    """Ctrl+C reaches the whole process group: the workers leave it to the parent, which ends the pool at once.
    (Before, every queued deal was played first: a long tournament went on for minutes after Ctrl+C.)"""
    bones = Path(sys.executable).with_name("bones")
    proc = subprocess.Popen([str(bones), "tournament", "--rules", "block", "--players", "easy", "beginner",
                             "--games", "1000000", "--seed", "1", "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_ctrl_c_as_at_a_terminal)
    time.sleep(3)  # the workers are up and playing
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)  # a million games would take hours
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("the tournament went on after Ctrl+C")
    assert proc.returncode == 130
    assert "bones: interrupted" in err and "Traceback" not in err and out == ""
