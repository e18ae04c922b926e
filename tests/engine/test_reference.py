"""Differential test: a slow, plain reference model of the rules, written from the seeds and docs/record.md,
follows random games of the real engine step by step and must agree on everything a player can see: who leads,
the legal actions, the open ends and their sum, points scored during play, how and when a round ends, what each
seat scores for it, and the end of the game. It runs for every game of the registry with every number of players
(and a few other options), with no code for any one game.

The model is deliberately naive (sets, dicts, one end at a time) and shares no code with the engine.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from bones.engine import GameState, Tile, new_game

from tests.kit import CONFIGS as REGISTRY, VARIATIONS, config_id

SETTINGS = settings(max_examples=20, derandomize=True, deadline=None, database=None)

CONFIGS: list[tuple[str, dict[str, Any] | None]] = REGISTRY + VARIATIONS + [
    ("draw_dominoes", {"players": 4, "opening": "highest_tile"}), ("muggins", {"players": 4, "hand_size": 7}),
    ("all_fives", {"hand_size": 3}), ("all_fives", {"set": 9, "target": 150}), ("muggins", {"set": 12, "players": 4}),
    ("block", {"set": 18, "target": 30}), ("draw", {"set": 9, "hand_size": 12, "target": 60}),
    ("five_up", {"set": 9, "target": 150}), ("all_threes", {"players": 3, "target": 60}),
    ("honest_john_2", {"players": 5, "set": 18}), ("honest_john", {"players": 6, "chips": 3, "hands": 3}),
]

# the ends in the order the engine lists them: the line, the first spinner's short ends, then later spinners'
ORDER = ("L", "R", "U", "D") + tuple(f"{u}{p}" for p in range(19) for u in "UD")



def nearest(pips: int, step: int) -> int:
    if not step:
        return pips
    q, r = divmod(pips, step)
    return (q + (1 if 2 * r >= step else 0)) * step


TRUMPS = {(0, 0), (6, 1), (5, 2), (4, 3)}  # seed 004's matadores


class RefRound:
    """One round by the book."""

    def __init__(self, rules: Any, hands: list[list[Tile]], boneyard: list[Tile], leader: int,
                 lead_tile: Tile | None, base: list[int]) -> None:
        self.r = rules
        self.hands = [set(h) for h in hands]
        self.boneyard = list(boneyard)
        self.current = leader
        self.lead_tile = lead_tile
        self.base = base
        self.down = 0
        self.first: Tile | None = None
        self.ends: dict[str, list[int]] = {}   # name -> [pips shown, what it counts]
        self.doubled: set[str] = set()          # ends where a double lies across
        self.spinner: int | None = None          # the first spinner's number
        self.long_sides: dict[int, set[str]] = {}  # each spinner's number -> the ends that are its uncovered long sides
        self.points = [0] * len(hands)
        self.over = False
        self.end: str | None = None
        self.winner: int | None = None
        self.end_points = [0] * len(hands)
        self.last: tuple[int, str] | None = None  # (seat, action) of the last action
        self.started: set[str] | None = None  # a cross: the arms begun (None: no cross on the table)

    # --- what may be done
    def can_draw(self) -> bool:
        kept = min(self.r.keep_back, self.r.tile_count - self.r.players * self.r.hand_size)
        return self.r.draw in ("until_fits", "optional") and len(self.boneyard) > kept

    def spins(self) -> bool:
        """Whether a double laid now becomes a spinner: every double in Five Up, the first in All Fives."""
        first = self.r.layout in ("first_spinner", "first_spinner_free")
        return self.r.layout == "every_spinner" or (first and self.spinner is None)

    def trump(self, t: Tile) -> bool:
        return self.r.fit == "seven" and (t.high, t.low) in TRUMPS

    def outs(self, t: Tile, shown: int) -> list[int]:
        """The halves t may leave facing out against an end showing `shown`."""
        if self.r.fit == "seven":
            if self.trump(t):
                return sorted({t.high, t.low})
            return [o for o, inner in ((t.low, t.high), (t.high, t.low)) if inner + shown == 7][:1]
        return [t.other(shown)] if shown in (t.high, t.low) else []

    def open_ends(self) -> list[str]:
        """Ends a tile may be laid on: every end, but in a cross only the arms not begun until all four are."""
        waiting = self.started if self.started is not None and len(self.started) < 4 else set()
        return [e for e in ORDER if e in self.ends and e not in waiting]

    def fits(self, t: Tile) -> list[str]:
        return [e for e in self.open_ends() if self.outs(t, self.ends[e][0])]

    def plays(self) -> list[str]:
        hand = self.hands[self.current]
        if self.r.trumps_when_stuck and any(self.fits(t) for t in hand if not self.trump(t)):
            hand = {t for t in hand if not self.trump(t)}
        out = []
        for t in hand:
            for e in self.fits(t):
                outs = self.outs(t, self.ends[e][0])
                texts = [f"{t} {e}"] if len(outs) == 1 else [f"{t} {e}:{o}" for o in outs]
                for text in texts:
                    # seed 004: a score counts only when its player claims it
                    points = self.trial(text) if self.r.claims else 0
                    out += [f"{text} +{points}", text] if points else [text]
        return out

    def trial(self, text: str) -> int:
        """What the play `text` would score (tried on a copy)."""
        import copy

        other = copy.deepcopy(self)
        other.r = self.r
        other.apply_tile(text)
        return other.scored(Tile.parse(text.split()[0]).is_double)

    def legal(self) -> list[str]:
        if self.over:
            return []
        hand = self.hands[self.current]
        if self.down == 0:
            leads = [str(self.lead_tile)] if self.lead_tile is not None else [str(t) for t in hand]
            if not self.r.claims:
                return leads
            # a first tile that scores is claimed like any play (seed 004: "a score counts only when claimed")
            return [x for text in leads for points in [self.trial(text)] for x in
                    ([f"{text} +{points}", text] if points else [text])]
        shut = ["shut"] if self.r.shut and self.last and self.last[1] == "pass" and self.last[0] != self.current \
            else []
        first = ["muggins"] if self.unclaimed() else []
        plays = self.plays()
        if plays:
            return first + plays + (["draw"] if self.r.draw == "optional" and self.can_draw() else []) + shut
        return first + (["draw"] if self.can_draw() else ["pass"]) + shut

    def unclaimed(self) -> int:
        """The points the last play made without a claim, for the next to take ("muggins")."""
        if not self.r.claims or not self.last or self.last[0] == self.current:
            return 0
        words = self.last[1].split()
        if words[0] in ("draw", "pass", "shut", "muggins") or words[-1].startswith("+"):
            return 0
        return self.scored(Tile.parse(words[0]).is_double)

    def end_sum(self) -> int | None:
        if self.down == 0:
            return None
        if self.down == 1:
            assert self.first is not None
            return self.first.pips
        total = sum(w for _, w in self.ends.values())
        if (self.r.layout == "first_spinner_free" and self.spinner is not None
                and self.long_sides.get(self.spinner) == {"L", "R"}):
            # seed 004's spinner variation: both sides of the first doublet open show one doublet, not two
            # ("The highest count possible is 35")
            total -= 2 * self.spinner
        return total

    def scored(self, double: bool) -> int:
        if self.r.headers:
            # Bergen: the set double is a double header; both ends alike 2, with a double at one of them 3
            if self.down == 1:
                return 2 if double else 0
            if self.ends["L"][0] != self.ends["R"][0]:
                return 0
            return 3 if self.doubled & {"L", "R"} else 2
        m = self.r.end_multiple
        s = self.end_sum() or 0
        if not m or not s or s % m:
            return 0
        return s // m if self.r.per_multiple else s

    # --- doing it
    def apply(self, text: str) -> None:
        assert text in self.legal(), (text, self.legal())
        seat = self.current
        taken = self.unclaimed() if text == "muggins" else 0
        before, self.last = self.last, (seat, text)
        if text == "draw":
            self.hands[seat].add(self.boneyard.pop(0))
            self.check_blocked()
            return
        if text == "pass":
            self.current = (seat + 1) % len(self.hands)
            self.check_blocked()
            return
        if text == "shut":
            self.finish("blocked")
            return
        if text == "muggins":
            self.points[seat] += taken
            if self.r.game_end == "target_at_once" and self.base[seat] + self.points[seat] >= self.r.target:
                self.over, self.end, self.winner = True, "target", seat
            return
        double, claim = self.apply_tile(text)
        scored = self.scored(double)
        made = scored
        penalty = 0
        if self.r.claims:
            scored, penalty = (scored, 0) if claim == scored else (0, claim or 0)
        self.points[seat] += scored
        nxt = (seat + 1) % len(self.hands)
        self.points[nxt] += penalty
        self.last_scored = scored
        if not self.hands[seat]:
            self.finish("out")
        elif scored and self.r.game_end == "target_at_once" and self.base[seat] + self.points[seat] >= self.r.target:
            self.over, self.end, self.winner = True, "target", seat
        elif penalty and self.r.game_end == "target_at_once" and self.base[nxt] + self.points[nxt] >= self.r.target:
            self.over, self.end, self.winner = True, "target", nxt
        else:
            again = self.r.turn == "double_again" and double
            # seed 004: "a player may go on as long as he can follow suit to either end of the line"
            on = self.r.turn == "play_on" and any(self.fits(t) for t in self.hands[seat])
            # seed 003's second mode: "When your adversary cannot play, you play for him, and for yourself too"
            both = self.r.plays_for_both and before is not None and before[1] == "pass" and before[0] != seat
            self.current = seat if again or on or both else nxt
            self.check_blocked()
        if self.r.claims and claim is None and made and self.over:
            # seed 004: "his adversary says, 'muggins,' and scores it himself": when the play ended the round, at once
            self.points[nxt] += made

    def apply_tile(self, text: str) -> tuple[bool, int | None]:
        """Lay the tile of the play `text` (its claim, if any, is returned with whether it was a double)."""
        seat = self.current
        words = text.split()
        claim = int(words.pop()[1:]) if words[-1].startswith("+") else None
        t = Tile.parse(words[0])
        self.hands[seat].remove(t)
        double = t.high == t.low
        if self.down == 0:
            self.first = t
            if double and self.r.layout == "cross":
                # Sebastopol: the first double opens four arms, none to grow until all four are begun
                self.ends = {e: [t.high, 2 * t.high] for e in ("L", "R", "U", "D")}
                self.doubled = {"L", "R", "U", "D"}
                self.started = set()
            elif double:
                self.ends = {"L": [t.high, 2 * t.high], "R": [t.high, 2 * t.high]}
                self.doubled = {"L", "R"}
                if self.spins():
                    self.spinner, self.long_sides = t.high, {t.high: {"L", "R"}}
                    if self.r.layout == "first_spinner_free":
                        self.ends["U"], self.ends["D"] = [t.high, 0], [t.high, 0]
            else:
                self.ends = {"L": [t.high, t.high], "R": [t.low, t.low]}
        else:
            e, _, out = words[1].partition(":")
            if self.started is not None:
                self.started.add(e)
            shown = self.ends[e][0]
            other = int(out) if out else self.outs(t, shown)[0]
            self.ends[e] = [other, 2 * other if double else other]
            self.doubled.discard(e)
            if double:
                self.doubled.add(e)
            for p, sides in self.long_sides.items():
                if e in sides:
                    # a tile against a spinner's long side; once both are covered, its short ends open
                    sides.discard(e)
                    if not sides and self.r.layout != "first_spinner_free":
                        u, d = ("U", "D") if p == self.spinner else (f"U{p}", f"D{p}")
                        self.ends[u] = [p, 0]
                        self.ends[d] = [p, 0]
                    break
            if double and self.spins():
                if self.spinner is None:
                    self.spinner = other
                    if self.r.layout == "first_spinner_free":
                        self.ends["U"], self.ends["D"] = [other, 0], [other, 0]
                self.long_sides[other] = {e}  # laid at an end: its other long side already touches the line
        self.down += 1
        return double, claim

    def check_blocked(self) -> None:
        if self.can_draw():
            return
        if any(self.fits(t) for h in self.hands for t in h):
            return
        self.finish("blocked")

    def finish(self, end: str) -> None:
        self.over, self.end = True, end
        pips = [sum(t.pips for t in h) for h in self.hands]
        low = min(pips)
        lowest = [s for s, p in enumerate(pips) if p == low]
        if end == "out":
            w: int | None = self.current
        else:
            w = lowest[0] if len(lowest) == 1 else None
        scoring = self.r.round_scoring
        if scoring == "pool":
            # seed 004: domino wins the pool; blocked, the fewest pips; ties divide (the odd chips stay in it)
            winners = [self.current] if end == "out" else lowest
            pool = self.r.ante * len(pips) + self.r.chips * len(pips) - sum(self.base)
            for s in range(len(pips)):
                self.end_points[s] = (pool // len(winners) if s in winners else 0) - self.r.ante
            w = winners[0] if len(winners) == 1 else None
        elif self.r.partners:
            # seed 004: the partners' pips are added, and the lighter side wins the difference
            ours, theirs = pips[0] + pips[2], pips[1] + pips[3]
            side = (0, 2) if ours < theirs else (1, 3) if theirs < ours else ()
            for s in side:
                self.end_points[s] = abs(ours - theirs)
            if end != "out":
                w = min(side, key=lambda s: (pips[s], s)) if side else None
        elif scoring == "lowest_takes_difference" and end == "out" and self.r.out_wins_alone:
            # seed 004's Block games for more than two: "when one player makes domino he counts all the pips
            # remaining" (a hand of only the 0-0 beside him shares nothing)
            self.end_points[self.current] = sum(pips)
        elif scoring == "lowest_takes_difference":
            # seed 001: the lowest hand (each tied lowest hand) takes the sum of the others minus its own; seed 003's
            # variation: plus its own
            others = sum(p for p in pips if p != low)
            gain = others + low if self.r.winner_scores_own else others - low
            for s in lowest:
                self.end_points[s] = max(0, gain) if others else 0
        elif scoring in ("bergen", "one_point"):
            if end != "out":
                # Bergen: a hand free of doublets comes first; else the lightest; a tie scores nothing
                free = [s for s, h in enumerate(self.hands) if not any(t.is_double for t in h)]
                pool = free if scoring == "bergen" and free else list(range(len(pips)))
                best = min(pips[s] for s in pool)
                ties = [s for s in pool if pips[s] == best]
                w = ties[0] if len(ties) == 1 else None
            if w is not None:
                self.end_points[w] = 1
        elif w is not None:
            # seeds 002/004: going out scores the other hands, rounded; blocked: the lighter hand scores the rest
            self.end_points[w] = nearest(sum(pips) - pips[w], self.r.rounding)
            if self.r.per_multiple and self.r.rounding:  # one point for each five: the hands too
                self.end_points[w] //= self.r.rounding
        self.winner = w
        self.pips_left = pips


class RefStar:
    """A round of Honest John by seed 000: every seat builds its own line from the centre double; a seat with
    nothing that fits draws one tile (version 2, while more than four remain), then asks to the left and on round the
    table; the first seat holding a tile that fits sells it for a chip (version 1) or gives it, and it is laid on the
    asker's line; nobody: the asker's line is turned face down (version 1) or its turn passes."""

    def __init__(self, rules: Any, hands: list[list[Tile]], boneyard: list[Tile], leader: int,
                 lead_tile: Tile | None, base: list[int]) -> None:
        self.r = rules
        self.n = len(hands)
        self.hands = [set(h) for h in hands]
        self.boneyard = list(boneyard)
        self.current = leader
        self.lead_tile = lead_tile
        self.lines: dict[int, int] = {}  # seat -> the number its line shows
        self.closed: set[int] = set()
        self.doubles_down: set[int] = set()
        self.asker: int | None = None
        self.drew = False
        self.actions = 0
        self.points = [0] * self.n
        self.end_points = [0] * self.n
        self.over = False
        self.end: str | None = None
        self.winner: int | None = None
        self.ends: dict[str, list[int]] = {}
        self.selling = rules.ask == "sell"

    def fits(self, t: Tile, seat: int) -> bool:
        if seat in self.closed or seat not in self.lines:
            return False
        shown = self.lines[seat]
        if shown not in (t.high, t.low):
            return False
        # version 2: "the double of that number must be played before any line ending in that number can be
        # continued with any other tile"
        return not self.r.doubles_first or shown in self.doubles_down or t.is_double

    def can_draw(self) -> bool:
        kept = min(self.r.keep_back, self.r.tile_count - self.r.players * self.r.hand_size)
        return self.r.draw == "once" and len(self.boneyard) > kept

    def legal(self) -> list[str]:
        if self.over:
            return []
        hand = self.hands[self.current]
        if not self.lines:
            return [str(self.lead_tile)]
        if self.asker is not None:
            verb = "sell" if self.selling else "give"
            return [f"{verb} {t} S{self.asker}" for t in hand if self.fits(t, self.asker)]
        plays = [f"{t} S{self.current}" for t in hand if self.fits(t, self.current)]
        if plays:
            return plays
        if self.r.lead_plays_again and self.actions == 1:
            return ["pass"]  # "must then play a matching tile on it if they can"
        if self.can_draw() and not self.drew:
            return ["draw"]
        return ["ask"]

    def next_after(self, seat: int) -> int:
        for k in range(1, self.n + 1):
            if (seat + k) % self.n not in self.closed:
                return (seat + k) % self.n
        return (seat + 1) % self.n

    def lay(self, seat: int, t: Tile) -> None:
        shown = self.lines[seat]
        self.lines[seat] = t.other(shown)
        if t.is_double:
            self.doubles_down.add(t.high)

    def apply(self, text: str) -> None:
        assert text in self.legal(), (text, self.legal())
        seat = self.current
        words = text.split()
        self.actions += 1
        if not self.lines:
            t = Tile.parse(words[0])
            self.hands[seat].remove(t)
            self.lines = {s: t.high for s in range(self.n)}
            self.doubles_down.add(t.high)
            self.current = seat if self.r.lead_plays_again else self.next_after(seat)
        elif words[0] == "draw":
            self.hands[seat].add(self.boneyard.pop(0))
            self.drew = True
        elif words[0] == "pass":
            self.current = self.next_after(seat)
        elif words[0] == "ask":
            for k in range(1, self.n):
                other = (seat + k) % self.n
                if any(self.fits(t, seat) for t in self.hands[other]):
                    self.asker, self.current = seat, other
                    break
            else:
                if self.selling:
                    self.closed.add(seat)  # "they turn the last tile of their line face down"
                    del self.lines[seat]
                self.current = self.next_after(seat)
                self.drew = False
        elif words[0] in ("sell", "give"):
            t = Tile.parse(words[1])
            asker = self.asker
            assert asker is not None
            self.hands[seat].remove(t)
            self.lay(asker, t)
            if self.selling:
                self.points[seat] += 1
                self.points[asker] -= 1
            self.asker = None
            self.drew = False
            if not self.hands[seat]:
                self.finish("out")  # "either by playing it on their own line or by selling it"
                return
            self.current = self.next_after(asker)
        else:
            t = Tile.parse(words[0])
            self.hands[seat].remove(t)
            self.lay(seat, t)
            self.drew = False
            if not self.hands[seat]:
                self.finish("out")
                return
            self.current = self.next_after(seat)
        self.ends = {f"S{s}": [p, p] for s, p in self.lines.items()}
        if self.asker is None and not self.can_draw() and not any(
                self.fits(t, s) for h in self.hands for t in h for s in range(self.n)):
            self.finish("blocked")

    def end_sum(self) -> None:
        return None

    def finish(self, end: str) -> None:
        self.over, self.end = True, end
        pips = [sum(t.pips for t in h) for h in self.hands]
        self.pips_left = pips
        if self.selling:
            # "they receive one chip from each of the other players"; no winner: nobody pays
            if end == "out":
                self.winner = self.current
                self.end_points = [self.n - 1 if s == self.current else -1 for s in range(self.n)]
            return
        low = min(pips)
        if end != "out" and low >= self.r.block_limit:
            return  # "provided that that number is less than 10"
        lowest = [s for s, p in enumerate(pips) if p == low]
        if end == "out" and self.r.out_wins_alone:
            lowest = [self.current]  # "If a player managed to play all their tiles, that wins the round"
        others = sum(p for p in pips if p != low)
        for s in lowest:
            self.end_points[s] = max(0, others - low) if others else 0
        self.winner = self.current if end == "out" else lowest[0] if len(lowest) == 1 else None


def ref_leader(rules: Any, index: int, deal: Any, results: list[Any]) -> tuple[int, Tile | None]:
    hands = [list(h) for h in deal.hands]
    if index > 0 and rules.next_leader == "descending_double":
        # "the starting double is the next double below the one that was used to start the previous round"
        below = results[-1].first
        from bones.engine.tiles import TILES_BY_ID
        for p in range(TILES_BY_ID[below].high - 1, -1, -1):
            for s, h in enumerate(hands):
                if Tile(p, p) in h:
                    return s, Tile(p, p)
        raise LookupError("no lower double")

    def opening() -> tuple[int, Tile | None]:
        everyone = [(t, s) for s, h in enumerate(hands) for t in h]
        doubles = [(t, s) for t, s in everyone if t.is_double]
        if rules.opening == "highest_double" and doubles:
            t, s = max(doubles, key=lambda x: x[0].high)
        else:
            assert rules.opening == "highest_tile" or rules.no_double == "heaviest_tile"
            t, s = max(everyone, key=lambda x: (x[0].pips, x[0].high))
        return s, (t if rules.opening_tile_must_lead else None)

    if index == 0 and rules.cut == "hands":
        return opening()[0], None
    if index == 0 and rules.cut in ("pushed", "drawn", "partners"):
        cut = list(deal.cut)
        doubles = [t for t in cut if t.is_double]
        if rules.cut == "drawn" and doubles:
            return cut.index(min(doubles, key=lambda t: t.high)), None
        lightest = min(cut, key=lambda t: t.pips)
        assert [t.pips for t in cut].count(lightest.pips) == 1
        if rules.cut == "partners":  # the two lowest cuts sit opposite each other
            order = sorted(range(4), key=lambda s: cut[s].pips)
            assert (order[0] - order[1]) % 2 == 0
        return cut.index(lightest), None
    if index == 0 or rules.next_leader == "opening":
        return opening()
    last = results[-1]
    if rules.next_leader == "alternate" or (rules.next_leader == "round_winner" and last.winner is None):
        return (last.leader + 1) % rules.players, None
    if last.end == "out" or rules.next_leader == "round_winner":
        return last.winner, None
    return opening()


def follow(rules_id: str, options: dict[str, Any] | None, seed: int, play_seed: int) -> int:
    g: GameState = new_game(rules_id, seed, options)
    rules = g.rules
    rng = random.Random(play_seed)
    scores = [rules.chips if rules.round_scoring in ("pool", "chip_from_each") else 0] * rules.players
    steps = 0
    for index in range(1000):
        if g.over:
            break
        deal = g.deal_for(index)
        assert deal is not None
        seat, lead = ref_leader(rules, index, deal, list(g.results))
        model = RefStar if rules.layout == "star" else RefRound
        ref = model(rules, [list(h) for h in deal.hands], list(deal.boneyard), seat, lead, list(scores))
        assert g.current_seat == seat, f"round {index}: leader"
        while not ref.over:
            assert g.current_seat == ref.current
            assert sorted(str(a) for a in g.legal_actions()) == sorted(ref.legal())
            text = rng.choice(ref.legal())
            g = g.apply(text)
            ref.apply(text)
            steps += 1
            rnd_points = g.round.round_points() if g.round_index == index and g.round else g.results[index].points
            if not ref.over:
                assert g.round is not None
                assert g.round.ends_by_name() == {e: v[0] for e, v in ref.ends.items()}
                if model is RefRound:  # nothing on a star counts the ends
                    assert g.round.end_sum() == ref.end_sum()
                assert list(rnd_points) == ref.points
                # the chips each seat holds: its ante is in the pool while the hand is played
                assert list(g.totals()) == [a + b - rules.ante for a, b in zip(scores, ref.points)]
                if rules.has_pool:  # no chip made or lost: what the seats hold and the pool add up to the stakes
                    assert sum(g.totals()) + g.pool == rules.chips * rules.players
        result = g.results[index]
        assert (result.end, result.winner) == (ref.end, ref.winner), (result, ref.end, ref.winner)
        assert list(result.points) == [a + b for a, b in zip(ref.points, ref.end_points)]
        if ref.end != "target":
            assert list(result.pips_left) == ref.pips_left
        scores = [a + b for a, b in zip(scores, result.points)]
        assert list(g.scores) == scores
        if rules.round_scoring == "pool":
            assert sum(scores) <= rules.chips * rules.players  # chips are never made, only moved (or left in the pool)
        # the end of the game: at once in All Fives, else after the round; Domino Pool after its hands, or when a
        # seat cannot ante
        if rules.game_end == "hands_played":
            assert g.over == (index + 1 == rules.hands or (rules.ante > 0 and min(scores) < rules.ante))
        elif rules.game_end == "doubles_run_out":
            # "when the [0-0] round has been played or the [0-0] was not found when called for to start a round"
            if result.first == 0:
                assert g.over
            else:
                nxt = g.deal_for(index + 1)
                try:
                    ref_leader(rules, index + 1, nxt, list(g.results))
                    assert not g.over
                except LookupError:
                    assert g.over
        else:
            reached = max(scores) >= rules.target
            assert g.over == (reached or ref.end == "target")
    assert g.over
    best = max(scores)
    if rules.partners:
        assert scores[0] == scores[2] and scores[1] == scores[3]
        assert g.winner == (None if scores[0] == scores[1] else 0 if scores[0] > scores[1] else 1)
    else:
        assert g.winner == (scores.index(best) if scores.count(best) == 1 else None)
    return steps


def _make(rules_id: str, options: dict[str, Any] | None) -> Callable[[], None]:
    @SETTINGS
    @given(seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
    def test(seed: int, play_seed: int) -> None:
        assert follow(rules_id, options, seed, play_seed) > 0

    return test


for _config in CONFIGS:
    globals()["test_engine_agrees_with_reference_" + config_id(_config).replace("-", "_")] = _make(*_config)


def test_reference_model_itself_on_the_seed_position() -> None:
    # The model must reproduce the seed's All Fives position too, or it proves nothing.
    from bones.engine import get_rules
    T = Tile.parse
    ref = RefRound(get_rules("all_fives"), [[T(x) for x in "5-5 5-4 5-1 3-2".split()],
                                            [T(x) for x in "6-5 4-4 6-4 3-3".split()]], [], 0, None, [0, 0])
    for a in ["5-5", "6-5 L", "5-4 R", "4-4 R", "5-1 U"]:
        ref.apply(a)
    assert ref.end_sum() == 15 and ref.points == [35, 0]
