"""The games for three to six (and Draw Dominoes for up to eight) in a real headless chromium: a whole game of each
against the computer by clicking, on desktop and phone: partners opposite with one score a side, "go" said in the
status line, the pool's chips, and the seats round the felt. Screenshots land in build/screenshots/."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from bones.engine import RULES, new_game
from bones.web.words import subject

from .e2e_helpers import CHROMIUM, DESKTOP, PHONE, Server, crowding, open_table, seat_at_table, settle, spoken, view
from .test_e2e_games import WATCH, shot, take_turn, truth

if not os.path.exists(CHROMIUM):  # pragma: no cover - `make test` installs it
    pytest.skip("chromium is not installed at /usr/bin/chromium", allow_module_level=True)

GAMES = {
    # game: (players, options, device)
    "partnership_block": (4, {"target": 15}, "desktop"),
    "block_play_on": (3, {"target": 15}, "phone"),
    "sebastopol": (4, {"target": 15}, "desktop"),
    "domino_pool": (6, {"hands": 2}, "phone"),
    "draw_dominoes": (6, {"target": 20}, "desktop"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_at_a_table_of_many(browser: Any, server: Server, game: str) -> None:
    players, options, device = GAMES[game]
    page = seat_at_table(browser, server, game, 3, players=players, options=options,
                        device=PHONE if device == "phone" else DESKTOP)
    page.evaluate(WATCH)
    v = view(page)["view"]
    assert v["players"] == players and page.locator("#others .seat, #west .seat, #east .seat").count() == players - 1
    scores = page.inner_text("#scores")
    if game == "partnership_block":  # partners opposite, one score a side
        assert "You & Computer 2" in scores and "Computer 1 & Computer 3" in scores
        assert page.locator('.seat[data-seat="2"] .seat-name').inner_text() == "Computer 2 (partner)"
        assert v["cut"]["text"].startswith("The cut: you drew ") and "play as partners" in v["cut"]["text"]
        # the four tiles cut lie face up on the felt, each named, as the Rules say
        assert page.is_visible("#cut") and page.locator("#cut .cut-tile").count() == 4
        assert page.locator("#cut .cut-name").all_inner_texts() == ["You", "Computer 1", "Computer 2", "Computer 3"]
    if not RULES[game].draws:  # nobody draws: the tiles left out of the deal are set aside (none: no pile at all)
        bone = page.locator("#boneyard")
        if v["boneyard_count"]:
            assert bone.is_visible() and bone.get_attribute("title") == (
                f"{v['boneyard_count']} tiles set aside: nobody draws in this game")
        else:
            assert not bone.is_visible()
    if game == "domino_pool":  # each ante has left its seat's 20 chips for the pool: 120 chips in all
        assert f"Pool {players}" in scores and page.inner_text("#target") == "of 2"
        assert page.inner_text("#round") == "Hand 1"  # its deals are hands ("chips carry from hand to hand")
        assert [s for s in v["scores"]] == [19] * players
        # the pool's title says dots, as every other word of the table does (it said "the fewest pips")
        assert page.get_attribute(".score.pool", "title") == ("Chips in the pool: domino takes it, else the fewest "
                                                              "dots (ties divide)")
    done: dict[str, int] = {}
    for _ in range(500):
        g = truth(server, page)
        if g.over:
            break
        assert g.current_seat == 0, "the page waits for you"
        take_turn(page, g, done)
        if game == "sebastopol":  # four arms from the 6-6, the up and down ones turning into rows: nothing crowds
            assert not crowding(page)
        if page.is_visible("#game-over"):
            break
    final = truth(server, page)
    assert final.over, (len(final.results), final.scores, done, view(page)["view"]["status"])
    page.wait_for_selector("#game-over[open]")
    text = page.inner_text("#game-over-text")
    # accessibility review: the move that ends the game is told in the box (the live region is shut out under it)
    said = page.evaluate("() => window.said")
    ending = page.inner_text("#game-over-move")
    assert ending and any(ending in s for s in said), (ending, said[-3:])
    # and a screen reader hears it, the result and the last round's count, its tiles in words
    assert page.get_attribute("#game-over", "aria-describedby") == "game-over-said"
    told = page.text_content("#game-over-said") or ""
    assert told.startswith(re.sub(r"\d+-\d+", lambda m: spoken(m.group()), ending)), (told, ending)
    assert page.inner_text("#game-over-text") in told and not re.search(r"\d-\d", told), told
    heard = page.evaluate("() => window.heard")
    if len(final.results) > 1:  # a round's end is heard after the move that made it, not in its place
        ends = [h for h in heard if re.search(r"(Round|Hand) 1: ", h)]
        assert ends and not re.match(r"(Round|Hand) 1: ", ends[0]), ends
    if game == "partnership_block":  # the cut is heard once, not before every move until each seat has laid
        assert sum(h.count("The cut: ") for h in heard) <= 1, heard
    last = view(page)["view"]
    if last["center"] and not last["star"]:  # the line's label names every tile laid, as it lies
        label = page.get_attribute("#line", "aria-label")
        laid = [last["center"], *(t for arm in last["arms"].values() for t in arm)]
        assert all(spoken(t) in label or spoken(t[::-1]) in label for t in laid), label
    if game == "partnership_block":
        assert " and " in text and " won the game, " in text
        # QA: a column a side, not the side's points twice over
        heads = page.locator("#game-over-table tr:first-child th").all_inner_texts()
        assert heads[1:3] == ["You & Computer 2", "Computer 1 & Computer 3"] and len(heads) == 4, heads
    elif game == "domino_pool":
        assert " chips" in text and text.endswith("2 hands.")
        assert page.locator("#game-over-table tr:first-child th").first.inner_text() == "Hand"
        cells = page.locator("#game-over-table td").all_inner_texts()
        assert "-1" in cells and "+-1" not in cells  # a lost ante, signed once
        # QA: the Total was no sum of its column: each seat's 20 chips are its first row
        assert page.locator("#game-over-table tr:nth-child(2) > *").all_inner_texts()[:players + 1] == \
            ["Start"] + ["20"] * players
    if players > 4 and device == "desktop":  # a column for every player, none cut off by the dialog
        assert page.evaluate("() => { const b = document.querySelector('.summary-box'); "
                             "return b.scrollWidth <= b.clientWidth + 1; }")
    if players > 4 and device == "phone":  # every column of points in sight: short heads, only the words scroll
        assert page.evaluate("""() => {
          const box = document.querySelector('.summary-box').getBoundingClientRect();
          const heads = [...document.querySelectorAll('#game-over-table tr:first-child th')].slice(1, -1);
          return heads.every((h) => h.getBoundingClientRect().right <= box.right + 1); }""")
        heads = page.locator("#game-over-table tr:first-child th").all_inner_texts()
        assert heads[1:3] == ["You", "C1"], heads
        assert page.get_attribute("#game-over-table tr:first-child th:nth-child(3)", "aria-label") == "Computer 1"
    # each number of players keeps its own record, and the summary says which (the record under the table does)
    if len(RULES[game].allowed_players) > 1:
        assert page.inner_text("#game-over-record").startswith(
            f"Your record at {subject(RULES[game].name)} for {players} players: ")  # "Block, playing on, for 3"
    shot(page, f"over_{game}_{players}_{device}")
    passes = [ev for r in range(len(final.results)) for ev in (final.round_of_action(r) or final.finished).history
              if ev.action.kind == "pass" and ev.seat != 0] if final.finished else []
    if passes and game != "draw_dominoes":  # nobody draws: a seat that cannot play says "go"
        assert any("said \u201cgo\u201d" in s for s in said), said
    page.click("#game-over-close")
    settle(page)
    assert page.inner_text("#status") == "Game over."
    if game == "domino_pool":
        assert view(page)["view"]["rule"] == "Domino Pool is played for 2 hands. Press New game to play again."
    # QA: reloaded, the box told only who won, and the hands left lay face down again
    round_text = page.inner_text("#game-over-round")
    page.reload()
    page.wait_for_selector("#game-over[open]")
    assert page.inner_text("#game-over-move") == ending and page.inner_text("#game-over-round") == round_text
    assert page.locator(".seat.shown").count() == players - 1
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def finished(game: str, seed: int, players: int) -> list[str]:
    """A whole game of `game` dealt from `seed`, every seat choosing at random (from the seed) among its moves: the
    actions."""
    g = new_game(game, seed, {"players": players})
    rng = random.Random(seed)
    actions = []
    while not g.over:
        a = rng.choice(g.legal_actions())
        g = g.apply(a)
        actions.append(str(a))
    return actions


@pytest.mark.parametrize("game,players,seed", [("honest_john", 8, 3), ("honest_john_2", 8, 5)])
def test_every_column_of_points_in_sight_at_eight_on_a_phone(browser: Any, server: Server, game: str,
                                                             players: int, seed: int) -> None:
    """The end of a game of Honest John for eight on a phone: with the short heads ("C3") the players' columns still
    ran past the summary's box (C6 cut in half, C7 out of sight; in version 2 scores of three figures, +466, cut
    the columns off from six at the table), so the page sets them closer and smaller."""
    page = seat_at_table(browser, server, game, seed, players=players, device=PHONE,
                         actions=finished(game, seed, players))
    page.reload()
    page.wait_for_selector("#game-over[open]")
    past = page.evaluate("""() => {
      const box = document.querySelector('.summary-box').getBoundingClientRect();
      const heads = [...document.querySelectorAll('#game-over-table tr:first-child th')].slice(1, -1);
      return heads.filter((h) => h.getBoundingClientRect().right > box.right + 1).map((h) => h.textContent); }""")
    shot(page, f"over_{game}_{players}_phone")
    assert not past, past
    assert page.locator("#game-over-table tr:first-child th").all_inner_texts()[1:3] == ["You", "C1"]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def late_in_the_first_round(game: str, seed: int, players: int) -> list[str]:
    """The actions of the first round of `game` from `seed`, every seat choosing at random, up to the last turn of
    seat 0 before the round ends: the longest lines at which the page waits for you."""
    g = new_game(game, seed, {"players": players})
    rng = random.Random(seed)
    actions: list[str] = []
    kept: list[str] = []
    while not g.over and g.round_index == 0:
        if g.current_seat == 0:
            kept = list(actions)
        a = rng.choice(g.legal_actions())
        g = g.apply(a)
        actions.append(str(a))
    return kept


def test_the_star_keeps_its_tiles_readable_at_eight_on_a_phone(browser: Any, server: Server) -> None:
    """Play-testing: late in a round of Honest John for eight on a phone the star's tiles shrank to 12 px a half to
    keep near the line's usual height, and the pips of a long line (up to 12 on the double-twelve) could not be
    read. They keep to 16 px a half at the least; the felt grows instead."""
    page = seat_at_table(browser, server, "honest_john_2", 5, players=8, device=PHONE,
                         actions=late_in_the_first_round("honest_john_2", 5, 8))
    settle(page)
    assert len(view(page)["view"]["star"]["lines"]) == 8
    smallest = page.evaluate("() => Math.min(...[...document.querySelectorAll('#star .star-tiles .star-tile')]"
                             ".map((t) => t.getBoundingClientRect().height))")
    assert smallest >= 16, smallest
    lines = page.evaluate("() => [...document.querySelectorAll('#star .star-tiles')].map((l) => l.children.length)")
    assert max(lines) >= 8, lines  # long lines, wrapped within their rows
    shot(page, "star_late_honest_john_2_8_phone")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_rules_of_four_handed_block_say_four_once(browser: Any, server: Server) -> None:
    """Play-testing: "Rules of Four-handed Block for 4 players", where the name already says how many play (the
    one-line rules under the table and the record leave it out)."""
    page = seat_at_table(browser, server, "partnership_block", 3, players=4)
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open] h3")
    assert page.inner_text("#rules-title") == "Rules of Four-handed Block"
    shot(page, "rules_partnership_block")
    page.click("#rules-close")
    page.select_option("#game", "sebastopol")  # a name that does not say it: the number stays
    settle(page)
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open] h3")
    page.wait_for_function("() => document.querySelector('#rules-title').textContent.includes('Sebastopol')")
    assert page.inner_text("#rules-title") == "Rules of Sebastopol for 4 players"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_rules_title_closes_a_name_with_a_comma(browser: Any, server: Server) -> None:
    """Play-testing: "Rules of Honest John, version 2 for 6 players" (the record says "Honest John, version 2, for
    6 players")."""
    page = seat_at_table(browser, server, "honest_john_2", 3, players=6, device=PHONE)
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open] h3")
    assert page.inner_text("#rules-title") == "Rules of Honest John, version 2, for 6 players"
    shot(page, "rules_honest_john_2_6_phone")
    page.click("#rules-close")
    # Block, playing on, was made from four-handed Block and took its "the name says how many play" with it
    page.select_option("#game", "block_play_on")
    settle(page)
    page.select_option("#players", "3")
    settle(page)
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open] h3")
    # the Rules are fetched for the table on the lid: under load they may come before the players' change lands
    page.wait_for_function("() => document.querySelector('#rules-title').textContent.includes('for 3 players')")
    assert page.inner_text("#rules-title") == "Rules of Block, playing on, for 3 players"
    shot(page, "rules_block_play_on_3_phone")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def a_computer_about_to_go_out(game: str, seed: int, players: int) -> list[str]:
    """The actions of the first round of `game` from `seed`, every seat choosing at random, up to a turn of a
    computer (not seat 0) that holds one tile, and that tile fits: whatever its level, it lays it and ends the
    round."""
    g = new_game(game, seed, {"players": players})
    rng = random.Random(seed)
    actions: list[str] = []
    while not g.over and g.round_index == 0:
        seat = g.current_seat
        assert g.round is not None and seat is not None
        if seat != 0 and len(g.round.hand(seat)) == 1 and all(a.kind == "play" for a in g.legal_actions()):
            return actions
        a = rng.choice(g.legal_actions())
        g = g.apply(a)
        actions.append(str(a))
    raise AssertionError(f"no computer goes out in the first round of {game} from seed {seed}")


def test_a_round_the_computers_end_as_the_page_opens_waits_under_the_games_own_menus(browser: Any,
                                                                                     server: Server) -> None:
    """Play-testing: where the computers' moves since the page was last open ended a round, its box waited for "Next
    round" under empty Game and Opponent menus, Show moves unticked and the record of another game (the panel was
    filled in only once the moves had played out)."""
    game, seed = "block_play_on", next(s for s in range(1, 50) if _goes_out(s))
    page = seat_at_table(browser, server, game, seed, players=3, actions=a_computer_about_to_go_out(game, seed, 3),
                         idle=False)
    page.wait_for_selector("#round-end:not([hidden])")
    assert page.input_value("#game") == game
    assert page.input_value("#opponent") == "beginner" and page.input_value("#players") == "3"
    assert page.is_checked("#show-moves")
    assert page.inner_text("#record-title") == "Block, playing on, 3 players"
    shot(page, "round_ended_as_the_page_opens")
    settle(page)
    assert view(page)["view"]["round"] == 2
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def _goes_out(seed: int) -> bool:
    try:
        a_computer_about_to_go_out("block_play_on", seed, 3)
    except AssertionError:
        return False
    return True


def test_a_tiles_name_is_never_broken_at_its_hyphen_on_a_phone(browser: Any, server: Server) -> None:
    """Play-testing: the cut for the first set at six on a phone read "… Computer 4 2-" at a line's end and "2" on
    the next."""
    seed = 6385199781844821370  # the cut's sentence falls so that "2-2" met the edge of a 390-pixel screen
    page = seat_at_table(browser, server, "domino_pool", seed, players=6, device=PHONE)
    names = page.locator("#say .tile-name")
    assert names.count() >= 6  # each seat's tile of the cut
    lines = page.evaluate("() => [...document.querySelectorAll('#say .tile-name')].map((n) => n.getClientRects().length)")
    assert set(lines) == {1}, lines
    shot(page, "cut_words_pool_6_phone")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# Sebastopol for partners on a desktop, late in round 1: a cross whose arms reach up and down (play-testing)
SEBASTOPOL_CROSS = ["6-6", "6-2 L", "6-4 R", "6-1 U", "6-0 D", "0-0 D", "5-4 R", "2-0 L", "5-3 R", "3-2 R", "5-2 R",
                    "3-0 L", "5-1 R", "6-3 L", "4-1 R", "5-0 D", "1-1 U", "1-0 U", "5-5 D", "6-5 L", "4-4 R"]


def test_a_cross_on_a_wide_felt_turns_its_arms_sooner_to_keep_its_tiles_large(browser: Any, server: Server) -> None:
    """Play-testing: on a desktop the 6-6's arms up and down set the line's scale, and late in a round of Sebastopol
    the tiles shrank to 15 px across, the line using half the felt's width. Turning those arms sooner and the rows
    later draws them a third larger."""
    page = seat_at_table(browser, server, "sebastopol", 1271897397667427358, players=4,
                         options={"partners": True}, actions=SEBASTOPOL_CROSS, idle=False)
    page.wait_for_selector("#round-end:not([hidden])")  # the round is over: its table stays under the box
    smallest = page.evaluate("() => Math.min(...[...document.querySelectorAll('#line .tile-face rect.face')]"
                             ".map((r) => { const b = r.getBoundingClientRect(); return Math.min(b.width, b.height); }))")
    assert smallest >= 18, smallest
    assert not crowding(page)
    shot(page, "sebastopol_cross_desktop")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_line_played_to_one_end_is_laid_out_from_its_middle(browser: Any, server: Server) -> None:
    """Play-testing: on a phone a line of four-handed Block played mostly to its left end turned corners on the left
    while the felt stood empty on the right. Laid out from its middle tile, it turns none."""
    page = open_table(browser, server.url, context=browser.new_context(**PHONE))
    got = page.evaluate("""async () => {
      const line = await import('/static/line.js');
      const view = { center: [6, 6], arms: { L: [[6, 4], [4, 1], [1, 3]], R: [] },
        roots: {}, ends: { L: { pip: 3 }, R: { pip: 6 } }, spinner: null, across: null };
      const corners = (f) => f.lay.tiles.filter((t) => t.corner).length;
      const fitted = line.fit(view, 480, 420);
      const plain = line.layout(view, Math.max(35, Math.min(160, 50 * (480 / 420))));
      return { corners: corners(fitted), plainCorners: plain.tiles.filter((t) => t.corner).length,
               centre: fitted.view.center, left: fitted.view.arms.L.length, right: fitted.view.arms.R.length,
               even: line.fromMiddle({ ...view, arms: { L: [[6, 4]], R: [[6, 2]] } }) };
    }""")
    assert got["plainCorners"] > 0 and got["corners"] == 0, got
    assert got["centre"] == [4, 6] and (got["left"], got["right"]) == (2, 1), got  # the line's tiles, in order
    assert got["even"] is None  # arms already even: laid out from the first tile, as before
    page.context.close()


def test_the_numbers_past_six_have_colours_of_their_own(browser: Any, server: Server) -> None:
    """Play-testing: ten, eleven and twelve pips on a small tile of Honest John's star (double-twelve) were hard to
    tell apart by count alone; as on a real double-twelve set, each number past six has its own colour."""
    page = open_table(browser, server.url)
    fills = page.evaluate("""async () => {
      const tiles = await import('/static/tiles.js');
      const svg = tiles.el('svg');
      document.body.appendChild(svg);
      const fill = (n) => { const g = tiles.tileGroup(n, 0, 0, 0, 10, false); svg.appendChild(g);
        return getComputedStyle(g.querySelector('circle.pip')).fill; };
      return [1, 6, 7, 8, 9, 10, 11, 12].map(fill);
    }""")
    assert fills[0] == fills[1]  # a double-six set's pips as they always were
    assert len(set(fills[2:])) == 6 and fills[1] not in fills[2:], fills
    page.context.close()
