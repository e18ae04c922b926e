"""The seed of one decision: a level that samples (Expert; Hard in Honest John's version 2) draws its random
numbers from its own seed and the observation, so the same observation always gets the same choice, whatever came
before it in the process."""

from __future__ import annotations

import hashlib

from bones.engine.observation import Observation


def observation_key(obs: Observation) -> str:
    """A stable text of everything the observation holds that matters for a decision."""
    parts = [
        obs.rules.id, str(obs.rules.target), str(obs.seat), str(obs.round_index),
        ",".join(map(str, obs.hand)), ",".join(map(str, obs.hand_counts)), str(obs.boneyard_count),
        ",".join(map(str, obs.scores)), ",".join(f"{e.seat}:{e.action}" for e in obs.history),
        str(obs.leader), str(obs.lead_tile),
    ]
    return "|".join(parts)


def decision_seed(seed: int, obs: Observation) -> int:
    """The random seed of the decision `obs` asks of a player built with `seed`."""
    digest = hashlib.sha256(f"{seed}|{observation_key(obs)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
