"""The games on the table: each keeps its opponent, Undo between two people, the record per game and seats, a
game left unfinished, the end of a game, the last move after a reload, settings, and the computers' shared time.

Issue 9, items 2, 8, 9 and 10 (the server's part), and the features asked for beside them.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from starlette.testclient import TestClient

from bones.engine import RULES, new_game
from bones.engine.rules import GameEnd
from bones.web import computer
from bones.web import table as table_module
from bones.web import take_back
from bones.web.table import Table
from bones.web.words import Names, game_summary, game_text

from .conftest import open_game, play_first_legal


def act(client: TestClient, st: dict[str, Any], action: str | None = None) -> dict[str, Any]:
    game = st["game"]
    r = client.post("/api/action", json={"game": game, "id": st["id"], "n": st["n"],
                                         "action": action or st["view"]["legal"][0]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def settings(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/settings", json=body)
    assert r.status_code == 200, r.text
    state: dict[str, Any] = r.json()["state"]
    return state


def test_two_players_is_a_table_of_its_own(app: Any, client: TestClient) -> None:
    """Item 2: switching to Two players mid-game showed the computer's hand, and switching back finished that
    game as a win against the computer."""
    st = act(client, open_game(client, "all_fives"))["state"]
    mine = st["view"]["hand"]
    together = settings(client, opponent="two")
    assert together["id"] != st["id"] and together["opponent"] == "two"
    assert together["view"]["hand"] is None and not together["view"]["lid_open"]
    lifted = client.post("/api/lid", json={"game": "all_fives", "id": together["id"], "n": together["n"]}).json()
    assert lifted["state"]["view"]["seat"] == lifted["state"]["view"]["current_seat"]
    assert lifted["state"]["n"] == together["n"] == 0  # a fresh deal, not the game against the computer
    back = settings(client, opponent="beginner")
    assert back["id"] == st["id"] and back["n"] == st["n"] and back["view"]["hand"] == mine
    final = play_first_legal(client, "all_fives")
    assert final["id"] == st["id"]
    record = app.state.store.record(client.cookies.get("bones_token"), "all_fives", 2)
    assert [r["opponent"] for r in record] == ["beginner"]


def test_a_level_chosen_mid_game_plays_from_the_next_game(app: Any, client: TestClient) -> None:
    """Item 2: the level could be changed mid-game without a word."""
    fresh = open_game(client, "block")
    assert settings(client, opponent="easy")["opponent"] == "easy"  # nothing played yet: it takes the new level
    st = act(client, open_game(client, "block"))["state"]
    changed = settings(client, opponent="medium")
    assert changed["id"] == st["id"] == fresh["id"] and changed["opponent"] == "easy"
    assert changed["opponent_note"] == ("Easy plays this game to its end; Medium plays from your next game "
                                        "(New game).")
    final = play_first_legal(client, "block")
    assert final["opponent"] == "easy" and final["opponent_note"] == "Medium plays your next game."
    record = app.state.store.record(client.cookies.get("bones_token"), "block", 2)
    assert [r["opponent"] for r in record] == ["easy"]
    again = client.post("/api/new", json={"game": "block"}).json()["state"]
    assert again["opponent"] == "medium" and again["opponent_note"] is None


def test_undo_between_two_people_names_whose_tile_it_took_back() -> None:
    """QA: the Boy's Game, a double keeping Player 2's turn, said "Your last tile is taken back."."""
    two = Names(("Player 1", "Player 2"))
    assert take_back.taken_back_words(["6-6 R"], [1], [True], {0, 1}, two) == "Player 2's last tile is taken back."
    you = Names(("You", "The computer"))
    assert take_back.taken_back_words(["6-6 R", "6-4 R"], [0, 1], [True, True], {0}, you) == \
        "Your last tile and the answer to it are taken back."


def test_undo_past_a_tile_bought_or_given_says_so() -> None:
    """QA: Undo after Ask in Honest John took back the purchase and its chip too, and said only "Your last tile and
    the answers to it are taken back."."""
    you = Names(("You", "Computer 1", "Computer 2"))
    bought = ["9-4 S0", "9-9 S1", "7-7 S2", "ask", "sell 9-3 S0", "8-8 S1"]
    assert take_back.taken_back_words(bought, [0, 1, 2, 0, 2, 1], [True, True, True, False, True, True], {0}, you) \
        == "Your last tile, your purchase and the answers to them are taken back."
    given = ["draw", "ask", "give 5-5 S0"]
    assert take_back.taken_back_words(given, [0, 0, 1], [True, False, True], {0}, you) == \
        "Your draw and the tile given to you are taken back."
    unanswered = ["9-4 S0", "ask", "8-8 S1"]  # nobody had one: the ask closed the line
    assert take_back.taken_back_words(unanswered, [0, 0, 1], [True, False, True], {0}, you) == \
        "Your last tile, your ask round the table and the answer to them are taken back."


def test_two_players_take_back_only_their_own_tile_face_up(client: TestClient) -> None:
    """Item 8: the second player could undo the first player's move while the lid was closed."""
    settings(client, opponent="two")
    st = open_game(client, "block")
    body = {"game": "block", "id": st["id"]}
    st = client.post("/api/lid", json={**body, "n": st["n"]}).json()["state"]
    mover, n0 = st["view"]["seat"], st["n"]
    st = act(client, st)["state"]
    assert not st["view"]["lid_open"] and not st["can_undo"]
    r = client.post("/api/undo", json={**body, "n": st["n"]})
    # play-testing: this said "the other side's move stands" to the side whose own tile it was
    assert r.status_code == 409 and r.json()["error"].startswith(
        "With two players nothing is taken back while the tiles lie face down: it would show them to whoever holds")
    st = client.post("/api/lid", json={**body, "n": st["n"]}).json()["state"]
    if st["view"]["seat"] != mover:  # the other side, face up: the first side's tile stands
        assert st["view"]["lid_open"] and not st["can_undo"]
        r = client.post("/api/undo", json={**body, "n": st["n"]})
        assert r.status_code == 409
        after = client.get("/api/state?game=block").json()["state"]
        assert after["n"] == st["n"] and after["view"]["hand"] == st["view"]["hand"]
    else:  # the other side could only pass: the turn came back, and the side face up may take its tile back
        assert st["can_undo"]
        back = client.post("/api/undo", json={**body, "n": st["n"]}).json()["state"]
        assert back["n"] == n0 and back["view"]["seat"] == mover


def test_a_tile_not_in_the_set_is_a_bad_request(client: TestClient) -> None:
    """Item 9: `9-9` or `6-7 R` got 422 "7-6 is not in your hand"."""
    st = open_game(client, "draw")
    for action, shown in (("9-9", "9-9"), ("6-7 R", "6-7"), ("7-6", "7-6"), ("12-0 L", "12-0")):
        r = client.post("/api/action", json={"game": "draw", "id": st["id"], "n": st["n"], "action": action})
        assert r.status_code == 400, action
        assert r.json()["error"] == f"{shown} is not a tile of the double-six set: its halves show 0 to 6."
    assert client.get("/api/state?game=draw").json()["state"]["n"] == st["n"]


def test_each_game_and_number_of_players_keeps_its_own_record(app: Any, client: TestClient) -> None:
    settings(client, game="draw_dominoes", players=3)
    three = play_first_legal(client, "draw_dominoes")
    assert three["players"] == 3 and len(three["record"]["games"]) == 1 and three["record"]["players"] == 3
    two = settings(client, players=2)
    assert two["players"] == 2 and two["record"]["games"] == []
    assert settings(client, players=3)["record"]["games"] == three["record"]["games"]


def test_a_game_tied_for_first_is_recorded_as_tied_not_lost(app: Any, client: TestClient) -> None:
    """Domino Pool for three ended 22, 22, 16 chips: you tied for the most with a computer. Tied below another
    seat is a loss."""
    st = settings(client, game="domino_pool", players=3)
    row = app.state.store.game(st["id"])
    app.state.store.add_record(row, False, [22, 22, 16])
    rec = open_game(client, "domino_pool")["record"]
    assert rec["games"] == [{"won": False, "tied": True, "abandoned": False}]
    assert (rec["won"], rec["tied"], rec["lost"]) == (0, 1, 0)
    app.state.store.add_record(row, False, [16, 22, 22])
    rec = open_game(client, "domino_pool")["record"]
    assert (rec["won"], rec["tied"], rec["lost"]) == (0, 1, 1)


def test_new_game_leaves_a_game_unfinished_as_a_loss(client: TestClient) -> None:
    st = open_game(client, "all_fives")
    assert not st["in_progress"]
    again = client.post("/api/new", json={"game": "all_fives"}).json()["state"]
    assert again["record"]["games"] == []  # nothing played: nothing to count
    st = act(client, again)["state"]
    assert st["in_progress"]
    left = client.post("/api/new", json={"game": "all_fives"}).json()["state"]
    assert left["id"] != st["id"] and not left["in_progress"]
    assert left["record"]["games"] == [{"won": False, "tied": False, "abandoned": True}]
    assert left["record"]["lost"] == 1 and left["record"]["left"] == 1
    # between two people nothing is recorded
    settings(client, opponent="two")
    st = open_game(client, "all_fives")
    st = client.post("/api/lid", json={"game": "all_fives", "id": st["id"], "n": st["n"]}).json()["state"]
    st = act(client, st)["state"]
    assert st["in_progress"]
    dropped = client.post("/api/new", json={"game": "all_fives"}).json()["state"]
    assert dropped["record"]["games"] == [] and not dropped["record"]["counted"]


def test_the_end_of_a_game_says_every_round_and_who_won(client: TestClient) -> None:
    st = open_game(client, "block")
    last_frames: list[dict[str, Any]] = []
    while not st["view"]["game_over"]:
        data = act(client, st)
        last_frames, st = data["frames"], data["state"]
    summary = st["summary"]
    assert [sum(r["points"][s] for r in summary["rounds"]) for s in (0, 1)] == summary["scores"] == \
        st["view"]["scores"]
    assert summary["names"] == ["You", "The computer"] and summary["winner"] == st["view"]["winner"]
    assert summary["text"].startswith(("You won the game", "The computer won the game", "The game is over"))
    assert f"{len(summary['rounds'])} round" in summary["text"]
    end = last_frames[-1]["round_end"]
    assert end["game_over"] and end["summary"] == summary
    won = st["view"]["winner"] == 0
    tied = st["view"]["winner"] is None and summary["scores"][0] == max(summary["scores"])
    assert st["record"]["games"] == [{"won": won, "tied": tied, "abandoned": False}]


def test_the_last_move_is_explained_after_a_reload(client: TestClient) -> None:
    """Item 10: after a reload the last move's explanation was gone."""
    st = open_game(client, "all_fives")
    data = act(client, st)
    last_event = [f for f in data["frames"] if f["event"]["kind"] != "deal"][-1]["event"]
    reloaded = client.get("/api/state?game=all_fives").json()["state"]
    if reloaded["view"]["round"] == last_event.get("round", reloaded["view"]["round"]) and reloaded["last"]:
        assert reloaded["last"]["text"] == last_event["text"]
        assert reloaded["last"]["scored"] == last_event["scored"]
    opened = open_game(client, "all_fives")
    assert opened["last"] == reloaded["last"] and opened["last"] is not None


def test_the_words_name_you_in_the_middle_of_a_sentence_and_each_end_once() -> None:
    """Item 10: "+6 for You"; "the open ends show 5 and 6 and 1 and 1"."""
    from bones.engine import RoundResult
    from bones.engine.scoring import settle
    from bones.web.words import Names, and_list, round_text

    rules = RULES["draw"]
    st = settle(rules, "blocked", None, (6, 12))
    text = round_text(Names(("You", "The computer")), RoundResult(st.end, st.winner, st.points, (6, 12), 0, st, ()),
                      rules, 1)
    assert text.endswith("12 − 6 = 6 → +6 for you.")
    assert and_list([5, 6, 1, 1]) == "5, 6 and 1" and and_list([4]) == "4" and and_list([3, 3]) == "3"


def test_settings_are_checked_and_kept(client: TestClient) -> None:
    st = open_game(client, "draw")
    assert (st["settings"]["pace"], st["settings"]["sound"], st["settings"]["shortcuts"]) == ("normal", False, True)
    assert st["paces"] == {"slow": 1200, "normal": 700, "fast": 350}
    kept = settings(client, pace="fast", sound=True, shortcuts=False)["settings"]
    assert (kept["pace"], kept["sound"], kept["shortcuts"]) == ("fast", True, False)
    for bad in ({"pace": "ludicrous"}, {"sound": "on"}, {"shortcuts": 1}, {"pace": "slow", "volume": 3}):
        r = client.post("/api/settings", json=bad)
        assert r.status_code == 400, bad
    assert client.get("/api/state").json()["state"]["settings"] == kept


class FakeClock(computer.Clock):
    """A clock that runs only when a player thinks (each uses all the time it is given), and keeps the seconds it
    gave each seat."""

    time = 0.0
    made: list["FakeClock"] = []

    def __init__(self) -> None:
        super().__init__(now=lambda: FakeClock.time)
        self.given: list[float] = []
        FakeClock.made.append(self)

    def budget(self, seats_left: int, computers: int) -> Any:
        b = super().budget(seats_left, computers)
        assert b.seconds == computer.ANSWER_SECONDS / computers  # its search: a fixed share
        self.given.append(b.cap_seconds)
        return b


def test_a_computer_seat_searches_the_same_however_long_the_seats_before_it_took() -> None:
    # its search (worlds and nodes) is its fixed share of the second, so the same position gets the same move on
    # any machine and after an Undo; only the safety cap shrinks with the time the seats before it used
    now = [0.0]
    clock = computer.Clock(now=lambda: now[0])
    first = clock.budget(3, 3)
    now[0] = 0.6  # the first seat thought long (a slow or busy machine)
    second = clock.budget(2, 3)
    assert first.seconds == second.seconds == computer.ANSWER_SECONDS / 3
    assert first.cap_seconds == pytest.approx(1 / 3) and second.cap_seconds == pytest.approx(0.2)
    now[0] = 5.0  # past the whole second: the seat still makes a considered move
    assert clock.budget(1, 3).cap_seconds == computer.MIN_SECONDS


SHARED_SECOND_SEED = 1


def test_the_computer_seats_share_one_second(monkeypatch: pytest.MonkeyPatch, app: Any, client: TestClient) -> None:
    """Expert at three and four seats answers within ANSWER_SECONDS for the whole round of computer seats between
    two of your turns (its safety cap is its share of the time left)."""
    def thinking(level: str, seed: int, obs: Any, budget: Any = None) -> Any:
        legal = obs.legal_actions()
        if len(legal) > 1:
            assert budget is not None and level == "expert"
            FakeClock.time += budget.cap_seconds  # it thinks for all the time its cap allows
        return legal[0]

    table: Table = app.state.table
    monkeypatch.setattr(table, "clock", FakeClock)
    monkeypatch.setattr(FakeClock, "made", [])
    monkeypatch.setattr(computer, "choose", thinking)
    # a fixed deal (the table draws each game's seed at random): in some deals no three computer seats in a row
    # have a choice to make within the first moves
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: SHARED_SECOND_SEED)
    settings(client, opponent="expert", game="muggins", players=4)
    st = open_game(client, "muggins")
    for _ in range(12):
        if st["view"]["game_over"]:
            break
        st = act(client, st)["state"]
    rounds = [c.given for c in FakeClock.made if c.given]
    assert rounds and max(sum(g) for g in rounds) <= computer.ANSWER_SECONDS + 1e-9
    assert all(s >= computer.MIN_SECONDS for g in rounds for s in g)
    assert any(len(g) == 3 for g in rounds)  # three computers shared one second


def test_expert_plays_six_seats_of_domino_pool_itself_and_names_hard_for_draw_dominoes_for_five(
        client: TestClient) -> None:
    st = settings(client, opponent="expert", game="domino_pool", players=6)
    assert st["stand_in"] is None
    st = open_game(client, "domino_pool")
    frames = 0
    for _ in range(3):  # the five computer seats answer between the player's turns
        if st["view"]["game_over"]:
            break
        done = act(client, st)
        frames += len(done["frames"])
        st = done["state"]
    assert st["view"]["players"] == 6 and frames > 5
    st = settings(client, opponent="expert", game="draw_dominoes", players=5)
    assert st["stand_in"] is not None and "Hard plays in its place" in st["stand_in"]


def test_the_rules_panel_for_every_game_comes_from_its_fields(client: TestClient) -> None:
    from bones.engine.scoring import round_pips

    for gid, rules in RULES.items():
        for n in rules.allowed_players:
            r = client.get(f"/api/rules?game={gid}&players={n}")
            assert r.status_code == 200, r.text
            text = r.json()
            words = " ".join(line for s in text["sections"] for line in s["lines"])
            assert text["name"] == rules.name and text["players"] == n
            if rules.plays_for_chips:
                assert f"after {rules.hands} hands" in words or f"after {rules.hands} rounds (hands)" in words
            elif rules.game_end is GameEnd.DOUBLES_RUN_OUT:  # no target: each round starts from the next double down
                assert "the game ends after the 0-0 round" in words and str(rules.target) not in words
            else:
                assert str(rules.target) in words
            assert ("Nobody draws" in words) == (not rules.draws)
            scoring = [s for s in text["sections"] if s["title"] == "Scoring during play"]
            assert bool(scoring) == rules.scores_in_play
            if rules.headers:
                assert "double header" in words and "triple header" in words
            if rules.scores_ends:
                assert f"multiple of {rules.end_multiple}" in words
            if rules.rounding:
                assert f"13 → {round_pips(13, rules.rounding)}" in words
            if rules.kept_back:
                assert f"The last {rules.kept_back} tiles of the boneyard are never drawn" in words
    assert "spinner" in client.get("/api/rules?game=five_up").text
    assert client.get("/api/rules?game=draw&players=3").status_code == 400
    assert client.get("/api/rules?game=chess").status_code == 404


def test_the_first_spinner_and_every_spinner_are_told_apart() -> None:
    from bones.web.rules_text import rules_text

    def words(gid: str) -> str:
        return " ".join(line for s in rules_text(RULES[gid])["sections"] for line in s["lines"])

    assert "The first double laid is the spinner" in words("all_fives")
    assert "Every double is a spinner" in words("five_up")
    assert "spinner" not in words("muggins")
    assert "6 + 3 = 9 → +9" in words("all_threes")  # the examples follow the count, not the game's name
    lone = new_game("all_fives", 1).rules
    assert lone.end_multiple == 5 and "5-5 laid first makes 10 and scores 10" in words("all_fives")


def test_two_players_undo_never_puts_back_tiles_the_other_side_drew(client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Between two people, a side whose tile made the other draw and then pass could take the tile back, and the
    other side's draws with it: the tiles it had drawn, and seen, went back to the boneyard, where the first side
    would later draw them with the other knowing them. The other side's draws stand (its pass alone may be taken
    back, as before: it shows nothing)."""
    import random

    seed = 0  # Draw, round 1: seat 1 lays 6-2 L, seat 0 draws twice and passes (the two never drawn are left)
    game = new_game("draw", seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while game.round_index == 0:
        plays = [a for a in game.legal_actions() if a.kind == "play"]
        action = rng.choice(plays) if plays else game.legal_actions()[0]
        actions.append(str(action))
        game = game.apply(action)
        if actions[-3:] == ["draw", "draw", "pass"] and actions[-4] == "6-2 L":
            break
    assert actions[-4:] == ["6-2 L", "draw", "draw", "pass"]
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: seed)
    settings(client, opponent="two")
    st = open_game(client, "draw")
    body = {"game": "draw", "id": st["id"]}
    while st["n"] < len(actions):
        if not st["view"]["lid_open"]:
            st = client.post("/api/lid", json={**body, "n": st["n"]}).json()["state"]
        st = act(client, st, actions[st["n"]])["state"]  # the pass is made by the table
    st = client.post("/api/lid", json={**body, "n": st["n"]}).json()["state"]
    assert st["view"]["seat"] == 1 and st["view"]["lid_open"]
    assert not st["can_undo"]
    r = client.post("/api/undo", json={**body, "n": st["n"]})
    assert r.status_code == 409 and "the other side's move stands" in r.json()["error"]
    assert client.get("/api/state?game=draw").json()["state"]["n"] == len(actions)


def test_bergen_rules_panel_says_equal_dots_go_to_the_hand_without_a_double() -> None:
    """Seed 004's Bergen: "the one having the smallest number of pips and no doublet counts one toward game. If he
    holds a doublet, his adversary scores one". A blocked round with 4 dots each, only one hand holding a double,
    gives the point to the hand without one (docs/rules.md: equal pips score nothing only between hands alike);
    the Rules panel said "Equal hands score nothing"."""
    from bones.engine import Action, RoundState, Tile, get_rules
    from bones.web.rules_text import rules_text

    rules = get_rules("bergen")
    t = Tile.parse
    # the 6-6 sets (+2), 6-5 answers it; 5 and 6 are open, nothing held fits and the last two tiles are never
    # drawn: the round is blocked
    s = RoundState.start(rules, [[t("6-6"), t("1-1"), t("2-0")], [t("6-5"), t("4-0")]], [t("3-2"), t("5-1")], 0,
                         t("6-6"))
    for text in ("6-6", "6-5 R"):
        s = s.apply(Action.parse(text))
    assert s.over and s.end == "blocked" and s.pips_left() == (4, 4)
    assert s.end_points == (0, 1)  # seat 0 holds the 1-1: the hand without a double scores at equal dots
    words = " ".join(line for sec in rules_text(rules)["sections"] for line in sec["lines"])
    assert "Equal hands score nothing." not in words
    assert "at equal dots the hand without a double scores the 1" in words


def test_with_no_double_dealt_the_rules_panel_compares_two_tiles_that_can_both_be_dealt() -> None:
    """Matadore, Bergen, All Threes: "the highest double or the heaviest domino sets". With no double in any hand
    the heaviest tile sets, the higher half first at equal dots: 6-3 before 5-4, as the engine leads it. The Rules
    panel's example was "6-4 before 5-5", a comparison that never arises when nobody holds a double."""
    from bones.web.rules_text import rules_text

    from tests.kit import game

    g = game("matadore", ["5-4 5-3 5-2 5-1 4-3 4-2 4-1", "6-3 6-2 6-1 6-0 3-2 3-1 2-1"])
    assert g.current_seat == 1 and [str(a) for a in g.legal_actions()] == ["6-3"]
    for gid in ("matadore", "bergen", "all_threes"):
        words = " ".join(line for s in rules_text(RULES[gid])["sections"] for line in s["lines"])
        assert "if nobody was dealt a double, the heaviest tile leads (most dots, then the higher half: 6-3 before " \
               "5-4)" in words


def test_the_end_of_a_game_of_many_names_who_tied_and_says_points_or_chips() -> None:
    """Play-testing: a tie among six said only "tied for the most chips (You 16, Computer 1 16, …)", leaving the
    player to find the winners, and a game for points said "won the game with 108" without a unit."""
    names = Names(["You", "Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5"])
    pool = RULES["domino_pool"].with_options({"players": 6})
    assert game_text(names, [16, 16, 28, 16, 28, 16], None, pool) == (
        "Computer 2 and Computer 4 tied for the game with 28 chips each (You 16, Computer 1 16, Computer 2 28, "
        "Computer 3 16, Computer 4 28, Computer 5 16).")
    four = Names(names.labels[:4])
    sebastopol = RULES["sebastopol"]
    assert game_text(four, [108, 40, 12, 108], None, sebastopol).startswith(
        "You and Computer 3 tied for the game with 108 points each (")
    assert game_text(four, [108, 40, 12, 99], 0, sebastopol).startswith("You won the game with 108 points (You 108, ")
    assert game_text(four, [1, 12, 12, 12], 0, RULES["domino_pool"]).startswith("You won the game with 1 chip (")


def test_two_players_a_tile_drawn_at_will_stays_drawn(client: TestClient) -> None:
    """review: once a draw at will was a move of its own, a side could draw, see the tile, take the draw back and lay
    instead, and the other side then drew the tile it had seen. Between two people a tile drawn stays drawn."""
    settings(client, opponent="two")
    st = open_game(client, "draw_game")
    body = {"game": "draw_game", "id": st["id"]}
    for _ in range(300):
        if not st["view"]["lid_open"]:
            st = client.post("/api/lid", json={**body, "n": st["n"]}).json()["state"]
            continue
        legal = st["view"]["legal"]
        if "draw" in legal and any(a not in ("draw", "pass") for a in legal):
            break
        st = act(client, st, legal[0])["state"]
    else:
        pytest.fail("never a draw at will")
    drawn = act(client, st, "draw")["state"]
    assert drawn["view"]["lid_open"] and not drawn["can_undo"]
    r = client.post("/api/undo", json={**body, "n": drawn["n"]})
    assert r.status_code == 409 and r.json()["error"].startswith("With two players a tile drawn stays drawn")
    assert client.get("/api/state?game=draw_game").json()["state"]["n"] == drawn["n"]


def _played_out(rules_id: str, options: dict[str, int], seed: int) -> Any:
    from bones.engine import new_game

    g = new_game(rules_id, seed, options)
    while not g.over:
        g = g.apply(g.legal_actions()[0])
    return g


def test_the_game_over_table_has_a_column_a_side_for_partners_and_a_start_row_for_chips() -> None:
    """QA: four-handed Block repeated the side's points under both partners (four columns squeezed "How it ended"
    to "Compute…"), and Domino Pool's Total was not the sum of its column (it counts from 20 chips, never shown)."""
    from bones.web.words import Names, game_summary

    names = Names(("You", "Computer 1", "Computer 2", "Computer 3"))
    g = _played_out("partnership_block", {"target": 15}, 3)
    s = cast(dict[str, Any], game_summary(names, g.results, g.scores, g.winner, g.rules.target, g.rules))
    assert s["names"] == ["You & Computer 2", "Computer 1 & Computer 3"] and s["start"] is None
    assert all(len(r["points"]) == 2 for r in s["rounds"])
    assert [sum(r["points"][c] for r in s["rounds"]) for c in (0, 1)] == s["scores"] == [g.scores[0], g.scores[1]]
    g = _played_out("domino_pool", {"hands": 3}, 3)
    s = cast(dict[str, Any], game_summary(names, g.results, g.scores, g.winner, g.rules.target, g.rules))
    assert s["names"] == list(names.labels) and s["start"] == [20] * 4
    assert [20 + sum(r["points"][c] for r in s["rounds"]) for c in range(4)] == s["scores"]


def test_a_hint_for_the_only_move_says_what_it_scores() -> None:
    """QA: "Lay 5-4 on the right end: it is the only thing you can do", and then "You +10"."""
    import random

    from bones.engine import new_game, observe
    from bones.web import computer

    seen = 0
    for seed in range(60):
        g, rng = new_game("all_fives", seed), random.Random(seed)
        while not g.over and seen < 3:
            obs = observe(g, g.current_seat or 0)
            legal = obs.legal_actions()
            if len(legal) == 1 and legal[0].kind == "play" and obs.after(legal[0])[1]:
                assert computer.hint(obs).reason == f"It is the only thing you can do, and it scores " \
                                                     f"{obs.after(legal[0])[1]}."
                seen += 1
            g = g.apply(rng.choice(legal))
        if seen >= 3:
            break
    assert seen >= 3


def test_the_summary_says_when_the_side_that_went_out_was_outcounted() -> None:
    """QA: "+12 for You & Computer 2 … Computer 1 went out" read as points paid to the wrong side."""
    from bones.engine import get_rules
    from bones.engine.game import RoundResult
    from bones.engine.scoring import settle

    rules = get_rules("partnership_block")
    out = settle(rules, "out", 1, (5, 0, 3, 20))
    r = RoundResult("out", out.winner, out.points, out.pips_left, 0, out, ((), (), (), ()))
    names = Names(("You", "Computer 1", "Computer 2", "Computer 3"))
    summary = cast(dict[str, Any], game_summary(names, [r], r.points, None, rules.target, rules))
    assert summary["rounds"] == [{"round": 1, "points": [12, 0],
                                  "how": "Computer 1 went out; your side held fewer dots"}]
    ours = settle(rules, "out", 0, (0, 5, 3, 2))
    r = RoundResult("out", ours.winner, ours.points, ours.pips_left, 0, ours, ((), (), (), ()))
    summary = cast(dict[str, Any], game_summary(names, [r], r.points, None, rules.target, rules))
    assert summary["rounds"][0]["how"] == "You went out"


@pytest.mark.parametrize("opponent", ["beginner", "two"])
def test_no_status_or_rule_line_tells_a_mouse_or_keyboard_player_to_tap(client: TestClient, opponent: str) -> None:
    """Review: "tap the boneyard", "tap the lid", "tap the tile you sell" were read to players at a desktop, by
    mouse or keys; the table's words now say what to do, not which finger to do it with. A round of every game, on
    one device where two may play, else against the computer."""
    for game in RULES:
        if opponent == "two" and 2 not in RULES[game].allowed_players:
            continue
        settings(client, game=game, opponent=opponent)
        st = open_game(client, game)
        seen: list[str] = []
        for _ in range(400):
            v = st["view"]
            seen += [v["status"], v["rule"]]
            if v["round_over"] or v["game_over"]:
                break
            if not v["lid_open"]:
                r = client.post("/api/lid", json={"game": game, "id": st["id"], "n": st["n"]})
            else:
                r = client.post("/api/action", json={"game": game, "id": st["id"], "n": st["n"],
                                                     "action": v["legal"][0]})
            assert r.status_code == 200, r.text
            st = r.json()["state"]
        told = [text for text in seen if text and " tap" in f" {text.lower()}"]
        assert not told, (game, told[:2])
        assert any("lift the lid" in t for t in seen) == (opponent == "two")
