"""Helpers shared by the test modules."""

from __future__ import annotations

import random

import oware

PRESETS = ["abapa", "openspiel", "awale", "kalah", "kalah-irving", "congkak"]


def random_board(ruleset: str = "abapa", plies: int = 20, seed: int = 0) -> oware.Board:
    """A board after up to *plies* random legal moves."""
    rng = random.Random(seed)
    board = oware.Board(ruleset=ruleset)
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(board.legal_moves))
    return board
