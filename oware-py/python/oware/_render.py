"""The render modes of the Gymnasium and PettingZoo adapters (private)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from oware._oware import Board
from oware._raster import rgb_array

RENDER_MODES = ["ansi", "human", "rgb_array"]
"""``ansi``: the board as text (returned); ``human``: that text printed;
``rgb_array``: a uint8 (height, width, 3) frame (returned)."""


def check_render_mode(mode: str | None, modes: Sequence[str]) -> None:
    """Raises ValueError unless *mode* is None or one of *modes*."""
    if mode is not None and mode not in modes:
        raise ValueError(f"render_mode must be None or one of {list(modes)}, not {mode!r}")


def render(board: Board, mode: str | None) -> str | np.ndarray | None:
    """*board* in render *mode*: None (and nothing printed) for None and ``human``."""
    if mode is None:
        return None
    if mode == "rgb_array":
        return rgb_array(board)
    text = str(board)
    if mode == "human":
        print(text)
        return None
    return text
