"""What the other seats can still hold, from one seat's Observation only, and hidden worlds that agree with it.

Every pass, and every draw where a seat draws only when nothing fits, tells that the seat held no tile showing a
number on the open ends at that moment (its "voids"). A tile it holds now either came in the deal, and then avoids
every number it was void in since the deal, or came from one of its draws, and then avoids only the numbers it was
void in after that draw. Tiles it played went through the same history until the moment they were played. So
each of a seat's tiles has a window of times at which it may have been acquired: from the last void that clashes
with it, until it was played (or now). The seat was dealt `hand_size` tiles and drew one per draw, so its tiles
must match those acquisitions one to one; the windows are intervals, and earliest-deadline-first decides exactly
whether such a matching exists.

When a round's first tile was fixed by the opening rule (the highest double, or the heaviest tile), nobody was
dealt a higher double (or a heavier tile): those tiles can only have come from the boneyard.

Worlds are drawn from all hidden deals (other hands, boneyard order) that pass these checks, seat by seat: uniform
by rejection over the tiles each seat may hold, falling back to a randomised complete search when rejection is slow.
Where that leaves a later seat nothing it can hold (three or more seats, several of them drew, the boneyard nearly
empty), the deal is made tile by tile instead, the constrained tiles first (`_deal_tilewise`): at five seats on
double-nine, seat by seat had taken up to two seconds for 120 worlds, restarting the deal dozens of times, and
tile by tile is also nearer the uniform deal (the chance of each seat holding each tile, against deals drawn at
random and kept when every seat passes: off by 0.014-0.032 on average, seat by seat 0.025-0.059). With two seats
the first deal never fails, so their worlds are as before.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, replace

from bones.engine.deal import outranks
from bones.engine.layout import Table
from bones.engine.observation import Observation
from bones.engine.rules import Rules, Turn
from bones.engine.round import RoundState
from bones.engine.tiles import TILES_BY_ID, mask_of

NEVER = 1 << 30  # "not yet played"
_REJECTION_TRIES = 60
_TILEWISE_TRIES = 50


@dataclass(frozen=True)
class SeatBelief:
    """What one other seat can hold: its tile count, its draws, and the timing facts that constrain its tiles."""

    seat: int
    count: int
    draw_times: tuple[int, ...]  # history index of each of its draws
    played: tuple[tuple[int, int], ...]  # (tile id, history index) of each tile it played this round
    voids: tuple[tuple[int, int], ...]  # (history index, pip mask of the open ends) of each draw or pass
    candidates: int  # bitmask of unseen tiles it may hold now (each has some time it can have come in)
    tile_voids: bool = False  # voids are masks of tiles (a star), not of pips


@dataclass(frozen=True)
class World:
    """One hidden deal: every seat's hand (bitmasks; the observer's own included) and the boneyard in order."""

    hands: tuple[int, ...]
    boneyard: tuple[int, ...]


class Belief:
    """The constraints one seat's observation puts on the hidden tiles, and a sampler of worlds that obey them."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        rules = obs.rules
        self.hand_size = rules.hand_size
        self.unseen = mask_of(obs.unseen())
        self.own = mask_of(obs.hand)
        self.not_dealt = _not_dealt(obs)
        seats: list[SeatBelief] = []
        for j in range(obs.seats):
            if j == obs.seat:
                continue
            draws: list[int] = []
            played: list[tuple[int, int]] = []
            voids: list[tuple[int, int]] = []
            if rules.asks:  # a star: each seat plays only its own line, and what it could not give tells more
                seats.append(self._star_seat(j))
                continue
            for k, ev in enumerate(obs.history):
                if ev.seat != j:
                    continue
                if ev.action.kind == "play":
                    assert ev.action.tile is not None
                    played.append((ev.action.tile.id, k))
                    if rules.turn is Turn.PLAY_ON:
                        # a seat plays on while a tile fits: once the turn passed, it held nothing for the ends
                        after = obs.history[k + 1] if k + 1 < len(obs.history) else None
                        if after is not None and after.seat != j:
                            voids.append((k + 1, _pip_mask(after.before)))
                elif ev.action.kind in ("draw", "pass"):
                    # a draw tells the seat had nothing for the ends, unless it may draw at will; a pass always does
                    if ev.action.kind == "pass" or not rules.draws_freely:
                        voids.append((k, _pip_mask(ev.before)))
                    if ev.action.kind == "draw":
                        draws.append(k)
            seats.append(self._with_candidates(SeatBelief(j, obs.hand_counts[j], tuple(draws), tuple(played),
                                                          tuple(voids), 0)))
        self.seats = tuple(seats)
        # per seat: the acquisition window of each tile it may hold now, and of each tile it played
        self._now: dict[int, dict[int, int]] = {}
        self._played: dict[int, list[tuple[int, int]] | None] = {}
        for sb in self.seats:
            now: dict[int, int] = {}
            for t in tile_ids(sb.candidates):
                lo = self._window(sb, t, NEVER)[0]
                assert lo is not None  # a candidate has some time it can have come in
                now[t] = lo
            self._now[sb.seat] = now
            intervals: list[tuple[int, int]] | None = []
            for t, k in sb.played:
                lo, hi = self._window(sb, t, k)
                if lo is None or intervals is None:
                    intervals = None
                else:
                    intervals.append((lo, hi))
            self._played[sb.seat] = intervals
        self.boneyard_count = obs.boneyard_count
        self._cands: dict[int, list[int]] = {}  # the tiles of a candidate mask, in id order
        self._tilewise: tuple[int, list[int], dict[int, int]] | None = None  # made on first need (`_tilewise_plan`)

    def _star_seat(self, j: int) -> SeatBelief:
        """Seat j's facts on a star (Honest John), its voids as tile masks: it held nothing for its own line when
        it drew, asked, or passed after laying the centre double; and nothing for an asker's line when the ask
        went past it (to a seat further round, or to nobody). Tiles it sold or gave left its hand like plays."""
        obs = self.obs
        layout = obs.layout
        history = obs.history
        n = obs.seats
        draws: list[int] = []
        played: list[tuple[int, int]] = []
        voids: list[tuple[int, int]] = []
        for k, ev in enumerate(history):
            kind = ev.action.kind
            if ev.seat == j:
                if ev.action.lays:
                    assert ev.action.tile is not None
                    played.append((ev.action.tile.id, k))
                elif kind in ("draw", "ask", "pass"):
                    voids.append((k, layout.slot_fit(ev.before, j)))
                    if kind == "draw":
                        draws.append(k)
            elif kind == "ask":
                # the seats from the asker's left up to the one that sold or gave (all of them, if nobody did)
                after = history[k + 1] if k + 1 < len(history) else None
                answered = after is not None and after.action.kind in ("sell", "give")
                if not answered and k + 1 == len(history) and obs.asker == ev.seat:
                    answered, responder = True, obs.current_seat
                else:
                    responder = after.seat if answered and after is not None else None
                stop = (responder - ev.seat) % n if answered and responder is not None else n
                if 0 < (j - ev.seat) % n < stop:
                    voids.append((k, layout.slot_fit(ev.before, ev.seat)))
        return self._with_candidates(SeatBelief(j, obs.hand_counts[j], tuple(draws), tuple(played), tuple(voids), 0,
                                                True))

    def _with_candidates(self, sb: SeatBelief) -> SeatBelief:
        """`sb` with its candidates: the unseen tiles it may hold now (each has some time it can have come in)."""
        cand = 0
        m = self.unseen
        while m:
            low = m & -m
            if self._window(sb, low.bit_length() - 1, NEVER)[0] is not None:
                cand |= low
            m ^= low
        return replace(sb, candidates=cand)

    # ----- the exact check --------------------------------------------------------------------------------

    def _window(self, sb: SeatBelief, t: int, release: int) -> tuple[int | None, int]:
        """Earliest acquisition time of tile t for seat sb if it was held until `release` (-1: the deal);
        None when no time works."""
        tile = TILES_BY_ID[t]
        tmask = (1 << tile.high) | (1 << tile.low) if not sb.tile_voids else 1 << t
        last = -1
        for k, pm in sb.voids:
            if k >= release:
                break
            if pm & tmask:
                last = k
        if last < 0 and not (self.not_dealt >> t) & 1:
            return -1, release
        # acquired by a draw at or after `last` (a draw's own check comes before the tile is taken)
        for a in sb.draw_times:
            if last <= a < release:
                return a, release
        return None, release

    def consistent(self, sb: SeatBelief, hand: int) -> bool:
        """Whether seat `sb` can hold exactly `hand` now, given everything it did this round."""
        if bin(hand).count("1") != sb.count:
            return False
        return self._fits(sb, hand, complete=True)

    def _partial(self, sb: SeatBelief, hand: int) -> bool:
        """Whether the tiles in `hand` (maybe fewer than the seat holds) fit the seat's history so far."""
        return self._fits(sb, hand, complete=False)

    def _fits(self, sb: SeatBelief, hand: int, complete: bool) -> bool:
        """Whether the seat can have acquired its played tiles and `hand` at the deal and its draws, each tile
        before it had to be held; with `complete`, every deal place and draw must be filled by one of them."""
        played = self._played[sb.seat]
        if played is None or hand & ~sb.candidates:
            return False
        now = self._now[sb.seat]
        intervals = played + [(now[t], NEVER) for t in tile_ids(hand)]
        slots = [-1] * self.hand_size + list(sb.draw_times)
        if complete and len(intervals) != len(slots):
            return False
        # earliest deadline first: every acquisition takes the waiting tile that must be held soonest
        intervals.sort()
        heap: list[int] = []
        i = 0
        for a in slots:
            while i < len(intervals) and intervals[i][0] <= a:
                heapq.heappush(heap, intervals[i][1])
                i += 1
            if not heap:
                if complete:
                    return False
                continue
            if heapq.heappop(heap) <= a:
                return False
        return i == len(intervals) and not heap

    # ----- sampling -------------------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> World:
        """One hidden world consistent with the observation (other hands and the boneyard order)."""
        hands = self._deal(rng)
        # seat by seat fails where the tiles a seat may not hold leave the last seats too few (several seats that
        # drew, a boneyard nearly empty): then the constrained tiles go first, each to a seat that can take it
        tries = 0
        while hands is None and tries < _TILEWISE_TRIES:
            hands = self._deal_tilewise(rng)
            tries += 1
        if hands is None:
            # not seen in practice: keep each tile to the seats that may hold it now, if not the joint timing
            hands = self._deal_loose(rng)
        hands_full = [0] * self.obs.seats
        hands_full[self.obs.seat] = self.own
        rest = self.unseen
        for sb, h in zip(self.seats, hands):
            hands_full[sb.seat] = h
            rest &= ~h
        bone = tile_ids(rest)
        if self.obs.rules.draws:  # nobody draws in Block: the order is never read
            rng.shuffle(bone)
        return World(tuple(hands_full), tuple(bone))

    def _deal_loose(self, rng: random.Random) -> list[int]:
        """A deal that respects each seat's candidate tiles where it can (a last resort)."""
        pool = self.unseen
        hands: list[int] = []
        for sb in self.seats:
            cand = tile_ids(sb.candidates & pool)
            rest = [t for t in tile_ids(pool) if not (sb.candidates >> t) & 1]
            rng.shuffle(cand)
            rng.shuffle(rest)
            h = mask_of_ids((cand + rest)[: sb.count])
            hands.append(h)
            pool &= ~h
        return hands

    def _deal_tilewise(self, rng: random.Random) -> list[int] | None:
        """A deal made tile by tile: first the tiles some seat may not hold at any time (not a candidate, or only
        from a draw), most constrained first, each to a seat that can still take it with its tiles so far, or to the
        boneyard, in proportion to the room each has left; then the rest, which any seat takes at any of its places,
        shuffled into the room left. None where a tile finds no place (the caller tries again)."""
        room = [sb.count for sb in self.seats]
        yard_room = self.boneyard_count
        hands = [0] * len(self.seats)
        free_everywhere, constrained_ids, takers = self._tilewise_plan()
        constrained = constrained_ids[:]
        rng.shuffle(constrained)
        constrained.sort(key=lambda t: takers[t])
        for t in constrained:
            options: list[tuple[int, int]] = [(-1, yard_room)] if yard_room else []
            for i, sb in enumerate(self.seats):
                if room[i] and (sb.candidates >> t) & 1 and self._partial(sb, hands[i] | (1 << t)):
                    options.append((i, room[i]))
            if not options:
                return None
            pick = rng.randrange(sum(r for _, r in options))
            for i, r in options:
                if pick < r:
                    break
                pick -= r
            if i < 0:
                yard_room -= 1
            else:
                hands[i] |= 1 << t
                room[i] -= 1
        rest = tile_ids(free_everywhere)
        rng.shuffle(rest)
        for i, sb in enumerate(self.seats):
            hands[i] |= mask_of_ids(rest[:room[i]])
            rest = rest[room[i]:]
            if not self.consistent(sb, hands[i]):
                return None
        return hands

    def _tilewise_plan(self) -> tuple[int, list[int], dict[int, int]]:
        """What every tile-by-tile deal of this observation starts from (made once): the mask of unseen tiles any
        seat may have held since the deal, the other unseen tiles in id order, and how many seats may hold each."""
        if self._tilewise is None:
            free_everywhere = self.unseen
            for sb in self.seats:
                free_everywhere &= mask_of_ids([t for t, lo in self._now[sb.seat].items() if lo < 0])
            constrained = tile_ids(self.unseen & ~free_everywhere)
            takers = {t: sum(1 for sb in self.seats if (sb.candidates >> t) & 1) for t in constrained}
            self._tilewise = (free_everywhere, constrained, takers)
        return self._tilewise

    def _deal(self, rng: random.Random) -> list[int] | None:
        pool = self.unseen
        hands: list[int] = []
        for sb in self.seats:
            h = self._deal_seat(sb, pool, rng)
            if h is None:
                return None
            hands.append(h)
            pool &= ~h
        return hands

    def _deal_seat(self, sb: SeatBelief, pool: int, rng: random.Random) -> int | None:
        key = sb.candidates & pool
        cand = self._cands.get(key)
        if cand is None:  # with two seats the pool is always the same: list its tiles once per decision
            cand = self._cands[key] = tile_ids(key)
        if len(cand) < sb.count:
            return None
        if not sb.draw_times and self._played[sb.seat] is not None:
            # no draws: every tile came in the deal, and any hand of candidates is possible
            return mask_of_ids(rng.sample(cand, sb.count))
        for _ in range(_REJECTION_TRIES):
            h = mask_of_ids(rng.sample(cand, sb.count))
            if self.consistent(sb, h):
                return h
        cand = cand[:]  # the cached list stays in id order
        rng.shuffle(cand)
        return self._search_seat(sb, cand, 0, 0, 0, [0])

    def _search_seat(self, sb: SeatBelief, cand: list[int], i: int, hand: int, size: int,
                     nodes: list[int]) -> int | None:
        """A complete search over the candidates in random order, pruned by the partial check."""
        nodes[0] += 1
        if size == sb.count:
            return hand if self.consistent(sb, hand) else None
        if len(cand) - i < sb.count - size or nodes[0] > 20000:
            return None
        t = cand[i]
        with_t = hand | (1 << t)
        if self._partial(sb, with_t):
            r = self._search_seat(sb, cand, i + 1, with_t, size + 1, nodes)
            if r is not None:
                return r
        return self._search_seat(sb, cand, i + 1, hand, size, nodes)


def _pip_mask(table: Table) -> int:
    """The numbers a seat could have played on `table`, as a mask of pips (a seat that did not held none)."""
    pm = 0
    for p in table.open_pips():
        pm |= 1 << p
    return pm


def mask_of_ids(ids: list[int]) -> int:
    m = 0
    for t in ids:
        m |= 1 << t
    return m


def tile_ids(mask: int) -> list[int]:
    """The tile ids in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _not_dealt(obs: Observation) -> int:
    """Tiles nobody can have been dealt, when the opening rule fixed this round's first tile."""
    if not obs.lead_forced or not obs.history or obs.history[0].action.tile is None:
        return 0
    previous = TILES_BY_ID[obs.results[-1].first] if obs.round_index > 0 and obs.results else None
    return outranks(obs.rules, obs.history[0].action.tile, previous)


@dataclass(frozen=True)
class FaceUp:
    """A round with every tile known, as the face-up solver reads it (the fields it shares with RoundState)."""

    rules: Rules
    hands: tuple[int, ...]
    points: tuple[int, ...]
    table: Table
    current: int
    boneyard: tuple[int, ...]
    drawn: int
    base_scores: tuple[int, ...]
    last_go: int = 0  # 1 + the seat whose "go" (pass) was the last action, else 0
    over: bool = False

    @property
    def seats(self) -> int:
        return len(self.hands)


def world_state(obs: Observation, world: World) -> FaceUp:
    """One world as a face-up round: the table as observed, the hands and boneyard as sampled."""
    assert obs.current_seat is not None
    return FaceUp(
        rules=obs.rules,
        hands=world.hands,
        points=obs.round_points,
        table=obs.table,
        current=obs.current_seat,
        boneyard=world.boneyard,
        drawn=0,
        base_scores=obs.scores_at_deal,
        last_go=1 + last.seat if (last := obs.history[-1] if obs.history else None) and last.action.kind == "pass"
        else 0,
    )


def resume(obs: Observation, world: World) -> RoundState:
    """One world as the engine's own round, to be played on with its rules: the public history and table as
    observed, the hands and boneyard as sampled."""
    assert obs.current_seat is not None
    lead = obs.lead_tile.id if obs.lead_tile is not None else -1
    asker = obs.asker if obs.asker is not None else -1
    return RoundState.resume(obs.rules, world.hands, world.boneyard, obs.leader, lead, obs.scores_at_deal,
                             obs.history, obs.table, obs.current_seat, obs.round_points, asker)
