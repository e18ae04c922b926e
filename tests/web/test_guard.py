"""Other pages are kept out, reading changes nothing, and nothing is kept for browsers that never opened the page.

Issue 9, items 4, 6 and 7: a page on another port of 127.0.0.1 could drive the game with a no-cors `fetch`; no
security headers were sent; `GET /api/state` dealt games, saved settings and moved the computer, cookie-less calls
created rows, and the per-browser lock table grew without bound.
"""

from __future__ import annotations

import gc
from typing import Any

from starlette.testclient import TestClient

from .conftest import ORIGIN, open_game, table_client

ELSEWHERE = "http://127.0.0.1:9999"  # a page served from another port of the same host


def rows(app: Any) -> tuple[int, int, int]:
    store = app.state.store
    return store.count("browsers"), store.count("games"), store.count("records")


def test_a_post_from_another_page_is_refused_and_changes_nothing(app: Any, client: TestClient) -> None:
    st = open_game(client, "all_fives")
    st = client.post("/api/action", json={"game": "all_fives", "id": st["id"], "n": st["n"],
                                          "action": st["view"]["legal"][0]}).json()["state"]
    before = client.get("/api/state?game=all_fives").json()["state"]
    cookie = {"Cookie": f"bones_token={client.cookies.get('bones_token')}"}
    attempts = [
        # what a no-cors fetch from another port sends: text/plain, that page's Origin, the browser's cookie
        ({"Content-Type": "text/plain", "Origin": ELSEWHERE}, '{"opponent": "expert"}'),
        # JSON from another origin (a browser would not even send it without a preflight)
        ({"Content-Type": "application/json", "Origin": ELSEWHERE}, '{"opponent": "expert"}'),
        # the page's own header from another origin
        ({"X-Bones-Table": "1", "Origin": ELSEWHERE}, '{"opponent": "expert"}'),
        # text/plain from the right origin still is not the page
        ({"Content-Type": "text/plain", "Origin": ORIGIN}, '{"opponent": "expert"}'),
        # no Origin at all
        ({"Content-Type": "application/json"}, '{"opponent": "expert"}'),
        ({"Content-Type": "application/json", "Origin": "null"}, '{"opponent": "expert"}'),
    ]
    with TestClient(app) as other:
        for headers, body in attempts:
            for path in ("/api/settings", "/api/new", "/api/open"):
                r = other.post(path, content=body, headers={**headers, **cookie})
                assert r.status_code == 403, (path, headers, r.text)
                assert "own page" in r.json()["error"]
    after = client.get("/api/state?game=all_fives").json()["state"]
    assert after["id"] == before["id"] and after["n"] == before["n"]
    assert after["settings"]["opponent"] == "beginner" and after["record"]["games"] == []
    # the page's own requests are taken: JSON, or its header, from its own origin
    r = client.post("/api/settings", content='{"show_moves": true}',
                    headers={"X-Bones-Table": "1", "Content-Type": "text/plain"})
    assert r.status_code == 200 and r.json()["state"]["settings"]["show_moves"] is True


def test_a_move_must_name_its_game_and_how_far_the_page_saw_it(client: TestClient) -> None:
    st = open_game(client, "draw")
    legal = st["view"]["legal"][0]
    for body in ({"game": "draw", "action": legal}, {"game": "draw", "id": st["id"], "action": legal},
                 {"game": "draw", "n": st["n"], "action": legal}):
        for path in ("/api/action", "/api/undo", "/api/hint", "/api/lid"):
            r = client.post(path, json=body)
            assert r.status_code == 400 and "\"id\", \"n\"" in r.json()["error"], (path, body, r.text)
    assert client.get("/api/state?game=draw").json()["state"]["n"] == st["n"]
    r = client.post("/api/action", json={"game": "draw", "id": st["id"], "n": st["n"] + 1, "action": legal})
    assert r.status_code == 409 and r.json()["code"] == "stale"


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    open_game(client, "draw")
    answers = [client.get("/"), client.get("/static/main.js"), client.get("/api/state?game=draw"),
               client.get("/api/rules?game=draw"), client.get("/api/nothing"),
               client.post("/api/action", json={"game": "draw"}), client.get("/api/health")]
    for r in answers:
        csp = r.headers.get("content-security-policy", "")
        assert "default-src 'none'" in csp and "script-src 'self'" in csp, r.url
        assert "frame-ancestors 'none'" in csp, r.url
        assert r.headers.get("x-content-type-options") == "nosniff", r.url
        assert r.headers.get("x-frame-options") == "DENY", r.url
        assert r.headers.get("referrer-policy") == "same-origin", r.url


def test_reading_without_a_cookie_creates_nothing(app: Any) -> None:
    with TestClient(app, headers={"Origin": ORIGIN}) as curl:
        for _ in range(5):
            r = curl.get("/api/state")
            assert r.status_code == 404 and "open the page" in r.json()["error"]
            assert "set-cookie" not in r.headers
        assert curl.get("/api/state?game=block").status_code == 404
        assert curl.get("/api/rules?game=muggins&players=3").status_code == 200
        # nor does a POST: the cookie comes from the page
        r = curl.post("/api/open", json={"game": "draw"})
        assert r.status_code == 403 and "open the page" in r.json()["error"]
    assert rows(app) == (0, 0, 0)


def test_reading_the_table_changes_nothing(app: Any, client: TestClient) -> None:
    open_game(client, "draw")
    counts = rows(app)
    # a game never opened is not dealt by reading it, and the game on the lid stays the one chosen
    r = client.get("/api/state?game=block")
    assert r.status_code == 404
    assert client.get("/api/state").json()["state"]["game"] == "draw"
    assert rows(app) == counts
    # a game left with the computer to move (say, the server stopped mid-answer) is read as it is
    token = client.cookies.get("bones_token")
    store = app.state.store
    seed = next(s for s in range(200) if _computer_leads("all_fives", s))
    row = store.new_game(token, "all_fives", seed, 2, "beginner")
    for _ in range(3):
        st = client.get("/api/state?game=all_fives").json()["state"]
        assert st["id"] == row.id and st["n"] == 0 and not st["view"]["your_turn"]
    assert store.game(row.id).actions == [] and rows(app) == (counts[0], counts[1] + 1, counts[2])
    # opening it (a POST) lets the computer move
    st = open_game(client, "all_fives")
    assert st["id"] == row.id and st["n"] >= 1 and st["view"]["your_turn"]


def _computer_leads(rules: str, seed: int) -> bool:
    from bones.engine import new_game

    return new_game(rules, seed).current_seat == 1


def test_no_lock_is_kept_for_an_idle_browser(app: Any) -> None:
    table = app.state.table
    clients = [table_client(app) for _ in range(12)]
    try:
        for c in clients:
            open_game(c, "block")
            c.get("/api/state?game=block")
    finally:
        for c in clients:
            c.__exit__(None, None, None)
    gc.collect()
    assert table.lock_count() == 0
    held = table.lock("x" * 20)
    assert table.lock_count() == 1 and table.lock("x" * 20) is held
    del held
    gc.collect()
    assert table.lock_count() == 0
