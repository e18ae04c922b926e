"""The one interface every player implements: every level, the Hint and any outside bot.

A player is handed an `Observation` of its own seat (never the full state) and a `Budget`, and returns a `Choice`:
the action, optionally a value per legal action (`analysis`, from the mover's point of view) and a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from bones.engine.actions import Action
from bones.engine.observation import Observation


CAP_FACTOR = 2.0  # the safety cap, in times the budget's seconds, where no cap is given


@dataclass(frozen=True)
class Budget:
    """How much thinking a search may do: counted in worlds, and in nodes for `seconds` of this machine's search
    (`expert.node_allowance`: about 0.7 s of it a second), so the same position gets the same answer on any machine
    that keeps up. Wall time is only a safety cap: `cap` seconds, or CAP_FACTOR times `seconds` when None (room for
    a machine a good deal slower or busier than this one before the clock cuts a decision); the web's computer
    seats and the Hint set it to the time a person waits."""

    worlds: int = 120
    seconds: float = 1.0
    cap: float | None = None

    @property
    def cap_seconds(self) -> float:
        """The wall-time safety cap."""
        return CAP_FACTOR * self.seconds if self.cap is None else self.cap


@dataclass(frozen=True)
class Choice:
    """A player's decision: the action, and optionally its value for each legal action (keyed by `str(action)`)."""

    action: Action
    analysis: dict[str, float] | None = None
    reason: str | None = None
    clock_cut: bool = False  # the wall-time safety cap ended the search before its budget: on a faster or quieter
    # machine the choice might differ (tournaments count these, so a figure that depends on the machine says so)


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from what one seat sees. Built with a seed, it is deterministic."""

    name: str

    def choose(self, obs: Observation, budget: Budget | None = None) -> Choice: ...
