"""One seat's view of the table as JSON: what the page draws, and nothing the seat cannot see.

Built from `bones.engine.observe(game, seat)` only. The page holds no rules: it gets the legal actions, which ends
each tile fits, why a tile does not fit, whose turn it is and which rule applies, all from here.
"""

from __future__ import annotations

from typing import Any

from bones.engine import Observation, Rules
from bones.engine.layout import end_words
from bones.engine.rules import LayoutKind

from .words import Names, and_list, or_list

LAYOUT_WORDS = {
    LayoutKind.LINE: "one line with two ends, no spinner",
    LayoutKind.FIRST_SPINNER: "one spinner opens four ends",
    LayoutKind.EVERY_SPINNER: "every double is a spinner and opens two more ends",
    LayoutKind.CROSS: "the first double opens four arms",
    LayoutKind.STAR: "each player builds a line from the centre double",
}


def spinner_place(obs: Observation) -> dict[str, Any] | None:
    """Where the first spinner lies: {"arm": "C"} for the centre tile, or {"arm": "L", "index": 2}."""
    arm = obs.arms.get("U")
    if arm is None or obs.rules.layout is LayoutKind.CROSS:
        return None
    return {"arm": arm.root_arm} if arm.root_arm == "C" else {"arm": arm.root_arm, "index": arm.root_index}


def _fits(obs: Observation) -> dict[str, list[str]]:
    """For each tile in hand that can be laid now, the ends it fits ("" for a round's first tile)."""
    out: dict[str, list[str]] = {}
    for a in obs.legal_actions():
        if a.kind == "play" and a.tile is not None:
            out.setdefault(str(a.tile), []).append(a.end or "")
    return out


def _ends_words(obs: Observation) -> str:
    return or_list(list(obs.ends.values()))


def _why_not(obs: Observation, names: Names, fits: dict[str, list[str]]) -> dict[str, str]:
    """Why each tile in hand that cannot be laid now cannot be."""
    out: dict[str, str] = {}
    for t in obs.hand:
        text = str(t)
        if text in fits:
            continue
        if not obs.to_move:
            seat = obs.current_seat
            whose = names.whose(seat) if seat is not None else ""
            if whose.startswith(("The ", "Your")):
                whose = whose[0].lower() + whose[1:]
            out[text] = f"Wait: it is {whose} turn." if whose else "The round is over."
        elif obs.center is None and obs.lead_tile is not None:
            out[text] = f"This round must open with {obs.lead_tile}, the tile that decides the lead."
        else:
            out[text] = f"{text} does not fit: the open ends show {and_list(list(obs.ends.values()))}."
    return out


def rules_summary(rules: Rules) -> str:
    """The game's rules in one line: how a round is played and how far the game goes."""
    parts: list[str] = []
    if rules.scores_ends:
        parts.append(f"ends adding up to a multiple of {rules.end_multiple} score")
        parts.append(LAYOUT_WORDS[rules.layout])
    if not rules.draws:
        parts.append("nobody draws; a side with nothing that fits passes")
    elif rules.kept_back:
        parts.append(f"with nothing that fits, draw until a tile fits; the last {rules.kept_back} tiles are "
                     "never drawn")
    else:
        parts.append("with nothing that fits, draw until a tile fits, down to the last tile in the boneyard")
    goal = f"First to {rules.target}" + (" wins at once" if rules.ends_at_once else "")
    players = f"{rules.players} players" if rules.players > 2 else ""
    text = f"{rules.name}{' for ' + players if players else ''}: " + "; ".join(parts) + f". {goal}."
    return text


def _rule_line(obs: Observation, names: Names, lid_open: bool) -> str:
    """The line under the status: which rule applies right now."""
    rules = obs.rules
    if obs.game_over:
        return f"{rules.name} is played to {rules.target}. Press New game to play again."
    if not obs.to_move or not lid_open:
        return rules_summary(rules)
    legal = obs.legal_actions()
    if obs.center is None:
        if obs.lead_tile is not None:
            kind = "highest double" if obs.lead_tile.is_double else "heaviest tile (no double was dealt)"
            return f"You hold the {kind}, {obs.lead_tile}: it opens the round."
        text = "You lead this round: any tile."
        if rules.scores_ends:
            text += f" A first tile whose halves add up to a multiple of {rules.end_multiple} scores."
        return text
    ends = _ends_words(obs)
    if legal and legal[0].kind == "draw":
        keep = (f" (the last {rules.kept_back} are never drawn)" if rules.kept_back
                else " (the boneyard may be drawn to the last tile)")
        return f"Nothing fits {ends}: tap the boneyard to draw until a tile fits{keep}."
    if legal and legal[0].kind == "pass":
        if not rules.draws:
            return f"Nothing fits {ends}, and nobody draws in {rules.name}: the table passes for you."
        why = (f"the last {rules.kept_back} tiles are never drawn" if rules.kept_back
               else "the boneyard is empty")
        return f"Nothing fits {ends}, and {why}: the table passes for you."
    text = f"Lay a tile with {ends}. A tile that fits has to be played."
    if obs.end_sum is not None:
        text += f" The ends add up to {obs.end_sum}."
    return text


def _status(obs: Observation, names: Names, lid_open: bool, two_players: bool) -> str:
    if obs.game_over:
        return "Game over."
    seat = obs.current_seat
    if seat is None:
        return f"Round {obs.round_index + 1} is over."
    if two_players and not lid_open:
        return f"{names.whose(seat)} turn: tap the lid to turn your tiles face up."
    if seat == obs.seat:
        return "Your turn." if names.who(seat) == "You" else f"{names.whose(seat)} turn."
    return f"{names.whose(seat)} turn."


def _seats(obs: Observation, names: Names) -> list[dict[str, Any]]:
    """Every seat round the table in seat order (the way play goes), starting with the one after the near seat:
    its name, how many tiles it holds, its score, and whether it is to move."""
    n = obs.seats
    out = []
    for k in range(1, n):
        s = (obs.seat + k) % n
        out.append({"seat": s, "name": names.who(s), "count": obs.hand_counts[s], "score": obs.scores[s],
                    "to_move": obs.current_seat == s, "drew": obs.draws[s]})
    return out


def build_view(obs: Observation, names: Names, lid_open: bool = True, two_players: bool = False) -> dict[str, Any]:
    """The JSON view of `obs.seat`; with the lid closed the seat's own tiles are face down as well."""
    seat = obs.seat
    far = (seat + 1) % obs.seats
    show = lid_open
    fits = _fits(obs) if show else {}
    legal = [str(a) for a in obs.legal_actions()] if show else []
    ends = {e.name: {"pip": e.pip, "weight": e.weight} for e in obs.end_list}
    must = None
    if show and obs.to_move and legal:
        must = "draw" if legal == ["draw"] else "pass" if legal == ["pass"] else "play"
    return {
        "rules": obs.rules.id,
        "name": obs.rules.name,
        "seat": seat,
        "far_seat": far,
        "names": list(names.labels),
        "hand": [str(t) for t in obs.hand] if show else None,
        "drawn": [str(t) for t in obs.drawn] if show else [],
        "hand_count": obs.hand_counts[seat],
        "far_count": obs.hand_counts[far],
        "players": obs.seats,
        "others": _seats(obs, names),
        "boneyard_count": obs.boneyard_count,
        "draws_allowed": obs.rules.draws,
        "center": [obs.center.high, obs.center.low] if obs.center else None,
        "arms": {n: [[p.inner, p.outer] for p in a.tiles] for n, a in obs.arms.items()},
        # where each arm grows from: [arm of the tile it starts at ("C": the first tile), that tile's index]
        "roots": {n: [a.root_arm, a.root_index] for n, a in obs.arms.items()},
        "ends": ends,
        "end_words": {n: end_words(n) for n in ends},
        "end_sum": obs.end_sum,
        "scoring_ends": obs.rules.scores_ends,
        "spinner": spinner_place(obs),
        "current_seat": obs.current_seat,
        "your_turn": bool(show and obs.to_move),
        "lid_open": lid_open,
        "legal": legal,
        "must": must,
        "fits": fits,
        "why_not": _why_not(obs, names, fits) if show else {},
        "status": _status(obs, names, lid_open, two_players),
        "rule": _rule_line(obs, names, lid_open),
        "round": obs.round_index + 1,
        "scores": list(obs.scores),
        "target": obs.rules.target,
        "round_over": obs.round_over,
        "game_over": obs.game_over,
        "winner": obs.winner,
    }
