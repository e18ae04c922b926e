"""How points are made: by a play (`play_points`), and when a round ends (`settle`), with the arithmetic kept for
whoever explains it.

`settle` is the one place a round's end is scored. Its `Settlement` keeps the parts of the sum (whose pips were
counted, what the scorer's own hand took off, the rounding) so the table and the terminal explain the points
without working them out again.
"""

from __future__ import annotations

from typing import NamedTuple

from typing import TYPE_CHECKING

from .rules import RoundScoring, Rules

if TYPE_CHECKING:
    from .actions import Action
    from .layout import Layout, Table


class Settlement(NamedTuple):
    """The end of a round: `end` is "out", "blocked" or "target"; `points` what each seat scores for it."""

    end: str
    winner: int | None  # the seat that went out, the single lowest hand of a blocked round, or the seat at target
    points: tuple[int, ...]
    pips_left: tuple[int, ...]
    scorers: tuple[int, ...]  # seats that score (tied lowest hands each score, where the rules say so)
    counted: tuple[int, ...]  # seats whose pips are counted for the scorers
    less: int  # pips the scorer's own hand takes off the count
    step: int  # the count is rounded to the nearest multiple of this (0: as it is)

    @property
    def raw(self) -> int:
        """The count before rounding: the counted hands' pips, less the scorer's own."""
        return sum(self.pips_left[s] for s in self.counted) - self.less


def round_pips(pips: int, step: int) -> int:
    """Pips rounded to the nearest multiple of `step`, halves up (12 -> 10, 13 -> 15); `step` 0 keeps them."""
    if not step:
        return pips
    return (pips + step // 2) // step * step


def play_points(rules: Rules, layout: "Layout", table: "Table") -> int:
    """What laying the tile that left `table` scores, in games that score during play: the sum of the ends when it
    is a multiple of the game's count (or one point for each such multiple), or Bergen's headers."""
    if rules.headers:
        return layout.header_points(table)
    return sum_points(rules, table.end_sum() or 0)


def sum_points(rules: Rules, total: int) -> int:
    """What open ends adding up to `total` score: the sum when it is a multiple of the game's count (or one point
    for each such multiple), else nothing."""
    m = rules.end_multiple
    if not m or not total or total % m:
        return 0
    return total // m if rules.per_multiple else total


def with_claims(rules: Rules, layout: "Layout", table: "Table", plays: "list[Action]", seat: int) -> "list[Action]":
    """Where scores count only when claimed: each play of `seat` that scores, claiming what it makes, then the same
    play unclaimed; plays that score nothing as they are."""
    out: list[Action] = []
    for a in plays:
        points = play_points(rules, layout, layout.place(table, a, seat))
        if points:
            out.append(a.claiming(points))
        out.append(a)
    return out


def unclaimed(rules: Rules, layout: "Layout", table: "Table", last_seat: int, last: "Action", seat: int) -> int:
    """The points the last play made and its player did not claim, which `seat` may now take ("muggins"): 0 when
    there are none, or they are that seat's own."""
    if not rules.claims or last.kind != "play" or last.claim is not None or last_seat == seat:
        return 0
    return play_points(rules, layout, table)


_new = tuple.__new__  # a Settlement without NamedTuple's Python-level __new__ (every round ends in one)


def settle(rules: Rules, end: str, out_seat: int | None, pips: tuple[int, ...],
           doublets: tuple[bool, ...] | None = None, carried: int = 0) -> Settlement:
    """Score a round that ended by `end` ("out": `out_seat` laid its last tile; "blocked"; "target": `out_seat`
    reached the target during play) with `pips` left in each hand (`doublets`: whether each hand holds a double;
    `carried`: chips left in the pool by the hand before, where rounds are settled in chips)."""
    n = len(pips)
    zeros = (0,) * n
    if end == "target":
        return Settlement(end, out_seat, zeros, pips, (), (), 0, 0)
    scoring = rules.round_scoring
    if scoring is RoundScoring.POOL:
        return _pool(rules, end, out_seat, pips, carried)
    if scoring is RoundScoring.CHIP_FROM_EACH:
        return _chip_from_each(end, out_seat, pips)
    if rules.partners:
        return _sides(rules, end, out_seat, pips)
    low = min(pips)
    lowest = tuple(i for i, p in enumerate(pips) if p == low)
    if scoring in (RoundScoring.BERGEN, RoundScoring.ONE_POINT):
        return _one_point(rules, end, out_seat, pips, doublets or (False,) * n)
    if scoring is RoundScoring.LOWEST_TAKES_DIFFERENCE and end != "out" and rules.block_limit and \
            low >= rules.block_limit:
        # Honest John 2: "the winner is the player with fewest pips ..., provided that that number is less than 10"
        return Settlement(end, None, zeros, pips, (), (), 0, 0)
    # `out_wins_alone` (Honest John 2: "If a player managed to play all their tiles, that wins the round"; seed
    # 004's Block games for more than two: "when one player makes domino he counts all the pips remaining"): the
    # seat out scores alone, as below (a hand of only the 0-0 holds a tile: it is counted, for 0)
    if scoring is RoundScoring.LOWEST_TAKES_DIFFERENCE and not (end == "out" and rules.out_wins_alone):
        # the lowest hand (every tied lowest hand) scores the other hands' pips less its own (or, where the winner
        # also scores its own, plus them)
        counted = tuple(i for i, p in enumerate(pips) if p != low)
        own = -low if rules.winner_scores_own else low
        gain = max(0, sum(pips) - low * len(lowest) - own) if counted else 0
        points = tuple([gain if p == low else 0 for p in pips])
        winner = out_seat if end == "out" else (lowest[0] if len(lowest) == 1 else None)
        return _new(Settlement, (end, winner, points, pips, lowest if counted else (), counted, own, 0))
    # the seat that went out (even beside another empty hand, such as a lone 0-0), else a single lowest hand,
    # scores every other hand's pips, rounded
    if end != "out" and len(lowest) != 1:
        return Settlement(end, None, zeros, pips, (), (), 0, rules.rounding)
    winner = out_seat if end == "out" and out_seat is not None else lowest[0]
    counted = tuple(i for i in range(n) if i != winner)
    gain = round_pips(sum(pips[i] for i in counted), rules.rounding)
    if rules.per_multiple and rules.rounding:
        gain //= rules.rounding  # "If only one point is scored for each five": the count too, a point a five
    points = tuple([gain if i == winner else 0 for i in range(n)])
    return _new(Settlement, (end, winner, points, pips, (winner,), counted, 0, rules.rounding))


def _one_point(rules: Rules, end: str, out_seat: int | None, pips: tuple[int, ...],
               doublets: tuple[bool, ...]) -> Settlement:
    """A round worth one point: to the seat that went out ("domino"), else to one hand by its pips. In Bergen a
    hand with no doublet comes before one with a doublet (seed 004: "the one having the smallest number of pips and
    no doublet counts one toward game. If he holds a doublet, his adversary scores one; but if both hold doublets,
    the lower number of pips wins the point"); equal hands score nothing."""
    n = len(pips)
    if end == "out" and out_seat is not None:
        winner: int | None = out_seat
    else:
        seats = list(range(n))
        if rules.round_scoring is RoundScoring.BERGEN and not all(doublets):
            seats = [s for s in seats if not doublets[s]]
        low = min(pips[s] for s in seats)
        lowest = [s for s in seats if pips[s] == low]
        winner = lowest[0] if len(lowest) == 1 else None
    if winner is None:
        return Settlement(end, None, (0,) * n, pips, (), (), 0, 0)
    points = tuple(1 if s == winner else 0 for s in range(n))
    return Settlement(end, winner, points, pips, (winner,), (), 0, 0)


def _sides(rules: Rules, end: str, out_seat: int | None, pips: tuple[int, ...]) -> Settlement:
    """Partners: "the pips remaining in the hands of the partners are then reckoned, and the side having the lower
    number wins the difference" (seed 004), marked to both partners (each seat's score is its side's). The round's
    winner is the seat that went out, else the lighter hand of the winning side; equal sides score nothing (and
    a blocked round between them has no winner)."""
    sides = rules.sides
    side_pips = [sum([pips[s] for s in side]) for side in sides]
    if side_pips[0] == side_pips[1]:
        return _new(Settlement, (end, out_seat if end == "out" else None, (0,) * len(pips), pips, (), (), 0, 0))
    won, lost = (0, 1) if side_pips[0] < side_pips[1] else (1, 0)
    gain = side_pips[lost] - side_pips[won]
    winners = sides[won]
    points = tuple([gain if s in winners else 0 for s in range(len(pips))])
    winner = out_seat if end == "out" and out_seat is not None else min(winners, key=lambda s: (pips[s], s))
    return _new(Settlement, (end, winner, points, pips, winners, sides[lost], side_pips[won], 0))


def carried(rules: Rules, scores: tuple[int, ...]) -> int:
    """Where hands are played for chips: the chips earlier hands left in the pool (what the seats started with,
    less what they hold)."""
    return rules.chips * len(scores) - sum(scores)


def pool_size(rules: Rules, carried: int) -> int:
    """The chips in a hand's pool: every seat's ante, and what the hand before left in it."""
    return rules.ante * rules.players + carried


def _pool(rules: Rules, end: str, out_seat: int | None, pips: tuple[int, ...], carried: int) -> Settlement:
    """Domino Pool: "When one makes domino he wins the pool. If all are blocked, the smallest number of pips left in
    hand wins; ties divide" (seed 004). Tied winners share the pool equally; the odd chips that do not divide stay in
    the pool for the next hand (after the game's last hand, `odd_chips`). `points` is each seat's gain in chips: the
    share it takes, less its ante."""
    n = len(pips)
    pool = pool_size(rules, carried)
    if end == "out" and out_seat is not None:
        winners: tuple[int, ...] = (out_seat,)
    else:
        low = min(pips)
        winners = tuple(i for i, p in enumerate(pips) if p == low)
    share = pool // len(winners)
    points = tuple((share if s in winners else 0) - rules.ante for s in range(n))
    winner = winners[0] if len(winners) == 1 else None
    return Settlement(end, winner, points, pips, winners, tuple(s for s in range(n) if s not in winners), 0, 0)


def odd_chips(winners: tuple[int, ...], leader: int, seats: int, left: int) -> tuple[int, ...]:
    """Domino Pool's last hand: the `left` chips a divided pool leaves, which no next hand will take, one each to
    the seats that divided it, the first to the setter's left first (as card players pay an odd chip). What each
    seat gets."""
    order = sorted(winners, key=lambda s: (s - leader - 1) % seats)
    extra = [0] * seats
    for k in range(left):
        extra[order[k % len(order)]] += 1
    return tuple(extra)


def _chip_from_each(end: str, out_seat: int | None, pips: tuple[int, ...]) -> Settlement:
    """Honest John 1: "When a player wins a round by getting rid of all their tiles, they receive one chip from
    each of the other players"; a round that ends with every hand still holding tiles pays nobody (seed 000: "the
    play ends without a winner")."""
    n = len(pips)
    if end != "out" or out_seat is None:
        return Settlement(end, None, (0,) * n, pips, (), (), 0, 0)
    points = tuple(n - 1 if s == out_seat else -1 for s in range(n))
    return Settlement(end, out_seat, points, pips, (out_seat,), tuple(s for s in range(n) if s != out_seat), 0, 0)
