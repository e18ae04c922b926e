"""Observation(seat): what a player in one seat sees, and nothing more.

Own hand, the table (the layout's ends, as they stand and as they stood before every action), every seat's tile
count, the boneyard count, the public history (plays, draws and passes, never a drawn tile), scores, and how the
rounds before ended (every hand is shown when a round ends). Never another hand or the boneyard order.

It is sufficient: the seat's legal actions are computed from it alone (`legal_actions`, tests check that they agree
with the engine's), and so is what any play would do to the table (`after`), so nothing above the engine rebuilds
a round from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .actions import ASK, DRAW, MUGGINS, PASS, SHUT, Action
from .game import GameState, RoundResult
from .layout import Arm, End, Layout, Table, arms_of, layout_of
from .round import LEADS, Event, RoundState
from .rules import Draw, Rules
from .scoring import carried, play_points, unclaimed, with_claims
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
    layout: Layout
    table: Table
    lead_tile: Tile | None  # the tile this seat must lead with (only ever told to its holder)
    lead_forced: bool  # the opening rule fixes this round's first tile (everyone knows the rule)
    cut: tuple[Tile, ...] | None  # the tiles the players cut for the first set (seat 0's, seat 1's), face up
    leader: int
    current_seat: int | None
    history: tuple[Event, ...]  # each with the table just before it
    scores: tuple[int, ...]
    round_index: int
    round_points: tuple[int, ...]
    results: tuple[RoundResult, ...]  # every finished round, with the hands shown at its end
    round_over: bool
    round_end: str | None
    game_over: bool
    winner: int | None
    pool: int = 0  # where hands are played for chips, the chips in the pool (`GameState.pool`)
    asker: int | None = None  # the seat that asked for a tile and waits for the seat to act to sell or give one

    @property
    def scores_at_deal(self) -> tuple[int, ...]:
        """The game scores when this round was dealt (the scores now, less what the round has made so far)."""
        return tuple(a - b for a, b in zip(self.scores, self.round_points))

    # ----- the table ---------------------------------------------------------------------------------------

    @property
    def tiles_down(self) -> int:
        return self.table.down

    @property
    def center(self) -> Tile | None:
        return TILES_BY_ID[self.table.center] if self.table.center >= 0 else None

    @cached_property
    def ends(self) -> dict[str, int]:
        """The open ends by name (in slot order) with the pips each shows."""
        return self.layout.ends_by_name(self.table)

    @cached_property
    def end_list(self) -> list[End]:
        """The open ends, each described: name, pips, what it counts, spinner side, waiting, owner."""
        return self.layout.describe(self.table)

    @property
    def end_weights(self) -> dict[str, int]:
        """What each open end counts in the sum of the ends."""
        return {e.name: e.weight for e in self.end_list}

    @property
    def end_sum(self) -> int | None:
        """The sum of the ends in games that score them (None in others, or before the first tile)."""
        return self.table.end_sum() if self.rules.scores_ends else None

    @property
    def spinner(self) -> int | None:
        """The first spinner's number once there is one."""
        return self.table.spinner_pip if self.table.spinner_pip >= 0 else None

    @cached_property
    def arms(self) -> dict[str, Arm]:
        """Every arm of the table by end name: its tiles from the centre outwards and the tile it grows from."""
        return arms_of(self.layout, [(e.action, e.before) for e in self.history if e.action.lays])

    def table_tiles(self) -> list[Tile]:
        """Every tile on the table."""
        out = [p.tile for arm in self.arms.values() for p in arm.tiles]
        if self.center is not None:
            out.append(self.center)
        return out

    # ----- what this seat may do ----------------------------------------------------------------------------

    @property
    def to_move(self) -> bool:
        return self.current_seat == self.seat

    def can_draw(self) -> bool:
        return self.rules.draws and self.boneyard_count > self.rules.kept_back

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions, computed from what it sees (empty when it is not its turn)."""
        if not self.to_move:
            return []
        if self.table.down == 0:
            leads = [LEADS[self.lead_tile.id]] if self.lead_tile is not None else \
                [LEADS[t.id] for t in sorted(self.hand, key=lambda t: t.id)]
            return with_claims(self.rules, self.layout, self.table, leads, self.seat) if self.rules.claims else leads
        rules = self.rules
        if rules.asks:
            return self._asking_actions()
        plays = self.layout.plays(self.table, mask_of(self.hand), self.seat)
        last = self.history[-1] if self.history else None
        shut = [SHUT] if rules.shut and last is not None and last.action.kind == "pass" and last.seat != self.seat \
            else []
        first = [MUGGINS] if rules.claims and last is not None and unclaimed(
            rules, self.layout, self.table, last.seat, last.action, self.seat) else []
        if plays:
            if rules.claims:
                plays = with_claims(rules, self.layout, self.table, plays, self.seat)
            return first + plays + ([DRAW] if rules.draws_freely and self.can_draw() else []) + shut
        return first + ([DRAW] if self.can_draw() else [PASS]) + shut

    def _asking_actions(self) -> list[Action]:
        """`RoundState._asking_actions` from what this seat sees: asked for a tile, the tiles that fit the asker's
        line; else a play, a pass after laying the centre double, the turn's one draw, or `ask`."""
        hand = mask_of(self.hand)
        if self.asker is not None:
            end = self.layout.names[self.asker]
            return [Action(self.rules.answer, t, end) for t in tiles_of_mask(hand & self.layout.slot_fit(self.table, self.asker))]
        plays = self.layout.plays(self.table, hand, self.seat)
        if plays:
            return plays
        if self.starter_again:
            return [PASS]
        if self.must_draw:
            return [DRAW]
        return [ASK]

    @property
    def starter_again(self) -> bool:
        """Whether this seat has just laid the centre double and plays on it from its hand (or passes)."""
        return self.rules.lead_plays_again and len(self.history) == 1 and self.history[0].seat == self.current_seat

    @property
    def must_draw(self) -> bool:
        """Where a seat draws one tile a turn before asking: whether the seat to move must draw it now."""
        if self.rules.draw is not Draw.ONCE or not self.can_draw():
            return False
        last = self.history[-1] if self.history else None
        return not (last is not None and last.action.kind == "draw" and last.seat == self.current_seat)

    def after(self, action: Action) -> tuple[Table, int]:
        """The table after the play `action` of the seat to move (the first tile, or a tile against a named end),
        and the points it would score there; ValueError if it does not fit."""
        mover = self.current_seat if self.current_seat is not None else self.seat
        after = self.layout.place(self.table, action, mover)
        return after, play_points(self.rules, self.layout, after)

    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat has not seen: in other hands or the boneyard."""
        seen = mask_of(self.hand) | mask_of(self.table_tiles())
        full = (1 << self.rules.tile_count) - 1
        return tuple(tiles_of_mask(full & ~seen))


def _observation(game: GameState, rnd: RoundState | None, seat: int, round_index: int, current: int | None,
                 scores: tuple[int, ...], results: tuple[RoundResult, ...], pool: int) -> Observation:
    n = game.seats
    layout = layout_of(game.rules)
    if rnd is None:
        return Observation(
            game.rules, seat, n, game.names, (), (), (0,) * n, 0, (0,) * n, layout, layout.empty, None, False,
            game.cut, 0, None, (), scores, round_index, (0,) * n, results, True, None, game.over, game.winner,
            pool,
        )
    history = rnd.history
    draws = [0] * n
    for ev in history:
        if ev.action.kind == "draw":
            draws[ev.seat] += 1
    lead = TILES_BY_ID[rnd.lead_tile] if rnd.lead_tile >= 0 and rnd.leader == seat and rnd.tiles_down == 0 else None
    return Observation(
        rules=game.rules,
        seat=seat,
        seats=n,
        names=game.names,
        hand=tuple(sorted(tiles_of_mask(rnd.hands[seat]), reverse=True)),
        drawn=tuple(sorted(tiles_of_mask(rnd.from_boneyard[seat] & rnd.hands[seat]), reverse=True)),
        hand_counts=tuple(h.bit_count() for h in rnd.hands),
        boneyard_count=rnd.boneyard_count,
        draws=tuple(draws),
        layout=layout,
        table=rnd.table,
        lead_tile=lead,
        lead_forced=rnd.lead_tile >= 0,
        cut=game.cut,
        leader=rnd.leader,
        current_seat=current,
        history=history,
        scores=scores,
        round_index=round_index,
        round_points=rnd.round_points(),
        results=results,
        round_over=rnd.over,
        round_end=rnd.end,
        game_over=game.over,
        winner=game.winner,
        pool=pool,
        asker=rnd.asker if rnd.asker >= 0 and not rnd.over else None,
    )


def observe(game: GameState, seat: int) -> Observation:
    """The observation of `seat` in `game`."""
    if not 0 <= seat < game.seats:
        raise ValueError(f"there is no seat {seat} in a game of {game.seats}")
    return _observation(game, game.round, seat, game.round_index, game.current_seat, game.totals(), game.results,
                        game.pool)


def observe_finished(game: GameState, seat: int) -> Observation:
    """The observation of `seat` at the moment the last round ended (the table as it was left, the hands as they
    were shown), even when the next round is already dealt."""
    if not 0 <= seat < game.seats:
        raise ValueError(f"there is no seat {seat} in a game of {game.seats}")
    if game.finished is None:
        return observe(game, seat)
    index = len(game.results) - 1
    # the hand just settled: its pool taken (only odd chips of a divided pool left in it), no ante in yet
    return _observation(game, game.finished, seat, index, None, game.scores, game.results,
                        carried(game.rules, game.scores))
