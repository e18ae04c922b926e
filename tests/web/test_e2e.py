"""The table in a real headless chromium (Debian's, driven by Playwright): whole games played by clicking.

Screenshots land in build/screenshots/ for a person to look at.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from bones.engine import RULES

from .e2e_helpers import (CHROMIUM, DESKTOP, PHONE, SHOTS, Server, crowding, open_table, play_turn,
                          seat_at_table, settle, view)

DEVICES = {"desktop": DESKTOP, "phone": PHONE}
FIVE_UP_SEED = 1  # a deal whose first two rounds open later spinners (the test checks that it does)

if not os.path.exists(CHROMIUM):  # pragma: no cover - `make test` installs it
    pytest.skip("chromium is not installed at /usr/bin/chromium", allow_module_level=True)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def choose_game(page: Any, game: str) -> None:
    if page.eval_on_selector("#game", "e => e.value") != game:
        page.select_option("#game", game)
        # the record's title is the game's name, with the number of players where it allows more than two
        page.wait_for_function("g => (document.querySelector('#record-title').textContent + ',').startsWith(g + ',')",
                               arg=RULES[game].name)
        settle(page)


def show_moves(page: Any) -> None:
    if not page.is_checked("#show-moves"):
        page.click("#show-moves")
        page.wait_for_selector("#show-moves:checked")
        settle(page)
        page.wait_for_timeout(50)


@pytest.mark.parametrize("game", ["draw", "block", "all_fives"])
def test_a_whole_game_against_beginner_by_clicking(browser: Any, server: Server, game: str) -> None:
    page = open_table(browser, server.url)
    choose_game(page, game)
    show_moves(page)
    assert page.inner_text("#record-text").startswith("No games played yet.")
    done: dict[str, int] = {}
    start = time.monotonic()
    for turn in range(600):
        if view(page)["view"]["game_over"]:
            break
        what = play_turn(page)
        done[what] = done.get(what, 0) + 1
        if turn == 6:
            shot(page, f"mid_{game}")
    st = view(page)
    assert st["view"]["game_over"], f"not over after {done} in {time.monotonic() - start:.0f} s"
    assert page.inner_text("#status") == "Game over."
    assert page.locator("#record-strip .chip").count() == 1
    chip = page.locator("#record-strip .chip").first
    won = st["view"]["winner"] == 0
    assert ("won" in chip.get_attribute("class")) == won
    assert page.inner_text("#record-text").startswith("1 won" if won else "0 won, 1 lost")
    if game == "draw":
        assert done.get("draw", 0) > 0
    shot(page, f"over_{game}")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_chalk_dots_choose_the_end(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url)
    choose_game(page, "draw")
    show_moves(page)
    for _ in range(300):
        st = view(page)
        v = st["view"]
        several = [t for t, ends in v["fits"].items() if len(ends) > 1]
        if several:
            break
        if v["game_over"]:
            page.click("#new")
            settle(page)
            continue
        play_turn(page)
    tile = several[0]
    ends = v["fits"][tile]
    page.click(f'#hand [data-tile="{tile}"]')
    page.wait_for_selector("#line .chalk-dot")
    assert page.locator("#line .chalk-dot").count() == len(ends)
    assert "chalk dot" in page.inner_text("#rule")
    shot(page, "chalk_dots")
    # Escape puts the tile back; the keyboard reaches the dots too.
    page.keyboard.press("Escape")
    assert page.locator("#line .chalk-dot").count() == 0
    page.click(f'#hand [data-tile="{tile}"]')
    end = page.locator("#line .chalk-dot").nth(1).get_attribute("data-end")
    page.locator("#line .chalk-dot").nth(1).focus()
    page.keyboard.press("Enter")
    settle(page)
    after = view(page)
    played = [e for e in after["view"]["arms"][end]] if after["view"]["round"] == v["round"] else None
    n = st["n"]
    assert after["n"] > n
    if played is not None:
        laid = played[len(v["arms"][end])]
        assert f"{max(laid)}-{min(laid)}" == tile
    assert page.inner_text("#say") != ""
    page.context.close()


def test_show_moves_hint_and_why_not(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url)
    choose_game(page, "block")
    v = view(page)["view"]
    assert page.locator("#hand .tile-btn.fits").count() == 0
    show_moves(page)
    assert page.locator("#hand .tile-btn.fits").count() == len(v["fits"])
    if v["why_not"]:
        tile = next(iter(v["why_not"]))
        page.click(f'#hand [data-tile="{tile}"]')
        assert page.inner_text("#say") == v["why_not"][tile]
    page.click("#hint")
    settle(page)
    assert page.inner_text("#say").startswith("Hint:")
    assert page.locator("#hand .tile-btn.hinted").count() == 1
    assert "Hints used: 1." in page.inner_text("#record-text")
    shot(page, "hint")
    # Keyboard: move to a tile with the arrows and lay it with Enter.
    before = view(page)["n"]
    page.locator("#hand .tile-btn.fits").first.focus()
    page.keyboard.press("Enter")
    settle(page)
    if page.locator("#line .chalk-dot").count():
        page.keyboard.press("Enter")
        settle(page)
    assert view(page)["n"] > before
    page.context.close()


def test_undo_draws_the_same_tile_again(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url)
    choose_game(page, "draw")
    show_moves(page)
    for _ in range(600):
        st = view(page)
        v = st["view"]
        if v["game_over"]:
            page.click("#new")
            settle(page)
            continue
        if v["must"] != "draw":
            play_turn(page)
            continue
        n0, before = st["n"], set(v["drawn"])
        page.click("#boneyard")
        settle(page)
        first = sorted(set(view(page)["view"]["drawn"]) - before)
        while view(page)["view"]["must"] == "draw":
            page.click("#boneyard")
            settle(page)
        now = view(page)
        if now["view"]["must"] == "play" and len(first) == 1 and now["view"]["round"] == v["round"] \
                and now["n"] - n0 == len(set(now["view"]["drawn"]) - before):
            break
    else:
        raise AssertionError("no turn with a draw and then a tile to lay")
    assert page.locator(f'#hand .tile-btn.drawn[data-tile="{first[0]}"]').count() == 1
    assert play_turn(page) in ("tile", "dot")
    page.click("#undo")
    settle(page)
    back = view(page)
    assert back["n"] == n0 and back["view"]["must"] == "draw"
    assert first[0] not in back["view"]["hand"]
    page.click("#boneyard")
    settle(page)
    assert first[0] in view(page)["view"]["drawn"]
    assert page.locator(f'#hand .tile-btn.drawn[data-tile="{first[0]}"]').count() == 1
    page.context.close()


def test_two_players_share_the_table_under_a_lid(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url, viewport={"width": 390, "height": 844})
    choose_game(page, "all_fives")
    page.select_option("#opponent", "two")
    page.wait_for_selector("#lid:not([hidden])")
    settle(page)
    assert page.locator("#hand .tile-btn.face-down").count() == 7
    assert page.locator("#hand .tile-btn[data-tile]").count() == 0
    first = page.inner_text("#lid")
    shot(page, "lid_closed")
    page.click("#lid")
    settle(page)
    assert page.locator("#hand .tile-btn[data-tile]").count() == 7
    show_moves(page)
    play_turn(page)
    page.wait_for_selector("#lid:not([hidden])")
    assert page.inner_text("#lid") != first
    assert page.locator("#hand .tile-btn[data-tile]").count() == 0
    page.select_option("#opponent", "beginner")
    settle(page)
    page.context.close()


def test_muggins_and_draw_dominoes_for_three_or_four(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url)
    options = page.eval_on_selector_all("#game option", "os => os.map(o => o.textContent)")
    assert "Draw Dominoes" in options and "Muggins" in options
    assert page.is_hidden("#players-field")
    choose_game(page, "muggins")
    assert page.is_visible("#players-field")
    page.select_option("#players", "4")
    page.wait_for_function("() => document.querySelectorAll('.seat').length === 3")
    settle(page)
    # Round the table in the order of play: on your left, across, on your right.
    where = {box: page.eval_on_selector_all(f"#{box} .seat", "ss => ss.map(s => s.getAttribute('aria-label'))")
             for box in ("west", "others", "east")}
    assert {box: [x.split(":")[0] for x in labels] for box, labels in where.items()} == \
        {"west": ["Computer 1"], "others": ["Computer 2"], "east": ["Computer 3"]}
    assert page.locator("#scores .score").count() == 4
    show_moves(page)
    n = view(page)["n"]
    assert play_turn(page) in ("tile", "dot", "draw")
    assert view(page)["n"] > n
    shot(page, "muggins_four")
    choose_game(page, "draw_dominoes")
    page.select_option("#players", "3")
    page.wait_for_function("() => document.querySelectorAll('.seat').length === 2")
    settle(page)
    assert play_turn(page) in ("tile", "dot", "draw")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_new_game_asks_first(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url)
    choose_game(page, "block")
    show_moves(page)
    play_turn(page)
    st = view(page)
    page.click("#new")
    assert page.is_visible("#confirm")
    assert page.inner_text("#confirm-title") == "Start over?"
    page.click("#confirm-no")
    assert not page.is_visible("#confirm")
    assert view(page)["id"] == st["id"]
    page.click("#new")
    page.click("#confirm-yes")
    settle(page)
    assert view(page)["id"] != st["id"]
    page.context.close()


def test_phone_portrait_has_no_sideways_scroll(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url, viewport={"width": 360, "height": 740})
    choose_game(page, "all_fives")
    show_moves(page)
    for _ in range(10):
        play_turn(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator("#hand .tile-btn").first.bounding_box()
    assert box and box["width"] >= 36 and box["height"] >= 72
    shot(page, "phone")
    page.context.close()


def test_reload_and_restart_continue_exactly(browser: Any, tmp_path: Path) -> None:
    srv = Server(tmp_path / "restart")
    srv.start()
    try:
        ctx = browser.new_context(viewport={"width": 1200, "height": 900})
        page = open_table(browser, srv.url, context=ctx)
        show_moves(page)
        for _ in range(4):
            play_turn(page)
        st = view(page)
        hand = [page.locator("#hand .tile-btn").nth(i).get_attribute("data-tile")
                for i in range(page.locator("#hand .tile-btn").count())]
        line = page.inner_html("#line").replace(" fresh", "")
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        settle(page)
        assert view(page)["n"] == st["n"]
        assert page.inner_html("#line").replace(" fresh", "") == line
        srv.stop()
        srv.start()
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        settle(page)
        again = view(page)
        assert again["id"] == st["id"] and again["n"] == st["n"] and again["view"] == st["view"]
        assert [page.locator("#hand .tile-btn").nth(i).get_attribute("data-tile")
                for i in range(page.locator("#hand .tile-btn").count())] == hand
        assert page.inner_html("#line").replace(" fresh", "") == line
        assert play_turn(page) in ("tile", "dot", "draw")
        ctx.close()
    finally:
        srv.stop()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_five_up_every_double_a_spinner_drawn_without_overlaps(browser: Any, server: Server, device: str) -> None:
    """Five Up opens two ends on every double: its arms grow across the line from each spinner, and at no point
    of two rounds do two tiles or two chalk dots overlap, on a desktop or a phone."""
    page = seat_at_table(browser, server, "five_up", seed=FIVE_UP_SEED, players=4, device=DEVICES[device])
    spinners_seen = 0
    for turn in range(200):
        st = view(page)
        v = st["view"]
        if v["game_over"] or v["round"] > 2:
            break
        assert crowding(page) == [], f"turn {turn}"
        later_ends = sum(1 for n in v["ends"] if n[1:].isdigit())
        if later_ends > spinners_seen:
            spinners_seen = later_ends
            shot(page, f"five_up_{device}")
        several = [t for t, ends in v["fits"].items() if len(ends) > 1]
        if several:
            page.click(f"#hand .tile-btn[data-tile='{several[0]}']")
            assert crowding(page) == [], f"turn {turn}, dots for {several[0]}"
            dots = page.locator("#line .chalk-dot")
            dots.nth(turn % dots.count()).click()
            settle(page)
            continue
        play_turn(page)
    shot(page, f"five_up_{device}")
    assert spinners_seen >= 2  # a later double opened two ends of its own
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
