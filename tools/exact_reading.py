"""The most the plays of Hards can tell of their hands: a measurement, not a level (docs/levels.md, "The most the
plays can tell").

Hard chooses by a fixed rule from its own hand and what every seat sees, so against Hards a hand is possible for a
seat exactly when Hard, holding it, would have made every choice that seat made. A seat's hand at an earlier turn is
its hand now plus the tiles it has laid or sold since (all in the open), less those its later draws brought (which
tile came at which draw is drawn at random for each hand tried). Each seat's possible hands are drawn by rejection
(from those its draws and passes allow, `belief.Belief`), and a world joins one per seat, disjoint, the rest to the
stock. No level may read this way: it reads one opponent's program. It bounds what any reading of the plays could
add against Hards.

    .venv/bin/python tools/exact_reading.py verify --rules domino_pool --games 10
    .venv/bin/python tools/exact_reading.py info --rules domino_pool --games 6
    .venv/bin/python tools/exact_reading.py tournament -- --rules domino_pool --players expert hard --games 400 \\
        --seed 21 --jobs 1 --json --records DIR

`verify`: each other seat's true hand passes at every decision of seat 0 in games among Hards (the check is exact).
`info`: the mean log-likelihood of the truth (each other seat, each unseen tile) under hands drawn from the reading,
and under Expert's own reading, against hands drawn from what the draws and passes allow alone, at seat 0's
decisions among Hards.
`tournament`: `bones tournament` with Expert's worlds drawn from the reading (the games Expert searches face up).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import replace
from typing import Iterator

from bones.engine.actions import ANSWERS
from bones.engine.game import GameState
from bones.engine.observation import Observation, observe
from bones.engine.rules import get_rules
from bones.engine.tiles import TILES_BY_ID
from bones.players import expert as expert_module
from bones.players import star
from bones.players.belief import Belief, SeatBelief, World, tile_ids
from bones.players.expert import Expert
from bones.players.hard import Hard

HANDS_PER_SEAT = 400  # each seat's possible hands drawn (with repeats) before worlds are joined from them
TRIES_PER_SEAT = 20_000


class SeatReading:
    """Whether a hand, held now by one seat, makes Hard choose every action that seat chose this round. Where the
    seat drew, which of its tiles came with which draw is drawn at random for each hand tried (every assignment
    equally likely, so a hand is kept in proportion to the assignments that explain its choices)."""

    def __init__(self, obs: Observation, seat: int, rng: random.Random | None = None) -> None:
        self.obs = obs
        self.seat = seat
        self.hard = Hard(0)
        self.rng = rng or random.Random(0)
        self.known: dict[int, bool] = {}
        hist = obs.history
        self.draws = [k for k, ev in enumerate(hist) if ev.seat == seat and ev.action.kind == "draw"]
        self.played = {ev.action.tile.id: k for k, ev in enumerate(hist)
                       if ev.seat == seat and ev.action.tile is not None and ev.action.kind != "ask"}

    def consistent(self, hand: int, drawn_at: dict[int, int] | None = None) -> bool:
        """`drawn_at`: the tile each of the seat's draws brought (history index to tile id); None: one at random."""
        if drawn_at is not None:
            return self._check(hand, drawn_at)
        if not self.draws:
            got = self.known.get(hand)
            if got is None:
                got = self.known[hand] = self._check(hand, {})
            return got
        tiles = tile_ids(hand) + list(self.played)
        if len(tiles) < len(self.draws):
            return False
        return self._check(hand, dict(zip(self.draws, self.rng.sample(tiles, len(self.draws)))))

    def _check(self, hand: int, drawn_at: dict[int, int]) -> bool:
        obs, s, hist = self.obs, self.seat, self.obs.history
        came = {t: k for k, t in drawn_at.items()}  # tile id -> the history index of the draw that brought it
        if any(came.get(t, -1) >= k for t, k in self.played.items()):
            return False  # laid before it was drawn
        held_until = dict(self.played)
        held_until.update({t: len(hist) for t in tile_ids(hand)})
        counts = list(obs.hand_counts)
        points = list(obs.round_points)
        stock = obs.boneyard_count
        draws = list(obs.draws)
        turns = []
        for k in range(len(hist) - 1, -1, -1):
            ev = hist[k]
            a = ev.action
            if a.tile is not None and (a.kind == "play" or a.kind in ANSWERS):
                counts[ev.seat] += 1
                points[ev.seat] -= ev.scored
            elif a.kind == "draw":
                counts[ev.seat] -= 1
                stock += 1
                draws[ev.seat] -= 1
            if ev.seat == s:
                turns.append((k, tuple(counts), tuple(points), stock, tuple(draws)))
        for k, cnt, pts, left, drew in reversed(turns):  # the earliest first: most choices, most hands ruled out
            ev = hist[k]
            if k == 0 and (obs.lead_forced or obs.rules.asks):
                continue  # the opening rule laid the first tile
            asker = None
            if ev.action.kind in ANSWERS:
                asker = next(hist[j].seat for j in range(k - 1, -1, -1) if hist[j].action.kind == "ask")
            held = [t for t, until in held_until.items() if came.get(t, -1) < k <= until]
            tiles = tuple(sorted((TILES_BY_ID[i] for i in held), reverse=True))
            from_stock = tuple(sorted((TILES_BY_ID[i] for i in held if i in came), reverse=True))
            then = replace(obs, seat=s, hand=tiles, drawn=from_stock, hand_counts=cnt, history=hist[:k],
                           table=ev.before, current_seat=s, round_points=pts, lead_tile=None, asker=asker,
                           boneyard_count=left, draws=drew,
                           scores=tuple(a + b for a, b in zip(obs.scores_at_deal, pts)))
            legal = then.legal_actions()
            if ev.action not in legal:
                return False  # a tile it did not hold, or a draw or pass while a tile fitted
            if len(legal) == 1:
                continue
            chosen = star.choose(then, legal, "hard").action if obs.rules.asks else self.hard.choose(then).action
            if chosen != ev.action:
                return False
        return True


def seat_hands(obs: Observation, belief: Belief, sb: SeatBelief, rng: random.Random, read: bool) -> list[int]:
    """Up to HANDS_PER_SEAT hands the seat may hold now: drawn uniformly from its candidates, kept when its passes
    allow them (and, with `read`, when Hard holding them makes its every choice)."""
    reading = SeatReading(obs, sb.seat, rng)
    candidates = tile_ids(sb.candidates)
    hands: list[int] = []
    for _ in range(TRIES_PER_SEAT):
        if len(hands) >= HANDS_PER_SEAT or len(candidates) < sb.count:
            break
        hand = sum(1 << t for t in rng.sample(candidates, sb.count))
        if belief.consistent(sb, hand) and (not read or reading.consistent(hand)):
            hands.append(hand)
    return hands


def read_worlds(obs: Observation, belief: Belief, rng: random.Random, count: int) -> list[World]:
    """Up to `count` worlds: one possible hand per seat, disjoint, the rest to the stock (none where a seat has no
    possible hand found)."""
    per_seat = [seat_hands(obs, belief, sb, rng, True) for sb in belief.seats]
    if any(not hands for hands in per_seat):
        return []
    worlds: list[World] = []
    for _ in range(200 * count):
        if len(worlds) >= count:
            break
        chosen = [rng.choice(hands) for hands in per_seat]
        taken = 0
        for h in chosen:
            if h & taken:
                break  # two seats would hold one tile
            taken |= h
        else:
            worlds.append(joined(obs, belief, chosen, taken, rng))
    return worlds


def joined(obs: Observation, belief: Belief, chosen: list[int], taken: int, rng: random.Random) -> World:
    """The world of one hand per other seat (`chosen`, disjoint, `taken` all of them): the rest is the stock."""
    hands = [0] * obs.seats
    hands[obs.seat] = belief.own
    for sb, h in zip(belief.seats, chosen):
        hands[sb.seat] = h
    stock = tile_ids(belief.unseen & ~taken)
    if obs.rules.draws:
        rng.shuffle(stock)
    return World(tuple(hands), tuple(stock))


class ReadingExpert(Expert):
    """Expert with its worlds drawn from the exact reading of Hards (its own sampling where that finds none)."""

    def _worlds(self, obs: Observation, belief: Belief, rng: random.Random, count: int
                ) -> tuple[list[World], list[float]]:
        worlds = read_worlds(obs, belief, rng, count)
        if not worlds:
            return super()._worlds(obs, belief, rng, count)
        return worlds, [1.0] * len(worlds)


def decisions(rules_id: str, games: int, first_seed: int, seats: int
              ) -> Iterator[tuple[Observation, tuple[int, ...], list[dict[int, int]]]]:
    """Seat 0's decisions with a choice in games among Hards: the observation, the true hands, and for each seat
    the tile each of its draws brought (history index to tile id)."""
    options: dict[str, int] = {"players": seats}
    if get_rules(rules_id, None).asks:
        options["hands"] = 1
    for seed in range(first_seed, first_seed + games):
        rules = get_rules(rules_id, options)
        game = GameState.new(rules, seed=seed)
        players = [Hard(seed + i) for i in range(rules.players)]
        while not game.over:
            seat = game.current_seat
            assert seat is not None
            obs = observe(game, seat)
            rnd = game.round
            if seat == 0 and rnd is not None and len(obs.legal_actions()) > 1 and obs.history:
                drawn_at: list[dict[int, int]] = [{} for _ in range(rules.players)]
                draws = [(k, ev.seat) for k, ev in enumerate(obs.history) if ev.action.kind == "draw"]
                for (k, who), tile in zip(draws, rnd.boneyard):
                    drawn_at[who][k] = tile
                yield obs, rnd.hands, drawn_at
            game = game.apply(players[seat].choose(obs).action)


def verify(rules_id: str, games: int, seats: int) -> int:
    passed = failed = 0
    for obs, truth, drawn_at in decisions(rules_id, games, 0, seats):
        belief = Belief(obs)
        for sb in belief.seats:
            reading = SeatReading(obs, sb.seat)
            if belief.consistent(sb, truth[sb.seat]) and reading.consistent(truth[sb.seat], drawn_at[sb.seat]):
                passed += 1
            else:
                failed += 1
    print(f"{rules_id}: the true hand passed {passed} times, failed {failed}")
    return 1 if failed else 0


def info(rules_id: str, games: int, seats: int) -> int:
    totals = {"passes alone": 0.0, "Expert's reading": 0.0, "Hard read exactly": 0.0}
    count = 0
    cells = 0
    expert = Expert(0, compiled=False)
    for obs, truth, _ in decisions(rules_id, games, 1000, seats):
        belief = Belief(obs)
        rng = random.Random(len(obs.history) * 7919 + obs.round_index)
        count += 1
        weighted: tuple[list[World], list[float]] | None = None
        if not obs.rules.asks:
            weighted = expert._worlds(obs, belief, rng, HANDS_PER_SEAT)
        for sb in belief.seats:
            shares: dict[str, list[float]] = {}
            for name, read in (("passes alone", False), ("Hard read exactly", True)):
                hands = seat_hands(obs, belief, sb, rng, read)
                if hands:
                    shares[name] = [sum((h >> t) & 1 for h in hands) / len(hands) for t in range(obs.rules.tile_count)]
            if weighted is not None:
                worlds, weights = weighted
                total = sum(weights)
                shares["Expert's reading"] = [sum(w for x, w in zip(worlds, weights) if (x.hands[sb.seat] >> t) & 1)
                                              / total for t in range(obs.rules.tile_count)]
            if len(shares) < len(totals) - (weighted is None):
                continue
            for t in tile_ids(belief.unseen):
                held = (truth[sb.seat] >> t) & 1
                cells += 1
                for name, p in shares.items():
                    q = min(max(p[t], 0.005), 0.995)
                    totals[name] += math.log(q if held else 1 - q)
    base = totals["passes alone"]
    print(f"{rules_id}: {count} decisions, {cells} (seat, tile) cells; hidden, by this measure, "
          f"{-base / count:.1f} nats a decision")
    for name, v in totals.items():
        if name != "passes alone" and v:
            print(f"  {name}: {(v - base) / count:+.2f} nats a decision")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("verify", "info"):
        p = sub.add_parser(name)
        p.add_argument("--rules", default="domino_pool",
                       choices=["domino_pool", "block_play_on", "honest_john", "muggins", "draw_dominoes"])
        p.add_argument("--games", type=int, default=6)
        p.add_argument("--seats", type=int, default=4)
    sub.add_parser("tournament").add_argument("args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.command == "verify":
        return verify(args.rules, args.games, args.seats)
    if args.command == "info":
        return info(args.rules, args.games, args.seats)
    expert_module.Expert = ReadingExpert  # type: ignore[misc]  # the level registry builds `expert.Expert`
    from bones.cli.main import main as bones_main

    rest = args.args[1:] if args.args[:1] == ["--"] else args.args
    return bones_main(["tournament", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
