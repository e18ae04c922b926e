"""`bones serve`: prints the address, serves the page and the API, and keeps games in --data."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def test_bones_serve_prints_the_address_and_serves(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "bones.cli.main", "serve", "--port", "0", "--data", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("bones: the table is at http://127.0.0.1:"), line
        url = line.split()[5]
        deadline = time.monotonic() + 10
        while True:
            try:
                page = urllib.request.urlopen(url, timeout=2).read().decode()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert "<html" in page
        rules = urllib.request.urlopen(url + "api/rules?game=block", timeout=5).read().decode()
        assert '"game":"block"' in rules.replace(" ", "")
        assert (tmp_path / "bones.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_bones_serve_refuses_a_busy_port(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "bones.cli.main", "serve", "--port", str(port), "--data",
                              str(tmp_path)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 1 and "cannot listen" in out.stderr and not out.stdout
    assert not list(tmp_path.iterdir())  # a server that could not start made no database


@pytest.mark.parametrize("args,says", [
    (["--port", "-1"], "is not a port"),
    (["--port", "70000"], "is not a port"),
    (["--data", "FILE"], "is a file: give a folder"),
    (["--host", ""], "--host is empty: give an address"),
    (["--data", ""], "--data is empty: give a folder"),
])
def test_bones_serve_refuses_a_port_out_of_range_or_a_file_for_data(tmp_path: Path, args: list[str],
                                                                    says: str) -> None:
    (tmp_path / "FILE").write_text("x")
    args = [str(tmp_path / a) if a == "FILE" else a for a in args]
    data = [] if "--data" in args else ["--data", str(tmp_path)]
    out = subprocess.run([sys.executable, "-m", "bones.cli.main", "serve", *args, *data], capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 2 and says in out.stderr and "Traceback" not in out.stderr


def test_bones_serve_refuses_a_data_folder_whose_database_is_damaged(tmp_path: Path) -> None:
    """A bones.sqlite3 that is not a database (a damaged disk, another program's file): one line, no traceback."""
    (tmp_path / "bones.sqlite3").write_text("not a database\n" * 100)
    out = subprocess.run([sys.executable, "-m", "bones.cli.main", "serve", "--port", "0", "--data", str(tmp_path)],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 1 and not out.stdout and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"bones serve: cannot use {tmp_path / 'bones.sqlite3'}: ")
    assert "not a database" in out.stderr


def test_listening_on_every_address_names_a_page_that_can_be_opened() -> None:
    """CLI QA: `--host 0.0.0.0` printed http://0.0.0.0:8000/, which no browser opens."""
    from bones.cli.serve_cmd import _address

    assert _address("0.0.0.0", 8000) == ("http://localhost:8000/ (from another device, this machine's address and "
                                         "port 8000)")
    assert _address("::", 8001).startswith("http://localhost:8001/ ")
    assert all(_address(h, 80).startswith("http://localhost:80/ ") for h in ("0", "::0", "0:0:0:0:0:0:0:0"))
    assert _address("::1", 8000) == "http://[::1]:8000/" and _address("127.0.0.1", 80) == "http://127.0.0.1:80/"
