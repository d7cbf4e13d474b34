"""Oware (Abapa), Kalah and Congkak: rules, game records and an engine, in Rust.

>>> import oware
>>> board = oware.Board()
>>> board.push_str("C")
Move('C')
>>> board.position_string()
'4,4,0,5,5,5/5,4,4,4,4,4 n 0 0'

The native module ``oware._oware`` is private; everything public is
re-exported here. :func:`oware.svg.board` draws a board as SVG (what
Jupyter shows for a :class:`Board`). Adapters for other frameworks live in their own modules
and need their framework installed: :mod:`oware.gym_env` (Gymnasium),
:mod:`oware.pettingzoo_env` (PettingZoo) and :mod:`oware.openspiel_game`
(OpenSpiel).
"""

from oware._oware import (
    DEFAULT_SEARCH_DEPTH,
    DEFAULT_SEARCH_NODES,
    MAX_HOUSES,
    Board,
    BoardBatch,
    Captured,
    DatabaseFileError,
    EndgameDatabase,
    EndgameError,
    EndgameLayerSlice,
    EndgameProbe,
    EndgameValue,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidRulesetError,
    InvalidTagError,
    MatchResult,
    Move,
    MoveReport,
    Outcome,
    OwareError,
    Pit,
    Player,
    ProbeError,
    Relay,
    Ruleset,
    Score,
    SearchResult,
    Searcher,
    Side,
    Termination,
    Variant,
    __version__,
    play_match,
    random_games,
)

from oware import svg  # pure Python, no dependencies: oware.svg.board(board)

SOUTH = Side.SOUTH
"""South: houses ``A``-``F``, moves first."""
NORTH = Side.NORTH
"""North: houses ``a``-``f``."""

__all__ = [
    "DEFAULT_SEARCH_DEPTH",
    "DEFAULT_SEARCH_NODES",
    "MAX_HOUSES",
    "NORTH",
    "SOUTH",
    "Board",
    "BoardBatch",
    "Captured",
    "DatabaseFileError",
    "EndgameDatabase",
    "EndgameError",
    "EndgameLayerSlice",
    "EndgameProbe",
    "EndgameValue",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidRulesetError",
    "InvalidTagError",
    "MatchResult",
    "Move",
    "MoveReport",
    "Outcome",
    "OwareError",
    "Pit",
    "Player",
    "ProbeError",
    "Relay",
    "Ruleset",
    "Score",
    "SearchResult",
    "Searcher",
    "Side",
    "Termination",
    "Variant",
    "__version__",
    "play_match",
    "random_games",
    "svg",
]
