"""Duplicate matches between two players: every deal is played twice, with the seats swapped.

Deal i of a tournament with seed S is dealt from a seed derived from (S, i) alone, so the games, and every figure
but the times, are the same whatever the number of worker processes.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from bones.engine.rules import Rules, get_rules
from bones.match import play_game
from bones.players import make_player, stand_in

from .stats import percentile, wilson


@dataclass(frozen=True)
class GameSummary:
    """One game of a tournament: its deal seed, the seat A sat in, the winner (0: A, 1: B, None: tie)."""

    pair: int
    deal_seed: int
    seat_a: int
    winner: int | None
    points: tuple[int, int]  # final scores of A and B
    ms_a: tuple[float, ...]
    ms_b: tuple[float, ...]


@dataclass
class TournamentResult:
    """A whole tournament; `win_rate` counts a tie as half a win for each side."""

    rules: str
    players: tuple[str, str]
    games: list[GameSummary] = field(default_factory=list)

    @property
    def wins(self) -> tuple[int, int]:
        return (sum(g.winner == 0 for g in self.games), sum(g.winner == 1 for g in self.games))

    @property
    def ties(self) -> int:
        return sum(g.winner is None for g in self.games)

    @property
    def win_rate(self) -> float:
        n = len(self.games)
        return (self.wins[0] + 0.5 * self.ties) / n if n else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins[0] + 0.5 * self.ties, len(self.games))

    @property
    def points_per_game(self) -> tuple[float, float]:
        n = len(self.games) or 1
        return (sum(g.points[0] for g in self.games) / n, sum(g.points[1] for g in self.games) / n)

    def ms_per_move(self, side: int) -> dict[str, float]:
        ms = [t for g in self.games for t in (g.ms_a if side == 0 else g.ms_b)]
        return {"p50": percentile(ms, 50), "p99": percentile(ms, 99)}

    def to_json(self) -> dict[str, Any]:
        a, b = self.players
        keys = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
        lo, hi = self.ci95
        return {
            "rules": self.rules,
            "players": list(self.players),
            "games": len(self.games),
            "wins": list(self.wins),
            "ties": self.ties,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "points_per_game": [round(p, 2) for p in self.points_per_game],
            "ms_per_move": {keys[i]: {k: round(v, 3) for k, v in self.ms_per_move(i).items()} for i in (0, 1)},
        }


def deal_seed(seed: int, pair: int) -> int:
    """The seed of deal `pair` in a tournament with `seed`."""
    return random.Random(f"bones-tournament:{seed}:{pair}").getrandbits(48)


def play_pair(rules: Rules, players: tuple[str, str], seed: int, pair: int) -> list[GameSummary]:
    """Both games of one deal: A in seat 0, then A in seat 1."""
    ds = deal_seed(seed, pair)
    out = []
    for seat_a in (0, 1):
        levels = [players[0], players[1]] if seat_a == 0 else [players[1], players[0]]
        seated = [make_player(level, seed=ds + i) for i, level in enumerate(levels)]
        m = play_game(rules, seated, ds)
        seat_b = 1 - seat_a
        winner = None if m.winner is None else (0 if m.winner == seat_a else 1)
        out.append(GameSummary(pair, ds, seat_a, winner, (m.scores[seat_a], m.scores[seat_b]),
                               m.times_ms[seat_a], m.times_ms[seat_b]))
    return out


def pairs_for(games: int) -> int:
    """Deals needed for `games` games: an odd count is rounded up, as every deal is played twice."""
    return (max(games, 1) + 1) // 2


def run_tournament(
    rules_id: str,
    players: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play `games` games (rounded up to even) of duplicate matches between `players[0]` (A) and `players[1]` (B).

    `jobs` worker processes (default: every core); `on_game(n)` is called as games finish, with how many finished.
    Unknown rules or players raise ValueError before anything is played.
    """
    rules = get_rules(rules_id, options)
    if rules.players != 2:
        raise ValueError(f"a tournament seats two players, but these rules seat {rules.players}")
    if len(players) != 2:
        raise ValueError(f"a tournament is between two players, not {len(players)}")
    for level in players:
        chosen = stand_in(level, rules)  # an unknown name fails here, not in a worker
        if chosen.note is not None:
            raise ValueError(f"{chosen.note} A tournament measures the level asked for: ask for "
                             f"{chosen.level} instead.")
    pair_players = (players[0], players[1])
    n = pairs_for(games)
    jobs = max(1, jobs or os.cpu_count() or 1)
    result = TournamentResult(rules.id, pair_players)
    done: list[GameSummary] = []
    if jobs == 1:
        for i in range(n):
            done.extend(play_pair(rules, pair_players, seed, i))
            if on_game:
                on_game(len(done))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_pair, rules, pair_players, seed, i) for i in range(n)]
            for f in as_completed(futures):
                done.extend(f.result())
                if on_game:
                    on_game(len(done))
    result.games = sorted(done, key=lambda g: (g.pair, g.seat_a))
    return result
