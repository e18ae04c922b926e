"""The table's game logic: replay a stored game, apply a browser's action, let the computer answer, undo.

The server is authoritative: every action goes through `GameState.apply`; the browser gets frames (one seat's
view after each event, with the event explained) to animate, never the full state. Reading the table (`peek`)
writes nothing; every change is a POST.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from bones.engine import (PASS, RULES, Action, ActionParseError, GameState, IllegalAction, RoundResult, game_to_record,
                          get_rules, new_game, observe, observe_finished)
from bones.engine.actions import play_open
from bones.engine.layout import end_words
from bones.engine.rules import Turn, listed, players_words
from bones.engine.tiles import not_in_set
from bones.players import LEVELS

from . import computer, star, take_back, variations
from .rules_text import rules_text
from .store import GameRow, Store
from .view import build_view, claim_amounts, laid_for
from .words import (Names, cut_text, draw_text, game_summary, game_text, hint_words, muggins_text, pass_text,
                    play_text, round_text, shut_text, subject)

GAME_IDS = tuple(RULES)  # every game of the registry is on the table's Game menu
OPPONENTS = tuple(LEVELS) + (computer.TWO_PLAYERS,)
PACES = {"slow": 1200, "normal": 700, "fast": 350}  # the computer's pace: milliseconds between its moves
# "players": the number of seats chosen for each game that allows more than two ({"muggins": 3}); "options": the
# variations chosen for each game, those that differ from the game's own ({"muggins": {"claims": true}})
DEFAULT_SETTINGS: dict[str, Any] = {"game": "draw", "opponent": "beginner", "show_moves": False, "players": {},
                                    "options": {}, "pace": "normal", "sound": False, "shortcuts": True}
SWITCHES = ("show_moves", "sound", "shortcuts")  # the settings that are on or off
MAX_REPLIES = 400  # a safety bound on the computer's moves in one answer (a whole round is far fewer)
FORCED = ("draw", "pass", "ask")  # actions a seat takes when nothing else is open to it (a draw at will aside:
# `Replayed.chosen`): Undo never stops at one
STALE = "stale"  # the code of a refusal because the page is behind the table (another tab moved on)
# A game's seed deals every hand and the boneyard of every round, so it is as secret as they are. Drawn from 2**31, it
# could be found again from one's own first hand by dealing each seed in turn (a few core-hours in C), and with it
# every hidden tile; 2**63 (SQLite's INTEGER) leaves no such search.
SEEDS = 2**63


class ApiError(Exception):
    """A request the table refuses: an HTTP status and a message fit to show a person (`code` says what kind,
    for the page: "stale" when another tab has moved the game on)."""

    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code


@dataclass
class Replayed:
    """A stored game replayed: the state now, the seat that took each action, and the state before the last
    action (to explain it again after a reload)."""

    game: GameState
    seats: list[int] = field(default_factory=list)
    before: GameState | None = None
    chosen: list[bool] = field(default_factory=list)  # each action: taken by choice (Undo may stop there), not
    # because nothing else was open (a draw or pass with nothing that fits, an ask)
    round_states: list[GameState] = field(default_factory=list)  # the game as the round being played began and
    # after each of its moves (the moves told again from them without playing them again)

    def __post_init__(self) -> None:
        if not self.round_states:
            self.round_states = [self.game]

    def took(self, seat: int, action: str, after: GameState) -> None:
        """`action` (its text), taken by `seat` in the game now, led to `after`."""
        self.chosen.append(_chosen(self.game, action))
        self.seats.append(seat)
        self.before, self.game = self.game, after
        if len(after.results) > len(self.before.results):
            self.round_states = [after]
        else:
            self.round_states.append(after)

    @property
    def round_moves(self) -> int:
        """How many actions the round being played has had."""
        return len(self.round_states) - 1

    def copy(self) -> Replayed:
        """Another to go on with, sharing the states (which never change) but not the lists."""
        return Replayed(self.game, list(self.seats), self.before, list(self.chosen), list(self.round_states))


def _names(two: bool, players: int = 2) -> Names:
    if two:
        return Names(("Player 1", "Player 2"))
    if players == 2:
        return Names(("You", "The computer"))
    return Names(("You",) + tuple(f"Computer {i}" for i in range(1, players)))


def _options(row: GameRow) -> dict[str, Any] | None:
    """The engine options a stored game was dealt with: its number of players and its variations (None: the
    game's own)."""
    out = dict(row.options)
    if row.players != RULES[row.rules].players:
        out["players"] = row.players
    return out or None


def _chosen(game: GameState, action: str) -> bool:
    """Whether `action` (its text), taken in `game`, was the seat's choice: anything but a draw, pass or ask made
    because nothing else was open (a draw at will is a choice)."""
    return action not in FORCED or (action == "draw" and play_open(game.legal_actions()))


def _level(row: GameRow) -> str:
    return row.opponent if row.opponent in LEVELS else "beginner"


def _check_two(settings: dict[str, Any], rules: str) -> None:
    """Refuse a game that two people cannot share when two share the table."""
    game = RULES[rules]
    if settings["opponent"] == computer.TWO_PLAYERS and 2 not in game.allowed_players:
        seats = players_words(game.allowed_players)
        raise ApiError(400, f"Two people share the table in games for two; {subject(game.name_in_sentence)} is played "
                            f"by {seats}. Choose a computer level to play it.")


def _check_rules(rules: Any) -> str:
    """The rules id a request names, or a refusal in words: 400 when it names no game, 404 for an unknown one."""
    if not isinstance(rules, str) or not rules:
        raise ApiError(400, f"Say which game, by its id: {{\"game\": \"draw\"}} (games: {', '.join(GAME_IDS)}).")
    if rules not in GAME_IDS:
        raise ApiError(404, f"There is no game {rules[:40]!r} here (games: {', '.join(GAME_IDS)}).")
    return rules


def moves_seen(actions: list[str]) -> str:
    """A short digest of a game's actions: the page sends it back, and a page whose moves differ is behind."""
    return hashlib.sha256(json.dumps(actions).encode()).hexdigest()[:16]


def _tied(record: dict[str, Any]) -> bool:
    """Whether a recorded game ended with you tied for the most (no winner, and none above you): not a loss."""
    scores = record["scores"]
    return not record["won"] and not record["abandoned"] and bool(scores) and scores[0] == max(scores)


def _the(end: str) -> str:
    """An end as a sentence names it: "the left end", but "your line" and "Computer 3's line" as they are."""
    return end if end.startswith("your ") or "'s " in end else f"the {end}"


def _named(body: dict[str, Any], settings: dict[str, Any]) -> Any:
    """The game a request names, or (none named, or null) the one on the lid."""
    game = body.get("game")
    return settings["game"] if game is None else game


def _round_end(result: RoundResult, text: str, told: str, game_over: bool) -> dict[str, Any]:
    """A finished round as the page's round-end box shows it: its words, the pips and points, and every hand left,
    face up (nothing is hidden once a round is over)."""
    return {"text": text, "round_text": told, "pips": list(result.pips_left), "points": list(result.points),
            "shown": [[str(t) for t in hand] for hand in result.hands_left], "game_over": game_over}


class Table:
    """Every browser's games, over one `Store`."""

    def __init__(self, store: Store, cache_size: int = 256,
                 clock: Callable[[], computer.Clock] = computer.Clock) -> None:
        self.store = store
        self.clock = clock  # the shared thinking time of the computer seats answering one request
        self._cache: OrderedDict[int, tuple[tuple[str, ...], Replayed]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        # one lock per browser while a request of it holds one: nothing is kept for a browser that is idle
        self._locks: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
        self._locks_lock = threading.Lock()

    def lock(self, token: str) -> Any:
        """One lock per browser: its requests are handled one at a time."""
        with self._locks_lock:
            lk = self._locks.get(token)
            if lk is None:
                lk = threading.Lock()
                self._locks[token] = lk
            return lk

    def lock_count(self) -> int:
        """Browsers with a lock now (those with a request in hand)."""
        with self._locks_lock:
            return len(self._locks)

    # ----- replay ------------------------------------------------------------------------------------------

    def replay(self, row: GameRow) -> Replayed:
        """The game of `row`, replayed from its actions (continuing from a cached prefix when there is one)."""
        actions = tuple(row.actions)
        with self._cache_lock:
            hit = self._cache.get(row.id)
        start = 0
        if hit is not None and hit[0] == actions[: len(hit[0])]:
            rep = hit[1].copy()
            start = len(hit[0])
        else:
            first = new_game(row.rules, row.seed, _options(row))
            rep = Replayed(first)
        for text in actions[start:]:
            seat = rep.game.current_seat
            rep.took(seat if seat is not None else -1, text, rep.game.apply(Action.parse(text)))
        self._remember(row.id, actions, rep)
        return rep

    def _remember(self, game_id: int, actions: tuple[str, ...], rep: Replayed) -> None:
        with self._cache_lock:
            self._cache[game_id] = (actions, rep.copy())
            self._cache.move_to_end(game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    # ----- settings and games ------------------------------------------------------------------------------

    def settings(self, token: str) -> dict[str, Any]:
        """The browser's settings, the defaults filling what it never chose (reading writes nothing)."""
        stored = self.store.peek_settings(token) or {}
        out = dict(DEFAULT_SETTINGS)
        out.update({k: v for k, v in stored.items() if k in DEFAULT_SETTINGS})
        if out["game"] not in GAME_IDS:
            out["game"] = "draw"
        if out["opponent"] not in OPPONENTS:
            out["opponent"] = "beginner"
        if out["opponent"] == computer.TWO_PLAYERS and 2 not in RULES[out["game"]].allowed_players:
            out["game"] = "draw"  # two people at a game of four: saved once by a hand-made request, never opened
        if out["pace"] not in PACES:
            out["pace"] = "normal"
        for key in SWITCHES:
            if not isinstance(out[key], bool):
                out[key] = DEFAULT_SETTINGS[key]
        players = out["players"] if isinstance(out["players"], dict) else {}
        out["players"] = {g: n for g, n in players.items()
                          if g in GAME_IDS and isinstance(n, int) and n in RULES[g].allowed_players}
        options = out["options"] if isinstance(out["options"], dict) else {}
        # each game's variations checked for the seats it is played by (a game never set is at its own number:
        # Sebastopol's four, whose partners a table of two would refuse)
        kept = {g: variations.valid(g, o, out["players"].get(g, RULES[g].players)) for g, o in options.items()
                if g in GAME_IDS}
        out["options"] = {g: o for g, o in kept.items() if o}
        return out

    @staticmethod
    def variations_for(settings: dict[str, Any], rules: str) -> dict[str, Any]:
        """The variations chosen for `rules` (only those that differ from the game's own)."""
        return dict(settings["options"].get(rules, {}))

    @staticmethod
    def seats_for(settings: dict[str, Any], rules: str) -> int:
        """How many sit at the table for `rules`: two when two people share it, else the number chosen."""
        game = RULES[rules]
        if settings["opponent"] == computer.TWO_PLAYERS and 2 in game.allowed_players:
            return 2
        n = settings["players"].get(rules, game.players)
        return n if n in game.allowed_players else game.players

    def _stored(self, token: str, rules: str, settings: dict[str, Any]) -> GameRow | None:
        """The game on the table for these settings: the game, the number of players, against the computer or
        between two people, and the variations chosen (each keeps its own game)."""
        two = self.seats_for(settings, rules) == 2 and settings["opponent"] == computer.TWO_PLAYERS
        wanted = self.variations_for(settings, rules)
        return self.store.current_game(token, rules, self.seats_for(settings, rules), two,
                                       lambda options: variations.of_row(rules, options) == wanted)

    def current(self, token: str, rules: str, settings: dict[str, Any] | None = None) -> GameRow:
        """The browser's game of `rules` on the table (as many players as chosen, against the computer or between
        two people as chosen), dealing a new one if there is none. A game keeps the level it was dealt against
        once you have played in it; before that it takes the level chosen."""
        settings = settings if settings is not None else self.settings(token)
        row = self._stored(token, rules, settings)
        if row is None:
            return self.store.new_game(token, rules, secrets.randbelow(SEEDS), self.seats_for(settings, rules),
                                       settings["opponent"], self.variations_for(settings, rules))
        self._take_level(row, settings)
        return row

    @staticmethod
    def _level_for(row: GameRow, settings: dict[str, Any], started: Callable[[], bool]) -> str:
        """Who plays `row`: a game nobody has played in yet takes the level chosen (a level: two people never take
        over a computer's game); from then on it keeps its own. `started` is asked only where it decides."""
        chosen = settings["opponent"]
        if not row.two and chosen in LEVELS and row.opponent != chosen and (row.opponent == "" or not started()):
            return str(chosen)
        return row.opponent

    def _take_level(self, row: GameRow, settings: dict[str, Any]) -> None:
        """The level chosen kept by a game nobody has played in yet."""
        level = self._level_for(row, settings, lambda: self._started(row))
        if level != row.opponent:
            row.opponent = level
            self.store.save_game(row)

    def _started(self, row: GameRow, rep: Replayed | None = None) -> bool:
        """Whether a person has acted in the game (from then on it is theirs to finish or to leave as a loss); a
        pass the table made for them does not count."""
        seats = (rep or self.replay(row)).seats
        people = row.humans
        return any(s in people and a != "pass" for s, a in zip(seats, row.actions))

    def check_game(self, token: str, body: dict[str, Any]) -> GameRow:
        """The game a request names, as stored, or a clear refusal (unknown game, another browser's, out of date);
        nothing is changed. Every request that changes a game names it by `id` and `n`, the number of actions the
        page has seen, and the page adds `seen`, the state's digest of those actions: after an Undo and another
        move a second tab's `n` can be right again with other moves behind it."""
        rules = _check_rules(body.get("game"))
        game_id, n, seen = body.get("id"), body.get("n"), body.get("seen")
        if seen is not None and not isinstance(seen, str):
            raise ApiError(400, "'seen' is the digest of the moves the page has seen, as the state gives it.")
        if game_id is None or n is None:
            raise ApiError(400, "Say which game and how far the page has seen it: {\"game\", \"id\", \"n\"} "
                                "(the page sends them with every move).")
        if not isinstance(game_id, int) or isinstance(game_id, bool):
            raise ApiError(400, "The game id must be a whole number.")
        if not isinstance(n, int) or isinstance(n, bool):
            raise ApiError(400, "The move number 'n' must be a whole number.")
        settings = self.settings(token)
        row = self._stored(token, rules, settings)  # found, not dealt: a refusal deals no game
        if row is None or game_id != row.id:
            other = self.store.game(game_id) if 0 < game_id < 2**62 else None
            if other is None:
                raise ApiError(404, f"There is no game {game_id}.")
            if other.token != token:
                raise ApiError(403, "That game belongs to another browser.")
            if other.rules != rules:
                raise ApiError(404, f"Game {game_id} is a game of {RULES[other.rules].name_in_sentence}, not a game "
                                    f"of {RULES[rules].name_in_sentence}.")
            raise ApiError(409, "That game is no longer on the table: a new game was started.", STALE)
        if n != len(row.actions) or (seen is not None and seen != moves_seen(row.actions)):
            raise ApiError(409, "The table has moved on since this page last saw it (another tab?).", STALE)
        return row

    # ----- acting ------------------------------------------------------------------------------------------

    def _view(self, game: GameState, seat: int, row: GameRow) -> dict[str, Any]:
        lid_open = (not row.two) or row.lid == seat
        return build_view(observe(game, seat), _names(row.two, game.seats), lid_open=lid_open, two_players=row.two)

    @staticmethod
    def _near_seat(game: GameState, row: GameRow, last: int) -> int:
        """The seat at the near edge: you against the computer; the side to move with two players."""
        if not row.two:
            return 0
        seat = game.current_seat
        return seat if seat is not None else last

    @staticmethod
    def _event(names: Names, before: GameState, after: GameState, seat: int) -> dict[str, Any]:
        """The last action (from `before` to `after`) as the page shows it: who, what, where, the points, and
        its explanation in words."""
        rnd = after.round_of_action(before.round_index)  # the round the action belongs to, as it left it
        assert rnd is not None and rnd.log is not None
        history = rnd.history
        event = history[-1]
        resolved = event.action
        rules = before.rules
        open_pips = sorted(event.before.open_pips(), reverse=True)
        penalty = 0
        if rules.asks:  # Honest John's star: each seat's own line, asks, sales and gifts
            asked = rnd.current if resolved.kind == "ask" and rnd.asker == seat and not rnd.over else None
            out_now = rnd.over and rnd.end == "out" and not rnd.hands[seat]
            drew = len(history) > 1 and history[-2].seat == seat and history[-2].action.kind == "draw"
            text = star.event_text(names, rules, seat, resolved, event.before, rnd.table, before.round_index, asked,
                                   out_now, drew)
        elif resolved.kind == "play":
            assert resolved.tile is not None
            tile = resolved.tile
            again = (rules.turn is Turn.DOUBLE_AGAIN and tile.is_double and not rnd.over and rnd.current == seat)
            for_seat = laid_for(rules, history, seat) if not rnd.over and rnd.current == seat else None
            on = rules.turn is Turn.PLAY_ON and not rnd.over and rnd.current == seat  # Block, playing on
            text = play_text(names, seat, resolved.end, str(tile), rnd.table, event.scored,
                             event.before.down == 0 and rnd.lead_tile >= 0, rules, resolved.claim, again, for_seat,
                             on)
            if rules.claims and resolved.claim is not None and not event.scored:
                penalty = resolved.claim  # a wrong claim: taken down, and marked to the next seat
            if rnd.taken_at_end:  # unclaimed, and the round is over: the next seat said muggins at once
                text += " " + muggins_text(names, rnd.taken_at_end_by, seat, rnd.taken_at_end)
        elif resolved.kind == "draw":
            run = 0  # the draws this seat has made in a row, this one included
            for past in reversed(history):
                if past.seat != seat or past.action.kind != "draw":
                    break
                run += 1
            text = draw_text(names, seat, open_pips, rules, run)
        elif resolved.kind == "muggins":
            victim = history[-2].seat if len(history) > 1 else (seat - 1) % before.seats
            text = muggins_text(names, seat, victim, event.scored)
        elif resolved.kind == "shut":
            text = shut_text(names, seat)
        else:
            text = pass_text(names, seat, open_pips, rules)
        out = {"seat": seat, "action": str(resolved), "kind": resolved.kind, "scored": event.scored,
               "end": resolved.end or ("C" if resolved.kind == "play" else None), "text": text}
        if resolved.kind in ("sell", "give") and resolved.end is not None:
            out["to"] = int(resolved.end[1:])  # the seat that asked: the tile is laid on its line
        if rules.claims and resolved.kind == "play":
            out["claim"] = resolved.claim
            out["penalty"] = penalty
        return out

    @staticmethod
    def _shut_by(game: GameState, seats: list[int]) -> list[int | None]:
        """For each finished round, the seat that shut it (None where nobody did); `seats`: the seat that took each
        action of the game, in order."""
        out: list[int | None] = []
        done = 0
        for i in range(len(game.results)):
            acts = game.actions[i] if i < len(game.actions) else ()
            done += len(acts)
            out.append(seats[done - 1] if acts and acts[-1].kind == "shut" and done - 1 < len(seats) else None)
        return out

    def _apply(self, row: GameRow, rep: Replayed, action: Action, frames: list[dict[str, Any]],
               auto: bool = False) -> None:
        """Apply one action, append it to the row and describe it in frames."""
        game = rep.game
        seat = game.current_seat
        if seat is None:
            raise ApiError(409, "The game is over: start a new game.")
        new = game.apply(action)
        names = _names(row.two, game.seats)
        ev = {**self._event(names, game, new, seat), "auto": auto}
        row.actions.append(ev["action"])
        rep.took(seat, ev["action"], new)
        if row.two and (new.current_seat != seat or len(new.results) > len(game.results)):
            row.lid = -1  # once the turn passes both hands lie face down (a draw, a muggins or a double kept open)
        if len(new.results) > len(game.results):
            near = seat if row.two else 0
            result = new.results[-1]
            told = round_text(names, result, game.rules, len(new.results), seat if ev["kind"] == "shut" else None)
            summary = told + (" " + game_text(names, new.scores, new.winner, new.rules) if new.over else "")
            view = build_view(observe_finished(new, near), names, lid_open=not row.two or row.lid == near,
                              two_players=row.two)
            # The round is over: every hand left is shown, face up, in seat order.
            end = _round_end(result, summary, told, new.over)
            if new.over:
                end["summary"] = game_summary(names, new.results, new.scores, new.winner, new.rules.target,
                                              new.rules, self._shut_by(new, rep.seats))
            frames.append({"n": len(row.actions), "event": ev, "view": view, "round_end": end})
            if not new.over:
                near = self._near_seat(new, row, seat)
                leader = new.current_seat
                deal = f"{new.rules.deal_word.capitalize()} {len(new.results) + 1} is dealt."
                if leader is not None:
                    deal += f" {names.who(leader)} {'lead' if names.who(leader) == 'You' else 'leads'}."
                frames.append({"n": len(row.actions), "event": {"seat": None, "kind": "deal", "text": deal},
                               "view": self._view(new, near, row)})
        else:
            near = self._near_seat(new, row, seat)
            frames.append({"n": len(row.actions), "event": ev, "view": self._view(new, near, row)})

    def _cut_frame(self, row: GameRow, rep: Replayed, frames: list[dict[str, Any]]) -> None:
        """A game whose players cut for the first set, not yet begun: a frame that shows the cut and who sets."""
        game = rep.game
        if row.actions or game.rules.cut is None or game.round is None or game.current_seat is None:
            return
        names = _names(row.two, game.seats)
        text = cut_text(names, game.rules, game.cut, game.round.leader)
        view = self._view(game, self._near_seat(game, row, 0), row)
        frames.append({"n": 0, "event": {"seat": None, "kind": "deal", "text": text}, "view": view})

    @staticmethod
    def _seats_to_answer(game: GameState, seat: int, humans: set[int]) -> int:
        """The computer seats to move from `seat` on before a person's turn (they share one thinking time)."""
        k = 0
        while k < game.seats and (seat + k) % game.seats not in humans:
            k += 1
        return max(1, k)

    def advance(self, row: GameRow, rep: Replayed, frames: list[dict[str, Any]]) -> None:
        """Let the computer answer and pass for a side that has nothing to do but pass, until a person acts. The
        computer seats answering in turn between two of yours share one thinking time (`computer.ANSWER_SECONDS`)."""
        humans = row.humans
        clock = self.clock()
        deal = rep.game.round_index
        for _ in range(MAX_REPLIES):
            game = rep.game
            seat = game.current_seat
            if game.over or seat is None:
                return
            obs = observe(game, seat)
            legal = obs.legal_actions()
            if seat in humans:
                # the table passes for you (not where scores are claimed: you may yet say muggins, and passing
                # for you only when you may not would tell you so)
                if legal == [PASS] and not game.rules.claims:
                    self._apply(row, rep, PASS, frames, auto=True)
                    clock = self.clock()
                    continue
                return
            if game.round_index != deal:  # a new round: its computer seats get their own time
                clock, deal = self.clock(), game.round_index
            # a seat with one thing to do does it at once; one with a choice thinks within its share of the time
            budget = (clock.budget(self._seats_to_answer(game, seat, humans), game.seats - len(humans))
                      if len(legal) > 1 else None)
            action = computer.choose(_level(row), row.seed + len(row.actions), obs, budget)
            self._apply(row, rep, action, frames)

    def finish(self, row: GameRow, rep: Replayed) -> None:
        """Save the row; a game just decided goes into the record once (an undo later does not change it)."""
        self._remember(row.id, tuple(row.actions), rep)
        game = rep.game
        if game.over and not row.recorded and not row.two:
            self.store.add_record(row, game.winner == 0, list(game.scores))
        else:
            self.store.save_game(row)

    def _parse(self, row: GameRow, text: Any) -> Action:
        """The action a request names, refused with a clear 400 when it is not one of this game's set."""
        if not isinstance(text, str):
            raise ApiError(400, "Say which action: a tile and an end like \"6-4 R\", or \"draw\" or \"pass\".")
        try:
            action = Action.parse(text)
        except ActionParseError as e:
            raise ApiError(400, str(e)[:300]) from None
        top = get_rules(row.rules, _options(row)).max_pip
        if action.tile is not None and action.tile.high > top:
            shown = text.split()[0] if text.split() else str(action.tile)
            raise ApiError(400, f"{not_in_set(shown[:20], top)}.")
        return action

    def act(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """A browser's action: check it, apply it, let the computer answer; frames to animate."""
        row = self.check_game(token, body)
        action = self._parse(row, body.get("action"))
        rep = self.replay(row)
        game = rep.game
        if game.over:
            raise ApiError(409, "The game is over: start a new game.")
        seat = game.current_seat
        if seat is None:
            raise ApiError(409, "The round is over.")
        if not row.two and seat != 0:
            raise ApiError(409, "It is not your turn: the computer is to move.")
        if row.two and row.lid != seat:
            raise ApiError(409, f"Player {seat + 1}'s tiles are face down: lift the lid first.")
        want = body.get("seat")
        if want is not None and want != seat:
            raise ApiError(409, "It is not your turn.")
        hand = observe(game, seat).hand
        if action.kind in ("play", "sell", "give") and action.tile not in hand:
            raise ApiError(422, f"{action.tile} is not in your hand.")
        legal = game.legal_actions()
        if action.kind == "muggins" and action not in legal:
            raise ApiError(422, self._no_muggins(game, seat, _names(row.two, game.seats)))
        claim = action.claim
        if claim is not None:
            # a claim is yours to make, right or wrong (a wrong one is marked to the next seat): the play itself
            # must be legal, and the amount one a player could claim in this game
            rules = game.rules
            if not rules.claims:
                raise ApiError(422, f"Nothing is claimed in {rules.name_in_sentence}: {rules.unclaimed_why}.")
            amounts = claim_amounts(rules)
            if claim not in amounts:
                step = amounts[1] - amounts[0] if len(amounts) > 1 else 1
                what = f"a multiple of {step}" if step > 1 else "a whole number of points"
                raise ApiError(400, f"A claim in {rules.name_in_sentence} is {what} from {amounts[0]} to "
                                    f"{amounts[-1]}.")
            action = action.claiming(None)
        if action not in legal:
            try:
                rnd = game.round
                assert rnd is not None
                resolved = rnd.resolve(action)
                if resolved not in game.legal_actions():
                    rnd.apply(resolved)
                    raise IllegalAction(f"{action} is not a legal move now")
                action = resolved
            except IllegalAction as e:
                msg = self._not_there(game, seat, row, action) or str(e).replace(f"the hand of seat {seat}",
                                                                                 "your hand")
                raise ApiError(422, msg[:1].upper() + msg[1:] + ("" if msg.endswith(".") else ".")) from None
        if claim is not None:
            action = action.claiming(claim)
        self._take_level(row, self.settings(token))  # your first move: the game is played against the level chosen
        frames: list[dict[str, Any]] = []
        self._apply(row, rep, action, frames)
        self.advance(row, rep, frames)
        self.finish(row, rep)
        return {"frames": frames, "state": self.state(token, row, rep)}

    def _not_there(self, game: GameState, seat: int, row: GameRow, action: Action) -> str | None:
        """Why a tile in hand cannot be laid (or handed over) where a request puts it, or why a seat asked for a
        tile must answer first, in the words the page shows (its `why_not`, or the ends it does fit, by name) rather
        than the engine's ("end R", "S0 shows 9", "seat 3"); None for anything else."""
        obs = observe(game, seat)
        names = _names(row.two, game.seats)
        if obs.asker is not None and action.kind not in ("sell", "give"):
            line = star.line_words(names, seat, obs.asker)
            verb = game.rules.answer
            return (f"{names.who(obs.asker)} asked you for a tile: {verb} one that fits {line} "
                    f"(it takes {star.need(game.rules, obs.table, obs.asker)}).")
        if action.kind not in ("play", "sell", "give") or action.tile is None:
            return None
        view = self._view(game, seat, row)
        tile = str(action.tile)
        ends = view["fits"].get(tile)
        if not ends:
            why: str | None = view["why_not"].get(tile)
            return why
        words = [_the(view["end_words"].get(e, end_words(e))) for e in ends if e]
        if not words or action.end in ends:  # it fits there, and something else is wrong (which half faces out)
            return None
        where = _the(view["end_words"][action.end]) if action.end in view["end_words"] else "there"
        if action.kind != "play":
            return f"{tile} goes on {' or '.join(words)}, the line of the player who asked, not {where}."
        return f"{tile} does not fit {where}: it fits {' or '.join(words)}."

    @staticmethod
    def _no_muggins(game: GameState, seat: int, names: Names) -> str:
        """Why "muggins" takes nothing now, in a player's words (the engine's reason, told of this table)."""
        rules = game.rules
        if not rules.claims:
            return f"Nobody says muggins in {rules.name_in_sentence}: {rules.unclaimed_why}."
        history = game.round.history if game.round is not None else ()
        if not history:
            return "No tile has been laid this round: there is nothing to take."
        last = history[-1]
        if last.seat == seat:
            return "Muggins! takes the points another player left unclaimed: the last move was yours."
        who = names.who(last.seat)
        if last.action.kind != "play":
            return f"{who} laid no tile last: there is nothing to take."
        if last.action.claim is not None:
            return f"{who} claimed the points of that tile: there is nothing to take."
        return f"{names.whose(last.seat)} last tile scored nothing: there is nothing to take."

    def _moved_this_round(self, row: GameRow, rep: Replayed) -> bool:
        """Whether a person at the table has acted, by choice, in the round being played."""
        done = rep.round_moves
        return done > 0 and any(take_back.chosen_by_people(row, rep)[-done:])

    def undo(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Take back your last tile and the computer's answer (and your draws before it): nothing reshuffled."""
        row = self.check_game(token, body)
        rep = self.replay(row)
        cut = take_back.undo_from(row, rep)
        if cut is None:
            raise ApiError(409, take_back.refusal(row, rep))
        said = take_back.taken_back_words(row.actions[cut:], rep.seats[cut:], rep.chosen[cut:],
                                          row.humans, _names(row.two, rep.game.seats))
        row.actions = row.actions[:cut]
        rep = self.replay(row)
        frames: list[dict[str, Any]] = []
        self.advance(row, rep, frames)
        self.finish(row, rep)
        return {"frames": frames, "state": self.state(token, row, rep), "said": said}

    def in_progress(self, row: GameRow, rep: Replayed) -> bool:
        """Whether New game would leave a game you have played in unfinished (against the computer that counts
        as a loss)."""
        return not rep.game.over and self._started(row, rep)

    def new(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Start over: a fresh deal of the game on the lid. A game against the computer left unfinished after you
        have played in it counts as a loss; two people's games are not recorded."""
        settings = self.settings(token)
        rules = _check_rules(_named(body, settings))
        _check_two(settings, rules)
        if body.get("id") is not None or body.get("n") is not None:  # the page names the game it saw: a tab
            self.check_game(token, {**body, "game": rules})  # behind another must not leave its game unasked
        old = self._stored(token, rules, settings)
        if old is not None and not old.two and not old.recorded:
            rep = self.replay(old)
            if self.in_progress(old, rep):
                self.store.add_record(old, False, list(rep.game.totals()), abandoned=True)
        # The seed stays on the server: a browser that chose it could work out every hidden tile.
        row = self.store.new_game(token, rules, secrets.randbelow(SEEDS), self.seats_for(settings, rules),
                                  settings["opponent"], self.variations_for(settings, rules))
        rep = self.replay(row)
        frames: list[dict[str, Any]] = []
        self._cut_frame(row, rep, frames)
        self.advance(row, rep, frames)
        self.finish(row, rep)
        return {"frames": frames, "state": self.state(token, row, rep)}

    def lid(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Two players: the side to move turns its own tiles face up."""
        row = self.check_game(token, body)
        if not row.two:
            raise ApiError(409, "The lid is only used when two people play.")
        rep = self.replay(row)
        seat = rep.game.current_seat
        if seat is None:
            raise ApiError(409, "Nobody is to move.")
        row.lid = seat
        self.store.save_game(row)
        return {"frames": [], "state": self.state(token, row, rep)}

    def hint(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Expert's suggestion from the seat to move (it sees that seat's tiles and the table only)."""
        row = self.check_game(token, body)
        rep = self.replay(row)
        game = rep.game
        seat = game.current_seat
        if game.over or seat is None:
            raise ApiError(409, "The game is over: there is nothing to hint.")
        if (not row.two and seat != 0) or (row.two and row.lid != seat):
            raise ApiError(409, "A hint is for the side to move, with its tiles face up.")
        obs = observe(game, seat)
        s = computer.hint(obs, seed=row.seed + len(row.actions))
        row.hints += 1
        self.store.save_game(row)
        a = s.action
        asker = obs.asker
        names = _names(row.two, game.seats)
        lines = star.end_names(obs, names) if game.rules.asks else None
        say = "Hint: " + hint_words(a, s.reason, game.rules.draws_freely,
                                    names.lower(asker) if asker is not None else "them", lines)
        return {"hint": {"action": str(a), "tile": str(a.tile) if a.tile else None, "end": a.end, "out": a.out,
                         "claim": a.claim, "say": say},
                "state": self.state(token, row, rep)}

    def change(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Settings: the game on the lid, the opponent, the number of players, the variations, Show moves, the
        computer's pace, sound and keyboard shortcuts. All are checked before any is kept. The number of players and
        the variations are for the game on the lid (after `game`, when the same request changes it), and each
        choice of them keeps a game of its own."""
        settings = self.settings(token)
        for key, value in sorted(body.items(), key=lambda kv: kv[0] in ("players", "options")):
            if key == "options":
                rules = settings["game"]
                if not isinstance(value, dict):
                    raise ApiError(400, "Variations are an object such as {\"claims\": true}.")
                chosen = {**variations.defaults(rules), **self.variations_for(settings, rules), **value}
                try:
                    kept = variations.check(rules, chosen, self.seats_for(settings, rules))
                except variations.VariationError as e:
                    raise ApiError(400, str(e)) from None
                others = {g: o for g, o in settings["options"].items() if g != rules}
                settings["options"] = {**others, rules: kept} if kept else others
                continue
            if key == "players":
                rules = settings["game"]
                allowed = RULES[rules].allowed_players
                if not isinstance(value, int) or isinstance(value, bool) or value not in allowed:
                    counts = players_words(allowed)
                    raise ApiError(400, f"{subject(RULES[rules].name)} is played by {counts} players here.")
                settings["players"] = {**settings["players"], rules: value}
                continue
            if key == "game":
                _check_rules(value)
            elif key == "opponent":
                if value not in OPPONENTS:
                    raise ApiError(400, f"Unknown opponent {value!r} (choose from {', '.join(OPPONENTS)}).")
            elif key == "pace":
                if value not in PACES:
                    raise ApiError(400, f"The pace is one of {', '.join(PACES)}.")
            elif key in SWITCHES:
                if not isinstance(value, bool):
                    raise ApiError(400, f"{key} must be true or false.")
            else:
                raise ApiError(400, f"Unknown setting {str(key)[:30]!r} (settings: game, opponent, players, options, "
                                    "show_moves, pace, sound, shortcuts).")
            settings[key] = value
        _check_two(settings, settings["game"])
        self.store.save_settings(token, settings)
        # a game switched to is opened anew (its tiles face down between two people); Show moves, the pace, sound
        # and shortcuts leave the hand as it is
        return self.open(token, {}, anew=any(k in body for k in ("game", "opponent", "players", "options")))

    def open(self, token: str, body: dict[str, Any], anew: bool = True) -> dict[str, Any]:
        """The page opening the table: the game chosen (`game`, else the one on the lid), dealt if there is none,
        and the computer's answer if it was left to move. Opened `anew` (not a setting changed under it), a game
        between two people lies face down."""
        settings = self.settings(token)
        rules = _check_rules(_named(body, settings))
        _check_two(settings, rules)
        if settings["game"] != rules or self.store.peek_settings(token) is None:
            settings["game"] = rules
            self.store.save_settings(token, settings)
        row = self.current(token, rules, settings)
        if anew and row.two and row.lid != -1:  # two people: a page opened (a reload, a tab, a game switched to)
            row.lid = -1  # finds every hand face down, whoever holds the device now; the side to move taps the lid
            self.store.save_game(row)
        rep = self.replay(row)
        frames: list[dict[str, Any]] = []
        before = len(row.actions)
        self._cut_frame(row, rep, frames)
        self.advance(row, rep, frames)
        if len(row.actions) != before or (rep.game.over and not row.recorded):
            self.finish(row, rep)
        return {"frames": frames, "state": self.state(token, row, rep)}

    def peek(self, token: str, rules: Any = None) -> dict[str, Any]:
        """The table as it stands, for reading only: nothing is written, dealt or moved."""
        settings = self.settings(token)
        rules = _check_rules(rules if rules is not None else settings["game"])
        row = self._stored(token, rules, settings)  # (a game dealt by New before the page ever opened too)
        if row is None:
            raise ApiError(404, f"This browser has no game of {RULES[rules].name_in_sentence} on the table yet: "
                                "open the page to deal one.")
        return {"state": self.state(token, row, self.replay(row))}

    def record(self, token: str, rules: Any, game_id: Any) -> dict[str, Any]:
        """One of this browser's games as a record (docs/record.md), once it is over: a record holds every hand
        and the boneyard, so an unfinished game's would show the tiles the table hides."""
        rules = _check_rules(rules)
        try:
            gid = int(game_id)
        except (TypeError, ValueError):
            raise ApiError(400, "Say which game: ?game=<rules>&id=<the game's number>.") from None
        row = self.store.game(gid) if 0 < gid < 2**62 else None
        if row is None or row.rules != rules:
            raise ApiError(404, f"There is no game {gid} of {RULES[rules].name_in_sentence}.")
        if row.token != token:
            raise ApiError(403, "That game belongs to another browser.")
        game = self.replay(row).game
        if not game.over:
            raise ApiError(409, "A record shows every hand and the boneyard: it is given once the game is over.")
        doc = game_to_record(game)
        rounds = doc.pop("rounds")
        doc["names"] = list(_names(row.two, game.seats).labels)
        doc["rounds"] = rounds  # the names before the rounds, as in every record bones writes
        return doc

    def rules_words(self, rules: Any, players: Any = None, options: Any = None) -> dict[str, Any]:
        """The Rules panel of a game (for a number of players it allows, with the variations given as JSON), from
        the rules' own fields."""
        base = RULES[_check_rules(rules)]
        n = base.players
        if players is not None:
            try:
                n = int(players)
            except (TypeError, ValueError):
                n = -1
            if n not in base.allowed_players:
                counts = players_words(base.allowed_players)
                raise ApiError(400, f"{subject(base.name)} is played by {counts} players here.")
        chosen: dict[str, Any] = {}
        if options is not None:
            try:
                parsed = json.loads(options) if isinstance(options, str) else options
            except (ValueError, RecursionError):  # RecursionError: nested far too deeply to read
                raise ApiError(400, "The variations must be JSON, such as {\"claims\": true}.") from None
            try:
                chosen = variations.check(base.id, parsed, n)
            except variations.VariationError as e:
                raise ApiError(400, str(e)) from None
        wanted = {**chosen, **({"players": n} if n != base.players else {})}
        return rules_text(base.with_options(wanted) if wanted else base)

    # ----- what the page is sent ---------------------------------------------------------------------------

    def _record(self, token: str, row: GameRow) -> dict[str, Any]:
        record = [] if row.two else self.store.record(token, row.rules, row.players)
        games = [{"won": r["won"], "tied": _tied(r), "abandoned": r["abandoned"]} for r in record]
        won = sum(g["won"] for g in games)
        tied = sum(g["tied"] for g in games)
        return {"games": games, "won": won, "tied": tied, "lost": len(games) - won - tied,
                "left": sum(g["abandoned"] for g in games),
                "hints": self.store.hints_used(token, row.rules, row.players),
                "players": row.players, "counted": not row.two}

    def _opponent_note(self, settings: dict[str, Any], row: GameRow, over: bool, started: bool) -> str | None:
        """A sentence when the level chosen is not the one playing the game on the table (a game nobody has played
        in yet takes the level chosen at your first move)."""
        chosen = settings["opponent"]
        if row.two or chosen == computer.TWO_PLAYERS or chosen == row.opponent or row.opponent not in LEVELS:
            return None
        if not started and not over:
            return None
        names = computer.OPPONENT_NAMES
        if over:
            return f"{names[chosen]} plays your next game."
        return (f"{names[row.opponent]} plays this game to its end; {names[chosen]} plays from your next game "
                "(New game).")

    def _this_round(self, rep: Replayed, names: Names) -> list[str]:
        """Every move of the round on the table, in the page's words: told after the last round's result where a
        reload lost its box (only the last move was told, and not who led), and listed under the table."""
        states = rep.round_states
        seats = rep.seats[len(rep.seats) - rep.round_moves:]
        return [self._event(names, before, after, seat)["text"]
                for before, after, seat in zip(states, states[1:], seats)]

    def state(self, token: str, row: GameRow, rep: Replayed) -> dict[str, Any]:
        """Everything the page needs to draw the table now."""
        settings = self.settings(token)
        game = rep.game
        near = self._near_seat(game, row, rep.seats[-1] if rep.seats else 0)
        view = self._view(game, near, row)
        names = _names(row.two, game.seats)
        summary = None
        shut_by = self._shut_by(game, rep.seats)
        can_undo = take_back.undo_from(row, rep) is not None
        if game.over:
            view["result"] = game_text(names, game.scores, game.winner, game.rules)
            summary = game_summary(names, game.results, game.scores, game.winner, game.rules.target, game.rules,
                                   shut_by)
            # how it ended, for the game-over box after a reload (it told only who won) and every hand left, face
            # up: nothing is hidden once a game is over
            end = game.results[-1]
            view["ended"] = {
                "move": self._event(names, rep.before, game, rep.seats[-1])["text"] if rep.before is not None else "",
                "round_text": round_text(names, end, game.rules, len(game.results), shut_by[-1]),
                "shown": [[str(t) for t in hand] for hand in end.hands_left]}
        if game.results and game.round is not None and not game.over and not self._moved_this_round(row, rep):
            # until you have moved in the new round the last one's result is told again (a reload while its box
            # was up lost it, once a computer had led the next)
            told = view["last_round"] = round_text(names, game.results[-1], game.rules, len(game.results),
                                                   shut_by[-1])
            if not row.two and game.finished is not None:
                # and a page opened then shows the table as that round left it, every hand face up as it was
                # shown, under its box again (QA: a reload while the box was up lost the finished table)
                view["last_round_end"] = {**_round_end(game.results[-1], told, told, False),
                                          "view": build_view(observe_finished(game, near), names)}
        if game.round is not None and not game.over:
            # every move of the round so far: told after the last round's result (above), and listed under the
            # table, where a move made at a table of eight is there to read after the next seven
            view["this_round"] = self._this_round(rep, names)
        # the variations the game on the table is played with (all of the game's, each with its value)
        options = {k: variations.value_of(game.rules, k) for k in variations.variation_keys(game.rules)}
        started = self._started(row, rep)
        playing = row.opponent if game.over else self._level_for(row, settings, lambda: started)
        last = None
        if rep.before is not None and len(rep.before.results) == len(game.results):  # the round still on the table
            last = self._event(names, rep.before, game, rep.seats[-1])
        return {
            "game": row.rules,
            "games": [{"id": g, "name": r.name, "players": list(r.allowed_players)} for g, r in RULES.items()],
            "players": row.players,
            "options": options,
            "variations": variations.describe(game.rules, options),
            "opponents": [{"id": o, "name": computer.OPPONENT_NAMES[o]} for o in OPPONENTS],
            "opponent": playing if playing in OPPONENTS else settings["opponent"],
            "opponent_note": self._opponent_note(settings, row, game.over, started),
            "stand_in": None if row.two else computer.level_note(playing if playing in LEVELS else _level(row),
                                                                 game.rules),
            "settings": settings,
            "paces": PACES,
            "id": row.id,
            "n": len(row.actions),
            "seen": moves_seen(row.actions),
            "hints": row.hints,
            "can_undo": can_undo,
            "undo_refusal": None if can_undo else take_back.refusal(row, rep),
            "in_progress": not game.over and started,
            "last": last,
            "summary": summary,
            "view": view,
            "record": self._record(token, row),
        }
