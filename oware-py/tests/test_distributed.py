"""oware.distributed on a local two-CPU Ray cluster: self-play shards do not depend on the
number of workers and resume without redoing finished shards, a tournament equals
play_match, analysis equals the in-process analysis, and a killed worker is retried."""

from __future__ import annotations

import os
import pathlib
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

ray = pytest.importorskip("ray")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import oware  # noqa: E402
from oware import distributed  # noqa: E402

PLAYERS: tuple[distributed.PlayerSpec, ...] = ({"nodes": 300}, {"level": 3, "nodes": 200})
JOB: dict[str, Any] = {"players": PLAYERS, "seed": 5, "shard_size": 3, "opening_plies": 4, "score_depth": 3}
GAMES = 8


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _shards(out: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.glob("shard-*.parquet"))}


def test_self_play_is_the_same_with_one_or_two_workers(tmp_path: pathlib.Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    paths = distributed.self_play(GAMES, out=one, max_concurrency=1, **JOB)
    distributed.self_play(GAMES, out=two, max_concurrency=2, **JOB)
    assert [pathlib.Path(p).name for p in paths] == [f"shard-0000{k}.parquet" for k in range(3)]
    assert _shards(one) == _shards(two)
    table = pa.concat_tables([pq.read_table(p) for p in paths])
    assert table.schema.remove_metadata() == distributed.SELF_PLAY_SCHEMA
    assert sorted(set(table.column("game").to_pylist())) == list(range(GAMES))
    assert not [p for p in os.listdir(one) if ".tmp-" in p]
    # The rows are what the in-process play gives, and replay the games.
    first = distributed.play_games(
        0, 3, players=PLAYERS, ruleset="abapa", seed=5, opening_plies=4, score_depth=3
    )
    assert pq.read_table(paths[0]).replace_schema_metadata(None).equals(first)
    game = table.filter(pa.compute.equal(table.column("game"), 1)).to_pylist()
    board = oware.Board()
    for row in game:
        assert row["position"] == board.position_string() and row["ply"] == board.ply
        assert row["opening"] == (row["ply"] < 4)
        board.push_str(row["move"])
    assert board.is_game_over() and board.result() == game[0]["result"]
    assert game[0]["south"] == "level=3 nodes=200"  # odd games: the second player is South
    # Another seed gives other games.
    distributed.self_play(GAMES, out=tmp_path / "other", **{**JOB, "seed": 6})
    assert _shards(tmp_path / "other") != _shards(one)


def test_self_play_resumes_keeping_finished_shards(tmp_path: pathlib.Path) -> None:
    whole = tmp_path / "whole"
    distributed.self_play(GAMES, out=whole, **JOB)
    part = tmp_path / "part"
    part.mkdir()
    kept = part / "shard-00001.parquet"
    kept.write_bytes((whole / "shard-00001.parquet").read_bytes())
    os.utime(kept, (1_000_000, 1_000_000))
    (part / "shard-00002.parquet").write_bytes(b"PAR1 cut short")  # a damaged shard is redone
    distributed.self_play(GAMES, out=part, **JOB)
    assert kept.stat().st_mtime == 1_000_000
    assert _shards(part) == _shards(whole)
    # A shard of other arguments is not mixed in.
    with pytest.raises(ValueError, match="another self_play job"):
        distributed.self_play(GAMES, out=part, **{**JOB, "seed": 7})


def test_resuming_plays_again_a_shard_without_all_its_games(tmp_path: pathlib.Path) -> None:
    """Issue 18: a shard was judged complete by its metadata alone, so one rewritten with
    fewer games (the metadata kept) was kept as it was; a file of garbage named like a
    shard is played again too."""
    out = tmp_path / "out"
    distributed.self_play(GAMES, out=out, **JOB)
    expected = _shards(out)
    cut = out / "shard-00000.parquet"
    table = pq.read_table(cut)
    fewer = table.filter(pa.compute.less(table["game"], 2))  # games 0 and 1 of 0 to 2
    pq.write_table(fewer, cut)
    assert pq.read_schema(cut).metadata[b"oware.self_play"] == table.schema.metadata[b"oware.self_play"]
    (out / "shard-00001.parquet").write_bytes(os.urandom(4096))
    distributed.self_play(GAMES, out=out, **JOB)
    assert _shards(out) == expected


def test_tournament_equals_play_match() -> None:
    configs: list[distributed.PlayerSpec] = [1, 2, {"level": 3, "nodes": 300}]
    result = distributed.tournament(configs, games_per_pair=4, seed=11)
    assert [(p["first"], p["second"]) for p in result.pairs] == [(0, 1), (0, 2), (1, 2)]
    nodes = [None, None, 300]
    levels = [1, 2, 3]
    for pair in result.pairs:
        i, j = pair["first"], pair["second"]
        m = oware.play_match(
            levels[i], levels[j], games=4, seed=pair["seed"], first_nodes=nodes[i], second_nodes=nodes[j]
        )
        assert (pair["wins"], pair["draws"], pair["losses"]) == (m.wins, m.draws, m.losses)
        assert pair["elo"] == pytest.approx(m.elo) and pair["elo_margin"] == pytest.approx(m.elo_margin)
    standings = result.standings
    assert sum(s["points"] for s in standings) == 3 * 4 / 2 * 2
    assert sum(s["elo"] for s in standings) == pytest.approx(0.0, abs=1e-6)
    assert all(s["elo_margin"] > 0 for s in standings)
    assert result.table().num_rows == 3


def test_rate() -> None:
    # Two players, an even score: equal ratings; a better score: a higher rating.
    even = distributed.rate(2, [(0, 1, 5.0, 10)])
    assert even[0][0] == pytest.approx(0.0, abs=1e-6) and even[1][0] == pytest.approx(0.0, abs=1e-6)
    better = distributed.rate(2, [(0, 1, 75.0, 100)])
    # 75 % is 191 Elo apart without the virtual draws; they pull it in a little.
    assert 150 < better[0][0] - better[1][0] < 191
    assert better[0][1] == pytest.approx(better[1][1])
    sweep = distributed.rate(2, [(0, 1, 10.0, 10)])
    assert all(map(lambda r: abs(r[0]) < 1000 and r[1] > 0, sweep))


RECORD = '[South "A"]\n[North "B"]\n\n1. C f 2. B a 3. A b 4. F e 5. D c *'


def test_analyse_equals_the_in_process_analysis() -> None:
    records = [RECORD, "1. C f 2. B a", oware.Board.from_record("CfBaEd").record()]
    table = distributed.analyse(records, depth=5, records_per_task=2)
    assert table.schema == distributed.ANALYSIS_SCHEMA
    expected = [row for i, r in enumerate(records) for row in distributed.analyse_record(r, 5, i)]
    assert table.to_pylist() == expected
    assert table.num_rows == 10 + 4 + 6
    assert set(table.column("mark").to_pylist()) <= {"", "?!", "?", "??"}
    # The marks are judge's of the scores Searcher.analyse gives.
    board, searcher = oware.Board(), oware.Searcher(1 << 20)
    for row in table.to_pylist()[:10]:
        scores = searcher.analyse(board, depth=5)
        played = dict(scores)[oware.Move(row["move"])]
        assert row["mark"] == distributed.judge(scores[0][1], played)
        board.push_str(row["move"])
    with pytest.raises(oware.InvalidRecordError, match="record 1"):
        distributed.analyse(["1. C f", "1. C C"])


def test_analyse_with_a_node_budget_equals_the_in_process_analysis() -> None:
    records = [RECORD, "1. C f 2. B a"]
    table = distributed.analyse(records, depth=30, nodes=300)
    expected = [row for i, r in enumerate(records) for row in distributed.analyse_record(r, 30, i, nodes=300)]
    assert table.to_pylist() == expected
    assert expected != [row for i, r in enumerate(records) for row in distributed.analyse_record(r, 5, i)]


def test_progress_without_tqdm_prints_a_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    distributed.analyse(["1. C f", "1. B a"], depth=2, progress=True)
    assert capsys.readouterr().err.splitlines() == ["analysed records: 1/2", "analysed records: 2/2"]


def test_judge_thresholds() -> None:
    s = oware.Score
    assert distributed.judge(s(centiseeds=100), s(centiseeds=51)) == ""
    assert distributed.judge(s(centiseeds=100), s(centiseeds=50)) == "?!"
    assert distributed.judge(s(centiseeds=100), s(centiseeds=-50)) == "?"
    assert distributed.judge(s(centiseeds=100), s(centiseeds=-200)) == "??"
    assert distributed.judge(s(win_in=5), s(centiseeds=900)) == "??"
    assert distributed.judge(s(centiseeds=0), s(loss_in=4)) == "??"
    assert distributed.judge(s(win_in=3), s(win_in=9)) == ""
    assert distributed.judge(s(loss_in=3), s(loss_in=1)) == ""


def test_a_killed_worker_is_retried_with_the_same_result(tmp_path: pathlib.Path) -> None:
    def play_but_die_once(marker: str, first: int, stop: int, job: dict[str, Any]) -> Any:
        """Plays a shard's games as self_play's task does, but kills its own worker process
        the first time (the marker file tells a retry from the first attempt)."""
        if not os.path.exists(marker):
            pathlib.Path(marker).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return distributed.play_games(first, stop, **job)

    dies_once = ray.remote(max_retries=2)(play_but_die_once)

    out = tmp_path / "shards"
    paths = distributed.self_play(GAMES, out=out, **JOB)
    marker = tmp_path / "died"
    job = {"players": PLAYERS, "ruleset": "abapa", "seed": 5, "opening_plies": 4, "score_depth": 3}
    table = ray.get(dies_once.remote(str(marker), 3, 6, job))
    assert marker.exists()
    assert table.equals(pq.read_table(paths[1]).replace_schema_metadata(None))
    # self_play's own tasks are retried the same way (max_retries, default 3).
    with pytest.raises(ray.exceptions.WorkerCrashedError):
        ray.get(dies_once.options(max_retries=0).remote(str(tmp_path / "again"), 0, 1, job))


def _descends_from(pid: int, ancestor: int) -> bool:
    while pid > 1:
        try:
            stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        pid = int(stat.rsplit(")", 1)[1].split()[1])
        if pid == ancestor:
            return True
    return False


def _kill_one_worker_running(title: str, killed: list[int], done: threading.Event) -> None:
    """Kills the first process of this test's Ray cluster (a descendant of this process)
    whose title is *title*, that is a worker running that task."""
    me = os.getpid()
    while not done.is_set() and not killed:
        for entry in pathlib.Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if cmdline.startswith(title.encode()) and _descends_from(int(entry.name), me):
                os.kill(int(entry.name), signal.SIGKILL)
                killed.append(int(entry.name))
                return
        time.sleep(0.002)


@pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists(), reason="needs /proc")
def test_self_play_survives_a_worker_killed_mid_task(tmp_path: pathlib.Path) -> None:
    job: dict[str, Any] = {**JOB, "players": ({"nodes": 3000}, {"nodes": 3000}), "shard_size": 2}
    expected = distributed.self_play(4, out=tmp_path / "calm", **job)
    killed: list[int] = []
    done = threading.Event()
    killer = threading.Thread(target=_kill_one_worker_running, args=("ray::_self_play_task", killed, done))
    killer.start()
    try:
        distributed.self_play(4, out=tmp_path / "killed", max_retries=2, **job)
    finally:
        done.set()
        killer.join()
    assert killed, "no worker was caught running a self-play task"
    assert _shards(tmp_path / "killed") == _shards(tmp_path / "calm")
    assert len(expected) == 2


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="level must be 1 to 5"):
        distributed.tournament([1, 6])
    with pytest.raises(ValueError, match="needs a level"):
        distributed.tournament([1, {"depth": 3}])
    with pytest.raises(ValueError, match="two players"):
        distributed.self_play(1, players=(1,), out="/dev/null/never")
    with pytest.raises(TypeError):
        distributed.self_play(1, players=(1, "x"), out="/dev/null/never")  # type: ignore[arg-type]


def _layer_files(directory: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.owdb"))}


@pytest.mark.parametrize("convention", ["even", "own"])
def test_build_layer_writes_the_files_one_process_writes(tmp_path: pathlib.Path, convention: str) -> None:
    whole = tmp_path / "whole"
    oware.EndgameDatabase.build(7, convention=convention).save_dir(whole)
    sliced = tmp_path / "sliced"
    sliced.mkdir()
    for seeds in range(8):
        path = distributed.build_layer(sliced, convention=convention, slices=2 if seeds % 2 else 3)
        assert pathlib.Path(path).name == f"{convention}-{seeds:02}.owdb"
    assert _layer_files(sliced) == _layer_files(whole)
    assert len(_layer_files(sliced)) == 8


@pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists(), reason="needs /proc")
def test_build_layer_survives_a_slice_killed_mid_layer(tmp_path: pathlib.Path) -> None:
    oware.EndgameDatabase.build(9).save_dir(tmp_path / "whole")
    oware.EndgameDatabase.build(8).save_dir(tmp_path / "sliced")
    killed: list[int] = []
    done = threading.Event()
    killer = threading.Thread(target=_kill_one_worker_running, args=("ray::_SliceActor", killed, done))
    killer.start()
    try:
        distributed.build_layer(tmp_path / "sliced", slices=2, max_retries=3)
    finally:
        done.set()
        killer.join()
    assert killed, "no worker was caught running a slice's round"
    assert _layer_files(tmp_path / "sliced") == _layer_files(tmp_path / "whole")


def test_build_layer_refuses_what_it_cannot_build(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="slices must be 1 to 65536, not 0"):
        distributed.build_layer(tmp_path, slices=0)
    with pytest.raises(TypeError, match="slices must be an int"):
        distributed.build_layer(tmp_path, slices=2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_retries must be 0 or more, not -1"):
        distributed.build_layer(tmp_path, slices=2, max_retries=-1)
    with pytest.raises(oware.EndgameError):
        distributed.build_layer(tmp_path, ruleset="kalah")
    one_seed = "abapa(seeds=1)"
    oware.EndgameDatabase.build(12, one_seed).save_dir(tmp_path / "full")
    with pytest.raises(oware.EndgameError, match="already holds every seed"):
        distributed.build_layer(tmp_path / "full", one_seed)
    assert not list(tmp_path.glob("*.owdb"))
