"""The table's game logic: replay a stored game, apply a browser's action, let the computer answer, undo.

The server is authoritative: every action goes through `GameState.apply`; the browser gets frames (one seat's
view after each event, with the event explained) to animate, never the full state.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bones.engine import (PASS, RULES, Action, ActionParseError, GameState, IllegalAction, get_rules, new_game,
                          observe, observe_finished)
from bones.engine.layout import end_words
from bones.players import LEVELS

from . import computer
from .store import GameRow, Store
from .view import build_view
from .words import Names, draw_text, game_text, pass_text, play_text, round_text

GAME_IDS = tuple(RULES)  # every game of the registry is on the table's Game menu
OPPONENTS = tuple(LEVELS) + (computer.TWO_PLAYERS,)
# "players": the number of seats chosen for each game that allows more than two ({"muggins": 3})
DEFAULT_SETTINGS: dict[str, Any] = {"game": "draw", "opponent": "beginner", "show_moves": False, "players": {}}
MAX_REPLIES = 400  # a safety bound on the computer's moves in one answer (a whole round is far fewer)


def hint_words(action: Action, reason: str | None) -> str:
    """The hint in one line: where the tile goes, then why ("lay 6-4 on the right end: it scores 10.")."""
    if action.kind == "play" and action.tile is not None:
        where = f" on the {end_words(action.end)}" if action.end else " to open the round"
        head = f"lay {action.tile}{where}"
    elif action.kind == "draw":
        head = "nothing in your hand fits: draw from the boneyard"
    else:
        head = "nothing fits and nothing can be drawn: pass"
    why = " ".join((reason or "").split())  # one line, whatever the reason's author wrote
    why = why.replace(" pips", " dots")  # the table says dots, as the rules page does
    if why and action.kind == "play" and action.tile is not None and ":" in why:
        prefix, rest = why.split(":", 1)
        if prefix.strip().startswith(str(action.tile)):  # "6-4 on the right: scores 10" says where once
            why = rest.strip()
    if why and action.kind != "play":
        why = "" if why.rstrip(".").endswith(("draw", "pass")) or why.startswith("It is the only") else why
    if not why:
        return head + "."
    why = why.rstrip(".")
    return f"{head}: {why[:1].lower() + why[1:]}."


class ApiError(Exception):
    """A request the table refuses: an HTTP status and a message fit to show a person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Replayed:
    """A stored game replayed: the state now, and the seat that took each action."""

    game: GameState
    seats: list[int] = field(default_factory=list)


def _names(opponent: str, players: int = 2) -> Names:
    if opponent == computer.TWO_PLAYERS:
        return Names(("Player 1", "Player 2"))
    if players == 2:
        return Names(("You", "The computer"))
    return Names(("You",) + tuple(f"Computer {i}" for i in range(1, players)))


def _options(row: GameRow) -> dict[str, Any] | None:
    """The engine options a stored game was dealt with (only the number of players can differ)."""
    return {"players": row.players} if row.players != RULES[row.rules].players else None


class Table:
    """Every browser's games, over one `Store`."""

    def __init__(self, store: Store, cache_size: int = 256) -> None:
        self.store = store
        self._cache: OrderedDict[int, tuple[tuple[str, ...], Replayed]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()

    def lock(self, token: str) -> threading.Lock:
        """One lock per browser: its requests are handled one at a time."""
        with self._locks_lock:
            lk = self._locks.get(token)
            if lk is None:
                lk = self._locks[token] = threading.Lock()
            return lk

    # ----- replay ------------------------------------------------------------------------------------------

    def replay(self, row: GameRow) -> Replayed:
        """The game of `row`, replayed from its actions (continuing from a cached prefix when there is one)."""
        actions = tuple(row.actions)
        with self._cache_lock:
            hit = self._cache.get(row.id)
        start = 0
        if hit is not None and hit[0] == actions[: len(hit[0])]:
            rep = Replayed(hit[1].game, list(hit[1].seats))
            start = len(hit[0])
        else:
            rep = Replayed(new_game(row.rules, row.seed, _options(row)))
        for text in actions[start:]:
            seat = rep.game.current_seat
            rep.game = rep.game.apply(Action.parse(text))
            rep.seats.append(seat if seat is not None else -1)
        self._remember(row.id, actions, rep)
        return rep

    def _remember(self, game_id: int, actions: tuple[str, ...], rep: Replayed) -> None:
        with self._cache_lock:
            self._cache[game_id] = (actions, Replayed(rep.game, list(rep.seats)))
            self._cache.move_to_end(game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    # ----- settings and games ------------------------------------------------------------------------------

    def settings(self, token: str) -> dict[str, Any]:
        stored = self.store.settings(token)
        out = dict(DEFAULT_SETTINGS)
        out.update({k: v for k, v in stored.items() if k in DEFAULT_SETTINGS})
        if out["game"] not in GAME_IDS:
            out["game"] = "draw"
        if out["opponent"] not in OPPONENTS:
            out["opponent"] = "beginner"
        players = out["players"] if isinstance(out["players"], dict) else {}
        out["players"] = {g: n for g, n in players.items()
                          if g in GAME_IDS and isinstance(n, int) and n in RULES[g].allowed_players}
        return out

    @staticmethod
    def seats_for(settings: dict[str, Any], rules: str) -> int:
        """How many sit at the table for `rules`: two when two people share it, else the number chosen."""
        if settings["opponent"] == computer.TWO_PLAYERS:
            return 2
        n = settings["players"].get(rules, 2)
        return n if n in RULES[rules].allowed_players else 2

    def current(self, token: str, rules: str, settings: dict[str, Any] | None = None) -> GameRow:
        """The browser's game of `rules` on the table (with as many players as chosen), dealing a new one if there
        is none."""
        players = self.seats_for(settings if settings is not None else self.settings(token), rules)
        row = self.store.current_game(token, rules, players)
        if row is None:
            row = self.store.new_game(token, rules, secrets.randbelow(2**31), players)
        return row

    def check_game(self, token: str, rules: Any, game_id: Any, n: Any) -> GameRow:
        """The game a request names, or a clear refusal (unknown game, another browser's, out of date)."""
        if not isinstance(rules, str) or rules not in GAME_IDS:
            raise ApiError(404, f"There is no game {rules!r} here (games: {', '.join(GAME_IDS)}).")
        row = self.current(token, rules)
        if game_id is not None:
            if not isinstance(game_id, int) or isinstance(game_id, bool):
                raise ApiError(400, "The game id must be a whole number.")
            if game_id != row.id:
                other = self.store.game(game_id) if 0 < game_id < 2**62 else None
                if other is None:
                    raise ApiError(404, f"There is no game {game_id}.")
                if other.token != token:
                    raise ApiError(403, "That game belongs to another browser.")
                raise ApiError(409, "That game is no longer on the table: a new game was started.")
        if n is not None:
            if not isinstance(n, int) or isinstance(n, bool):
                raise ApiError(400, "The move number 'n' must be a whole number.")
            if n != len(row.actions):
                raise ApiError(409, "The table has moved on since this page last saw it (another tab?). "
                                    "Reload to see it as it is.")
        return row

    # ----- acting ------------------------------------------------------------------------------------------

    def _view(self, game: GameState, seat: int, opponent: str, lid: int) -> dict[str, Any]:
        two = opponent == computer.TWO_PLAYERS
        lid_open = (not two) or lid == seat
        return build_view(observe(game, seat), _names(opponent, game.seats), lid_open=lid_open, two_players=two)

    def _near_seat(self, game: GameState, opponent: str, last: int) -> int:
        """The seat at the near edge: you against the computer; the side to move with two players."""
        if opponent != computer.TWO_PLAYERS:
            return 0
        seat = game.current_seat
        return seat if seat is not None else last

    def _apply(self, row: GameRow, rep: Replayed, action: Action, opponent: str, frames: list[dict[str, Any]],
               auto: bool = False) -> None:
        """Apply one action, append it to the row and describe it in frames."""
        game = rep.game
        seat = game.current_seat
        if seat is None:
            raise ApiError(409, "The game is over: start a new game.")
        index = game.round_index
        new = game.apply(action)
        rnd = new.round_of_action(index)  # the round this action belongs to, as it stands after it
        assert rnd is not None and rnd.log is not None
        event = rnd.history[-1]
        resolved = event.action
        open_pips = sorted(event.before.open_pips(), reverse=True)
        names = _names(opponent, game.seats)
        if resolved.kind == "play":
            assert resolved.tile is not None
            text = play_text(names, seat, resolved.end, str(resolved.tile), rnd.table, event.scored,
                             event.before.down == 0 and rnd.lead_tile >= 0)
        elif resolved.kind == "draw":
            text = draw_text(names, seat, open_pips)
        else:
            text = pass_text(names, seat, open_pips, game.rules)
        row.actions.append(str(resolved))
        rep.seats.append(seat)
        rep.game = new
        two = opponent == computer.TWO_PLAYERS
        if two and (resolved.kind != "draw" or rnd.over):
            row.lid = -1  # after every tile (or pass) both hands lie face down
        ev = {"seat": seat, "action": str(resolved), "kind": resolved.kind, "scored": event.scored,
              "text": text, "auto": auto}
        if len(new.results) > len(game.results):
            near = seat if two else 0
            result = new.results[-1]
            summary = round_text(names, result, game.rules, len(new.results))
            if new.over:
                summary += " " + game_text(names, new.scores, new.winner)
            view = build_view(observe_finished(new, near), names, lid_open=not two or row.lid == near,
                              two_players=two)
            frames.append({"n": len(row.actions), "event": ev, "view": view,
                           "round_end": {"text": summary, "pips": list(result.pips_left),
                                         "points": list(result.points), "game_over": new.over}})
            if not new.over:
                near = self._near_seat(new, opponent, seat)
                leader = new.current_seat
                deal = f"Round {len(new.results) + 1} is dealt."
                if leader is not None:
                    deal += f" {names.who(leader)} {'lead' if names.who(leader) == 'You' else 'leads'}."
                frames.append({"n": len(row.actions), "event": {"seat": None, "kind": "deal", "text": deal},
                               "view": self._view(new, near, opponent, row.lid)})
        else:
            near = self._near_seat(new, opponent, seat)
            frames.append({"n": len(row.actions), "event": ev, "view": self._view(new, near, opponent, row.lid)})

    def advance(self, row: GameRow, rep: Replayed, opponent: str, frames: list[dict[str, Any]]) -> None:
        """Let the computer answer and pass for a side that has nothing to do but pass, until a person acts."""
        humans = {0, 1} if opponent == computer.TWO_PLAYERS else {0}
        for _ in range(MAX_REPLIES):
            game = rep.game
            seat = game.current_seat
            if game.over or seat is None:
                return
            obs = observe(game, seat)
            legal = obs.legal_actions()
            if seat in humans:
                if legal == [PASS]:
                    self._apply(row, rep, PASS, opponent, frames, auto=True)
                    continue
                return
            level = opponent if opponent in LEVELS else "beginner"
            action = computer.choose(level, row.seed + len(row.actions), obs)
            self._apply(row, rep, action, opponent, frames)

    def finish(self, row: GameRow, rep: Replayed, opponent: str) -> None:
        """Save the row; a game just decided goes into the record once (an undo later does not change it)."""
        self._remember(row.id, tuple(row.actions), rep)
        game = rep.game
        if game.over and not row.recorded and opponent != computer.TWO_PLAYERS:
            self.store.add_record(row, game.winner == 0, opponent, list(game.scores))
        else:
            self.store.save_game(row)

    def act(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """A browser's action: check it, apply it, let the computer answer; frames to animate."""
        settings = self.settings(token)
        row = self.check_game(token, body.get("game"), body.get("id"), body.get("n"))
        text = body.get("action")
        if not isinstance(text, str):
            raise ApiError(400, "Say which action: a tile and an end like \"6-4 R\", or \"draw\" or \"pass\".")
        try:
            action = Action.parse(text)
        except ActionParseError as e:
            raise ApiError(400, str(e)[:300]) from None
        rep = self.replay(row)
        game = rep.game
        opponent = settings["opponent"]
        if game.over:
            raise ApiError(409, "The game is over: start a new game.")
        seat = game.current_seat
        if seat is None:
            raise ApiError(409, "The round is over.")
        two = opponent == computer.TWO_PLAYERS
        if not two and seat != 0:
            raise ApiError(409, "It is not your turn: the computer is to move.")
        if two and row.lid != seat:
            raise ApiError(409, f"Player {seat + 1}'s tiles are face down: tap the lid first.")
        want = body.get("seat")
        if want is not None and want != seat:
            raise ApiError(409, "It is not your turn.")
        hand = observe(game, seat).hand
        if action.kind == "play" and action.tile not in hand:
            raise ApiError(422, f"{action.tile} is not in your hand.")
        if action not in game.legal_actions():
            try:
                rnd = game.round
                assert rnd is not None
                resolved = rnd.resolve(action)
                if resolved not in game.legal_actions():
                    rnd.apply(resolved)
                    raise IllegalAction(f"{action} is not a legal move now")
                action = resolved
            except IllegalAction as e:
                msg = str(e).replace(f"the hand of seat {seat}", "your hand")
                raise ApiError(422, msg[:1].upper() + msg[1:] + ".") from None
        frames: list[dict[str, Any]] = []
        self._apply(row, rep, action, opponent, frames)
        self.advance(row, rep, opponent, frames)
        self.finish(row, rep, opponent)
        return {"frames": frames, "state": self.state(token, row.rules, row, rep)}

    def undo(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Take back your last tile and the computer's answer (and your draws before it): nothing reshuffled."""
        settings = self.settings(token)
        row = self.check_game(token, body.get("game"), body.get("id"), body.get("n"))
        rep = self.replay(row)
        two = settings["opponent"] == computer.TWO_PLAYERS
        humans = {0, 1} if two else {0}
        i = len(row.actions) - 1
        while i >= 0 and not (rep.seats[i] in humans and row.actions[i] not in ("draw", "pass")):
            i -= 1
        if i < 0:
            raise ApiError(409, "There is nothing to undo yet.")
        while i > 0 and rep.seats[i - 1] == rep.seats[i] and row.actions[i - 1] == "draw":
            i -= 1
        row.actions = row.actions[:i]
        row.lid = -1
        rep = self.replay(row)
        frames: list[dict[str, Any]] = []
        self.advance(row, rep, settings["opponent"], frames)
        self.finish(row, rep, settings["opponent"])
        return {"frames": frames, "state": self.state(token, row.rules, row, rep)}

    def new(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Start over: a fresh deal of the game on the lid (the old one leaves the table unrecorded)."""
        settings = self.settings(token)
        rules = body.get("game", settings["game"])
        if not isinstance(rules, str) or rules not in GAME_IDS:
            raise ApiError(404, f"There is no game {rules!r} here (games: {', '.join(GAME_IDS)}).")
        # The seed stays on the server: a browser that chose it could work out every hidden tile.
        row = self.store.new_game(token, rules, secrets.randbelow(2**31), self.seats_for(settings, rules))
        rep = self.replay(row)
        frames: list[dict[str, Any]] = []
        self.advance(row, rep, settings["opponent"], frames)
        self.finish(row, rep, settings["opponent"])
        return {"frames": frames, "state": self.state(token, rules, row, rep)}

    def lid(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Two players: the side to move turns its own tiles face up."""
        settings = self.settings(token)
        row = self.check_game(token, body.get("game"), body.get("id"), body.get("n"))
        if settings["opponent"] != computer.TWO_PLAYERS:
            raise ApiError(409, "The lid is only used when two people play.")
        rep = self.replay(row)
        seat = rep.game.current_seat
        if seat is None:
            raise ApiError(409, "Nobody is to move.")
        row.lid = seat
        self.store.save_game(row)
        return {"frames": [], "state": self.state(token, row.rules, row, rep)}

    def hint(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Expert's suggestion from the seat to move (it sees that seat's tiles and the table only)."""
        settings = self.settings(token)
        row = self.check_game(token, body.get("game"), body.get("id"), body.get("n"))
        rep = self.replay(row)
        game = rep.game
        seat = game.current_seat
        two = settings["opponent"] == computer.TWO_PLAYERS
        if game.over or seat is None:
            raise ApiError(409, "The game is over: there is nothing to hint.")
        if (not two and seat != 0) or (two and row.lid != seat):
            raise ApiError(409, "A hint is for the side to move, with its tiles face up.")
        obs = observe(game, seat)
        s = computer.hint(obs, seed=row.seed + len(row.actions))
        row.hints += 1
        self.store.save_game(row)
        a = s.action
        say = "Hint: " + hint_words(a, s.reason)
        return {"hint": {"action": str(a), "tile": str(a.tile) if a.tile else None, "end": a.end, "say": say},
                "state": self.state(token, row.rules, row, rep)}

    def change(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Settings: the game on the lid, the opponent, Show moves."""
        settings = self.settings(token)
        for key, value in sorted(body.items(), key=lambda kv: kv[0] == "players"):
            if key == "players":
                rules = settings["game"]
                allowed = RULES[rules].allowed_players
                if not isinstance(value, int) or isinstance(value, bool) or value not in allowed:
                    counts = " or ".join(map(str, allowed))
                    raise ApiError(400, f"{RULES[rules].name} is played by {counts} players here.")
                settings["players"] = {**settings["players"], rules: value}
                continue
            if key == "game":
                if value not in GAME_IDS:
                    raise ApiError(404, f"There is no game {value!r} here (games: {', '.join(GAME_IDS)}).")
            elif key == "opponent":
                if value not in OPPONENTS:
                    raise ApiError(400, f"Unknown opponent {value!r} (choose from {', '.join(OPPONENTS)}).")
            elif key == "show_moves":
                if not isinstance(value, bool):
                    raise ApiError(400, "show_moves must be true or false.")
            else:
                raise ApiError(400, f"Unknown setting {key!r} (settings: game, opponent, players, show_moves).")
            settings[key] = value
        self.store.save_settings(token, settings)
        return self.load(token, settings["game"])

    def load(self, token: str, rules: Any = None) -> dict[str, Any]:
        """The table as this browser left it (the computer answers first if it was left to move)."""
        settings = self.settings(token)
        if rules is None:
            rules = settings["game"]
        if not isinstance(rules, str) or rules not in GAME_IDS:
            raise ApiError(404, f"There is no game {rules!r} here (games: {', '.join(GAME_IDS)}).")
        if settings["game"] != rules:
            settings["game"] = rules
            self.store.save_settings(token, settings)
        row = self.current(token, rules, settings)
        rep = self.replay(row)
        frames: list[dict[str, Any]] = []
        before = len(row.actions)
        self.advance(row, rep, settings["opponent"], frames)
        if len(row.actions) != before or (rep.game.over and not row.recorded):
            self.finish(row, rep, settings["opponent"])
        return {"frames": frames, "state": self.state(token, rules, row, rep)}

    def state(self, token: str, rules: str, row: GameRow, rep: Replayed) -> dict[str, Any]:
        """Everything the page needs to draw the table now."""
        settings = self.settings(token)
        opponent = settings["opponent"]
        game = rep.game
        near = self._near_seat(game, opponent, rep.seats[-1] if rep.seats else 0)
        view = self._view(game, near, opponent, row.lid)
        names = _names(opponent, game.seats)
        if game.over:
            view["result"] = game_text(names, game.scores, game.winner)
        if game.results and game.round is not None and game.round.tiles_down == 0 and not game.over:
            view["last_round"] = round_text(names, game.results[-1], game.rules, len(game.results))
        record = self.store.record(token, rules)
        return {
            "game": rules,
            "games": [{"id": g, "name": r.name, "players": list(r.allowed_players)} for g, r in RULES.items()],
            "players": row.players,
            "opponents": [{"id": o, "name": computer.OPPONENT_NAMES[o]} for o in OPPONENTS],
            "stand_in": None if opponent == computer.TWO_PLAYERS else computer.level_note(opponent, game.rules),
            "settings": settings,
            "id": row.id,
            "n": len(row.actions),
            "hints": row.hints,
            "can_undo": any(s in ({0, 1} if opponent == computer.TWO_PLAYERS else {0}) and a not in ("draw", "pass")
                            for s, a in zip(rep.seats, row.actions)),
            "view": view,
            "record": {"games": [{"won": r["won"]} for r in record],
                       "won": sum(r["won"] for r in record), "lost": sum(not r["won"] for r in record),
                       "hints": self.store.hints_used(token, rules)},
        }
