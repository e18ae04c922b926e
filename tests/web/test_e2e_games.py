"""The new two-player games of issue 10 in a real headless chromium (Debian's, driven by Playwright): a whole game
of each against the computer by clicking, with claims and Muggins!, the cut, drawing at will, shutting the game,
Matadore's trumps either way round, and the Variations in Settings.

Each game is dealt from a seed with a short target (a test's own option: the browser chooses the variations), and
the player plays as the test's `choose` says, reading the truth the server keeps only to decide what to click. The
seed is the first, from a fixed start, whose game shows what the game is for (a claim and a muggins, a double that
keeps the turn, a trump laid either way round, a shut, a draw at will) in a few moves: `rehearse` plays it first
with the engine and the computer exactly as the server will, so the choice follows the players if they change, and
the test checks in the browser that it did show them. Screenshots land in build/screenshots/.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from bones.engine import PASS, Action, GameState, new_game, observe
from bones.engine.rules import Cut, Turn
from bones.web import computer
from bones.web.table import _options

from .e2e_helpers import CHROMIUM, DESKTOP, PHONE, SHOTS, Server, seat_at_table, settle, view

if not os.path.exists(CHROMIUM):  # pragma: no cover - `make test` installs it
    pytest.skip("chromium is not installed at /usr/bin/chromium", allow_module_level=True)

DEVICES = {"desktop": DESKTOP, "phone": PHONE}

# Everything the page says, in order (the say line is rewritten at every move).
# what the caption shows (window.said) and what the live region speaks (window.heard), in order
WATCH = """() => {
  window.said = [];
  window.heard = [];
  new MutationObserver(() => {
    const t = document.querySelector('#say').textContent;
    if (t && window.said[window.said.length - 1] !== t) window.said.push(t);
  }).observe(document.querySelector('#say'), { subtree: true, childList: true, characterData: true });
  new MutationObserver(() => {
    const t = document.querySelector('#live').textContent;
    if (t) window.heard.push(t);
  }).observe(document.querySelector('#live'), { subtree: true, childList: true, characterData: true });
}"""


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def truth(server: Server, page: Any) -> GameState:
    """The game as the server keeps it (the test reads it only to choose what to click)."""
    row = server.store.game(view(page)["id"])
    g = new_game(row.rules, row.seed, _options(row))
    for a in row.actions:
        g = g.apply(a)
    return g


def choose(legal: list[Action], done: dict[str, int]) -> Action:
    """The test's player: muggins whenever points lie unclaimed, shut the game once, draw at will once, claim every
    score, else the first play, else draw or pass."""
    kinds = {a.kind for a in legal}
    plays = [a for a in legal if a.kind == "play"]
    if "muggins" in kinds:
        return Action("muggins")
    if "shut" in kinds and not done.get("shut"):
        return Action("shut")
    if "draw" in kinds and plays and not done.get("free draw"):
        return Action("draw")
    claimed = [a for a in plays if a.claim is not None]
    return claimed[0] if claimed else plays[0] if plays else legal[0]


def idle(page: Any, timeout: float = 20) -> None:
    """Wait until the page is idle or a game has ended, clicking "Next round" whenever a round ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.is_visible("#round-end"):
            page.click("#round-end-ok")
            continue
        if page.is_visible("#game-over") or page.get_attribute("body", "data-busy") == "0":
            return
        time.sleep(0.02)
    raise AssertionError("the page did not settle")


def click_action(page: Any, a: Action) -> str:
    """Do `a` at the table as a player does: by the buttons, the boneyard, a tile and its chalk dot. What it was."""
    if a.kind == "muggins":
        page.click("#muggins")
        return "muggins"
    if a.kind == "shut":
        page.click("#shut")
        return "shut"
    if a.kind == "pass":
        page.click("#pass")
        return "pass"
    if a.kind == "draw":
        free = page.locator("#boneyard.may-draw").count() > 0
        assert free or page.locator("#boneyard.can-draw").count()
        page.click("#boneyard")
        return "free draw" if free else "draw"
    assert a.tile is not None
    if a.claim is not None:
        page.click("#claim")
        page.click(f'#claim-amounts button[data-amount="{a.claim}"]')
        assert page.get_attribute("#claim", "aria-pressed") == "true"
        assert page.inner_text("#claim") == f"Claiming {a.claim}"
    page.click(f'#hand [data-tile="{a.tile}"]')
    if page.locator("#line .chalk-dot").count():
        page.click(f'#line .chalk-dot[data-end="{a.end}"]')
    if a.out is not None:
        page.wait_for_selector("#face-choice:not([hidden])")
        page.click(f'#face-buttons button[data-out="{a.out}"]')
        return "face"
    return "claim" if a.claim is not None else "play"


def take_turn(page: Any, g: GameState, done: dict[str, int]) -> tuple[Action, str]:
    """The test's player's move at the table (you in seat 0): chosen, clicked, counted in `done`, and the page left
    idle (or at the end of the game)."""
    a = choose(observe(g, 0).legal_actions(), done)
    what = click_action(page, a)
    done[what] = done.get(what, 0) + 1
    idle(page)
    return a, what


def kind(a: Action, legal: list[Action]) -> str:
    """What the player does, as `click_action` names it."""
    if a.kind == "draw":
        return "free draw" if any(x.kind == "play" for x in legal) else "draw"
    if a.kind == "play":
        return "face" if a.out is not None else "claim" if a.claim is not None else "play"
    return a.kind


def rehearse(game: str, options: dict[str, Any], seed: int) -> tuple[set[str], int]:
    """The game the page will play from `seed`, played first with the engine, the test's player and the computer
    as the server answers (Beginner, from the game's seed and the number of actions): what it shows, and how many
    moves the player makes."""
    g = new_game(game, seed, options or None)
    shown: set[str] = {"cut"} if g.rules.cut in (Cut.PUSHED, Cut.DRAWN) else set()
    done: dict[str, int] = {}
    moves = actions = 0
    while not g.over and actions < 2000:
        seat = g.current_seat
        assert seat is not None
        legal = observe(g, seat).legal_actions()
        if seat != 0:
            a = computer.choose("beginner", seed + actions, observe(g, seat), None)
        elif legal == [PASS] and not g.rules.claims:
            a = PASS  # the table passes for you
        else:
            a = choose(legal, done)
            what = kind(a, legal)
            done[what] = done.get(what, 0) + 1
            shown.add(what)
            moves += 1
        after = g.apply(a)
        rnd = after.round_of_action(g.round_index)
        if rnd is not None and g.rules.headers and rnd.history[-1].scored == 2:
            shown.add("header")
        if seat == 0 and a.kind == "play" and a.tile is not None and a.tile.is_double \
                and g.rules.turn is Turn.DOUBLE_AGAIN and after.current_seat == 0 \
                and len(after.results) == len(g.results):
            shown.add("again")
        g = after
        actions += 1
    return shown, moves


def pick(game: str) -> int:
    """The first seed from the game's start whose game shows all it must in at most its number of moves."""
    options, start, shows, most = GAMES[game]
    for seed in range(start, start + 400):
        shown, moves = rehearse(game, options, seed)
        if shows <= shown and moves <= most:
            return seed
    raise LookupError(f"no deal of {game} from {start} shows {shows} in {most} moves")


GAMES: dict[str, tuple[dict[str, Any], int, set[str], int]] = {
    # game: (options, the first seed tried, what the game must show on the way, the most moves of the player)
    "block_game": ({"target": 15, "cut": "pushed"}, 15, {"cut"}, 10),
    "draw_game": ({"target": 15, "cut": "drawn"}, 128, {"cut", "free draw"}, 16),
    "matadore": ({"target": 15}, 98, {"face"}, 10),
    "bergen": ({"target": 5}, 78, {"header"}, 10),
    "boys_french": ({}, 2, set(), 10),
    "boys_game": ({"target": 15, "shut": True, "draw": "optional"}, 410, {"shut", "free draw", "again"}, 12),
    "muggins": ({"claims": True, "target": 50}, 81, {"claim", "muggins"}, 12),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_of_each_new_game_by_clicking(browser: Any, server: Server, game: str) -> None:
    options, _, shows, _ = GAMES[game]
    seed = pick(game)
    page = seat_at_table(browser, server, game, seed, options=options)
    page.evaluate(WATCH)
    if "cut" in shows:  # the cut, face up above the line, and who sets
        text = view(page)["view"]["cut"]["text"]
        assert text.startswith("The cut: ") and page.locator("#cut .cut-tile").count() == 2
        assert text in page.inner_text("#say") or any(text in s for s in page.evaluate("() => window.said"))
    done: dict[str, int] = {}
    for _ in range(120):
        g = truth(server, page)
        if g.over:
            break
        assert g.current_seat == 0, "the page waits for you"
        v = view(page)["view"]
        if g.rules.claims:  # nothing on the page adds up the ends for you
            assert page.is_hidden("#end-sum") and v["end_sum"] is None
            assert page.is_visible("#claim") and page.is_visible("#muggins")
        a, what = take_turn(page, g, done)
        if page.is_visible("#game-over"):
            break
        st = view(page)["view"]
        if what in ("play", "claim", "face") and a.tile is not None and a.tile.is_double and st["your_turn"] \
                and g.rules.turn is Turn.DOUBLE_AGAIN and st["round"] == v["round"]:
            assert page.inner_text("#status") == "Your turn again: your double keeps the turn."
            done["again"] = done.get("again", 0) + 1
    page.wait_for_selector("#game-over[open]")
    final = truth(server, page)
    assert final.over
    said = page.evaluate("() => window.said")
    text = page.inner_text("#game-over-text")
    if game == "boys_french":
        assert text in ("You won the game.", "The computer won the game.")
    else:
        assert " won the game, " in text and f"to {options.get('target', 100)}." in text
    shot(page, f"over_{game}")
    page.click("#game-over-close")
    settle(page)
    assert page.inner_text("#status") == "Game over." and page.locator("#record-strip .chip").count() == 1
    # what each game is for, seen on the way
    if "header" in shows:
        assert any("double header → +2." in s for s in said), said
        done["header"] = 1
    if "cut" in shows:
        done["cut"] = 1
    if "claim" in shows:
        assert any(" and claimed " in s and "→ +" in s for s in said), said
    if "muggins" in shows:
        assert any(s.startswith("You said muggins: the computer's ") for s in said), said
    if "shut" in shows:
        assert any(s.endswith("You shut the game: the hands are counted.") for s in said), "\n".join(said)
        assert any("you shut the game, and the hands are counted." in s for s in said + [
            page.inner_text("#game-over-round")])
    if "free draw" in shows:
        assert any(s.endswith("You drew from the boneyard.") for s in said), "\n".join(said)
    missing = shows - set(done)
    assert not missing, f"{game} did not show {missing} ({done})"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_variations_in_settings_and_the_rules(browser: Any, server: Server, device: str) -> None:
    """Variations of the game on the table in Settings: chosen, kept, and dealt with; the Rules tell them."""
    page = seat_at_table(browser, server, "muggins", 1, device=DEVICES[device])
    first = view(page)
    # the game with claims this browser will find, dealt from a seed (the computer sets, and claims nothing)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "bones_token")
    server.store.new_game(token, "muggins", 1, 2, "beginner", {"claims": True})
    assert page.is_hidden("#claim") and page.is_hidden("#muggins")
    page.click("#settings")
    page.wait_for_selector("#settings-dialog[open]")
    assert page.inner_text("#variations-title") == "Variations of Muggins"
    assert page.locator("#variations-body fieldset").count() == 3
    assert page.locator("#variations-body input").count() == 6
    assert page.is_checked('#variations-body input[data-key="claims"][value="false"]')
    page.check('#variations-body input[data-key="claims"][value="true"]')
    settle(page)
    st = view(page)
    assert st["options"]["claims"] is True and st["id"] != first["id"] and st["view"]["claims"]
    assert page.is_checked('#variations-body input[data-key="claims"][value="true"]')
    shot(page, f"variations_{device}")
    page.click("#settings-close")
    assert page.is_visible("#claim") and page.is_visible("#muggins")
    # the amounts to claim, and Claim taken back
    assert st["view"]["your_turn"] and st["n"] == 1
    page.click("#claim")
    amounts = page.eval_on_selector_all("#claim-amounts button", "bs => bs.map((b) => b.textContent)")
    assert amounts == [str(n) for n in st["view"]["claim_amounts"]] == ["5", "10", "15", "20"]
    page.click("#claim-amounts button >> nth=1")
    assert page.inner_text("#claim") == "Claiming 10" and "Your next tile claims 10" in page.inner_text("#rule")
    page.click("#claim")
    assert page.inner_text("#claim") == "Claim" and page.inner_text("#say").startswith("No claim")
    # Muggins! with nothing to take: the server says why, and nothing changes
    page.click("#muggins")
    settle(page)
    assert page.inner_text("#say") == "The computer's last tile scored nothing: there is nothing to take."
    assert view(page)["n"] == 1
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open] h3")
    assert "Played here with: scores count only when claimed" in page.inner_text("#rules-summary")
    assert "press Claim" in page.inner_text("#rules-body")
    page.keyboard.press("Escape")
    # back to the game's own: the game without claims is where it was left
    page.click("#settings")
    page.check('#variations-body input[data-key="claims"][value="false"]')
    settle(page)
    assert view(page)["id"] == first["id"] and page.is_hidden("#claim")
    page.click("#settings-close")
    # a game with no variations says so
    page.select_option("#game", "draw")
    settle(page)
    page.click("#settings")
    assert "Draw is played one way here" in page.inner_text("#variations-body")
    page.click("#settings-close")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


MATADORE_SEED, MATADORE_ACTIONS = 44, ["5-5", "4-2 L", "4-3 L:3", "2-2 R", "6-1 L:1", "5-0 R", "0-0 L"]


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_matadore_trumps_lie_across_and_doubles_along(browser: Any, server: Server, device: str) -> None:
    page = seat_at_table(browser, server, "matadore", MATADORE_SEED, device=DEVICES[device],
                         actions=MATADORE_ACTIONS)
    faces = page.eval_on_selector_all("#line .tile-face rect.face", """rs => rs.map((r) => {
      const b = r.getBoundingClientRect(); return b.height > b.width ? "across" : "along"; })""")
    # the line from its centre 5-5 (along: Matadore's doubles are not crosswise), the right arm 2-2 (along) and
    # 5-0, the left arm 4-2, then the trumps 4-3, 6-1 and 0-0, each across
    assert faces == ["along", "along", "along", "along", "across", "across", "across"], faces
    v = view(page)["view"]
    tile = next(iter(v["faces"]))
    page.click(f'#hand [data-tile="{tile}"]')
    if page.locator("#line .chalk-dot").count():
        page.locator("#line .chalk-dot").first.click()
    page.wait_for_selector("#face-choice:not([hidden])")
    shot(page, f"matadore_{device}")
    assert page.locator("#face-buttons button").count() == 2
    page.keyboard.press("Escape")
    assert page.is_hidden("#face-choice") and view(page)["n"] == len(MATADORE_ACTIONS)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_pictures_of_claims_and_the_cut(browser: Any, server: Server, device: str) -> None:
    """Screenshots for a person (and docs/web.md): Claim and Muggins! with the amounts open; the cut at the start
    of the Block Game."""
    page = seat_at_table(browser, server, "muggins", 81, device=DEVICES[device], options={"claims": True})
    for _ in range(4):
        g = truth(server, page)
        if g.current_seat == 0 and g.round is not None and g.round.tiles_down >= 3:
            break
        click_action(page, choose([a for a in observe(g, 0).legal_actions() if a.claim is None
                                   and a.kind != "muggins"], {"free draw": 1}))
        idle(page)
    page.click("#claim")
    shot(page, f"claims_{device}")
    page.context.close()
    page = seat_at_table(browser, server, "block_game", 7, device=DEVICES[device], options={"cut": "pushed"})
    assert page.locator("#cut .cut-tile").count() == 2
    assert page.inner_text("#say").startswith("The cut: you pushed two tiles face down")
    shot(page, f"cut_{device}")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
