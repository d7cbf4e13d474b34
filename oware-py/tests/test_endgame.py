"""Endgame databases: building, values and best moves, solving above the range,
files, errors, level 5 playing from a database, and the GIL released while they work."""

from __future__ import annotations

import math
import os
import pathlib
import pickle
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest

import oware
from oware import (
    NORTH,
    SOUTH,
    Board,
    DatabaseFileError,
    EndgameDatabase,
    EndgameError,
    EndgameValue,
    Move,
    Player,
    ProbeError,
)

# South's F (1 seed) lands in North's a, making 2: captured. North's last
# seed (b) cannot feed South, so North takes it (R8): 2 - 1 = 1.
HAND_WORKED = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21"
CONVENTIONS = ["even", "own"]


@pytest.fixture(scope="module", params=CONVENTIONS)
def db(request: pytest.FixtureRequest) -> EndgameDatabase:
    """A database of Abapa up to 7 seeds, under each convention."""
    return EndgameDatabase.build(7, convention=str(request.param))


def board_of(houses: list[int], turn: oware.Side, ruleset: str = "abapa") -> Board:
    """A board with *houses* (absolute order) and the other seeds split between the
    stores so that no side has a majority."""
    on_board = sum(houses)
    south = (48 - on_board) // 2
    north = 48 - on_board - south
    rows = ",".join(map(str, houses[:6])) + "/" + ",".join(map(str, houses[6:]))
    side = "s" if turn == SOUTH else "n"
    return Board(f"{rows} {side} {south} {north}", ruleset=ruleset)


def random_endgame(rng: random.Random, seeds: int) -> Board:
    """A board of *seeds* seeds in random houses whose game goes on."""
    while True:
        houses = [0] * 12
        for _ in range(seeds):
            houses[rng.randrange(12)] += 1
        board = board_of(houses, rng.choice([SOUTH, NORTH]))
        if not board.is_game_over():
            return board


class TestBuild:
    @pytest.mark.parametrize("convention", CONVENTIONS)
    def test_hand_worked_position(self, convention: str) -> None:
        db = EndgameDatabase.build(4, convention=convention)
        probe = db.probe(Board(HAND_WORKED))
        assert probe.exact == 1 and probe.lower == 1 and probe.upper == 1
        assert probe.best_moves == [Move("F")] and probe.best_move == Move("F")
        assert probe.seeds == 3 and probe.plies == 1  # F captures at once
        assert probe.safe_in(Board(HAND_WORKED))
        assert probe.value == EndgameValue(1, 1) == db.value(Board(HAND_WORKED))
        assert repr(probe) == "<EndgameProbe value=1 best_moves='F' seeds=3>"

    def test_properties(self) -> None:
        db = EndgameDatabase.build(3)
        assert db.max_seeds == 3 and db.ruleset == oware.Ruleset.abapa()
        assert db.convention == "own"  # Abapa's own: each side takes its row
        assert repr(db) == "<EndgameDatabase ruleset='abapa' convention='own' max_seeds=3>"
        even = EndgameDatabase.build(2, oware.Variant.OPENSPIEL, "even")
        assert even.convention == "even" and even.ruleset == oware.Ruleset.openspiel()
        # Seeds left at a cycle that count for nobody: the even convention.
        assert EndgameDatabase.build(1, "abapa(leftover=none)").convention == "even"
        assert EndgameDatabase.build(0).max_seeds == 0

    def test_positions(self) -> None:
        db = EndgameDatabase.build(2)
        # Distributions of k seeds in 12 houses: C(k + 11, 11), built or not.
        for k in (0, 1, 2, 12, 29, 48):
            assert db.positions(k) == math.comb(k + 11, 11)
        assert db.positions(49) == 0 and db.positions(10**6) == 0
        with pytest.raises(ValueError, match="^seeds must be 0 or more, not -1$"):
            db.positions(-1)

    def test_values_obey_best_play(self, db: EndgameDatabase) -> None:
        """Each value is the best over the legal moves (played by Board, not by the
        database) of the seeds the move wins and the child's value, bound by bound; and
        every best move keeps the lower bound."""
        rng = random.Random(7)
        for _ in range(300):
            board = random_endgame(rng, rng.randint(1, 7))
            probe = db.probe(board)
            lowers, uppers = [], []
            for move in board.legal_moves:
                child = board.copy(stack=False)
                before = child.stores
                child.push(move)
                won = (child.stores[0] - before[0]) - (child.stores[1] - before[1])
                won = won if board.turn == SOUTH else -won
                v = db.value(board_of(child.houses(), child.turn))
                if child.turn == board.turn:
                    lower, upper = won + v.lower, won + v.upper
                else:
                    lower, upper = won - v.upper, won - v.lower
                lowers.append(lower)
                uppers.append(upper)
                if move in probe.best_moves:
                    assert lower == probe.lower, (board, move)
            assert probe.best_moves or not board.legal_moves
            assert set(probe.best_moves) <= set(board.legal_moves)
            assert (max(lowers), max(uppers)) == (probe.lower, probe.upper), board
            if db.convention == "even":
                assert probe.exact == probe.lower

    def test_value_ignores_stores_and_mirrors(self, db: EndgameDatabase) -> None:
        board = Board(HAND_WORKED)
        assert db.value(board.mirror()) == db.value(board)
        assert db.value(Board("0,0,0,0,0,1/1,1,0,0,0,0 s 22 23")) == db.value(board)

    def test_openspiel_positions_are_covered(self) -> None:
        db = EndgameDatabase.build(4)
        board = Board(HAND_WORKED, ruleset="openspiel")
        assert db.probe(board).best_move == Move("F")


class TestHistory:
    # A win of 6 seeds that takes 43 plies of forcing play.
    LONG = "0,0,1,2,0,1/0,0,0,1,0,1 s 21 21"

    def test_plies_and_safe_in(self) -> None:
        db = EndgameDatabase.build(6)
        probe = db.probe(Board(self.LONG))
        assert (probe.exact, probe.plies, probe.best_move) == (6, 43, Move("D"))
        assert probe.safe_in(Board(self.LONG))
        for limit, safe in ((20, False), (42, False), (43, True)):
            board = Board(self.LONG, ruleset=f"abapa(no_capture={limit})")
            assert db.probe(board).safe_in(board) is safe
        with pytest.raises(ValueError, match="the probe is of"):
            probe.safe_in(Board())
        with pytest.raises(TypeError):
            probe.safe_in(self.LONG)  # type: ignore[arg-type]

    def test_values_under_no_progress(self) -> None:
        # A value of 0 or less under 'even' needs no progress.
        db = EndgameDatabase.build(2, convention="even")
        probe = db.probe(Board("0,0,0,0,0,0/1,0,0,0,0,1 s 23 23"))
        assert probe.exact is not None and probe.exact <= 0 and probe.plies is None


class TestErrors:
    def test_error_classes(self) -> None:
        for cls in (EndgameError, ProbeError, DatabaseFileError):
            assert issubclass(cls, ValueError) and cls.__module__ == "oware"

    @pytest.mark.parametrize(
        "ruleset",
        # The last: a side could pass without a capture.
        ["kalah", "kalah-irving", "congkak", "abapa(grand_slam=capture-all,must_feed=off)"],
    )
    def test_unsupported_ruleset(self, ruleset: str) -> None:
        with pytest.raises(EndgameError, match="Oware ruleset"):
            EndgameDatabase.build(2, ruleset)

    def test_max_seeds(self) -> None:
        for max_seeds in (49, -1, 300):
            with pytest.raises(EndgameError, match="max_seeds must be 0 to 48"):
                EndgameDatabase.build(max_seeds)
        start = time.perf_counter()
        with pytest.raises(EndgameError, match="layer of 29 seeds would hold 2\\^31"):
            EndgameDatabase.build(40)  # refused before anything is built
        assert time.perf_counter() - start < 1

    def test_unknown_convention(self) -> None:
        with pytest.raises(ValueError, match='unknown convention "odd": expected "even" or "own"'):
            EndgameDatabase.build(2, convention="odd")
        with pytest.raises(ValueError, match="unknown convention"):
            EndgameDatabase.load_dir(".", convention="evens")
        assert EndgameDatabase.build(2, convention="EVEN").convention == "even"

    def test_wrong_ruleset(self, db: EndgameDatabase) -> None:
        # Kalah's, and Awale's (another grand-slam rule: other moves).
        for board in (Board(ruleset="kalah"), Board(HAND_WORKED, ruleset="kalah"), Board(HAND_WORKED, ruleset="awale")):
            with pytest.raises(ProbeError, match="ruleset is not the database's"):
                db.probe(board)
            with pytest.raises(ProbeError):
                db.value(board)
            with pytest.raises(ProbeError):
                db.solve(board)

    def test_too_many_seeds(self, db: EndgameDatabase) -> None:
        with pytest.raises(ProbeError, match="48 seeds on the board, the database holds up to 7"):
            db.probe(Board())
        with pytest.raises(ProbeError, match="8 seeds on the board"):
            db.value(Board("1,1,1,1,1,1/1,1,0,0,0,0 s 20 20"))

    def test_game_over(self, db: EndgameDatabase) -> None:
        majorities = ("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25", "0,0,0,0,0,1/1,1,0,0,0,0 n 25 20")
        for position in (*majorities, "0,0,0,0,0,0/0,0,0,0,0,0 s 24 24"):
            board = Board(position)
            assert board.outcome() is not None
            with pytest.raises(ProbeError, match="game is over"):
                db.probe(board)
            with pytest.raises(ProbeError, match="game is over"):
                db.solve(board)

    def test_empty_database(self, tmp_path: pathlib.Path) -> None:
        empty = EndgameDatabase.load_dir(tmp_path)
        assert empty.max_seeds is None
        with pytest.raises(ProbeError, match="no layer"):
            empty.probe(Board(HAND_WORKED))
        with pytest.raises(ProbeError, match="no layer"):
            empty.solve(Board(HAND_WORKED))
        with pytest.raises(ValueError, match="nothing to save"):
            empty.save(tmp_path / "x.owdb")
        with pytest.raises(ValueError, match="nothing to save"):
            empty.save_dir(tmp_path)
        assert not (tmp_path / "x.owdb").exists()

    def test_wrong_types(self, db: EndgameDatabase, tmp_path: pathlib.Path) -> None:
        calls: list[Callable[[], object]] = [
            lambda: EndgameDatabase.build("6"),  # type: ignore[arg-type]
            lambda: EndgameDatabase.build(2.0),  # type: ignore[arg-type]
            lambda: EndgameDatabase.build(2, ruleset=3),  # type: ignore[arg-type]
            lambda: EndgameDatabase.build(2, convention=1),  # type: ignore[arg-type]
            lambda: EndgameDatabase.load(3),  # type: ignore[arg-type]
            lambda: EndgameDatabase.load_dir(None),  # type: ignore[arg-type]
            lambda: db.save(1.5),  # type: ignore[arg-type]
            lambda: db.probe(HAND_WORKED),  # type: ignore[arg-type]
            lambda: db.value(None),  # type: ignore[arg-type]
            lambda: db.solve(Board(HAND_WORKED), max_positions="9"),  # type: ignore[arg-type]
            lambda: db.positions("3"),  # type: ignore[arg-type]
            lambda: EndgameValue("1", 1),  # type: ignore[arg-type]
            lambda: Player(5, endgame="db"),  # type: ignore[arg-type]
            lambda: Player(5, endgame=db.value(Board(HAND_WORKED))),  # type: ignore[arg-type]
        ]
        for call in calls:
            with pytest.raises(TypeError):
                call()
        assert db != "db" and db != 3
        with pytest.raises(TypeError):
            hash(db)


class TestSolve:
    @pytest.mark.parametrize("convention", CONVENTIONS)
    def test_above_the_range(self, convention: str) -> None:
        small = EndgameDatabase.build(5, convention=convention)
        large = EndgameDatabase.build(8, convention=convention)
        for position in ("1,0,2,0,0,1/0,1,0,2,0,1 s 20 20", "0,2,0,0,1,0/1,0,0,3,0,0 n 20 21", HAND_WORKED):
            board = Board(position)
            assert small.solve(board) == large.probe(board).value == large.value(board), position
            assert large.solve(board) == large.value(board)  # within the range
        assert EndgameDatabase.build(1, convention=convention).solve(Board(HAND_WORKED)) == EndgameValue(1, 1)

    def test_limit(self) -> None:
        small = EndgameDatabase.build(3)
        board = Board("1,0,2,0,0,1/0,1,0,2,0,1 s 20 20")
        with pytest.raises(ProbeError, match="more than 10 positions"):
            small.solve(board, max_positions=10)
        for bad in (0, -5):
            with pytest.raises(ValueError, match=rf"^max_positions must be 1 to 2\*\*64 - 1, not {bad}$"):
                small.solve(board, max_positions=bad)


class TestFiles:
    def test_round_trip(self, db: EndgameDatabase, tmp_path: pathlib.Path) -> None:
        path = tmp_path / "db.owdb"
        db.save(path)
        loaded = EndgameDatabase.load(path)
        assert loaded == db and loaded is not db
        assert loaded.max_seeds == db.max_seeds and loaded.convention == db.convention
        assert loaded.ruleset == db.ruleset
        assert loaded.probe(Board(HAND_WORKED)) == db.probe(Board(HAND_WORKED))
        assert EndgameDatabase.load(str(path)) == db  # a str path too
        assert EndgameDatabase.build(4, convention=db.convention) != db
        # Rewriting gives the same bytes.
        again = tmp_path / "again.owdb"
        loaded.save(again)
        assert again.read_bytes() == path.read_bytes()

    def test_corrupted(self, tmp_path: pathlib.Path) -> None:
        path = tmp_path / "db.owdb"
        EndgameDatabase.build(5).save(path)
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0x10
        bad = tmp_path / "flipped.owdb"
        bad.write_bytes(bytes(data))
        with pytest.raises(DatabaseFileError, match="corrupt \\(checksum mismatch\\)") as info:
            EndgameDatabase.load(bad)
        assert str(info.value).startswith(str(bad))

    def test_truncated(self, tmp_path: pathlib.Path) -> None:
        path = tmp_path / "db.owdb"
        EndgameDatabase.build(4).save(path)
        data = path.read_bytes()
        for length in (0, 5, 12, len(data) // 2, len(data) - 1):
            cut = tmp_path / f"cut{length}.owdb"
            cut.write_bytes(data[:length])
            with pytest.raises(DatabaseFileError, match="truncated"):
                EndgameDatabase.load(cut)

    def test_other_bad_files(self, tmp_path: pathlib.Path) -> None:
        path = tmp_path / "db.owdb"
        EndgameDatabase.build(2).save(path)
        data = path.read_bytes()
        cases = {
            "magic.owdb": (b"PNG" + data[3:], "not an oware endgame database"),
            "version.owdb": (data[:8] + b"\x07\x00" + data[10:], "format version 7"),
            "trailing.owdb": (data + b"\x00", "bytes after the checksum"),
        }
        for name, (content, message) in cases.items():
            (tmp_path / name).write_bytes(content)
            with pytest.raises(DatabaseFileError, match=message):
                EndgameDatabase.load(tmp_path / name)

    def test_io_errors(self, tmp_path: pathlib.Path) -> None:
        missing = tmp_path / "missing.owdb"
        with pytest.raises(FileNotFoundError) as info:
            EndgameDatabase.load(missing)
        assert info.value.filename == str(missing) and info.value.errno is not None
        with pytest.raises(OSError):
            EndgameDatabase.build(1).save(tmp_path / "no" / "such" / "dir.owdb")
        with pytest.raises(IsADirectoryError):
            EndgameDatabase.load(tmp_path)

    def test_directory_of_layers(self, db: EndgameDatabase, tmp_path: pathlib.Path) -> None:
        layers = tmp_path / "layers"
        db.save_dir(layers)  # made if missing
        names = sorted(os.listdir(layers))
        assert names == [f"{db.convention}-{k:02}.owdb" for k in range(8)]
        assert EndgameDatabase.load_dir(layers, convention=db.convention) == db
        # The files of the other convention are not there: an empty database.
        other = "even" if db.convention == "own" else "own"
        assert EndgameDatabase.load_dir(layers, convention=other).max_seeds is None
        # Up to the first file missing.
        (layers / names[5]).unlink()
        partial = EndgameDatabase.load_dir(str(layers), "abapa", db.convention)
        assert partial.max_seeds == 4
        assert partial.probe(Board(HAND_WORKED)) == db.probe(Board(HAND_WORKED))
        # A damaged layer is an error, not the end of the database.
        data = bytearray((layers / names[3]).read_bytes())
        data[-6] ^= 1
        (layers / names[3]).write_bytes(bytes(data))
        with pytest.raises(DatabaseFileError, match=names[3]):
            EndgameDatabase.load_dir(layers, convention=db.convention)

    def test_directory_mapped(self, db: EndgameDatabase, tmp_path: pathlib.Path) -> None:
        """mmap=True reads the same database, refuses the same damage, and keeps its
        values when the files are saved again (renamed over, not written into)."""
        db.save_dir(tmp_path)
        mapped = EndgameDatabase.load_dir(tmp_path, convention=db.convention, mmap=True)
        assert mapped == db and mapped.max_seeds == 7
        rng = random.Random(7)
        for seeds in range(1, 8):
            for _ in range(30):
                board = random_endgame(rng, seeds)
                assert mapped.probe(board) == db.probe(board)
        # The mapped files replaced by another ruleset's layers of the same names:
        # the mapped database still reads the files it mapped.
        other = EndgameDatabase.build(7, "awale", db.convention)
        assert other != db
        other.save_dir(tmp_path)
        assert EndgameDatabase.load_dir(tmp_path, "awale", db.convention) == other
        db.save_dir(tmp_path / "again")
        assert mapped == db and mapped.probe(Board(HAND_WORKED)) == db.probe(Board(HAND_WORKED))
        # Damage is refused as without mmap: an empty file, a cut one, a flipped bit.
        names = sorted(os.listdir(tmp_path / "again"))
        for damage in (lambda b: b"", lambda b: b[:-1], lambda b: b[:40] + bytes([b[40] ^ 4]) + b[41:]):
            layers = tmp_path / f"damaged-{rng.random()}"
            db.save_dir(layers)
            path = layers / names[4]
            path.write_bytes(damage(path.read_bytes()))
            with pytest.raises(DatabaseFileError, match=names[4]) as info:
                EndgameDatabase.load_dir(layers, convention=db.convention, mmap=True)
            with pytest.raises(DatabaseFileError) as copied:
                EndgameDatabase.load_dir(layers, convention=db.convention)
            assert str(info.value) == str(copied.value)
        with pytest.raises(FileNotFoundError):
            EndgameDatabase.load_dir(tmp_path / "missing", mmap=True)
        with pytest.raises(TypeError):
            EndgameDatabase.load_dir(tmp_path, "abapa", db.convention, True)  # type: ignore[call-arg]

    def test_directory_mismatch(self, tmp_path: pathlib.Path) -> None:
        """A layer of another convention or ruleset under a layer's name is refused."""
        EndgameDatabase.build(3, convention="own").save_dir(tmp_path)
        EndgameDatabase.build(3, convention="even").save_dir(tmp_path / "even")
        (tmp_path / "even" / "even-02.owdb").replace(tmp_path / "own-02.owdb")
        with pytest.raises(DatabaseFileError, match="another ruleset or convention"):
            EndgameDatabase.load_dir(tmp_path)
        EndgameDatabase.build(3, "awale", "even").save_dir(tmp_path / "awale")
        with pytest.raises(DatabaseFileError, match="another ruleset or convention"):
            EndgameDatabase.load_dir(tmp_path / "awale", "abapa", "even")
        # A ruleset that moves and captures alike has the same values: the
        # files serve it (here the cycle rule differs).
        EndgameDatabase.build(3, "abapa(leftover=none)").save_dir(tmp_path / "none")
        assert EndgameDatabase.load_dir(tmp_path / "none", "abapa", "even").max_seeds == 3
        with pytest.raises(EndgameError, match="Oware ruleset"):
            EndgameDatabase.load_dir(tmp_path, "kalah")


class TestValue:
    def test_value(self) -> None:
        v = EndgameValue(-4, 4)
        assert (v.lower, v.upper, v.exact) == (-4, 4, None)
        assert EndgameValue(3, 3).exact == 3
        assert repr(v) == "EndgameValue(lower=-4, upper=4)"
        assert v == EndgameValue(-4, 4) and v != EndgameValue(-4, 3)
        assert hash(v) == hash(EndgameValue(-4, 4)) and len({v, EndgameValue(-4, 4)}) == 1
        assert pickle.loads(pickle.dumps(v)) == v

    def test_bad_values(self) -> None:
        with pytest.raises(ValueError, match="above the upper bound"):
            EndgameValue(2, 1)
        with pytest.raises(ValueError, match="-128 to 127"):
            EndgameValue(0, 128)

    def test_probe_is_frozen(self, db: EndgameDatabase) -> None:
        probe = db.probe(Board(HAND_WORKED))
        with pytest.raises(AttributeError):
            probe.exact = 2  # type: ignore[misc]
        assert hash(probe) == hash(db.probe(Board(HAND_WORKED)))


class TestPlayer:
    def test_level5_plays_the_database_move(self) -> None:
        db = EndgameDatabase.build(6)
        player = Player(5, reproducible=True, endgame=db)
        assert player.endgame is db and "endgame=<EndgameDatabase" in repr(player)
        assert Player(5).endgame is None and "endgame" not in repr(Player(5))
        assert player.choose(Board(HAND_WORKED)) == Move("F")

    def test_give_and_take_a_database(self) -> None:
        db = EndgameDatabase.build(8)
        player = Player(5, reproducible=True)
        player.endgame = db
        assert player.endgame is db
        board = Board("1,0,1,1,0,1/0,0,0,1,0,0 s 21 22")  # A, C, D and F all win 5
        assert db.probe(board).best_moves == [Move("A"), Move("C"), Move("D"), Move("F")]
        assert player.choose(board) == Move("A")
        player.endgame = None
        assert player.endgame is None and "endgame" not in repr(player)
        with pytest.raises(TypeError):
            player.endgame = "db"  # type: ignore[assignment]

    def test_level5_follows_the_database(self) -> None:
        """Where the value is exact, level 5 plays the database's first best move, also
        where other moves are as good (a search alone would not pick the same one)."""
        db = EndgameDatabase.build(8)
        player = Player(5, reproducible=True, endgame=db)
        rng = random.Random(11)
        played = 0
        for _ in range(60):
            board = random_endgame(rng, rng.randint(3, 8))
            probe = db.probe(board)
            if probe.exact is None:
                continue  # a cycle can change the value: level 5 searches
            assert player.choose(board) == probe.best_move, board
            played += 1
        assert played > 40

    def test_other_levels_take_a_database(self) -> None:
        db = EndgameDatabase.build(3)
        for level in (1, 2, 3, 4):
            move = Player(level, endgame=db).choose(Board(HAND_WORKED))
            assert move is not None and Board(HAND_WORKED).is_legal(move)


def _runs_while(work: Callable[[], object]) -> tuple[float, float]:
    """Runs *work* in a thread while this thread counts; returns (work's time, the
    longest pause of this thread)."""
    done = threading.Event()

    def target() -> None:
        work()
        done.set()

    thread = threading.Thread(target=target)
    start = last = time.perf_counter()
    longest = 0.0
    thread.start()
    while not done.is_set() and thread.is_alive():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
        sum(range(100))  # pure-Python work that needs the GIL
    thread.join()
    assert done.is_set()
    return time.perf_counter() - start, longest


@pytest.mark.parametrize(
    "work",
    [
        lambda: EndgameDatabase.build(10, convention="even"),
        lambda: EndgameDatabase.build(4, convention="even").solve(Board("2,0,2,0,1,1/0,1,0,2,0,1 s 19 19")),
    ],
    ids=["build", "solve"],
)
def test_threads_run_while_the_database_works(work: Callable[[], object]) -> None:
    elapsed, longest = _runs_while(work)
    assert elapsed > 0.1, f"too quick to tell ({elapsed:.3f} s)"
    assert longest < max(0.05, elapsed / 4), (elapsed, longest)




def _rounds(slices: list[oware.EndgameLayerSlice]) -> None:
    """Runs the rounds of every threshold of *slices* in this process."""
    while all([s.start_threshold() for s in slices]):
        sent = [s.send() for s in slices]
        while any(any(out) for out in sent):
            for k, s in enumerate(slices):
                s.receive([out[k] for out in sent])
            sent = [s.send() for s in slices]


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_a_layer_in_slices_is_the_layer_built_whole(convention: str) -> None:
    db = EndgameDatabase.build(6, convention=convention)
    slices = [oware.EndgameLayerSlice(db, k, 3) for k in range(3)]
    assert [s.range for s in slices] == [range(0, 10608), range(10608, 21216), range(21216, 31824)]
    assert repr(slices[1]) == "<EndgameLayerSlice seeds=7 slice=1 of 3 range(10608, 21216)>"
    assert not slices[0].is_finished
    # A slice's state can travel as bytes between any two steps.
    slices = [oware.EndgameLayerSlice.from_bytes(s.to_bytes()) for s in slices]
    _rounds(slices)
    assert all(s.is_finished for s in slices)
    joined = db.with_layer_slices(slices)
    assert joined == EndgameDatabase.build(7, convention=convention)
    assert db.max_seeds == 6


def test_save_layer_writes_the_file_save_dir_writes(tmp_path: pathlib.Path) -> None:
    db = EndgameDatabase.build(3)
    db.save_dir(tmp_path / "all")
    path = db.save_layer(tmp_path, 2)
    assert pathlib.Path(path) == tmp_path / "own-02.owdb"
    assert (tmp_path / "own-02.owdb").read_bytes() == (tmp_path / "all" / "own-02.owdb").read_bytes()
    with pytest.raises(ValueError, match="seeds must be 0 to 3, not 4"):
        db.save_layer(tmp_path, 4)
    with pytest.raises(FileNotFoundError):
        db.save_layer(tmp_path / "missing", 1)


def test_slices_refuse_bad_input_and_stay_unchanged() -> None:
    db = EndgameDatabase.build(5)
    with pytest.raises(ValueError, match="slices must be 1 to 65536, not 0"):
        oware.EndgameLayerSlice(db, 0, 0)
    with pytest.raises(ValueError, match="slice must be 0 to 1, not 2"):
        oware.EndgameLayerSlice(db, 2, 2)
    part = oware.EndgameLayerSlice(db, 0, 2)
    assert part.start_threshold()
    before = part.to_bytes()
    with pytest.raises(ValueError, match="not a whole number of 4-byte words"):
        part.receive([b"\x00\x00\x00", b""])
    with pytest.raises(ValueError, match="is not for this slice"):
        part.receive([(20000).to_bytes(4, "little"), b""])
    with pytest.raises(ValueError, match="one message list for each of the 2 slices, not 1"):
        part.receive([b""])
    assert part.to_bytes() == before
    for bad in [b"", b"OWSL", before[:-1], before[:-4] + b"\x00\x00\x00\x00"]:
        with pytest.raises(ValueError, match="not a layer slice's state"):
            oware.EndgameLayerSlice.from_bytes(bad)
    with pytest.raises(ValueError, match="not the finished slices"):
        db.with_layer_slices([part])
    with pytest.raises(ValueError, match="not the finished slices"):
        db.with_layer_slices([])
    full = EndgameDatabase.build(12, "abapa(seeds=1)")
    with pytest.raises(EndgameError, match="already holds every seed"):
        oware.EndgameLayerSlice(full, 0, 1)
