"""One meaning for "no limit" (issue 31): a search given no limit stops by the
core library's default (8 plies or 1 000 000 positions), the same in Rust and
C; and the values that are no limit are refused with the core's words, which
the Rust and C tests pin too."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import oware
from oware import Board, Searcher

DEFAULT = {"depth": 8, "nodes": 1_000_000}


def test_the_default_is_the_core_s() -> None:
    assert oware.DEFAULT_SEARCH_DEPTH == 8
    assert oware.DEFAULT_SEARCH_NODES == 1_000_000


@pytest.mark.parametrize("variant", ["abapa", "openspiel", "awale", "kalah", "kalah-irving", "congkak"])
def test_a_search_without_a_limit_stops_by_the_default(variant: str) -> None:
    board = Board(ruleset=variant)
    result = board.search()
    assert result.depth == oware.DEFAULT_SEARCH_DEPTH, variant
    assert result.nodes <= oware.DEFAULT_SEARCH_NODES, variant
    assert result == board.search(**DEFAULT)
    assert result == Searcher(1 << 16).search(board)


def test_an_analysis_without_a_limit_is_the_default_one() -> None:
    assert Board().analyse() == Board().analyse(**DEFAULT)
    assert Searcher(1 << 16).analyse(Board()) == Searcher(1 << 16).analyse(Board(), **DEFAULT)


def test_a_budget_alone_is_not_capped_by_the_default_depth() -> None:
    assert Board().search(nodes=200_000).depth > oware.DEFAULT_SEARCH_DEPTH


BAD_LIMITS = [
    ({"depth": 0}, "depth must be 1 to 64, not 0"),
    ({"depth": 65}, "depth must be 1 to 64, not 65"),
    ({"nodes": 0}, "nodes must be 1 to 2**64 - 1, not 0"),
    ({"time_ms": 0}, "time_ms must be 1 to 2**64 - 1, not 0"),
]


@pytest.mark.parametrize(("limits", "message"), BAD_LIMITS)
def test_limits_that_are_no_limit_are_refused_with_the_core_s_words(limits: dict[str, int], message: str) -> None:
    calls: list[Callable[[], object]] = [
        lambda: Board().search(**limits),
        lambda: Board().analyse(**limits),
        lambda: Searcher(16).search(Board(), **limits),
        lambda: Searcher(16).analyse(Board(), **limits),
    ]
    for call in calls:
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value) == message


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (0, "tt_entries must be 1 to 67108864, not 0"),
        (2**26 + 1, "tt_entries must be 1 to 67108864, not 67108865"),
        (-1, "tt_entries must be 1 to 67108864, not -1"),
    ],
)
def test_a_table_of_no_entries_or_too_many_is_refused_with_the_core_s_words(entries: int, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Searcher(entries)
    assert str(caught.value) == message
