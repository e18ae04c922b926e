"""`bones bench`'s measure of Expert: what it reports for each game."""

from __future__ import annotations

from bones.tournament.speed import expert_bench


def test_the_expert_bench_reports_worlds_times_and_the_searchs_nodes_a_second() -> None:
    fig = expert_bench(("block",), positions=2, seed=1)["block"]
    assert fig["positions"] == 8  # two positions at each of four stages: the lead, after 1, 4 and 8 tiles
    assert fig["worlds_p50"] >= 1 and fig["ms_p99"] >= fig["ms_p50"] > 0
    assert fig["mnodes_per_s"] > 0  # nodes were searched, and counted
