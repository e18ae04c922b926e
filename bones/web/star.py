"""Honest John's star at the table: each seat's own line from the centre double, asks, sales and gifts, told in a
player's words and sent as JSON for the page to draw.

Branches on the rule fields only (`asks`, `sells`, `doubles_first`, `lead_plays_again`, `has_pool`, `block_limit`).
A tile is named only once it lies on the table or in the reading seat's own hand; a double a line waits for is
called "the double 6", never by its tile, since nobody may know where it is.
"""

from __future__ import annotations

from typing import Any, Sequence

from bones.engine import Action, Observation, RoundResult, Rules, Table
from bones.engine.layout import layout_of
from bones.engine.rules import NextLeader
from bones.engine.tiles import article as a_or_an

from .words import Names, _hands_text, _names_list, dots_counted, subject, wait_text


def article(pip: int) -> str:
    """"a 6", "an 8": a number as a tile's half is asked for."""
    return f"{a_or_an(pip)} {pip}"


def need(rules: Rules, table: Table, seat: int) -> str:
    """What `seat`'s line takes now: "a 6", "the double 6" (a new number waits for its double), "" when closed."""
    end = table.ends[seat] if seat < len(table.ends) else None
    if end is None:
        return ""
    pip = end[0]
    if layout_of(rules).waits(table.doubles, pip):
        return f"the double {pip}"
    return article(pip)


def its(names: Names, seat: int) -> str:
    """"your" for you, "its" for a computer."""
    return "your" if names.who(seat) == "You" else "its"


def line_words(names: Names, seat: int, owner: int) -> str:
    """How `seat` reads `owner`'s line: "your line", "Computer 2's line"."""
    whose = names.whose(owner)
    return f"{whose[0].lower() + whose[1:] if whose == 'Your' else whose} line"


def end_names(obs: Observation, names: Names) -> dict[str, str]:
    """Each seat's end, as the near seat calls it ("your line", "Computer 2's line")."""
    return {obs.layout.names[s]: line_words(names, obs.seat, s) for s in range(obs.seats)}


def closed(table: Table, seat: int) -> bool:
    return bool((table.closed >> seat) & 1)


# ----- events ----------------------------------------------------------------------------------------------


def lead_text(names: Names, seat: int, tile: str, rules: Rules, round_index: int) -> str:
    """The centre double set: the highest double, or (where each round starts lower) the next double down."""
    who = names.who(seat)
    why = "the next double down" if rules.next_leader is NextLeader.DESCENDING_DOUBLE and round_index > 0 \
        else "the highest double"
    text = f"{who} {names.verb(seat, 'set', 'sets')} {tile} in the centre, {why}."
    if rules.lead_plays_again:
        it = "you" if who == "You" else "it"
        text += f" {who} {names.verb(seat, 'play', 'plays')} on it from {its(names, seat)} hand if {it} can."
    return text


def play_text(names: Names, seat: int, tile: str, after: Table) -> str:
    """A tile laid on the seat's own line, and what the line shows now."""
    end = after.ends[seat]
    shows = f": it shows {end[0]}" if end is not None else ""
    return f"{names.who(seat)} laid {tile} on {its(names, seat)} line{shows}."


def draw_text(names: Names, seat: int, rules: Rules, before: Table) -> str:
    want = need(rules, before, seat)
    return (f"{names.who(seat)} {names.verb(seat, 'have', 'has')} nothing for {its(names, seat)} line ({want}) and "
            f"{names.verb(seat, 'draw', 'draws')} one tile from the boneyard.")


def pass_text(names: Names, seat: int, rules: Rules, before: Table) -> str:
    """A pass: the starter with nothing to play on the centre double (or, once nothing is left to ask, any seat)."""
    who = names.who(seat)
    if before.down == 1:
        return (f"{who} {names.verb(seat, 'have', 'has')} nothing to play on the centre double: "
                f"{names.lower(seat)} {names.verb(seat, 'pass', 'passes')}.")
    return (f"{who} {names.verb(seat, 'have', 'has')} nothing for {its(names, seat)} line and "
            f"{names.verb(seat, 'pass', 'passes')}.")


def ask_text(names: Names, rules: Rules, seat: int, before: Table, asked: int | None, after: Table,
             drew: bool = False) -> str:
    """An ask round the table: who had nothing (`drew`: even after drawing), and who holds one to sell or give
    (`asked`; None: nobody)."""
    n = len(names.labels)
    who = names.who(seat)
    want = need(rules, before, seat)
    head = f"{who} {names.verb(seat, 'ask', 'asks')} round the table for {want}{' after drawing' if drew else ''}"
    verb = rules.answer
    if asked is None:
        if closed(after, seat) and not closed(before, seat):
            whose = "your" if who == "You" else "its"
            return (f"{head}: nobody can {verb} {names.lower(seat)} {want}, so {whose} line is closed and {whose} "
                    "turns are skipped.")
        return f"{head}: nobody holds one, so {names.lower(seat)} {names.verb(seat, 'pass', 'passes')}."
    skipped = [(seat + k) % n for k in range(1, (asked - seat) % n)]  # asked in turn before, holding none
    none = ""
    if skipped:
        listed = _names_list(names, skipped)
        have = "have" if len(skipped) > 1 or names.who(skipped[0]) == "You" else "has"
        none = f" {listed[:1].upper() + listed[1:]} {have} none."
    if names.who(asked) == "You":
        return f"{head}.{none} You must {verb} one."  # one or several fit: the rule line says the choice
    return f"{head}.{none} {names.who(asked)} has one to {verb}."


def answer_text(names: Names, rules: Rules, seller: int, asker: int, tile: str, before: Table, out: bool) -> str:
    """A tile sold or given to the seat that asked, laid on its line: "Computer 2 asked for a 6; Computer 3 sells
    Computer 2 the 6-4 for a chip." (and the seller going out, where it was its last tile). The buyer is named: "sells
    it 6-4" read as if "it" were the tile."""
    want = need(rules, before, asker)
    asked = f"{names.who(asker)} asked for {want}"
    verb = names.verb(seller, "sell", "sells") if rules.sells else names.verb(seller, "give", "gives")
    price = " for a chip" if rules.sells else ""
    text = f"{asked}; {names.lower(seller)} {verb} {names.lower(asker)} the {tile}{price}."
    if out:
        text += (f" That was {'your' if names.who(seller) == 'You' else 'its'} last tile: {names.lower(seller)} "
                 f"{names.verb(seller, 'go', 'goes')} out.")
    return text


def event_text(names: Names, rules: Rules, seat: int, action: Action, before: Table, after: Table,
               round_index: int, asked: int | None, out: bool, drew: bool = False) -> str:
    """Any action on a star, in words (`asked`: after an ask, the seat that must sell or give; `out`: the action
    emptied the seat's hand; `drew`: the seat drew just before it)."""
    kind = action.kind
    if kind == "play" and action.tile is not None:
        if action.end is None:
            return lead_text(names, seat, str(action.tile), rules, round_index)
        text = play_text(names, seat, str(action.tile), after)
        return text + (f" {names.who(seat)} {names.verb(seat, 'go', 'goes')} out." if out else "")
    if kind in ("sell", "give") and action.tile is not None and action.end is not None:
        asker = int(action.end[1:])
        return answer_text(names, rules, seat, asker, str(action.tile), before, out)
    if kind == "ask":
        return ask_text(names, rules, seat, before, asked, after, drew)
    if kind == "draw":
        return draw_text(names, seat, rules, before)
    return pass_text(names, seat, rules, before)


# ----- the round's end -------------------------------------------------------------------------------------


def round_text(names: Names, result: RoundResult, rules: Rules, head: str) -> str:
    """How a round of Honest John ended: out takes a chip from each; no winner; or (for points) the winner's
    count, a stalemate won only under the limit."""
    st = result.settlement
    pips = result.pips_left
    n = len(pips)
    w = st.winner
    if rules.plays_for_chips:
        if st.end == "out" and w is not None:
            return (f"{head}: {names.who(w)} went out and {names.verb(w, 'take', 'takes')} a chip from each of the "
                    f"other {n - 1} players → +{n - 1} for {names.lower(w)}, −1 each for the others."
                    + _with_sales(names, result, [n - 1 if s == w else -1 for s in range(n)]))
        return (f"{head} ends with no winner: everyone still holds tiles and nobody can play on any open line. No "
                "chips change hands (the sales stand)." + _with_sales(names, result, [0] * n))
    # the hands within brackets, in the middle of a sentence ("(you hold 6 dots, …)"), as in every other game;
    # the 0 dots of the one who went out go without saying
    hands = _hands_text(names, pips, aside=True, skip=w if st.end == "out" else None)
    if st.end == "out" and w is not None:
        opening = f"{head}: {names.who(w)} went out ({hands})"
    else:
        opening = (f"{head} ends in a stalemate: every tile that could be played is among the {rules.kept_back} never "
                   f"drawn ({hands})" if rules.kept_back else f"{head} is blocked: nobody can play on ({hands})")
    if not st.scorers:
        low = min(pips)
        if rules.block_limit and low >= rules.block_limit:
            return (f"{opening}. The lightest hand holds {low} dots, not under {rules.block_limit}: nobody "
                    "scores.")
        return f"{opening}: equal hands, nobody scores."
    gain = st.points[st.scorers[0]]
    how = dots_counted([pips[s] for s in st.counted], st.less, gain, len(st.scorers))
    who = _names_list(names, st.scorers)
    if st.end == "out":
        scores = names.verb(st.scorers[0], "score", "scores")
        return f"{opening} and {scores} the dots in the other hands, {how} → +{gain}."
    under = f", under {rules.block_limit}," if rules.block_limit else ""
    lead = "The lightest hands" if len(st.scorers) > 1 else "The lightest hand"
    each = " each" if len(st.scorers) > 1 else ""
    return (f"{opening}. {lead}{under} {'score' if len(st.scorers) > 1 else 'scores'} the dots in the others, "
            f"{how} → +{gain}{each} for {who}.")  # `how` says "less its (their) own" once, with the number


def _with_sales(names: Names, result: RoundResult, settled: list[int]) -> str:
    """Where chips were paid for tiles during the round, each seat's chips for the whole round (what the scores
    moved by), after the settlement alone: "+7 for you" and a scoreboard up by 8 read as a mistake."""
    if list(result.points) == settled:
        return ""
    net = ", ".join(f"{names.lower(s)} {f'{p:+d}' if p else '0'}".replace("-", "−")
                    for s, p in enumerate(result.points))
    return f" With the sales, the round's chips: {net}."


# ----- what the table says while a round is played ---------------------------------------------------------


def asked_status(obs: Observation, names: Names) -> str | None:
    """Whose turn it is while a seat waits for a tile it asked for; None when nobody waits."""
    asker, seat = obs.asker, obs.current_seat
    if asker is None or seat is None:
        return None
    want = need(obs.rules, obs.table, asker)
    verb = obs.rules.answer
    if seat == obs.seat and names.who(seat) == "You":
        return f"{names.who(asker)} asks you for {want}: choose a tile to {verb}."
    to = "you" if names.who(asker) == "You" else names.lower(asker)
    return f"{names.whose(seat)} turn: {names.lower(seat)} {verb}s {to} a tile for {want}."


def rule_line(obs: Observation, names: Names, kinds: set[str]) -> str:
    """The rule that applies to the seat to act now, on a star."""
    rules = obs.rules
    seat = obs.seat
    if obs.asker is not None:
        asker = obs.asker
        want = need(rules, obs.table, asker)
        line = line_words(names, seat, asker)
        head = f"{line[:1].upper() + line[1:]} takes {want}: choose the tile you"
        if rules.sells:
            return (f"{head} sell {names.lower(asker)}. It is laid there at once, and {names.lower(asker)} pays you a "
                    "chip. Where several fit you choose; selling a double makes them buy again next turn.")
        return (f"{head} give {names.lower(asker)}. It is laid there at once. You must give one if you can; where "
                "several fit you choose.")
    want = need(rules, obs.table, seat)
    if "play" in kinds:
        return f"Lay a tile on your line: it takes {want}. A tile that fits has to be played."
    if "pass" in kinds:
        return "You set the centre double and have nothing to play on it: you pass."
    if "draw" in kinds:
        return (f"Nothing in your hand fits your line ({want}): draw one tile from the boneyard (the last "
                f"{rules.kept_back} are never drawn).")
    if "ask" in kinds:
        if rules.sells:
            return (f"Nothing in your hand fits your line ({want}): press Ask. The first player to your left with "
                    "one must sell it to you for a chip; if nobody has one, your line is closed.")
        return (f"Nothing in your hand fits your line ({want}): press Ask. The first player to your left with one "
                "must give it to you; if nobody has one, you pass.")
    return summary(rules)


def why_not(obs: Observation, names: Names, fits: dict[str, list[str]]) -> dict[str, str]:
    """Why each tile in hand cannot be laid (or handed over) now, on a star."""
    out: dict[str, str] = {}
    seat = obs.seat
    asker = obs.asker
    for t in obs.hand:
        text = str(t)
        if text in fits:
            continue
        if not obs.to_move:
            out[text] = wait_text(names, obs.current_seat)
        elif asker is not None:
            takes = need(obs.rules, obs.table, asker)
            out[text] = f"{text} does not fit {line_words(names, seat, asker)}: it takes {takes}."
        elif obs.center is None:
            lead = obs.lead_tile
            out[text] = f"The round opens with your {lead} in the centre." if lead is not None \
                else "The round opens with the centre double."
        elif closed(obs.table, seat):
            out[text] = "Your line is closed: you can only sell tiles to players who ask."
        else:
            out[text] = f"{text} does not fit your line: it takes {need(obs.rules, obs.table, seat)}."
    return out


def summary(rules: Rules) -> str:
    """The game in one line, for the line under the table when it is not your turn."""
    parts = ["each player builds a line of their own from the centre double"]
    if rules.doubles_first:
        parts.append("a new number at a line's end waits for its double")
    if rules.sells:
        parts.append("with nothing that fits, buy a tile for a chip from the first player to your left who has one; "
                     "nobody has one: your line is closed")
    else:
        parts.append(f"with nothing that fits, draw one tile (never the last {rules.kept_back}), then be given one by "
                     "the first player to your left who has one; nobody has one: pass")
    if rules.plays_for_chips:
        goal = f"Out takes a chip from each. {rules.hands} rounds; the most chips win"
    else:
        goal = ("Out scores the others' dots less its own. Each round starts from the next double down, to the double "
                "blank; the highest score wins")
    players = f" for {rules.players} players"  # a name with a comma closes it first ("…, version 2, for 8 players")
    return f"{subject(rules.name)}{players}: " + "; ".join(parts) + f". {goal}."


def goal(obs: Observation) -> str:
    """How far the game goes, beside the round: "of 10", or "the 7-7 round, down to the double blank"."""
    rules = obs.rules
    if rules.plays_for_chips:
        return f"of {rules.hands}"
    if obs.center is not None:  # the 0-0 round is the last: "the 0-0 round, down to the double blank" said it twice
        last = obs.center.high == 0
        return f"· the {obs.center} round, {'the last' if last else 'down to the double blank'}"
    return "· doubles down to the double blank"


# ----- the star as the page draws it -----------------------------------------------------------------------


def star_view(obs: Observation, names: Names) -> dict[str, Any]:
    """Each seat's line, in seat order: its tiles from the centre out ([inner, outer]), the number it shows (None
    when closed or before the centre is down), what it takes in words, and whether it is closed, to move, asking
    or asked."""
    table = obs.table
    lines = []
    for s in range(obs.seats):
        name = obs.layout.names[s]
        arm = obs.arms.get(name)
        tiles = [[p.inner, p.outer] for p in arm.tiles] if arm is not None else []
        end = table.ends[s] if table.center >= 0 else None
        lines.append({"seat": s, "name": names.who(s), "end": name, "tiles": tiles, "count": obs.hand_counts[s],
                      "pip": end[0] if end is not None else None,
                      "takes": need(obs.rules, table, s) if table.center >= 0 else "",
                      "closed": closed(table, s), "to_move": obs.current_seat == s and obs.asker is None,
                      "asker": obs.asker == s, "asked": obs.asker is not None and obs.current_seat == s})
    doubles = [p for p in range(obs.rules.max_pip + 1) if (table.doubles >> p) & 1]
    return {"lines": lines, "doubles": doubles, "doubles_first": obs.rules.doubles_first,
            "sells": obs.rules.sells}


def answers(actions: Sequence[Action]) -> dict[str, list[str]]:
    """The tiles a seat asked may hand over, each with the asker's end (as `fits` gives plays)."""
    out: dict[str, list[str]] = {}
    for a in actions:
        if a.kind in ("sell", "give") and a.tile is not None:
            out.setdefault(str(a.tile), []).append(a.end or "")
    return out
