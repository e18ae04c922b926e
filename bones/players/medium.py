"""Medium: looks after its own hand.

It still sheds doubles and heavy tiles and takes points, and it now weighs how many of its remaining tiles will
fit the ends it leaves: an end in a number it holds several tiles of is one it can follow on whichever end the
other side changes, and (in Block) a hand of many numbers can answer most ends. In scoring games it also likes
a little to keep a tile that could score on the ends it leaves. Its faint sense of numbers running out: it
would rather lay a tile whose numbers are mostly on the table already, before that tile has nowhere to go.
"""

from __future__ import annotations

from dataclasses import dataclass

from bones.engine.observation import Observation
from bones.engine.rules import Rules

from .features import Outcome, Table, hand_fits, own_points, pip_counts, suits, trumps_in
from .heuristic import HeuristicPlayer


@dataclass(frozen=True)
class MediumWeights:
    """Each term in points: what one more pip shed, one more tile that can follow, and so on, is worth."""

    scored: float = 1.0  # points made by the tile laid
    pips: float = 1.0  # pips shed: they count against the hand at the end of a round
    double: float = 15.0  # a double only fits its own number: lay it while it can be laid
    fits: float = -1.0  # remaining tiles that fit the ends left: `follow` and `guard` already reward them, and
    # measured, counting them a third time costs a little
    follow: float = 4.0  # for each end left, remaining tiles in its number (up to `cap`)
    cap: int = 4  # measured: 2 did a point or two worse against Easy in Draw and Block, 3 about the same
    guard: float = 2.0  # remaining tiles in the weaker end's number: the end the other side leaves standing
    suits: float = 1.0  # different numbers in the remaining hand
    running_out: float = 4.0  # how much of the tile's numbers the table already shows (0..6 each, averaged)
    setup: float = 0.0  # per point the best of its remaining tiles could make on the ends left (scoring games)


# Games that score the ends: points now matter most, pips shed matter little (they only count, rounded, for the
# side that wins the round), and doubles are laid for their points more than to get rid of them.
# A small `setup`: a hand that can score on the ends it leaves makes points next turn, unless the other side
# changes those ends first (measured: 0.1 is worth 1-2 points against Easy; 0.25 and more give points away).
SCORING_WEIGHTS = MediumWeights(pips=0.1, double=4.0, fits=0.0, follow=2.0, cap=3, guard=0.0, suits=0.0,
                                running_out=0.0, setup=0.1)
BLOCKING_WEIGHTS = MediumWeights()
# Draw: an end it cannot follow costs tiles drawn, not just a pass, so following counts for more; and a hand of
# few numbers, each held several times, follows better than one of many numbers held once (measured).
DRAW_WEIGHTS = MediumWeights(follow=5.0, suits=0.0)


# Bergen's headers: 2 or 3 points in a game to 15, worth far more than the pips shed (the round's end gives one)
HEADER_WEIGHTS = MediumWeights(scored=12.0, pips=0.3, double=4.0, fits=0.0, follow=2.0, cap=3, guard=0.0, suits=0.0,
                               running_out=0.0, setup=1.0)


def weights_for(rules: Rules) -> MediumWeights:
    if rules.headers:
        return HEADER_WEIGHTS
    if rules.scores_ends:
        return SCORING_WEIGHTS
    return DRAW_WEIGHTS if rules.draws else BLOCKING_WEIGHTS


class Medium(HeuristicPlayer):
    """Points, heavy tiles and doubles, and a hand that can still answer."""

    name = "medium"
    weights: MediumWeights | None = None  # None: the weights for the game being played

    def value(self, obs: Observation, out: Outcome, table: Table) -> float:
        return medium_value(out, table, self.weights or weights_for(obs.rules), obs.rules.end_multiple, obs)


def medium_value(out: Outcome, table: Table, w: MediumWeights, multiple: int = 0,
                 obs: Observation | None = None) -> float:
    """Medium's value of a play: each term of `MediumWeights` times its count (counting, for each end, the tiles
    that answer it: `Outcome.answers`)."""
    t = out.tile
    trumps = trumps_in(out.hand, obs.rules) if obs is not None else 0
    # a double is laid while it can be; a double that is a trump (Matadore's 0-0) goes anywhere, so it can wait
    hard_to_place = t.is_double and not (obs is not None and trumps_in((t,), obs.rules))
    value = w.scored * out.scored + w.pips * t.pips + w.double * hard_to_place
    value += w.fits * hand_fits(out.hand, out.answers, trumps) + w.suits * suits(out.hand)
    shown = table.on_table_by_pip
    value += w.running_out * (shown[t.high] + shown[t.low]) / 2
    mine = pip_counts(out.hand, len(shown) - 1) + [0]  # [-1]: no number answers that end
    value += w.follow * sum(min(mine[a] + trumps, w.cap) for a in out.answers)
    if out.answers and w.guard:
        value += w.guard * min(mine[a] + trumps for a in out.answers)
    if w.setup and (multiple or (obs is not None and obs.rules.headers)):
        value += w.setup * own_points(out, multiple, obs)
    return value

