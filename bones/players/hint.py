"""The Hint button: Expert from the asking seat with 0.7 s in place of 1 s, and one line saying why in a player's
words ("6-4 on the right: scores 10 and keeps your fives"). It sees what the asking seat sees and nothing more.
Where Expert does not play the game, the level standing in for it (`players.stand_in`) gives the hint."""

from __future__ import annotations

import threading
from collections import Counter

from bones.engine.actions import Action, play_open
from bones.engine.observation import Observation
from bones.engine.scoring import unclaimed
from bones.engine.layout import Table, end_words
from bones.engine.tiles import Tile

from .base import Budget, Choice
from . import make_player, stand_in
from .belief import Belief
from .expert import Expert

HINT_BUDGET = Budget(worlds=120, seconds=0.7, cap=0.7)  # a person is waiting: the cap is the time itself
NUMBER_WORDS = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "elevens", "twelves")
OTHER_WORDS = {"draw": "drawing", "pass": "passing", "shut": "shutting the game and counting"}
# as the table names the ends ("top end", "bottom end"; Sebastopol's 6-6 is nobody's spinner)
SIDE_WORDS = {"L": "on the left", "R": "on the right", "U": "on the top end", "D": "on the bottom end"}

_expert: list[Expert] = []  # one, built at the first hint: its search buffers (half a megabyte, 16 MB after a long
# search) are reused by every hint, whatever its seed, rather than kept once per game for good
_lock = threading.Lock()  # an Expert's search buffers serve one decision at a time; a web server asks from threads


def _choose(obs: Observation, seed: int, level: str) -> Choice:
    if level != "expert":
        return make_player(level, seed).choose(obs)
    with _lock:
        if not _expert:
            _expert.append(Expert(seed=seed))
        expert = _expert[0]
        expert.seed = seed  # an Expert's choice depends on its seed and the observation alone
        return expert.choose(obs, HINT_BUDGET)


def hint(obs: Observation, seed: int = 0) -> Choice:
    """What Expert would play in the asking seat, with a one-line reason."""
    legal = obs.legal_actions()
    if not legal:
        raise ValueError("it is not your turn")
    level = stand_in("expert", obs.rules).level
    choice = _choose(obs, seed, level)
    # only Expert's values are chances of winning: a level standing in for it weighs tiles on its own scale, and
    # read as chances its values gave "wins about 1069 games in 100 more"
    chances = choice.analysis if level == "expert" else None
    return Choice(choice.action, choice.analysis, reason(obs, choice.action, chances))


def _number(p: int) -> str:
    return NUMBER_WORDS[p] if p < len(NUMBER_WORDS) else f"{p}s"


def reason(obs: Observation, action: Action, analysis: dict[str, float] | None = None) -> str:
    """One line on why `action` is good, from facts of the position (points, pips, doubles, what the others
    could not play, the numbers kept), led by where the tile goes."""
    if action.kind == "draw":
        if play_open(obs.legal_actions()):  # drawing at will (the Draw Game)
            return "drawing does better than any tile you could lay now"
        return "nothing in your hand fits: draw"
    if action.kind == "pass":
        return "nothing fits and nothing can be drawn: pass"
    if action.kind == "shut":
        return "shut the game now and count: the hands favour you"
    if action.kind == "muggins":
        last = obs.history[-1] if obs.history else None
        points = unclaimed(obs.rules, obs.layout, obs.table, last.seat, last.action, obs.seat) if last else 0
        return f"muggins: take the {points} points the last play did not claim"
    tile = action.tile
    assert tile is not None
    facts: list[str] = []
    after = _after(obs, action)
    if after is not None and after[1]:
        facts.append(f"scores {after[1]}")
    ahead = _ahead(obs, action, analysis)
    if ahead:
        facts.append(ahead)
    if after is not None:
        stuck = _voids(obs) & set(after[0].open_pips())
        if stuck:
            facts.append(f"leaves the {_number(min(stuck))} they could not play before")
    plays = [a.tile for a in obs.legal_actions() if a.tile is not None]
    if tile.is_double:
        facts.append("gets the double down while it fits")
    elif plays and tile.pips == max(t.pips for t in plays) and tile.pips >= 7:
        facts.append(f"sheds {tile.pips} pips")
    kept = _kept_number(obs, tile, plays)
    if kept is not None:
        facts.append(f"keeps your {_number(kept)}")
    if not facts:
        facts.append("does best over the ways the hidden tiles can lie")
    return f"{_placed(action)}: {' and '.join(facts[:2])}"


def _kept_number(obs: Observation, tile: Tile, plays: list[Tile]) -> int | None:
    """The number the play keeps in hand, where that says something: one the tile laid does not show, held at
    least twice after it, that another play would have spent ("lay 1-0: keeps your ones" said nothing of the kind;
    the most common number left was named whatever was laid)."""
    rest = [t for t in obs.hand if t != tile]
    counts = Counter(p for t in rest for p in {t.high, t.low})
    spent = {p for t in plays if t != tile for p in (t.high, t.low)}
    kept = [(n, p) for p, n in counts.items() if n >= 2 and p not in (tile.high, tile.low) and p in spent]
    return max(kept)[1] if kept else None


def _placed(action: Action) -> str:
    """A play in words: "6-4 on the right", "6-6 as the first tile" (a round's or, in Domino Pool, a hand's)."""
    where = "as the first tile" if action.end is None else SIDE_WORDS.get(action.end, f"on the {end_words(action.end)}")
    return f"{action.tile} {where}"


def _ahead(obs: Observation, action: Action, analysis: dict[str, float] | None) -> str | None:
    """How much better the play does than the best play of another tile, where Expert's values are chances of
    winning the game (2p - 1; not in games for chips or on Honest John's star): "about 12 games in 100 more than
    5-5 on the left". None under 5 in 100, which the sampled deals cannot tell apart from nothing."""
    if not analysis or obs.rules.plays_for_chips or obs.rules.asks or str(action) not in analysis:
        return None
    others = [(v, k) for k, v in analysis.items() if not k.startswith(str(action.tile))]
    if not others:
        return None
    value, text = max(others)
    games = round(50 * (analysis[str(action)] - value))  # 2p - 1: half the difference is the chance
    if games < 5:
        return None
    other = Action.parse(text)
    said = _placed(other) if other.kind == "play" and other.tile is not None else OTHER_WORDS.get(other.kind)
    if said is None:
        return None
    return f"wins about {games} games in 100 more than {said}"


def _after(obs: Observation, action: Action) -> tuple[Table, int] | None:
    """The table after `action` and the points it scores there, or None (not a play that fits)."""
    try:
        return obs.after(action)
    except ValueError:
        return None


def points_made(obs: Observation, action: Action) -> int:
    """The points `action` makes as it is laid: 0 for anything but a tile that fits and scores."""
    after = _after(obs, action) if action.kind == "play" else None
    return after[1] if after is not None else 0


def _voids(obs: Observation) -> set[int]:
    """Numbers some other seat could not play on its last draw or pass (and has drawn nothing since)."""
    out: set[int] = set()
    for sb in Belief(obs).seats:
        if not sb.voids:
            continue
        k, pips = sb.voids[-1]
        if any(d > k for d in sb.draw_times):
            continue
        out |= {p for p in range(32) if pips >> p & 1}
    return out
