"""The table's storage: browsers, games as (rules, seed, actions), and each browser's record, in SQLite (WAL).

A game is never stored as a state: it is replayed from its actions, so a reload or a server restart continues
exactly where it was.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    lid INTEGER NOT NULL DEFAULT -1,
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
    game_id INTEGER NOT NULL,
    won INTEGER NOT NULL,
    opponent TEXT NOT NULL,
    scores TEXT NOT NULL,
    hints INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_browser ON records (token, rules);
"""


@dataclass
class GameRow:
    """One stored game: what is needed to replay it, and the table's bookkeeping around it."""

    id: int
    token: str
    rules: str
    seed: int
    actions: list[str]
    hints: int = 0
    players: int = 2  # seats at the table (Draw Dominoes and Muggins take 2 to 4)
    lid: int = -1  # two players: the seat whose tiles are face up, -1 when both lie face down
    recorded: bool = False  # its result is in the record (an undo after the end does not record it again)


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
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
        if "players" not in columns:  # a data folder from before 3- and 4-player games
            self._db.execute("ALTER TABLE games ADD COLUMN players INTEGER NOT NULL DEFAULT 2")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ----- browsers ----------------------------------------------------------------------------------------

    def settings(self, token: str) -> dict[str, Any]:
        """The browser's settings (created on first sight)."""
        with self._lock:
            row = self._db.execute("SELECT settings FROM browsers WHERE token = ?", (token,)).fetchone()
            if row is None:
                self._db.execute("INSERT INTO browsers (token, settings, created) VALUES (?, '{}', ?)",
                                 (token, time.time()))
                return {}
            value = json.loads(row[0])
            return value if isinstance(value, dict) else {}

    def save_settings(self, token: str, settings: dict[str, Any]) -> None:
        with self._lock:
            self.settings(token)
            self._db.execute("UPDATE browsers SET settings = ? WHERE token = ?", (json.dumps(settings), token))

    # ----- games -------------------------------------------------------------------------------------------

    @staticmethod
    def _row(r: tuple[Any, ...]) -> GameRow:
        return GameRow(id=r[0], token=r[1], rules=r[2], seed=r[3], actions=json.loads(r[4]), hints=r[5],
                       lid=r[6], recorded=bool(r[7]), players=r[8])

    _COLUMNS = "id, token, rules, seed, actions, hints, lid, recorded, players"

    def current_game(self, token: str, rules: str, players: int = 2) -> GameRow | None:
        """The browser's game of `rules` for `players` on the table now (finished or not), if any."""
        with self._lock:
            r = self._db.execute(
                f"SELECT {self._COLUMNS} FROM games WHERE token = ? AND rules = ? AND players = ? AND current = 1 "
                "ORDER BY id DESC LIMIT 1", (token, rules, players)).fetchone()
            return self._row(r) if r else None

    def game(self, game_id: int) -> GameRow | None:
        with self._lock:
            r = self._db.execute(f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            return self._row(r) if r else None

    def new_game(self, token: str, rules: str, seed: int, players: int = 2) -> GameRow:
        """A fresh game of `rules` for the browser; its previous game of `rules` (as many players) leaves the
        table."""
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("UPDATE games SET current = 0 WHERE token = ? AND rules = ? AND players = ?",
                                 (token, rules, players))
                cur = self._db.execute(
                    "INSERT INTO games (token, rules, seed, players, actions, created, updated) "
                    "VALUES (?, ?, ?, ?, '[]', ?, ?)", (token, rules, seed, players, now, now))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            game_id = cur.lastrowid
            assert game_id is not None
            return GameRow(id=game_id, token=token, rules=rules, seed=seed, actions=[], players=players)

    def save_game(self, row: GameRow) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET actions = ?, hints = ?, lid = ?, recorded = ?, updated = ? WHERE id = ?",
                (json.dumps(row.actions), row.hints, row.lid, int(row.recorded), time.time(), row.id))

    # ----- records -----------------------------------------------------------------------------------------

    def add_record(self, row: GameRow, won: bool, opponent: str, scores: list[int]) -> None:
        """Write a finished game into the browser's record (once per game) and save the game."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO records (token, rules, game_id, won, opponent, scores, hints, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.token, row.rules, row.id, int(won), opponent, json.dumps(scores), row.hints, time.time()))
                row.recorded = True
                self._db.execute(
                    "UPDATE games SET actions = ?, hints = ?, lid = ?, recorded = 1, updated = ? WHERE id = ?",
                    (json.dumps(row.actions), row.hints, row.lid, time.time(), row.id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def record(self, token: str, rules: str) -> list[dict[str, Any]]:
        """The browser's finished games of `rules`, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT won, opponent, scores, hints FROM records WHERE token = ? AND rules = ? ORDER BY id",
                (token, rules)).fetchall()
        return [{"won": bool(w), "opponent": o, "scores": json.loads(s), "hints": h} for w, o, s, h in rows]

    def hints_used(self, token: str, rules: str) -> int:
        """Hints asked for in every game of `rules` this browser has played, the one on the table included."""
        with self._lock:
            r = self._db.execute("SELECT COALESCE(SUM(hints), 0) FROM games WHERE token = ? AND rules = ?",
                                 (token, rules)).fetchone()
        return int(r[0])
