"""Boards as SVG pictures, in the spirit of python-chess's ``chess.svg``.

>>> import oware, oware.svg
>>> board = oware.Board.from_record("C")
>>> svg = oware.svg.board(board)
>>> svg.startswith("<svg") and 'id="house-C"' in svg
True

A picture shows both rows of houses with their seed counts (and, up to
:data:`MAX_DOTS` seeds, the seeds as dots), the two stores, the house
letters, the side to move (its letters in bold blue, and a status line), the last
move's house (a blue ring) and the pits it sowed into (amber), the houses it
captured from (a red ring), and the houses of the side to move that the
opponent could capture next (a dashed red ring, :meth:`oware.Board.threats`).
Each house and store is a ``<circle>`` or ``<rect>`` with an ``id``
(``house-C``, ``house-a``, ``store-south``), and ``class`` names its marks
(``moved``, ``sown``, ``captured``, ``threatened``); its count is the
``<text>`` with the id ``count-`` and the pit's name (``count-C``,
``count-store-south``).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from oware._oware import Board
from oware._picture import COLOURS, PitView, Picture, picture

__all__ = ["MAX_DOTS", "board"]

MAX_DOTS = 12
"""The most seeds a house shows as dots (beyond, the count alone)."""

CELL = 64
"""Pixels a cell at scale 1 (one house's width)."""



def board(
    board: Board,
    *,
    size: int | None = None,
    flipped: bool = False,
    last_move: bool = True,
    threats: bool = True,
    dots: bool = True,
) -> str:
    """*board* as an SVG document (a str), *size* pixels wide (default 64 a
    house or store); *flipped* puts North at the bottom, *last_move* and
    *threats* turn those marks off, *dots* the seeds drawn as dots.
    Raises TypeError if *board* is not a :class:`oware.Board`, and ValueError
    for a *size* below 1.
    """
    if not isinstance(board, Board):
        raise TypeError(f"oware.svg.board() takes a Board, not {type(board).__name__}")
    if size is not None and size < 1:
        raise ValueError(f"size must be at least 1 pixel, not {size}")
    pic = picture(board, flipped=flipped, last_move=last_move, threats=threats)
    width = size if size is not None else round(pic.width * CELL)
    height = round(width * pic.height / pic.width)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" '
        f'viewBox="0 0 {_n(pic.width * CELL)} {_n(pic.height * CELL)}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        f"<desc>{escape(board.position_string())}</desc>",
        f'<rect class="board" x="4" y="{_n(0.42 * CELL)}" width="{_n(pic.width * CELL - 8)}" '
        f'height="{_n(2.16 * CELL)}" rx="{_n(0.5 * CELL)}" fill="{COLOURS["board"]}" '
        f'stroke="{COLOURS["edge"]}" stroke-width="3"/>',
    ]
    for pit in pic.pits:
        parts += _pit(pit, dots=dots, mover=pit.side == pic.turn and not pit.store)
    parts.append(_status(pic))
    parts.append("</svg>")
    return "\n".join(parts)


def _n(value: float) -> str:
    """A coordinate, without trailing zeros."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _pit(pit: PitView, *, dots: bool, mover: bool) -> list[str]:
    """A house or store: its shape, dots, count and label (in bold blue for the side to move's houses)."""
    x, y = pit.x * CELL, pit.y * CELL
    fill = COLOURS["sown"] if "sown" in pit.marks else COLOURS["house"]
    stroke = _stroke(pit.marks)
    classes = " ".join(["store" if pit.store else "house", *sorted(pit.marks)])
    if pit.store:
        w, h = 0.74 * CELL, 1.8 * CELL
        shape = (
            f'<rect id="{pit.id}" class="{classes}" x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" '
            f'width="{_n(w)}" height="{_n(h)}" rx="{_n(w / 2)}" fill="{fill}"{stroke}/>'
        )
        label_y = y + h / 2 + 0.3 * CELL
    else:
        shape = f'<circle id="{pit.id}" class="{classes}" cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.42 * CELL)}" fill="{fill}"{stroke}/>'
        label_y = pit.label_y * CELL + 0.1 * CELL
    parts = [shape]
    if "threatened" in pit.marks:
        parts.append(
            f'<circle class="threat" cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.47 * CELL)}" fill="none" '
            f'stroke="{COLOURS["captured"]}" stroke-width="3" stroke-dasharray="6 4"/>'
        )
    if dots and not pit.store and 0 < pit.seeds <= MAX_DOTS:
        parts += _dots(x, y, pit.seeds)
    parts.append(
        f'<text id="count-{pit.id.removeprefix("house-")}" class="count" x="{_n(x)}" y="{_n(y + 0.13 * CELL)}" '
        f'font-size="{_n(0.36 * CELL)}" font-weight="bold" text-anchor="middle" fill="{COLOURS["count"]}">'
        f"{pit.seeds}</text>"
    )
    colour, weight = (COLOURS["turn"], "bold") if mover else (COLOURS["label"], "normal")
    parts.append(
        f'<text class="label" x="{_n(x)}" y="{_n(label_y)}" font-size="{_n(0.26 * CELL)}" '
        f'font-weight="{weight}" text-anchor="middle" fill="{colour}">{escape(pit.label)}</text>'
    )
    return parts


def _stroke(marks: frozenset[str]) -> str:
    """The outline for a pit's marks: the last move's house, a capture, or none."""
    if "moved" in marks:
        return f' stroke="{COLOURS["moved"]}" stroke-width="5"'
    if "captured" in marks:
        return f' stroke="{COLOURS["captured"]}" stroke-width="5"'
    return ""


def _dots(x: float, y: float, seeds: int) -> list[str]:
    """*seeds* seeds as dots on a ring around the count (two rings beyond 8)."""
    rings = [(seeds, 0.29)] if seeds <= 8 else [(seeds - 8, 0.17), (8, 0.32)]
    parts = []
    for count, radius in rings:
        for k in range(count):
            angle = 2 * math.pi * k / count - math.pi / 2
            cx, cy = x + radius * CELL * math.cos(angle), y + radius * CELL * math.sin(angle)
            parts.append(f'<circle class="seed" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.045 * CELL)}" fill="{COLOURS["seed"]}"/>')
    return parts


def _status(pic: Picture) -> str:
    """The status line: who is to move, or how the game ended."""
    return (
        f'<text class="status" x="{_n(pic.width * CELL / 2)}" y="{_n(pic.height * CELL - 0.12 * CELL)}" '
        f'font-size="{_n(0.28 * CELL)}" text-anchor="middle" fill="{COLOURS["label"]}">{escape(pic.status)}</text>'
    )
