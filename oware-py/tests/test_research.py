"""The research API: observations, action masks, rewards, random_games and BoardBatch."""

from __future__ import annotations

import builtins
import sys
import threading
from typing import Any

import pytest
from helpers import PRESETS, random_board

import oware
from oware import Board, BoardBatch, Move, Termination

np = pytest.importorskip("numpy")


class TestObservation:
    def test_to_move_layout(self) -> None:
        board = Board("1,2,3,4,5,6/7,8,9,1,1,0 n 1 0")
        assert board.observation() == [7, 8, 9, 1, 1, 0, 1, 2, 3, 4, 5, 6, 0, 1, 1]
        assert board.observation(absolute=True) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 1, 0, 1, 0, 1]
        south = Board("1,2,3,4,5,6/7,8,9,1,1,0 s 1 0")
        assert south.observation() == south.observation(absolute=True)
        assert south.observation()[-1] == 0.0

    def test_mirror_symmetry(self, preset: str) -> None:
        board = random_board(preset, plies=15, seed=8)
        mirrored = board.mirror()
        assert board.observation()[:-1] == mirrored.observation()[:-1]
        assert board.observation()[-1] != mirrored.observation()[-1]

    def test_lengths(self, preset: str) -> None:
        board = Board(ruleset=preset)
        h = board.ruleset.houses_per_side
        assert len(board.observation()) == 2 * h + 3
        assert len(board.legal_action_mask()) == h
        assert sum(board.observation()) == board.ruleset.total_seeds

    def test_mask_matches_legal_moves(self, preset: str) -> None:
        board = random_board(preset, plies=40, seed=2)
        mask = board.legal_action_mask()
        assert [i for i, legal in enumerate(mask) if legal] == board.legal_actions()
        assert [Move(board.turn, a) for a in board.legal_actions()] == board.legal_moves

    def test_returns(self) -> None:
        assert Board().returns() == (0.0, 0.0)
        assert Board("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25").returns() == (-1.0, 1.0)
        assert Board("0,0,0,0,0,2/0,0,0,0,0,0 n 25 21").returns() == (1.0, -1.0)


class TestRandomGames:
    def test_arrays(self) -> None:
        games = oware.random_games(500, seed=3)
        assert set(games) == {"plies", "winner", "scores", "termination"}
        assert games["plies"].dtype == np.int32 and games["plies"].shape == (500,)
        assert games["winner"].dtype == np.int8 and set(games["winner"].tolist()) <= {-1, 0, 1}
        assert games["scores"].dtype == np.uint8 and games["scores"].shape == (500, 2)
        assert games["termination"].dtype == np.uint8
        assert (games["termination"] < len(Termination.all())).all()
        games["plies"][0] = -1  # the arrays are writable

    def test_seeded_and_independent_of_threads(self) -> None:
        a = oware.random_games(2000, seed=1, threads=1, moves=True)
        b = oware.random_games(2000, seed=1, threads=2, moves=True)
        c = oware.random_games(2000, seed=2, threads=2)
        for key in a:
            assert (a[key] == b[key]).all()
        assert not (a["plies"] == c["plies"]).all()
        # Seeds are 0 to 2**64 - 1 (issue 31: -1 was taken as 2**64 - 1).
        oware.random_games(5, seed=2**64 - 1)
        with pytest.raises(ValueError, match=r"^seed must be 0 to 2\*\*64 - 1, not -1$"):
            oware.random_games(5, seed=-1)
        with pytest.raises(TypeError, match="a seed must be an int"):
            oware.random_games(5, seed=1.5)  # type: ignore[arg-type]

    @pytest.mark.parametrize("preset", PRESETS + ["kalah(4,3)", "abapa(grand_slam=capture-all)", "congkak(5,5,relay=off)"])
    def test_same_games_as_board(self, preset: str) -> None:
        """The batch's lean history rules give the same games as Board (the core's Game)."""
        games = oware.random_games(300, ruleset=preset, seed=7, moves=True)
        h = oware.Ruleset(preset).houses_per_side
        winners = {0: oware.SOUTH, 1: oware.NORTH, -1: None}
        for i in range(300):
            board = Board(ruleset=preset)
            plies = int(games["plies"][i])
            for index in games["moves"][i][:plies]:
                assert not board.is_game_over()
                board.push(Move.from_index(int(index), h))
            assert (games["moves"][i][plies:] == 255).all()
            outcome = board.outcome()
            assert outcome is not None, f"game {i} should be over after {plies} plies"
            assert outcome.winner == winners[int(games["winner"][i])]
            assert outcome.scores == tuple(games["scores"][i].tolist())
            assert games["termination"][i] == int(outcome.termination)

    def test_bad_arguments(self) -> None:
        with pytest.raises(ValueError, match="n must be"):
            oware.random_games(0)
        with pytest.raises(ValueError, match="threads must be"):
            oware.random_games(10, threads=0)
        with pytest.raises(oware.InvalidRulesetError):
            oware.random_games(10, ruleset="chess")
        with pytest.raises(TypeError):
            oware.random_games("10")  # type: ignore[arg-type]

    def test_needs_numpy(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(sys.modules, "numpy", None)
        with pytest.raises(ImportError, match="pip install numpy"):
            oware.random_games(10)
        with pytest.raises(ImportError, match="pip install numpy"):
            BoardBatch(2).observations()


class TestBoardBatch:
    def test_start(self, preset: str) -> None:
        batch = BoardBatch(4, ruleset=preset, seed=1)
        h = batch.ruleset.houses_per_side
        assert len(batch) == 4 and str(batch.ruleset) == preset
        obs = batch.observations()
        assert obs.dtype == np.float32 and obs.shape == (4, 2 * h + 3)
        assert (obs[0] == np.array(Board(ruleset=preset).observation(), dtype=np.float32)).all()
        assert batch.legal_action_masks().all()
        assert batch.turns().tolist() == [0] * 4 and batch.plies().tolist() == [0] * 4
        assert not batch.is_game_over().any() and (batch.returns() == 0).all()
        assert "BoardBatch n=4" in repr(batch)

    def test_step_matches_board(self, preset: str) -> None:
        batch = BoardBatch(8, ruleset=preset, seed=5)
        boards = [Board(ruleset=preset) for _ in range(8)]
        rng = np.random.default_rng(0)
        for _ in range(400):
            masks = batch.legal_action_masks()
            actions = np.array(
                [rng.choice(np.flatnonzero(m)) if m.any() else -1 for m in masks], dtype=np.int64
            )
            movers = batch.turns().copy()
            rewards, done = batch.step(actions)
            for i, board in enumerate(boards):
                if not board.is_game_over():
                    board.push_action(int(actions[i]))
                    result = board.returns()[int(movers[i])]
                    assert rewards[i] == (result if board.is_game_over() else 0.0)
                else:
                    assert rewards[i] == 0.0
                assert done[i] == board.is_game_over()
            assert (batch.observations() == np.array([b.observation() for b in boards], dtype=np.float32)).all()
            assert (batch.returns() == np.array([b.returns() for b in boards], dtype=np.float32)).all()
            if done.all():
                break
        for i, board in enumerate(boards):
            assert batch.board(i).move_stack == board.move_stack
            assert batch.board(i) == board

    def test_step_accepts_sequences(self) -> None:
        batch = BoardBatch(2)
        batch.step([2, 3])
        batch.step((0, 1))
        assert batch.board(0).move_stack == [Move("C"), Move("a")]

    def test_step_errors_change_nothing(self) -> None:
        batch = BoardBatch(3)
        batch.step([2, 2, 2])
        batch.step(np.array([0, 0, 0], dtype=np.int8))
        before = batch.observations()
        with pytest.raises(oware.IllegalMoveError, match="board 1: illegal move C: house is empty") as raised:
            batch.step([0, 2, 0])
        assert (raised.value.move, raised.value.reason) == (oware.Move("C"), "empty_house")
        with pytest.raises(ValueError, match="^board 2: action must be 0 to 5, not 6$"):
            batch.step([0, 0, 6])
        with pytest.raises(ValueError, match="expected 3 actions"):
            batch.step([0, 0])
        ints = "^actions must be a sequence of ints, one per board, or a NumPy integer array, not "
        with pytest.raises(TypeError, match=ints + "str$"):
            batch.step("abc")  # type: ignore[arg-type]
        with pytest.raises(
            TypeError,
            match="^actions must be ints, one per board: 'NoneType' object cannot be interpreted as an integer$",
        ):
            batch.step([0, None, 1])  # type: ignore[list-item]
        with pytest.raises(TypeError, match=ints + "int$"):
            batch.step(3)  # type: ignore[arg-type]
        assert (batch.observations() == before).all()
        assert batch.plies().tolist() == [2, 2, 2]

    def test_step_random_and_reset(self) -> None:
        batch = BoardBatch(64, ruleset="openspiel", seed=9)
        steps = 0
        while not batch.is_game_over().all():
            rewards, done = batch.step_random()
            steps += 1
            assert steps < 2000
        assert (np.abs(batch.returns().sum(axis=1)) == 0).all()
        plies = batch.plies()
        assert plies.max() == steps
        again = BoardBatch(64, ruleset="openspiel", seed=9)
        while not again.is_game_over().all():
            again.step_random()
        assert (again.plies() == plies).all()
        batch.reset([0, 5])
        assert batch.plies()[0] == 0 and batch.plies()[5] == 0 and batch.plies()[1] == plies[1]
        batch.reset()
        assert (batch.plies() == 0).all()
        with pytest.raises(ValueError, match="^indices must be 0 to 63, not 64$"):
            batch.reset([64])
        with pytest.raises(ValueError, match="^i must be 0 to 63, not -1$"):
            batch.board(-1)

    def test_bad_arguments(self) -> None:
        with pytest.raises(ValueError):
            BoardBatch(0)
        with pytest.raises(TypeError):
            BoardBatch(2, ruleset=3)  # type: ignore[arg-type]


def test_batch_step_refuses_arrays_a_list_would_refuse() -> None:
    np = pytest.importorskip("numpy")
    import oware

    batch = oware.BoardBatch(3)
    before = batch.observations()
    for bad in (np.array([0.9, 1.9, 2.9]), np.array([True, False, True]), np.array([[0, 1, 2]])):
        with pytest.raises(TypeError, match="one-dimensional array of integers"):
            batch.step(bad)
    assert (batch.observations() == before).all()


def test_a_batch_shared_by_threads_takes_turns() -> None:
    """Two threads stepping one BoardBatch raised "Already borrowed" in the second (the first
    holds it while it steps without the GIL); now they take turns, and the boards end as if
    one thread had made every step (each board draws from its own generator)."""
    batch = BoardBatch(20_000, seed=5)
    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def step(times: int) -> None:
        try:
            start.wait()
            for _ in range(times):
                batch.step_random()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=step, args=(6,)) for _ in range(2)]
    for t in threads:
        t.start()
    start.wait()
    reads = 0
    while any(t.is_alive() for t in threads):
        assert batch.plies().shape == (20_000,) and len(batch) == 20_000
        reads += 1
    for t in threads:
        t.join()
    assert errors == [] and reads > 0
    alone = BoardBatch(20_000, seed=5)
    for _ in range(12):
        alone.step_random()
    assert (batch.plies() == alone.plies()).all() and (batch.observations() == alone.observations()).all()


def test_a_uint64_action_is_shown_as_given() -> None:
    """An action of 2**64 - 1 in a uint64 array was read as int64 and shown as -1."""
    batch = BoardBatch(2)
    with pytest.raises(ValueError, match="^board 1: action must be 0 to 5, not 18446744073709551615$"):
        batch.step(np.array([0, 2**64 - 1], dtype=np.uint64))
    with pytest.raises(ValueError, match="^board 0: action must be 0 to 5, not -9223372036854775808$"):
        batch.step(np.array([-(2**63), 0], dtype=np.int64))
    batch.step(np.array([2, 3], dtype=np.uint64))
    assert batch.plies().tolist() == [1, 1]


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (KeyboardInterrupt(), KeyboardInterrupt),
        (RuntimeError("numpy is broken"), RuntimeError),
        (ModuleNotFoundError("No module named 'numpy'", name="numpy"), ImportError),
        (ImportError("numpy's C extension failed"), ImportError),
    ],
)
def test_only_an_import_error_says_install_numpy(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, expected: type[BaseException]
) -> None:
    """Any exception while importing NumPy became "pip install numpy", a KeyboardInterrupt
    too; now only an ImportError does (chained to it), and the rest go through unchanged."""
    real_import = builtins.__import__

    def fake_import(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "numpy":
            raise error
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(expected) as raised:
        oware.random_games(1)
    if expected is ImportError:
        assert str(raised.value).startswith("the batch API returns NumPy arrays: pip install numpy (")
        assert raised.value.__cause__ is error
    else:
        assert raised.value is error
