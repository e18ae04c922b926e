"""Claims and "muggins", where scores count only when claimed (Muggins with claims): a level claims what its own
play makes, and takes the points the other side forgot to claim, each with a chance the level sets (`Level.claims`,
`Level.catches`: Beginner often misses, Expert never). The chances are drawn from the player's seed and the position,
so the same game is played the same way again."""

from __future__ import annotations

import hashlib

from bones.engine.actions import MUGGINS, Action
from bones.engine.observation import Observation

from .base import Choice


def _uniform(seed: int, obs: Observation, what: str) -> float:
    key = f"{seed}|{obs.rules.id}|{obs.round_index}|{len(obs.history)}|{obs.seat}|{what}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") / 2.0**64


def catch(obs: Observation, catches: float, seed: int) -> Choice | None:
    """"Muggins", when the last play left points unclaimed and this level notices (chance `catches`)."""
    if not obs.rules.claims or MUGGINS not in obs.legal_actions():
        return None
    return Choice(MUGGINS, reason="muggins: the last play's points were not claimed") \
        if _uniform(seed, obs, "catch") < catches else None


def claim(obs: Observation, action: Action, claims: float, seed: int) -> Action:
    """The play as this level makes it: its claim kept if it remembers to claim (chance `claims`), else unclaimed."""
    if action.claim is None or _uniform(seed, obs, "claim") < claims:
        return action
    return action.claiming(None)


def shown_actions(obs: Observation) -> list[Action]:
    """The seat's legal actions as a person at the table is offered them: where scores count only when claimed, the
    plays without a claim and never "muggins" (a menu must not give away what a play makes, or that points lie
    unclaimed: the player works that out and says so)."""
    legal = obs.legal_actions()
    if not obs.rules.claims:
        return legal
    return [a for a in legal if a.kind != "muggins" and a.claim is None]


def without_muggins(legal: list[Action]) -> list[Action]:
    """The legal actions a level weighs once it has let "muggins" pass."""
    return [a for a in legal if a.kind != "muggins"]
