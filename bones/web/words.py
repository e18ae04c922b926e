"""What the table says: every move, pass, draw and score explained in a player's words.

Tiles are only ever named here when the seat reading the text can see them (on the table or in its own hand);
numbers are joined with spaces, en dashes or arrows, never "n-m", so a tile's text cannot be confused with them.
"""

from __future__ import annotations

from typing import Sequence

from bones.engine import Action, RoundResult, Rules, Table, Tile
from bones.engine.layout import end_words, layout_of
from bones.engine.rules import Cut, Fit, GameEnd, RoundScoring, listed, subject  # the words of the table too
from bones.engine.scoring import play_points, round_pips
from bones.engine.tiles import TILES_BY_ID


class Names:
    """How the table calls each seat: "You" and "The computer", "You", "Computer 1" … "Computer 3", or "Player 1"
    and "Player 2"."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = tuple(labels)

    def who(self, seat: int) -> str:
        return self.labels[seat]

    def whose(self, seat: int) -> str:
        label = self.labels[seat]
        return "Your" if label == "You" else f"{label}'s"

    def whose_lower(self, seat: int) -> str:
        """The possessive in the middle of a sentence ("your", "the computer's", "Computer 2's")."""
        label = self.lower(seat)
        return "your" if label == "you" else f"{label}'s"

    def lower(self, seat: int) -> str:
        """The name in the middle of a sentence ("you", "the computer", "Computer 2", "Player 1")."""
        label = self.labels[seat]
        return label[0].lower() + label[1:] if label == "You" or label.startswith("The ") else label

    def verb(self, seat: int, you: str, other: str) -> str:
        """`you` after "You", `other` after anyone else ("hold" / "holds")."""
        return you if self.labels[seat] == "You" else other


def or_list(pips: Sequence[int]) -> str:
    """`4`, `4 or 1`, `6, 1 or 4`: the numbers on the open ends, each once."""
    seen: list[str] = []
    for p in pips:
        if str(p) not in seen:
            seen.append(str(p))
    return listed(seen)


def and_list(pips: Sequence[int]) -> str:
    """`4`, `4 and 1`, `6, 1 and 4`: the numbers on the open ends, each once."""
    return or_list(pips).replace(" or ", " and ")


def ends_show(pips: Sequence[int], which: str = "") -> str:
    """What the ends show: "the ends show 4 and 1", "both ends show 5" (not "the ends show 5" where two ends
    show one number), "every end shows 6", "the end shows 3"; `which` qualifies them ("open ")."""
    if not pips:
        return f"no {which}end is open"
    if len(pips) == 1:
        return f"the {which}end shows {pips[0]}"
    if len(set(pips)) == 1:
        return f"both {which}ends show {pips[0]}" if len(pips) == 2 else f"every {which}end shows {pips[0]}"
    return f"the {which}ends show {and_list(pips)}"


def score_text(table: Table, scored: int) -> str:
    """`6 + 1 + 8 = 15 → +15`: what each counted end adds (as the engine counts them), and the points."""
    terms = table.end_terms()
    return f"{' + '.join(map(str, terms))} = {sum(terms)} → +{scored}"


def sum_text(table: Table) -> str:
    """`6 + 1 + 8 = 15`: the ends as the engine counts them."""
    terms = table.end_terms()
    return f"{' + '.join(map(str, terms))} = {sum(terms)}"


def header_text(table: Table, scored: int) -> str:
    """Bergen's headers, said: "both ends show 3: a double header → +2"."""
    if table.down == 1:
        return f"a double set alone is a double header → +{scored}"
    left = table.ends[0]
    pip = left[0] if left is not None else 0
    if scored >= 3:
        return f"both ends show {pip}, one a double across the line: a triple header → +{scored}"
    return f"both ends show {pip}: a double header → +{scored}"


def wants(rules: Rules | None, open_pips: Sequence[int]) -> str:
    """What a tile needs for the ends: "for 4 or 1" (equal pips), "to make seven with 4 or 1" (Matadore)."""
    if rules is not None and rules.fit is Fit.SEVEN:
        return f"to make seven with {or_list(open_pips)}"
    return f"for {or_list(open_pips)}"


def play_text(names: Names, seat: int, placement_end: str | None, tile: str, after: Table,
              scored: int, required_lead: bool, rules: Rules | None = None, claim: int | None = None,
              again: bool = False, for_seat: int | None = None, plays_on: bool = False) -> str:
    """One tile laid, and what it scored (`after`: the table it left). Where scores are claimed (`rules.claims`),
    a claim is told with its arithmetic, a wrong one with what goes to the next seat, and a play that claims
    nothing is told without a word of what it made (the next seat may yet say muggins). `again`: a double kept
    the turn; `for_seat`: the tile was laid for that seat, which said "go", and the same seat plays again for
    itself (seed 003's second mode); `plays_on`: the seat keeps the turn while a tile fits (Block, playing on)."""
    who = names.who(seat)
    if placement_end is None:
        text = f"{who} led {tile}"
        lead = " (the tile that decides the lead opens the round)" if required_lead else ""
    else:
        text = f"{who} laid {tile} on the {end_words(placement_end)}"
        lead = ""
    if rules is not None and rules.claims:
        if claim is None:
            text += lead + "."
        elif scored:
            text += f"{lead} and claimed {claim}: {_made(rules, after, scored)}."
        else:
            made = play_points(rules, layout_of(rules), after)
            if made:
                actual = f"the ends make {sum_text(after)}" + (f", which counts {made}" if rules.per_multiple else "")
            else:
                multiple = rules.end_multiple or 5
                actual = f"the ends make {sum_text(after)}, no multiple of {multiple}"
            text += (f"{lead} and claimed {claim}, but {actual}: the claim is taken down and its {claim} "
                     f"{_go(claim)} to {names.lower((seat + 1) % len(names.labels))}.")
    else:
        text += lead + "."
        if scored:
            text += " " + _made(rules, after, scored)[:1].upper() + _made(rules, after, scored)[1:] + "."
    if for_seat is not None:  # (a double laid for the other keeps no turn of its own: one more tile, then the turn passes)
        # a computer's "its" (not "the computer plays again, for the computer's own turn"); a player keeps its name
        who_ = names.who(seat)
        own = "your" if who_ == "You" else f"{who_}'s" if who_.startswith("Player ") else "its"
        text += (f" {names.who(for_seat)} could not play, so that tile was laid for {names.lower(for_seat)}: "
                 f"{names.lower(seat)} {names.verb(seat, 'play', 'plays')} again, for {own} own turn.")
    elif again:
        text += f" A double keeps the turn: {names.lower(seat)} {names.verb(seat, 'play', 'plays')} again."
    elif plays_on:
        # seed 004: "he may go on as long as he can follow suit to either end of the line"
        text += f" {who} {names.verb(seat, 'play', 'plays')} on, following suit."
    return text


def _made(rules: Rules | None, after: Table, scored: int) -> str:
    """What a play scored, with its arithmetic: the sum of the ends, or Bergen's headers."""
    if rules is not None and rules.headers:
        return header_text(after, scored)
    if rules is not None and rules.per_multiple:
        return f"the ends make {sum_text(after)} → +{scored}"
    return f"the ends make {score_text(after, scored)}"


def muggins_text(names: Names, seat: int, victim: int, points: int) -> str:
    """A seat saying "muggins": the points `victim` made and did not claim are its now."""
    whose = names.whose(victim)
    whose = whose[0].lower() + whose[1:] if whose.startswith(("Your", "The ")) else whose
    if names.who(seat) == "You":
        return f"You said muggins: {whose} {points} {'is' if points == 1 else 'are'} yours."
    return f"{names.who(seat)} said muggins: {whose} unclaimed {points} {_go(points)} to {names.lower(seat)}."


def _go(points: int) -> str:
    """The verb after a number of points: "its 1 goes", "its 10 go" (a point per five claims 1)."""
    return "goes" if points == 1 else "go"


def shut_text(names: Names, seat: int) -> str:
    return f"{names.who(seat)} shut the game: the hands are counted."


def draw_text(names: Names, seat: int, open_pips: Sequence[int], rules: Rules | None = None, run: int = 1) -> str:
    """A tile drawn; `run`: how many the seat has drawn in a row now (a second draw on says so, not the same
    sentence again: "… still had nothing for 3 or 5 and drew again (3 tiles so far)")."""
    drew = f"drew again from the boneyard ({run} tiles so far)" if run > 1 else "drew from the boneyard"
    if rules is not None and rules.draws_freely:  # a draw at will says nothing of the hand it goes to
        return f"{names.who(seat)} {drew}."
    still = "still " if run > 1 else ""
    return f"{names.who(seat)} {still}had nothing {wants(rules, open_pips)} and {drew}."


def pass_text(names: Names, seat: int, open_pips: Sequence[int], rules: Rules) -> str:
    """A pass, and the rule that made it one."""
    said = "said \u201cgo\u201d" if rules.shut or not rules.draws else "passed"  # seed 004's Block games say "go"
    base = f"{names.who(seat)} had nothing {wants(rules, open_pips)} and {said}"
    if not rules.draws:
        return f"{base}: nobody draws in {rules.name_in_sentence}."
    if rules.kept_back:
        return f"{base}: the last {rules.kept_back} tiles in the boneyard are never drawn."
    return f"{base}: the boneyard is empty."


def cut_text(names: Names, rules: Rules, cut: Sequence[Tile] | None, setter: int) -> str:
    """How the players cut for the first set, and who sets (seed 004's three methods)."""
    sets = f"{names.who(setter)} {names.verb(setter, 'set', 'sets')} first, any tile"
    sets = sets[:1].upper() + sets[1:]
    if rules.cut is Cut.HANDS or not cut:
        return (f"The first set is read on the hands dealt: the higher double, or with no double the heavier tile. "
                f"{sets}.")
    if rules.cut is Cut.PUSHED:
        a, b = cut
        head = (f"The cut: {names.lower(0)} pushed two tiles face down and {names.lower(1)} took {b}, leaving "
                f"{a} to {names.lower(0)}")
        why = "the lighter tile sets"
    else:
        head = "The cut: " + ", ".join(f"{names.lower(s)} drew {t}" if s == 0 else f"{names.lower(s)} {t}"
                                       for s, t in enumerate(cut))
        doubles = sum(t.is_double for t in cut)
        two = len(cut) == 2
        if rules.cut is Cut.PARTNERS:
            low = sorted(range(len(cut)), key=lambda s: cut[s].pips)[:2]
            why = (f"the two lowest, {_names_list(names, sorted(low))}, play as partners against the two highest, "
                   f"and the lowest cut sets")
        elif doubles > 1:
            why = "the lower double sets" if two else "the lowest double sets"
        elif doubles == 1:
            why = "only one drew a double, and a double sets first"
        else:
            why = "neither drew a double, so the lighter tile sets" if two else \
                "nobody drew a double, so the lightest tile sets"
    head = head[:1].upper() + head[1:]
    return f"{head}: {why}. {sets}."


def count_words(n: int, word: str) -> str:
    """`n` and the word, plural unless one: "1 dot", "12 dots", "3 chips"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _hands_text(names: Names, pips: Sequence[int], aside: bool = False, skip: int | None = None) -> str:
    """`You hold 0 dots, the computer 12` (every seat but `skip`, in seat order); `aside`: in the middle of a
    sentence, within brackets, the seat that went out left out ("… went out (the computer holds 12 dots)")."""
    first = names.lower if aside else names.who
    held = [(s, p) for s, p in enumerate(pips) if s != skip]
    return ", ".join((f"{first(s)} {names.verb(s, 'hold', 'holds')} {count_words(p, 'dot')}" if i == 0
                      else f"{names.lower(s)} {p}") for i, (s, p) in enumerate(held))


def wait_text(names: Names, seat: int | None) -> str:
    """Why a tile cannot be laid while another seat is to act: "Wait: it is Computer 2's turn." (or the round is
    over)."""
    whose = names.whose(seat) if seat is not None else ""
    if whose.startswith(("The ", "Your")):
        whose = whose[0].lower() + whose[1:]
    return f"Wait: it is {whose} turn." if whose else "The round is over."


def dots_counted(counted: Sequence[int], less: int, gain: int, scorers: int) -> str:
    """The others' dots added up, less the scorer's own where it holds any ("8 + 14 = 22, less its own 6: 22 − 6 =
    16"); tied scorers each take off their own, the same count."""
    others = sum(counted)
    how = f"{' + '.join(map(str, counted))} = {others}" if len(counted) > 1 else f"{others}"
    if less:
        how += f", less {'their' if scorers > 1 else 'its'} own {less}: {others} − {less} = {gain}"
    return how


def _names_list(names: Names, seats: Sequence[int]) -> str:
    """Seats named in the middle of a sentence: "you and Computer 1"."""
    return listed([names.lower(s) for s in seats], "and")


def _blocked(head: str, names: Names, shut_by: int | None, rules: Rules) -> str:
    """How a blocked round is told: shut by a seat after a "go", or nobody able to go on (drawing named only in
    a game where players draw)."""
    if shut_by is not None:
        return f"{head}: {names.lower(shut_by)} shut the game, and the hands are counted."
    return f"{head} is blocked: nobody can lay a tile{' or draw' if rules.draws else ''}."


def _one_point_text(names: Names, result: RoundResult, rules: Rules, head: str, hands: str, aside: str,
                    shut_by: int | None) -> str:
    """A round worth one point: Bergen's domino and blocked hands, or the French Boy's Game's round won."""
    st = result.settlement
    w = st.winner
    one_round = rules.one_round_game
    if st.end == "out" and w is not None:
        if rules.round_scoring is RoundScoring.BERGEN:
            return f"{head}: {names.who(w)} went out, domino ({aside}) → +1 for {names.lower(w)}."
        if one_round:  # the game's own words follow: who won it
            return f"{head}: {names.who(w)} went out ({aside})."
        return f"{head}: {names.who(w)} went out ({aside}) and {names.verb(w, 'win', 'wins')} the round → +1."
    opening = f"{_blocked(head, names, shut_by, rules)} {hands}"
    if rules.round_scoring is RoundScoring.ONE_POINT:
        if w is None:
            return f"{opening}: equal dots, nobody wins; the tiles are dealt again."
        if one_round:
            return f"{opening}: the fewest dots win the game."
        return f"{opening}: the fewest dots win, and {names.lower(w)} {names.verb(w, 'win', 'wins')} the round → +1."
    # Bergen: the lightest hand without a doublet scores one
    doublets = [any(t.is_double for t in hand) for hand in result.hands_left]
    if len(doublets) == len(result.pips_left):
        said = ", ".join(f"{names.lower(s)} {'with' if d else 'without'} a double" for s, d in enumerate(doublets))
        opening += f" ({said})"
        free = [s for s, d in enumerate(doublets) if not d]
        if not free or len(free) == len(doublets):
            rule = "the lighter hand scores 1"
        elif len(free) == 1:
            rule = "the only hand without a double scores 1"
        else:
            rule = "the lightest hand without a double scores 1"
    else:
        rule = "the lightest hand without a double scores 1"
    if w is None:
        return f"{opening}: equal hands, nobody scores."
    return f"{opening}: {rule} → +1 for {names.lower(w)}."


def round_text(names: Names, result: RoundResult, rules: Rules, round_number: int,
               shut_by: int | None = None) -> str:
    """How a round ended: every hand's dots and what was scored, with the arithmetic the engine settled it by
    (`shut_by`: the seat that shut the game, where that ended it)."""
    st = result.settlement
    pips = result.pips_left
    many = len(pips) > 2
    hands = _hands_text(names, pips)
    # the hands beside the one that went out (its own 0 dots go without saying)
    aside = _hands_text(names, pips, aside=True, skip=st.winner if st.end == "out" else None)
    head = f"{rules.deal_word.capitalize()} {round_number}"
    other_hands = "the other hands" if many else "the other hand"
    if st.end == "target":
        w = st.winner if st.winner is not None else 0
        return f"{head}: {names.who(w)} reached {rules.target} and won at once."
    if rules.round_scoring in (RoundScoring.BERGEN, RoundScoring.ONE_POINT):
        return _one_point_text(names, result, rules, head, hands, aside, shut_by)
    if rules.asks:  # Honest John's star: chips from each, or a stalemate won only under a limit
        from . import star
        return star.round_text(names, result, rules, head)
    opening = (f"{head}: {names.who(st.winner)} went out ({aside})" if st.end == "out" and st.winner is not None
               else f"{_blocked(head, names, shut_by, rules)} {hands}")
    if rules.has_pool:
        return _pool_text(names, result, rules, opening)
    if rules.partners:
        return _sides_text(names, result, rules, opening)
    counted = [pips[s] for s in st.counted]
    if not rules.lowest_takes_all:
        low = st.less
        if not st.scorers:
            if st.end == "out":  # what is left beside the one out counts nothing (a lone 0-0)
                return f"{opening}: {other_hands} {'count' if many else 'counts'} nothing, nobody scores."
            return f"{opening}: equal hands, nobody scores."
        gain = st.points[st.scorers[0]]
        others = sum(counted)
        if not many:
            if st.end == "out" and low == 0:  # who scores said, as everywhere else ("→ +12" alone did not)
                return f"{opening} → +{gain} for {names.lower(st.scorers[0])}."
            if low < 0:  # the winner scores its own dots too
                return (f"{opening}: the lighter hand scores the dots in both hands, {others} + {-low} = {gain} → "
                        f"+{gain} for {names.lower(st.scorers[0])}.")
            return (f"{opening}: the lighter hand scores the heavier hand's excess, {others} − {low} = {gain} → "
                    f"+{gain} for {names.lower(st.scorers[0])}.")
        how = dots_counted(counted, low, gain, len(st.scorers))
        who = _names_list(names, st.scorers)
        each = " each" if len(st.scorers) > 1 else ""
        lead = "The lowest hands score" if len(st.scorers) > 1 else "The lowest hand scores"
        if st.end == "out" and rules.out_wins_alone:  # the one who made domino counts alone (a lone 0-0 counts 0)
            lead = "Going out scores"
        return f"{opening}. {lead} the dots in the others, {how} → +{gain}{each} for {who}."
    # lowest takes all, rounded (All Fives, Muggins, All Threes, Five Up)
    if st.scorers:
        w = st.scorers[0]
        gained = st.points[w]
        made = f"{count_words(st.raw, 'dot')} in {other_hands}"
        if st.step:
            made += f", rounded to the nearest {st.step}"
            if rules.per_multiple:  # one point for each five (three): the count too
                made += f": {round_pips(st.raw, st.step)}, a point for each {st.step}"
        if not gained:  # rounded down to nothing (a hand of 2 dots, to the nearest 5)
            return f"{opening}. {made[:1].upper() + made[1:]} → 0: the hands left score nothing."  # (the round's
            # points during play stand: "nobody scores" read as if they did not)
        if st.end == "out":
            return f"{opening}. {made[:1].upper() + made[1:]} → +{gained} for {names.lower(w)}."
        lightest = "the lightest hand" if many else "the lighter hand"
        return f"{opening}: {lightest} scores the {made} → +{gained} for {names.lower(w)}."
    return f"{opening}: {'equal lightest hands' if many else 'equal hands'}, nobody scores."


def _sides_text(names: Names, result: RoundResult, rules: Rules, opening: str) -> str:
    """A partnership round: the partners' dots added, and the lighter side wins the difference (seed 004)."""
    pips = result.pips_left
    sums = [(side, sum(pips[s] for s in side)) for side in rules.sides]
    told = "; ".join(f"{_names_list(names, side)} {total}" for side, total in sums)
    st = result.settlement
    if not st.scorers:
        return f"{opening}. The partners' dots: {told}. Equal sides, nobody scores."
    gain = st.points[st.scorers[0]]
    return (f"{opening}. The partners' dots: {told}. The lighter side wins the difference, {gain} → +{gain} for "
            f"{_names_list(names, st.scorers)}.")


def _pool_text(names: Names, result: RoundResult, rules: Rules, opening: str) -> str:
    """A hand of Domino Pool: who takes the pool, or how the lightest hands divide it."""
    st = result.settlement
    winners = st.scorers
    share = max(st.points) + rules.ante  # a winner's gain is its share less its ante
    chips = count_words(share, "chip")
    if st.end == "out":
        return f"{opening}: domino takes the pool, {chips}."
    if len(winners) == 1:
        return f"{opening}: the fewest dots take the pool, {chips}, for {names.lower(winners[0])}."
    odd = result.odd_chips_to
    rest = (f"the game is over, so what does not divide goes to {_names_list(names, odd)}, from the setter's left"
            if odd else "what does not divide stays in the pool for the next hand")
    return f"{opening}: {_names_list(names, winners)} tie for the fewest dots and divide the pool, {chips} each; {rest}."


def _one_round(rules: Rules | None) -> bool:
    """Whether one round won is the game (the French Boy's Game)."""
    return rules is not None and rules.one_round_game


def game_text(names: Names, scores: Sequence[int], winner: int | None, rules: Rules | None = None) -> str:
    """The end of the game."""
    if _one_round(rules) and winner is not None:
        return "You won the game." if names.who(winner) == "You" else f"{names.who(winner)} won the game."
    if rules is not None and rules.partners:
        board = " to ".join(str(scores[side[0]]) for side in sorted(rules.sides, key=lambda sd: -scores[sd[0]]))
        if winner is None:
            return f"The game is over, the sides tied at {board}."
        side = _names_list(names, rules.side_of(winner))
        return f"{side[:1].upper() + side[1:]} won the game, {board}."
    if len(scores) > 2:
        board = ", ".join(f"{names.lower(s) if s else names.who(s)} {p}" for s, p in enumerate(scores))
        unit = "chip" if rules is not None and rules.plays_for_chips else "point"
        if winner is None:  # who tied, and with what: the others lost
            top = max(scores)
            tied = _names_list(names, [s for s, p in enumerate(scores) if p == top])
            return f"{tied[:1].upper() + tied[1:]} tied for the game with {count_words(top, unit)} each ({board})."
        return f"{names.who(winner)} won the game with {count_words(scores[winner], unit)} ({board})."
    board = " to ".join(str(s) for s in (sorted(scores, reverse=True)))
    if winner is None:
        return f"The game is over, tied at {board}."
    if names.who(winner) == "You":
        return f"You won the game, {board}."
    return f"{names.who(winner)} won the game, {board}."


ROUND_ENDS = {"out": "went out", "blocked": "blocked", "target": "reached the target"}


def game_summary(names: Names, results: Sequence[RoundResult], scores: Sequence[int], winner: int | None,
                 target: int, rules: Rules | None = None,
                 shut_by: Sequence[int | None] = ()) -> dict[str, object]:
    """The end of a game for its summary box: each round's points (and how it ended, and by whom), the totals and
    who won. Numbers and names only: it names no tile. `shut_by`: for each round, the seat that shut it, if one
    did. Partners share a column, their side's (the same points under both read as two scores); where hands are
    played for chips, `start` is what each held before the first, so each column adds up to its total."""
    columns = [list(side) for side in rules.sides] if rules is not None else [[s] for s in range(len(scores))]
    rounds = []
    for i, r in enumerate(results):
        how = ROUND_ENDS.get(r.end, r.end)
        shut = shut_by[i] if i < len(shut_by) else None
        if r.end == "blocked" and shut is not None:
            how = f"shut by {names.lower(shut)}"
        elif r.end == "blocked" and rules is not None and rules.asks:  # Honest John: nobody can play on
            how = "no winner" if r.winner is None else f"stalemate, won by {names.lower(r.winner)}"
            if r.winner is None and rules.kept_back:
                how = "stalemate, no winner"
        elif r.end == "blocked" and _one_round(rules) and r.winner is None:
            how = "blocked, equal dots: dealt again"
        elif r.end == "blocked" and r.winner is not None and rules is not None and rules.round_scoring in (
                RoundScoring.BERGEN, RoundScoring.ONE_POINT):
            how = f"blocked, won by {names.lower(r.winner)}"
        elif r.end != "blocked" and r.winner is not None:
            how = f"{names.who(r.winner)} {how}"
            scorers = r.settlement.scorers
            if rules is not None and rules.partners and scorers and r.winner not in scorers:  # out, and outcounted
                side = "your side" if 0 in scorers else " & ".join(names.who(s) for s in scorers)
                how += f"; {side} held fewer dots"
        rounds.append({"round": i + 1, "points": [r.points[c[0]] for c in columns], "how": how[:1].upper() + how[1:]})
    count = len(results)
    if _one_round(rules):
        first = "the first" if count == 2 else f"the first {count - 1}"
        again = "" if count == 1 else f" {count} rounds were dealt: {first} ended in equal dots."
        text = game_text(names, scores, winner, rules) + again
    elif rules is not None and (rules.plays_for_chips or rules.game_end is GameEnd.DOUBLES_RUN_OUT):
        text = game_text(names, scores, winner, rules) + f" {count_words(count, rules.deal_word)}."
        last = results[-1].first if results else -1
        if rules.game_end is GameEnd.DOUBLES_RUN_OUT and last > 0:  # over before the 0-0 round: the next deal
            double = TILES_BY_ID[last].high  # left every lower double out of the hands
            text = f"{text[:-1]}: no hand was dealt a double below {double}-{double} for another round."
    else:
        text = game_text(names, scores, winner, rules) + f" {count_words(count, 'round')}, to {target}."
    return {"rounds": rounds, "scores": [scores[c[0]] for c in columns],
            "names": [" & ".join(names.labels[s] for s in c) for c in columns], "winner": winner, "text": text,
            "start": [rules.start_score] * len(columns) if rules is not None and rules.plays_for_chips else None,
            "deal_word": (rules.deal_word if rules is not None else "round").capitalize()}


def hint_words(action: Action, reason: str | None, draws_freely: bool = False, asker: str = "them",
               lines: dict[str, str] | None = None, dots: bool = True) -> str:
    """The hint in one line: where the tile goes, then why ("lay 6-4 on the right end: it scores 10."); where
    scores are claimed, the claim too ("lay 6-4 on the right end and claim 10"); `lines`: each end as the page
    names it where it is a seat's line (Honest John: "your line", not the engine's "line of seat 0"); `dots`: pips
    called dots, as the page and its rules do (the terminal says pips)."""
    if action.kind == "play" and action.tile is not None:
        if lines and action.end in lines:
            where = f" on {lines[action.end]}"
        else:
            where = f" on the {end_words(action.end)}" if action.end else " as the first tile"
        face = f", leaving {action.out} facing out" if action.out is not None else ""
        head = f"lay {action.tile}{where}{face}"
        if action.claim is not None:
            head += f" and claim {action.claim}"
    elif action.kind in ("sell", "give") and action.tile is not None:
        head = f"{action.kind} {action.tile} to {asker}"  # "sell 6-0 to Computer 4", the tile next to its verb
    elif action.kind == "ask":
        head = "nothing in your hand fits your line: ask round the table"
    elif action.kind == "draw":
        head = "draw from the boneyard" if draws_freely else "nothing in your hand fits: draw from the boneyard"
    elif action.kind == "muggins":
        head = "say muggins"
    elif action.kind == "shut":
        head = "shut the game and count"
    else:
        head = "nothing fits and nothing can be drawn: pass"
    why = " ".join((reason or "").split())  # one line, whatever the reason's author wrote
    if dots:  # the table says dots, as the rules page does
        why = why.replace(" pips", " dots")
    if why and action.kind in ("play", "sell", "give") and action.tile is not None and ":" in why:
        prefix, rest = why.split(":", 1)
        if prefix.strip().startswith(str(action.tile)):  # "6-4 on the right: scores 10" says where once (and a
            # sale or gift, "6-0 on the line of seat 4: …", is said by the head in the page's words)
            why = rest.strip()
    if why and action.kind != "play":
        why = "" if why.rstrip(".").endswith(("draw", "pass")) or why.startswith("It is the only") else why
        if ":" in why and why.split(":", 1)[0].split()[0] == head.split()[0]:  # "shut the game now: ..." says it twice
            why = why.split(":", 1)[1].strip()
    if not why:
        return head + "."
    why = why.rstrip(".")
    return f"{head}: {why[:1].lower() + why[1:]}."
