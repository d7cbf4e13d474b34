"""Board.explain: a move, unplayed, in the field's words, with the exact text Rust and C give."""

from __future__ import annotations

import pytest

import oware
from oware import Board, Move


@pytest.mark.parametrize(
    ("position", "move", "sentence"),
    [
        # A plain sowing from the start.
        (None, "C", "C sows 4 seeds into D, E, F, a; the last seed makes a 5"),
        # A lap of 12 seeds skips the origin house (R4).
        (
            "0,0,0,0,0,12/1,1,1,1,1,1 s 15 15",
            "F",
            "F sows 12 seeds into a, b, c, d, e, f, A, B, C, D, E, then on lap 2, skipping F (R4), into a; "
            "the last seed makes a 3: captures a (3)",
        ),
        # The chain capture of issue 14 (R5).
        (
            "4,4,4,4,4,3/4,2,1,4,4,4 s 3 3",
            "F",
            "F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5",
        ),
        # A grand slam captures nothing (R6).
        (
            "0,0,0,0,2,0/1,0,0,0,0,0 s 22 23",
            "E",
            "E sows 2 seeds into F, a; the last seed makes a 2: a grand slam, "
            "which would take every seed North has, so nothing is captured (R6)",
        ),
        # Feeding a starved opponent (R7).
        (
            "0,0,0,0,1,3/0,0,0,0,0,0 s 22 22",
            "F",
            "F sows 3 seeds into a, b, c; the last seed makes c 1; this feeds North, who was starved (R7)",
        ),
        # Kalah: the capture of the opposite house (K3).
        (
            "1,0,4,4,4,4/4,4,4,4,5,4 s 3 3 kalah",
            "A",
            "A sows 1 seed into B; the last seed makes B 1: captures the opposite house e (5) and B (1) = 6 (K3)",
        ),
        # Congkak: a relay (C4), then the opposite house (C6).
        (
            "2,0,3,0,0,0,0/5,0,0,0,0,0,1 s 44 43 congkak",
            "A",
            "A sows 2 seeds into B, C; the last seed makes C 4: relay (C4), C sows 4 seeds into D, E, F, G; "
            "the last seed makes G 1: captures the opposite house a (5) and G (1) = 6 (C6)",
        ),
    ],
)
def test_explain_says_the_move_exactly(position: str | None, move: str, sentence: str) -> None:
    board = Board(position)
    assert board.explain(Move(move)) == sentence
    assert board.ply == 0 and board.move_stack == []


def test_explain_kalah_extra_turn() -> None:
    board = Board(ruleset=oware.Ruleset("kalah"))
    assert board.explain(Move("C")) == (
        "C sows 4 seeds into D, E, F, South's store; the last seed falls in South's store: South moves again (K2)"
    )


def test_explain_refuses_illegal_moves_and_other_types() -> None:
    board = Board()
    with pytest.raises(oware.IllegalMoveError, match="illegal move c: house is not the side to move's"):
        board.explain(Move("c"))
    with pytest.raises(TypeError, match="explain\\(\\) takes a Move"):
        board.explain("C")  # type: ignore[arg-type]
    over = Board("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25")
    with pytest.raises(oware.IllegalMoveError, match="the game is over"):
        over.explain(Move("A"))
