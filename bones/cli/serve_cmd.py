"""`bones serve`: the table in the browser, on 127.0.0.1 by default."""

from __future__ import annotations

import argparse
import os
import sys


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("serve", help="serve the table in the browser (prints the address)",
                       description="Serve the dominoes table: open the printed address in a browser.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument("--data", metavar="DIR", default=None,
                   help="folder for the games and records (default: your user data folder)")


def run(args: argparse.Namespace) -> int:
    import socket
    import sqlite3
    import threading

    import uvicorn

    from bones.web import create_app, default_data_dir

    if not 0 <= args.port <= 65535:
        print(f"bones serve: --port {args.port} is not a port: give one from 1 to 65535, or 0 to pick a free one",
              file=sys.stderr)
        return 2
    if args.data is not None and not args.data.strip():  # QA: '' used the user data folder, unasked
        print("bones serve: --data is empty: give a folder to keep the games in", file=sys.stderr)
        return 2
    data = args.data or str(default_data_dir())
    if os.path.exists(data) and not os.path.isdir(data):
        print(f"bones serve: --data {data} is a file: give a folder to keep the games in", file=sys.stderr)
        return 2
    if not args.host.strip():
        print("bones serve: --host is empty: give an address to listen on, like 127.0.0.1", file=sys.stderr)
        return 2
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit this: without it small answers wait ~40 ms for a delayed ACK.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as e:
        print(f"bones serve: cannot listen on {args.host}:{args.port}: {e.strerror}", file=sys.stderr)
        return 1
    try:  # after the address is ours: a server that cannot start leaves no data folder behind
        app = create_app(data)
    except sqlite3.DatabaseError as e:  # the folder's bones.sqlite3 is damaged, or another program's file
        sock.close()
        print(f"bones serve: cannot use {os.path.join(data, 'bones.sqlite3')}: {e}", file=sys.stderr)
        return 1
    port = sock.getsockname()[1]
    print(f"bones: the table is at {_address(args.host, port)}  (games kept in {data}; Ctrl+C stops)", flush=True)
    # Expert's solver is compiled on a machine's first use (about 75 s; then loaded from numba's disk cache in a
    # fraction of a second): do it now, beside the server, not inside the first Hint or Expert move
    threading.Thread(target=_warm_up, name="bones-warm-up", daemon=True).start()
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0


def _address(host: str, port: int) -> str:
    """The address to open. Listening on every address of the machine (0.0.0.0, ::), there is no such page to
    open (QA: "http://0.0.0.0:8000/" was printed): this machine's own, and a word for the other devices."""
    if _every_address(host):
        return f"http://localhost:{port}/ (from another device, this machine's address and port {port})"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _every_address(host: str) -> bool:
    """Whether `host` listens on every address of the machine: 0.0.0.0 and :: however written ('0', '::0')."""
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip()).is_unspecified
    except ValueError:
        return host.strip() == "0"  # the socket reads '0' as 0.0.0.0


def _warm_up() -> None:
    from bones.players.solver import warm_up

    warm_up()
