"""Small helpers for the engine tests: deals written by hand, actions applied by text, snapshots of a state,
and refused actions that must change nothing."""

from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

import pytest

from bones.engine import GameState, IllegalAction, Tile, get_rules, tile_set
from bones.engine.deal import Deal
from bones.engine.observation import observe
from bones.engine.replay import summary


def T(text: str) -> Tile:
    return Tile.parse(text)


def tiles(texts: str | Iterable[str]) -> tuple[Tile, ...]:
    """'6-6 5-5 1-0' or a list of texts -> tiles."""
    if isinstance(texts, str):
        texts = texts.split()
    return tuple(Tile.parse(t) for t in texts)


def deal(hands: Sequence[str | Sequence[str]], boneyard_first: str | Sequence[str] = (), max_pip: int = 6) -> Deal:
    """Hands as written; the boneyard starts with `boneyard_first` (drawn first, in that order), then the rest
    of the set, highest tile first."""
    hs = tuple(tiles(h) for h in hands)
    first = tiles(boneyard_first)
    used = {t for h in hs for t in h} | set(first)
    rest = tuple(sorted((t for t in tile_set(max_pip) if t not in used), reverse=True))
    return Deal(hs, first + rest)


def game(rules_id: str, hands: Sequence[str | Sequence[str]], boneyard_first: str | Sequence[str] = (),
         options: dict[str, Any] | None = None, more_deals: Sequence[Deal] = ()) -> GameState:
    rules = get_rules(rules_id, options)
    return GameState.new(rules, deals=[deal(hands, boneyard_first, rules.max_pip), *more_deals])


def play(g: GameState, *actions: str) -> GameState:
    for a in actions:
        g = g.apply(a)
    return g


def legal(g: GameState) -> list[str]:
    return sorted(str(a) for a in g.legal_actions())


def snapshot(g: GameState) -> str:
    """Everything a player could notice about a game, as one string (to show that nothing changed)."""
    rnd = g.round
    parts: dict[str, Any] = {
        "summary": summary(g),
        "actions": [[str(a) for a in r] for r in g.actions],
        "scores": list(g.scores),
        "over": g.over,
    }
    if rnd is not None:
        parts["hands"] = [[str(t) for t in rnd.hand(s)] for s in range(rnd.seats)]
        parts["boneyard_count"] = rnd.boneyard_count
        parts["history"] = [(e.seat, str(e.action), e.scored) for e in rnd.history]
        parts["observations"] = [observe(g, s).to_dict() for s in range(g.seats)]
    return json.dumps(parts, sort_keys=True, default=str)


def pips(texts: str) -> int:
    return sum(t.pips for t in tiles(texts))


def assert_refused(g: GameState, *actions: str, match: str | None = None) -> None:
    """Each action is refused with IllegalAction (its message matching `match`) and leaves the game unchanged."""
    before = snapshot(g)
    for text in actions:
        with pytest.raises(IllegalAction, match=match):
            g.apply(text)
        assert snapshot(g) == before, text


__all__ = ["T", "tiles", "deal", "game", "play", "legal", "snapshot", "assert_refused", "pips"]

