"""A whole game to the target: rounds in order, who leads each, the scores, and the end of the game.

A game is (rules, deals, actions): `GameState` is immutable, and replaying the same actions reproduces it exactly
(which is how records, undo and reload after a restart work).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from .actions import Action
from .deal import Deal, Opening, check_deal, opening_lead, seeded_deal
from .round import IllegalAction, RoundState
from .rules import Rules, get_rules


class RoundResult(NamedTuple):
    """How a round ended: `end` is "out", "blocked" or "target"; `points` are what each seat made in it."""

    end: str
    winner: int | None
    points: tuple[int, ...]
    pips_left: tuple[int, ...]
    leader: int


class GameState:
    """The truth of a game: finished rounds, the round being played, the scores."""

    __slots__ = ("rules", "seed", "deals", "results", "round", "scores", "over", "winner", "actions", "names")

    rules: Rules
    seed: int | None
    deals: tuple[Deal | None, ...]
    results: tuple[RoundResult, ...]
    round: RoundState | None
    scores: tuple[int, ...]
    over: bool
    winner: int | None
    actions: tuple[tuple[Action, ...], ...]
    names: tuple[str, ...] | None

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
        g.scores = (0,) * g.rules.players
        g.over = False
        g.winner = None
        g.actions = ()
        g.names = tuple(names) if names is not None else None
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
    def current_seat(self) -> int | None:
        if self.over or self.round is None or self.round.over:
            return None
        return self.round.current

    def totals(self) -> tuple[int, ...]:
        """Game scores now, counting points made so far in the round being played."""
        rnd = self.round
        if rnd is None or rnd.over or len(self.actions) == len(self.results):
            return self.scores
        return tuple(a + b for a, b in zip(self.scores, rnd.points))

    def legal_actions(self) -> list[Action]:
        if self.over or self.round is None:
            return []
        return self.round.legal_actions()

    def deal_for(self, round_index: int) -> Deal | None:
        if round_index < len(self.deals) and self.deals[round_index] is not None:
            return self.deals[round_index]
        if self.seed is not None:
            return seeded_deal(self.rules, self.seed, round_index)
        return None

    def round_scores(self) -> list[tuple[int, ...]]:
        """Points each seat made in each round so far (finished rounds, then the one in play)."""
        out = [r.points for r in self.results]
        if self.round is not None and len(self.actions) > len(self.results):
            out.append(self.round.round_points())
        return out

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
        g.actions = self.actions[:-1] + (self.actions[-1] + (resolved,),)
        if new_round.over:
            g._close_round()
        return g

    def _close_round(self) -> None:
        rnd = self.round
        assert rnd is not None and rnd.end is not None
        points = rnd.round_points()
        self.results = self.results + (RoundResult(rnd.end, rnd.winner, points, rnd.pips_left(), rnd.leader),)
        self.scores = tuple(a + b for a, b in zip(self.scores, points))
        if rnd.end == "target" or max(self.scores) >= self.rules.target:
            self.over = True
            best = max(self.scores)
            leaders = [i for i, s in enumerate(self.scores) if s == best]
            self.winner = leaders[0] if len(leaders) == 1 else None
            return
        self._start_next_round()

    def _start_next_round(self) -> None:
        index = len(self.results)
        deal = self.deal_for(index)
        if deal is None:
            return
        lead = self._leader(index, deal)
        self.round = RoundState.start(self.rules, deal.hands, deal.boneyard, lead.seat, lead.tile, self.scores)
        self.actions = self.actions + ((),)

    def _leader(self, index: int, deal: Deal) -> Opening:
        rules = self.rules
        if index == 0 or rules.next_leader == "opening":
            return opening_lead(rules, deal.hands)
        last = self.results[-1]
        if rules.next_leader == "alternate":
            return Opening((last.leader + 1) % rules.players, None)
        if last.end == "out" and last.winner is not None:
            return Opening(last.winner, None)
        return opening_lead(rules, deal.hands)

    def with_deal(self, deal: Deal) -> "GameState":
        """The game with the next round dealt as given (for records that write out each deal)."""
        check_deal(self.rules, deal.hands, deal.boneyard)
        g = self._copy()
        g.deals = self.deals + (deal,)
        if not g.over and (g.round is None or g.round.over) and len(g.actions) == len(g.results):
            g._start_next_round()
        return g

    def record(self) -> dict[str, Any]:
        """This game as a bones-record/1 document (every deal written out)."""
        from .record import game_to_record

        return game_to_record(self)


def new_game(rules: str, seed: int, options: dict[str, Any] | None = None, names: Sequence[str] | None = None) -> GameState:
    """A new game of `rules` dealt from `seed`."""
    return GameState.new(get_rules(rules, options), seed=seed, names=names)
