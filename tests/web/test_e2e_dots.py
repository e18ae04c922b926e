"""Chalk dots, swept: in many positions where a tile fits more than one end, on a phone (touch) and a desktop
(mouse), no two tap targets overlap, and a tap at the centre of each dot sends that dot's own end.

Issue 9, item 1: on a phone a tap on one chalk dot played the tile on another end (All Fives against Beginner,
seed 830260094, `4-4, 4-0 L, 3-0 L, 6-3 L, 5-4 R`, then 6-4: the L and U dots 9 px apart, L out of reach).
The positions are games played forward at random from seeded deals and written into the store as the server
would keep them; the page opens each one. The move a tap sends is caught before it reaches the server (answered
with a refusal), so every end of the same position is tried.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any, NamedTuple

import pytest

from bones.engine import new_game, observe

from .e2e_helpers import CHROMIUM, DESKTOP, PHONE, Server, crowding, settle

if not os.path.exists(CHROMIUM):  # pragma: no cover - `make test` installs it
    pytest.skip("chromium is not installed at /usr/bin/chromium", allow_module_level=True)


class Position(NamedTuple):
    game: str
    players: int
    seed: int
    actions: list[str]
    tile: str  # a tile in the near hand that fits more than one end
    ends: list[str]


ISSUE = Position("all_fives", 2, 830260094, ["4-4", "4-0 L", "3-0 L", "6-3 L", "5-4 R"], "6-4", ["L", "U", "D"])
# games with a spinner, with every double a spinner, and single lines; two to four at the table
SOURCES = [("all_fives", 2), ("five_up", 2), ("five_up", 3), ("five_up", 4), ("draw", 2), ("muggins", 3), ("all_threes", 2)]


def several_ends(g: Any) -> dict[str, list[str]]:
    """The tiles seat 0 could lay now on more than one end, with those ends."""
    fits: dict[str, list[str]] = {}
    for a in observe(g, 0).legal_actions():
        if a.kind == "play" and a.end:
            fits.setdefault(str(a.tile), []).append(a.end)
    return {t: e for t, e in fits.items() if len(e) > 1}


def crowded(ends: list[str]) -> bool:
    """Three dots or more, one of them at a later spinner's short side (U3, D5, ...): the tightest spots."""
    return len(ends) >= 3 and any(len(e) > 1 for e in ends)


def positions(count_per_source: int = 3, crowded_per_source: int = 2, seed: int = 9) -> list[Position]:
    """Positions where seat 0 is to move with a tile that fits several ends, from random play of seeded deals
    (each at a random depth, so some lines are short and some long and turned), the tile with the most ends
    chosen; and in Five Up, positions with three dots or more round a later spinner."""
    rng = random.Random(seed)
    out = [ISSUE]
    wanted = [(game, players, count_per_source, False) for game, players in SOURCES]
    wanted += [("five_up", players, crowded_per_source, True) for players in (2, 3, 4)]
    for game, players, count, hard in wanted:
        found = 0
        deal = 0
        while found < count and deal < 2000:
            deal += 1
            deal_seed = 1000 * deal + players + (500 if hard else 0)
            g = new_game(game, deal_seed, {"players": players} if players != 2 else None)
            depth = 0 if hard else rng.randint(3, 26)
            actions: list[str] = []
            for step in range(200):
                if g.over or g.current_seat is None:
                    break
                if g.current_seat == 0 and step >= depth:
                    several = several_ends(g)
                    most = max((len(e) for e in several.values()), default=0)
                    widest = sorted(t for t, e in several.items() if len(e) == most)
                    if widest and (not hard or crowded(several[widest[0]])):
                        tile = widest[rng.randrange(len(widest))]
                        out.append(Position(game, players, deal_seed, actions, tile, several[tile]))
                        found += 1
                        break
                legal = g.legal_actions()
                action = legal[rng.randrange(len(legal))]
                actions.append(str(action))
                g = g.apply(action)
    return out


# BONES_DOT_SWEEP=N sweeps N positions from each source instead (a longer look, by hand)
POSITIONS = positions(*(2 * [int(os.environ["BONES_DOT_SWEEP"])] if "BONES_DOT_SWEEP" in os.environ else []))


def open_position(page: Any, server: Server, token: str, pos: Position) -> None:
    """Put `pos` on this browser's table, as the server keeps a game, and open the page on it."""
    store = server.store
    store.save_settings(token, {"game": pos.game, "opponent": "beginner", "show_moves": True,
                                "players": {pos.game: pos.players} if pos.players != 2 else {}})
    row = store.new_game(token, pos.game, pos.seed, pos.players, "beginner")
    row.actions = list(pos.actions)
    store.save_game(row)
    page.goto(server.url + "/?pace=0")
    page.wait_for_selector("body[data-ready='1']")
    settle(page)


DOT_CENTRE = """(end) => {
  const g = document.querySelector(`#line .chalk-dot[data-end="${end}"]`);
  g.scrollIntoView({ block: "nearest", inline: "nearest" });
  const r = g.querySelector('.dot').getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  return { x, y, hit: hit && hit.closest('.chalk-dot') ? hit.closest('.chalk-dot').dataset.end : null };
}"""


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_each_chalk_dot_sends_its_own_end(browser: Any, server: Server, device: str) -> None:
    import secrets

    ctx = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    token = secrets.token_urlsafe(18)
    ctx.add_cookies([{"name": "bones_token", "value": token, "url": server.url}])
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sent: list[str] = []

    def catch(route: Any) -> None:
        sent.append(json.loads(route.request.post_data)["action"])
        route.fulfill(status=422, content_type="application/json", body=json.dumps({"error": "(caught by the test)"}))

    page.route("**/api/action", catch)
    problems: list[str] = []
    tried = 0
    for pos in POSITIONS:
        open_position(page, server, token, pos)
        where = f"{pos.game} x{pos.players} seed {pos.seed} after {len(pos.actions)} actions, {pos.tile}"
        for end in pos.ends:
            if not page.locator("#line .chalk-dot").count():
                page.locator(f'#hand [data-tile="{pos.tile}"]').click()
                page.wait_for_selector("#line .chalk-dot")
                if end == pos.ends[0]:
                    shown = sorted(page.eval_on_selector_all("#line .chalk-dot", "gs => gs.map(g => g.dataset.end)"))
                    assert shown == sorted(pos.ends), where
                    problems += [f"{where}: {c}" for c in crowding(page)]
            dot = page.evaluate(DOT_CENTRE, end)
            if dot["hit"] != end:
                problems.append(f"{where}: the centre of dot {end} is under dot {dot['hit']}")
            before = len(sent)
            if device == "phone":
                page.touchscreen.tap(dot["x"], dot["y"])
            else:
                page.mouse.click(dot["x"], dot["y"])
            page.wait_for_function("() => document.body.dataset.busy === '0'")
            got = sent[before:]
            tried += 1
            if got != [f"{pos.tile} {end}"]:
                problems.append(f"{where}: a tap on dot {end} sent {got}")
    assert tried >= 2 * len(POSITIONS) and any(crowded(p.ends) for p in POSITIONS)
    assert not problems, "\n".join(problems)
    assert not errors
    ctx.close()
