"""A game's variations at the table: the game-specific options of the engine (`rules.CHOICES`) that a game offers
in its `option_keys`, each worded for a player, checked, and kept in a canonical form.

A browser chooses them per game in Settings; a game is dealt with the variations chosen, keeps them to its end,
and each set of variations keeps its own game on the table (as each number of players does).
"""

from __future__ import annotations

from typing import Any, Mapping

from bones.engine import RULES, Rules, RulesError
from bones.engine.rules import CHOICES, PER_MULTIPLE_TARGET, json_text



class VariationError(ValueError):
    """Variations a game does not have, or values it does not allow; the message is for a person."""


# Hand sizes offered as a variation where a game's seed names another (the standard option `hand_size`): seed
# 004's four-handed Block deals "four bones each"; seven each, the whole set, is what other software calls
# partnership dominoes.
HAND_SIZES: dict[str, dict[int, str]] = {
    "partnership_block": {4: "Four bones each, twelve left out (seed 004)",
                          7: "Seven each: the whole set is dealt (partnership dominoes)"},
}


NUMBER_WORDS = {4: "Four", 7: "Seven"}


def _choices(rules_id: str, key: str) -> tuple[Any, ...]:
    """The values variation `key` of the game `rules_id` takes."""
    return tuple(HAND_SIZES[rules_id]) if key == "hand_size" else tuple(CHOICES[key])


def variation_keys(rules: Rules) -> tuple[str, ...]:
    """The variations `rules` offers, in the order of its options."""
    return tuple(k for k in rules.option_keys if k in CHOICES or (k == "hand_size" and rules.id in HAND_SIZES))


def value_of(rules: Rules, key: str) -> Any:
    """The value in force of variation `key` in `rules`."""
    return rules.hand_size if key == "hand_size" else rules.choice(key)


def _count_words(rules: Rules) -> dict[Any, str]:
    m = rules.end_multiple or 5
    word = {5: "five", 3: "three"}.get(m, str(m))
    return {"face": f"The ends score what they add up to ({2 * m} scores {2 * m}), to {RULES[rules.id].target}",
            "per_five": f"One point for each {word} ({2 * m} scores 2), to {PER_MULTIPLE_TARGET}"}


# Each variation: its title, and a label for each value, in a player's words.
TITLES = {
    "opening": "Who leads",
    "cut": "The first set",
    "count": "Counting",
    "spinner": "The first double",
    "claims": "Claims",
    "trumps": "Trumps",
    "winner_scores_own": "The winner's own dots",
    "shut": "Shutting the game",
    "draw": "Drawing",
    "pose": "The set after the first round",
    "partners": "Sides",
    "hand_size": "Tiles each",
}
LABELS: dict[str, dict[Any, str]] = {
    "opening": {"highest_double": "The highest double leads (no double dealt: deal again)",
                "highest_tile": "The heaviest tile leads"},
    "cut": {"hands": "By the hands: the higher double, else the heavier tile, sets",
            "pushed": "Cut by pushing: two tiles pushed face down, the lighter one sets",
            "drawn": "Cut by drawing: each draws a tile, the lower double, else the lighter tile, sets"},
    "spinner": {False: "One line: the first double is no spinner",
                True: "A spinner: play on all four sides of the first double"},
    "claims": {False: "Every score counts by itself",
               True: "Scores count only when claimed (Claim and Muggins!)"},
    "trumps": {"any_time": "Trumps may be played at any time",
               "when_stuck": "Trumps only when no other tile fits"},
    "winner_scores_own": {False: "The winner scores the other hand (less its own)",
                          True: "The winner also scores the dots left in its own hand"},
    "shut": {False: "After a \u201cgo\u201d play goes on",
             True: "After a \u201cgo\u201d the other may shut the game and count"},
    "draw": {"never": "Nobody draws",
             "optional": "Draw at will (never the last two tiles)"},
    "pose": {"alternate": "The set alternates",
             "winner": "The winner of a round sets the next"},
    "partners": {False: "Each plays for himself",
                 True: "Partners sit opposite and add their dots (settled as four-handed Block)"},
}


def labels(rules: Rules, key: str) -> dict[Any, str]:
    """Each value of variation `key` with its label, in the engine's order."""
    if key == "hand_size":
        if rules.tile_count == 28:
            return dict(HAND_SIZES[rules.id])
        # on a larger set the labels of the double-six are wrong (QA: "the whole set is dealt" of 28 tiles in 55)
        return {n: f"{NUMBER_WORDS.get(n, str(n))} each, {rules.tile_count - rules.players * n} left out"
                for n in HAND_SIZES[rules.id]}
    words = _count_words(rules) if key == "count" else LABELS[key]
    return {value: words[value] for value in CHOICES[key]}


def defaults(rules_id: str) -> dict[str, Any]:
    """The value of each variation when nobody chooses one."""
    base = RULES[rules_id]
    return {k: value_of(base, k) for k in variation_keys(base)}


def canonical(rules_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Only the variations that differ from the game's own, keys sorted: how a choice is kept and compared."""
    base = defaults(rules_id)
    return {k: options[k] for k in sorted(options) if k in base and options[k] != base[k]}


def _allowed(rules_id: str, key: str, value: Any) -> bool:
    choices = _choices(rules_id, key)
    kind = type(choices[0])  # true is no 1, nor 7 a "7": each value of its own type
    return type(value) is kind and value in choices


def check(rules_id: str, options: Any, players: int = 2) -> dict[str, Any]:
    """`options` checked as variations of the game `rules_id` for `players`: the canonical form, or a
    `VariationError` saying what is wrong."""
    base = RULES[rules_id]
    keys = variation_keys(base)
    if not isinstance(options, Mapping):
        raise VariationError("Variations are an object such as {\"claims\": true}.")
    for key, value in options.items():
        if key not in keys:
            have = f"its variations: {', '.join(keys)}" if keys else "it has no variations"
            raise VariationError(f"{base.name} has no variation {str(key)[:30]!r} ({have}).")
        if not _allowed(rules_id, key, value):
            values = list(_choices(rules_id, key))
            allowed = "true or false" if isinstance(values[0], bool) else " or ".join(json_text(v) for v in values)
            raise VariationError(f"The variation {key!r} of {base.name_in_sentence} is {allowed}, "
                                 f"not {json_text(value)[:30]}.")
    kept = canonical(rules_id, options)
    try:
        base.with_options({**kept, **({"players": players} if players != base.players else {})})
    except RulesError as e:  # pragma: no cover - every variation deals the same hands
        raise VariationError(str(e)) from None
    return kept


def valid(rules_id: str, options: Any, players: int = 2) -> dict[str, Any]:
    """What can be kept of stored variations: unknown keys and values dropped, never an error."""
    if not isinstance(options, Mapping):
        return {}
    keys = variation_keys(RULES[rules_id])
    good = {k: v for k, v in options.items() if isinstance(k, str) and k in keys and _allowed(rules_id, k, v)}
    try:
        return check(rules_id, good, players)
    except VariationError:  # pragma: no cover - the keys and values are good
        return {}


def of_row(rules_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The variations among the options a game was dealt with (it may carry others, such as a target)."""
    keys = variation_keys(RULES[rules_id])
    return canonical(rules_id, {k: v for k, v in options.items() if k in keys})


def describe(rules: Rules, chosen: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The variations of `rules` for the page: each with its title, its values labelled, and the value chosen."""
    base = defaults(rules.id)
    out = []
    for key in variation_keys(rules):
        out.append({"key": key, "title": TITLES[key], "value": chosen.get(key, base[key]), "default": base[key],
                    "choices": [{"value": v, "label": text} for v, text in labels(rules, key).items()]})
    return out


def chosen_variations(rules: Rules) -> list[tuple[str, Any]]:
    """The variations `rules` is played with that are not the game's own, as (key, value)."""
    base = defaults(rules.id)
    return [(k, value_of(rules, k)) for k in variation_keys(rules) if value_of(rules, k) != base[k]]


def played_with(rules: Rules) -> list[str]:
    """The labels of the variations `rules` is played with that are not the game's own ("Scores count only when
    claimed (Claim and Muggins!)")."""
    return [labels(rules, k)[v] for k, v in chosen_variations(rules)]
