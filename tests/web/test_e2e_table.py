"""The table, second pass (issue 9), in a real headless chromium at 1280×800 and as a phone (390×844, touch):
what just happened and whose turn it is stay in sight, the phone's felt is laid out round the line, another page
cannot drive the game, and the new parts work (Rules, Settings, the end of a game, hands shown at a round's end).

Positions come from `positions.py`, put on the table as the server keeps a game; screenshots go to
build/screenshots/.
"""

from __future__ import annotations

import os
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

from bones.engine import load

from .e2e_helpers import (CHROMIUM, DESKTOP, PHONE, SHOTS, Server, crowding, open_table, play_turn, seat_at_table,
                          settle, view)
from .positions import ends_game, ends_round, find, lays_far_spinner, scores

if not os.path.exists(CHROMIUM):  # pragma: no cover - `make test` installs it
    pytest.skip("chromium is not installed at /usr/bin/chromium", allow_module_level=True)

DEVICES = {"desktop": DESKTOP, "phone": PHONE}
TILE_TEXT = re.compile(r"(?<![\d-])\d-\d(?![\d-])")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def box(page: Any, selector: str) -> dict[str, float]:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, selector
    return dict(b)


def in_sight(page: Any, selector: str) -> bool:
    """Whether the element lies wholly inside the window as the page opens (not scrolled) and is not cut."""
    return bool(page.evaluate("""(sel) => {
      const e = document.querySelector(sel);
      const r = e.getBoundingClientRect();
      return window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0
        && e.scrollHeight <= e.clientHeight + 1;
    }""", selector))


def tap(page: Any, selector: str, device: str) -> None:
    if device == "phone":
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 0.5
            and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 0.5)


WATCH = """() => {
  window.seen = { say: [], pops: [], fresh: 0, flying: 0 };
  new MutationObserver(() => {
    const t = document.querySelector('#say').textContent;
    if (t && window.seen.say[window.seen.say.length - 1] !== t) window.seen.say.push(t);
    for (const p of document.querySelectorAll('#line-area .score-pop')) window.seen.pops.push(p.textContent);
    if (document.querySelector('.flying')) window.seen.flying++;
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  new MutationObserver((list) => {
    for (const m of list) for (const n of m.addedNodes) if (n.classList && n.classList.contains('fresh')) window.seen.fresh++;
  }).observe(document.querySelector('#line'), { childList: true });
}"""


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_last_move_its_points_and_a_hint_are_in_sight(browser: Any, server: Server, device: str) -> None:
    """Item 3: "You laid 2-1 on the right end. The ends make 3 + 2 = 5 → +5." sat at y 800–823 at 1280×800, a
    Hint was cut mid-line on a phone, and the table showed no "+5"."""
    pos = find("all_fives", scores)
    gained = pos.after.totals()[0] - pos.before.totals()[0]
    page = seat_at_table(browser, server, pos.game, pos.seed, device=DEVICES[device], actions=pos.actions,
                         url="/?pace=900")
    page.evaluate(WATCH)
    tap(page, f'#hand [data-tile="{pos.tile}"]', device)
    page.wait_for_function("() => document.querySelector('#say').textContent.startsWith('You laid')")
    said = page.inner_text("#say")
    assert said.endswith(f"→ +{gained}.") and pos.tile in said
    assert in_sight(page, "#say") and in_sight(page, "#status")
    pop = page.locator("#line-area .score-pop")
    assert pop.count() == 1 and pop.inner_text() == f"+{gained}"
    assert overlap(box(page, "#line-area .score-pop"), box(page, "#line-area"))
    shot(page, f"points_{device}")
    settle(page)
    # the whose-turn line sits at the hand, inside the felt
    assert page.evaluate("() => document.querySelector('.near').contains(document.querySelector('#status'))")
    if view(page)["view"]["your_turn"]:
        assert page.inner_text("#status") == "Your turn."
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('#say').textContent.startsWith('Hint:')")
    settle(page)
    assert in_sight(page, "#say"), page.inner_text("#say")
    shot(page, f"hint_{device}")
    # Item 10: announcements read tiles as the buttons do ("six–four"), never "6-4"
    live = page.inner_text("#live")
    assert live.startswith("Hint:") and not TILE_TEXT.search(live), live
    # Item 10: after a reload the last move is still explained
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    last = view(page)["last"]
    assert last and page.inner_text("#say") == last["text"]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_felt_is_laid_out_round_the_line(browser: Any, server: Server, device: str) -> None:
    """Item 5: on a phone the boneyard column ran the felt's full height, the line was off centre, and the
    round-end box covered the end of the line."""
    pos = find("all_fives", ends_round)
    page = seat_at_table(browser, server, pos.game, pos.seed, device=DEVICES[device], actions=pos.actions,
                         url="/?pace=5")
    felt, line = box(page, ".felt"), box(page, "#line-area")
    bone = box(page, "#boneyard")
    assert bone["height"] <= 60 and bone["y"] + bone["height"] <= line["y"] + 1
    assert abs((line["x"] + line["width"] / 2) - (felt["x"] + felt["width"] / 2)) <= 2
    assert line["width"] >= 0.9 * (felt["width"] - 24)
    tiles = page.eval_on_selector_all("#line .tile-face rect.face", """rs => {
      const b = rs.map((r) => r.getBoundingClientRect());
      return { left: Math.min(...b.map((r) => r.left)), right: Math.max(...b.map((r) => r.right)) };
    }""")
    centre = (tiles["left"] + tiles["right"]) / 2
    assert abs(centre - (felt["x"] + felt["width"] / 2)) <= 30, (tiles, felt)
    # The round ends with this tile: its box leaves the finished line, and every tile on it, in sight.
    page.evaluate(WATCH)
    tap(page, f'#hand [data-tile="{pos.tile}"]', device)
    page.wait_for_selector("#round-end:not([hidden])")
    end = box(page, "#round-end")
    assert not overlap(end, box(page, "#line-area"))
    for i in range(page.locator("#line .tile-face").count()):
        assert not overlap(end, dict(page.locator("#line .tile-face").nth(i).bounding_box()))
    # Every hand left is turned face up: the computer's tiles lie at the far edge, named in words.
    shown = page.locator(".seat.shown")
    left = pos.after.results[-1].hands_left[1]
    assert shown.count() == 1 and shown.locator(".tile-svg.face-up").count() == len(left)
    assert page.locator("#line .chalk-ring").count() == 0  # nobody plays to the finished round's ends
    assert page.get_attribute("#undo", "aria-disabled") == "true"  # every hand is face up: the round is not taken back
    label = shown.get_attribute("aria-label") or ""
    assert label.startswith("The computer:") and "face up" in label and not TILE_TEXT.search(label)
    shot(page, f"round_end_{device}")
    # While the box is up the other controls say to press Next round, and the table stays as the round ended (the
    # selectors had drawn it again from before the last moves)
    down = page.locator("#line .tile-face").count()
    page.click("#new")
    assert page.inner_text("#round-end-note") == "The round is over: press Next round first."
    assert not page.is_visible("#confirm")
    # play-testing: the keys said nothing while the buttons answered; now they answer as the buttons do
    page.evaluate("() => { document.getElementById('round-end-note').textContent = ''; }")
    page.focus("#round-end-ok")
    page.keyboard.press("h")
    assert page.inner_text("#round-end-note") == "The round is over: press Next round first."
    page.focus("#round-end-ok")
    page.select_option("#game", "draw")
    assert page.eval_on_selector("#game", "e => e.value") == "all_fives"
    assert page.locator("#line .tile-face").count() == down and page.is_visible("#round-end")
    assert page.evaluate("() => window.seen.fresh") == 1  # the last tile arrives once
    # Item 10: after "Next round" focus goes back to the hand, not to <body>
    page.keyboard.press("Enter")
    settle(page)
    focused = page.evaluate("() => document.activeElement && (document.activeElement.id || "
                            "document.activeElement.className)")
    assert focused not in ("", None) and page.evaluate("() => document.activeElement !== document.body")
    assert page.evaluate("() => document.querySelector('.near').contains(document.activeElement)")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_end_of_a_game(browser: Any, server: Server, device: str) -> None:
    """A summary (rounds, points, who won), the record updated in view, and Play again; the last tile is laid
    once."""
    pos = find("all_fives", ends_game)
    page = seat_at_table(browser, server, pos.game, pos.seed, device=DEVICES[device], actions=pos.actions,
                         url="/?pace=5")
    st = view(page)
    page.evaluate(WATCH)
    tap(page, f'#hand [data-tile="{pos.tile}"]', device)
    page.wait_for_selector("#game-over[open]")
    text = page.inner_text("#game-over-text")
    assert text.startswith("You won the game") and f"{len(pos.after.results)} rounds" in text
    rows = page.locator("#game-over-table tr")
    assert rows.count() == len(pos.after.results) + 2  # the names, every round, the totals
    heads = rows.first.locator("th").all_inner_texts()
    assert heads[0] == "Round" and heads[-1] == "How it ended"  # every column says what it holds
    totals = rows.last.inner_text().split()
    assert totals[:3] == ["Total", str(pos.after.scores[0]), str(pos.after.scores[1])]
    assert page.inner_text("#game-over-record") == "Your record at All Fives: 1 won, 0 lost."
    assert page.locator("#game-over-strip .chip.won").count() == 1
    assert page.inner_text("#game-over-legend").startswith("A mark for each game")  # QA: the marks alone said nothing
    assert in_sight(page, "#play-again") and in_sight(page, "#game-over-text")
    # under the box the table's own record already counts the game, and Undo is off (the hands were shown)
    assert page.locator("#record-strip .chip.won").count() == 1 and page.get_attribute("#undo", "aria-disabled") == "true"
    # the finished game, saved as a record, plays back to the same end (the link downloads it)
    href = page.get_attribute("#game-over-save", "href") or ""
    saved = page.request.get(server.url + href)
    assert saved.ok and "attachment" in saved.headers["content-disposition"]
    back = load(saved.json())
    assert back.over and back.scores == pos.after.scores and saved.json()["names"] == ["You", "The computer"]
    shot(page, f"game_over_{device}")
    fresh = page.evaluate("() => window.seen.fresh")
    tap(page, "#game-over-close", device)
    settle(page)
    assert page.evaluate("() => window.seen.fresh") == fresh  # item 10: no second arrival of the last tile
    assert page.locator("#record-strip .chip.won").count() == 1 and page.inner_text("#status") == "Game over."
    # the last hands stay face up behind the closed summary (they were turned down again)
    assert page.locator(".seat.shown .far-tiles .tile-svg").count() == len(pos.after.results[-1].hands_left[1])
    # and no open end is chalked on a table nobody can play to any more
    assert page.locator("#line .chalk-ring").count() == 0
    # Play again, from the summary shown on opening a finished game
    page.reload()
    page.wait_for_selector("#game-over[open]")
    tap(page, "#play-again", device)
    settle(page)
    again = view(page)
    assert again["id"] != st["id"] and not again["view"]["game_over"]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_finished_game_switched_back_to_shows_how_it_ended(browser: Any, server: Server) -> None:
    """QA: a reload showed the game-over box of a finished game, switching back to it from the Game menu did not."""
    pos = find("all_fives", ends_game)
    last = next(str(a) for a in pos.before.legal_actions() if a.tile is not None and str(a.tile) == pos.tile)
    page = seat_at_table(browser, server, pos.game, pos.seed, actions=pos.actions + [last], idle=False)
    page.wait_for_selector("#game-over[open]")
    page.click("#game-over-close")
    page.select_option("#game", "block")
    settle(page)
    assert page.eval_on_selector("#game-over", "d => d.open") is False
    page.dispatch_event("#game", "pointerdown")  # chosen with the mouse
    page.select_option("#game", "all_fives")
    page.wait_for_selector("#game-over[open]")
    assert page.inner_text("#game-over-text").startswith("You won the game")
    page.click("#game-over-close")
    # chosen with the keys (the focus in the menu): said, not a box taking the focus
    page.select_option("#game", "block")
    settle(page)
    page.focus("#game")
    page.keyboard.press("ArrowDown")  # Block, then All Fives
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#say').textContent.startsWith('You won the game')")
    assert page.eval_on_selector("#game-over", "d => d.open") is False
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def on_table(page: Any) -> str:
    """The game the server has on this browser's table (its settings), whatever the Game menu shows."""
    return str(page.evaluate("async () => (await (await fetch('/api/state')).json()).state.game"))


def comes_to(page: Any, game: str, timeout: float = 15) -> bool:
    """Whether the server's table comes to `game` within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if on_table(page) == game:
            return True
        page.wait_for_timeout(100)
    return False


def test_stepping_through_the_game_menu_with_the_arrows_deals_nothing_until_enter_or_leaving_it(
        browser: Any, server: Server) -> None:
    """Accessibility review: each arrow on a closed menu is a change, and each dealt a game and played the
    computer's moves, so a keyboard player took a minute to reach Honest John. The choice now waits."""
    page = seat_at_table(browser, server, "draw", 3)
    page.focus("#game")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    assert page.input_value("#game") == "draw_dominoes"
    page.wait_for_function("() => document.querySelector('#say').textContent.includes('press Enter to choose it')")
    assert on_table(page) == "draw"  # nothing dealt or opened on the way
    page.keyboard.press("Enter")
    assert comes_to(page, "draw_dominoes")
    settle(page)
    page.focus("#game")
    page.keyboard.press("ArrowUp")  # a step to All Fives taken back with Esc: nothing changes
    page.keyboard.press("Escape")
    assert page.input_value("#game") == "draw_dominoes"
    page.keyboard.press("Tab")
    assert on_table(page) == "draw_dominoes"
    page.focus("#game")
    page.keyboard.press("ArrowUp")  # back to All Fives, then Tab away: the focus leaving chooses it
    page.keyboard.press("Tab")
    assert comes_to(page, "all_fives")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_second_tap_while_the_move_is_on_its_way_waits_and_sends_nothing(browser: Any, server: Server) -> None:
    """QA: on a phone, a double tap on a tile (or a second tile tapped) while the server was still answering sent
    the move twice; the second was refused as out of date and the page said another tab had moved the game on."""
    page = seat_at_table(browser, server, "draw", 3, device=PHONE)
    v = view(page)["view"]
    tile = next(t for t in v["hand"] if len(v["fits"].get(t, [])) == 1)
    other = next((t for t in v["hand"] if t != tile and v["fits"].get(t)), tile)
    # a server busy with the computers' answers: the move is held on its way until the test lets it go
    page.evaluate("""() => { const fetch = window.fetch; window.sent = 0;
        const arrived = new Promise((r) => { window.release = r; });
        window.fetch = (url, init) => String(url).includes('/api/action')
          ? (window.sent++, arrived.then(() => fetch(url, init))) : fetch(url, init); }""")
    page.locator(f'#hand [data-tile="{tile}"]').tap()
    page.wait_for_timeout(100)
    page.locator(f'#hand [data-tile="{tile}"]').dispatch_event("click")  # tapped again, and another tile
    page.locator(f'#hand [data-tile="{other}"]').dispatch_event("click")
    assert page.inner_text("#say") == "Wait: your last move is on its way to the table."
    page.evaluate("() => window.release()")
    settle(page)
    assert page.evaluate("() => window.sent") == 1 and "another tab" not in page.inner_text("#say")
    assert view(page)["n"] > 0 and not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_two_quick_changes_in_settings_are_both_sent(browser: Any, server: Server) -> None:
    """Review: with a move's answer awaited the table waits, but a Settings change is sent as it is made: the sound
    ticked and, a moment later, the single keys turned off while the first was on its way, kept only the first (the
    box showed the keys off, the server kept them on)."""
    page = seat_at_table(browser, server, "draw", 3)
    page.evaluate("""() => { const fetch = window.fetch; window.sent = 0;
        const arrived = new Promise((r) => { window.release = r; });  // held on their way until the test says
        window.fetch = (url, init) => String(url).includes('/api/settings')
          ? (window.sent++, arrived.then(() => fetch(url, init))) : fetch(url, init); }""")
    page.click("#settings")
    page.check("#sound")
    page.uncheck("#shortcuts")
    assert page.evaluate("() => window.sent") == 2
    page.evaluate("() => window.release()")
    for _ in range(50):  # both answered (each request its own)
        kept = view(page)["settings"]
        if kept["sound"] is True and kept["shortcuts"] is False:
            break
        page.wait_for_timeout(100)
    assert kept["sound"] is True and kept["shortcuts"] is False, kept
    page.context.close()


def test_every_move_of_the_round_is_listed_under_the_table(browser: Any, server: Server) -> None:
    """QA: at a table of four to eight, the words of your own move were gone once the next seat moved, and only the
    scores told what it had made. Under the table, folded, the round's moves are listed, the latest last."""
    page = seat_at_table(browser, server, "draw_dominoes", 3, players=6, device=PHONE)
    for _ in range(3):
        play_turn(page)
    v = view(page)["view"]
    assert page.is_visible("#log") and not page.is_visible("#log-moves")  # folded until opened
    assert page.inner_text("#log-title") == f"Moves this round ({len(v['this_round'])})"
    page.click("#log summary")
    listed = page.locator("#log-moves li").all_inner_texts()
    assert listed == v["this_round"] and len(listed) > 6
    assert any(t.startswith("You laid ") for t in listed) and listed[-1] == page.inner_text("#say")
    mine = v["hand"]
    assert not any(t in line for t in mine for line in listed)  # the tiles in your hand are named nowhere in it
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
    # review: the list was drawn only once the moves had all been shown and the round's box closed, so the move
    # that ended a round was never listed (the next round's list replaced it); it grows as each move is shown
    pos = find("draw", ends_round)
    page = seat_at_table(browser, server, pos.game, pos.seed, actions=pos.actions, idle=False)
    settle(page)
    before = page.locator("#log-moves li").count()
    page.locator(f'#hand [data-tile="{pos.tile}"]').click()
    page.wait_for_selector("#round-end:not([hidden])")
    listed = page.eval_on_selector_all("#log-moves li", "items => items.map((li) => li.textContent)")  # folded
    assert len(listed) == before + 1 and listed[-1].startswith(f"You laid {pos.tile}"), listed[-2:]
    page.click("#round-end-ok")
    settle(page)
    assert page.eval_on_selector_all("#log-moves li", "items => items.map((li) => li.textContent)") == \
        view(page)["view"].get("this_round", [])
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_reload_while_the_rounds_box_is_up_shows_the_finished_table_again(browser: Any, server: Server,
                                                                             device: str) -> None:
    """QA: a reload (a phone's tab reloaded in the background, say) while the round's box was up lost the box and
    the hands turned face up, the next round already dealt under them. Until you move in the next round, a page
    opened shows the finished table, every hand face up, under its box again; Next round then shows the table as it
    is now."""
    pos = find("draw", ends_round)
    page = seat_at_table(browser, server, pos.game, pos.seed, device=DEVICES[device], actions=pos.actions)
    tap(page, f'#hand [data-tile="{pos.tile}"]', device)
    page.wait_for_selector("#round-end:not([hidden])")
    told = page.inner_text("#round-end-text")
    shown = page.locator(".seat.shown .far-tiles .tile-svg").count()
    line = page.locator("#line .tile-face").count()
    assert shown == len(pos.after.results[-1].hands_left[1]) and line > 0
    page.reload()
    page.wait_for_selector("#round-end:not([hidden])")
    assert page.inner_text("#round-end-text") == told
    assert page.locator(".seat.shown .far-tiles .tile-svg").count() == shown  # the computer's hand, face up again
    assert page.locator("#line .tile-face").count() == line  # the finished round's line, not the next round's
    shot(page, f"round_end_reloaded_{device}")
    tap(page, "#round-end-ok", device)
    settle(page)
    now = view(page)["view"]
    assert page.locator(".seat.shown").count() == 0 and page.locator("#hand .tile-btn").count() == len(now["hand"])
    assert page.inner_text("#say").startswith(told.split(".")[0])  # the last round's result stays told until you move
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_game_chosen_shows_its_own_menus_while_its_first_moves_are_played(browser: Any, server: Server) -> None:
    """QA: a game chosen whose computers played before you (and might end its first round before you moved: the
    round's box then waited) kept the last game's menus, without its Players menu, until the moves were shown."""
    page = seat_at_table(browser, server, "draw", 3, url="/?pace=600")
    assert page.is_hidden("#players-field")
    with page.expect_response("**/api/settings"):
        page.select_option("#game", "block_play_on")
    page.wait_for_function("() => !document.getElementById('players-field').hidden")
    assert page.get_attribute("body", "data-busy") == "1"  # its deal and moves are still being shown
    assert page.input_value("#players") == "4"
    settle(page, timeout=60)
    page.context.close()


CAPTIONS = """document.addEventListener("DOMContentLoaded", () => {
  window.captions = [];
  new MutationObserver(() => {
    const t = document.querySelector('#say').textContent;
    if (t && window.captions[window.captions.length - 1] !== t) window.captions.push(t);
  }).observe(document.querySelector('#say'), { subtree: true, childList: true, characterData: true });
});"""


def test_while_the_computers_move_show_moves_is_kept_and_a_seat_playing_on_is_told_whole(
        browser: Any, server: Server) -> None:
    """QA at four seats, where the computers move most of the time: Show moves changed meanwhile went back with
    "Wait" (now kept, and sent once their moves are shown); the wait said "the computer"; and a seat that set first
    and played on had its first tiles gone from the caption before they could be read (now its turn is told
    whole)."""
    # Block playing on for four, seed 3: Computer 1 sets first and plays on
    page = seat_at_table(browser, server, "block_play_on", 3, players=4, url="/?pace=350", idle=False,
                         init_script=CAPTIONS)
    assert page.get_attribute("body", "data-busy") == "1" and page.is_checked("#show-moves")
    page.locator("#hand .tile-btn").first.click()
    assert page.inner_text("#say") == "Wait: the computers are moving."
    page.locator("#show-moves").click()
    assert not page.is_checked("#show-moves")
    assert page.inner_text("#say") == "Show moves off: from the end of the computers' moves."
    settle(page, timeout=60)
    for _ in range(50):  # sent once the moves were shown
        if view(page)["settings"]["show_moves"] is False:
            break
        page.wait_for_timeout(100)
    assert view(page)["settings"]["show_moves"] is False and not page.is_checked("#show-moves")
    captions = page.evaluate("() => window.captions")
    told = [c for c in captions if "Computer 1 led 3-3. Computer 1 laid " in c]
    assert told and told[0].count("Computer 1 plays on, following suit.") == 1, captions
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_undo_between_two_people_says_why_it_takes_nothing_back(browser: Any, server: Server) -> None:
    """QA: Undo was greyed out on every move between two people, and a click said nothing (only U gave the reason).
    It stays greyed out, and a click says why, from the state the page holds: nothing is asked of the server (its
    refusal had left a 409 in the console)."""
    page = seat_at_table(browser, server, "block", 3, opponent="two")
    undo_requests: list[str] = []
    page.on("request", lambda r: undo_requests.append(r.url) if r.url.endswith("/api/undo") else None)
    page.click("#lid")
    settle(page)
    first = view(page)["view"]["legal"][0]  # the round's opening tile
    page.click(f'#hand [data-tile="{first}"]')
    settle(page)
    assert view(page)["n"] == 1 and page.get_attribute("#undo", "aria-disabled") == "true"
    page.click("#undo", force=True)  # greyed out (aria-disabled), yet a player's click reaches it
    page.wait_for_function("() => document.querySelector('#say').textContent.startsWith('With two players')")
    assert not undo_requests
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_rules_settings_and_shortcuts(browser: Any, server: Server, device: str) -> None:
    """The Rules panel from the panel and the keys; Settings kept per browser; single keys can be turned off
    (item 10, WCAG 2.1.4); a soft click when sound is on."""
    page = seat_at_table(browser, server, "all_threes", 5, players=3, device=DEVICES[device])
    tap(page, "#rules", device)
    page.wait_for_selector("#rules-dialog[open] h3")
    assert in_sight(page, "#rules-close") or page.evaluate(
        "() => document.querySelector('#rules-dialog').scrollHeight > document.querySelector('#rules-dialog')"
        ".clientHeight")  # a long text scrolls inside the box
    shot(page, f"rules_{device}")
    assert page.inner_text("#rules-title") == "Rules of All Threes for 3 players"
    body = page.inner_text("#rules-body")
    assert "multiple of 3" in body and "6 + 3 = 9 → +9" in body and "13 → 12" in body
    page.click("#rules-close")
    page.keyboard.press("?")
    page.wait_for_selector("#help-dialog[open]")
    page.click("#help-rules")
    page.wait_for_selector("#rules-dialog[open]")
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    page.wait_for_selector("#rules-dialog[open]")
    page.keyboard.press("Escape")
    # a single key works with the focus on the Show moves tick box (it was swallowed until you clicked elsewhere)
    page.click("#show-moves")
    settle(page)
    page.click("#show-moves")
    settle(page)
    page.keyboard.press("r")
    page.wait_for_selector("#rules-dialog[open]")
    page.keyboard.press("Escape")
    # a menu chosen from with the pointer hands the focus back to the hand, so a single key is not a menu's letter
    page.focus("#opponent")
    page.dispatch_event("#opponent", "pointerdown")
    page.select_option("#opponent", "easy")
    settle(page)
    assert page.evaluate("() => document.activeElement.id") != "opponent"
    page.keyboard.press("r")
    page.wait_for_selector("#rules-dialog[open]")
    page.keyboard.press("Escape")
    # Settings: slow, sound on, single keys off; kept across a reload
    page.click("#settings")
    page.check('input[name="pace"][value="slow"]')
    settle(page)
    page.check("#sound")
    settle(page)
    page.uncheck("#shortcuts")
    settle(page)
    page.click("#settings-close")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    st = view(page)["settings"]
    assert (st["pace"], st["sound"], st["shortcuts"]) == ("slow", True, False)
    page.click("#settings")
    assert page.is_checked('input[name="pace"][value="slow"]') and page.is_checked("#sound")
    assert not page.is_checked("#shortcuts")
    page.click("#settings-close")
    assert page.get_attribute("#hint", "aria-keyshortcuts") is None
    n = view(page)["n"]
    page.locator("#hand .tile-btn").first.focus()
    for key in ("n", "h", "?", "r", "s", "d"):
        page.keyboard.press(key)
    page.wait_for_timeout(150)
    assert not page.locator("dialog[open]").count() and view(page)["n"] == n
    assert view(page)["hints"] == 0 and view(page)["settings"]["show_moves"]
    # a tile laid with sound on: one soft click each (the computers' too)
    fits = page.locator("#hand .tile-btn.fits")
    if fits.count():
        page.goto(server.url + "/?pace=5")
        page.wait_for_selector("body[data-ready='1']")
        settle(page)
        page.locator("#hand .tile-btn.fits").first.click()
        if page.locator("#line .chalk-dot").count():
            page.locator("#line .chalk-dot").first.click()
        settle(page)
        assert int(page.get_attribute("body", "data-clicks") or 0) >= 1
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_whose_turn_names_and_the_lid(browser: Any, server: Server) -> None:
    """Item 10: the far hand has a name in Two players, and "A hint is for the side to move…" does not outlive
    the lid."""
    page = seat_at_table(browser, server, "block", 3, opponent="two", device=PHONE)
    assert page.is_visible("#lid")
    names = page.eval_on_selector_all(".seat .seat-name", "ns => ns.map((n) => n.textContent)")
    assert names in (["Player 1"], ["Player 2"])
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('#say').textContent.startsWith('A hint is for')")
    page.click("#lid")
    settle(page)
    assert "A hint is for" not in page.inner_text("#say")
    assert page.inner_text("#record-text") == "Games between two people are not recorded."
    page.context.close()
    page = seat_at_table(browser, server, "draw", 3)
    assert page.eval_on_selector_all(".seat .seat-name", "ns => ns.map((n) => n.textContent)") == ["The computer"]
    note = page.inner_text("#record-note")
    assert "on the lid" not in note and "each number of players" in note
    page.context.close()


def test_new_game_mid_game_says_it_counts_as_a_loss(browser: Any, server: Server) -> None:
    page = open_table(browser, server.url)
    page.select_option("#game", "all_fives")
    settle(page)
    page.click("#show-moves")
    settle(page)
    fits = page.locator("#hand .tile-btn.fits")
    for _ in range(20):  # the server deals from a fresh seed: with nothing that fits, draw first
        if fits.count() or not page.locator("#boneyard.can-draw").count():
            break
        page.click("#boneyard")
        settle(page)
    fits.first.click()
    if page.locator("#line .chalk-dot").count():
        page.locator("#line .chalk-dot").first.click()
    settle(page)
    page.click("#new")
    assert page.is_visible("#confirm")
    assert "counts as a loss" in page.inner_text("#confirm-text")
    page.click("#confirm-yes")
    settle(page)
    assert page.locator("#record-strip .chip.lost.left").count() == 1
    assert page.inner_text("#record-text") == "0 won, 1 lost (1 left unfinished)."
    page.context.close()


def test_a_second_tab_catches_up_without_being_told_to_reload(browser: Any, server: Server) -> None:
    """Item 9: a stale second tab said "Reload to see it" after it had already reloaded itself."""
    first = open_table(browser, server.url)
    first.select_option("#game", "block")
    settle(first)
    second = first.context.new_page()
    second.goto(server.url + "/?pace=5")
    second.wait_for_selector("body[data-ready='1']")
    settle(second)
    stale = view(second)["view"]  # what the second tab shows, and goes on showing
    tile = stale["legal"][0].split()[0]
    first.click(f'#hand [data-tile="{tile}"]')
    if first.locator("#line .chalk-dot").count():
        first.locator("#line .chalk-dot").first.click()
    settle(first)
    now = view(first)
    assert now["n"] > 0
    second.click(f'#hand [data-tile="{tile}"]')  # a move the second tab still offers
    if second.locator("#line .chalk-dot").count():
        second.locator("#line .chalk-dot").first.click()
    settle(second)
    said = second.inner_text("#say")
    assert "Reload" not in said and "it now shows the table as it is" in said
    assert second.evaluate("() => document.querySelectorAll('#hand .tile-btn').length") == \
        len(now["view"]["hand"]) and view(second)["n"] == now["n"]
    # the same for a Hint asked in a tab left behind (review: it said "another tab?" and stayed behind)
    tile = view(first)["view"]["legal"][0].split()[0]
    first.click(f'#hand [data-tile="{tile}"]')
    if first.locator("#line .chalk-dot").count():
        first.locator("#line .chalk-dot").first.click()
    settle(first)
    second.click("#hint")
    second.wait_for_function("() => document.querySelector('#say').textContent.includes('it now shows the table')")
    settle(second)
    assert second.evaluate("() => document.querySelectorAll('#hand .tile-btn').length") == \
        len(view(first)["view"]["hand"])  # the table fetched anew under the refusal
    first.context.close()


def test_a_tab_behind_catches_up_when_its_greyed_undo_is_pressed(browser: Any, server: Server) -> None:
    """Review: a greyed-out Undo says its reason from the page's own state and sends no undo; a tab left behind
    would then have given a reason that no longer held. It says it, fetches the table (a read, no refusal) and,
    where another tab moved on, shows it."""
    first = open_table(browser, server.url)
    first.select_option("#game", "block")
    settle(first)
    second = open_table(browser, server.url, context=first.context)
    settle(second)
    assert not view(second)["can_undo"]  # nothing of yours on the table yet
    tile = view(first)["view"]["legal"][0].split()[0]
    first.click(f'#hand [data-tile="{tile}"]')
    if first.locator("#line .chalk-dot").count():
        first.locator("#line .chalk-dot").first.click()
    settle(first)
    assert view(first)["can_undo"]
    undo_requests: list[str] = []
    second.on("request", lambda r: undo_requests.append(r.url) if r.url.endswith("/api/undo") else None)
    second.click("#undo", force=True)
    second.wait_for_function("() => document.querySelector('#say').textContent.includes('it now shows the table')")
    assert not undo_requests and view(second)["n"] == view(first)["n"] and view(second)["can_undo"]
    assert second.get_attribute("#undo", "aria-disabled") == "false"
    assert not second.errors  # type: ignore[attr-defined]
    first.context.close()


class _Elsewhere(BaseHTTPRequestHandler):
    """Another page on another port of 127.0.0.1, trying to drive the table with no-cors fetches."""

    table = ""

    def do_GET(self) -> None:  # noqa: N802 - the http.server name
        page = f"""<!doctype html><title>elsewhere</title><script>
(async () => {{
  const send = (path, body) => fetch("{self.table}" + path, {{ method: "POST", mode: "no-cors",
    credentials: "include", headers: {{ "Content-Type": "text/plain" }}, body }}).catch(() => null);
  await send("/api/settings", '{{"opponent": "expert"}}');
  await send("/api/new", '{{"game": "all_fives"}}');
  document.title = "sent";
}})();
</script>"""
        data = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def elsewhere(server: Server) -> Iterator[str]:
    handler = type("Handler", (_Elsewhere,), {"table": server.url})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


def test_a_page_on_another_port_cannot_drive_the_game(browser: Any, server: Server, elsewhere: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 4: a page served from another port of 127.0.0.1 sent no-cors text/plain POSTs to /api/settings and
    /api/new, dropped the game in progress and set the opponent to Expert."""
    from bones.web import app as web_app

    page = seat_at_table(browser, server, "all_fives", 8)
    page.locator("#hand .tile-btn.fits").first.click()
    if page.locator("#line .chalk-dot").count():
        page.locator("#line .chalk-dot").first.click()
    settle(page)
    before = view(page)
    assert before["in_progress"]
    # what reaches the table (the browser's own view of a no-cors request leaves the cookie out)
    reached: list[tuple[str, bool, str | None]] = []
    check = web_app.refusal

    def spy(request: Any) -> str | None:
        why = check(request)
        reached.append((request.url.path, "bones_token" in request.cookies, why))
        return why

    monkeypatch.setattr(web_app, "refusal", spy)
    evil = page.context.new_page()
    evil.goto(elsewhere)
    evil.wait_for_function("() => document.title === 'sent'")
    # both were sent with the table's cookie (SameSite does not separate ports), and both were refused
    assert [(path, cookie) for path, cookie, _ in reached] == [("/api/settings", True), ("/api/new", True)]
    assert all(why and "own page" in why for _, _, why in reached)
    after = view(page)
    assert after["id"] == before["id"] and after["n"] == before["n"]
    assert after["settings"]["opponent"] == "beginner" and after["record"]["games"] == []
    # and the page's own requests still go through
    page.click("#new")
    page.click("#confirm-yes")
    settle(page)
    assert view(page)["id"] != before["id"]
    assert not page.errors  # type: ignore[attr-defined]  # no Content-Security-Policy refusal either
    page.context.close()


def test_the_computers_tile_slides_to_the_line(browser: Any, server: Server) -> None:
    page = seat_at_table(browser, server, "draw", 21, url="/?pace=500")
    page.evaluate(WATCH)
    for _ in range(4):
        fits = page.locator("#hand .tile-btn.fits")
        if fits.count():
            fits.first.click()
            if page.locator("#line .chalk-dot").count():
                page.locator("#line .chalk-dot").first.click()
        elif page.locator("#boneyard.can-draw").count():
            page.click("#boneyard")
        settle(page)
        if page.evaluate("() => window.seen.flying") > 0:
            break
    assert page.evaluate("() => window.seen.flying") > 0
    assert not page.locator(".flying").count()  # landed, and gone
    page.context.close()


def test_a_spinner_laid_far_out_keeps_the_tiles_large_on_a_phone(browser: Any, server: Server) -> None:
    """All Fives' first spinner stays on the line's first row (its four ends need the room), so a spinner laid six
    or more tiles out held the whole line in one long row of small tiles on a phone; the line is now laid out from
    the spinner where that draws it larger, every end still marked where it is."""
    pos = find("all_fives", lays_far_spinner)
    page = seat_at_table(browser, server, pos.game, pos.seed, device=PHONE, actions=pos.actions)
    page.locator(f'#hand [data-tile="{pos.tile}"]').tap()
    settle(page)
    sides = page.eval_on_selector_all("#line .tile-face rect.face", """rs => rs.map((r) => {
      const b = r.getBoundingClientRect();
      return Math.min(b.width, b.height);
    })""")
    assert min(sides) >= 20, sides  # a tile's short side in pixels: 12 before, 23 now
    assert crowding(page) == []
    # the spinner is the last tile at its end: the chalk ring and the point where the next tile lands are there
    v = view(page)["view"]
    assert set(page.eval_on_selector_all("#line .chalk-ring", "rs => rs.map((r) => r.dataset.end)")) >= set(v["ends"])
    shot(page, "far_spinner_phone")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_two_players_see_both_hands_at_a_rounds_end(browser: Any, server: Server) -> None:
    """Two people on one device: at a round's end both hands lie face up (the near one stayed face down under the
    lid while the box quoted its dots)."""
    pos = find("block", lambda before, after: len(after.results) > len(before.results) and not after.over
               and after.results[-1].end == "blocked")  # both sides still hold tiles
    page = seat_at_table(browser, server, pos.game, pos.seed, opponent="two", actions=pos.actions)
    page.click("#lid")
    settle(page)
    page.locator(f'#hand [data-tile="{pos.tile}"]').click()
    page.wait_for_selector("#round-end:not([hidden])")
    left = [sorted(str(t) for t in hand) for hand in pos.after.results[-1].hands_left]
    near = sorted(page.eval_on_selector_all("#hand .tile-btn.face-up", "ts => ts.map((t) => t.dataset.tile)"))
    assert near in left and near
    assert page.locator("#hand .face-down").count() == 0 and not page.is_visible("#lid")
    # the box takes the room of the words above the hand, and more: the line gives some up, so the hand stays in
    # the window at 1280×800, not pushed below it
    assert page.evaluate("() => document.querySelector('#hand').getBoundingClientRect().bottom <= innerHeight + 1")
    far = page.locator(".seat.shown .tile-svg.face-up").count()
    assert sorted([len(near), far]) == sorted(len(h) for h in left)
    shot(page, "two_players_round_end")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_claim_and_muggins_make_way_for_a_rounds_end(browser: Any, server: Server) -> None:
    """Nothing is claimed once a round is over: Claim and Muggins! leave the room to the round's box (they lay half
    under it)."""
    pos = find("muggins", ends_round)
    page = seat_at_table(browser, server, pos.game, pos.seed, actions=pos.actions, options={"claims": True})
    assert page.is_visible("#claim") and page.is_visible("#muggins")
    page.locator(f'#hand [data-tile="{pos.tile}"]').click()
    page.wait_for_selector("#round-end:not([hidden])")
    assert not page.is_visible("#claim") and not page.is_visible("#muggins")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_claim_closed_with_nothing_chosen_takes_its_question_back(browser: Any, server: Server) -> None:
    """QA: Claim opened then closed (by Claim again, or Esc) left "How many points does your next tile make?"
    under the table, as though the amounts still waited."""
    page = seat_at_table(browser, server, "muggins", 81, options={"claims": True})
    for close in ("#claim", "Escape"):
        page.click("#claim")
        assert page.inner_text("#say").startswith("How many points does your next tile make?")
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            page.click(close)
        assert page.is_hidden("#claim-amounts")
        assert page.inner_text("#say") == "No claim: your next tile claims nothing."
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_lid_stays_readable_under_the_pointer(browser: Any, server: Server) -> None:
    """Two people at a desktop: the lid comes up where the last tile was laid, under the mouse. The buttons' cream
    hover (`button:hover:not(:disabled)`) outranked `.lid:hover` and left the lid's pale words on cream."""
    page = seat_at_table(browser, server, "block", 3, opponent="two")
    page.hover("#lid")
    look = page.eval_on_selector("#lid", "e => [getComputedStyle(e).backgroundImage, getComputedStyle(e).color]")
    assert "gradient" in look[0], look  # the oak stays under the words
    shot(page, "lid_under_the_pointer")
    page.context.close()


def test_games_two_people_cannot_share_are_greyed_out_in_the_menus(browser: Any, server: Server) -> None:
    """QA: with Two players chosen the Game menu offered Honest John (four to eight), refused once chosen; and at a
    game of four, Two players was offered. Both are greyed out, and the menus stay on the game on the table."""
    page = seat_at_table(browser, server, "draw", 3, opponent="two")
    disabled = page.eval_on_selector_all("#game option", "os => Object.fromEntries(os.map((o) => [o.value, o.disabled]))")
    assert disabled["honest_john"] and disabled["partnership_block"] and disabled["domino_pool"]
    assert disabled["honest_john_2"] and not disabled["draw"] and not disabled["muggins"]  # 2 to 4 seats: two may
    page.context.close()
    page = seat_at_table(browser, server, "honest_john", 3, players=4)
    assert page.eval_on_selector("#opponent option[value=two]", "o => o.disabled")
    assert not page.eval_on_selector("#game option[value=draw]", "o => o.disabled")
    assert page.eval_on_selector("#game", "e => e.value") == "honest_john"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_dialogs_close_from_their_top_and_from_outside_on_a_phone(browser: Any, server: Server) -> None:
    """QA: on a phone the Rules' only Close lay some 1,900 px down, and a tap outside a dialog did nothing."""
    page = seat_at_table(browser, server, "bergen", 3, device=PHONE)
    page.locator("#rules").tap()
    page.wait_for_selector("#rules-dialog[open] #rules-body section")
    x = page.locator("#rules-dialog .dialog-x")
    assert x.is_visible() and x.bounding_box()["y"] < 844  # type: ignore[index]
    page.eval_on_selector("#rules-dialog", "d => { d.scrollTop = d.scrollHeight / 2; }")
    box = x.bounding_box()
    assert box is not None and 0 <= box["y"] < 844  # still in sight, half way down the rules
    x.tap()
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    page.locator("#settings").tap()
    page.wait_for_selector("#settings-dialog[open]")
    assert page.evaluate("() => document.activeElement.id") == "settings-title"  # not the ×: Enter would close it
    title = page.locator("#settings-title").bounding_box()
    assert title is not None
    page.mouse.move(title["x"] + 5, title["y"] + 5)  # a drag begun inside, let go outside: it stays open
    page.mouse.down()
    page.mouse.move(5, 5)
    page.mouse.up()
    assert page.eval_on_selector("#settings-dialog", "d => d.open")
    page.mouse.click(5, 5)  # on the backdrop, outside the box
    page.wait_for_selector("#settings-dialog:not([open])", state="attached")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_record_counts_a_tie_for_first_as_tied(browser: Any, server: Server) -> None:
    page = seat_at_table(browser, server, "draw", 3)
    text = page.evaluate("""async () => {
      const { recordText, recordChips } = await import('/static/dialogs.js');
      const rec = { counted: true, hints: 0, won: 1, tied: 1, lost: 1, left: 0,
                    games: [{ won: true }, { won: false, tied: true }, { won: false }] };
      const strip = document.createElement('div');
      recordChips(strip, rec.games);
      return [recordText(rec), [...strip.children].map((c) => c.getAttribute('aria-label'))];
    }""")
    assert text == ["1 won, 1 tied, 1 lost.", ["Game 1: won", "Game 2: tied for first", "Game 3: lost"]]
    page.context.close()


def _fits_two_ends(game: str) -> tuple[int, list[str], str]:
    """A seeded deal played forward at random to seat 0's turn with a tile that fits two ends (a chalk dot to
    choose), the round going on whichever it takes: the seed, the actions, the tile."""
    import random

    from bones.engine import new_game

    for seed in range(1, 500):
        rng = random.Random(seed)
        g = new_game(game, seed)
        actions: list[str] = []
        while not g.over and g.current_seat is not None and not g.results:
            legal = g.legal_actions()
            if g.current_seat == 0:
                plays = [a for a in legal if a.kind == "play" and a.end]
                for a in plays:
                    twice = [b for b in plays if b.tile == a.tile]
                    if len(twice) == 2 and all(not g.apply(b).results for b in twice):
                        return seed, actions, str(a.tile)
            a = legal[rng.randrange(len(legal))]
            actions.append(str(a))
            g = g.apply(a)
    raise LookupError(game)


def test_the_focus_comes_back_to_the_hand_after_a_chalk_dot(browser: Any, server: Server) -> None:
    """A tile laid with the keyboard from a chalk dot: the dot went with the move and the focus fell to the page
    itself (Tab then started again from the top); it comes back to the hand."""
    seed, actions, tile = _fits_two_ends("block")
    page = seat_at_table(browser, server, "block", seed, actions=actions)
    page.focus(f'#hand [data-tile="{tile}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#line .chalk-dot")
    assert page.evaluate("() => document.activeElement.classList.contains('chalk-dot')")
    page.keyboard.press("Enter")
    settle(page)
    assert page.evaluate("() => !!document.activeElement.closest('#hand, #lid')"), \
        page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("players", [5, 8])
def test_five_or_more_at_a_desktop_keep_the_hand_in_the_window(browser: Any, server: Server, players: int) -> None:
    """Draw Dominoes for eight at 1280×800: the far edge takes two rows and the scores a row of their own, and the
    hand's bottom lay 30 px below the window (the tiles cut off until the page was scrolled)."""
    page = seat_at_table(browser, server, "draw_dominoes", 5, players=players)
    page.evaluate("() => window.scrollTo(0, 0)")
    bottom = page.evaluate("() => document.querySelector('#hand').getBoundingClientRect().bottom")
    assert bottom <= page.viewport_size["height"], bottom
    assert crowding(page) == []
    shot(page, f"draw_dominoes_{players}_desktop")
    page.context.close()


@pytest.mark.parametrize("players", [5, 6])
def test_the_cut_stands_above_the_line_on_a_phone(browser: Any, server: Server, players: int) -> None:
    """Domino Pool for five or six on a phone: the cut for the first set takes two rows, and the first tiles of the
    line, drawn in the middle of the felt, ran under it; the hand's bottom lay 24 px below the screen at six."""
    page = seat_at_table(browser, server, "domino_pool", 3, players=players, device=PHONE)
    settle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    assert page.locator("#cut .cut-tile").count() == players
    cut_bottom = page.evaluate("() => document.querySelector('#cut').getBoundingClientRect().bottom")
    tops = page.evaluate("() => [...document.querySelectorAll('#line .tile-face rect.face')]"
                         ".map((e) => e.getBoundingClientRect().top)")
    assert tops and min(tops) > cut_bottom, (cut_bottom, tops)
    bottom = page.evaluate("() => document.querySelector('#hand').getBoundingClientRect().bottom")
    assert bottom <= page.viewport_size["height"], bottom
    shot(page, f"domino_pool_{players}_phone_cut")
    page.context.close()


def test_the_hand_comes_into_sight_when_a_seller_is_asked_on_a_phone(browser: Any, server: Server) -> None:
    """Honest John for eight on a phone: the star and the scores push the hand below the fold, and a computer asking
    you for a tile left the tiles to choose from out of sight. When your turn comes the page scrolls to show them."""
    page = seat_at_table(browser, server, "honest_john", 4, players=8, device=PHONE)
    settle(page)
    assert "asks you for an 8: choose a tile to sell" in page.inner_text("#status")
    page.wait_for_function("() => document.querySelector('#hand').getBoundingClientRect().bottom"
                           " <= window.innerHeight + 1", timeout=5000)
    assert page.evaluate("() => window.scrollY") > 0
    # the page opened again (a reload) on your turn: the tiles are scrolled to as well, not left below the fold
    page.evaluate("() => window.scrollTo(0, 0)")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    page.wait_for_function("() => document.querySelector('#hand').getBoundingClientRect().bottom"
                           " <= window.innerHeight + 1", timeout=5000)
    assert page.evaluate("() => window.scrollY") > 0
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_rules_and_settings_open_at_their_top_on_a_phone(browser: Any, server: Server) -> None:
    """A box longer than a phone scrolls; a player scrolls to Close at its foot. Opened again, the Rules (of the
    same game) opened at their foot, the title out of sight (showModal's focus on Close scrolled there), and
    Settings where it was left."""
    page = seat_at_table(browser, server, "boys_game", 3, device=PHONE)
    for button, dialog, close in (("#rules", "#rules-dialog", "#rules-close"),
                                  ("#settings", "#settings-dialog", "#settings-close")):
        for _ in range(2):
            page.locator(button).tap()
            page.wait_for_selector(f"{dialog}[open]")
            # the Rules are fetched the first time ("Fetching the rules…", a short box, until they come)
            page.wait_for_function("(d) => document.querySelector(d).scrollHeight > 0 && (d !== '#rules-dialog' "
                                   "|| document.querySelector('#rules-body section') !== null)", arg=dialog)
            assert page.eval_on_selector(dialog, "d => [d.scrollTop, d.scrollHeight > d.clientHeight]") == [0, True]
            page.locator(close).tap()  # scrolled to, at the foot of the box
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


SPILLS = """() => {
  const seats = [...document.querySelectorAll('.top .seat')].map((s) => [s.getBoundingClientRect(),
    [...s.querySelectorAll('.seat-name, .far-tiles, .count')].map((p) => p.getBoundingClientRect())]);
  const out = [];
  seats.forEach(([r, parts], i) => parts.forEach((p) => {
    if (p.right > r.right + 0.5 || p.left < r.left - 0.5) out.push(`seat ${i} spills out of its box`);
  }));
  const sum = document.querySelector('#end-sum').getBoundingClientRect();
  seats.forEach(([r], i) => { if (r.right > sum.left + 0.5 && r.left < sum.right && !document.querySelector('#end-sum').hidden)
    out.push(`seat ${i} runs under the sum of the ends`); });
  return out;
}"""


def test_four_at_a_phone_keep_each_name_in_its_seat(browser: Any, server: Server) -> None:
    """Muggins for four on a phone: three names beside the sum of the ends and the boneyard were squeezed into
    "Computer 1Computer 2Computer 3", each spilling out of its seat; they take a second row instead."""
    page = seat_at_table(browser, server, "muggins", 3, players=4, device=PHONE)
    assert page.is_visible("#end-sum") and page.locator(".top .seat").count() == 3
    assert page.evaluate(SPILLS) == []
    shot(page, "four_at_a_phone")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_focus_goes_to_the_tiles_after_the_lid_and_after_undo(browser: Any, server: Server) -> None:
    """Play-testing by keyboard: Enter on the lid, or on Undo, left the focus on the page itself (the lid is gone,
    Undo disabled), and the next Tab began again at the top of the panel."""
    page = seat_at_table(browser, server, "block", 3, opponent="two")
    enter_leaves_the_focus_on_the_tiles(page, "#lid")
    page = seat_at_table(browser, server, "block", 3, opponent="medium")
    page.locator("#hand .tile-btn.fits").first.click()
    if page.locator("#line .chalk-dot").count():
        page.locator("#line .chalk-dot").first.click()
    settle(page)
    enter_leaves_the_focus_on_the_tiles(page, "#undo")


def enter_leaves_the_focus_on_the_tiles(page: Any, control: str) -> None:
    """Enter on `control`, then the focus is in the hand (said where it is otherwise); the page is closed."""
    page.focus(control)
    page.keyboard.press("Enter")
    settle(page)
    assert page.evaluate("() => !!document.activeElement.closest('#hand')"), page.evaluate(
        "() => document.activeElement.outerHTML.slice(0, 80)")
    page.context.close()


def test_a_summary_longer_than_its_box_says_it_scrolls(browser: Any, server: Server) -> None:
    """play-testing: with more rounds than the game-over box shows, the last rows slid under the pinned Total with
    no sign that the table scrolls, and the totals looked wrong for the rows in sight."""
    pos = find("all_fives", ends_game)
    short = {**DESKTOP, "viewport": {"width": 1280, "height": 560}}
    for device, said in ((short, True), (DESKTOP, False)):
        page = seat_at_table(browser, server, pos.game, pos.seed, device=device, actions=pos.actions, url="/?pace=5")
        tap(page, f'#hand [data-tile="{pos.tile}"]', "desktop")
        page.wait_for_selector("#game-over[open]")
        rounds = page.locator("#game-over-table tr").count() - 2
        scrolls = page.eval_on_selector(".summary-box", "b => b.scrollHeight > b.clientHeight + 1")
        assert scrolls == said
        assert page.is_visible("#game-over-more") == said
        if said:
            assert page.inner_text("#game-over-more") == f"{rounds} rounds: scroll the table to see them all."
        page.context.close()


def test_ten_rounds_of_honest_john_fit_the_game_over_box_on_a_desktop(browser: Any, server: Server) -> None:
    """QA: at 1280 × 800 the box showed 7 of 10 rounds (and said to scroll), with room to spare on the screen."""
    from tests.kit import random_game

    game = random_game("honest_john", 5, 100_000, {"players": 4})
    assert game.over and len(game.results) == 10
    actions = [str(a) for rnd in game.actions for a in rnd]
    desk = {**DESKTOP, "viewport": {"width": 1280, "height": 800}}
    page = seat_at_table(browser, server, "honest_john", 5, players=4, device=desk, actions=actions, idle=False)
    page.wait_for_selector("#game-over[open]")
    assert page.eval_on_selector(".summary-box", "b => b.scrollHeight <= b.clientHeight + 1")
    assert not page.is_visible("#game-over-more")
    shot(page, "honest_john_game_over_1280x800")
    page.context.close()
