"""Expert: deals out the tiles it cannot see in up to 120 ways that agree with everything seen (960 where a hand
wins or loses a pool: `worlds_for`), solves each deal face up to the end of the round, and plays the action that does
best on average.

Each world's solve gives, per action, the round's point difference from here on (the searching seat's points
minus the others'). `game_value` turns it into a game value, the chance of winning the game as 2p - 1, so a point
counts for more when either side is close to the target; the action with the best average game value is played.
The average is weighted: a world counts in proportion to how likely it makes the plays the other seats were seen
to make, under a generic model of a sensible player (`inference.py`). Draws and passes rule worlds out; plays only
make some likelier than others (a light tile laid beside a heavy one that fitted is a poor play, so a world where
that seat held no heavy tile to lay explains it better). Measured against Hard in Block, this weighting took
Expert from 71 to 78 % on 400 duplicate games of `--seed 101`.

The budget is counted in worlds and nodes: the same position always gets the same answer, on any machine (the random
generator is seeded from the player's seed and the observation). A decision may search `node_allowance` nodes in all
(its budget's seconds at a speed this machine's search keeps with room to spare); a world's exact search is capped in
nodes; a world past the cap gets a second, longer try (a bigger budget and table, within the nodes left), and one
past that is searched again a fixed number of moves deep, ending in static estimates, and is counted as not exact.
Near the allowance a world's budgets shrink to the nodes left, and no world is begun that would likely overrun
them. Wall time is only a safety cap, checked between worlds, that binds on a machine much slower or busier than
this one (it had been the budget: a quarter of the decisions of four-handed Block with seven tiles each, and one in
ten of Five Up's, ended on the clock, so their answers depended on the machine's speed and load).

Exact, with one economy: in each world the actions go best-first by their average so far, and an action proven
more than a window (WINDOW of the target; SCORING_WINDOW where the ends score) worse than the best of that world
is scored at that bound, not at its exact value. Pinning down how bad a hopeless play is (leading a double that
opens four ends for the other side to score on) can cost a hundred times the rest of the decision; the bound
changed no choice in 100 positions of Block or All Fives and four in Draw, by a game value of 0.00016 a position
(docs/levels.md).

Its next decision (`shared_next=True`, two seats, measured and not adopted): a world's search picks each later play
of Expert's knowing the other hand, so the average credits an action with follow-ups only a seat that saw
everything could choose. A second pass (`next_decision.py`, the actions best on average first) takes Expert's next
decision after each action once for all the worlds that reach it by the same history as Expert would see it, each
world valued at that one choice. Against Hard it added five points of share on 400 tuning games of All Threes and
Bergen, but nothing on the published deals (All Threes 59.6 % of 1,000 against 59.2 %, Bergen 57.8 % of 600
against 60.8 %, Muggins 61.5 % of 200 against 65.0 %) at two and a half times the time (docs/levels.md).

Seats: with two, each world is solved by exact minimax, and so is a partnership game (side against side). Where
three or four play each for himself, the other seats lay in each world the tile a rule of thumb picks (the most
points, then a double, then the heaviest: `solver_core.rule_pick`) while Expert searches its own plays. Taking them
all to play together against Expert ("paranoid", `paranoid=True`) was pessimistic and slow: it made Expert play
to survive a coalition that real players never form (docs/levels.md has both figures). There, where rounds score
points (not chips), each world's lines are valued by Expert's chance of winning the game from every seat's total
(`standings=True`, `solver_core.standing`), not by the round's difference, which `game_value` reads against the
leader alone: points one rival takes count for less than Expert's own, as in a race against three. Measured on
6,000 tuning games of Draw Dominoes for four, +2.1 points of share (docs/levels.md).

Where tiles may be drawn at will (the Draw Game), Expert draws only when nothing fits, and takes every seat to do
the same (`Solver.values(free_draws=False)`). A sampled world shows the tile a draw would bring, so a draw at will
looks better there than it is: weighed at the root, Expert drew in four of five positions where a tile fitted, its
decisions took ten times as long, and its games against Hard got no better (docs/levels.md).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable

from bones.engine.actions import Action
from bones.engine.observation import Observation
from bones.engine.rules import LayoutKind, Rules

from . import star_search
from .base import Budget, Choice
from .belief import Belief, World, resume, world_state
from .claims import catch
from .next_decision import follow, shared_value
from .reading import log_likelihood, rated_plays
from .inference import DEFAULT_MODEL, PlayEvidence, PlayModel
from .seeding import decision_seed
from .solver import MAX_COMPILED_TILES, TARGET_BONUS, FaceUpRound, Solver, searched, standings_apply, warm_up
from .solver_core import POOL_SCALE, PROBE_NODES, STAND_SCALE

CAP_SHARE = 0.9  # stop sampling worlds when the next would likely end past this share of the time cap
NODES_PER_SECOND = 6_000_000  # a decision's node allowance per second of its budget: this machine's compiled search
# keeps 8 to 12 million nodes a second in heavy decisions (about 0.7 s of search for a one-second budget)
SPINNER_NODES_PER_SECOND = 2_000_000  # where every double opens two more ends (Five Up): about 3 million a second
WORLD_NODES = 300_000  # node budget of one world's exact search; a few worlds in a hundred early in an All Fives
# or Draw round need more, and those get a second try with a bigger budget and table, RETRY_NODES
WINDOW = 0.3  # share of the target: a play this many points worse than the best in a world counts as that much
# worse (an upper bound of its value), not searched until its exact value is known
SCORING_WINDOW = 0.2  # the same where the ends score (values spread wider: 0.2 of 250 is 50 points), measured to
# change no choice in 100 All Fives positions, where 0.2 changed five of 100 in Draw and 0.3 one
MIN_WORLD_NODES = PROBE_NODES  # the least a world is given when the nodes left are few: one root action's first pass
RETRY_NODES = 4_000_000  # (or the nodes left); a world still unsolved is searched again a fixed number
# of moves deep (`solver.FALLBACK_DEPTH`) and is not exact
FACE_UP_SHARE = 0.5  # of the node allowance and the time cap, for the face-up pass where a second pass shares the
# next decision
POOL_WORLDS = 8  # times the budget's worlds where a hand wins or loses a pool: a world is a few dozen nodes and its
# value nearly all or nothing, so 120 of them leave the choice between close plays to chance (docs/levels.md)


def worlds_for(obs: Observation, budget: Budget) -> int:
    """How many worlds a decision samples: the budget's, or POOL_WORLDS times as many in a game for a pool."""
    return max(1, budget.worlds) * (POOL_WORLDS if obs.rules.has_pool else 1)


@dataclass(frozen=True)
class Stats:
    """What the last decision cost: worlds sampled and solved, how many exactly, nodes, seconds, and whether the
    safety cap (wall time) ended it before its budget of worlds and nodes."""

    worlds: int
    exact: int
    nodes: int
    seconds: float
    clock_cut: bool = False


def node_allowance(rules: Rules, seconds: float, compiled: bool = True) -> int:
    """The nodes a decision may search in all, for a budget of `seconds`: fixed per game, so that the answer does
    not depend on the machine's speed (a search not compiled, as for sets too big to compile, runs in plain Python,
    some fifty times slower)."""
    rate = SPINNER_NODES_PER_SECOND if rules.layout is LayoutKind.EVERY_SPINNER else NODES_PER_SECOND
    if not compiled or rules.tile_count > MAX_COMPILED_TILES:
        rate //= 50
    return int(rate * seconds)


def world_budget(cap: int, retry_nodes: int, left: int) -> tuple[int, int]:
    """The node budgets of one world's first try and of its longer try (0: none), given the decision's nodes left.
    Each try must end within them: where it holds two whole first tries, the world gets `cap` and a longer
    try of up to `retry_nodes`; where it is shorter there is no longer try, and the first try and the depth-limited
    one after it (a world past its first budget searches again, as much) share it, MIN_WORLD_NODES the least
    (never more than `cap`)."""
    if left >= 2 * cap:
        return cap, min(retry_nodes, left)
    return min(cap, max(MIN_WORLD_NODES, left // 2)), 0


def game_value(diff: float, obs: Observation) -> float:
    """The game value (2p - 1) for the observing seat of a round that ends `diff` points better for it from now.

    The points go to whichever side the difference favours (exact in Draw and Block, where one side scores a
    round; All Fives approximates). A finished game is +1, -1 or 0. Otherwise p = logistic((need_other -
    need_mine) / s) with s = 0.5 * sqrt(m * (smaller need + m)) and m = target / 5, about a round's worth:
    as either side nears the target, s shrinks and each point moves p more. A thousandth of the difference over
    the target breaks ties where p is flat.
    """
    rules = obs.rules
    target = rules.target
    if abs(diff) >= TARGET_BONUS / 2:
        return 1.0 if diff > 0 else -1.0
    if rules.plays_for_chips:  # chips: each one counts the same, however many are held (the search's unit is
        return diff / (POOL_SCALE * max(1, rules.ante * obs.seats))  # a chip in POOL_SCALE steps)
    me = obs.seat
    mine = obs.scores[me] + max(diff, 0.0)
    ours = rules.side_of(me)  # a partner's score is the side's own
    other = max(s for i, s in enumerate(obs.scores) if i not in ours) + max(-diff, 0.0)
    if mine >= target or other >= target:
        u = 1.0 if mine > other else -1.0 if mine < other else 0.0
    else:
        need_me, need_op = target - mine, target - other
        m = target / 5.0
        sc = 0.5 * math.sqrt(m * (min(need_me, need_op) + m))
        u = math.tanh((need_op - need_me) / (2.0 * sc))
    return u + 0.001 * diff / target


class Expert:
    """The strongest level: sampled worlds, each solved exactly, averaged per action. One decision at a time: its
    search buffers are reused (give each thread its own Expert)."""

    name = "expert"

    def __init__(self, seed: int = 0, worlds: int = 120, seconds: float = 1.0, world_nodes: int = WORLD_NODES,
                 compiled: bool = True, model: PlayModel | None = DEFAULT_MODEL, retry_nodes: int = RETRY_NODES,
                 window: float | None = None, draws_at_will: bool = False, paranoid: bool = False,
                 shared_next: bool = False, read_plays: int = 0, read_temperature: float = 1.0,
                 read_uniform: float = 0.15, standings: bool = True) -> None:
        self.standings = standings  # each for himself at three or four seats, in points: each world's leaves valued
        # by Expert's chance of winning the game from every seat's total (`solver_core.standing`), not by the
        # round's point difference mapped by `game_value` (which reads only the largest other score)
        self.read_plays = read_plays  # the other side's latest plays read by the face-up search (`reading.py`;
        # measured: worse against Hard, see docs/levels.md)
        self.read_temperature = read_temperature  # its softmax temperature, in steps of the game's scoring
        self.read_uniform = read_uniform
        self.shared_next = shared_next  # at two seats, take the next decision once per history it is met by
        # (measured: no better on the published deals, see the module's note)
        self.seed = seed
        self.paranoid = paranoid  # each for himself at more than two seats: the others against Expert (measured:
        # worse, see the module's note), not each by a rule of thumb
        self.draws_at_will = draws_at_will  # weigh a draw while a tile fits (measured: worse, see above)
        self.model = model  # how the other seats' plays are rated (None: not at all, every world weighs the same)
        self.budget = Budget(worlds, seconds)
        self.world_nodes = world_nodes
        self.retry_nodes = retry_nodes
        self.window = window
        if compiled:
            warm_up()
        self.solver = Solver(compiled)
        self.last: Stats | None = None

    def weighed(self, obs: Observation) -> list[Action]:
        """The legal actions Expert chooses among: not "muggins" (`catch` decides it), nor a draw at will while a tile
        fits (see the module's note)."""
        return searched(obs.legal_actions(), self.draws_at_will)

    def analyse(self, obs: Observation, budget: Budget | None = None) -> tuple[list[Action], list[float], Stats]:
        """Each legal action and its average game value over the sampled worlds (the mover's point of view)."""
        start = time.perf_counter()
        budget = budget or self.budget
        legal = self.weighed(obs)
        if not legal:
            raise ValueError(f"expert was asked to move, but seat {obs.seat} has no move now")
        if obs.rules.asks:  # Honest John's star: worlds played out by the engine (`star_search`), the budget's
            # worlds for a second and fewer in proportion to a shorter budget (a web seat's share), never the clock's
            count = max(1, round(budget.worlds * min(1.0, budget.seconds)))
            values, played = star_search.analyse(obs, legal, count, budget.cap_seconds,
                                                 decision_seed(self.seed, obs), star_search.bar(obs.rules))
            return legal, values, Stats(played, 0, 0, time.perf_counter() - start, played < count)
        rng = random.Random(decision_seed(self.seed, obs))
        belief = Belief(obs)
        self.solver.clear()
        totals = [0.0] * len(legal)
        worlds = exact = nodes = 0
        clock_cut = False
        deadline = start + CAP_SHARE * budget.cap_seconds
        # sets too big to compile are searched in plain Python, some fifty times slower: a smaller node budget
        cap = self.world_nodes if obs.rules.tile_count <= MAX_COMPILED_TILES else self.world_nodes // 50
        samples, weights = self._worlds(obs, belief, rng, worlds_for(obs, budget))
        # the cost of a world is measured from here: dealing every world first (a large share of a decision where
        # worlds solve in a few dozen nodes, as in Domino Pool) is not a world's cost, and counting it would stop a
        # decision after one world when that dealing took half the cap, though the rest would end well inside it
        solving = time.perf_counter()
        share = self.window if self.window is not None else (SCORING_WINDOW if obs.rules.scores_ends else WINDOW)
        window_points = max(1, int(share * obs.rules.target)) if share else 0
        by_rule = obs.seats > 2 and not obs.rules.partners and not self.paranoid
        stand = self.standings and by_rule and standings_apply(obs.rules, obs.seats)
        if stand:  # the window in the standings' steps of a chance of winning
            window_points = max(1, int(share * STAND_SCALE)) if share else 0
        gv: dict[float, float] = {}  # the game value of each point difference met (there are few)
        weight_sum = 0.0
        face_up: list[list[float]] = [[] for _ in legal]  # each action's value in each world
        deep = self.shared_next and obs.seats == 2 and not obs.rules.claims
        # with `deep`, the face-up pass leaves the rest of the nodes and the time to the second (`_shared`)
        share = FACE_UP_SHARE if deep else 1.0
        first_deadline = start + CAP_SHARE * budget.cap_seconds * share
        full = node_allowance(obs.rules, budget.seconds, self.solver.compiled)
        allowance = int(full * share)
        solved_worlds: list[World] = []
        rated = rated_plays(obs, self.read_plays) if self.read_plays else []
        temperature = self.read_temperature * max(1, obs.rules.end_multiple)
        for world, weight in zip(samples, weights):
            if worlds and nodes + nodes / worlds > allowance:
                break  # the budget: another world would likely overrun the decision's nodes
            now = time.perf_counter()
            if worlds and now + (now - solving) / worlds > first_deadline:
                clock_cut = True
                break  # the safety cap: another world would likely overrun it
            state = world_state(obs, world)
            self.solver.clear()  # a fresh (small) table each world: its entries of the world before never match
            world_cap, retry = world_budget(cap, self.retry_nodes, allowance - nodes)
            if rated:
                spent = [0]
                solve = self._solver_for(rng, world_cap, window_points, by_rule, spent)
                weight *= math.exp(log_likelihood(obs, world, rated, solve, temperature, self.read_uniform))
                nodes += spent[0]
                self.solver.clear()
            # the best actions so far first: an action far worse than those in this world is only bounded
            order = sorted(range(len(legal)), key=lambda i: (-totals[i], i))
            solved = self.solver.values(state, legal, root=obs.seat, salt=rng.getrandbits(62),
                                        max_nodes=world_cap, retry_nodes=retry, order=order,
                                        window=window_points, free_draws=False, others_by_rule=by_rule,
                                        standings=stand)
            for i, v in enumerate(solved.values):
                g = gv.get(v)
                if g is None:  # with the standings, a value is already a chance of winning the game
                    g = gv[v] = 2.0 * v / STAND_SCALE - 1.0 if stand else game_value(v, obs)
                totals[i] += weight * g
            if deep:
                solved_worlds.append(world)
                for i, v in enumerate(solved.values):
                    face_up[i].append(v)
            weight_sum += weight
            worlds += 1
            exact += solved.exact
            nodes += solved.nodes
        values = [t / weight_sum for t in totals]
        if deep:
            shared, more = self._shared(obs, legal, solved_worlds, weights[:worlds], face_up, values, rng,
                                        window_points, deadline, cap, full - nodes)
            nodes += more
            values = shared if shared is not None else values
            clock_cut = clock_cut or (shared is None and nodes <= full)
        return legal, values, Stats(worlds, exact, nodes, time.perf_counter() - start, clock_cut)

    def _shared(self, obs: Observation, legal: list[Action], worlds: list[World], weights: list[float],
                face_up: list[list[float]], averages: list[float], rng: random.Random, window: int,
                deadline: float, cap: int, left: int) -> tuple[list[float] | None, int]:
        """The second pass (`next_decision`): each action's value with Expert's next decision taken per history,
        the best by the face-up average first. An action whose face-up average is no better than the best value
        found so far keeps its average (sharing can only lower it). None where its `left` nodes run out or the
        time cap comes first (the face-up averages stand), and the nodes searched."""
        spent = [0]
        solve = self._solver_for(rng, cap, window, False, spent)
        states = [resume(obs, w) for w in worlds]
        out = list(averages)
        best = -math.inf
        for i in sorted(range(len(legal)), key=lambda k: (-averages[k], k)):
            if averages[i] <= best:
                break
            paths = []
            for w, st in enumerate(states):
                if spent[0] > left or time.perf_counter() > deadline:
                    return None, spent[0]
                paths.append(follow(st, i, legal[i], face_up[i][w], obs.seat, solve))
            out[i] = shared_value(paths, weights, lambda v: game_value(v, obs))
            best = max(best, out[i])
        return out, spent[0]

    def _solver_for(self, rng: random.Random, cap: int, window: int, by_rule: bool, spent: list[int]
                    ) -> Callable[[FaceUpRound, list[Action], int], list[float]]:
        """A face-up solve of one position beside the decision's own (a later decision, an earlier play read):
        each on a fresh table, its nodes added to `spent[0]`."""

        def solve(state: FaceUpRound, actions: list[Action], root: int) -> list[float]:
            self.solver.clear()
            got = self.solver.values(state, actions, root=root, salt=rng.getrandbits(62), max_nodes=cap,
                                     window=window, free_draws=False, others_by_rule=by_rule)
            spent[0] += got.nodes
            return got.values

        return solve

    def _worlds(self, obs: Observation, belief: Belief, rng: random.Random, count: int
                ) -> tuple[list[World], list[float]]:
        """`count` sampled worlds and the weight of each: how likely it makes the other seats' plays (relative to
        the likeliest; all 1 without a model or without a play to rate). The samples already obey every hard fact
        (`belief.py`); the weights add what the choice of plays suggests."""
        samples = [belief.sample(rng) for _ in range(count)]
        evidence = PlayEvidence(obs, self.model) if self.model is not None else None
        if not evidence:
            return samples, [1.0] * count
        logs = [evidence.log_likelihood(w) for w in samples]
        top = max(logs)
        return samples, [math.exp(v - top) for v in logs]

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice:
        caught = catch(obs, 1.0, self.seed)  # points the other side forgot to claim: always taken
        if caught is not None:
            self.last = Stats(0, 0, 0, 0.0)
            return caught
        legal = self.weighed(obs)
        if len(legal) == 1:
            self.last = Stats(0, 0, 0, 0.0)
            return Choice(legal[0])
        legal, values, stats = self.analyse(obs, budget)
        self.last = stats
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return Choice(legal[best], {str(a): v for a, v in zip(legal, values)}, clock_cut=stats.clock_cut)
