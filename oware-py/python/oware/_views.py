"""Observations from one side's view, shared by the adapters (private)."""

from __future__ import annotations

from oware._oware import Board, Side


def side_view(board: Board, side: Side) -> list[float]:
    """The observation of *board* from *side*'s view, whoever is to move.

    The layout is :meth:`Board.observation`'s with *side* in the mover's
    place: *side*'s houses, the opponent's houses, *side*'s store, the
    opponent's store, then the side to move (0.0 South, 1.0 North). When
    *side* is to move, this is ``board.observation()``.
    """
    obs = board.observation(absolute=True)
    if side == Side.SOUTH:
        return obs
    h = board.ruleset.houses_per_side
    return obs[h : 2 * h] + obs[:h] + [obs[2 * h + 1], obs[2 * h], obs[2 * h + 2]]
