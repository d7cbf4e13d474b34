"""Int arguments: every int parameter of the API refuses a value out of its range, however
large (past 64 bits too) or negative, with a ValueError that names the parameter, its range
and the value as given (not PyO3's bare OverflowError)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import oware
from oware import (
    Board,
    BoardBatch,
    EndgameDatabase,
    EndgameValue,
    Move,
    Outcome,
    Pit,
    Player,
    Ruleset,
    Score,
    Searcher,
    Side,
    Termination,
)

U64 = 2**64 - 1
MAX_CENTISEEDS = 989_999

# (the call with the value, the parameter's name, its lowest and highest values)
INT_PARAMETERS: list[tuple[str, Callable[[int], object], str, int, int]] = [
    ("Board.perft", lambda v: Board().perft(v), "depth", 0, 30),
    ("Board.search depth", lambda v: Board().search(depth=v), "depth", 1, 64),
    ("Board.search nodes", lambda v: Board().search(nodes=v), "nodes", 1, U64),
    ("Board.search time_ms", lambda v: Board().search(time_ms=v), "time_ms", 1, U64),
    ("Board.analyse depth", lambda v: Board().analyse(depth=v), "depth", 1, 64),
    ("Board.push_action", lambda v: Board().push_action(v), "action", 0, 5),
    ("Move house", lambda v: Move(Side.SOUTH, v), "house", 0, 8),
    ("Move.from_index index", lambda v: Move.from_index(v, 6), "index", 0, 11),
    ("Move.from_index houses", lambda v: Move.from_index(0, v), "houses_per_side", 1, 9),
    ("Move.to_index", lambda v: Move("A").to_index(v), "houses_per_side", 1, 9),
    ("Pit house", lambda v: Pit(Side.NORTH, v), "house", 0, 8),
    ("Pit.to_index", lambda v: Pit(Side.SOUTH).to_index(v), "houses_per_side", 1, 9),
    ("Ruleset.kalah houses", lambda v: Ruleset.kalah(v, 4), "houses", 1, 9),
    ("Ruleset.kalah seeds", lambda v: Ruleset.kalah(6, v), "seeds", 1, 21),
    ("Ruleset.kalah_irving houses", lambda v: Ruleset.kalah_irving(v), "houses", 1, 9),
    ("Ruleset.kalah_irving seeds", lambda v: Ruleset.kalah_irving(9, v), "seeds", 1, 14),
    ("Outcome scores", lambda v: Outcome(Termination.MAJORITY, (25, v)), "scores", 0, 255),
    ("Score centiseeds", lambda v: Score(centiseeds=v), "centiseeds", -MAX_CENTISEEDS, MAX_CENTISEEDS),
    ("Score win_in", lambda v: Score(win_in=v), "win_in", 0, 9999),
    ("Score loss_in", lambda v: Score(loss_in=v), "loss_in", 0, 9999),
    ("Player level", lambda v: Player(v), "level", 1, 5),
    ("Player nodes", lambda v: Player(3, nodes=v), "nodes", 1, 10**12),
    ("Player time_ms", lambda v: Player(5, time_ms=v), "time_ms", 1, 86_400_000),
    ("Player threads", lambda v: Player(5, threads=v), "threads", 1, 64),
    ("play_match first", lambda v: oware.play_match(v, 1), "first", 1, 5),
    ("play_match second", lambda v: oware.play_match(1, v), "second", 1, 5),
    ("play_match games", lambda v: oware.play_match(1, 1, games=v), "games", 1, 2**32 - 1),
    ("Searcher", lambda v: Searcher(v), "tt_entries", 1, 2**26),
    ("Searcher.search depth", lambda v: Searcher(16).search(Board(), depth=v), "depth", 1, 64),
    ("Searcher.analyse nodes", lambda v: Searcher(16).analyse(Board(), nodes=v), "nodes", 1, U64),
    ("random_games n", lambda v: oware.random_games(v), "n", 1, 10**8),
    ("random_games threads", lambda v: oware.random_games(1, threads=v), "threads", 1, 256),
    ("BoardBatch n", lambda v: BoardBatch(v), "n", 1, 10**8),
    ("BoardBatch.reset", lambda v: BoardBatch(4).reset([0, v]), "indices", 0, 3),
    ("BoardBatch.board", lambda v: BoardBatch(4).board(v), "i", 0, 3),
    ("BoardBatch.step", lambda v: BoardBatch(2).step([0, v]), "action", 0, 5),
    ("EndgameValue lower", lambda v: EndgameValue(v, 127), "lower", -128, 127),
    ("EndgameValue upper", lambda v: EndgameValue(-128, v), "upper", -128, 127),
    ("EndgameDatabase.build", lambda v: EndgameDatabase.build(v), "max_seeds", 0, 48),
    (
        "EndgameDatabase.solve",
        lambda v: EndgameDatabase.build(0).solve(Board("0,0,0,0,0,1/1,0,0,0,0,0 s 23 23"), v),
        "max_positions",
        1,
        U64,
    ),
]


def out_of_range(low: int, high: int) -> list[int]:
    """Values just outside the range, past 64 and 128 bits, and very negative."""
    return [low - 1, high + 1, 2**70, -(2**70), 2**200, -(2**64)]


@pytest.mark.parametrize(("call", "name", "low", "high"), [p[1:] for p in INT_PARAMETERS], ids=[p[0] for p in INT_PARAMETERS])
def test_every_int_parameter_names_itself_and_its_range(
    call: Callable[[int], object], name: str, low: int, high: int
) -> None:
    for value in out_of_range(low, high):
        bounds = [str(b) if b != U64 else "2**64 - 1" for b in (low, high)]
        message = f"{name} must be {bounds[0]} to {bounds[1]}, not {value}"
        with pytest.raises(ValueError, match=re.escape(message)) as error:
            call(value)
        assert not isinstance(error.value, OverflowError)


def test_the_messages_in_full() -> None:
    with pytest.raises(ValueError, match=r"^depth must be 0 to 30, not 1180591620717411303424$"):
        Board().perft(2**70)
    with pytest.raises(ValueError, match=r"^board 1: action must be 0 to 5, not -1$"):
        BoardBatch(2).step([0, -1])
    with pytest.raises(oware.EndgameError, match=r"^max_seeds must be 0 to 48, not 49 \(the seeds of abapa\)$"):
        EndgameDatabase.build(49)
    with pytest.raises(ValueError, match=r"^seeds must be 0 or more, not -1180591620717411303424$"):
        EndgameDatabase.build(0).positions(-(2**70))
    assert EndgameDatabase.build(0).positions(2**70) == 0


@pytest.mark.skipif(not hasattr(sys, "get_int_max_str_digits"), reason="Python prints ints of any length")
def test_an_int_too_long_to_print_is_described() -> None:
    with pytest.raises(ValueError, match=r"^depth must be 0 to 30, not an int of 16610 bits$"):
        Board().perft(10**5000)
    with pytest.raises(ValueError, match=r"^depth must be 0 to 30, not a negative int of 16610 bits$"):
        Board().perft(-(10**5000))


def test_the_kalah_limits_are_the_real_ones() -> None:
    # Said "must be 1 to 255": the limits are 9 houses and 255 seeds in all.
    with pytest.raises(oware.InvalidRulesetError, match=r"^houses must be 1 to 9, not 256$"):
        Ruleset.kalah(256, 4)
    message = r"^seeds must be 1 to 21, not 22 \(6 houses a side hold at most 255 seeds in all\)$"
    with pytest.raises(oware.InvalidRulesetError, match=message):
        Ruleset.kalah(6, 22)
    assert Ruleset.kalah(6, 21).total_seeds == 252
    assert Ruleset.kalah_irving(9, 14).total_seeds == 252


def test_seeds_out_of_range_are_refused_everywhere() -> None:
    """Issue 31: a seed was taken modulo 2**64, so ``Player(3, seed=-1)`` had seed
    18446744073709551615 and ``seed=2**64`` seed 0, where every other negative or
    too large int argument is refused with a message. Every seed now takes 0 to
    2**64 - 1, and says so in the same words."""
    takers: list[Callable[[Any], object]] = [
        lambda s: Player(1, seed=s),
        lambda s: oware.random_games(2, seed=s),
        lambda s: oware.BoardBatch(2, seed=s),
        lambda s: oware.play_match(2, 1, games=2, seed=s),
    ]
    for take in takers:
        for seed, shown in [(-1, "-1"), (2**64, str(2**64)), (-(2**200), str(-(2**200))), (Index(-1), "-1")]:
            with pytest.raises(ValueError, match=rf"^seed must be 0 to 2\*\*64 - 1, not {shown}$"):
                take(seed)
        take(0)
        take(U64)
    assert repr(Player(1, seed=U64)) == f"<Player level=1 seed={U64} reproducible=False>"


def test_non_ints_are_still_type_errors() -> None:
    for bad in ["8", 8.5, None]:
        with pytest.raises(TypeError, match="^'[a-zA-Z]+' object cannot be interpreted as an integer"):
            Board().perft(bad)  # type: ignore[arg-type]


class Index:
    """An object that is an int only through ``__index__`` (as NumPy's are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_every_int_kind_converts_alike() -> None:
    """Issue 12: ``np.int64(-1)`` as a seed raised TypeError (a plain -1 is a seed),
    an object with only ``__index__`` got an internal TypeError ("unsupported operand
    type(s) for >>"), and ``np.bool_`` was refused where ``bool`` is taken. One
    conversion now serves every int argument."""
    # Seeds: every kind of int, 0 to 2**64 - 1.
    expected = repr(Player(1, seed=U64))
    for seed in [Index(2**64 - 1), np.uint64(2**64 - 1)]:
        assert repr(Player(1, seed=seed)) == expected, seed  # type: ignore[arg-type]
    for seed in [np.int64(-1), Index(-1)]:
        with pytest.raises(ValueError, match=r"^seed must be 0 to 2\*\*64 - 1, not -1$"):
            Player(1, seed=seed)  # type: ignore[arg-type]
    games = oware.random_games(20, seed=5)["plies"]
    assert (oware.random_games(20, seed=np.int64(5))["plies"] == games).all()  # type: ignore[arg-type]
    assert repr(Player(1, seed=np.bool_(True))) == repr(Player(1, seed=True))  # type: ignore[arg-type]
    # Range-checked ints: the same values, and the same messages.
    board = Board()
    assert board.perft(Index(2)) == board.perft(np.int8(2)) == board.perft(2) == 36  # type: ignore[arg-type]
    assert board.perft(np.bool_(True)) == board.perft(True) == 6  # type: ignore[arg-type]
    for value, shown in [(Index(-2), -2), (Index(2**80), 2**80), (np.int64(-2), -2)]:
        with pytest.raises(ValueError, match=f"^depth must be 0 to 30, not {shown}$"):
            board.perft(value)  # type: ignore[arg-type]
    # Not ints: Python's own TypeError, for seeds a sentence of ours.
    for bad in ["8", 8.5, np.float64(2.0)]:
        with pytest.raises(TypeError, match="^'[a-zA-Z.0-9]+' object cannot be interpreted as an integer"):
            board.perft(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="^a seed must be an int, not [a-z0-9.]+"):
            Player(1, seed=bad)  # type: ignore[arg-type]
