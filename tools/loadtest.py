"""A bounded load test on loopback: simulated browsers play Beginner games against `bones serve` for a while.

    .venv/bin/python tools/loadtest.py --browsers 50 --seconds 60               # flat out
    .venv/bin/python tools/loadtest.py --browsers 50 --seconds 60 --think 1     # like people

A development tool, not part of the installed package: it needs httpx, which `make install` brings with the test
dependencies.

Starts its own server (a subprocess on a free port, with a throwaway data folder) unless `--url` is given, and
stops by itself. Each browser has its own cookie, plays whole games of Draw, Block and All Fives (the first legal
action every turn), and starts a new game when one ends. Reports errors and the round trip of a move (the
player's action and the computer's answer), p50 and p99.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from bones.tournament.stats import percentile


@dataclass
class Tally:
    """What the browsers measured."""

    moves: list[float] = field(default_factory=list)  # seconds per /api/action round trip
    other: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0


async def browser(url: str, game: str, stop_at: float, tally: Tally, think: float, seed: int) -> None:
    """One simulated browser: its own cookie, whole games, one request at a time, `think` seconds between
    moves on average (a real page animates the computer's answer and a person looks before tapping)."""
    rng = random.Random(seed)
    # as the table's page does: it opens `/` (which sets the cookie), names its Origin, and opens the game by POST
    async with httpx.AsyncClient(base_url=url, timeout=30, headers={"Origin": url}) as c:
        async def call(method: str, path: str, body: Any = None) -> dict[str, Any] | None:
            t0 = time.perf_counter()
            try:
                r = await (c.get(path) if method == "GET" else c.post(path, json=body))
            except httpx.HTTPError as e:
                tally.errors.append(f"{path}: {type(e).__name__}")
                return None
            dt = time.perf_counter() - t0
            (tally.moves if path == "/api/action" else tally.other).append(dt)
            if r.status_code != 200:
                tally.errors.append(f"{path}: {r.status_code} {r.text[:120]}")
                return None
            data: dict[str, Any] = r.json()
            return data

        await c.get("/")
        data = await call("POST", "/api/open", {"game": game})
        while data is not None and time.monotonic() < stop_at:
            st = data["state"]
            v = st["view"]
            if v["game_over"]:
                tally.games += 1
                data = await call("POST", "/api/new", {"game": game})
                continue
            if not v["legal"]:
                tally.errors.append(f"no legal action and not over: {v['status']}")
                return
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            data = await call("POST", "/api/action",
                              {"game": game, "id": st["id"], "n": st["n"], "action": v["legal"][0]})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_server(data: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bones.cli.main", "serve", "--port", str(port), "--data", data],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def run(url: str, browsers: int, seconds: float, think: float) -> Tally:
    tally = Tally()
    stop_at = time.monotonic() + seconds
    games = ("draw", "block", "all_fives")
    await asyncio.gather(*(browser(url, games[i % 3], stop_at, tally, think, i) for i in range(browsers)))
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--browsers", type=int, default=50)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--think", type=float, default=0.0,
                   help="mean seconds a browser waits between moves (default 0: flat out)")
    p.add_argument("--url", help="an already running table (default: start one)")
    args = p.parse_args(argv)
    proc = None
    tmp = None
    url = args.url
    if url is None:
        tmp = tempfile.TemporaryDirectory(prefix="bones-load-")
        proc, url = _start_server(tmp.name)
    try:
        t0 = time.monotonic()
        tally = asyncio.run(run(url, args.browsers, args.seconds, args.think))
        elapsed = time.monotonic() - t0
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        if tmp is not None:
            tmp.cleanup()
    ms = [m * 1000 for m in tally.moves]
    print(f"{args.browsers} browsers for {elapsed:.0f} s against {url}, think time {args.think} s")
    print(f"moves: {len(ms)} ({len(ms) / elapsed:.0f}/s), games finished: {tally.games}, "
          f"other requests: {len(tally.other)}")
    if ms:
        print(f"move round trip: p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
              f"max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms")
    print(f"errors: {len(tally.errors)}")
    for e in tally.errors[:10]:
        print("  ", e)
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
