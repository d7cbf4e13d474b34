"""The native module of :mod:`oware` (private: import from ``oware``).

Terms are the field's: **houses** hold **seeds**, captures go to a side's
**store**, **South** (houses ``A``-``F``) moves first and **North** owns
``a``-``f``; a **ply** is one side's move. Absolute house indices run from
South's ``A`` (0) to North's last house (``2h - 1`` with ``h`` houses a side).
"""

import os
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, final

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

__all__ = [
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
    "DEFAULT_SEARCH_DEPTH",
    "DEFAULT_SEARCH_NODES",
    "MAX_HOUSES",
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
    "_board_from_state",
    "_score_from_raw",
    "play_match",
    "random_games",
]

__version__: Final[str]
MAX_HOUSES: Final[int]
"""The most houses a side can have in any ruleset (9)."""
DEFAULT_SEARCH_DEPTH: Final[int]
"""The depth, in plies, of a search given no limit (8): with
:data:`DEFAULT_SEARCH_NODES`, the default of :meth:`Board.search`,
:meth:`Board.analyse` and :class:`Searcher`, the core library's (the same in
Rust and C). 8 plies is level 4's depth, quick on every ruleset."""
DEFAULT_SEARCH_NODES: Final[int]
"""The most positions a search given no limit visits (1 000 000, level 5's
reproducible budget): a search without a limit stops at
:data:`DEFAULT_SEARCH_DEPTH` plies or this many positions, whichever comes
first, so it ends well within a second on any position."""

class OwareError(ValueError):
    """The base class of every exception this package raises for bad input: catch
    it to catch them all. A ValueError, as python-chess's errors are. (A build or a
    file too large for memory raises MemoryError, an unreadable file OSError, and a
    wrong argument type TypeError, as Python's own functions do.)

    >>> import oware
    >>> issubclass(oware.IllegalMoveError, oware.OwareError)
    True
    """

class IllegalMoveError(OwareError):
    """Raised when a move is not legal in the position; the board is unchanged.

    *move* is the move and *reason* why it is illegal, a name that is the same in
    C (``OWARE_ILLEGAL_MOVE_REASON_`` and its upper case): ``"game_over"``,
    ``"wrong_side"`` (the house is the other side's), ``"no_such_house"``,
    ``"empty_house"``, ``"must_feed"`` (the opponent has no seeds and the move
    does not feed it, Abapa R7), ``"grand_slam"`` (forbidden by the ruleset) or
    ``"endless_sowing"``. Both are None on an exception not raised by this package.

    >>> import oware
    >>> try:
    ...     oware.Board().push_str("c")
    ... except oware.IllegalMoveError as e:
    ...     print(e, "|", e.move, e.reason)
    illegal move c: house is not the side to move's | c wrong_side
    """

    move: Move | None
    reason: str | None

class InvalidMoveError(OwareError):
    """Raised when move notation is not one house letter: the board's (``A``-``F`` South,
    ``a``-``f`` North on 6 houses a side) where a board reads it, else any board's.

    >>> import oware
    >>> oware.Board().push_str("7")
    Traceback (most recent call last):
    ...
    oware.InvalidMoveError: invalid move notation: expected one letter A-F (South) or a-f (North), got '7'
    >>> oware.Move("7")
    Traceback (most recent call last):
    ...
    oware.InvalidMoveError: invalid move notation: expected one letter A-I (South) or a-i (North) on the largest board, got '7'
    """

class InvalidPositionError(OwareError):
    """Raised when a position string is malformed or not a position of its ruleset.

    >>> import oware
    >>> oware.Board("4,4,4,4,4,4/4,4,4,4,4,5 s 0 0")
    Traceback (most recent call last):
    ...
    oware.InvalidPositionError: invalid position: 49 seeds in houses and stores, the ruleset has 48
    """

class InvalidRulesetError(OwareError):
    """Raised when a ruleset's text form is malformed or names an unplayable ruleset.

    >>> import oware
    >>> oware.Ruleset("kalah(0,4)")
    Traceback (most recent call last):
    ...
    oware.InvalidRulesetError: invalid ruleset text: houses must be 1 to 9
    """

class InvalidRecordError(OwareError):
    """Raised when a game record cannot be read; the message gives the line or ply.

    >>> import oware
    >>> oware.Board.from_record("1. C f 2. f")
    Traceback (most recent call last):
    ...
    oware.InvalidRecordError: invalid game record: ply 3: illegal move f: house is not the side to move's

    *line* is the record's line the error is on (a bad, repeated or misplaced tag
    pair), *ply* the movetext's ply (a character that is no move, an illegal
    move), each counted from 1 and None where the error has none.

    >>> try:
    ...     oware.Board.from_record("1. C f 2. f")
    ... except oware.InvalidRecordError as e:
    ...     print(e.line, e.ply)
    None 3
    """

    line: int | None
    ply: int | None

class InvalidTagError(OwareError):
    """Raised when a record tag cannot be set (:meth:`Board.record`): its name is not
    ASCII letters, digits and ``_``; the game decides it (``Variant``, ``Position``, and
    ``Result`` or ``Termination`` once the game is over); a ``Termination`` names how
    games end (``agreement``, ``majority``, ...: use :meth:`Board.end_by_agreement`); a
    ``Result`` is not ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``; or the value holds a line
    break or another control character. Any of these would make a record that does not
    read back as written.

    >>> import oware
    >>> oware.Board().record({"Termination": "agreement"})
    Traceback (most recent call last):
    ...
    oware.InvalidTagError: invalid tag: Termination "agreement" says how the game ended, which only its moves or an agreement decide (tag 'Termination')
    """

class EndgameError(OwareError):
    """Raised when an endgame database cannot be built: the ruleset is not of the Oware
    family (or lets a side pass without a capture), *max_seeds* is more than the
    ruleset's seeds, or a layer would hold 2**31 positions or more (Abapa: 29 seeds).

    >>> import oware
    >>> oware.EndgameDatabase.build(4, "kalah")
    Traceback (most recent call last):
    ...
    oware.EndgameError: endgame databases need an Oware ruleset in which a side never passes without a capture
    """

class ProbeError(OwareError):
    """Raised when an endgame database cannot value a position: its rules for moves,
    captures or feeding are not the database's, more seeds are on the board than the
    database holds, a side already has a majority (the game is over), or, for
    :meth:`EndgameDatabase.solve`, more than *max_positions* positions are reachable.

    >>> import oware
    >>> oware.EndgameDatabase.build(2).probe(oware.Board())
    Traceback (most recent call last):
    ...
    oware.ProbeError: 48 seeds on the board, the database holds up to 2
    """

class DatabaseFileError(OwareError):
    """Raised when an endgame database file is refused: not a database (bad magic
    bytes), another format version, cut short (truncated), corrupt (its CRC-32 does not
    match, or a header field or value is impossible), or layers that do not fit the
    ruleset, convention or layers asked for. The message starts with the path; nothing
    of a refused file is used. A file that cannot be read at all raises OSError
    (FileNotFoundError, PermissionError, ...) instead.
    """

@final
class Side:
    """``Side.SOUTH`` (houses ``A``-``F``, moves first) or ``Side.NORTH`` (``a``-``f``).

    >>> import oware
    >>> oware.Side.SOUTH.other()
    Side.NORTH
    >>> str(~oware.Side.NORTH)
    'South'
    """

    SOUTH: ClassVar[Side]
    NORTH: ClassVar[Side]
    @staticmethod
    def from_name(name: str) -> Side:
        """The side named *name*, in any case (``'south'``, ``'South'``), as the core's
        ``Side::from_name`` reads it. Raises ValueError for another name.

        >>> oware.Side.from_name("north")
        Side.NORTH
        """
    def other(self) -> Side:
        """The opponent."""
    def __invert__(self) -> Side:
        """The opponent: ``~side``."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Variant:
    """A preset ruleset.

    >>> import oware
    >>> str(oware.Variant.KALAH_IRVING)
    'kalah-irving'
    >>> oware.Variant.from_name("mancala")
    Variant.KALAH
    >>> oware.Variant.OPENSPIEL.ruleset()
    Ruleset('openspiel')
    """

    ABAPA: ClassVar[Variant]
    """Oware, Abapa tournament rules R1-R11 (the default)."""
    OPENSPIEL: ClassVar[Variant]
    """Abapa, but the first repetition ends the game (OpenSpiel's ``oware``)."""
    AWALE: ClassVar[Variant]
    """Abapa with the grand slam forbidden unless every move is one."""
    KALAH: ClassVar[Variant]
    """Kalah(6, 4), standard rules (OpenSpiel's ``mancala``)."""
    KALAH_IRVING: ClassVar[Variant]
    """Kalah(6, 4) with the empty capture."""
    CONGKAK: ClassVar[Variant]
    """Congkak, 7 houses of 7 seeds, relay sowing."""
    @staticmethod
    def from_name(name: str) -> Variant:
        """The variant named *name*, ignoring case; aliases ``oware``, ``mancala`` and
        ``openspiel-oware`` are accepted. Raises :class:`InvalidRulesetError` for others."""
    @staticmethod
    def all() -> list[Variant]:
        """Every variant."""
    def ruleset(self) -> Ruleset:
        """The variant's ruleset."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Termination:
    """Why a game ended; ``str()`` gives its name in game records.

    >>> import oware
    >>> str(oware.Termination.NO_MOVES)
    'no moves'
    >>> oware.Termination.from_name("cycle")
    Termination.CYCLE
    """

    MAJORITY: ClassVar[Termination]
    """A side captured more than half the seeds (or both exactly half)."""
    NO_MOVES: ClassVar[Termination]
    """The side to move has no legal move; each side takes the seeds on its row."""
    CYCLE: ClassVar[Termination]
    """A position came back as often as the ruleset allows."""
    MOVE_LIMIT: ClassVar[Termination]
    """The no-capture ply limit (Abapa: 100) or the total ply limit was reached."""
    AGREEMENT: ClassVar[Termination]
    """The players agreed to end the game (:meth:`Board.end_by_agreement`)."""
    EMPTY_ROW: ClassVar[Termination]
    """A row of houses is empty (Kalah)."""
    EMPTY_BOARD: ClassVar[Termination]
    """Every house is empty (Congkak)."""
    @staticmethod
    def from_name(name: str) -> Termination:
        """The termination named *name* as in game records (``'no moves'``)."""
    @staticmethod
    def all() -> list[Termination]:
        """Every termination; its index in this list is its code in :func:`random_games`."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Move:
    """One ply: the side to move sows one of its houses.

    A move is written as its house letter: ``A``-``F`` for South's houses,
    ``a``-``f`` for North's (up to ``I``/``i`` for rulesets with more houses).
    Moves are frozen, hashable and ordered (South's first, then by house).

    >>> import oware
    >>> m = oware.Move("c")
    >>> m.side, m.house
    (Side.NORTH, 2)
    >>> m == oware.Move(oware.Side.NORTH, 2)
    True
    >>> m.to_index(6)
    8
    >>> oware.Move.from_index(8, 6)
    Move('c')
    """

    def __new__(cls, notation: str | Side, house: int | None = None) -> Self:
        """``Move('C')`` parses a letter (:class:`InvalidMoveError` if it is not one);
        ``Move(Side.SOUTH, 2)`` takes a side and a house index."""
    @staticmethod
    def from_index(index: int, houses_per_side: int) -> Move:
        """The move whose origin house has pit index *index* (South's houses ``0..h``,
        North's ``h..2h``)."""
    @property
    def side(self) -> Side:
        """The side that plays the move."""
    @property
    def house(self) -> int:
        """The origin house's index within its side's row: 0 for ``A``/``a``."""
    def to_index(self, houses_per_side: int) -> int:
        """The pit index of the origin house: South's houses are ``0..h``, North's
        ``h..2h``. ValueError for a house past the board's."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Move, /) -> bool: ...
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Ruleset:
    """The rules a game is played under: a preset, or custom options.

    A ruleset's text form names its nearest preset and the options that
    differ: ``kalah(6,5)``, ``congkak(5,5,relay=off)``,
    ``abapa(grand_slam=capture-all)`` (the options are listed in the core
    crate's ``ruleset_text`` docs). Anywhere a ruleset is taken, a
    :class:`Ruleset`, a :class:`Variant` or the text form will do.

    >>> import oware
    >>> r = oware.Ruleset("kalah(6,5)")
    >>> r
    Ruleset('kalah(6,5)')
    >>> r.houses_per_side, r.seeds_per_house, r.total_seeds, r.family
    (6, 5, 60, 'kalah')
    >>> oware.Ruleset.kalah() == oware.Ruleset(oware.Variant.KALAH)
    True
    >>> oware.Ruleset().variant
    Variant.ABAPA
    """

    def __new__(cls, ruleset: Ruleset | Variant | str | None = None) -> Self:
        """The ruleset of a text form or a variant; ``Ruleset()`` is Abapa.
        Raises :class:`InvalidRulesetError` for a bad text form."""
    @staticmethod
    def abapa() -> Ruleset:
        """Oware by the Abapa tournament rules (the default)."""
    @staticmethod
    def openspiel() -> Ruleset:
        """Abapa, but the first repetition ends the game (OpenSpiel's ``oware``)."""
    @staticmethod
    def awale() -> Ruleset:
        """Abapa with the grand slam forbidden unless every move is one."""
    @staticmethod
    def kalah(houses: int = 6, seeds: int = 4) -> Ruleset:
        """Kalah(*houses*, *seeds*), standard rules."""
    @staticmethod
    def kalah_irving(houses: int = 6, seeds: int = 4) -> Ruleset:
        """Kalah(*houses*, *seeds*) with the empty capture."""
    @staticmethod
    def congkak() -> Ruleset:
        """Congkak: 7 houses of 7 seeds, relay sowing."""
    @property
    def houses_per_side(self) -> int:
        """Houses on each side."""
    @property
    def seeds_per_house(self) -> int:
        """Seeds in each house at the start."""
    @property
    def total_seeds(self) -> int:
        """Seeds in the game."""
    @property
    def variant(self) -> Variant | None:
        """The preset this ruleset is exactly, or None for a custom ruleset."""
    @property
    def family(self) -> str:
        """``'oware'``, ``'kalah'`` or ``'congkak'``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Outcome:
    """The end of a game: why it ended, who won, and the final scores.

    >>> import oware
    >>> o = oware.Board("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25").outcome()
    >>> o
    Outcome(Termination.MAJORITY, (21, 25))
    >>> o.winner, o.result()
    (Side.NORTH, '0-1')
    >>> str(o)
    'North wins 25-21 (majority)'
    """

    def __new__(cls, termination: Termination, scores: tuple[int, int]) -> Self:
        """The outcome with *scores* (South's, North's); the winner is the side with more."""
    @property
    def termination(self) -> Termination:
        """Why the game ended."""
    @property
    def winner(self) -> Side | None:
        """The side with the higher score, or None for a draw."""
    @property
    def scores(self) -> tuple[int, int]:
        """The seeds credited to (South, North): the stores, plus the seeds left on
        each row where the termination gives them out. The board itself is left as it was."""
    def result(self) -> str:
        """``'1-0'`` (South won), ``'0-1'`` (North won) or ``'1/2-1/2'``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Pit:
    """A house or a store: where a seed can be.

    >>> import oware
    >>> oware.Pit(oware.Side.SOUTH, 3), str(oware.Pit(oware.Side.SOUTH, 3))
    (Pit(Side.SOUTH, 3), 'D')
    >>> oware.Pit(oware.Side.NORTH).is_store, str(oware.Pit(oware.Side.NORTH))
    (True, 'N*')
    """

    def __new__(cls, side: Side, house: int | None = None) -> Self:
        """A house of *side* by its index, or *side*'s store when *house* is None."""
    @property
    def side(self) -> Side:
        """The side the house or store belongs to."""
    @property
    def house(self) -> int | None:
        """The house's index within its row, or None for a store."""
    @property
    def is_store(self) -> bool:
        """Whether this is a store."""
    def to_index(self, houses_per_side: int) -> int:
        """The pit index on a board of *houses_per_side* houses a side: houses
        ``0..2h``, South's store ``2h``, North's ``2h + 1``. ValueError for a house past
        the board's (``Pit(Side.NORTH, 3).to_index(2)`` would be North's store)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Captured:
    """One captured pit of a :class:`MoveReport`."""

    @property
    def pit(self) -> Pit:
        """The pit captured from."""
    @property
    def seeds(self) -> int:
        """The seeds it held."""
    @property
    def to(self) -> Side:
        """The side whose store they went to."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Relay:
    """A relay (Congkak): the last seed fell in a house that held seeds, which were
    lifted and sown on."""

    @property
    def after(self) -> int:
        """How many of :attr:`MoveReport.sown` came before the lift."""
    @property
    def pit(self) -> Pit:
        """The house lifted."""
    @property
    def seeds(self) -> int:
        """The seeds lifted (the last seed sown included)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MoveReport:
    """What a move did, in order, for a frontend to animate and explain.

    >>> import oware
    >>> board = oware.Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0")
    >>> board.push_str("F")
    Move('F')
    >>> report = board.report
    >>> "".join(str(p) for p in report.sown)
    'abcde'
    >>> [(str(c.pit), c.seeds) for c in report.captures]
    [('e', 2)]
    >>> report.captured_seeds, report.grand_slam, report.outcome
    (2, False, None)
    """

    @property
    def move(self) -> Move:
        """The move played."""
    @property
    def sown(self) -> list[Pit]:
        """Each pit a seed was dropped into, in sowing order (one entry a seed)."""
    @property
    def relays(self) -> list[Relay]:
        """Where relay sowing lifted seeds and sowed on (Congkak), in order."""
    @property
    def captures(self) -> list[Captured]:
        """The houses captured, in the order the capture took them."""
    @property
    def captured_seeds(self) -> int:
        """The seeds this move captured in all."""
    @property
    def grand_slam(self) -> bool:
        """The capture would have taken every seed of the opponent's row and the
        ruleset annulled it."""
    @property
    def fed(self) -> bool:
        """The opponent had no seeds and the move sowed into its row."""
    @property
    def extra_turn(self) -> bool:
        """The last seed fell in the mover's store (Kalah, Congkak)."""
    @property
    def passed(self) -> bool:
        """The side due to move had no seeds and passed."""
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, if this move ended it."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Score:
    """A search score from the side to move's view: seeds, or a forced win or
    loss in so many plies. Scores are ordered (a quicker win is better).

    >>> import oware
    >>> s = oware.Score(centiseeds=350)
    >>> str(s), s.seeds
    ('+3.50', 3.5)
    >>> w = oware.Score(win_in=7)
    >>> str(w), w.is_win(), w.plies_to_end, w > s, w > oware.Score(win_in=9)
    ('win in 7', True, 7, True, True)
    """

    def __new__(
        cls,
        *,
        centiseeds: int | None = None,
        win_in: int | None = None,
        loss_in: int | None = None,
    ) -> Self:
        """Exactly one of *centiseeds* (hundredths of a seed), *win_in* or *loss_in* (plies)."""
    @property
    def seeds(self) -> float | None:
        """The score in seeds; None for a forced win or loss."""
    @property
    def centiseeds(self) -> int | None:
        """The score in hundredths of a seed; None for a forced win or loss."""
    @property
    def plies_to_end(self) -> int | None:
        """Plies to the end of a forced win or loss; None otherwise."""
    def is_win(self) -> bool:
        """Whether the side to move wins by force."""
    def is_loss(self) -> bool:
        """Whether the side to move loses by force."""
    def __neg__(self) -> Score:
        """The score from the other side's view."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Score, /) -> bool: ...
    def __le__(self, other: Score, /) -> bool: ...
    def __gt__(self, other: Score, /) -> bool: ...
    def __ge__(self, other: Score, /) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class SearchResult:
    """What :meth:`Board.search` found.

    >>> import oware
    >>> board = oware.Board()
    >>> result = board.search(depth=6)
    >>> board.is_legal(result.best_move), result.depth, result.pv[0] == result.best_move
    (True, 6, True)
    >>> result == board.search(depth=6)  # depth and node limits are deterministic
    True
    """

    @property
    def best_move(self) -> Move | None:
        """The best move; None when the game is over."""
    @property
    def score(self) -> Score:
        """Its score, from the side to move's view."""
    @property
    def depth(self) -> int:
        """The last iteration completed, in plies."""
    @property
    def nodes(self) -> int:
        """Positions visited."""
    @property
    def pv(self) -> list[Move]:
        """The principal variation: the best line, starting with :attr:`best_move`."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Board:
    """A game: the position, the moves played, and the history the repetition
    and no-capture rules need (python-chess's ``Board``; the Rust crate calls
    it ``Game``).

    The position string is ``<South A..F>/<North a..f> <s|n> <South store>
    <North store> [ruleset]``, the ruleset field left out for Abapa.
    ``repr()`` evaluates back to an equal board: at the same position, with
    ``agreed=True`` once the game ended by agreement (the move stack is not
    part of it, as in python-chess, so a game ended by a repetition or a
    ply limit comes back unfinished); pickling and :meth:`copy` keep the
    move stack.

    Boards compare equal when their positions (houses, stores, side to
    move, ruleset) and outcomes are equal, whatever the moves that led
    there: python-chess's ``Board.__eq__`` likewise compares what the FEN
    holds (position and clocks), not the move stack. Compare
    :attr:`move_stack` and :meth:`root` too to ask whether two boards hold
    the same game. ``hash(board)`` is :meth:`key`, the transposition key of
    the position, so equal boards hash equal and boards can be set members
    and dict keys; a board is mutable, so do not push or pop one while it is
    a key (put a :meth:`copy` there, or the :meth:`key` itself).

    In Jupyter a board shows itself as a picture (:meth:`_repr_svg_`, drawn
    by :func:`oware.svg.board`).

    >>> import oware
    >>> board = oware.Board()
    >>> board.legal_moves
    [Move('A'), Move('B'), Move('C'), Move('D'), Move('E'), Move('F')]
    >>> board.push_str("C")
    Move('C')
    >>> board
    Board('4,4,0,5,5,5/5,4,4,4,4,4 n 0 0')
    >>> board.turn, board.ply
    (Side.NORTH, 1)
    >>> board.pop()
    Move('C')
    >>> print(board)
           f   e   d   c   b   a
           4   4   4   4   4   4
       0                               0
           4   4   4   4   4   4
           A   B   C   D   E   F
    South to move
    """

    def __new__(
        cls,
        position: str | None = None,
        *,
        ruleset: Ruleset | Variant | str | None = None,
        agreed: bool = False,
    ) -> Self:
        """A board at *position* (a position string), or at the start of *ruleset*
        (default Abapa). With both, the position string is read under *ruleset*
        (its fifth field, if any, must name the same ruleset). With *agreed*, the
        game ends there by agreement (:meth:`end_by_agreement`), as ``repr()``
        writes a board so ended.
        Raises :class:`InvalidPositionError` or :class:`InvalidRulesetError`, and
        ValueError for *agreed* at a position where the game is already over.

        >>> import oware
        >>> oware.Board(ruleset="kalah(6,5)")
        Board('5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 kalah(6,5)')
        >>> board = oware.Board.from_record("CfBa")
        >>> board.end_by_agreement()
        Outcome(Termination.AGREEMENT, (27, 21))
        >>> board
        Board('6,0,2,7,6,6/0,5,5,5,5,1 s 0 0', agreed=True)
        >>> eval(repr(board), vars(oware)) == board
        True
        """
    @staticmethod
    def from_record(record: str) -> Board:
        """The board of a game record: PGN-like tag pairs and movetext, or bare moves.
        Every move is checked; raises :class:`InvalidRecordError`. The tags are
        kept (:attr:`tags`) and :meth:`record` writes them again.

        >>> import oware
        >>> board = oware.Board.from_record('[Variant "openspiel"]\\n[South "Ama"]\\n\\n1. C f 2. B a *')
        >>> board.ply, str(board.ruleset), board.tags
        (4, 'openspiel', {'South': 'Ama'})
        """
    @property
    def tags(self) -> dict[str, str]:
        """The tags kept from the record this board was read by :meth:`from_record`
        (not ``Variant`` and ``Position``, which come from the game's start), in
        the record's order; a new dict each time, so changing it changes nothing:
        give changed tags to :meth:`record`. :meth:`copy` and pickling keep them; a
        new game (``copy(stack=False)``, :meth:`root`, :meth:`mirror`) has none.
        """
    def record(self, tags: Mapping[str, str] | None = None) -> str:
        """The game record, with the kept :attr:`tags` and then *tags* (any mapping
        of str to str, e.g. ``{'South': 'Ama'}``; a name in both takes the value in
        *tags*) after ``Variant``; ``Board.from_record(board.record())`` keeps
        the tags. While the game goes on, a
        ``Result`` (of a resignation, say) and a free-text ``Termination`` may be
        given; once it is over, the game writes both. Raises
        :class:`InvalidTagError` for a tag that cannot be set, and TypeError,
        naming *tags* and the key, for a name or value that is not a str.

        >>> import oware
        >>> board = oware.Board.from_record("CfBa")
        >>> print(board.record({"South": "Ama"}))
        [Variant "abapa"]
        [South "Ama"]
        [Result "*"]
        <BLANKLINE>
        1. C f 2. B a *
        <BLANKLINE>
        """
    def position_string(self) -> str:
        """The current position as a position string."""
    def root(self) -> Board:
        """A board at the game's starting position, without moves."""
    @property
    def turn(self) -> Side:
        """The side to move."""
    @property
    def ply(self) -> int:
        """Plies played."""
    @property
    def ruleset(self) -> Ruleset:
        """The rules of the game."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves played, in order (a new list)."""
    @property
    def legal_moves(self) -> list[Move]:
        """The legal moves, in house order; empty once the game is over by any rule."""
    @property
    def report(self) -> MoveReport | None:
        """What the last move did (see :class:`MoveReport`); None at the start.
        :meth:`push` returns None as in python-chess: read the report here."""
    def report_at(self, ply: int) -> MoveReport:
        """What the move of ply *ply* did (1 for the first move; :attr:`report` is the
        last's), the core's ``Game::report`` and C's ``oware_game_report``. Raises
        ValueError for a ply outside 1 to the plies played, or before any move.

        >>> board = oware.Board.from_record("CfBa")
        >>> str(board.report_at(2).move)
        'f'
        """
    def houses(self, side: Side | None = None) -> list[int]:
        """The seeds in the houses: all, in absolute order (South's ``A``.. then
        North's ``a``..), or *side*'s row in letter order.

        >>> import oware
        >>> oware.Board("1,2,3,4,5,6/7,8,9,3,0,0 n 0 0").houses(oware.Side.NORTH)
        [7, 8, 9, 3, 0, 0]
        """
    @property
    def stores(self) -> tuple[int, int]:
        """The seeds in (South's, North's) store."""
    @property
    def repetitions(self) -> int:
        """How many times the current position has occurred in this game, counting now."""
    @property
    def plies_since_capture(self) -> int:
        """Plies since the last capture (or the start)."""
    def push(self, move: Move, /) -> None:
        """Plays *move*. Raises :class:`IllegalMoveError` (board unchanged) if it is not
        legal, TypeError if it is not a :class:`Move`. Returns None, as python-chess's
        ``push`` does; :attr:`report` tells what the move did."""
    def push_str(self, notation: str) -> Move:
        """Parses *notation* (a house letter) and plays it; returns the move.
        Raises :class:`InvalidMoveError` or :class:`IllegalMoveError`."""
    def pop(self) -> Move | None:
        """Takes back the last thing done, as Rust's ``Game::undo`` and C's
        ``oware_game_undo`` do: an agreement to end the game, if that came last
        (returns None; the moves stay), else the last move (returns it). Raises
        IndexError when there is nothing to take back.

        >>> import oware
        >>> board = oware.Board.from_record("CfBa")
        >>> outcome = board.end_by_agreement()
        >>> board.pop() is None, board.is_game_over()
        (True, False)
        >>> board.pop()
        Move('a')
        """
    def peek(self) -> Move:
        """The last move played. Raises IndexError when no move has been played."""
    def is_legal(self, move: Move, /) -> bool:
        """Whether *move* is legal now."""
    def explain(self, move: Move, /) -> str:
        """What *move* would do from this position, without playing it: one
        English sentence in the field's words, as Rust's ``Game::explain`` and
        C's ``oware_game_explain`` give it. It names the seeds sown lap by lap,
        where the last seed falls and what it makes there, the captures and
        their total, and the rules that apply, citing the rule numbers of the
        rules specification: a lap that skips the origin house (R4), a grand
        slam that captures nothing (R6), feeding a starved opponent (R7),
        Kalah's extra turn and capture of the opposite house (K2, K3),
        Congkak's relays and passes (C4, C6, C7). Raises
        :class:`IllegalMoveError` if *move* is not legal now.

        >>> import oware
        >>> board = oware.Board("4,4,4,4,4,3/4,2,1,4,4,4 s 3 3")
        >>> board.explain(oware.Move("F"))
        'F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5'
        >>> board.ply
        0
        """
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over, by any rule (repetition and agreement included)."""
    def result(self) -> str:
        """``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or ``'*'`` while the game goes on."""
    def threats(self, side: Side | None = None) -> list[int]:
        """The houses of *side* (default: the side to move), by index within its row,
        that the opponent could capture with its next move.

        >>> import oware
        >>> oware.Board("4,4,4,4,4,5/4,4,4,4,1,6 n 0 0").threats()
        [4]
        """
    def end_by_agreement(self) -> Outcome:
        """Ends the game by agreement; the seeds left are credited by the ruleset
        (Abapa: each side takes its own). :meth:`pop` takes it back (at the start
        too). Raises ValueError if the game is already over."""
    def copy(self, *, stack: bool = True) -> Board:
        """A copy; with ``stack=False``, a new game from the current position
        (its history for the repetition rule is then lost)."""
    def mirror(self) -> Board:
        """The position seen from the other side: rows and stores swapped, the
        other side to move (a new game without moves)."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of *depth* plies from the current position
        (the position's rules only). Releases the GIL; Ctrl-C (KeyboardInterrupt)
        stops it.

        >>> import oware
        >>> oware.Board().perft(5)
        5219
        """
    def search(
        self, depth: int | None = None, nodes: int | None = None, time_ms: int | None = None
    ) -> SearchResult:
        """Searches the current position with the game's history (iterative-deepening
        principal-variation search). Every limit given applies; with none, the
        library's default: :data:`DEFAULT_SEARCH_DEPTH` (8) plies or
        :data:`DEFAULT_SEARCH_NODES` (1 000 000) positions, whichever comes first.
        Depth and node limits give the same result every time; a time limit does not.
        Raises ValueError for a limit that is none: a *depth* outside 1 to 64, or
        *nodes* or *time_ms* of 0 (leave it out for no limit), e.g.
        ``time_ms must be 1 to 2**64 - 1, not 0`` (the same words as Rust's
        ``SearchLimits::check`` and C's ``oware_search_limits_check``).
        Releases the GIL, so other threads run meanwhile.

        >>> import oware
        >>> result = oware.Board().search()
        >>> result.depth == oware.DEFAULT_SEARCH_DEPTH
        True
        """
    def analyse(
        self, depth: int | None = None, nodes: int | None = None, time_ms: int | None = None
    ) -> list[tuple[Move, Score]]:
        """Scores every legal move (from the mover's view), best first; limits as for
        :meth:`search`. Releases the GIL."""
    def observation(self, *, absolute: bool = False) -> list[float]:
        """The position as ``2h + 3`` numbers (raw seed counts; divide by
        ``ruleset.total_seeds`` to scale). From the side to move's view (default):

        - ``[0, h)``: the side to move's houses, in its letter order;
        - ``[h, 2h)``: the opponent's houses, in its letter order (so the
          vector follows the sowing ring from the mover's first house);
        - ``2h``: the side to move's store; ``2h + 1``: the opponent's store;
        - ``2h + 2``: the side to move, 0.0 for South, 1.0 for North.

        With ``absolute=True``: South's houses, North's houses, South's store,
        North's store, the side to move.

        >>> import oware
        >>> oware.Board("1,2,3,4,5,6/7,8,9,1,1,1 n 0 0").observation()[:6]
        [7.0, 8.0, 9.0, 1.0, 1.0, 1.0]
        """
    def legal_action_mask(self) -> list[bool]:
        """For each action (a house index ``0..h`` of the side to move), whether it is legal."""
    def legal_actions(self) -> list[int]:
        """The legal actions: house indices of the side to move."""
    def push_action(self, action: int) -> None:
        """Plays *action*, a house index of the side to move (``Move(board.turn, action)``)."""
    def returns(self) -> tuple[float, float]:
        """(South's, North's) reward: +1.0 for a win, -1.0 for a loss, 0.0 for a draw
        or while the game goes on."""
    def key(self) -> int:
        """The transposition key: a 64-bit hash (an int in ``0 .. 2**64``) of the
        position, that is of the side to move, the houses, the stores and the
        ruleset. History does not count: the moves that led there, the
        repetitions, the plies since a capture and an agreement to end leave it
        as it is, so a position reached by different move orders has one key
        (and the rules that look at history may still treat the two boards
        differently). Different positions have different keys but for a
        collision, about one in 2**64 for a pair. The key is the same in every
        process of one version of the package; another version may hash
        differently, so do not store keys across versions. ``hash(board)`` is
        ``hash(board.key())``.

        >>> import oware
        >>> oware.Board.from_record("CfBa").key() == oware.Board("6,0,2,7,6,6/0,5,5,5,5,1 s 0 0").key()
        True
        >>> oware.Board().key() == oware.Board(ruleset="openspiel").key()
        False
        """
    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter and IPython: ``oware.svg.board(self)``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: Any, /) -> Board: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Searcher:
    """An engine that keeps its transposition table from one search to the next
    (faster over a game; results then depend on what was searched before, so
    use :meth:`Board.search` or :meth:`clear` for results that depend on the
    position alone). :meth:`stop` ends a search from another thread.

    >>> import threading, oware
    >>> searcher = oware.Searcher(tt_entries=1 << 16)
    >>> board = oware.Board()
    >>> thinking = threading.Thread(target=lambda: searcher.search(board, time_ms=60_000))
    >>> thinking.start()
    >>> searcher.stop()  # "move now": the search returns its last completed iteration
    >>> thinking.join(timeout=30)
    >>> thinking.is_alive()
    False
    """

    MAX_DEPTH: ClassVar[int]
    """The deepest search, in plies: 64 (the core's ``SearchLimits::MAX_DEPTH``).
    :meth:`search`, :meth:`analyse` and :meth:`Board.search` take a depth of 1 to this."""

    def __new__(cls, tt_entries: int = 1048576) -> Self:
        """A searcher with a table of *tt_entries* entries (16 bytes each), 1 to 2**26.
        Raises ValueError otherwise, e.g. ``tt_entries must be 1 to 67108864, not 0``
        (the same words as Rust's ``Searcher::try_new`` and C's
        ``oware_searcher_new``)."""
    @property
    def tt_entries(self) -> int:
        """The table size asked for, in entries."""
    def search(
        self, board: Board, depth: int | None = None, nodes: int | None = None, time_ms: int | None = None
    ) -> SearchResult:
        """As :meth:`Board.search`, with this searcher's table. Releases the GIL;
        searches on one searcher from several threads take turns."""
    def analyse(
        self, board: Board, depth: int | None = None, nodes: int | None = None, time_ms: int | None = None
    ) -> list[tuple[Move, Score]]:
        """As :meth:`Board.analyse`, with this searcher's table. Releases the GIL."""
    def stop(self) -> None:
        """Stops the search running now (or the next one to start), which then returns
        its last completed iteration. Safe to call from any thread."""
    def clear(self) -> None:
        """Forgets everything searched so far."""

@final
class Player:
    """An engine player of a level, 1 (beginner) to 5 (strongest).

    ====== ======================================================================
    level  plays
    ====== ======================================================================
    1      a random move, a capturing one half the time when it can capture
    2      greedy: the most seeds into its store now
    3      a 4-ply search on the stores alone, at random among moves within half a seed
    4      an 8-ply search with the full evaluation
    5      a search that thinks for 1 second a move on every core, with perfect endgames
    ====== ======================================================================

    Levels 1-3 choose at random among equals, following *seed*. Level 5's
    time budget makes it depend on the machine; ``reproducible=True`` replaces it
    with 1 000 000 positions a move on one thread (``nodes=`` with another
    number). Level 5 (not reproducible)
    builds an endgame database of the positions of up to 12 seeds in a
    background thread the first time it plays a ruleset, once per process,
    and plays perfectly from it once it is ready; it then goes on to 22
    seeds where the machine has the memory, writing each layer into the
    user's cache directory and playing from it as soon as it is built (about
    9 minutes and 1.6 GB, once per machine; later processes load them). The
    environment variable ``OWARE_ENDGAME_CACHE`` moves that directory, or
    keeps it all in memory with ``off``; ``OWARE_ENDGAME_SEEDS`` sets how
    many seeds the cached layers go to (``16``: about a minute and 91 MB).

    Threads may share a player: a call made while another thread's
    :meth:`choose` thinks waits for it (with the GIL released).

    >>> import oware
    >>> player = oware.Player(3, seed=7)
    >>> board = oware.Board()
    >>> board.push(player.choose(board))
    >>> board.ply
    1
    """

    MAX_NODES: ClassVar[int]
    """The largest node budget a move a player takes: 10**12 positions (the core's
    ``Player::MAX_NODES``). ``Player(nodes=)``, ``play_match(first_nodes=,
    second_nodes=)`` and the players of :mod:`oware.distributed` take 1 to this."""
    MAX_TIME_MS: ClassVar[int]
    """The largest time budget a move a player takes, in milliseconds: one day
    (the core's ``Player::MAX_TIME_MS``). ``Player(time_ms=)`` takes 1 to this."""

    def __new__(
        cls,
        level: int,
        seed: int = 0,
        *,
        reproducible: bool = False,
        endgame: EndgameDatabase | None = None,
        time_ms: int | None = None,
        threads: int | None = None,
        nodes: int | None = None,
    ) -> Self:
        """A player of *level* (1 to 5; ValueError otherwise) whose random choices follow
        *seed* (0 to 2**64 - 1; ValueError otherwise, as for every seed).

        *time_ms* is the time budget a move in milliseconds (1 to 86_400_000, a day;
        not with ``reproducible=True`` or *nodes*): levels 3 to 5 search within it instead
        of their own limits (level 5's is 1000). *threads* (1 to 64; default: every core
        for level 5, one for the others) is the threads its searches run on.

        *nodes* (1 to 10**12) is a node budget a move: levels 3 to 5 search that many
        positions instead of their own limits. It implies ``reproducible=True``, so the
        search runs on one thread, builds no endgame database, and the same seed and game
        give the same moves; ``Player(5, nodes=1_000_000)`` is ``Player(5, reproducible=True)``.

        >>> import oware
        >>> oware.Player(5, nodes=20_000)
        <Player level=5 seed=0 reproducible=True nodes=20000>

        *endgame* is a database that level 5 (only: other levels ignore it) plays from.
        Where the database's convention is the game's ruleset's own (``'own'`` for the
        presets: build it with the default convention) and the position is in it with
        an exact value, level 5 plays the database's best move, which realises the value,
        unless the game's history rules could cut the line first
        (:meth:`EndgameProbe.safe_in`); elsewhere its search
        ends lines at the database's exact values. Positions whose value a repetition
        can change are searched, within the bounds the database gives them.

        >>> import oware
        >>> db = oware.EndgameDatabase.build(6)
        >>> player = oware.Player(5, reproducible=True, endgame=db)
        >>> player.choose(oware.Board("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21"))
        Move('F')
        """
    @property
    def level(self) -> int:
        """The level, 1 to 5."""
    @property
    def description(self) -> str:
        """How the level plays, in a few words for a menu (the core's words, as C's
        ``oware_level_description``).

        >>> oware.Player(3).description
        'looks 4 plies ahead'
        """
    @property
    def book(self) -> bool:
        """Whether level 5 plays from its opening book: the library's, for the first
        plies of the standard Oware board, where it plays the book's move at once
        (True by default for level 5; always False for other levels, which have
        none). Set it to False to have level 5 search from the first move; setting
        True for another level raises ValueError.

        >>> import oware
        >>> player = oware.Player(5, nodes=1000)
        >>> player.book
        True
        >>> player.book = False
        >>> player.book
        False
        """
    @book.setter
    def book(self, value: bool) -> None: ...
    @property
    def endgame(self) -> EndgameDatabase | None:
        """The endgame database level 5 plays from, or None; set it to give the player
        a database (or None to take it away) between moves."""
    @endgame.setter
    def endgame(self, value: EndgameDatabase | None) -> None: ...
    def choose(self, board: Board) -> Move | None:
        """The move this player plays on *board*; None when the game is over.
        Releases the GIL while it thinks."""

@final
class MatchResult:
    """The result of :func:`play_match`, from the first player's view."""

    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def losses(self) -> int: ...
    @property
    def games(self) -> int: ...
    @property
    def score(self) -> float:
        """(wins + draws / 2) / games."""
    @property
    def elo(self) -> float:
        """The Elo difference the score implies (first player minus second)."""
    @property
    def elo_margin(self) -> float:
        """The half-width of the 95 % confidence interval of :attr:`elo`."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EndgameValue:
    """The value of a position for its side to move, in seeds: the final difference of
    captures *from now on* (its own minus its opponent's) that best play forces, between
    two bounds. The stores already won do not change it: the final score difference is
    the side to move's store minus the opponent's, plus the value.

    Under the ``'even'`` convention (endless play splits the seeds left evenly: the
    computer-Awari convention) both bounds are always equal and the value is exact.
    Under ``'own'`` (Abapa R11: a game cut for repetition gives each side the seeds on
    its row) where the cut falls depends on the game's history, and so can the value:
    :attr:`lower` is what the side to move can force by play that does not cycle,
    :attr:`upper` what the opponent can hold it to the same way, and :attr:`exact` is
    None where they differ (a cycle can change the value). Such play takes
    :attr:`EndgameProbe.plies`; :meth:`EndgameProbe.safe_in` tells whether a game's
    history rules let it run its course.

    Values are frozen, hashable and picklable.

    >>> import oware
    >>> oware.EndgameValue(1, 1).exact, oware.EndgameValue(-4, 4).exact
    (1, None)
    """

    def __new__(cls, lower: int, upper: int) -> Self:
        """The value between *lower* and *upper* (-128 to 127, ``lower <= upper``)."""
    @property
    def lower(self) -> int:
        """What the side to move can force by play that does not cycle."""
    @property
    def upper(self) -> int:
        """What the opponent can hold the side to move to by play that does not cycle."""
    @property
    def exact(self) -> int | None:
        """The value when both bounds agree; None when a repetition can change it."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class EndgameProbe:
    """What :meth:`EndgameDatabase.probe` finds about a position: its value for the side
    to move (:attr:`value`, whose bounds are repeated here) and the moves that realise it.

    >>> import oware
    >>> db = oware.EndgameDatabase.build(4)
    >>> probe = db.probe(oware.Board("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21"))
    >>> probe
    <EndgameProbe value=1 best_moves='F' seeds=3>
    >>> probe.exact, probe.best_moves, probe.value
    (1, [Move('F')], EndgameValue(lower=1, upper=1))
    """

    @property
    def value(self) -> EndgameValue:
        """The value for the side to move."""
    @property
    def lower(self) -> int:
        """The value's lower bound: what the side to move can force."""
    @property
    def upper(self) -> int:
        """The value's upper bound: what the opponent can hold it to."""
    @property
    def exact(self) -> int | None:
        """The value when exact, else None (see :class:`EndgameValue`)."""
    @property
    def best_moves(self) -> list[Move]:
        """The moves that keep :attr:`lower` and make progress towards it, best first
        (the highest upper bound, then the quickest); empty when no move is left. Playing
        the first of them at every turn realises the value, unless the game's no-capture
        limit or repetition rule cuts the line first."""
    @property
    def best_move(self) -> Move | None:
        """The first of :attr:`best_moves`; None when no move is left."""
    @property
    def seeds(self) -> int:
        """The seeds on the board."""
    @property
    def plies(self) -> int | None:
        """At most how many plies best play takes to reach the capture (or the end of
        the game) that secures :attr:`lower`, when the opponent keeps the value too;
        65535 for a line longer than 254 plies; None where keeping the value needs no
        progress (a value of 0 or less under ``'even'``; a lower bound of minus the
        seeds, or one no line can force, under ``'own'``). A game's no-capture limit or
        repetition rule can cut a long line first: see :meth:`safe_in`."""
    def safe_in(self, board: Board) -> bool:
        """Whether *board*'s game, at the position probed, leaves room to play
        :attr:`best_moves` out to :attr:`lower` before its history rules cut it: the
        :attr:`plies` needed fit under the no-capture and ply limits, and no position
        since the last capture has occurred so often that one more occurrence would
        end the game. Level 5 plays from the database only where this holds. Raises
        ValueError if *board* is at another position.

        >>> import oware
        >>> db = oware.EndgameDatabase.build(6)
        >>> board = oware.Board("0,0,1,2,0,1/0,0,0,1,0,1 s 21 21", ruleset="abapa(no_capture=20)")
        >>> probe = db.probe(board)
        >>> probe.exact, probe.plies, probe.safe_in(board)
        (6, 43, False)
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EndgameDatabase:
    """An endgame database: the value of every position of an Oware ruleset with up to
    :attr:`max_seeds` seeds on the board, with the best moves, computed by retrograde
    analysis one layer (seed total) at a time, 0 seeds first.

    A value depends on the houses and the side to move only, so a database serves any
    stores, and any ruleset with the same rules for moves, captures and feeding: an
    Abapa database answers for OpenSpiel's ``oware`` too. Values count what is won from
    now on; see :class:`EndgameValue` for what they mean under each *convention* of
    endless play. The layer of *k* seeds holds :meth:`positions` (*k*) positions, of
    2 bytes each (3 under ``'own'``): Abapa up to 12 seeds is 2.7 million positions,
    built in seconds; each seed more nearly doubles that.

    >>> import oware
    >>> db = oware.EndgameDatabase.build(6)
    >>> db
    <EndgameDatabase ruleset='abapa' convention='own' max_seeds=6>
    >>> board = oware.Board("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21")
    >>> db.value(board)  # F captures a's 2, then North keeps its last seed
    EndgameValue(lower=1, upper=1)
    >>> db.probe(board).best_move
    Move('F')

    Databases compare equal when their ruleset, convention and every value are equal;
    they are not hashable. A database is immutable and can be shared between threads
    and players.
    """

    @staticmethod
    def build(
        max_seeds: int,
        ruleset: Ruleset | Variant | str | None = None,
        convention: str | None = None,
    ) -> EndgameDatabase:
        """Builds every layer from 0 to *max_seeds* seeds on the board of *ruleset*
        (default Abapa) under *convention*: ``'even'`` or ``'own'``, by default the
        ruleset's own (``'own'`` for the presets; ``'even'`` for a ruleset whose seeds
        left at a cycle count for nobody, e.g. ``'abapa(leftover=none)'``).

        Uses every core. Releases the GIL; Ctrl-C (KeyboardInterrupt) stops the build
        within milliseconds. Raises :class:`EndgameError` for a ruleset outside the Oware
        family, a *max_seeds* above the ruleset's seeds or too large a layer (checked
        before anything is built), ValueError for an unknown convention, MemoryError
        (naming the bytes) when the memory the build needs cannot be had: about 2 bytes
        a position of the layers below *max_seeds* (3 under ``'own'``) and 8 of the
        last, reserved before the first layer is built.
        """
    @staticmethod
    def load(path: str | os.PathLike[str]) -> EndgameDatabase:
        """Reads a database file written by :meth:`save`, checking everything (magic,
        version, sizes, CRC-32, values) before any of it is used. Releases the GIL.
        Raises :class:`DatabaseFileError` for a bad file, OSError if it cannot be read.
        """
    @staticmethod
    def load_dir(
        path: str | os.PathLike[str],
        ruleset: Ruleset | Variant | str | None = None,
        convention: str | None = None,
        *,
        mmap: bool = False,
    ) -> EndgameDatabase:
        """Reads the layer files of *convention* (default: *ruleset*'s own) in the
        directory *path*, as :meth:`save_dir` writes them (``own-00.owdb``,
        ``own-01.owdb``, ...), from 0 seeds up to the first file missing; a directory
        without the layer of 0 seeds gives an empty database (:attr:`max_seeds` None).
        Each file is checked as :meth:`load` checks one, and must be of *ruleset*
        (default Abapa) and *convention*: a damaged layer raises
        :class:`DatabaseFileError` rather than ending the database. Releases the GIL.
        Raises :class:`EndgameError` for a ruleset without databases.

        With *mmap* true the files are mapped into memory read-only instead of copied
        in: the database reads its values from the files in place, and the processes
        of one machine that map the same files (the Ray workers of
        :func:`oware.distributed.build_layer`, say) share one copy of them in the
        operating system's page cache. Each file is still read through once to check
        it. The files must not be changed in place while mapped (this library never
        does: :meth:`save_layer` and :meth:`save_dir` write a new file and rename it
        over the old one, which leaves a mapped file intact): a mapped file rewritten
        in place gives wrong values, and one cut short kills the process with SIGBUS
        when a probe reads past its end, which Python cannot catch.
        """
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the database to one file at *path* (replacing any file there), in
        the core crate's format (``oware::endgame::file``, version 1: a header, the
        layers, a CRC-32). Releases the GIL. Raises OSError if it cannot be written,
        ValueError for a database without layers.
        """
    def save_dir(self, path: str | os.PathLike[str]) -> None:
        """Writes each layer to its own file in the directory *path* (made if missing;
        files of the same names are replaced), named as :meth:`load_dir` reads them:
        ``even-07.owdb`` or ``own-07.owdb`` for 7 seeds. Releases the GIL.
        """
    def save_layer(self, path: str | os.PathLike[str], seeds: int) -> str | os.PathLike[str]:
        """Writes layer *seeds* to its file in the directory *path*, named as
        :meth:`save_dir` names it, first under a temporary name and then renamed, so the
        file is whole or absent; returns its path. Releases the GIL. Raises OSError if it
        cannot be written, ValueError for a layer the database does not hold.
        """
    def with_layer_slices(self, slices: Sequence[EndgameLayerSlice]) -> EndgameDatabase:
        """A copy of this database with its next layer joined from *slices*, every
        finished :class:`EndgameLayerSlice` of that layer in order: the layer building it
        in one process gives, byte for byte. This database is unchanged. Releases the
        GIL. Raises ValueError when the slices are not all the finished slices of this
        database's next layer, in order.

        >>> import oware
        >>> db = oware.EndgameDatabase.build(4)
        >>> slices = [oware.EndgameLayerSlice(db, k, 2) for k in range(2)]
        >>> while all([s.start_threshold() for s in slices]):
        ...     sent = [s.send() for s in slices]
        ...     while any(any(out) for out in sent):
        ...         for k, s in enumerate(slices):
        ...             s.receive([out[k] for out in sent])
        ...         sent = [s.send() for s in slices]
        >>> db.with_layer_slices(slices) == oware.EndgameDatabase.build(5)
        True
        """
    @property
    def max_seeds(self) -> int | None:
        """The most seeds on the board of a position the database holds; None for an
        empty database (:meth:`load_dir` of a directory without layers)."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the database was built for."""
    @property
    def convention(self) -> str:
        """``'even'`` or ``'own'``: what endless play is worth (see :class:`EndgameValue`)."""
    def positions(self, seeds: int) -> int:
        """The positions with exactly *seeds* seeds on the board (each side to move
        counted once, mirror images folded): the entries of that layer, whether built or
        not; 0 beyond the ruleset's seeds.

        >>> import oware
        >>> oware.EndgameDatabase.build(0).positions(12)
        1352078
        """
    def probe(self, board: Board) -> EndgameProbe:
        """The value and the best moves of *board*'s current position (its history is
        not read). Raises :class:`ProbeError` for another ruleset's position, more seeds
        than :attr:`max_seeds`, or a side with a majority; TypeError if *board* is not a
        :class:`Board`."""
    def value(self, board: Board) -> EndgameValue:
        """:meth:`probe` without the moves."""
    def solve(self, board: Board, max_positions: int = 1000000) -> EndgameValue:
        """The value of *board*'s position even above :attr:`max_seeds`: every position
        it can reach with more seeds than the database holds (at most *max_positions*
        of them) is gathered and solved as the layers were, with the database's values
        below; within the database's range this is :meth:`value`. Releases the GIL;
        Ctrl-C (KeyboardInterrupt) stops it.
        Raises :class:`ProbeError` as :meth:`probe` does (but not for too many seeds),
        and when more than *max_positions* positions are reachable.

        >>> import oware
        >>> small = oware.EndgameDatabase.build(5)
        >>> board = oware.Board("1,0,2,0,0,1/0,1,0,2,0,1 s 20 20")
        >>> small.solve(board) == oware.EndgameDatabase.build(8).value(board)
        True
        """
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class EndgameLayerSlice:
    """One index range of the next layer of an :class:`EndgameDatabase`, built apart
    from the rest (in another process, or on another machine) and joined with
    :meth:`EndgameDatabase.with_layer_slices`. :func:`oware.distributed.build_layer`
    runs the slices of a layer on Ray.

    The slices solve the layer threshold by threshold, in rounds: every slice calls
    :meth:`start_threshold` together; then, while any slice has messages, each calls
    :meth:`send` (one ``bytes`` of messages for each slice) and then :meth:`receive`
    with the messages every slice sent it. A message is a position of the layer whose
    child was just decided, as a little-endian 32-bit word. The result does not depend
    on the number of slices or on the order in which messages arrive. A slice's whole
    state travels as :meth:`to_bytes` (6 bytes a position, checked by CRC-32 when read
    back), so a driver can hand a lost worker's round to another.
    """

    def __new__(cls, database: EndgameDatabase, slice: int, slices: int) -> Self:
        """Slice *slice* (0 to *slices* - 1) of *slices* (1 to 65536) of the layer after
        those *database* holds, with every move of its positions read. Releases the GIL.
        Raises ValueError for a slice out of range, :class:`EndgameError` when the layer
        cannot be built (the database is full, the layer too large), MemoryError when its
        arrays cannot be had."""
    @staticmethod
    def from_bytes(data: bytes) -> EndgameLayerSlice:
        """The slice :meth:`to_bytes` wrote. Raises ValueError for any other bytes."""
    def to_bytes(self) -> bytes:
        """The slice's whole state: its work arrays and where the build is."""
    def start_threshold(self) -> bool:
        """Starts the next threshold; False, doing nothing, once every threshold has
        started."""
    def send(self) -> list[bytes]:
        """This round's messages, one ``bytes`` a slice (index *k* for slice *k*).
        Releases the GIL."""
    def receive(self, inbox: Sequence[bytes]) -> None:
        """Applies the messages the slices sent this one in this round (one ``bytes`` a
        sender). Releases the GIL. Raises ValueError, the slice unchanged, for an
        inbox without one list a slice, bytes that are not whole 4-byte words or a
        message that is not for this slice."""
    @property
    def seeds(self) -> int:
        """The layer's seed total."""
    @property
    def slice(self) -> int:
        """This slice's number, from 0."""
    @property
    def slices(self) -> int:
        """The slices of the layer."""
    @property
    def range(self) -> range:
        """The positions of the layer this slice owns."""
    @property
    def is_finished(self) -> bool:
        """Whether every threshold has started and this slice has nothing left to send:
        once every slice is, they can be joined."""

def play_match(
    first: int,
    second: int,
    *,
    games: int = 2,
    seed: int = 0,
    ruleset: Ruleset | Variant | str | None = None,
    reproducible: bool = True,
    first_nodes: int | None = None,
    second_nodes: int | None = None,
) -> MatchResult:
    """Plays *games* games between a player of level *first* and one of level *second*,
    in pairs from the same random two-ply opening with the sides swapped. Releases the GIL;
    Ctrl-C (KeyboardInterrupt) stops it. *first_nodes* and *second_nodes* (1 to 10**12)
    give that player a node budget a move, as ``Player(level, nodes=...)`` does (levels
    3 to 5 search that many positions; the player is then reproducible whatever
    *reproducible* says). ValueError for a level, budget or *seed* (0 to 2**64 - 1) out of range.

    >>> import oware
    >>> oware.play_match(2, 1, games=4, seed=1).games
    4
    """

def random_games(
    n: int,
    *,
    ruleset: Ruleset | Variant | str | None = None,
    seed: int = 0,
    moves: bool = False,
    threads: int | None = None,
) -> dict[str, npt.NDArray[Any]]:
    """Plays *n* games of uniformly random legal moves inside Rust, spread over
    *threads* threads (default: the machine's cores) with the GIL released, and
    returns NumPy arrays (numpy is needed). Game ``i`` follows its own seed derived
    from *seed* (0 to 2**64 - 1) and ``i``, so the result does not depend on *threads*. Ctrl-C
    (KeyboardInterrupt) stops it. MemoryError (naming the bytes) when the arrays
    cannot be allocated: the moves table takes ``n`` × the longest game's plies bytes.

    - ``'plies'``: int32 ``(n,)``, the length of each game;
    - ``'winner'``: int8 ``(n,)``, 0 South, 1 North, -1 draw;
    - ``'scores'``: uint8 ``(n, 2)``, the final scores (South, North) as in :class:`Outcome`;
    - ``'termination'``: uint8 ``(n,)``, the :class:`Termination`'s number
      (``int(Termination.MAJORITY)`` is 1 … ``EMPTY_BOARD`` 7, as C's ``oware_termination``);
    - ``'moves'`` (with ``moves=True``): uint8 ``(n, longest)``, the absolute house
      index of each ply, padded with 255.

    >>> import oware
    >>> games = oware.random_games(1000, ruleset="openspiel", seed=1)
    >>> games["plies"].shape, int(games["scores"].sum(axis=1).max()) <= 48
    ((1000,), True)
    """

@final
class BoardBatch:
    """*n* boards stepped together inside Rust, for reinforcement learning: every
    method reads or steps all boards at once and returns NumPy arrays (numpy is
    needed). Actions are house indices of each board's side to move. Threads may
    share a batch: a call made while another thread steps it waits for it. A board
    takes about 560 bytes: MemoryError (naming the bytes) when the batch cannot be
    allocated.

    >>> import oware
    >>> batch = oware.BoardBatch(3, ruleset="kalah", seed=1)
    >>> batch.observations().shape, batch.legal_action_masks().shape
    ((3, 15), (3, 6))
    >>> rewards, done = batch.step([2, 2, 2])
    >>> batch.turns().tolist()
    [0, 0, 0]
    """

    def __new__(
        cls, n: int, *, ruleset: Ruleset | Variant | str | None = None, seed: int = 0
    ) -> Self:
        """*n* boards at the start of *ruleset*; *seed* (0 to 2**64 - 1) drives
        :meth:`step_random`."""
    def __len__(self) -> int: ...
    @property
    def ruleset(self) -> Ruleset:
        """The rules of every board."""
    def reset(self, indices: Sequence[int] | None = None) -> None:
        """Puts the boards at *indices* (default: all) back at the start."""
    def observations(self, *, absolute: bool = False) -> npt.NDArray[np.float32]:
        """The observations, float32 ``(n, 2h + 3)``, laid out as :meth:`Board.observation`."""
    def legal_action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal-action masks, bool ``(n, h)``; all False on a finished board."""
    def turns(self) -> npt.NDArray[np.int8]:
        """The side to move on each board: 0 South, 1 North."""
    def is_game_over(self) -> npt.NDArray[np.bool_]:
        """Whether each board's game is over."""
    def plies(self) -> npt.NDArray[np.int32]:
        """Plies played on each board."""
    def returns(self) -> npt.NDArray[np.float32]:
        """(South's, North's) reward on each board, float32 ``(n, 2)``, as :meth:`Board.returns`."""
    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Plays one action on each board whose game goes on (the actions of finished
        boards are ignored). Returns the reward of the side that moved (+1 if the move
        won the game, -1 if it lost it, else 0) and whether each game is over.
        Checks every action first: raises :class:`IllegalMoveError` or ValueError
        naming the board, with no board changed. Releases the GIL."""
    def step_random(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Plays a uniformly random legal move on each board whose game goes on
        (seeded per board); returns as :meth:`step`."""
    def board(self, i: int) -> Board:
        """Board *i* as a :class:`Board` with its moves (a copy)."""

def _board_from_state(
    ruleset: Ruleset | Variant | str,
    start: str,
    moves: bytes,
    agreed: bool = False,
    tags: list[tuple[str, str]] | None = None,
) -> Board: ...
def _score_from_raw(raw: int) -> Score: ...
