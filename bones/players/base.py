"""The one interface every player implements: every level, the Hint and any outside bot.

A player is handed an `Observation` of its own seat (never the full state) and a `Budget`, and returns a `Choice`:
the action, optionally a value per legal action (`analysis`, from the mover's point of view) and a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from bones.engine.actions import Action
from bones.engine.observation import Observation


@dataclass(frozen=True)
class Budget:
    """How much thinking a search may do: counted in worlds so the same position gets the same answer;
    wall time is only a cap."""

    worlds: int = 120
    seconds: float = 1.0


@dataclass(frozen=True)
class Choice:
    """A player's decision: the action, and optionally its value for each legal action (keyed by `str(action)`)."""

    action: Action
    analysis: dict[str, float] | None = None
    reason: str | None = None


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from what one seat sees. Built with a seed, it is deterministic."""

    name: str

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice: ...
