"""Brute-force references for the expert tests: plain minimax over the engine's own RoundState."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bones.engine.actions import Action
from bones.engine.layout import layout_of
from bones.engine.round import RoundState
from bones.engine.rules import Rules, get_rules
from bones.engine.tiles import tile_set
from bones.players.solver import TARGET_BONUS, compact, pure, solvable
from bones.players.solver_core import POOL_SCALE, POOL_TIE

from tests.kit import CONFIGS, VARIANTS


def diff(rules: Rules, points: tuple[int, ...], root: int) -> int:
    """The root's points less the others': where partners share a score, its side's less the other side's; where
    hands are played for chips, the root's own chips."""
    if rules.partners:
        return points[root] - points[(root + 1) % 4]
    return sum(p if i == root else -p for i, p in enumerate(points))


def end_value(state: RoundState, root: int) -> int:
    """The value of a finished round for `root` as the solver counts it: `diff` of the points at its end; where
    hands are played for chips, the root's chips in steps of POOL_SCALE plus the capped pip gap to the lightest
    other hand."""
    rules = state.rules
    if not rules.plays_for_chips:
        return diff(rules, state.end_points, root)
    pips = state.pips_left()
    gap = min(p for i, p in enumerate(pips) if i != root) - pips[root]
    return state.end_points[root] * POOL_SCALE + max(-POOL_TIE, min(POOL_TIE, gap))


def rule_pick(state: RoundState) -> Action:
    """The play a seat playing by the solver's rule of thumb makes: the most points during play, then a double,
    then the heaviest tile, then the higher top half, then the end of the highest code (`solver_core.end_code`:
    its pips first)."""
    seat = state.current
    plays = [a for a in state.legal_actions() if a.kind == "play" and a.tile is not None]
    if not plays:
        return state.legal_actions()[0]
    index = layout_of(state.rules).index
    s, prm, _ = compact(state, seat, 1)

    def key(a: Action) -> tuple[int, ...]:
        assert a.tile is not None
        scored = state.apply(a).points[seat] - state.points[seat]
        code = 0 if a.end is None else pure.end_code(pure.FAM_ANY, s, prm, index[a.end])
        return scored, a.tile.is_double, a.tile.pips, a.tile.high, code

    return max(plays, key=key)


def minimax(state: RoundState, root: int, start: int | None = None, by_rule: bool = False) -> float:
    """What `root` makes from `state` to the end of the round minus what the others make, every seat playing
    perfectly (the others against root's side; with `by_rule`, each of them laying what `rule_pick` picks), found
    with the engine's legal_actions and apply only."""
    rules = state.rules
    if start is None:
        start = diff(rules, state.round_points(), root)
    if state.over:
        if rules.plays_for_chips:  # nothing scores during play
            return float(end_value(state, root))
        v = float(diff(rules, state.round_points(), root) - start)
        if state.end == "target":
            v += TARGET_BONUS if state.winner == root else -TARGET_BONUS
        return v
    if by_rule and state.current not in rules.side_of(root):
        return minimax(state.apply(rule_pick(state)), root, start, by_rule)
    vals = [minimax(state.apply(a), root, start, by_rule) for a in state.legal_actions()]
    return max(vals) if state.current in rules.side_of(root) else min(vals)


# every game of the registry with every number of players, a few other options, and the engine's layouts, fits and
# turns that no game of the registry uses yet
RULE_CHOICES: list[tuple[str, dict | None] | Rules] = [
    *CONFIGS, ("all_fives", {"target": 60}), ("draw", {"set": 9}), ("all_fives", {"set": 12}),
    ("five_up", {"set": 9}), ("five_up", {"target": 40}), ("muggins", {"spinner": True}),
    ("muggins", {"count": "per_five"}), ("matadore", {"trumps": "when_stuck"}),
    ("boys_game", {"winner_scores_own": True, "shut": True, "draw": "optional"}), *VARIANTS]
# ... those the face-up solver plays (at most eight seats, four where points are made during play)
RULE_CHOICES = [c for c in RULE_CHOICES if solvable(c if isinstance(c, Rules) else get_rules(*c)) is None]


def random_position(rng: random.Random, max_hand: int = 4, max_bone: int = 4, rules: Rules | None = None
                    ) -> RoundState:
    """A small random round (a few tiles each, a short boneyard) of `rules` (default: any of RULE_CHOICES),
    played forward a few random moves."""
    if rules is None:
        choice = rng.choice(RULE_CHOICES)
        rules = choice if isinstance(choice, Rules) else get_rules(*choice)
    tiles = list(tile_set(rules.max_pip))
    rng.shuffle(tiles)
    n = rules.players
    hands = []
    for _ in range(n):
        k = rng.randint(1, max_hand)
        hands.append(tiles[:k])
        tiles = tiles[k:]
    bone = tiles[: rng.randint(0, max_bone)]
    base = [rng.choice([0, rng.randint(0, rules.target - 1)]) for _ in range(n)]
    state = RoundState.start(rules, hands, bone, rng.randrange(n), None, base)
    for _ in range(rng.randint(0, 3)):
        if state.over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def live_positions(rng: random.Random, count: int | None = None, max_hand: int = 4, max_bone: int = 4
                   ) -> Iterator[RoundState]:
    """`count` (default: endless) random positions (`random_position`) of rounds still in play."""
    found = 0
    while count is None or found < count:
        state = random_position(rng, max_hand, max_bone)
        if not state.over:
            found += 1
            yield state
