"""The engine: search, analysis, players, matches, and the GIL released while they run."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest

import oware
from oware import Board, Move, Player, Score


class TestSearch:
    def test_search(self) -> None:
        board = Board()
        result = board.search(depth=6)
        assert result.depth == 6 and result.nodes > 0
        assert result.best_move is not None and board.is_legal(result.best_move)
        assert result.pv[0] == result.best_move and len(result.pv) <= 6
        assert isinstance(result.score, Score)
        assert "SearchResult" in repr(result)

    def test_deterministic(self) -> None:
        board = Board.from_record("CfBa")
        assert board.search(depth=7) == board.search(depth=7)
        assert board.search(nodes=20_000) == board.search(nodes=20_000)
        assert hash(board.search(depth=5)) == hash(board.search(depth=5))

    def test_limits(self) -> None:
        board = Board()
        assert board.search().depth == 8  # the default
        assert board.search(nodes=5_000).nodes <= 6_100
        assert board.search(time_ms=20).best_move is not None
        assert board.search(depth=3, nodes=10**9).depth == 3
        assert board.search(2).depth == 2  # depth is the first positional argument

    @pytest.mark.parametrize(
        "kwargs",
        [{"depth": 0}, {"depth": 65}, {"depth": -1}, {"nodes": 0}, {"nodes": -5}, {"time_ms": 0}],
    )
    def test_bad_limits(self, kwargs: dict[str, int]) -> None:
        with pytest.raises(ValueError):
            Board().search(**kwargs)
        with pytest.raises(ValueError):
            Board().analyse(**kwargs)

    def test_bad_limit_types(self) -> None:
        with pytest.raises(TypeError):
            Board().search(depth="8")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Board().search(depth=8.5)  # type: ignore[arg-type]
        with pytest.raises((ValueError, OverflowError)):
            Board().search(nodes=10**30)

    def test_finds_a_capture(self) -> None:
        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0")  # F captures 2
        result = board.search(depth=1)
        assert result.best_move == Move("F")
        assert result.score.seeds is not None and result.score.seeds >= 2

    def test_forced_win(self) -> None:
        board = Board("2,1,0,0,0,0/0,0,0,0,2,1 n 20 22")  # f reaches 25
        result = board.search(depth=4)
        assert result.best_move in (Move("e"), Move("f"))  # both capture A's 3
        assert result.score.is_win() and result.score.plies_to_end == 1

    def test_game_over(self) -> None:
        board = Board("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25")
        result = board.search(depth=4)
        assert result.best_move is None and result.pv == []
        assert result.score.is_loss()
        assert board.analyse(depth=2) == []

    def test_every_ruleset(self, preset: str) -> None:
        board = Board(ruleset=preset)
        result = board.search(depth=4)
        assert result.best_move is not None and board.is_legal(result.best_move)


class TestAnalyse:
    def test_scores_every_move(self) -> None:
        board = Board()
        scores = board.analyse(depth=4)
        assert sorted(m for m, _ in scores) == board.legal_moves
        values = [s for _, s in scores]
        assert values == sorted(values, reverse=True)
        best = board.search(depth=4)
        assert scores[0][1] == best.score


class TestPlayer:
    @pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
    def test_levels_play_legal_moves(self, level: int) -> None:
        player = Player(level, seed=3, reproducible=True)
        assert player.level == level and f"level={level}" in repr(player)
        board = Board()
        for _ in range(6 if level < 5 else 2):
            move = player.choose(board)
            assert move is not None and board.is_legal(move)
            board.push(move)

    def test_seeded(self) -> None:
        def game(seed: int) -> list[Move]:
            a, b = Player(1, seed), Player(3, seed + 1)
            board = Board()
            while not board.is_game_over() and board.ply < 60:
                move = (a if board.turn == oware.SOUTH else b).choose(board)
                assert move is not None
                board.push(move)
            return board.move_stack

        assert game(5) == game(5)
        assert game(5) != game(6)

    def test_game_over(self) -> None:
        assert Player(2).choose(Board("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25")) is None

    def test_bad_arguments(self) -> None:
        for level in (0, 6, -1):
            with pytest.raises(ValueError, match="level must be 1 to 5"):
                Player(level)
        with pytest.raises(TypeError):
            Player("3")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a seed must be an int"):
            Player(3, seed="x")  # type: ignore[arg-type]
        for seed in (-1, 2**64, 2**100):  # issue 31: these were taken modulo 2**64
            with pytest.raises(ValueError, match="seed must be 0 to 2"):
                Player(3, seed=seed)
        with pytest.raises(TypeError):
            Player(3).choose("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0")  # type: ignore[arg-type]


class TestMatch:
    def test_match(self) -> None:
        result = oware.play_match(2, 1, games=6, seed=1)
        assert result.games == 6 == result.wins + result.draws + result.losses
        assert 0.0 <= result.score <= 1.0 and result.elo_margin > 0
        assert result == oware.play_match(2, 1, games=6, seed=1)
        assert "Elo" in str(result) and "MatchResult" in repr(result)
        kalah = oware.play_match(3, 1, games=2, ruleset="kalah")
        assert kalah.games == 2 and isinstance(kalah.elo, float)

    def test_node_budgets(self) -> None:
        # A node budget a move, as Player(level, nodes=...): reproducible, and it tells.
        starved = oware.play_match(4, 4, games=6, seed=3, first_nodes=1)
        assert starved == oware.play_match(4, 4, games=6, seed=3, first_nodes=1)
        assert starved.losses == 6
        both = oware.play_match(3, 4, games=2, seed=1, first_nodes=500, second_nodes=2000)
        assert both == oware.play_match(3, 4, games=2, seed=1, first_nodes=500, second_nodes=2000)
        for bad in (0, 10**12 + 1):
            with pytest.raises(ValueError, match="^first_nodes must be 1 to 1000000000000"):
                oware.play_match(4, 4, first_nodes=bad)
        with pytest.raises(ValueError, match="^second_nodes must be 1 to"):
            oware.play_match(4, 4, second_nodes=-1)

    def test_bad_arguments(self) -> None:
        with pytest.raises(ValueError, match="^games must be 1 to 4294967295, not 0$"):
            oware.play_match(1, 2, games=0)
        with pytest.raises(ValueError, match="^second must be 1 to 5, not 9$"):
            oware.play_match(1, 9)
        with pytest.raises(oware.InvalidRulesetError):
            oware.play_match(1, 2, ruleset="chess")


def _runs_while(work: Callable[[], object]) -> tuple[float, float, int]:
    """Runs *work* in a thread while this thread counts; returns (work's time,
    the longest pause of this thread, iterations)."""
    done = threading.Event()
    errors: list[BaseException] = []

    def target() -> None:
        try:
            work()
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)
        finally:
            done.set()

    thread = threading.Thread(target=target)
    start = last = time.perf_counter()
    longest = 0.0
    iterations = 0
    thread.start()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
        iterations += 1
        sum(range(100))  # pure-Python work that needs the GIL
    thread.join()
    assert not errors, errors
    return time.perf_counter() - start, longest, iterations


def _level5_game(plies: int) -> None:
    player = Player(5, reproducible=True)
    board = Board()
    for _ in range(plies):
        move = player.choose(board)
        assert move is not None
        board.push(move)


WORK: dict[str, Callable[[], object]] = {
    "search": lambda: Board().search(nodes=4_000_000),
    "analyse": lambda: Board().analyse(nodes=3_000_000),
    "perft": lambda: Board().perft(11),
    "player": lambda: _level5_game(6),
    "match": lambda: oware.play_match(4, 4, games=20),
    "random_games": lambda: oware.random_games(60_000, threads=1),
}


@pytest.mark.parametrize("name", list(WORK))
def test_threads_run_while_the_engine_works(name: str) -> None:
    if name == "random_games":
        pytest.importorskip("numpy")
    elapsed, longest, iterations = _runs_while(WORK[name])
    # The work takes a while; this thread kept running all along (the
    # interpreter's switch interval is 5 ms: a held GIL would pause it for
    # the whole search).
    assert elapsed > 0.1, f"{name} was too quick to tell ({elapsed:.3f} s)"
    assert longest < max(0.05, elapsed / 4), (name, elapsed, longest)
    assert iterations > 100


def test_searches_in_threads_agree() -> None:
    board = Board.from_record("CfBa")
    results: list[oware.SearchResult] = []
    threads = [threading.Thread(target=lambda: results.append(board.search(depth=9))) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and results[0] == results[1] == results[2]


def test_the_board_is_free_while_its_search_runs() -> None:
    """A search works on a copy: the board can be played on meanwhile."""
    board = Board()
    results: list[oware.SearchResult] = []
    thread = threading.Thread(target=lambda: results.append(board.search(nodes=3_000_000)))
    thread.start()
    pushes = 0
    while thread.is_alive():
        board.push_str("C")
        board.pop()
        pushes += 1
    thread.join()
    assert pushes > 10 and results[0].best_move is not None
    perft = threading.Thread(target=lambda: board.perft(10))
    perft.start()
    board.push_str("A")
    perft.join()
    assert board.ply == 1


class TestSearcher:
    def test_search_and_analyse(self) -> None:
        searcher = oware.Searcher(tt_entries=1 << 12)
        assert searcher.tt_entries == 4096 and repr(searcher) == "Searcher(tt_entries=4096)"
        board = Board.from_record("CfBa")
        result = searcher.search(board, depth=7)
        assert result.best_move is not None and board.is_legal(result.best_move)
        searcher.clear()  # now as a new searcher of the same size
        assert searcher.search(board, depth=7) == oware.Searcher(1 << 12).search(board, depth=7)
        scores = searcher.analyse(board, 4)
        assert sorted(m for m, _ in scores) == board.legal_moves

    def test_stop_from_another_thread(self) -> None:
        searcher = oware.Searcher()
        results: list[oware.SearchResult] = []
        thread = threading.Thread(target=lambda: results.append(searcher.search(Board(), time_ms=60_000)))
        start = time.perf_counter()
        thread.start()
        time.sleep(0.2)
        searcher.stop()
        thread.join(timeout=30)
        assert not thread.is_alive() and time.perf_counter() - start < 10
        assert results[0].best_move is not None and results[0].depth >= 1
        # The stop lasted for that search only.
        assert searcher.search(Board(), depth=5).depth == 5

    def test_threads_take_turns(self) -> None:
        searcher = oware.Searcher(1 << 14)
        results: list[oware.SearchResult] = []
        threads = [
            threading.Thread(target=lambda: results.append(searcher.search(Board(), nodes=200_000)))
            for _ in range(3)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(results) == 3 and all(r.best_move is not None for r in results)

    def test_bad_arguments(self) -> None:
        for entries in (0, -1, 2**27):
            with pytest.raises(ValueError, match="tt_entries"):
                oware.Searcher(entries)
        with pytest.raises(TypeError):
            oware.Searcher().search("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0")  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            oware.Searcher().search(Board(), depth=0)


def test_searcher_runs_while_python_does() -> None:
    searcher = oware.Searcher()
    elapsed, longest, _ = _runs_while(lambda: searcher.search(Board(), nodes=4_000_000))
    assert elapsed > 0.1 and longest < max(0.05, elapsed / 4)


def test_analysis_scores_every_move_under_a_tiny_node_limit() -> None:
    import oware

    assert len(oware.Board().analyse(nodes=1)) == 6


def test_level_five_plays_its_opening_book_until_it_is_turned_off() -> None:
    # The shipped book's move at the start (oware/src/search/book.txt).
    player = Player(5, nodes=1)
    assert player.book
    assert str(player.choose(Board())) == "F"
    player.book = False
    assert not player.book
    # A search of one position keeps the first move it tried.
    assert str(player.choose(Board())) == "A"
    assert not Player(4).book
    four = Player(4)
    with pytest.raises(ValueError, match="only level 5 has an opening book, not level 4"):
        four.book = True
    assert not four.book


def test_each_level_says_how_it_plays() -> None:
    assert [Player(level).description for level in range(1, 6)] == [
        "random, takes a capture half the time",
        "greedy: the most seeds now",
        "looks 4 plies ahead",
        "looks 8 plies ahead",
        "thinks a second a move, plays endgames perfectly",
    ]


def test_level_five_keeps_a_time_budget_on_any_thread_count() -> None:
    board = Board()
    board.push_str("C")
    for threads in (1, 2):
        player = Player(5, time_ms=150, threads=threads)
        player.book = False  # the book answers this opening at once
        start = time.perf_counter()
        move = player.choose(board)
        took = time.perf_counter() - start
        assert move is not None and board.is_legal(move)
        # The budget plus a margin for a loaded 2-core test machine.
        assert took < 0.150 + 0.25, f"{threads} threads: {took:.3f} s"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"time_ms": 0}, "time_ms must be 1 to 86400000, not 0"),
        ({"time_ms": -5}, "time_ms must be 1 to 86400000, not -5"),
        ({"time_ms": 86_400_001}, "time_ms must be 1 to 86400000, not 86400001"),
        ({"time_ms": 100, "reproducible": True}, "time_ms and reproducible=True exclude each other"),
        ({"threads": 0}, "threads must be 1 to 64, not 0"),
        ({"threads": 65}, "threads must be 1 to 64, not 65"),
        ({"nodes": 0}, "nodes must be 1 to 1000000000000, not 0"),
        ({"nodes": -3}, "nodes must be 1 to 1000000000000, not -3"),
        ({"nodes": 10**12 + 1}, "nodes must be 1 to 1000000000000, not 1000000000001"),
        ({"nodes": 1000, "time_ms": 100}, "time_ms and nodes exclude each other"),
    ],
)
def test_player_refuses_bad_budgets(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Player(5, **kwargs)  # type: ignore[arg-type]


def test_a_node_budget_is_reproducible_and_decides_the_strength() -> None:
    def moves(player: Player, plies: int = 12) -> list[Move]:
        board = Board.from_record("CfBa")
        for _ in range(plies):
            move = player.choose(board)
            assert move is not None
            board.push(move)
        return board.move_stack[4:]

    # A node budget implies reproducible play: one thread, the same moves every time,
    # even when more threads are asked for (a node-limited search runs on one).
    assert moves(Player(5, nodes=3_000)) == moves(Player(5, nodes=3_000, threads=2))
    assert moves(Player(5, seed=9, nodes=3_000)) == moves(Player(5, seed=9, nodes=3_000))
    assert repr(Player(4, seed=2, nodes=500)) == "<Player level=4 seed=2 reproducible=True nodes=500>"
    # nodes=1_000_000 is reproducible=True's budget.
    assert moves(Player(5, nodes=1_000_000), 2) == moves(Player(5, reproducible=True), 2)
    # The budget replaces a level's own limit (level 4's 8 plies): it is what decides.
    assert moves(Player(4, nodes=1)) != moves(Player(4))
    assert moves(Player(5, nodes=1)) != moves(Player(5, nodes=50_000))
    # Levels 1 and 2 do not search; a budget leaves them as they are.
    assert moves(Player(2, seed=4, nodes=10)) == moves(Player(2, seed=4))


def test_a_player_shared_by_threads_takes_turns() -> None:
    """Two threads calling one Player at once raised PyO3's "Already borrowed" in the second
    (the first holds it while it thinks without the GIL); now the second waits its turn."""
    player = Player(4, seed=3, nodes=60_000)
    boards = [Board.from_record(record) for record in ("CfBa", "CfBb", "DfBa", "Ce")]
    results: dict[int, list[Move | None]] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def play(k: int) -> None:
        try:
            start.wait()
            results[k] = [player.choose(b) for b in boards]
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    start.wait()
    # Meanwhile this thread reads and sets the player too.
    reads = 0
    while any(t.is_alive() for t in threads):
        assert player.level == 4 and player.book is False and player.endgame is None
        player.endgame = None
        assert repr(player).startswith("<Player level=4 seed=3")
        reads += 1
    for t in threads:
        t.join()
    assert errors == [] and reads > 0
    for moves in results.values():
        assert [m is not None and b.is_legal(m) for m, b in zip(moves, boards)] == [True] * 4
    assert sorted(results) == [0, 1]


def test_work_is_done_on_the_calling_thread_when_no_thread_starts() -> None:
    """With RUST_MIN_STACK at a petabyte no Rust thread can start (as at a process's thread
    limit, which root is not held to): the search raised "the engine failed", then "can't
    start new thread"; now the calls that wait on a thread for Ctrl-C do their work on the
    calling thread instead, with the same results."""
    calls = [
        "str(oware.Board().search(depth=6).best_move)",
        "oware.EndgameDatabase.build(3).value(oware.Board('0,0,0,0,1,1/0,0,0,0,0,1 s 22 23'))",
        "str(oware.Player(3, nodes=1000).choose(oware.Board()))",
        "oware.Board().perft(4)",
    ]
    script = "import oware\n" + "".join(f"print({c})\n" for c in calls)
    env = dict(os.environ, RUST_MIN_STACK=str(2**50))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    here = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines() == here.stdout.splitlines()
    assert done.stdout.splitlines()[-1] == "1014"  # perft(4) from the start
