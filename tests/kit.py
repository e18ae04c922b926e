"""The shared test kit: deals written by hand, actions applied by text, snapshots of a state, refused actions that
must change nothing, the registry's games as test configurations, and twin games that differ only in what one seat
cannot see."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, Iterable, Sequence

import pytest

from bones.engine import RULES, Deal, GameState, IllegalAction, Rules, Tile, get_rules, observe, tile_set
from bones.engine.observation import Observation
from bones.engine.replay import summary
from bones.engine.rules import Fit, LayoutKind, Turn

# ----- the registry as configurations ------------------------------------------------------------------------


def registry_configs() -> list[tuple[str, dict[str, Any] | None]]:
    """Every game of the registry with every number of players it allows (None: the game's defaults)."""
    out: list[tuple[str, dict[str, Any] | None]] = []
    for rid, rules in RULES.items():
        for n in rules.allowed_players:
            out.append((rid, None if n == rules.players else {"players": n}))
    return out


def config_id(config: tuple[str, dict[str, Any] | None]) -> str:
    rid, opts = config
    return rid + "".join(f"-{k}{v}" for k, v in (opts or {}).items())


CONFIGS = registry_configs()
# the options that change how a game plays, beside the registry's entries (the engine's contract and reference model)
VARIATIONS: list[tuple[str, dict[str, Any] | None]] = [
    ("muggins", {"spinner": True}), ("muggins", {"count": "per_five", "players": 3}),
    ("matadore", {"trumps": "when_stuck"}), ("block_game", {"cut": "pushed"}), ("block_game", {"cut": "drawn"}),
    ("boys_game", {"winner_scores_own": True, "shut": True, "draw": "optional", "pose": "winner"}),
    ("boys_french", {"shut": True, "draw": "optional"}), ("muggins", {"claims": True}),
    ("all_threes", {"claims": True, "count": "per_five", "players": 3}),
]


def variant(rules_id: str, **fields: Any) -> Rules:
    """A registry game with some fields changed: the engine's other layouts, fits and turns, tried before any game
    of the registry uses them (no record or registry lookup works for these)."""
    return replace(get_rules(rules_id), **fields)


# Matadore's fit (halves that make seven, trumps anywhere) on Block's table; Sebastopol's cross for four; the Ordinary
# Boy's Game's second mode (a double plays again) on the Draw game
SEVENS = variant("block", fit=Fit.SEVEN)
CROSS = variant("block", layout=LayoutKind.CROSS, players=4, allowed_players=(4,), hand_size=7,
                hand_sizes=((4, 7),))
DOUBLE_AGAIN = variant("draw", turn=Turn.DOUBLE_AGAIN)
VARIANTS = (SEVENS, CROSS, DOUBLE_AGAIN)

# ----- deals and plays ---------------------------------------------------------------------------------------


def T(text: str) -> Tile:
    return Tile.parse(text)


def tiles(*texts: str | Iterable[str]) -> tuple[Tile, ...]:
    """'6-6 5-5 1-0', or several texts, or a list of texts -> tiles."""
    out: list[Tile] = []
    for t in texts:
        words = t.split() if isinstance(t, str) else list(t)
        out += [Tile.parse(w) for w in words]
    return tuple(out)


def deal(hands: Sequence[str | Sequence[str]], boneyard_first: str | Sequence[str] = (), max_pip: int = 6) -> Deal:
    """Hands as written; the boneyard starts with `boneyard_first` (drawn first, in that order), then the rest
    of the set, highest tile first."""
    hs = tuple(tiles(h) for h in hands)
    first = tiles(boneyard_first)
    used = {t for h in hs for t in h} | set(first)
    rest = tuple(sorted((t for t in tile_set(max_pip) if t not in used), reverse=True))
    return Deal(hs, first + rest)


def game(rules_id: str, hands: Sequence[str | Sequence[str]], boneyard_first: str | Sequence[str] = (),
         options: dict[str, Any] | None = None, more_deals: Sequence[Deal] = ()) -> GameState:
    rules = get_rules(rules_id, options)
    return GameState.new(rules, deals=[deal(hands, boneyard_first, rules.max_pip), *more_deals])


def explicit_game(rules_id: str, *hands: tuple[Tile, ...]) -> GameState:
    """A game whose first round is dealt as given; the rest of the set is the boneyard in id order."""
    rules = get_rules(rules_id)
    used = {t for h in hands for t in h}
    boneyard = tuple(t for t in tile_set(rules.max_pip) if t not in used)
    return GameState.new(rules, deals=[Deal(tuple(hands), boneyard)])


def play(g: GameState, *actions: str) -> GameState:
    for a in actions:
        g = g.apply(a)
    return g


def legal(g: GameState) -> list[str]:
    return sorted(str(a) for a in g.legal_actions())


def pips(texts: str) -> int:
    return sum(t.pips for t in tiles(texts))


def random_game(rules_id: str, seed: int, steps: int, options: dict[str, Any] | None = None,
                play_seed: int | None = None) -> GameState:
    """A game dealt from `seed`, played `steps` uniformly random legal actions on (or to its end)."""
    g = GameState.new(get_rules(rules_id, options), seed=seed)
    rng = random.Random(seed if play_seed is None else play_seed)
    for _ in range(steps):
        if g.over or g.current_seat is None:
            break
        g = g.apply(rng.choice(g.legal_actions()))
    return g


def mid_round(rules: Rules, seed: int, fewest: int, most: int) -> GameState | None:
    """A game dealt from `seed` and played on by random legal actions (between `fewest` and `most` of them, the
    number drawn from `seed`) within its first round; None unless that round is still on with a seat to act."""
    g = GameState.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(fewest, most)):
        if g.round is None or g.round.over:
            break
        g = g.apply(rng.choice(g.legal_actions()))
    return None if g.round is None or g.round.over or g.current_seat is None else g

# ----- what changed ------------------------------------------------------------------------------------------


def observation_text(obs: Observation, results: bool = True, history_from: int = 0) -> str:
    """Everything an observation holds, as text (to compare two, and to search for tiles it names). The rounds
    before, whose hands were shown when they ended, are left out with `results=False`; the round's first
    `history_from` events too (a search that has read them already)."""
    return repr((obs.seat, obs.hand, obs.drawn, obs.hand_counts, obs.boneyard_count, obs.draws, obs.table,
                 obs.lead_tile, obs.lead_forced, obs.leader, obs.current_seat, obs.history[history_from:], obs.scores,
                 obs.round_index, obs.round_points, obs.results if results else len(obs.results), obs.round_over,
                 obs.round_end, obs.game_over, obs.winner, obs.legal_actions()))


def snapshot(g: GameState) -> str:
    """Everything a player could notice about a game, as one string (to show that nothing changed)."""
    rnd = g.round
    parts: dict[str, Any] = {
        "summary": summary(g),
        "actions": [[str(a) for a in r] for r in g.actions],
        "scores": list(g.scores),
        "over": g.over,
    }
    if rnd is not None:
        parts["hands"] = [[str(t) for t in rnd.hand(s)] for s in range(rnd.seats)]
        parts["boneyard_count"] = rnd.boneyard_count
        parts["history"] = [(e.seat, str(e.action), e.scored) for e in rnd.history]
        parts["observations"] = [observation_text(observe(g, s)) for s in range(g.seats)]
    return json.dumps(parts, sort_keys=True, default=str)


def assert_refused(g: GameState, *actions: str, match: str | None = None) -> None:
    """Each action is refused with IllegalAction (its message matching `match`) and leaves the game unchanged."""
    before = snapshot(g)
    for text in actions:
        with pytest.raises(IllegalAction, match=match):
            g.apply(text)
        assert snapshot(g) == before, text

# ----- twins: the same view, other hidden tiles --------------------------------------------------------------


def twin_games(rules: Rules, seed: int, moves: int, rng: random.Random) -> tuple[GameState, GameState] | None:
    """Two games of round one that give the seat to move the same observation but deal the hidden tiles apart.

    Game A is played by Medium players for up to `moves` moves. Game B keeps the observer's hand, the tiles the
    others have laid and every tile drawn so far, and reshuffles all the rest (the others' unplayed tiles and the
    undrawn boneyard); then the same actions are replayed. None when no such twin exists for this game (the
    others drew or passed, the round ended, the shuffle changed who leads, or nothing hidden could move).
    """
    from bones.players import make_player

    game = GameState.new(rules, seed=seed)
    deal_ = game.deal_for(0)
    assert deal_ is not None and game.round is not None
    players = [make_player("medium", seed=i) for i in range(rules.players)]
    for _ in range(moves):
        seat = game.current_seat
        if seat is None or game.round_index > 0:
            return None
        game = game.apply(players[seat].choose(observe(game, seat)).action)
    rnd = game.round
    observer = game.current_seat
    if observer is None or game.round_index > 0 or rnd is None or rnd.over:
        return None
    if any(ev.seat != observer and ev.action.kind != "play" for ev in rnd.history):
        return None
    laid = {ev.action.tile for ev in rnd.history if ev.action.tile is not None}
    drawn = rnd.drawn  # every draw so far was the observer's
    free = [t for s, h in enumerate(deal_.hands) if s != observer for t in h if t not in laid]
    free += list(deal_.boneyard[drawn:])
    for _ in range(20):
        pool = free[:]
        rng.shuffle(pool)
        if pool == free:
            continue
        it = iter(pool)
        hands = tuple(h if s == observer else tuple(t if t in laid else next(it) for t in h)
                      for s, h in enumerate(deal_.hands))
        boneyard = deal_.boneyard[:drawn] + tuple(it)
        try:
            twin = GameState.new(rules, deals=[Deal(hands, boneyard, deal_.cut)])
        except ValueError:
            continue
        assert twin.round is not None
        if (twin.round.leader, twin.round.lead_tile) != (rnd.leader, rnd.lead_tile):
            continue
        try:
            for action in game.actions[0]:
                twin = twin.apply(action)
        except ValueError:
            continue
        if twin.current_seat != observer:
            continue
        return game, twin
    return None


def same_view(a: GameState, b: GameState) -> Observation:
    """The observation both games give the seat to move (asserting they agree and the hidden tiles do not)."""
    seat = a.current_seat
    assert seat is not None and a.round is not None and b.round is not None
    obs = observe(a, seat)
    assert obs == observe(b, seat)
    assert a.round.hands != b.round.hands or a.round.boneyard != b.round.boneyard
    return obs
