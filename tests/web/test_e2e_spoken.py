"""What a player with a screen reader hears and where the keyboard's focus stays (an accessibility review)."""

from __future__ import annotations

import re
from typing import Any

from .e2e_helpers import PHONE, Server, open_table, play_turn, seat_at_table, settle, spoken, view
from .test_e2e_games import WATCH

MOVE = re.compile(r"(Computer \d+|You) (led|laid|had nothing|drew)")


def test_a_refusal_is_spoken_not_only_shown(browser: Any, server: Server) -> None:
    """review: a tile that does not fit was refused in the caption alone; the live region said nothing, so a
    player who cannot see the caption heard no reason why nothing happened."""
    page = open_table(browser, server.url)
    st = view(page)["view"]
    stuck = next(t for t in st["hand"] if not st["fits"].get(t))
    page.focus(f'#hand [data-tile="{stuck}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('live').textContent.length > 0")
    shown = page.inner_text("#say")
    assert shown and page.inner_text("#live").split()[-1] == shown.split()[-1]
    page.context.close()


def test_the_tile_focused_is_not_focused_again_while_the_computers_move(browser: Any, server: Server) -> None:
    """review: every computer's move drew the hand anew and focused the tile again, and a screen reader read it out
    again after each, over the move it was announcing."""
    page = open_table(browser, server.url)
    page.select_option("#game", "domino_pool")
    settle(page)
    for _ in range(20):
        st = view(page)["view"]
        if st["your_turn"] and any(st["fits"].values()):
            break
        page.keyboard.press("d")  # nothing to lay: the page moves on (a "go" is made for you)
        settle(page)
    tile = next(t for t in st["hand"] if st["fits"].get(t))
    page.evaluate("""() => { window.focusins = 0;
        document.getElementById('hand').addEventListener('focusin', () => window.focusins++); }""")
    page.locator(f'#hand [data-tile="{tile}"]').click()  # the computers answer at once (pace 5)
    if page.locator("#line .chalk-dot").count():
        page.locator("#line .chalk-dot").first.click()
    settle(page)
    assert view(page)["view"]["hand"] != st["hand"]
    assert page.evaluate("() => window.focusins") <= 2  # the click, and the hand without the tile laid
    page.context.close()


def test_two_players_focus_goes_to_the_lid_after_a_tile_laid_from_the_hand(browser: Any, server: Server) -> None:
    """review: between two people, a tile laid straight from the hand left the focus on the page (the hand turned
    face down under it); laid by a chalk dot it went to the lid. The lid, both ways."""
    page = open_table(browser, server.url)
    page.select_option("#opponent", "two")
    settle(page)
    for _ in range(12):
        if page.is_visible("#lid"):
            page.click("#lid")
            settle(page)
        st = view(page)["view"]
        one_end = [t for t in st["hand"] or [] if len(st["fits"].get(t) or []) == 1]
        if one_end:
            page.focus(f'#hand [data-tile="{one_end[0]}"]')
            page.keyboard.press("Enter")
            settle(page)
            assert page.is_visible("#lid")
            assert page.evaluate("() => document.activeElement && document.activeElement.id") == "lid"
            break
        page.keyboard.press("d")
        settle(page)
    else:
        raise AssertionError("no tile that fits one end alone")
    page.context.close()


def test_the_rules_open_at_their_title_and_reduced_motion_stills_the_score(browser: Any, server: Server) -> None:
    """review: the Rules dialog opened with the focus on Close, below the text, so a screen reader began at the end
    (and a phone showed the end); the score's chalk still popped in under reduced motion."""
    page = open_table(browser, server.url)
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open] h3")
    assert page.evaluate("() => document.activeElement.id") == "rules-title"
    assert page.evaluate("() => document.getElementById('rules-dialog').scrollTop") == 0
    page.keyboard.press("Escape")
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("""() => { const p = document.createElement('div'); p.className = 'score-pop';
        document.body.appendChild(p); const a = getComputedStyle(p).animationName; p.remove(); return a; }""") == "none"
    page.context.close()


def new_game_heard_afresh(page: Any) -> dict[str, Any]:
    """New game (started over where asked), what is heard from then on only (`WATCH` running); the table's view."""
    page.wait_for_timeout(100)  # what the last deal said is spoken 30 ms after it
    page.evaluate("() => { window.heard.length = 0; }")
    page.click("#new")
    if page.is_visible("#confirm"):
        page.click("#confirm-yes")
    settle(page)
    return dict(view(page)["view"])


def test_a_new_game_is_said_before_the_computers_first_moves_and_the_caption_keeps_them(browser: Any,
                                                                                       server: Server) -> None:
    """QA: after New at four, the live region said the computers' leads and only then "A new game … is dealt", and
    the caption said only "… is dealt. Your turn." with six tiles down (a "go" made for you among them); the cut
    was heard again before every move until each seat had laid."""
    page = open_table(browser, server.url)
    page.select_option("#game", "partnership_block")
    settle(page)
    page.evaluate(WATCH)
    for _ in range(12):
        v = new_game_heard_afresh(page)
        if v["center"] is not None:  # a computer set first: its moves came before your turn
            break
    else:
        raise AssertionError("every new game was yours to set")
    heard = " ".join(page.evaluate("() => window.heard"))
    assert heard.startswith("A new game of Four-handed Block is dealt."), heard
    assert heard.count("The cut: ") == 1, heard
    caption = page.inner_text("#say")
    assert caption.startswith("A new game of Four-handed Block is dealt. The cut: "), caption
    laid = 1 + sum(len(a) for a in v["arms"].values())
    told = caption.count(" led ") + caption.count(" laid ")
    assert told == laid or ("…" in caption and 1 + 3 <= told < laid), caption
    assert caption.endswith(".") and page.inner_text("#status") == v["status"], caption
    page.context.close()


def test_after_new_game_at_eight_the_caption_keeps_the_lead_and_the_last_moves_not_every_move(
        browser: Any, server: Server) -> None:
    """QA: after New at a table of eight, every computer's move since the deal was joined into one caption,
    eighteen lines on a phone. The caption keeps the first move (who set), any of yours, and the last three, an
    ellipsis for the rest; the live region still says each move as it is made."""
    page = seat_at_table(browser, server, "draw_dominoes", 3, players=8, device=PHONE)
    page.evaluate(WATCH)
    for _ in range(12):
        v = new_game_heard_afresh(page)
        made = MOVE.findall(" ".join(page.evaluate("() => window.heard")))  # each move heard, seat and verb
        if len(made) > 5:
            break
    else:
        raise AssertionError("no new game with more than five moves before yours")
    caption = page.inner_text("#say")
    first, rest = caption.split(" is dealt. ")[1].split(" … ")
    assert MOVE.findall(first) == made[:1] and made[0][1] == "led", caption
    shown = MOVE.findall(rest)
    assert shown == [m for m in made[1:-3] if m[0] == "You"] + made[-3:], (caption, made)
    assert page.evaluate("() => document.getElementById('say').getBoundingClientRect().height") < 6 * 24
    assert v["your_turn"]
    page.context.close()


def test_the_lines_label_names_its_tiles_as_they_lie_in_matadore_too(browser: Any, server: Server) -> None:
    """review: the line's label read the first tile's halves from the tile next to it, which in Matadore (a half and
    the end it is laid to make seven) named a tile not on the table ("one–six" for the 6-5)."""
    page = open_table(browser, server.url)
    page.click("#show-moves")  # the tiles that fit are marked, for `play_turn`
    page.select_option("#game", "matadore")
    settle(page)
    for _ in range(30):
        v = view(page)["view"]
        if v["center"] and sum(len(a) for a in v["arms"].values()) >= 3:
            break
        play_turn(page)
    left, right = v["arms"].get("L", []), v["arms"].get("R", [])
    words = [spoken([o, i]) for i, o in reversed(left)] + [spoken(v["center"])] + [spoken(t) for t in right]
    label = page.get_attribute("#line", "aria-label")
    assert f"from the left, {', '.join(words)}." in label, (label, v["center"], v["arms"])
    page.context.close()


def test_a_refusal_is_heard_once(browser: Any, server: Server) -> None:
    """review: a refused request said its reason, fetched the table and said it again in the same instant, and the
    two were joined: "There is nothing to undo yet. There is nothing to undo yet.\""""
    page = open_table(browser, server.url)
    page.evaluate(WATCH)
    page.keyboard.press("u")
    page.wait_for_function("() => window.heard.length > 0")
    page.wait_for_timeout(200)
    heard = page.evaluate("() => window.heard")
    assert len(heard) == 1 and heard[0].count("nothing to undo") == 1, heard
    # QA: in the round-end box a refusal was also written to a live note of its own, so it was read twice
    assert page.get_attribute("#round-end-note", "aria-live") is None
    page.context.close()


def test_whose_turn_it_is_is_heard_after_the_computers_moves_and_when_the_page_opens(browser: Any,
                                                                                   server: Server) -> None:
    """Accessibility review: at a table of four the live region spoke each computer's move and never the turn, so a
    screen reader's player heard "Computer 3 laid one–blank on the left end" and had to guess the turn had come;
    a page opened said nothing at all."""
    page = seat_at_table(browser, server, "sebastopol", 2, players=4)
    page.evaluate(WATCH)
    for _ in range(12):
        if play_turn(page) in ("tile", "dot"):
            break
    st = view(page)["view"]
    heard = page.evaluate("() => window.heard")
    assert heard and heard[-1].endswith(st["status"]), heard[-3:]
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    page.wait_for_function("(s) => document.getElementById('live').textContent.endsWith(s)", arg=st["status"])
    # the round's result is heard once: the box the focus goes to is not a group named by that same text
    assert page.get_attribute("#round-end", "aria-labelledby") is None
    page.context.close()


def test_a_game_dealt_behind_settings_is_told_when_it_closes(browser: Any, server: Server) -> None:
    """Accessibility review: a variation chosen deals a new game behind the Settings dialog, and the computer's
    first move went to a live region the dialog shuts out, so it was never heard."""
    page = open_table(browser, server.url)
    page.select_option("#game", "muggins")
    settle(page)
    page.click("#settings")
    page.wait_for_selector("#settings-dialog[open]")
    page.check('#variations-body input[data-key="claims"][value="true"]')
    settle(page)
    page.evaluate(WATCH)
    page.click("#settings-close")
    page.wait_for_function("() => window.heard.length > 0")
    heard = page.evaluate("() => window.heard")
    assert heard[-1].startswith("Muggins is on the table.") and heard[-1].endswith(view(page)["view"]["status"])
    page.context.close()


def test_the_hints_tile_and_a_waiting_arm_are_told_in_words(browser: Any, server: Server) -> None:
    """Accessibility review: the tile the Hint suggests was marked for the eye only, and an arm of Sebastopol's
    cross was read "(waits)", not saying for what."""
    page = seat_at_table(browser, server, "sebastopol", 2, players=4)
    for _ in range(12):
        if any(e["waits"] for e in view(page)["view"]["ends"].values()):
            break
        play_turn(page)
    assert any(e["waits"] for e in view(page)["view"]["ends"].values())
    assert "(waits until all four arms are begun)" in page.get_attribute("#line", "aria-label")
    st = view(page)["view"]
    assert st["your_turn"]
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelector('#say').textContent.startsWith('Hint:')")
    hinted = page.locator("#hand .tile-btn.hinted")
    assert hinted.count() == 1 and hinted.get_attribute("aria-label").endswith(", the hint's tile")
    assert page.locator("#hand .tile-btn:not(.hinted)[aria-label$=\"the hint's tile\"]").count() == 0
    page.context.close()
