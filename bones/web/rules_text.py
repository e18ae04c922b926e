"""The Rules panel: how the game at hand is played, in a player's words, built from its `Rules` fields.

Every game of the registry gets a text, branching on the rule fields and never on a game's name, so a new game
is explained the day it is added. The choices follow docs/rules.md; the scoring examples are worked out by the
engine's own `settle` and `round_pips`, so the text cannot disagree with the score.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bones.engine import Rules
from bones.engine.rules import Cut, Fit, GameEnd, LayoutKind, NextLeader, NoDouble, Opening, RoundScoring, Turn
from bones.engine.scoring import round_pips, settle, sum_points
from bones.engine.tiles import number_word, set_words

from .variations import played_with, value_of, variation_keys
from .words import subject


def _tiles(rules: Rules) -> list[str]:
    left = rules.tile_count - rules.players * rules.hand_size
    out = [f"{subject(rules.name)} is played with {set_words(rules.max_pip)}: {rules.tile_count} tiles, each half showing "
           f"0 (a blank) to {rules.max_pip} dots. A double shows the same number on both halves.",
           f"{number_word(rules.players).capitalize()} players, {number_word(rules.hand_size)} tiles each. You see "
           "only your own tiles; everyone else's lie face down."]
    if left and rules.draws:
        out.append(f"The other {left} tiles lie face down in the boneyard, to be drawn.")
    elif left:
        out.append(f"The other {left} tiles lie face down and sit out the {rules.deal_word}: nobody draws.")
    return out


CUT_WORDS = {
    Cut.HANDS: "The first set goes to the player with the higher double in the hands dealt, or with no double the "
               "heavier tile, and that player may set any tile.",
    Cut.PUSHED: "Before the deal the players cut for the first set: one pushes two tiles face down to the other, "
                "who takes one; both are turned up and the lighter tile sets, any tile it likes.",
    Cut.DRAWN: "Before the deal each player draws a tile: the lowest double sets first, or with no double the "
               "lightest tile, any tile it likes. The table shows the tiles cut.",
    Cut.PARTNERS: "Before the deal the four cut for partners: each draws a tile, the two lowest play against the two "
                  "highest, partners sit opposite, and the lowest cut sets first, any tile it likes. The table shows "
                  "the tiles cut.",
}


def _lead(rules: Rules) -> list[str]:
    if rules.cut is not None:
        out = [CUT_WORDS[rules.cut]]
        if rules.next_leader is NextLeader.ROUND_WINNER:
            out.append("After that the winner of a round sets the next, any tile; after a round nobody won, the set "
                       "passes on.")
        else:
            out.append("After that the players set in turn, any tile they like.")
        return out
    if rules.opening is Opening.HIGHEST_DOUBLE and rules.players * rules.hand_size == rules.tile_count:
        top = rules.max_pip  # every tile is dealt (Sebastopol): the top double is always in a hand
        first = (f"The whole set is dealt, so someone always holds {top}-{top}, the highest double: that player leads "
                 "the first round.")
    elif rules.opening is Opening.HIGHEST_DOUBLE:
        first = "The player holding the highest double leads the first round"
        if rules.no_double is NoDouble.REDEAL:
            first += "; if nobody was dealt a double, the tiles are shuffled and dealt again."
        else:
            first += ("; if nobody was dealt a double, the heaviest tile leads (most dots, then the higher half: "
                      "6-3 before 5-4).")
    else:
        first = ("The player holding the heaviest tile leads the first round (most dots, then the higher half: 6-4 "
                 "before 5-5).")
    if rules.layout is LayoutKind.STAR:
        top = rules.max_pip
        first = (f"The player holding the highest double starts: {top}-{top} is called for, and if nobody holds it "
                 f"{top - 1}-{top - 1}, then {top - 2}-{top - 2}, and so on")
        first += ("; if nobody was dealt a double, the tiles are shuffled and dealt again."
                  if rules.no_double is NoDouble.REDEAL else ".")
    out = [first]
    if rules.layout is LayoutKind.STAR:
        if rules.lead_plays_again:  # said in the order it happens: the double, the leader's own tile, the left
            out.append("The leader sets that double face up in the centre of the table, then must play a tile on "
                       "it from their own hand if they can (else they pass); play then goes on to the leader's "
                       "left.")
        else:
            out.append("The leader sets that double face up in the centre of the table, and play goes on to the "
                       "leader's left.")
    elif rules.opening_tile_must_lead:
        out.append("The tile that decided the lead is the first tile laid.")
    else:
        out.append("The leader may open with any tile.")
    if rules.next_leader is NextLeader.ALTERNATE:
        out.append("After that the lead passes round the table: the next player leads the next round, with any "
                   "tile.")
    elif rules.next_leader is NextLeader.WINNER:
        out.append("The player who went out leads the next round, with any tile; after a blocked round the "
                   "highest double decides again.")
    elif rules.next_leader is NextLeader.ROUND_WINNER:
        out.append("The winner of a round leads the next, with any tile; after a round nobody won, the lead passes "
                   "on.")
    elif rules.next_leader is NextLeader.DESCENDING_DOUBLE:
        top = rules.max_pip
        out.append(f"Each later round starts from the next double below the one that started the round before: "
                   f"after a round started by {top - 3}-{top - 3}, the holder of {top - 4}-{top - 4} starts the next, "
                   f"or if nobody holds it, of {top - 5}-{top - 5}, and so on down to 0-0.")
    elif rules.layout is LayoutKind.STAR:
        out.append("Every round starts the same way, from the highest double dealt.")
    else:
        out.append("Every round is led the same way as the first.")
    return out


def _turn(rules: Rules) -> list[str]:
    if rules.layout is LayoutKind.STAR:
        return _star_turn(rules)
    out = ["Players take turns in seat order. On your turn lay one tile against an open end of the line."]
    if rules.fit is Fit.MATCH:
        out.append("A tile fits an end when its touching half shows the same number as that end: 6-4 fits an end "
                   "showing 4, and then the end shows 6.")
    else:
        out.append("A tile fits an end when its touching half and the end make seven: 3-2 fits an end showing 4 "
                   "(4 + 3), and then the end shows 2. A double counts for its own number only: 3-3 fits a 4, "
                   "never a 1. The double blank and the tiles whose halves make seven (6-1, 5-2, 4-3) are trumps: "
                   "they go on either end, either way round, and the next player answers the half left out.")
        if rules.trumps_when_stuck:
            out.append("Here a trump may be played only when no other tile fits, to prevent a block.")
    layout = {
        LayoutKind.LINE: "The tiles make one line with two ends. A double is laid across the line and counts as "
                         "one end.",
        LayoutKind.FIRST_SPINNER: "The first double laid is the spinner: once tiles lie against both its long "
                                  "sides, its short sides open too, so the line can grow four ways.",
        LayoutKind.FIRST_SPINNER_FREE: "The first double laid opens all four of its sides at once: any of the four "
                                       "may be played to at any time.",
        LayoutKind.EVERY_SPINNER: "Every double is a spinner: once a tile lies against its other long side, its "
                                  "two short sides open as well, so the line branches at each double.",
        LayoutKind.CROSS: "The first double opens four arms at once, and no arm grows longer until all four are "
                          "started.",
        LayoutKind.STAR: "Each player builds a line of their own out from the centre double.",
    }
    if rules.fit is Fit.SEVEN and rules.layout is LayoutKind.LINE:
        out.append("The tiles make one line with two ends. Doubles lie along the line like any other tile and count "
                   "for their own number; the trumps are laid across it.")
    else:
        out.append(layout[rules.layout])
    if rules.draws_freely:
        out.append("You may draw from the boneyard at any time, able to play or not (never the last two tiles).")
    else:
        skip = "draw or pass" if rules.draws else "pass"  # where nobody draws, passing is the only way out
        out.append(f"A tile that fits has to be played: you may not {skip} while you hold one.")
    if rules.turn is Turn.DOUBLE_AGAIN:
        out.append("A player who lays a double plays again.")
    if rules.plays_for_both:
        out.append("When a player cannot play (a \u201cgo\u201d), the other lays a tile for them and then one for "
                   "itself, before the player who said \u201cgo\u201d can play again.")
    if rules.turn is Turn.PLAY_ON:
        out.append("A player goes on laying tiles as long as one of them fits either end; only then does the turn "
                   "pass to the left.")
    if rules.partners:
        out.append("Partners sit opposite each other and play for their side: the player across the table is "
                   "yours.")
    if rules.shut:
        out.append("When the other player says \u201cgo\u201d (cannot lay a tile), you may shut the game at once instead "
                   "of playing on: the hands are then counted as in a blocked round.")
    return out


def _star_turn(rules: Rules) -> list[str]:
    """A turn on a star (Honest John): your own line only."""
    out = ["Each player builds a line of their own, tile by tile, out from the centre double towards them: the "
           "table looks like a star. Only you play on your line.",
           "Players take turns to the left. On your turn lay one tile on the end of your line. The first tile of "
           "every line matches the centre double's number, and after that the halves touching must match: on a "
           "line ending in 4, 6-4 fits, and then the line shows 6.",
           "A tile that fits has to be played."]
    if rules.doubles_first:
        out.append("Whenever a new number shows at the end of a line, that number's double must be played before "
                   "the line takes any other tile: a line ending in 3 takes only 3-3 until 3-3 lies anywhere on the "
                   "table, and then any tile with a 3.")
    return out


def _asking(rules: Rules) -> list[str]:
    """With nothing that fits, on a star: buy a tile, or draw one and be given one."""
    verb, price = ("sell", "; you pay them one chip for it") if rules.sells else ("give", "")
    out = []
    if rules.draws:
        out.append(f"With nothing that fits your line, first draw one tile from the boneyard, while more than "
                   f"{rules.kept_back} are left, and lay it if it fits. The last {rules.kept_back} tiles of the "
                   "boneyard are never drawn.")
        out.append(f"If it does not fit (or nothing may be drawn), press Ask: the player on your left must {verb} "
                   f"you a tile that fits your line, if they hold one{price}, and it is laid on your line at once.")
    else:
        out.append(f"Nobody draws. With nothing that fits your line, press Ask: the player on your left must {verb} "
                   f"you a tile that fits your line, if they hold one{price}, and it is laid on your line at once.")
    out.append(f"If they hold none, the next player to the left is asked, and so on round the table. A player asked "
               f"who holds several that fit chooses which to {verb}; when the computer asks you, choose the tile you "
               f"{verb}.")
    if rules.sells:
        out.append("If nobody has one, your line is closed: its last tile is turned face down and your turns are "
                   "skipped for the rest of the round. You can still sell tiles to the others, and you may even win "
                   "by selling your last tile.")
    else:
        out.append("If nobody has one, you pass and the next player plays.")
    return out


def _nothing_fits(rules: Rules) -> list[str]:
    if rules.asks:
        return _asking(rules)
    if not rules.draws:
        return ["With nothing that fits, you say \u201cgo\u201d and pass (the table passes for you). Nobody draws."]
    out = ["With nothing that fits, draw from the boneyard, one tile at a time, until one fits; then lay it (or, "
           "where you may draw at will, draw more)." if rules.draws_freely else
           "With nothing that fits, draw from the boneyard, one tile at a time, until one fits; then lay it."]
    if rules.kept_back:
        out.append(f"The last {rules.kept_back} tiles of the boneyard are never drawn: when only "
                   f"{rules.kept_back} are left, a player with nothing that fits passes.")
    else:
        out.append("The boneyard may be drawn to the last tile; only then does a player with nothing that fits "
                   "pass.")
    return out


def _double_example(m: int, top: int) -> tuple[int, int] | None:
    """A double d-d at one end and a number e at the other whose sum 2d + e scores (e not d)."""
    for d in range(top, 0, -1):
        for e in range(top, 0, -1):
            if e != d and (2 * d + e) % m == 0:
                return d, e
    return None


def _pair_example(m: int, top: int) -> tuple[int, int] | None:
    for a in range(top, 0, -1):
        for b in range(a - 1, 0, -1):
            if (a + b) % m == 0:
                return a, b
    return None


def _end_scoring(rules: Rules) -> list[str]:
    if rules.headers:
        return ["The player who sets the highest double scores 2 for the double header.",
                "Making both ends of the line the same number scores 2; with a double lying across one of those "
                "ends, it is a triple header and scores 3."]
    if not rules.scores_ends:
        return []
    m, top = rules.end_multiple, rules.max_pip
    if rules.per_multiple:
        out = [f"After every tile, add up the open ends. If they make a multiple of {m}, the player who laid the "
               f"tile scores a point for each {m}: {2 * m} scores 2, {3 * m} scores 3."]
    else:
        out = [f"After every tile, add up the open ends. If they make a multiple of {m} ({m}, {2 * m}, {3 * m} …), "
               "the player who laid the tile scores that many points at once."]
    pair = _pair_example(m, top)
    if pair:
        a, b = pair
        out.append(f"For example, ends showing {a} and {b} make {a} + {b} = {a + b} → "
                   f"+{sum_points(rules, a + b)}.")
    dbl = _double_example(m, top)
    if dbl:
        d, e = dbl
        out.append(f"A double lying at an end counts both halves: {d}-{d} at one end and {e} at the other make "
                   f"{d} + {d} + {e} = {2 * d + e} → +{sum_points(rules, 2 * d + e)}.")
    lone = next((d for d in range(top, 0, -1) if (2 * d) % m == 0), None)
    if lone is not None:
        out.append(f"A first tile alone counts its dots once: {lone}-{lone} laid first makes {2 * lone} and scores "
                   f"{sum_points(rules, 2 * lone)}.")
    if rules.layout in (LayoutKind.FIRST_SPINNER, LayoutKind.EVERY_SPINNER, LayoutKind.FIRST_SPINNER_FREE):
        out.append("A spinner counts as a double at an end while one of its long sides is open; its short sides "
                   "count nothing until a tile lies there, and then every open end counts.")
        if rules.layout is LayoutKind.FIRST_SPINNER_FREE:
            out.append("While neither long side of the first double has a tile, its two sides show one double: "
                       "it counts once (a 5-5 with 5-0 on one of its short ends makes 10 + 0 = 10).")
    out.append("Ends adding up to 0 score nothing.")
    if rules.claims:
        # the last tile before your turn is the previous seat's, and a wrong claim is marked to the next seat
        before, after = ("the other player", "the other player") if rules.players == 2 else (
            "the player before you", "the next player")
        out.append("A score counts only if you claim it: press Claim and choose the points before laying the tile. "
                   f"If {before} forgets to claim a score, say \u201cMuggins!\u201d before your own move and it is "
                   f"yours. A wrong claim is taken down and the points claimed go to {after}.")
    return out


def _round_end(rules: Rules) -> list[str]:
    n = rules.players
    if rules.asks:
        return _star_round_end(rules)
    stuck = "nobody can lay a tile or draw" if rules.draws else "nobody can lay a tile"
    deal = rules.deal_word  # "hand" in Domino Pool
    out = [f"A {deal} ends when a player lays their last tile (goes out), or when {stuck} (the {deal} is blocked). "
           "Then the dots left in each hand are counted."]
    if rules.plays_for_chips:
        out.append(f"Every player starts with {rules.chips} chips and puts {rules.ante} into the pool before each "
                   f"hand. Going out (domino) takes the whole pool; in a blocked hand the fewest dots take it, and "
                   f"equal lightest hands divide it: the chips that do not divide stay in the pool for the next hand "
                   f"(after the last hand, one each to the tied hands, from the setter's left).")
        return out
    if rules.partners:
        st = settle(rules, "blocked", None, (3, 9, 8, 4))
        out.append(f"The partners' dots are added, and the side with fewer wins the difference, marked to both "
                   f"partners: 3 + 8 = 11 against 9 + 4 = 13 → +{st.points[0]} for the first side. Equal sides "
                   f"score nothing.")
        return out
    if rules.round_scoring is RoundScoring.BERGEN:
        line = ("Going out (\u201cdomino\u201d) scores 1. In a blocked round the lightest hand without a double scores 1; "
                "if the lightest hand holds a double, the other scores the 1; if both hold doubles, the lighter "
                "hand scores it.")
        # equal dots, as the engine settles them: nothing between hands alike, else the hand without a double
        st = settle(rules, "blocked", None, (6, 6), (True, False))
        line += (" Equal dots score nothing when both hands hold a double or neither does; otherwise at equal dots "
                 f"the hand without a double scores the 1 (6 dots each, one of them with a double: +{st.points[1]} "
                 "for the other).")
        out.append(line)
        return out
    if rules.round_scoring is RoundScoring.ONE_POINT:
        out.append("The player who goes out wins; in a blocked round the hand with the fewest dots (not tiles) "
                   "wins. Equal hands: nobody wins, and the tiles are dealt again.")
        return out
    if not rules.lowest_takes_all:
        if n == 2:
            st = settle(rules, "out", 0, (0, 12))
            out.append(f"Going out scores the dots left in the other hand: the other holds 12 → +{st.points[0]}.")
            st = settle(rules, "blocked", None, (7, 12))
            if rules.winner_scores_own:
                out.append(f"In a blocked round the lighter hand scores the dots in both hands: 12 + 7 = "
                           f"{st.points[0]} → +{st.points[0]}. Equal hands score nothing.")
            else:
                out.append(f"In a blocked round the lighter hand scores the difference: 12 − 7 = {st.points[0]} → "
                           f"+{st.points[0]}. Equal hands score nothing.")
        else:
            pips = (2, 3, 5, 8, 9, 11)[:n]
            st = settle(rules, "blocked", None, pips)
            others = [p for p in pips if p != min(pips)]
            hands = ", ".join(map(str, pips[:-1])) + f" and {pips[-1]}"
            lowest = (f"the lowest hand scores the dots in the other hands less its own: with hands of {hands} "
                      f"dots, the {min(pips)} scores {' + '.join(map(str, others))} − {min(pips)} = "
                      f"{st.points[0]} → +{st.points[0]}. Tied lowest hands each score that")
            if rules.out_wins_alone:
                gone = settle(rules, "out", 0, (0,) + pips[1:])
                out.append(f"The player who goes out scores the dots left in all the other hands: the others "
                           f"holding {', '.join(map(str, pips[1:-1]))} and {pips[-1]} dots → +{gone.points[0]}. Only "
                           "the player who went out scores, even beside a hand left with only the 0-0.")
                out.append(f"In a blocked round {lowest}.")
            else:
                out.append(f"{lowest[0].upper()}{lowest[1:]}; a player who went out holds 0.")
        return out
    step = rules.rounding
    st = settle(rules, "out", 0, (0, 13) if n == 2 else (0, 6, 7, 4, 9, 3)[:n])
    raw = st.raw
    rounded = f", rounded to the nearest {step}" if step else ""
    other_hands = "the other hand" if n == 2 else "the other hands"
    if step and rules.per_multiple:
        out.append(f"The player who goes out scores all the dots left in {other_hands}{rounded}, a point for each "
                   f"{step}: {raw} dots → {round_pips(raw, step)} → +{st.points[0]}.")
    else:
        out.append(f"The player who goes out scores all the dots left in {other_hands}{rounded}: {raw} dots → "
                   f"+{st.points[0]}.")
    if step:
        changed = [p for p in (*range(1, step), 12, 13, 14) if round_pips(p, step) != p]
        examples = ", ".join(f"{p} → {round_pips(p, step)}" for p in changed)
        out.append(f"Rounding goes to the nearest multiple of {step}, halves up: {examples}.")
    if n == 2:
        out.append("In a blocked round the lighter hand scores the dots in the other the same way; if the hands are "
                   "equal, nobody scores.")
    else:
        out.append("In a blocked round the lightest hand scores the dots in all the others the same way; if the "
                   "lightest hands are equal, nobody scores.")
    return out


def _star_round_end(rules: Rules) -> list[str]:
    """How a round of Honest John ends and is settled: chips, or the others' dots."""
    n = rules.players
    if rules.plays_for_chips:
        return [f"Every player starts the game with {rules.chips} chips; your score is the chips you hold (it can "
                "go below zero: you owe them).",
                "The round ends as soon as a player gets rid of their last tile, by laying it on their line or by "
                f"selling it. That player takes one chip from each of the others: with {n} players, +{n - 1} for "
                "the winner and −1 for everyone else.",
                "If everyone still holds tiles but none of them fits any open line, the round ends without a "
                "winner and no chips change hands (the chips paid for sales stand)."]
    pips = (0, 12, 7, 20, 5, 9, 14, 3)[:n]
    out_st = settle(rules, "out", 0, pips)
    others = " + ".join(map(str, pips[1:]))
    held = ", ".join(map(str, pips[1:-1])) + f" and {pips[-1]}"
    stale = (4, 15, 9, 22, 11, 30, 18, 13)[:n]
    st = settle(rules, "blocked", None, stale)
    low = min(stale)
    counted = " + ".join(str(p) for p in stale if p != low)
    return ["The round ends when a player empties their hand, or in a stalemate: every tile that could still be "
            f"played lies among the last {rules.kept_back} tiles that are never drawn.",
            f"The winner scores the dots left in all the other hands, less those left in their own: going out "
            f"while the others hold {held} dots scores {others} = {out_st.points[0]} → +{out_st.points[0]}.",
            f"In a stalemate the player with the fewest dots wins, but only with fewer than {rules.block_limit}: "
            f"with hands of {', '.join(map(str, stale))} dots the {low} scores {counted} − {low} = "
            f"{st.points[0]} → +{st.points[0]}. With {rules.block_limit} or more in the lightest hand nobody "
            "scores; tied lightest hands each score."]


def _goal(rules: Rules) -> list[str]:
    if rules.asks and rules.plays_for_chips:
        return [f"The game ends after {rules.hands} rounds (hands); the player with the most chips wins."]
    if rules.game_end is GameEnd.DOUBLES_RUN_OUT:
        top = rules.max_pip
        return [f"The first round starts from {top}-{top} (or the highest double dealt), each round after from "
                "the next double down, and the game ends after the 0-0 round, or sooner when the calling goes down "
                f"to 0-0 and nobody holds it: at most {top + 1} rounds. The highest total score wins."]
    if rules.plays_for_chips:
        hands = f"after {rules.hands} hands" if rules.hands else "when a player cannot pay the ante"
        return [f"The game ends {hands} (or sooner, when a player has no chip left for the ante); the most chips "
                "win."]
    if rules.partners:
        return [f"Rounds are played until a side has {rules.target} points or more at the end of a round; that "
                "side wins."]
    if rules.one_round_game:
        return ["One round is a game: its winner wins the game."]
    if rules.ends_at_once:
        return [f"The first to reach {rules.target} points wins, the moment they reach it, even in the middle "
                "of a round."]
    return [f"Rounds are played until someone has {rules.target} points or more at the end of a round; the "
            "highest score then wins, and equal highest scores are a tie."]


@lru_cache(maxsize=64)
def _cached(rules: Rules) -> tuple[tuple[str, tuple[str, ...]], ...]:
    sections = [
        ("The tiles", _tiles(rules)),
        ("Who leads", _lead(rules)),
        ("Your turn", _turn(rules)),
        ("When nothing fits", _nothing_fits(rules)),
        ("Scoring during play", _end_scoring(rules)),
        (f"The end of a {rules.deal_word}", _round_end(rules)),
        ("Winning", _goal(rules)),
    ]
    return tuple((title, tuple(lines)) for title, lines in sections if lines)


def rules_text(rules: Rules) -> dict[str, Any]:
    """The rules of `rules` as JSON for the Rules panel: a title, a one-line summary and sections of
    paragraphs."""
    # the table says dots, as every line of the panel does, and quotes "go" curly, as every other line of the table
    summary = rules.described.replace(" pips", " dots").replace('"go"', "\u201cgo\u201d")
    chosen = played_with(rules)
    if chosen:
        summary += " Played here with: " + "; ".join(c[:1].lower() + c[1:] for c in chosen) + "."
    return {"game": rules.id, "name": rules.name, "players": rules.players,
            "name_says_players": rules.name_says_players, "summary": summary,
            "options": {k: value_of(rules, k) for k in variation_keys(rules)},
            "sections": [{"title": t, "lines": list(lines)} for t, lines in _cached(rules)]}
