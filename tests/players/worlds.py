"""Test helpers: explicit deals, and twin games that differ only in what one seat cannot see."""

from __future__ import annotations

import random

from bones.engine import Deal, GameState, Rules, Tile, get_rules, observe
from bones.engine.observation import Observation
from bones.engine.tiles import tile_set
from bones.players import make_player


def tiles(*texts: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in texts)


def explicit_game(rules_id: str, *hands: tuple[Tile, ...]) -> GameState:
    """A game whose first round is dealt as given; the rest of the set is the boneyard in id order."""
    rules = get_rules(rules_id)
    used = {t for h in hands for t in h}
    boneyard = tuple(t for t in tile_set(rules.max_pip) if t not in used)
    return GameState.new(rules, deals=[Deal(tuple(hands), boneyard)])


def play(game: GameState, *actions: str) -> GameState:
    for a in actions:
        game = game.apply(a)
    return game


def twin_games(rules: Rules, seed: int, moves: int, rng: random.Random) -> tuple[GameState, GameState] | None:
    """Two games of round one that give the seat to move the same observation but deal the hidden tiles apart.

    Game A is played by Medium players for up to `moves` moves. Game B keeps the observer's hand, the tiles the
    others have laid and every tile drawn so far, and reshuffles all the rest (the others' unplayed tiles and the
    undrawn boneyard); then the same actions are replayed. None when no such twin exists for this game (the
    others drew or passed, the round ended, the shuffle changed who leads, or nothing hidden could move).
    """
    game = GameState.new(rules, seed=seed)
    deal = game.deal_for(0)
    assert deal is not None and game.round is not None
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
    free = [t for s, h in enumerate(deal.hands) if s != observer for t in h if t not in laid]
    free += list(deal.boneyard[drawn:])
    for _ in range(20):
        pool = free[:]
        rng.shuffle(pool)
        if pool == free:
            continue
        it = iter(pool)
        hands = tuple(h if s == observer else tuple(t if t in laid else next(it) for t in h)
                      for s, h in enumerate(deal.hands))
        boneyard = deal.boneyard[:drawn] + tuple(it)
        twin = GameState.new(rules, deals=[Deal(hands, boneyard)])
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
