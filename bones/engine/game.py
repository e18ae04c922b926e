"""A whole game: rounds in order, who leads each, the scores, and the end of the game.

A game is (rules, deals, actions): `GameState` is immutable, and replaying the same actions reproduces it exactly
(which is how records, undo and reload after a restart work). It keeps the round being played and the last round
that finished, as it ended, so nobody above has to rebuild one.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from .actions import Action
from .deal import Deal, Lead, NoLowerDouble, check_deal, leader, seeded_deal
from .round import IllegalAction, RoundState
from .rules import GameEnd, Rules, get_rules
from .scoring import Settlement, carried, odd_chips, pool_size
from .tiles import TILES_BY_ID, Tile


class RoundResult(NamedTuple):
    """How a round ended: `end` is "out", "blocked" or "target"; `points` are what each seat made in it (during play
    and at its end); `hands_left` the tiles each seat still held, shown when the round ended."""

    end: str
    winner: int | None
    points: tuple[int, ...]
    pips_left: tuple[int, ...]
    leader: int
    settlement: Settlement
    hands_left: tuple[tuple[Tile, ...], ...]
    first: int = -1  # the id of the round's first tile

    @property
    def odd_chips_to(self) -> list[int]:
        """The seats that took the odd chips of a divided pool after the game's last hand (`scoring.odd_chips`):
        where the round's points exceed the hand's own settlement. Empty in every other round."""
        return [s for s, (p, q) in enumerate(zip(self.points, self.settlement.points)) if p > q]


def game_over(rules: Rules, scores: tuple[int, ...], result: RoundResult, rounds_played: int) -> bool:
    """Whether the game ends with this round (`GameEnd`): a score at the target when a round ends, or the target
    reached during play (which ends the round at once, as "target"); where hands are played for chips, the agreed
    number of hands played, or a seat without the chips to ante for the next."""
    if rules.game_end is GameEnd.HANDS_PLAYED:
        return (rules.hands > 0 and rounds_played >= rules.hands) or (rules.ante > 0 and min(scores) < rules.ante)
    if rules.game_end is GameEnd.DOUBLES_RUN_OUT:  # after the 0-0 round (or when no lower double is dealt:
        return result.first == 0  # `GameState._start_next_round`)
    return result.end == "target" or max(scores) >= rules.target


def game_winner(rules: Rules, scores: tuple[int, ...]) -> int | None:
    """The seat that won a finished game: the most points (or chips); where partners share a score, the winning
    side's first seat. None when seats of different sides tie for the most."""
    best = max(scores)
    sides = {rules.side_of(s) for s, score in enumerate(scores) if score == best}
    return min(sides.pop()) if len(sides) == 1 else None


class GameState:
    """The truth of a game: finished rounds, the round being played, the last round that finished, the scores."""

    __slots__ = ("rules", "seed", "deals", "results", "round", "finished", "scores", "over", "winner", "actions",
                 "names", "cut")

    rules: Rules
    seed: int | None
    deals: tuple[Deal | None, ...]
    results: tuple[RoundResult, ...]
    round: RoundState | None  # the round being played (or the last one, when the game is over)
    finished: RoundState | None  # the last round that ended, as it ended
    scores: tuple[int, ...]
    over: bool
    winner: int | None
    actions: tuple[tuple[Action, ...], ...]
    names: tuple[str, ...] | None
    cut: tuple[Tile, ...] | None  # the tiles the players cut for the first set (seat 0's, seat 1's), if they cut

    @classmethod
    def new(
        cls,
        rules: Rules | str,
        seed: int | None = None,
        deals: Sequence[Deal | None] = (),
        names: Sequence[str] | None = None,
    ) -> "GameState":
        """A game about to start. Rounds are dealt from `deals` first, then from `seed` (if given)."""
        g = object.__new__(cls)
        g.rules = get_rules(rules) if isinstance(rules, str) else rules
        g.seed = seed
        for d in deals:
            if d is not None:
                check_deal(g.rules, d.hands, d.boneyard)
        g.deals = tuple(deals)
        g.results = ()
        g.round = None
        g.finished = None
        g.scores = (g.rules.start_score,) * g.rules.players
        g.over = False
        g.winner = None
        g.actions = ()
        g.names = tuple(names) if names is not None else None
        g.cut = None
        g._start_next_round()
        return g

    def _copy(self) -> "GameState":
        g = object.__new__(GameState)
        for name in GameState.__slots__:
            setattr(g, name, getattr(self, name))
        return g

    # ----- reading -----------------------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.rules.players

    @property
    def round_index(self) -> int:
        """Index of the round being played (or the last one played when waiting or over)."""
        return max(0, len(self.actions) - 1)

    @property
    def in_play(self) -> bool:
        """Whether a round is being played (dealt and not over)."""
        return not self.over and self.round is not None and not self.round.over

    @property
    def current_seat(self) -> int | None:
        if not self.in_play:
            return None
        return self.round.current  # type: ignore[union-attr]

    def totals(self) -> tuple[int, ...]:
        """Game scores now, counting points made so far in the round being played; where hands are played for
        chips, the chips each seat holds, its ante in the pool while a hand is played."""
        rnd = self.round
        scores = self.scores
        if self.rules.ante and self.in_play:
            scores = tuple(s - self.rules.ante for s in scores)
        if rnd is None or rnd.over or len(self.actions) == len(self.results):
            return scores
        return tuple(a + b for a, b in zip(scores, rnd.points))

    def last_lead(self) -> Tile | None:
        """The tile that led the last round settled (None before any): in Honest John 2 the double the next round
        must go below."""
        played = [a for a in self.actions[:len(self.results)] if a]
        return played[-1][0].tile if played else None

    @property
    def pool(self) -> int:
        """Where hands are played for chips: the chips in the pool now (every ante and what the hand before left,
        while a hand is played; else what is left for the next). `scores` take the antes off when the hand is
        settled; `totals` while it is played."""
        left = carried(self.rules, self.scores)
        return pool_size(self.rules, left) if self.in_play else left

    def legal_actions(self) -> list[Action]:
        if not self.in_play:
            return []
        return self.round.legal_actions()  # type: ignore[union-attr]

    def deal_for(self, round_index: int) -> Deal | None:
        if round_index < len(self.deals) and self.deals[round_index] is not None:
            return self.deals[round_index]
        if self.seed is not None:
            return seeded_deal(self.rules, self.seed, round_index)
        return None

    def round_of_action(self, round_index: int) -> RoundState | None:
        """The state of round `round_index` now: the round in play, or the last one finished (None if neither)."""
        if self.round is not None and self.round_index == round_index and len(self.actions) > len(self.results):
            return self.round
        if self.finished is not None and len(self.results) == round_index + 1:
            return self.finished
        return None

    # ----- acting ------------------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> "GameState":
        """The game after `action` (text or Action), or `IllegalAction` / `ValueError` with nothing changed."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.over:
            raise IllegalAction("the game is over")
        if self.round is None or self.round.over:
            raise IllegalAction("the next round has not been dealt")
        rnd = self.round
        resolved = rnd.resolve(action)
        new_round = rnd.apply(resolved)
        g = self._copy()
        g.round = new_round
        g.actions = self.actions[:-1] + (self.actions[-1] + (new_round.log[2],),)  # type: ignore[index]
        if new_round.over:
            g._close_round()
        return g

    def _close_round(self) -> None:
        rnd = self.round
        assert rnd is not None and rnd.outcome is not None
        points = rnd.round_points()
        out = rnd.outcome
        hands = tuple(tuple(sorted(rnd.hand(s), reverse=True)) for s in range(rnd.seats))
        result = RoundResult(out.end, out.winner, points, out.pips_left, rnd.leader, out, hands, rnd.table.center)
        scores = tuple(a + b for a, b in zip(self.scores, points))
        over = game_over(self.rules, scores, result, len(self.results) + 1)
        left = carried(self.rules, scores) if over and self.rules.has_pool else 0
        if left:  # the odd chips of a divided pool, which no next hand will take: the round's points include them
            extra = odd_chips(out.scorers, rnd.leader, rnd.seats, left)
            points = tuple(p + e for p, e in zip(points, extra))
            scores = tuple(a + e for a, e in zip(scores, extra))
            result = result._replace(points=points)
        self.results = self.results + (result,)
        self.finished = rnd
        self.scores = scores
        if over:
            self.over = True
            self.winner = game_winner(self.rules, self.scores)
            return
        self._start_next_round()

    def _start_next_round(self) -> None:
        index = len(self.results)
        deal = self.deal_for(index)
        if deal is None:
            return
        try:
            lead = self._leader(index, deal)
        except NoLowerDouble:  # each round starts from the next double down, and none is held: the game is over
            self.over = True
            self.winner = game_winner(self.rules, self.scores)
            return
        if index == 0:
            self.cut = deal.cut
        self.round = RoundState.start(self.rules, deal.hands, deal.boneyard, lead.seat, lead.tile, self.scores)
        self.actions = self.actions + ((),)

    def _leader(self, index: int, deal: Deal) -> Lead:
        last = self.results[-1] if self.results else None
        return leader(self.rules, index, deal, last.leader if last else None, last.end if last else None,
                      last.winner if last else None, TILES_BY_ID[last.first] if last and last.first >= 0 else None)




def new_game(rules: str, seed: int, options: Mapping[str, Any] | None = None,
             names: Sequence[str] | None = None) -> GameState:
    """A new game of `rules` dealt from `seed`."""
    return GameState.new(get_rules(rules, options), seed=seed, names=names)
