"""The engine's contract, which every game of the registry passes with no code of its own.

For every registry entry and every number of players it allows (and a few other options), random seeds and random
legal play check at every step that: tiles are conserved; every legal action applies; random illegal actions raise
IllegalAction and change nothing; each seat's Observation computes the engine's legal actions, says what each play
would do to the table exactly as the engine does it, and holds no tile that seat cannot see; every action's text
round-trips; and the game's record replays to exactly the same state. A state machine interleaves the same checks.
The reference model (`test_reference.py`), the perft counts (`test_perft.py`) and the players' contract
(`tests/players/test_contract.py`) run over the same registry.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bones.engine import DRAW, PASS, Action, GameState, IllegalAction, game_to_record, new_game, observe, tile_set
from bones.engine.layout import layout_of
from bones.engine.rules import GameEnd
from bones.engine.replay import replay_document, summary
from bones.engine.tiles import TILES_BY_ID

from tests.kit import CONFIGS as REGISTRY, VARIATIONS, config_id, observation_text

SETTINGS = settings(max_examples=8, derandomize=True, deadline=None, database=None)

# (rules id, options): every registry entry with every player count it allows, and a few other options.
CONFIGS: list[tuple[str, dict[str, Any] | None]] = REGISTRY + VARIATIONS + [
    ("draw_dominoes", {"players": 3, "opening": "highest_tile"}),
    ("block", {"hand_size": 5, "target": 40}),
    ("draw", {"set": 9, "target": 30}),
    ("all_fives", {"target": 60}),
    ("muggins", {"players": 4, "hand_size": 7}),
    ("five_up", {"set": 9, "target": 80}),
    ("honest_john_2", {"players": 5, "set": 18}), ("honest_john_2", {"players": 3, "set": 12}),
]

TILE_TEXT = re.compile(r"(?<![\d-])(\d+)-(\d+)(?![\d-])")


# ---- checks ---------------------------------------------------------------------------------------------

def fingerprint(g: GameState) -> Any:
    """Everything about a game that an action could change."""
    rnd = g.round
    inner = None
    if rnd is not None:
        inner = (rnd.hands, rnd.drawn, rnd.table, rnd.current, rnd.points, rnd.history, rnd.over, rnd.end,
                 rnd.from_boneyard)
    return (g.actions, g.scores, g.results, g.over, g.winner, inner, json.dumps(summary(g)))


def table_tiles(g: GameState) -> list:
    return observe(g, 0).table_tiles()


def check_conservation(g: GameState) -> None:
    rnd = g.round
    if rnd is None:
        return
    held = [t for s in range(rnd.seats) for t in rnd.hand(s)]
    left = [TILES_BY_ID[i] for i in rnd.boneyard[rnd.drawn:]]
    table = table_tiles(g)
    everything = held + left + table
    assert len(everything) == len(set(everything)) == g.rules.tile_count
    assert set(everything) == set(tile_set(g.rules.max_pip))
    assert rnd.boneyard_count == len(left)
    assert rnd.tiles_down == len(table)


def check_observations(g: GameState, read: dict[int, tuple[int, int]] | None = None) -> None:
    """Each seat's observation agrees with the engine and names no tile the seat cannot see. `read`: per seat, the
    round and the number of its events whose text earlier calls searched (a long game's history is searched once,
    not again at every step; the game's last call, with None, searches all of it)."""
    rnd = g.round
    if rnd is None:
        return
    table = set(table_tiles(g))
    engine_legal = g.legal_actions()
    for seat in range(g.seats):
        obs = observe(g, seat)
        own = set(rnd.hand(seat))
        visible = own | table
        hidden = set(tile_set(g.rules.max_pip)) - visible
        assert set(obs.hand) == own and len(obs.hand) == len(own)
        assert set(obs.drawn) <= own
        assert set(obs.unseen()) == hidden
        assert list(obs.hand_counts) == [len(rnd.hand(s)) for s in range(g.seats)]
        assert obs.boneyard_count == rnd.boneyard_count
        if g.current_seat == seat:
            assert sorted(map(str, obs.legal_actions())) == sorted(map(str, engine_legal))
            assert obs.legal_actions() == engine_legal or set(obs.legal_actions()) == set(engine_legal)
        else:
            assert obs.legal_actions() == []
        # Nothing the seat cannot see, in the object or in any text of it.
        seen_in_obj = set(obs.hand) | set(obs.drawn) | {e.action.tile for e in obs.history if e.action.tile}
        if obs.lead_tile is not None:
            seen_in_obj.add(obs.lead_tile)
        assert seen_in_obj <= visible
        start = read[seat][1] if read is not None and read.get(seat, (-1, 0))[0] == g.round_index else 0
        text = observation_text(obs, results=False, history_from=start)
        if read is not None:
            read[seat] = (g.round_index, len(obs.history))
        for a, b in TILE_TEXT.findall(text):
            t = TILES_BY_ID[max(int(a), int(b)) * (max(int(a), int(b)) + 1) // 2 + min(int(a), int(b))]
            assert t in visible, f"seat {seat} sees {t}"
        for e in obs.history:
            if e.action.kind == "draw":
                assert e.action.tile is None
        if g.current_seat == seat:
            check_after(g, obs)
        # the hands shown at the end of each earlier round are the hands as they were left
        for result, finished in zip(obs.results, g.results):
            assert result.hands_left == finished.hands_left
            assert [sum(t.pips for t in h) for h in result.hands_left] == list(result.pips_left)


def check_after(g: GameState, obs: Any) -> None:
    """What the observation says each play would do to the table is what the engine does with it."""
    index = g.round_index
    for a in obs.legal_actions():
        if a.kind != "play":
            continue
        rnd = g.apply(a).round_of_action(index)
        assert rnd is not None
        table, scored = obs.after(a)
        assert table == rnd.table, a
        credited = scored if not g.rules.claims or a.claim == scored else 0  # where scores count only when claimed
        assert credited == rnd.history[-1].scored, a


def candidate_actions(g: GameState, rng: random.Random, n: int) -> list[Action]:
    ts = tile_set(g.rules.max_pip)
    names = list(layout_of(g.rules).names) + ["U", "D", "S1", "U9"]
    out = [DRAW, PASS]
    for _ in range(n):
        t = rng.choice(ts)
        out.append(Action.play(t, rng.choice([None, *names])))
    rnd = g.round
    if rnd is not None and not rnd.over:
        # tiles of the other seats, against open ends: the likeliest mistakes
        for s in range(rnd.seats):
            if s != rnd.current:
                for t in rnd.hand(s)[:2]:
                    out.append(Action.play(t, rng.choice(["L", "R"])))
    return out


def expected_legal(g: GameState, a: Action, legal: list[Action]) -> bool:
    if a in legal:
        return True
    rnd = g.round
    if a.kind == "play" and a.end is None and rnd is not None and rnd.tiles_down > 0:
        # the end may be left out when the tile fits exactly one end
        return len({(b.end, b.out) for b in legal if b.tile == a.tile and b.kind == a.kind}) == 1
    return False


def check_actions(g: GameState, rng: random.Random) -> None:
    legal = g.legal_actions()
    before = fingerprint(g)
    for a in legal:
        assert Action.parse(str(a)) == a
        after = g.apply(a)
        assert after is not g
        assert fingerprint(g) == before
    for a in candidate_actions(g, rng, 6):
        if expected_legal(g, a, legal):
            g.apply(a)
            continue
        try:
            g.apply(a)
        except IllegalAction as e:
            assert str(e)
        else:
            raise AssertionError(f"{a} applied but is not legal; legal: {legal}")
        assert fingerprint(g) == before


def check_progress(g: GameState) -> None:
    target = g.rules.target
    if g.rules.has_pool:
        # chips only move: what the seats hold and what is left in the pool is what they started with
        assert 0 <= g.rules.chips * g.seats - sum(g.scores) < g.seats and min(g.scores) >= 0
        assert g.over == (len(g.results) == g.rules.hands or min(g.scores) < g.rules.ante)
    elif g.rules.plays_for_chips:
        # chips only pass between the seats (a seat with none left owes: its count goes below zero)
        assert sum(g.totals()) == sum(g.scores) == g.rules.chips * g.seats
        assert g.over == (len(g.results) == g.rules.hands)
    elif g.rules.game_end is GameEnd.DOUBLES_RUN_OUT:
        # each round starts from a lower double than the one before; the 0-0 round is the last
        firsts = [r.first for r in g.results]
        highs = [TILES_BY_ID[f].high for f in firsts]
        assert all(TILES_BY_ID[f].is_double for f in firsts) and highs == sorted(set(highs), reverse=True)
        if highs and highs[-1] == 0:
            assert g.over
    elif not g.over:
        assert max(g.scores) < target  # finished rounds never left a score at the target
        if g.rules.ends_at_once:
            assert max(g.totals()) < target  # All Fives: not even points made during play
    elif g.rules.game_end is not GameEnd.DOUBLES_RUN_OUT:
        assert max(g.scores) >= target
    if not g.over:
        assert g.current_seat is not None or (g.round is not None and g.round.over)
    else:
        assert g.legal_actions() == [] and g.current_seat is None
        last = g.results[-1]
        if not g.rules.ends_at_once:
            assert last.end in ("out", "blocked")
    for r in g.results:
        if r.end == "out":
            assert r.winner is not None and r.pips_left[r.winner] == 0
        if r.end == "target":
            assert g.rules.ends_at_once


def check_replay(g: GameState) -> None:
    doc = json.loads(json.dumps(game_to_record(g)))
    assert replay_document(doc) == summary(g)
    seedless = dict(doc)
    seedless.pop("seed", None)
    assert replay_document(seedless) == summary(g)


def play_game(rules_id: str, options: dict[str, Any] | None, seed: int, play_seed: int, max_steps: int) -> None:
    g = new_game(rules_id, seed, options)
    rng = random.Random(play_seed)
    steps = 0
    replay_at = rng.randrange(max_steps)
    read: dict[int, tuple[int, int]] = {}  # the history text each seat's checks have searched already
    while not g.over and steps < max_steps:
        legal = g.legal_actions()
        assert legal, "a game in progress always has a legal action"
        check_conservation(g)
        if steps % 3 == 0:
            check_observations(g, read)
            check_actions(g, rng)
        check_progress(g)
        if steps == replay_at:
            check_replay(g)
        g = g.apply(rng.choice(legal))
        steps += 1
    check_conservation(g)
    check_observations(g)
    check_progress(g)
    check_replay(g)


def _make_test(rules_id: str, options: dict[str, Any] | None) -> Callable[[], None]:
    @SETTINGS
    @given(seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
    def test(seed: int, play_seed: int) -> None:
        play_game(rules_id, options, seed, play_seed, max_steps=600)

    return test


for _config in CONFIGS:
    globals()["test_random_play_" + config_id(_config).replace("-", "_")] = _make_test(*_config)


# ---- a stateful test: a game driven step by step, with observations and illegal tries in between ---------

class GameMachine(RuleBasedStateMachine):
    """Play, try illegal actions, observe, and check the record replays, in any interleaving."""

    @initialize(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000))
    def deal(self, config: tuple[str, dict[str, Any] | None], seed: int) -> None:
        self.game = new_game(config[0], seed, config[1])
        self.history: list[GameState] = [self.game]

    @precondition(lambda self: not self.game.over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions()
        a = data.draw(st.sampled_from(legal))
        # the text form works as well as the value
        self.game = self.game.apply(str(a) if data.draw(st.booleans()) else a)
        self.history.append(self.game)

    @rule(tile=st.sampled_from(tile_set(6)), end=st.sampled_from([None, "L", "R", "U", "D", "U3", "D5"]),
          kind=st.sampled_from(["play", "draw", "pass"]))
    def try_action(self, tile: Any, end: str | None, kind: str) -> None:
        a = Action.play(tile, end) if kind == "play" else (DRAW if kind == "draw" else PASS)
        legal = self.game.legal_actions()
        before = fingerprint(self.game)
        if expected_legal(self.game, a, legal):
            self.game.apply(a)
        else:
            try:
                self.game.apply(a)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{a} applied but is not legal")
        assert fingerprint(self.game) == before

    @rule()
    def undo_by_replaying_fewer_actions(self) -> None:
        # Undo is replaying the action list without the last action: the earlier state comes back exactly.
        if len(self.history) < 2:
            return
        earlier = self.history[-2]
        assert replay_document(json.loads(json.dumps(game_to_record(earlier)))) == summary(earlier)

    @invariant()
    def tiles_conserved(self) -> None:
        check_conservation(self.game)

    @invariant()
    def observations_are_honest(self) -> None:
        check_observations(self.game)

    @invariant()
    def game_progress(self) -> None:
        check_progress(self.game)

    @invariant()
    def record_replays(self) -> None:
        check_replay(self.game)


GameMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=25, derandomize=True, deadline=None,
                                         database=None)
TestGameMachine = GameMachine.TestCase
