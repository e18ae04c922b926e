"""`bones play`: a whole game in the terminal against a computer player."""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from typing import Any, Callable, Literal, Sequence

from bones.engine import (RULES, Action, ActionParseError, GameState, IllegalAction, RoundResult, Rules, RulesError,
                          game_to_record, new_game, observe, record_text)
from bones.engine.rules import GameEnd, RoundScoring, Turn, get_rules, listed, subject
from bones.engine.actions import play_open
from bones.engine.tiles import article
from bones.engine.observation import Observation
from bones.players import get_level, player_for, stand_in
from bones.players.claims import shown_actions
from bones.web import star, variations
from bones.web.words import Names, count_words, cut_text, header_text, hint_words, or_list

from .game_options import add_option_argument, options_from
from .table_text import double_wanted, ends_text, hand_text, line_text
from .warming import warm_expert

YOU = 0


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("play", help="play a whole game in the terminal against the computer",
                       description="Play a whole game against a computer player in the terminal. You are seat 0.")
    p.add_argument("--rules", default="draw", help=f"the game ({', '.join(RULES)}; default draw)")
    p.add_argument("--level", default="medium", help="the computer's level (see `bones players`; default medium)")
    p.add_argument("--seed", type=int, help="seed of the deals (default: a random one, printed when the game ends)")
    p.add_argument("--players", "--seats", type=int, dest="players", metavar="N",
                   help="number of seats for games that allow more than two (`--seats`, as `bones tournament` says, "
                   "is the same)")
    p.add_argument("--record", metavar="FILE", help="write the game's record (docs/record.md) to FILE when the game "
                   "ends or is left; `bones replay FILE` plays it back")
    add_option_argument(p)


def _computer(level: str, rules: Rules, seed: int) -> Callable[[Observation], Action]:
    player, _ = player_for(level, rules, seed)
    return lambda obs: player.choose(obs).action


def describe(game_before: GameState, game_after: GameState, who: str, run: int = 1) -> str:
    """One line saying what a seat just did, and why where it was forced; `run`: the draws in a row it ends."""
    rnd_actions = game_after.actions[game_before.round_index] if len(game_after.actions) > game_before.round_index else ()
    action = rnd_actions[-1] if rnd_actions else None
    obs = observe(game_before, game_before.current_seat or 0)
    if action is None:
        return ""
    s = "s" if who != "You" else ""
    if action.kind == "draw":
        tiles = "a tile" if run == 1 else f"{run} tiles"
        if obs.layout.owned:
            line = "your line" if who == "You" else "its line"
            return f"{who} cannot play on {line} ({_wanted(obs)}) and draw{s} {tiles}."
        # a draw at will says nothing of the hand it goes to: whether another seat held a tile that fitted is its
        # own to know (as in the table's words, `web.words.draw_text`)
        if (game_before.rules.draws_freely and who != "You") or play_open(obs.legal_actions()):
            return f"{who} draw{s} {tiles} (drawing is allowed at any time in {game_before.rules.name_in_sentence})."
        return f"{who} cannot play on {or_list(sorted(set(obs.ends.values())))} and draw{s} {tiles}."
    if action.kind == "pass":
        if obs.starter_again:  # Honest John 2: the starter plays on the centre double only "if they can"
            return (f"{who} pass{'es' if s else ''}: nothing in {'your' if who == 'You' else 'its'} hand fits the "
                    "centre double (the starter plays on it from the hand only, without drawing).")
        rules = game_before.rules
        if not rules.draws:  # seed 004's Block games: "says 'go'"
            return f"{who} say{s} \"go\": nothing fits and nobody draws in {rules.name_in_sentence}."
        left = obs.boneyard_count
        why = ("the boneyard is empty" if not left else "the one tile left in the boneyard is never drawn"
               if left == 1 else f"the {left} tiles left in the boneyard are never drawn")
        # where a "go" lets the other shut the game (seed 003), it is called a go, drawing or not (as on the table)
        said = f"say{s} \"go\"" if rules.shut else f"pass{'es' if s else ''}"
        return f"{who} {said}: nothing fits and {why}."
    if action.kind == "muggins":  # the points the last play made: its player named (QA: "the seat before")
        rnd = game_before.round
        last = rnd.history[-1].seat if rnd is not None and rnd.history else None
        by = names_of(game_before)[last] if last is not None else "the last play"
        return f"{who} say{s} \"muggins\": the points {'you' if by == 'You' else by} did not claim are taken."
    if action.kind == "shut":
        return f"{who} shut{s} the game: the hands are counted now."
    if action.kind == "ask":
        return _ask_text(game_after, obs, who, s)
    if action.kind in ("sell", "give"):
        owner = int(action.end[1:]) if action.end else 0
        to = "you" if owner == YOU else names_of(game_after)[owner]  # in the middle of a sentence
        paid = " for a chip" if action.kind == "sell" else ""
        line = "your line" if owner == YOU else f"{to}'s line"
        return f"{who} {action.kind}{s} {action.tile} to {to}{paid}; it goes on {line}."
    where = f" on {action.end}" if action.end else ""
    if action.out is not None:  # a tile that could lie either way round (Matadore's trumps): which half faces out
        where += f" ({action.out} facing out)"
    claim = f", claiming {action.claim}" if action.claim is not None else ""
    said = f"{who} play{s} {action.tile}{where}{claim}." + _again(game_before, game_after, action, who)
    rnd = game_after.round_of_action(game_before.round_index)
    if rnd is not None and rnd.taken_at_end:  # left unclaimed by the round's last tile: taken at once
        names = names_of(game_after)
        taker = rnd.taken_at_end_by
        s_ = "" if taker == YOU else "s"
        said += (f" The round is over with {rnd.taken_at_end} unclaimed: {names[taker]} say{s_} \"muggins\" and "
                 f"take{s_} {'it' if rnd.taken_at_end == 1 else 'them'}.")
    return said


def _again(before: GameState, after: GameState, action: Action, who: str) -> str:
    """Why the seat that just laid `action` plays again, where the rules give it another turn: in the Boy's Game's
    second mode a double keeps the turn, and the tile laid right after the other's "go" was laid for him (the
    same seat then plays for itself); in Honest John 2 the starter plays on the centre double if it can; playing on,
    a seat goes on while a tile of its hand follows suit."""
    rnd, seat = before.round, before.current_seat
    if rnd is None or seat is None or after.round_index != before.round_index or after.current_seat != seat:
        return ""
    rules = before.rules
    me, plays, own = ("you", "play", "your") if who == "You" else (who, "plays", "its")
    if rules.plays_for_both and rnd.after_go:  # (before a double's own rule: laid for him, it keeps no turn)
        other = rnd.last_go - 1
        them = "you" if other == YOU else "it"
        return (f" {names_of(after)[other]} could not play, so that tile was laid for {them}: {me} {plays} again, "
                f"for {own} own turn.")
    if rules.turn is Turn.DOUBLE_AGAIN and action.tile is not None and action.tile.is_double:
        return f" A double keeps the turn: {me} {plays} again."
    if rules.lead_plays_again and action.end is None:
        if who == "You":
            return " As the starter, you now play on the centre double if you can."
        return f" The starter then plays on the centre double if it can: {who} plays again."
    if rules.turn is Turn.PLAY_ON:
        return f" {who} {plays} on, following suit."  # as the table says it
    return ""


def names_of(game: GameState) -> list[str]:
    """The seats' names as the terminal calls them."""
    return seat_names(game.seats)


def seat_names(n: int) -> list[str]:
    """"You", then "Computer" (or "Computer 1" … at a table of more than two)."""
    return ["You"] + [f"Computer {i}" if n > 2 else "Computer" for i in range(1, n)]


def _wanted(obs: Observation) -> str:
    """What the line of the seat to move takes: a number, or where a new number waits for its double, that double."""
    pip = obs.ends.get(f"S{obs.current_seat}", 0)
    return double_wanted(obs, pip) or str(pip)


def _ask_text(game: GameState, obs: Observation, who: str, s: str) -> str:
    """What an ask for a tile came to: the seat that must sell or give one, or nobody (a closed line, or a pass)."""
    shows = _wanted(obs)
    names = names_of(game)
    verb = game.rules.answer
    rnd = game.round_of_action(game.round_index) if game.round is not None else None
    if game.round is not None and not game.round.over and game.round.asker >= 0:
        asked = "you" if game.round.current == YOU else names[game.round.current]  # in the middle of a sentence
        return f"{who} ask{s} round the table for {_a(shows)}: {asked} must {verb} one."
    closed = rnd is not None and game.rules.sells
    then = "the line is turned face down" if closed else "the turn passes"
    return f"{who} ask{s} round the table for {_a(shows)}, and nobody can {verb} one: {then}."


def _a(wanted: str) -> str:
    """"a 6", "an 8", "an 11-11": the article as the number is said, as the table's."""
    return f"{article(int(wanted.split('-')[0]))} {wanted}"


def score_line(rules: Rules, names: list[str], scores: Sequence[int]) -> str:
    """The scores as the terminal shows them: a side's names together where partners share one, chips where
    hands are played for them."""
    return " – ".join(f"{' & '.join(names[i] for i in side)} {_amount(rules, scores[side[0]])}"
                      for side in rules.sides)


def _amount(rules: Rules, score: int) -> str:
    """A score as said: "12", or where hands are played for chips "12 chips", "1 chip", and a seat that paid
    chips it did not have (Honest John) "2 chips in debt" ("-2 chips" was never explained)."""
    if not rules.plays_for_chips:
        return str(score)
    return count_words(score, "chip") if score >= 0 else f"{count_words(-score, 'chip')} in debt"


def _show(obs: Observation, names: list[str]) -> None:
    rules = obs.rules
    scores = score_line(rules, names, obs.scores)
    pool = f", pool {obs.pool}" if rules.has_pool else ""
    hands = f" of {rules.hands}" if rules.plays_for_chips and rules.hands else ""  # hands=0: until one cannot ante
    goal = f"{rules.deal_word} {obs.round_index + 1}{hands}{pool}"
    aim = "" if rules.plays_for_chips else " (down to the 0-0)" if rules.game_end is GameEnd.DOUBLES_RUN_OUT \
        else " (the round won is the game)" if rules.one_round_game else f" (to {rules.target})"
    print(f"\n── {rules.name}, {goal} · {scores}{aim}")
    print("   " + line_text(obs, names).replace("\n", "\n   "))
    if obs.ends:
        print("   " + ends_text(obs))
    others = ", ".join(f"{names[i]} holds {c}" for i, c in enumerate(obs.hand_counts) if i != obs.seat)
    kept = f" ({rules.kept_back} never drawn)" if rules.kept_back and rules.draws else ""
    yard = f"boneyard {obs.boneyard_count}{kept}" if rules.draws else "no drawing in this game"
    print(f"   {others} · {yard}")
    print(f"   Your hand: {hand_text(obs.hand)}")


def _refused(obs: Observation, action: Action, legal: list[Action], names: list[str]) -> str | None:
    """Why the terminal refuses `action` before the engine sees it, in the terminal's own words (the engine names
    the seats by number, for a record): while a computer asks you for a tile, anything but handing one over; a tile
    not in your hand (asked, with one that would do). None: the engine judges it, as it does a tile handed over
    where nobody asked or by the other game's verb."""
    asker = obs.asker
    if action.kind in ("sell", "give"):
        if asker is None or action.kind != obs.rules.answer:
            return None
    elif asker is not None:
        verb = obs.rules.answer
        return f"{names[asker]} asked you for a tile: {verb} one that fits its line, like '{verb} {legal[0].tile}'"
    tile = action.tile
    if tile is None or tile.high > obs.rules.max_pip or tile in obs.hand:
        return None
    if asker is None:
        return f"{tile} is not in your hand"
    return f"{tile} is not in your hand: {legal[0].kind} one that fits {names[asker]}'s line, like '{legal[0]}'"


_NUMBER_PLUS = re.compile(r"^(\d+)\s*\+")  # "2+10" typed for "2 +10": the second move with a claim of 10
_END_JOINED = re.compile(r"^(\s*\d+\s*-\s*\d+)(?=[A-Za-z])")  # "6-5L" typed for "6-5 L": the terminal reads it so

Undo = Literal["undo"]
UNDO: Undo = "undo"  # what `_ask` returns when the player takes back a move


def _ask(obs: Observation, read: Callable[[str], str], names: list[str],
         hint: Callable[[], str] | None = None, no_undo: str | None = None) -> Action | Undo | None:
    """The player's move, read from `read` (None: the player leaves; `UNDO`: takes back a move). Help, the hint
    (`hint`: its line) and an Undo refused (`no_undo`: why there is nothing to take back) are answered here, and the
    move asked again."""
    legal = shown_actions(obs)
    menu = "  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal))
    if obs.asker is not None:
        verb = obs.rules.answer
        print(f"   {names[obs.asker]} asks you for a tile for its line: you must {verb} one.")
    print(f"   You may {'play' if legal and legal[0].kind == 'play' else 'do'}: {menu}")
    if obs.rules.claims:
        by = "the other side" if len(obs.rules.sides) == 2 else "the seat before you"
        print("   Scores count only when claimed: add the points to your move ('6-4 R +10', or '2 +10' for the "
              f"second), or say 'muggins' to take points {by} laid and did not claim.")
    if any(a.kind == "shut" for a in legal):  # seed 003: "can at once shut the game and count"
        print("   'shut' ends the round now, after the other's \"go\": the hands are counted as in a blocked round.")
    either = next((a for a in legal if a.out is not None), None)
    if either is not None:  # a Matadore trump that may lie either way round: the menu's 'L:6' says which half
        print(f"   '{either}' lays {either.tile} on {either.end} with its {either.out} facing out.")
    example = next((str(a) for a in legal if a.kind == "play" and a.end), str(legal[0]) if legal else "6-4 R")
    while True:
        try:
            text = read(f"   Your move (number or text like '{example}'; hint, undo, q to quit): ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if not text:  # Enter alone: asked again, not "'' is not a move"
            continue
        if text.lower() in ("help", "?", "h"):  # the moves again, and how to write one
            print(f"   You may {'play' if legal and legal[0].kind == 'play' else 'do'}: {menu}")
            print(f"   Write a move's number, or its text as listed (like '{example}'); 'hint' asks the strongest "
                  "level that plays this game what it would play here, 'undo' takes back your last move, q leaves "
                  "the game.")
            continue
        if text.lower() == "hint" and hint is not None:
            print(f"   Hint: {hint()}")
            continue
        if text.lower() in ("undo", "u"):
            if no_undo is None:
                return UNDO
            print(f"   {no_undo}")
            continue
        typed = text
        # a number with a claim ('2 +10', '2+10'), where scores are claimed
        number, _, claim = _NUMBER_PLUS.sub(r"\1 +", text).partition(" ")
        claim = claim.strip()
        if number.isdecimal() and (not claim or (obs.rules.claims and claim.startswith("+"))):
            # not isdigit: '²' is a digit that int() refuses; nor are more than 4300 digits read (Python refuses)
            chosen = int(number) if len(number) <= 9 else 0
            if not 1 <= chosen <= len(legal):
                numbers = "1 (the only move)" if len(legal) == 1 else f"a number from 1 to {len(legal)}"
                print(f"   Choose {numbers}, or write the move.")
                continue
            if not claim:
                return legal[chosen - 1]
            if legal[chosen - 1].kind != "play":  # QA: '1 +5' beside a draw said only "'1 +5' is not a move"
                print(f"   Only a tile laid scores: {legal[chosen - 1]} has no points to claim.")
                continue
            text = f"{legal[chosen - 1]} {claim}"
        elif obs.rules.claims and number.isdecimal() and claim[:1] == "-" and claim[1:].strip().isdecimal():
            # QA: '1 -5' was read as the tile 1-5 ("5-1 is not in your hand") where a claim was meant
            print(f"   A claim is written with a plus, like '{number} +{claim[1:].strip()}'.")
            continue
        try:
            return Action.parse(_END_JOINED.sub(r"\1 ", text))
        except ActionParseError as e:
            reason = _parse_words(typed, str(e), obs.rules)
            then = ": write" if reason.endswith(" is not a move") else ". Write"
            print(f"   {reason}{then} its number, or its text as listed (like '{example}').")


def _parse_words(typed: str, reason: str, rules: Rules) -> str:
    """Why a typed move cannot be read: the parser's own reason where it names what is wrong in a tile typed as a
    play ("6-1 L:3: 3 is not a half of 6-1", "a claim is a number of points"), else that it is not a move. The
    parser's words for selling and giving, and for claims, are kept to the games that have them."""
    first = typed.split()[0].lower() if typed.split() else ""
    if (" is not an action" in reason or (first in ("sell", "give") and not rules.asks)
            or ("claim" in reason and not rules.claims)):
        return f"{typed[:40]!r} is not a move"
    return reason


def play(rules_id: str, level: str, seed: int, options: dict[str, Any] | None,
         read: Callable[[str], str] = input, record: str | None = None) -> int:
    """Play one game in the terminal; with `record`, its record is written there when it ends or is left."""
    game = new_game(rules_id, seed, options, names=seat_names(get_rules(rules_id, options).players))
    kept = [game]  # the game as far as it went
    try:
        code = _play(kept, level, seed, options, read)
    except KeyboardInterrupt:  # Ctrl+C leaves the game as q does, saying so and the seed, before any record
        print(f"\n\nGame left unfinished. {_seed_words(game.rules.id, level, seed, options)}")
        code = 130
    finally:
        written = record is None or _write_record(kept[0], record)
    return code if written else 1


def _write_record(game: GameState, path: str) -> bool:
    """The game so far as a record (docs/record.md) in `path`, said on stdout; a file that cannot be written is
    said on stderr."""
    text = record_text(game_to_record(game))
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"bones play: cannot write the record to {path}: {e.strerror or e}", file=sys.stderr)
        return False
    print(f"Record written to {path} (`bones replay {path}` plays it back).")
    return True


def _unwritable(path: str) -> str | None:
    """Why a record could not be written to `path` (checked before the game, not after it), or None."""
    folder = os.path.dirname(os.path.abspath(path))
    if path == "-":  # replay's '-' reads standard input, but here standard output is the game itself
        return "'-' is not a file here: the game is played on standard output; name a file"
    if os.path.isdir(path):
        return "it is a folder"
    if not os.path.isdir(folder):
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "permission denied"
    return None


def _play(kept: list[GameState], level: str, seed: int, options: dict[str, Any] | None,
          read: Callable[[str], str]) -> int:
    """The game in `kept[0]` played to its end (or until the player leaves), `kept[0]` following it."""
    game = kept[0]
    n = game.seats
    names = names_of(game)
    computers = {s: _computer(level, game.rules, seed * 10 + s) for s in range(1, n)}
    # the seed is said once the game is over or left (`_seed_words`), never while it is played
    sides = f"you against {'the computer' if n == 2 else f'{n - 1} computers'}"
    if game.rules.partners:  # your side, named from the rules' sides (partners sit opposite)
        ours = game.rules.side_of(YOU)
        mates = listed([names[s] for s in ours if s != YOU], "and")
        others = listed([names[s] for s in range(n) if s not in ours], "and")
        sides = f"you and {mates} (your partner) against {others}, all"
    # the level that plays: where another stands in for the one asked for, the note below says why
    print(f"{game.rules.name}: {sides} at {get_level(stand_in(level, game.rules).level).name}. "
          f"{game.rules.described}")
    chosen = {k: v for k, v in (options or {}).items() if k != "players"}
    if chosen:  # the description is the game's own: say what the options change, in words where they have them
        print(f"Played here with: {_option_words(game.rules, chosen)}.")
    note = stand_in(level, game.rules).note
    if note:
        print(note)
    if game.rules.cut is not None and game.round is not None:  # who sets first, and why (at four: the partners)
        print(cut_text(Names(names), game.rules, game.cut, game.round.leader))
    shown_round = -1
    drawing: tuple[GameState, int] | None = None  # a computer's draws in a row: the state before them, how many
    drew_forced = False  # the player's last action was a draw made for it (nothing fitted)
    taken_back: list[GameState] = []  # the game before each of your moves this round, for Undo
    refused_last = False  # your last move was refused: the table stands as shown, and only the prompt comes again
    while not game.over:
        if game.round_index != shown_round:
            shown_round = game.round_index
            taken_back.clear()  # a round that has ended has shown every hand: it stands
            lead = game.current_seat
            deal = game.rules.deal_word.capitalize()  # "Hand" in Domino Pool
            print(f"\n═══ {deal} {shown_round + 1}: {names[lead or 0]} lead{'s' if lead else ''}.")
        seat = game.current_seat
        if seat is None:
            print(f"The next {game.rules.deal_word} has not been dealt.")
            return 1
        obs = observe(game, seat)
        before = game
        if seat == YOU:
            legal = obs.legal_actions()
            # where scores are claimed a draw or pass is always asked for, as "muggins" may be said first: asked
            # only when points lay unclaimed, the prompt itself gave them away
            only = len(legal) == 1 and legal[0].kind in ("draw", "pass", "ask")  # nothing else open
            forced = only and not game.rules.claims
            # a run of forced draws shows the table once, then a line a tile; a move refused asks again beneath it
            if not (forced and drew_forced) and not refused_last:
                _show(obs, names)
            refused_last = False
            drew_forced = forced and legal[0].kind == "draw"
            if forced:
                action = legal[0]
            else:
                word = game.rules.deal_word.lower()  # Domino Pool's hands
                no_undo = None if taken_back else f"Nothing to take back: you have not moved yet this {word}" + (
                    f" (a {word} that has ended has shown every hand, so it stands)." if game.round_index else ".")
                asked = _ask(obs, read, names, lambda: _hint(game, obs, seed, names), no_undo)
                if asked is None:
                    print(f"\nGame left unfinished. {_seed_words(game.rules.id, level, seed, options)}")
                    return 0
                if asked == UNDO:
                    game, said = _undo(game, taken_back)
                    kept[0] = game
                    print(f"   {said}")
                    drew_forced = False  # the table is shown again
                    continue
                action = asked
            refused = _refused(obs, action, legal, names)
            if refused is not None:
                print(f"   Not allowed: {refused}.")
                refused_last = True
                continue
            try:
                game = kept[0] = game.apply(action)
            except IllegalAction as e:
                print(f"   Not allowed: {e}.")
                refused_last = True
                continue
            if not only:  # a draw or pass asked for where scores are claimed is still no choice to take back
                taken_back.append(before)
            msg = describe(before, game, "You")
            if action.kind == "draw":
                # a draw that ended the round (blocked it) is read from the hands the round left: it was not said
                drawn = game.round.hand(YOU) if game.round and game.round_index == before.round_index else \
                    list(game.results[-1].hands_left[YOU]) if len(game.results) > len(before.results) else []
                new = [t for t in drawn if t not in obs.hand]
                msg += f" You drew {new[0]}." if new else ""
        else:
            drew_forced = False  # the table has moved on: the player's next turn shows it again
            move = computers[seat](obs)
            game = kept[0] = game.apply(move)
            if (move.kind == "draw" and game.current_seat == seat and game.round_index == before.round_index
                    and game.round is not None and not game.round.over):  # it draws again: one line for the run
                drawing = (drawing[0], drawing[1] + 1) if drawing else (before, 1)
                continue
            if drawing and move.kind == "draw":  # the last of a run of draws, after which the turn passes
                msg = describe(drawing[0], game, names[seat], drawing[1] + 1)
            else:
                if drawing:  # a run of draws ended by this seat's next move: the draws first, in one line
                    print("   " + describe(drawing[0], before, names[seat], drawing[1]))
                msg = describe(before, game, names[seat])
            drawing = None
        if game.round_index == before.round_index and not (game.round and game.round.over):
            made = [(i, a - b) for i, (a, b) in enumerate(zip(game.totals(), before.totals())) if a != b]
            msg += _points_words(before, game, made, names)
        elif game.actions[before.round_index][-1].kind == "sell":  # the sale that ended the round: its chip is
            msg += " Its chip is in the round's chips below."  # counted with the round's, not on its own line
        elif not game.rules.plays_for_chips:  # the round's last tile may score as it is laid: said as any other's
            msg += _points_words(before, game, _last_play_points(before, game.results[-1]), names)
        print("   " + msg)
        if len(game.results) > len(before.results):
            r = game.results[-1]
            # each hand as it was left, face up (QA: a round won before your first turn never showed your tiles)
            pips = ", ".join(f"{names[i]} {count_words(p, 'pip')}"
                             + (f" ({' '.join(str(t) for t in r.hands_left[i])})" if r.hands_left[i] else "")
                             for i, p in enumerate(r.pips_left))
            if game.rules.partners:  # the sides' pips, which the seed settles by (the lower side wins the difference)
                pips += "; sides: " + ", ".join(f"{' & '.join(names[i] for i in side)} "
                                                f"{count_words(sum(r.pips_left[i] for i in side), 'pip')}"
                                                for side in game.rules.sides)
            # Honest John 2's blocked round is the seed's "stalemate" (won under a limit, said below)
            blocked = "ends in stalemate" if game.rules.block_limit else "is blocked"
            how = {"out": f"{names[r.winner or 0]} went out", "blocked": f"The {game.rules.deal_word} {blocked}",
                   "target": f"{names[r.winner or 0]} reached {game.rules.target}"}[r.end]
            gained = ", ".join(f"{' & '.join(names[i] for i in side)} {r.points[side[0]]:+d}"
                               f"{_split(game.rules, r, side[0])}" for side in game.rules.sides if r.points[side[0]])
            gained = gained or "nobody scores" + _why_nobody(game.rules, r)
            # the unit the scores are in
            what = f"Chips this {game.rules.deal_word}" if game.rules.plays_for_chips else "Round points"
            print(f"\n   {how}. Hands: {pips}. {what}: {gained}.{_pool_settled(game.rules, r, before.pool, names)}")
    if game.rules.game_end is GameEnd.DOUBLES_RUN_OUT:
        print("\n" + _why_no_more_rounds(game))
    short = _cannot_ante(game)
    if short:
        print(f"\n{short} cannot ante for another hand: the game ends.")
    totals = score_line(game.rules, names, game.scores)
    seed_line = "\n" + _seed_words(game.rules.id, level, seed, options)  # after the result: what to do next
    if game.winner is None:
        top = max(game.scores)
        tied = [" & ".join(names[i] for i in side) for side in game.rules.sides if game.scores[side[0]] == top]
        # more than two sides: which of them tied at the top (the others lost)
        among = (f" at the top between {', '.join(tied[:-1])} and {tied[-1]} ({_amount(game.rules, top)})"
                 if len(game.rules.sides) > 2 else "")
        print(f"\nGame over: {totals}. A tie{among}: nobody wins.")
        print(seed_line)
        return 0
    who = " & ".join(names[i] for i in game.rules.side_of(game.winner))
    print(f"\nGame over: {totals}. {who} win{'s' if who != 'You' and '&' not in who else ''}.")
    print(seed_line)
    return 0


def _hint(game: GameState, obs: Observation, seed: int, names: list[str]) -> str:
    """The Hint in the terminal: what Expert (or the level standing in for it) would do from your seat, in the
    table's words, then how to type it. It sees what your seat sees; its seed follows the game's, so asking again
    gives the same hint."""
    from bones.web import computer  # Expert's search: loaded for the first hint, not for every command

    warm_expert(["expert"])  # the first hint against another level compiles Expert's search: said if it takes long
    suggestion = computer.hint(obs, seed=seed + sum(len(a) for a in game.actions))
    action = suggestion.action
    named = Names(names)
    lines = star.end_names(obs, named) if game.rules.asks else None
    asker = named.lower(obs.asker) if obs.asker is not None else "them"
    said = hint_words(action, suggestion.reason, game.rules.draws_freely, asker, lines, dots=False)
    said = said[:1].upper() + said[1:]
    menu = shown_actions(obs)
    typed = f"{menu.index(action) + 1} or '{action}'" if action in menu else f"'{action}'"
    return f"{said} Type {typed}."


def _undo(game: GameState, taken_back: list[GameState]) -> tuple[GameState, str]:
    """The game before your last move of this round (`taken_back`: the game before each, never empty here) and the
    moves that followed it, with what was taken back in words."""
    before = taken_back.pop()
    r = before.round_index
    done = game.actions[r][len(before.actions[r]) if len(before.actions) > r else 0:]
    after = len(done) - 1
    then = "" if not after else " and the move after it" if after == 1 else f" and the {after} moves after it"
    return before, f"Taken back: your move '{done[0]}'{then}."  # as typed: 'give 4-4 S2' reads as a move


def _why_nobody(rules: Rules, result: RoundResult) -> str:
    """Why a round that ended with hands left scored nothing: Honest John 2's stalemate is won only under a number of
    pips (seed 000: "provided that that number is less than 10"); where hands count rounded, the pips left round to
    nothing ("Computer went out. Hands: You 2 pips … nobody scores" said no more)."""
    if result.end != "out" and rules.block_limit and min(result.pips_left) >= rules.block_limit:
        return f" (a stalemate is won only with fewer than {rules.block_limit} pips)"
    if any(result.settlement.points):
        return ""
    if rules.partners:  # partners' pips are added: the two sides came out even
        return " (the sides hold as many pips)"
    if not any(result.pips_left) or (result.end == "out" and not result.settlement.scorers):
        return " (the hands left count nothing)"  # a lone 0-0 beside the one out
    if not result.settlement.scorers:
        return " (the lightest hands are equal)"
    if rules.rounding and any(result.pips_left):
        return f" (the pips left round to 0 at the nearest {rules.rounding})"
    return ""


SET_WORDS = {6: "six", 9: "nine", 12: "twelve", 18: "eighteen"}  # the sets (`tiles.SET_SIZES`) by name


# A variation's words where the table's label names a control the terminal does not have ("Claim and Muggins!")
TERMINAL_LABELS = {("claims", True): "scores count only when claimed (write a play's points after it, like "
                                     "5-0 L +10; say muggins to take what another left)"}


def _option_words(rules: Rules, chosen: dict[str, Any]) -> str:
    """The options a game is played with, after its description (which is the game's own): each variation as the
    table labels it ("One point for each five (10 scores 2), to 20"), the set by name, the rest as typed. "set=12"
    beside "Two players, double-six" read as a contradiction."""
    keys = set(variations.variation_keys(rules))
    words = []
    for key, value in variations.chosen_variations(rules):
        label = variations.labels(rules, key)[value]
        word = TERMINAL_LABELS.get((key, value), label[:1].lower() + label[1:])
        words.append(word.replace("\u201c", '"').replace("\u201d", '"'))  # straight quotes, as every line here
    if "target" in chosen:  # a count's label says its own target ("…, to 20"): the one chosen is said instead
        words = [re.sub(r", to \d+$", "", w) for w in words]
    for key, value in chosen.items():
        if key in keys:
            continue
        if key == "set":
            words.append(f"the double-{SET_WORDS.get(value, value)} set ({rules.tile_count} tiles)")
        elif key == "target":  # QA: "target=30" read as a setting's name, not as the game's length
            words.append(f"a game to {rules.target}")
        elif key == "hands":
            words.append(f"{rules.hands} {rules.deal_word}{'' if rules.hands == 1 else 's'}" if rules.hands
                         else "played until a player cannot ante")
        else:
            words.append(f"{key}={json.dumps(value) if isinstance(value, bool) else value}")
    return "; ".join(words)


def _points_words(before: GameState, after: GameState, made: list[tuple[int, int]], names: list[str]) -> str:
    """The points an action made, by seat (" Computer +10 (both ends show 5: a double header)."), and where a claim
    was wrong, to whom its amount went: the same after the round's last tile as after any other."""
    words = "".join(f" {names[i]} {p:+d}{_headers(before, after, i, p)}." for i, p in made)
    acts = after.actions[before.round_index] if len(after.actions) > before.round_index else ()
    mover = before.current_seat
    if acts and acts[-1].claim and mover is not None and all(i != mover for i, _ in made):
        # the amount goes to the next seat (docs/rules.md), at a table of more than two named
        to = " and ".join(names[i] for i, _ in made) if len(after.rules.sides) > 2 and made else "the other side"
        words += f" The claim was wrong: it is marked to {to}."
    return words


def _headers(before: GameState, after: GameState, seat: int, points: int) -> str:
    """Why a tile laid in Bergen scored, as the table says it: " (both ends show 3: a double header)"; "" in other
    games, or for points that were not the mover's own."""
    rnd = after.round_of_action(before.round_index)
    if not before.rules.headers or points <= 0 or seat != before.current_seat or rnd is None:
        return ""
    return f" ({header_text(rnd.table, points).split(' → ')[0]})"


def _last_play_points(before: GameState, result: RoundResult) -> list[tuple[int, int]]:
    """What the action that ended a round scored as it was laid, by seat: the round's points made in play (its
    points less the hands' count) less those made before it. Folded into the round's points, they went unsaid."""
    in_play = [p - q for p, q in zip(result.points, result.settlement.points)]
    earlier = [t - s for t, s in zip(before.totals(), before.scores)]
    return [(i, a - b) for i, (a, b) in enumerate(zip(in_play, earlier)) if a != b]


def _split(rules: Rules, result: RoundResult, seat: int) -> str:
    """A round's points parted, where some were made in play and some by the hands' count: " (+15 in play, +20 for
    the hands)"; "" where all came one way."""
    total, count = result.points[seat], result.settlement.points[seat]
    if rules.plays_for_chips or not count or count == total:
        return ""
    # Bergen's point at the end is domino's or the block's, not the hands' count
    end = ("for domino" if result.end == "out" else "for the block") if rules.round_scoring is RoundScoring.BERGEN \
        else "for the hands"
    return f" ({total - count:+d} in play, {count:+d} {end})"


def _seed_words(rules_id: str, level: str, seed: int, options: dict[str, Any] | None) -> str:
    """The seed, said once the game is over or left: it deals every hand and the boneyard (`bones deal --seed`);
    the command given is this game's own (its rules, level, seats and options), so that it deals this game."""
    words = ["bones play", f"--rules {rules_id}"] + ([f"--level {level}"] if level != "medium" else [])
    words.append(f"--seed {seed}")
    for key, value in sorted((options or {}).items(), key=lambda kv: kv[0] != "players"):  # --players first
        shown = json.dumps(value) if isinstance(value, bool) else str(value)
        words.append(f"--players {shown}" if key == "players" else f"--option {key}={shown}")
    return f"Seed {seed}: `{' '.join(words)}` deals this game again."


def _pool_settled(rules: Rules, result: RoundResult, pool: int, names: list[str]) -> str:
    """Where a hand is played for a pool (Domino Pool): who took it and why ("domino wins the pool", else the
    fewest pips), or, where tied lightest hands divide it ("ties divide"), who, how much each, and the odd chips left
    in it for the next hand (after the game's last hand, who takes them); the gains alone net the ante out of sight.
    "" in other games."""
    takers = result.settlement.scorers
    if not rules.has_pool or not takers:
        return ""
    if len(takers) == 1:
        w = takers[0]
        s = "" if names[w] == "You" else "s"
        why = f"make{s} domino" if result.end == "out" else f"hold{s} the fewest pips"
        return f" {names[w]} {why} and take{s} the pool of {count_words(pool, 'chip')}."
    share = result.settlement.points[takers[0]] + rules.ante  # a seat's gain is its share less its ante
    left = pool - share * len(takers)
    who = listed([names[i] for i in takers], "and")
    odd = result.odd_chips_to
    if odd:  # the game's last hand: no next hand takes them
        stays = (f"; the game is over, so the {'odd chip goes' if left == 1 else f'{left} odd chips go'} to "
                 f"{listed([names[i] for i in odd], 'and')}, from the setter's left")
    else:
        stays = f"; {count_words(left, 'chip')} stay{'s' if left == 1 else ''} in the pool for the next hand" \
            if left else ""
    return (f" {who} tie for the fewest pips and divide the pool of {pool}, {count_words(share, 'chip')} "
            f"each{stays}.")


def _cannot_ante(game: GameState) -> str | None:
    """Who ended a game played for a pool before its last hand by holding less than the ante ("You and Computer
    3"), or None where the hands agreed were all played."""
    rules = game.rules
    if not rules.ante or (rules.hands and len(game.results) >= rules.hands):
        return None
    names = names_of(game)
    short = [names[i] for i, chips in enumerate(game.scores) if chips < rules.ante]
    if not short:
        return None
    return short[0] if len(short) == 1 else f"{', '.join(short[:-1])} and {short[-1]}"


def _why_no_more_rounds(game: GameState) -> str:
    """Why a game that runs down the doubles (Honest John 2) ended: the 0-0 round was played, or nobody held the
    next double down."""
    last = game.last_lead()
    if last is None or last.high == 0:
        return "The 0-0 round was the last."
    return f"Nobody holds a double below the {last}: no more rounds are dealt."


def run(args: argparse.Namespace) -> int:
    # a seed from a million could be found again from one's own first hand in a minute or two (`bones deal` each)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**18)
    try:
        options = options_from(args, args.players)
        rules = new_game(args.rules, 0, options).rules
        playing = stand_in(args.level, rules).level  # Hard where it stands in for Expert
    except (RulesError, ValueError) as e:
        print(f"bones play: {e}", file=sys.stderr)
        return 2
    if args.record is not None and not args.record.strip():  # taken for the folder itself, refused only at the end
        print("bones play: --record needs a file's name", file=sys.stderr)
        return 2
    if args.record is not None and (problem := _unwritable(args.record)):
        print(f"bones play: cannot write the record to {args.record}: {problem}", file=sys.stderr)
        return 2
    warm_expert([playing])
    return play(args.rules, args.level, seed, options, record=args.record)
