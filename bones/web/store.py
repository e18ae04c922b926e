"""The table's storage: browsers, games as (rules, players, options, seed, actions), and each browser's record, in
SQLite (WAL).

A game is never stored as a state: it is replayed from its actions, so a reload or a server restart continues
exactly where it was. Each game keeps the opponent it was dealt against (a level, or two people), so a change of
opponent never carries a game from one to the other.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

TWO = "two"  # the opponent of a game two people play on one device

SCHEMA = """
CREATE TABLE IF NOT EXISTS browsers (
    token TEXT PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    actions TEXT NOT NULL DEFAULT '[]',
    hints INTEGER NOT NULL DEFAULT 0,
    players INTEGER NOT NULL DEFAULT 2,
    opponent TEXT NOT NULL DEFAULT '',
    lid INTEGER NOT NULL DEFAULT -1,
    options TEXT NOT NULL DEFAULT '{}',
    recorded INTEGER NOT NULL DEFAULT 0,
    current INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_browser ON games (token, rules, current);
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token TEXT NOT NULL,
    rules TEXT NOT NULL,
    players INTEGER NOT NULL DEFAULT 2,
    game_id INTEGER NOT NULL,
    won INTEGER NOT NULL,
    abandoned INTEGER NOT NULL DEFAULT 0,
    opponent TEXT NOT NULL,
    scores TEXT NOT NULL,
    hints INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_browser ON records (token, rules);
"""

# Columns added since the first data folders, with what fills them in an old one.
_ADDED = {
    "games": {"players": "INTEGER NOT NULL DEFAULT 2", "opponent": "TEXT NOT NULL DEFAULT ''",
              "options": "TEXT NOT NULL DEFAULT '{}'"},  # a game from before options were kept: the game's own
    "records": {"players": "INTEGER NOT NULL DEFAULT 2", "abandoned": "INTEGER NOT NULL DEFAULT 0"},
}


def _options_text(options: dict[str, Any]) -> str:
    """Options as the games table keeps them: JSON with sorted keys, so equal options are equal text."""
    return json.dumps(options, sort_keys=True)


def _options(text: str) -> dict[str, Any]:
    value = json.loads(text or "{}")
    return value if isinstance(value, dict) else {}


@dataclass
class GameRow:
    """One stored game: what is needed to replay it, and the table's bookkeeping around it."""

    id: int
    token: str
    rules: str
    seed: int
    actions: list[str]
    hints: int = 0
    players: int = 2  # seats at the table (the games that allow it take 2 to 4)
    lid: int = -1  # two players: the seat whose tiles are face up, -1 when both lie face down
    recorded: bool = False  # its result is in the record (an undo after the end does not record it again)
    opponent: str = ""  # the level it is played against, or TWO; "" for a game from before opponents were kept
    options: dict[str, Any] = field(default_factory=dict)  # the engine options it was dealt with, besides players

    @property
    def two(self) -> bool:
        return self.opponent == TWO

    @property
    def humans(self) -> set[int]:
        """The seats people play: both between two people on one device, else the near seat."""
        return {0, 1} if self.two else {0}


class Store:
    """A small thread-safe wrapper around one SQLite file."""

    def __init__(self, data_dir: Path | str) -> None:
        self.dir = Path(data_dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.path = self.dir / "bones.sqlite3"
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Bring a data folder from an earlier version up to date (its games and records are kept)."""
        for table, added in _ADDED.items():
            columns = {r[1] for r in self._db.execute(f"PRAGMA table_info({table})")}
            for name, decl in added.items():
                if name not in columns:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {decl}")
                    if (table, name) == ("records", "players"):  # each record takes its game's seats
                        self._db.execute("UPDATE records SET players = COALESCE((SELECT players FROM games "
                                         "WHERE games.id = records.game_id), 2)")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def count(self, table: str) -> int:
        """Rows in one of the tables (for tests and checks): browsers, games or records."""
        if table not in ("browsers", "games", "records"):
            raise ValueError(f"no table {table!r}")
        with self._lock:
            return int(self._db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    # ----- browsers ----------------------------------------------------------------------------------------

    def peek_settings(self, token: str) -> dict[str, Any] | None:
        """The browser's settings, or None for a browser never seen (nothing is written)."""
        with self._lock:
            row = self._db.execute("SELECT settings FROM browsers WHERE token = ?", (token,)).fetchone()
        if row is None:
            return None
        value = json.loads(row[0])
        return value if isinstance(value, dict) else {}

    def settings(self, token: str) -> dict[str, Any]:
        """The browser's settings (created on first sight)."""
        with self._lock:
            found = self.peek_settings(token)
            if found is None:
                self._db.execute("INSERT INTO browsers (token, settings, created) VALUES (?, '{}', ?)",
                                 (token, time.time()))
                return {}
            return found

    def save_settings(self, token: str, settings: dict[str, Any]) -> None:
        with self._lock:
            self.settings(token)
            self._db.execute("UPDATE browsers SET settings = ? WHERE token = ?", (json.dumps(settings), token))

    # ----- games -------------------------------------------------------------------------------------------

    @staticmethod
    def _row(r: tuple[Any, ...]) -> GameRow:
        return GameRow(id=r[0], token=r[1], rules=r[2], seed=r[3], actions=json.loads(r[4]), hints=r[5],
                       lid=r[6], recorded=bool(r[7]), players=r[8], opponent=r[9], options=_options(r[10]))

    _COLUMNS = "id, token, rules, seed, actions, hints, lid, recorded, players, opponent, options"

    def current_game(self, token: str, rules: str, players: int = 2, two: bool = False,
                     fits: Callable[[dict[str, Any]], bool] | None = None) -> GameRow | None:
        """The browser's game of `rules` for `players` on the table now (finished or not), against the computer
        or (`two`) between two people, if any; the newest whose options `fits` takes, where it is given (each set of
        variations keeps its own game)."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {self._COLUMNS} FROM games WHERE token = ? AND rules = ? AND players = ? AND current = 1 "
                "AND (opponent = ?) = ? ORDER BY id DESC", (token, rules, players, TWO, two)).fetchall()
        for r in rows:
            row = self._row(r)
            if fits is None or fits(row.options):
                return row
        return None

    def game(self, game_id: int) -> GameRow | None:
        with self._lock:
            r = self._db.execute(f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            return self._row(r) if r else None

    def new_game(self, token: str, rules: str, seed: int, players: int = 2, opponent: str = "beginner",
                 options: dict[str, Any] | None = None) -> GameRow:
        """A fresh game of `rules` for the browser, dealt with `options`; its previous game of the same kind
        (`rules`, as many players, against the computer or between two people, the same options) leaves the
        table."""
        now = time.time()
        two = opponent == TWO
        opts = dict(options or {})
        text = _options_text(opts)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("UPDATE games SET current = 0 WHERE token = ? AND rules = ? AND players = ? "
                                 "AND (opponent = ?) = ? AND options = ?", (token, rules, players, TWO, two, text))
                cur = self._db.execute(
                    "INSERT INTO games (token, rules, seed, players, opponent, options, actions, created, updated) "
                    "VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?)", (token, rules, seed, players, opponent, text, now, now))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            game_id = cur.lastrowid
            assert game_id is not None
            return GameRow(id=game_id, token=token, rules=rules, seed=seed, actions=[], players=players,
                           opponent=opponent, options=opts)

    def save_game(self, row: GameRow) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET actions = ?, hints = ?, lid = ?, recorded = ?, opponent = ?, updated = ? "
                "WHERE id = ?",
                (json.dumps(row.actions), row.hints, row.lid, int(row.recorded), row.opponent, time.time(), row.id))

    # ----- records -----------------------------------------------------------------------------------------

    def add_record(self, row: GameRow, won: bool, scores: list[int], abandoned: bool = False) -> None:
        """Write a game into the browser's record (once per game: finished, or left unfinished and counted as
        lost) and save the game."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO records (token, rules, players, game_id, won, abandoned, opponent, scores, hints, "
                    "at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.token, row.rules, row.players, row.id, int(won), int(abandoned), row.opponent,
                     json.dumps(scores), row.hints, time.time()))
                row.recorded = True
                self._db.execute(
                    "UPDATE games SET actions = ?, hints = ?, lid = ?, recorded = 1, opponent = ?, updated = ? "
                    "WHERE id = ?", (json.dumps(row.actions), row.hints, row.lid, row.opponent, time.time(), row.id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def record(self, token: str, rules: str, players: int = 2) -> list[dict[str, Any]]:
        """The browser's recorded games of `rules` with `players` at the table, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT won, abandoned, opponent, scores, hints FROM records WHERE token = ? AND rules = ? "
                "AND players = ? ORDER BY id", (token, rules, players)).fetchall()
        return [{"won": bool(w), "abandoned": bool(a), "opponent": o, "scores": json.loads(s), "hints": h}
                for w, a, o, s, h in rows]

    def hints_used(self, token: str, rules: str, players: int = 2) -> int:
        """Hints asked for in every game of `rules` with `players` this browser has played against the computer,
        the one on the table included."""
        with self._lock:
            r = self._db.execute("SELECT COALESCE(SUM(hints), 0) FROM games WHERE token = ? AND rules = ? "
                                 "AND players = ? AND opponent != ?", (token, rules, players, TWO)).fetchone()
        return int(r[0])
