"""oware.distributed checks every argument on the driver, before Ray is started, with the
engine's own bounds and the binding's words (issue 18, a fresh trial's findings): a bad
argument is refused at once instead of failing inside a worker, or running for ever."""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

ray = pytest.importorskip("ray")
pytest.importorskip("pyarrow")

import oware  # noqa: E402
from oware import distributed  # noqa: E402

RECORD = "CfBa"


@pytest.fixture(autouse=True)
def no_ray() -> Iterator[None]:
    """Every call here is refused before it would start Ray."""
    if ray.is_initialized():
        ray.shutdown()
    yield
    assert not ray.is_initialized(), "a refused call started Ray"


def test_the_bounds_are_the_cores() -> None:
    assert oware.Player.MAX_NODES == 10**12
    assert oware.Player.MAX_TIME_MS == 86_400_000
    assert oware.Searcher.MAX_DEPTH == 64
    with pytest.raises(ValueError, match="nodes must be 1 to 1000000000000"):
        oware.Player(4, nodes=oware.Player.MAX_NODES + 1)
    with pytest.raises(ValueError, match="depth must be 1 to 64"):
        oware.Board().search(depth=oware.Searcher.MAX_DEPTH + 1)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"nodes": 10**13}, "players[0]: nodes must be 1 to 1000000000000, not 10000000000000"),
        ({"level": 4, "nodes": 10**12 + 1}, "players[0]: nodes must be 1 to 1000000000000"),
        ({"depth": 200}, "players[0]: depth must be 1 to 64, not 200"),
        ({"depth": 0}, "players[0]: depth must be 1 to 64, not 0"),
        ({"level": 1, "nodes": 5}, "players[0]: levels 1 and 2 do not search"),
        ({"level": 2, "nodes": 5}, "players[0]: levels 1 and 2 do not search"),
        (6, "players[0]: level must be 1 to 5, not 6"),
    ],
)
def test_self_play_refuses_a_player_the_engine_refuses(tmp_path: pathlib.Path, spec: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        distributed.self_play(1, (spec, 1), out=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_node_budget_on_level_3_is_kept() -> None:
    """The core's level 3 searches within the budget instead of its 4 plies."""
    table = distributed.play_games(
        0, 1, players=({"level": 3, "nodes": 50}, 2), ruleset="abapa", seed=1, opening_plies=2, score_depth=2
    )
    assert set(table.column("south").to_pylist()) == {"level=3 nodes=50"}


def test_tournament_refuses_a_player_the_engine_refuses() -> None:
    with pytest.raises(ValueError, match="levels 1 and 2 do not search"):
        distributed.tournament([{"level": 1, "nodes": 5}, 2])
    with pytest.raises(ValueError, match="nodes must be 1 to 1000000000000"):
        distributed.tournament([{"level": 4, "nodes": 10**13}, 2])
    with pytest.raises(TypeError, match=r"configs\[1\]: nodes must be an int, not float"):
        distributed.tournament([4, {"level": 4, "nodes": 1e3}])  # type: ignore[dict-item]


def _self_play(**kwargs: Any) -> Callable[[], Any]:
    return lambda: distributed.self_play(**{"games": 1, "out": "/dev/null/never", **kwargs})


def _tournament(**kwargs: Any) -> Callable[[], Any]:
    return lambda: distributed.tournament(**{"configs": [1, 2], **kwargs})


def _analyse(**kwargs: Any) -> Callable[[], Any]:
    return lambda: distributed.analyse(**{"records": [RECORD], **kwargs})


def _build_layer(**kwargs: Any) -> Callable[[], Any]:
    return lambda: distributed.build_layer(**{"directory": "/dev/null/never", **kwargs})


def _play_games(**kwargs: Any) -> Callable[[], Any]:
    job = {"first": 0, "stop": 1, "players": (1, 2), "ruleset": "abapa", "seed": 0}
    return lambda: distributed.play_games(**{**job, "opening_plies": 0, "score_depth": 1, **kwargs})


def _analyse_record(**kwargs: Any) -> Callable[[], Any]:
    return lambda: distributed.analyse_record(**{"record": RECORD, **kwargs})


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (_self_play(games=True), "games must be an int, not bool"),
        (_self_play(games=2.0), "games must be an int, not float"),
        (_self_play(games="2"), "games must be an int, not str"),
        (_self_play(games=None), "games must be an int, not NoneType"),
        (_self_play(shard_size=1.5), "shard_size must be an int, not float"),
        (_self_play(seed=1.7), "seed must be an int, not float"),
        (_self_play(opening_plies=False), "opening_plies must be an int, not bool"),
        (_self_play(score_depth="6"), "score_depth must be an int, not str"),
        (_self_play(max_retries=None), "max_retries must be an int, not NoneType"),
        (_self_play(max_concurrency=1.0), "max_concurrency must be an int, not float"),
        (_tournament(games_per_pair=True), "games_per_pair must be an int, not bool"),
        (_tournament(seed="1"), "seed must be an int, not str"),
        (_tournament(max_retries=1.0), "max_retries must be an int, not float"),
        (_analyse(depth=None), "depth must be an int, not NoneType"),
        (_analyse(nodes=100.0), "nodes must be an int, not float"),
        (_analyse(records_per_task=True), "records_per_task must be an int, not bool"),
        (_analyse(max_concurrency="2"), "max_concurrency must be an int, not str"),
        (_build_layer(slices=True), "slices must be an int, not bool"),
        (_build_layer(max_retries="3"), "max_retries must be an int, not str"),
        (_play_games(first=0.0), "first must be an int, not float"),
        (_play_games(seed=None), "seed must be an int, not NoneType"),
        (_analyse_record(depth=2.5), "depth must be an int, not float"),
        (_analyse_record(index=True), "index must be an int, not bool"),
        (_analyse(records=RECORD), "records is a collection of game records; wrap one record in a list"),
        (_analyse(records=RECORD.encode()), "records is a collection of game records"),
        (_analyse(records=5), r"records must be an iterable of game records \(str\), not int"),
        (_analyse(records=[RECORD, b"x"]), r"records\[1\] must be a game record \(str\), not bytes"),
        (_self_play(players=None), "players must be a sequence of two player specs, not NoneType"),
        (_self_play(progress="yes"), "progress must be a bool, not str"),
        (_tournament(progress=1), "progress must be a bool, not int"),
        (_analyse(progress=None), "progress must be a bool, not NoneType"),
        (_build_layer(progress="no"), "progress must be a bool, not str"),
    ],
)
def test_a_non_int_is_a_type_error_naming_the_parameter(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (_self_play(games=0), "games must be 1 to 9223372036854775807, not 0"),
        (_self_play(games=2**70), "games must be 1 to 9223372036854775807, not 1180591620717411303424"),
        (_self_play(games=10**6, shard_size=1), "1000000 games in shards of 1 make 1000000 shards, at most 100000"),
        (_self_play(shard_size=-1), "shard_size must be 1 to 9223372036854775807, not -1"),
        (_self_play(seed=-1), r"seed must be 0 to 2\*\*64 - 1, not -1"),
        (_self_play(seed=2**64), r"seed must be 0 to 2\*\*64 - 1, not 18446744073709551616"),
        (_self_play(opening_plies=-1), "opening_plies must be 0 to 1000, not -1"),
        (_self_play(opening_plies=10**6), "opening_plies must be 0 to 1000, not 1000000"),
        (_self_play(score_depth=65), "score_depth must be 1 to 64, not 65"),
        (_self_play(max_retries=-1), "max_retries must be 0 or more, not -1"),
        (_self_play(max_concurrency=0), "max_concurrency must be 1 or more, not 0"),
        (_tournament(games_per_pair=0), "games_per_pair must be 1 to 4294967295, not 0"),
        (_tournament(seed=-1), r"seed must be 0 to 2\*\*64 - 1, not -1"),
        (_tournament(max_concurrency=0), "max_concurrency must be 1 or more, not 0"),
        (_analyse(depth=0), "depth must be 1 to 64, not 0"),
        (_analyse(depth=65), "depth must be 1 to 64, not 65"),
        (_analyse(nodes=0), "nodes must be 1 to 1000000000000, not 0"),
        (_analyse(records_per_task=0), "records_per_task must be 1 or more, not 0"),
        (_analyse(max_retries=-2), "max_retries must be 0 or more, not -2"),
        (_build_layer(slices=65537), "slices must be 1 to 65536, not 65537"),
        (_play_games(stop=-1), "stop must be 0 or more, not -1"),
        (_play_games(seed=2**64), r"seed must be 0 to 2\*\*64 - 1"),
        (_analyse_record(nodes=10**13), "nodes must be 1 to 1000000000000"),
    ],
)
def test_an_int_out_of_range_is_a_value_error_naming_the_range(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_a_refused_job_writes_no_directory(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="shards, at most 100000"):
        distributed.self_play(10**6, shard_size=1, out=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_directory_where_a_shard_goes_is_refused_before_any_game(tmp_path: pathlib.Path) -> None:
    (tmp_path / "shard-00000.parquet").mkdir()
    with pytest.raises(IsADirectoryError, match="shard-00000.parquet is a directory where a shard goes"):
        distributed.self_play(1, out=tmp_path)


def test_the_largest_seed_is_not_the_seed_minus_one() -> None:
    """``seed=-1`` used to be masked to 2**64 - 1: the same job under two seeds."""
    job: dict[str, Any] = {"players": (2, 2), "ruleset": "abapa", "opening_plies": 2, "score_depth": 1}
    table = distributed.play_games(0, 1, seed=2**64 - 1, **job)
    assert table.num_rows > 0
    with pytest.raises(ValueError, match="seed must be 0 to"):
        distributed.play_games(0, 1, seed=-1, **job)


def test_analyse_record_takes_a_node_budget() -> None:
    """A node budget a position's analysis, deterministic (no clock)."""
    record = "CfBaEd"
    limited = distributed.analyse_record(record, depth=20, nodes=200)
    assert limited == distributed.analyse_record(record, depth=20, nodes=200)
    board = oware.Board()
    best_move, best = oware.Searcher(1 << 20).analyse(board, depth=20, nodes=200)[0]
    assert (limited[0]["best_move"], limited[0]["best"]) == (str(best_move), str(best))
    assert len(limited) == 6


@pytest.mark.parametrize("schema", ["SELF_PLAY_SCHEMA", "ANALYSIS_SCHEMA"])
def test_help_describes_every_column(schema: str) -> None:
    """The columns were described in attribute docstrings, which help() never shows: they
    are in the module's docstring now."""
    doc = distributed.__doc__ or ""
    section = doc[doc.index(f":data:`{schema}`") :]
    for field in getattr(distributed, schema):
        assert f"``{field.name}``" in section, field.name


def test_help_says_what_to_do_when_workers_do_not_start() -> None:
    doc = " ".join((distributed.__doc__ or "").split())
    assert "object_store_memory" in doc and "ray status" in doc
    assert "Levels 1 and 2 do not search" in doc
