"""Observation(seat): what a player in one seat sees, and nothing more.

Own hand, the table, every seat's tile count, the boneyard count, the public history (plays, draws and passes,
never a drawn tile), scores. Never another hand or the boneyard order. It is sufficient: the seat's legal actions
are computed from it alone (`legal_actions`), and tests check that they agree with the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import DRAW, END_NAMES, PASS, Action
from .game import GameState, RoundResult
from .round import LEADS, PLAYS, Event, Placement, RoundState
from .rules import Rules
from .tiles import TILES_BY_ID, Tile, mask_of, tiles_of_mask


@dataclass(frozen=True)
class Observation:
    """One seat's view of a game."""

    rules: Rules
    seat: int
    seats: int
    names: tuple[str, ...] | None
    hand: tuple[Tile, ...]
    drawn: tuple[Tile, ...]  # own tiles that came from the boneyard this round
    hand_counts: tuple[int, ...]
    boneyard_count: int
    draws: tuple[int, ...]  # how many tiles each seat has drawn this round
    center: Tile | None
    arms: tuple[tuple[Placement, ...], ...]  # L, R, U, D: tiles from the centre outwards
    ends: dict[str, int]
    end_weights: dict[str, int]  # what each open end counts in the sum of the ends
    end_sum: int | None  # in games that score the ends; None before the first tile
    spinner: int | None  # the spinner's number once there is one
    lead_tile: Tile | None  # the tile this seat must lead with (only ever told to its holder)
    leader: int
    current_seat: int | None
    history: tuple[Event, ...]
    scores: tuple[int, ...]
    round_index: int
    round_points: tuple[int, ...]
    results: tuple[RoundResult, ...]
    round_over: bool
    round_end: str | None
    game_over: bool
    winner: int | None

    @property
    def tiles_down(self) -> int:
        return (self.center is not None) + sum(len(a) for a in self.arms)

    @property
    def to_move(self) -> bool:
        return self.current_seat == self.seat

    def can_draw(self) -> bool:
        return self.rules.draw == "until_fits" and self.boneyard_count > self.rules.keep_back

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions, computed from what it sees (empty when it is not its turn)."""
        if not self.to_move:
            return []
        if self.center is None:
            if self.lead_tile is not None:
                return [LEADS[self.lead_tile.id]]
            return [LEADS[t.id] for t in sorted(self.hand, key=lambda t: t.id)]
        out = []
        for ei, name in enumerate(END_NAMES):
            pip = self.ends.get(name)
            if pip is None:
                continue
            for t in sorted(self.hand, key=lambda t: t.id):
                if pip in (t.high, t.low):
                    out.append(PLAYS[t.id][ei])
        if out:
            return out
        return [DRAW] if self.can_draw() else [PASS]

    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat has not seen: in other hands or the boneyard."""
        seen = mask_of(self.hand) | mask_of([p.tile for a in self.arms for p in a])
        if self.center is not None:
            seen |= 1 << self.center.id
        full = (1 << self.rules.tile_count) - 1
        return tuple(tiles_of_mask(full & ~seen))

    def open_pips_before(self) -> list[tuple[int, ...]]:
        """For each event of this round's history, the numbers showing on the open ends just before it.

        A seat that drew or passed held no tile with any of those numbers at that moment.
        """
        n = self.seats
        s = RoundState.start(self.rules, [[] for _ in range(n)], [], self.leader, None)
        s.hands = ((1 << self.rules.tile_count) - 1,) * n
        out: list[tuple[int, ...]] = []
        for ev in self.history:
            out.append(tuple(sorted({e[0] for e in s.ends if e is not None})))
            if ev.action.kind == "play":
                s.current = ev.seat
                s = s.apply(ev.action)
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (what the web table and outside bots receive)."""
        def arm(a: tuple[Placement, ...]) -> list[list[int]]:
            return [[p.inner, p.outer] for p in a]

        return {
            "rules": self.rules.id,
            "seat": self.seat,
            "seats": self.seats,
            "names": list(self.names) if self.names else None,
            "hand": [str(t) for t in self.hand],
            "drawn": [str(t) for t in self.drawn],
            "hand_counts": list(self.hand_counts),
            "boneyard_count": self.boneyard_count,
            "draws": list(self.draws),
            "center": [self.center.high, self.center.low] if self.center else None,
            "arms": {END_NAMES[i]: arm(a) for i, a in enumerate(self.arms)},
            "ends": self.ends,
            "end_sum": self.end_sum,
            "spinner": self.spinner,
            "lead_tile": str(self.lead_tile) if self.lead_tile else None,
            "leader": self.leader,
            "current_seat": self.current_seat,
            "history": [{"seat": e.seat, "action": str(e.action), "scored": e.scored} for e in self.history],
            "scores": list(self.scores),
            "target": self.rules.target,
            "round_index": self.round_index,
            "round_points": list(self.round_points),
            "results": [r._asdict() for r in self.results],
            "round_over": self.round_over,
            "round_end": self.round_end,
            "game_over": self.game_over,
            "winner": self.winner,
            "legal": [str(a) for a in self.legal_actions()],
        }


def observe(game: GameState, seat: int) -> Observation:
    """The observation of `seat` in `game`."""
    rnd = game.round
    n = game.seats
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat} in a game of {n}")
    if rnd is None:
        return Observation(
            game.rules, seat, n, game.names, (), (), (0,) * n, 0, (0,) * n, None, ((), (), (), ()), {}, {}, None,
            None, None, 0, None, (), game.scores, game.round_index, (0,) * n, game.results, True, None, game.over,
            game.winner,
        )
    hand = tuple(sorted(tiles_of_mask(rnd.hands[seat]), reverse=True))
    draws = [0] * n
    for ev in rnd.history:
        if ev.action.kind == "draw":
            draws[ev.seat] += 1
    ends = rnd.ends_by_name()
    weights = {END_NAMES[i]: e[1] for i, e in enumerate(rnd.ends) if e is not None}
    lead = TILES_BY_ID[rnd.lead_tile] if rnd.lead_tile >= 0 and rnd.leader == seat and rnd.tiles_down == 0 else None
    return Observation(
        rules=game.rules,
        seat=seat,
        seats=n,
        names=game.names,
        hand=hand,
        drawn=tuple(sorted(tiles_of_mask(rnd.from_boneyard[seat] & rnd.hands[seat]), reverse=True)),
        hand_counts=tuple(bin(h).count("1") for h in rnd.hands),
        boneyard_count=rnd.boneyard_count,
        draws=tuple(draws),
        center=TILES_BY_ID[rnd.center] if rnd.center >= 0 else None,
        arms=rnd.arms,
        ends=ends,
        end_weights=weights,
        end_sum=rnd.end_sum() if game.rules.end_multiple else None,
        spinner=rnd.spinner_pip if rnd.spinner_pip >= 0 else None,
        lead_tile=lead,
        leader=rnd.leader,
        current_seat=game.current_seat,
        history=rnd.history,
        scores=game.totals(),
        round_index=game.round_index,
        round_points=rnd.round_points(),
        results=game.results,
        round_over=rnd.over,
        round_end=rnd.end,
        game_over=game.over,
        winner=game.winner,
    )
