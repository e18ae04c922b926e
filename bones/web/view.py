"""One seat's view of the table as JSON: what the page draws, and nothing the seat cannot see.

Built from `bones.engine.observe(game, seat)` only. The page holds no rules: it gets the legal actions, which ends
each tile fits, why a tile does not fit, whose turn it is and which rule applies, all from here.
"""

from __future__ import annotations

from typing import Any, Sequence

from bones.engine import Action, Event, Observation, Rules
from bones.engine.layout import end_words, layout_of
from bones.engine.rules import Fit, GameEnd, LayoutKind, NextLeader, Opening, Turn
from bones.engine.tiles import TILES_BY_ID
from bones.players.claims import shown_actions

from . import star
from .words import Names, cut_text, ends_show, or_list, subject, wait_text

LAYOUT_WORDS = {
    LayoutKind.LINE: "one line with two ends, no spinner",
    LayoutKind.FIRST_SPINNER: "one spinner opens four ends",
    LayoutKind.FIRST_SPINNER_FREE: "the first double opens four ends at once",
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


def _fits(actions: list[Action]) -> dict[str, list[str]]:
    """For each tile in hand that can be laid now, the ends it fits, each once ("" for a round's first tile)."""
    out: dict[str, list[str]] = {}
    for a in actions:
        if a.kind == "play" and a.tile is not None:
            ends = out.setdefault(str(a.tile), [])
            if (a.end or "") not in ends:
                ends.append(a.end or "")
    return out


def _faces(actions: list[Action]) -> dict[str, dict[str, list[int]]]:
    """For each tile that can lie either way round on an end (a trump in Matadore), the halves it can leave
    facing out there: the player says which."""
    out: dict[str, dict[str, list[int]]] = {}
    for a in actions:
        if a.kind == "play" and a.tile is not None and a.out is not None:
            out.setdefault(str(a.tile), {}).setdefault(a.end or "", []).append(a.out)
    return out


def claim_amounts(rules: Rules) -> list[int]:
    """The points a player may claim for a play, where scores count only when claimed: every multiple of the
    game's count up to the most the ends could ever add up to (one point for each, counting per multiple). The
    same list in every position, so it says nothing of the one at hand."""
    if not rules.claims:
        return []
    if rules.headers:
        return [2, 3]
    ends = 2 if rules.layout is LayoutKind.LINE else 4
    top = ends * 2 * rules.max_pip
    m = rules.end_multiple or 1
    if rules.per_multiple:
        return list(range(1, top // m + 1))
    return list(range(m, top + 1, m))


def laid_for(rules: Rules, history: Sequence[Event], seat: int) -> int | None:
    """Where a seat plays for both (`Rules.plays_for_both`): the seat whose "go" came just before `seat`'s last
    play, which was laid for it; None where there is no such play."""
    if not rules.plays_for_both or len(history) < 2:
        return None
    last, before = history[-1], history[-2]
    if last.seat == seat and last.action.kind == "play" and before.action.kind == "pass" and before.seat != seat:
        return before.seat
    return None


def across(rules: Rules) -> list[list[int]]:
    """The tiles drawn across the line, each as [high, low]: the doubles, or in Matadore the trumps ("usually
    placed at right angles to the line"; its "doublets are not placed crosswise")."""
    layout = layout_of(rules)
    return [[t.high, t.low] for t in sorted(TILES_BY_ID, reverse=True) if t.high <= rules.max_pip and layout.across(t)]


TRUMP_WORDS = "the double blank and every tile whose halves make 7"


def _open_pips(obs: Observation) -> list[int]:
    """The numbers on the ends that may be played to now, in slot order: a cross's arms waiting for the others are
    left out (seed 004's Sebastopol: "Nothing but sixes can be played until both sides and both ends of the first
    set have been played to")."""
    return [e.pip for e in obs.end_list if not e.frozen]


def _waiting(obs: Observation) -> str:
    """Why some ends take nothing yet (a cross's arms begun, before all four are), or ""."""
    if not any(e.frozen for e in obs.end_list):
        return ""
    p = obs.spinner
    return f" The arms begun wait until a tile lies on all four sides of the {p}-{p}."


def _ends_words(obs: Observation) -> str:
    return or_list(_open_pips(obs))


def _sevens(obs: Observation) -> list[int]:
    """The halves that make seven with an open end (Matadore), each once."""
    top = obs.rules.max_pip
    return sorted({7 - p for p in _open_pips(obs) if 0 <= 7 - p <= top}, reverse=True)


def _why_not(obs: Observation, names: Names, fits: dict[str, list[str]]) -> dict[str, str]:
    """Why each tile in hand that cannot be laid now cannot be."""
    out: dict[str, str] = {}
    seven = obs.rules.fit is Fit.SEVEN
    trumps = {f"{a}-{b}" for a, b in across(obs.rules)} if seven else set()
    # why a tile does not fit is the same for every tile: said once
    if seven:
        halves = _sevens(obs)
        can = f" (a {or_list(halves)} would fit, or a trump)" if halves else " (only a trump follows a blank)"
        misfit = f"it needs a half that makes 7 with an end, and {ends_show(_open_pips(obs))}{can}."
    else:
        misfit = f"{ends_show(_open_pips(obs), 'open ')}.{_waiting(obs)}"
    for t in obs.hand:
        text = str(t)
        if text in fits:
            continue
        if not obs.to_move:
            out[text] = wait_text(names, obs.current_seat)
        elif obs.center is None and obs.lead_tile is not None:
            out[text] = f"This round must open with {obs.lead_tile}, the tile that decides the lead."
        elif text in trumps:
            out[text] = f"{text} is a trump: here a trump may be played only when no other tile fits."
        else:
            out[text] = f"{text} does not fit: {misfit}"
    return out


def rules_summary(rules: Rules) -> str:
    """The game's rules in one line: how a round is played and how far the game goes."""
    if rules.asks:
        return star.summary(rules)
    parts: list[str] = []
    if rules.scores_ends:
        parts.append(f"ends adding up to a multiple of {rules.end_multiple} score"
                     + (" (a point for each)" if rules.per_multiple else ""))
        parts.append(LAYOUT_WORDS[rules.layout])
    if rules.claims:
        parts.append("a score counts only when claimed, and muggins takes one left unclaimed")
    if rules.headers:
        parts.append("both ends alike score 2, with a double at one of them 3")
    if rules.fit is Fit.SEVEN:
        parts.append(f"an end and the half laid to it make 7; {TRUMP_WORDS} are trumps"
                     + (", played only when nothing else fits" if rules.trumps_when_stuck else ""))
    if rules.turn is Turn.DOUBLE_AGAIN:
        parts.append("a double keeps the turn")
    if rules.plays_for_both:
        parts.append("after a \u201cgo\u201d the other lays a tile for that player, then one for itself")
    if not rules.draws:
        parts.append("nobody draws; a player with nothing that fits says \u201cgo\u201d and passes")
    elif rules.draws_freely:
        parts.append(f"draw at will, and with nothing that fits until a tile fits; the last {rules.kept_back} "
                     "tiles are never drawn")
    elif rules.kept_back:
        parts.append(f"with nothing that fits, draw until a tile fits; the last {rules.kept_back} tiles are "
                     "never drawn")
    else:
        parts.append("with nothing that fits, draw until a tile fits, down to the last tile in the boneyard")
    if rules.shut:
        parts.append("after a \u201cgo\u201d the other may shut the game")
    if rules.one_round_game:
        goal = "Going out, or the fewest dots when nobody can play, wins the game"
    elif rules.plays_for_chips:
        goal = (f"{rules.hands} hands" if rules.hands else "Until a player cannot ante") + "; the most chips win"
    else:
        goal = f"First to {rules.target}" + (" wins at once" if rules.ends_at_once else "")
    players = f" for {rules.players} players" if rules.players > 2 and not rules.name_says_players else ""
    if rules.partners:  # four-handed Block, Sebastopol with partners: who plays with whom comes first
        players += ", partners opposite, adding their dots"
    name = subject(rules.name) if players else rules.name  # "Block, playing on, for 3 players"
    text = f"{name}{players}: " + "; ".join(parts) + f". {goal}."
    return text


def _needs(obs: Observation) -> str:
    """What a tile must show for the ends now: "4 or 1", or in Matadore "a half making 7 with 4 or 1"."""
    if obs.rules.fit is Fit.SEVEN:
        return f"a half making 7 with {_ends_words(obs)}"
    return _ends_words(obs)


def _played(rules: Rules) -> str:
    """How long a game lasts: "for 10 hands", "to 100", "from the highest double down to the double blank"."""
    if rules.plays_for_chips:
        unit = rules.deal_word + ("" if rules.hands == 1 else "s")
        return f"for {rules.hands} {unit}" if rules.hands else "until a player cannot ante"
    if rules.game_end is GameEnd.DOUBLES_RUN_OUT:
        return "from the highest double down to the double blank"
    if rules.one_round_game:
        return "as one round: going out, or the fewest dots when nobody can play, wins"
    return f"to {rules.target}"


def _rule_line(obs: Observation, names: Names, lid_open: bool, legal: list[Action]) -> str:
    """The line under the status: which rule applies right now (`legal`: the actions the page is told of)."""
    rules = obs.rules
    if obs.game_over:
        return f"{subject(rules.name)} is played {_played(rules)}. Press New game to play again."
    if not obs.to_move or not lid_open:
        return rules_summary(rules)
    if rules.asks and obs.center is not None:
        return star.rule_line(obs, names, {a.kind for a in legal})
    claim = (" Claim a score (Claim) before you lay its tile; Muggins! takes points the last player left "
             "unclaimed." if rules.claims else "")
    if obs.center is None:
        if obs.lead_tile is not None:
            if rules.opening is Opening.HIGHEST_TILE:  # seed 001: "Player with highest tile", doubles or not
                kind = "heaviest tile"
            elif rules.next_leader is NextLeader.DESCENDING_DOUBLE and obs.round_index > 0:
                kind = "next double down"  # Honest John 2: each later round is started by the double called for
            else:
                kind = "highest double" if obs.lead_tile.is_double else "heaviest tile (no double was dealt)"
            return f"You hold the {kind}, {obs.lead_tile}: it opens the round.{claim}"
        if obs.round_index == 0 and rules.cut is not None:
            text = "You set first, as the cut decided: any tile."
        else:
            text = "You lead this round: any tile."
        if rules.scores_ends:
            text += f" A first tile whose halves add up to a multiple of {rules.end_multiple} scores."
        return text + claim
    needs = _needs(obs)
    kinds = {a.kind for a in legal}
    last = obs.history[-1] if obs.history else None
    shut = ""
    if "shut" in kinds and last is not None:
        shut = (f" {names.who(last.seat)} said \u201cgo\u201d: you may shut the game and count (Shut the game), or "
                "play on.")
    if kinds <= {"draw", "shut"} and "draw" in kinds:
        keep = (f" (the last {rules.kept_back} are never drawn)" if rules.kept_back
                else " (the boneyard may be drawn to the last tile)")
        return f"Nothing fits {needs}: draw from the boneyard until a tile fits{keep}.{shut}"
    if kinds <= {"pass", "shut"} and "pass" in kinds:
        by = "press Pass" if rules.claims else "the table passes for you"
        if not rules.draws:
            return f"Nothing fits {needs}, and nobody draws in {rules.name_in_sentence}: {by}.{shut}{claim}"
        why = (f"the last {rules.kept_back} tiles are never drawn" if rules.kept_back
               else "the boneyard is empty")
        return f"Nothing fits {needs}, and {why}: {by}.{shut}{claim}"
    if rules.fit is Fit.SEVEN:
        trumps = f"a trump ({TRUMP_WORDS}) goes on either end"
        if rules.trumps_when_stuck:
            trumps += ", but only when nothing else fits"
        halves = _sevens(obs)
        fits = f", so a {or_list(halves)} fits" if halves else ", which only a trump follows"
        text = (f"Lay a tile with a half making 7 with an end: {ends_show(_open_pips(obs))}{fits}; {trumps}.")
    else:
        text = f"Lay a tile with {needs}."
    if "draw" in kinds:
        text += (f" Or draw from the boneyard: you may draw at will (never the last {rules.kept_back})."
                 if rules.kept_back else " Or draw from the boneyard: you may draw at will.")
    else:
        text += " A tile that fits has to be played."
    if obs.end_sum is not None and not rules.claims:
        text += f" The ends add up to {obs.end_sum}."
    return text + shut + claim


def _status(obs: Observation, names: Names, lid_open: bool, two_players: bool) -> str:
    if obs.game_over:
        return "Game over."
    seat = obs.current_seat
    if seat is None:
        return f"{obs.rules.deal_word.capitalize()} {obs.round_index + 1} is over."
    asked = star.asked_status(obs, names) if obs.rules.asks else None
    if asked:
        return asked
    last = obs.history[-1] if obs.history else None
    again = (obs.rules.turn is Turn.DOUBLE_AGAIN and last is not None and last.seat == seat
             and last.action.kind == "play" and last.action.tile is not None and last.action.tile.is_double)
    for_seat = laid_for(obs.rules, obs.history, seat)
    if for_seat is not None:  # (before a double's own rule: a double laid for the other keeps no turn of its own)
        turn = f"{names.whose(seat)} turn again: that tile was laid for {names.lower(for_seat)}, who could not play"
        again = True
    elif again:
        its = "your" if names.who(seat) == "You" else "its" if not two_players else "the"
        turn = f"{names.whose(seat)} turn again: {its} double keeps the turn"
    elif obs.rules.turn is Turn.PLAY_ON and last is not None and last.seat == seat and last.action.kind == "play":
        # seed 004: "he may go on as long as he can follow suit to either end of the line"
        it = "you" if names.who(seat) == "You" else "it" if not two_players else names.lower(seat)
        turn = f"{names.whose(seat)} turn again: {it} can follow suit, so {it} {names.verb(seat, 'play', 'plays')} on"
        again = True
    else:
        turn = f"{names.whose(seat)} turn"
    if two_players and not lid_open:
        return f"{turn}: lift the lid to turn your tiles face up."
    if seat == obs.seat and not again:
        return "Your turn." if names.who(seat) == "You" else f"{turn}."
    return f"{turn}."


def _seats(obs: Observation, names: Names) -> list[dict[str, Any]]:
    """Every seat round the table in seat order (the way play goes), starting with the one after the near seat:
    its name, how many tiles it holds, its score, and whether it is to move."""
    n = obs.seats
    out = []
    for k in range(1, n):
        s = (obs.seat + k) % n
        out.append({"seat": s, "name": names.who(s), "count": obs.hand_counts[s], "score": obs.scores[s],
                    "to_move": obs.current_seat == s, "drew": obs.draws[s],
                    "closed": bool((obs.table.closed >> s) & 1), "asker": obs.asker == s})
    return out


def _cut(obs: Observation, names: Names) -> dict[str, Any] | None:
    """The cut for the first set, face up, while the first round is played (None where players do not cut)."""
    if obs.rules.cut is None or obs.round_index != 0:
        return None
    tiles = [str(t) for t in obs.cut] if obs.cut else []
    return {"tiles": tiles, "method": str(obs.rules.cut), "setter": obs.leader,
            "text": cut_text(names, obs.rules, obs.cut, obs.leader)}


def _goal(obs: Observation) -> str:
    """How far the game goes, beside the round: "to 100", or for chips "of 10 hands"."""
    rules = obs.rules
    if rules.asks:
        return star.goal(obs)
    if rules.plays_for_chips:
        return f"of {rules.hands}" if rules.hands else "till a player cannot ante"
    if rules.one_round_game:  # one round won is the game: no score to reach ("to 1" would say nothing)
        return ""
    return f"to {rules.target}"


def build_view(obs: Observation, names: Names, lid_open: bool = True, two_players: bool = False) -> dict[str, Any]:
    """The JSON view of `obs.seat`; with the lid closed the seat's own tiles are face down as well. Where scores
    count only when claimed, nothing in it says what a play makes or whether points lie unclaimed."""
    seat = obs.seat
    far = (seat + 1) % obs.seats
    show = lid_open
    rules = obs.rules
    actions = shown_actions(obs) if show else []
    fits = _fits(actions)
    fits.update(star.answers(actions))  # a seat asked for a tile hands one over as it lays one
    legal = [str(a) for a in actions]
    claims = rules.claims
    # an arm that waits (Sebastopol's, until all four of the 6-6 are begun) is drawn and spoken as waiting
    ends = {e.name: {"pip": e.pip, "weight": None if claims else e.weight, "waits": e.frozen} for e in obs.end_list}
    must = None
    kinds = {a.kind for a in actions}
    if show and obs.to_move and legal:
        must = next((k for k in ("play", "sell", "give", "draw", "ask", "pass") if k in kinds), None)
    asks = rules.asks
    return {
        "rules": rules.id,
        "name": rules.name,
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
        "draws_allowed": rules.draws,
        "draws_freely": rules.draws_freely,
        "center": [obs.center.high, obs.center.low] if obs.center else None,
        "arms": {n: [[p.inner, p.outer] for p in a.tiles] for n, a in obs.arms.items()},
        # where each arm grows from: [arm of the tile it starts at ("C": the first tile), that tile's index]
        "roots": {n: [a.root_arm, a.root_index] for n, a in obs.arms.items()},
        "across": across(rules),  # the tiles drawn across the line
        "ends": ends,
        "end_words": star.end_names(obs, names) if asks else {n: end_words(n) for n in ends},
        "end_sum": None if claims else obs.end_sum,
        "scoring_ends": rules.scores_ends,
        "claims": claims,
        "claim_amounts": claim_amounts(rules),
        "spinner": spinner_place(obs),
        "current_seat": obs.current_seat,
        "your_turn": bool(show and obs.to_move),
        "lid_open": lid_open,
        "legal": legal,
        "must": must,
        "may_draw": "draw" in kinds,
        "may_shut": "shut" in kinds,
        "fits": fits,
        "faces": _faces(actions),
        "why_not": ((star.why_not if asks else _why_not)(obs, names, fits)) if show else {},
        "status": _status(obs, names, lid_open, two_players),
        "rule": _rule_line(obs, names, lid_open, actions),
        "cut": _cut(obs, names),
        "round": obs.round_index + 1,
        "deal_word": rules.deal_word.capitalize(),  # "Round", or "Hand" in Domino Pool
        "scores": list(obs.scores),
        "target": rules.target,
        "goal": _goal(obs),
        "sides": [list(side) for side in rules.sides] if rules.partners else None,  # partners share one score
        "pool": obs.pool if rules.has_pool else None,  # the chips in the pool
        "chips": rules.plays_for_chips,  # scores are the chips each seat holds
        "star": star.star_view(obs, names) if asks else None,  # each seat's own line from the centre double
        "asker": obs.asker,  # the seat waiting for the seat to act to sell or give it a tile
        "answer": rules.answer if show and obs.asker is not None and obs.to_move else None,
        "may_ask": "ask" in kinds,
        "round_over": obs.round_over,
        "game_over": obs.game_over,
        "winner": obs.winner,
    }
