"""What a picture of a board shows and where, shared by :mod:`oware.svg` and the
adapters' ``rgb_array`` frames (private).

Lengths are in cells, one house's width. South's row is at the bottom and
runs left to right (``A`` first), North's runs right to left along the top,
so seeds are sown counterclockwise; North's store is on the left and
South's on the right, where each side's sowing reaches it. *flipped* turns
the picture half round (North at the bottom).
"""

from __future__ import annotations

from dataclasses import dataclass

from oware._oware import Board, Move, Pit, Side

TOP_ROW = 1.0
"""The centre of the top row of houses (the letters are above it)."""
BOTTOM_ROW = 2.0
HEIGHT = 3.45
"""Rows, letters and the status line below them."""
STATUS_Y = 3.2
LABEL_GAP = 0.72
"""From a row's centre to its letters' baseline."""

COLOURS = {  # "#rrggbb" by what it paints
    "board": "#b5814a",
    "edge": "#6b4423",
    "house": "#7a4b24",
    "sown": "#c98a1e",
    "seed": "#f3ead8",
    "count": "#ffffff",
    "label": "#3b2412",
    "moved": "#2f7de1",
    "captured": "#d32f2f",
    "turn": "#1f5fbf",
}



@dataclass(frozen=True)
class PitView:
    """One house or store as drawn."""

    id: str
    """``house-C``, ``house-a``, ``store-south``, ``store-north``."""
    label: str
    """The house letter, or ``South``/``North`` for a store."""
    store: bool
    side: Side
    x: float
    y: float
    label_y: float
    seeds: int
    marks: frozenset[str]
    """Any of ``moved`` (the last move's house), ``sown`` (the last move sowed
    into it), ``captured`` (it captured from here) and ``threatened`` (the
    opponent of the side to move could capture it next)."""


@dataclass(frozen=True)
class Picture:
    """A board's picture: its size in cells, its pits and its status line."""

    width: float
    height: float
    pits: list[PitView]
    status: str
    turn: Side | None
    """The side to move, None once the game is over."""


def picture(board: Board, *, flipped: bool = False, last_move: bool = True, threats: bool = True) -> Picture:
    """What to draw for *board*; *last_move* and *threats* choose those marks."""
    h = board.ruleset.houses_per_side
    width = h + 2.0
    marks = _marks(board, last_move=last_move, threats=threats)

    def place(x: float, y: float) -> tuple[float, float]:
        return (width - x, TOP_ROW + BOTTOM_ROW - y) if flipped else (x, y)

    pits = []
    south_stores, north_stores = board.stores
    for side, seeds in ((Side.SOUTH, south_stores), (Side.NORTH, north_stores)):
        x, y = place(width - 0.5 if side == Side.SOUTH else 0.5, (TOP_ROW + BOTTOM_ROW) / 2)
        pit_id = f"store-{str(side).lower()}"
        pits.append(PitView(pit_id, str(side), True, side, x, y, y, seeds, marks.get(pit_id, frozenset())))
        row = BOTTOM_ROW if side == Side.SOUTH else TOP_ROW
        for i, seeds in enumerate(board.houses(side)):
            column = i if side == Side.SOUTH else h - 1 - i
            x, y = place(1.5 + column, row)
            _, label_y = place(x, row + (LABEL_GAP if side == Side.SOUTH else -LABEL_GAP))
            label = str(Move(side, i))
            pit_id = f"house-{label}"
            pits.append(PitView(pit_id, label, False, side, x, y, label_y, seeds, marks.get(pit_id, frozenset())))
    outcome = board.outcome()
    turn = None if outcome is not None else board.turn
    status = f"game over: {outcome}" if outcome is not None else f"{board.turn} to move"
    return Picture(width, HEIGHT, pits, status, turn)


def pit_id(pit: Pit) -> str:
    """The id of *pit*'s :class:`PitView`."""
    if pit.house is None:
        return f"store-{str(pit.side).lower()}"
    return f"house-{Move(pit.side, pit.house)}"


def _marks(board: Board, *, last_move: bool, threats: bool) -> dict[str, frozenset[str]]:
    """The marks of each pit id that has any."""
    found: dict[str, set[str]] = {}
    report = board.report if last_move else None
    if report is not None:
        found.setdefault(f"house-{report.move}", set()).add("moved")
        for pit in report.sown:
            found.setdefault(pit_id(pit), set()).add("sown")
        for captured in report.captures:
            found.setdefault(pit_id(captured.pit), set()).add("captured")
    if threats and not board.is_game_over():
        for house in board.threats():
            found.setdefault(f"house-{Move(board.turn, house)}", set()).add("threatened")
    return {pit: frozenset(marks) for pit, marks in found.items()}
