"""Duplicate matches between two levels: every deal is played once with A's side in each seating (two players:
the seats swapped; partners: the sides swapped; N each for himself: A in every seat, B in the others).

Deal i of a tournament with seed S is dealt from a seed derived from (S, i) alone, so the games, and every figure
but the times, are the same whatever the number of worker processes, and on any machine where no decision was cut
short by the wall-time safety cap (`clock_cuts`, 0 on a machine that keeps up).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
from dataclasses import dataclass, field
from functools import partial
from math import sqrt
from typing import Any, Callable, Mapping, Sequence

from bones.engine.record import game_to_record, record_text
from bones.engine.rules import Rules, get_rules
from bones.match import play_game
from bones.players import make_player, stand_in

from .stats import Z95, percentile, wilson


@dataclass(frozen=True)
class GameSummary:
    """One game of a tournament: its deal seed, the seat A sat in (its first seat, where partners sit), the winner
    (0: A's side, 1: a B side, None: a tie), A's share of the win (1, 0, or 1/k where k seats of different sides tie
    for the most), and the results per hand."""

    pair: int
    deal_seed: int
    seat_a: int
    winner: int | None
    points: tuple[float, float]  # final scores of A and of a B side (the mean of the B seats where A sits alone)
    ms_a: tuple[float, ...]
    ms_b: tuple[float, ...]
    share: float = 0.0
    hands: int = 1
    gain_a: float = 0.0  # A's result per hand: points (or chips won, less lost) per hand, less a B side's
    clock_cuts: tuple[int, int] = (0, 0)  # decisions of A's seats and of B's that the wall-time safety cap ended


@dataclass
class TournamentResult:
    """A whole tournament. `win_rate` is A's mean share of the wins (a tie between two sides counts half); its fair
    share is 1 / the number of sides at the table."""

    rules: str
    players: tuple[str, str]
    games: list[GameSummary] = field(default_factory=list)
    sides: int = 2
    seats: int = 2

    @property
    def wins(self) -> tuple[int, int]:
        return (sum(g.winner == 0 for g in self.games), sum(g.winner == 1 for g in self.games))

    @property
    def ties(self) -> int:
        return sum(g.winner is None for g in self.games)

    @property
    def win_rate(self) -> float:
        n = len(self.games)
        return sum(g.share for g in self.games) / n if n else 0.0

    @property
    def fair_share(self) -> float:
        return 1 / self.sides

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(sum(g.share for g in self.games), len(self.games))

    @property
    def points_per_game(self) -> tuple[float, float]:
        n = len(self.games) or 1
        return (sum(g.points[0] for g in self.games) / n, sum(g.points[1] for g in self.games) / n)

    @property
    def gain_per_hand(self) -> tuple[float, tuple[float, float]]:
        """A's mean result per hand over a B side's, with a 95% interval across the games."""
        return mean_interval([g.gain_a for g in self.games])

    @property
    def clock_cuts(self) -> tuple[int, int]:
        """Decisions of A and of B that the wall-time safety cap ended early: where both are 0, every figure but
        the times is the same on any machine."""
        return (sum(g.clock_cuts[0] for g in self.games), sum(g.clock_cuts[1] for g in self.games))

    def ms_per_move(self, side: int) -> dict[str, float]:
        ms = [t for g in self.games for t in (g.ms_a if side == 0 else g.ms_b)]
        return {"p50": percentile(ms, 50), "p99": percentile(ms, 99)}

    def to_json(self) -> dict[str, Any]:
        a, b = self.players
        keys = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
        lo, hi = self.ci95
        gain, (glo, ghi) = self.gain_per_hand
        return {
            "rules": self.rules,
            "players": list(self.players),
            "seats": self.seats,
            "games": len(self.games),
            "wins": list(self.wins),
            "ties": self.ties,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "fair_share": round(self.fair_share, 4),
            "points_per_game": [round(p, 2) for p in self.points_per_game],
            "gain_per_hand": round(gain, 3),
            "gain_per_hand_ci95": [round(glo, 3), round(ghi, 3)],
            "ms_per_move": {keys[i]: {k: round(v, 3) for k, v in self.ms_per_move(i).items()} for i in (0, 1)},
            "clock_cuts": {keys[i]: self.clock_cuts[i] for i in (0, 1)},
        }


def deal_seed(seed: int, pair: int) -> int:
    """The seed of deal `pair` in a tournament with `seed`."""
    return random.Random(f"bones-tournament:{seed}:{pair}").getrandbits(48)


def seatings(rules: Rules) -> list[tuple[int, ...]]:
    """The seats A takes in the games of one deal: each side in turn (partners: A's side is seats 0 and 2, then 1
    and 3; two players: seat 0, then seat 1), so every seat of the deal is played once by each level's side."""
    return list(rules.sides)


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl+C reaches the whole process group, and only the parent answers it (by ending the
    pool), so no worker prints a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_pair(rules: Rules, players: tuple[str, str], seed: int, pair: int,
              records: str | None = None) -> list[GameSummary]:
    """Every game of one deal: A's side in each seating of `seatings`, B in every other seat. With `records` (a
    folder), each game's record is written there (`record_name`)."""
    ds = deal_seed(seed, pair)
    out = []
    for seats_a in seatings(rules):
        levels = [players[0] if s in seats_a else players[1] for s in range(rules.players)]
        seated = [make_player(level, seed=ds + i) for i, level in enumerate(levels)]
        m = play_game(rules, seated, ds)
        if records is not None:
            with open(os.path.join(records, record_name(pair, seats_a[0])), "w", encoding="utf-8") as f:
                f.write(record_text(game_to_record(m.game)))
        out.append(_summary(rules, pair, ds, seats_a, m))
    return out


def record_name(pair: int, seat_a: int) -> str:
    """The file of one game's record: the deal's number (from 1) and the seat A's side first sat in."""
    return f"deal-{pair + 1:05d}-a{seat_a}.json"


def _summary(rules: Rules, pair: int, ds: int, seats_a: tuple[int, ...], m: Any) -> GameSummary:
    """One finished game from A's side of the table."""
    seat_a = seats_a[0]
    others = [side for side in rules.sides if side != seats_a]
    scores = m.scores
    best = max(scores)
    leading = [side for side in rules.sides if scores[side[0]] == best]
    share = (1 / len(leading)) if seats_a in leading else 0.0
    winner = 1 if seats_a not in leading else 0 if len(leading) == 1 else None  # None: A ties for the most
    hands = max(1, len(m.game.results))
    start = rules.start_score
    b_score = sum(scores[side[0]] for side in others) / len(others)
    gain = ((scores[seat_a] - start) - (b_score - start)) / hands
    seats_b = [s for side in others for s in side]
    ms_a = tuple(t for s in seats_a for t in m.times_ms[s])
    ms_b = tuple(t for s in seats_b for t in m.times_ms[s])
    cuts = (sum(m.clock_cuts[s] for s in seats_a), sum(m.clock_cuts[s] for s in seats_b))
    return GameSummary(pair, ds, seat_a, winner, (scores[seat_a], b_score), ms_a, ms_b, share, hands, gain, cuts)


def pairs_for(games: int, per_deal: int = 2) -> int:
    """Deals needed for `games` games, every deal being played `per_deal` times (once with A in each seating):
    a count that is not a multiple is rounded up."""
    return (max(games, 1) + per_deal - 1) // per_deal


def mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of `values` and its 95% interval (normal approximation; the mean itself for fewer than two)."""
    n = len(values)
    if not n:
        return 0.0, (0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return mean, (mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * sqrt(var / n)
    return mean, (mean - half, mean + half)


def run_tournament(
    rules_id: str,
    players: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[int], None] | None = None,
    records: str | None = None,
) -> TournamentResult:
    """Play `games` games of duplicate matches between `players[0]` (A) and `players[1]` (B): every deal once with
    A's side in each seating (`seatings`), so `games` is rounded up to a multiple of the number of sides.

    `jobs` worker processes (default: every core); `on_game(n)` is called as games finish, with how many finished.
    With `records` (an existing folder) every game's record is written there. Unknown rules or players raise
    ValueError before anything is played.
    """
    rules = get_rules(rules_id, options)
    if len(players) != 2:
        raise ValueError(f"a tournament is between two players, not {len(players)}")
    for level in players:
        chosen = stand_in(level, rules)  # an unknown name fails here, not in a worker
        if chosen.note is not None:
            raise ValueError(f"{chosen.note} A tournament measures the level asked for: ask for "
                             f"{chosen.level} instead.")
    pair_players = (players[0], players[1])
    n = pairs_for(games, len(seatings(rules)))
    jobs = max(1, min(jobs or os.cpu_count() or 1, n))  # a worker more than the deals would play nothing
    result = TournamentResult(rules.id, pair_players, sides=len(rules.sides), seats=rules.players)
    done: list[GameSummary] = []
    if jobs == 1:
        for i in range(n):
            done.extend(play_pair(rules, pair_players, seed, i, records))
            if on_game:
                on_game(len(done))
    else:
        # leaving the pool terminates its workers: Ctrl+C (or a failed game) stops the deals still queued at once,
        # where an executor would play them all before its exit; the workers leave the interrupt to this process
        with multiprocessing.Pool(jobs, initializer=_ignore_interrupts) as pool:
            for games_of_deal in pool.imap_unordered(partial(play_pair, rules, pair_players, seed, records=records),
                                                     range(n)):
                done.extend(games_of_deal)
                if on_game:
                    on_game(len(done))
    result.games = sorted(done, key=lambda g: (g.pair, g.seat_a))
    return result
