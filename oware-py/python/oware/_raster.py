"""Boards as RGB frames (NumPy uint8, height x width x 3) for the adapters'
``rgb_array`` render mode, drawn with NumPy alone (private).

The picture is :mod:`oware.svg`'s layout and colours without text but the
seed counts, in a 3x5 pixel font scaled up: houses and stores with their
counts, the last move's house (blue ring) and what it sowed (amber), its
captures (red ring), the threatened houses (thin red ring) and a blue bar
along the side to move's row.
"""

from __future__ import annotations

import numpy as np

from oware._oware import Board
from oware._picture import COLOURS, PitView, picture

DIGITS = {
    "0": ("111", "101", "101", "101", "111"),
    "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"),
    "3": ("111", "001", "111", "001", "111"),
    "4": ("101", "101", "111", "001", "001"),
    "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"),
    "7": ("111", "001", "010", "010", "010"),
    "8": ("111", "101", "111", "101", "111"),
    "9": ("111", "101", "111", "001", "111"),
}
"""A 3x5 glyph of each digit, rows top down."""

BACKGROUND = "#f7f1e6"


def rgb_array(board: Board, *, cell: int = 48, flipped: bool = False) -> np.ndarray:
    """*board* as a uint8 array of shape (height, width, 3), *cell* pixels a house."""
    pic = picture(board, flipped=flipped)
    frame = np.empty((round(pic.height * cell), round(pic.width * cell), 3), dtype=np.uint8)
    frame[:] = _rgb(BACKGROUND)
    ys, xs = np.mgrid[0 : frame.shape[0], 0 : frame.shape[1]] + 0.5
    grid = (xs / cell, ys / cell)
    _fill(frame, _rounded_rect(grid, pic.width / 2, 1.5, pic.width / 2 - 0.06, 1.08, 0.5), "board")
    for pit in pic.pits:
        _draw_pit(frame, grid, pit, cell)
        if pit.side == pic.turn and not pit.store:
            under = pit.label_y - 0.05 if pit.label_y > pit.y else pit.label_y - 0.1
            _fill(frame, _rounded_rect(grid, pit.x, under, 0.41, 0.05, 0.05), "turn")
    return frame


def _draw_pit(frame: np.ndarray, grid: tuple[np.ndarray, np.ndarray], pit: PitView, cell: int) -> None:
    """One house or store: its shape in its colour, its marks' rings and its count."""
    radius = 0.37 if pit.store else 0.42
    half_height = 0.9 if pit.store else radius
    outline = _rounded_rect(grid, pit.x, pit.y, radius, half_height, radius)
    _fill(frame, outline, "sown" if "sown" in pit.marks else "house")
    ring = "moved" if "moved" in pit.marks else "captured" if "captured" in pit.marks else None
    if ring is not None:
        inner = _rounded_rect(grid, pit.x, pit.y, radius - 0.07, half_height - 0.07, radius - 0.07)
        _fill(frame, outline & ~inner, ring)
    if "threatened" in pit.marks:
        outer = _circle(grid, pit.x, pit.y, radius + 0.06)
        _fill(frame, outer & ~_circle(grid, pit.x, pit.y, radius + 0.03), "captured")
    _draw_number(frame, pit.seeds, pit.x * cell, pit.y * cell, scale=max(1, round(cell / 14)))


def _draw_number(frame: np.ndarray, number: int, x: float, y: float, *, scale: int) -> None:
    """*number* in the count colour, centred on the pixel (*x*, *y*), each
    glyph pixel *scale* pixels square."""
    text = str(number)
    glyph_width, gap = 3 * scale, scale
    width = len(text) * glyph_width + (len(text) - 1) * gap
    left, top = round(x - width / 2), round(y - 5 * scale / 2)
    for k, digit in enumerate(text):
        for row, bits in enumerate(DIGITS[digit]):
            for column, bit in enumerate(bits):
                if bit == "1":
                    x0 = left + k * (glyph_width + gap) + column * scale
                    y0 = top + row * scale
                    frame[y0 : y0 + scale, x0 : x0 + scale] = _rgb(COLOURS["count"])


def _rounded_rect(
    grid: tuple[np.ndarray, np.ndarray], x: float, y: float, half_width: float, half_height: float, radius: float
) -> np.ndarray:
    """The pixels of a rectangle centred on (*x*, *y*) with corners rounded by
    *radius* (all in cells): a circle when both halves are the radius, a
    store's bar when only the width is."""
    xs, ys = grid
    dx = np.maximum(np.abs(xs - x) - (half_width - radius), 0.0)
    dy = np.maximum(np.abs(ys - y) - (half_height - radius), 0.0)
    mask: np.ndarray = dx * dx + dy * dy <= radius * radius
    return mask


def _circle(grid: tuple[np.ndarray, np.ndarray], x: float, y: float, radius: float) -> np.ndarray:
    return _rounded_rect(grid, x, y, radius, radius, radius)


def _fill(frame: np.ndarray, mask: np.ndarray, colour: str) -> None:
    """Paints the pixels of *mask* in the named colour of :data:`COLOURS`."""
    frame[mask] = _rgb(COLOURS[colour])


def _rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a triple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)

