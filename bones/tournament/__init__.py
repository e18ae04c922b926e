"""Duplicate tournaments between two players, in parallel, with the statistics that measure the levels."""

from .duplicate import GameSummary, TournamentResult, deal_seed, pairs_for, run_tournament
from .stats import percentile, wilson

__all__ = ["GameSummary", "TournamentResult", "deal_seed", "pairs_for", "percentile", "run_tournament", "wilson"]
