"""One word, one meaning, in Rust, Python and C.

README.md's table ("One word, one meaning, in Rust, Python and C") names each
concept's item in the three languages: every name in it must exist (in the
core's Rust sources, in the installed package, in ``include/oware.h``), and
the values the languages share must agree: defaults and bounds, the words of
presets and levels, the reasons and messages of illegal moves, terminations
and sides. The C values are read from the C library itself (through ctypes)
and from the header.

The C library is ``$OWARE_FFI_LIB``, else ``target/debug/liboware_ffi.so``
(``cargo build -p oware-ffi``); ``.ci/run`` sets the variable, so there a
missing library fails the test rather than skipping it.
"""

from __future__ import annotations

import ctypes
import os
import pathlib
import random
import re

import pytest

import oware
from oware import Board, Move, Player

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
HEADER = ROOT / "include" / "oware.h"
RUST_SOURCES = ROOT / "oware" / "src"

TITLE = "### One word, one meaning, in Rust, Python and C"
LANGUAGES = {"Rust": 2, "Python": 3, "C": 4}


def _table_rows() -> list[list[str]]:
    """The table's rows, as lists of cells (term, meaning, Rust, Python, C)."""
    text = README.read_text(encoding="utf-8")
    assert TITLE in text, f"README.md has no section {TITLE!r}"
    section = text.split(TITLE, 1)[1].split("\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    assert cells[0] == ["term", "what it means", "Rust", "Python", "C"], cells[0]
    return cells[2:]


def _names(language: str) -> list[tuple[str, str]]:
    """(term, name) for every name the table gives in *language*'s column."""
    column = LANGUAGES[language]
    return [(row[0], name) for row in _table_rows() for name in re.findall(r"`([^`]+)`", row[column])]


def _rust_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RUST_SOURCES.rglob("*.rs")))


def _rust_item_exists(name: str, source: str) -> bool:
    """Whether the core declares *name*: a type (`House`), or a type and its
    function or constant (`Game::report`, `SearchLimits::DEFAULT_DEPTH`)."""
    parts = name.split("::")
    if not all(re.fullmatch(r"\w+", p) for p in parts) or len(parts) > 2:
        raise AssertionError(f"{name!r} is not a Rust item the test can look up")

    def has_type(t: str) -> bool:
        return re.search(rf"\bpub (struct|enum|trait|type) {t}\b", source) is not None

    if len(parts) == 1:
        return has_type(parts[0])
    owner, member = parts
    kind = "const" if member.isupper() else "fn"
    member_pattern = re.compile(rf"\bpub (const )?{kind} {member}\b")
    return has_type(owner) and any(member_pattern.search(body) for body in _impl_blocks(owner, source))


def _impl_blocks(owner: str, source: str) -> list[str]:
    """The bodies of the `impl` blocks of type *owner* (inherent or of a trait), up to
    the closing brace at the start of a line, as rustfmt writes them."""
    starts = re.finditer(rf"^impl(<[^>]*>)? (\w+(<[^>]*>)? for )?{owner}\b[^{{]*\{{$", source, re.MULTILINE)
    return [source[m.end() : source.find("\n}\n", m.end())] for m in starts]


def _python_item_exists(name: str) -> bool:
    if not re.fullmatch(r"\w+(\.\w+)*", name):
        raise AssertionError(f"{name!r} is not a Python name the test can look up")
    target: object = oware
    for part in name.split("."):
        if not hasattr(target, part):
            return False
        target = getattr(target, part)
    return True


def _c_item_exists(name: str, header: str) -> bool:
    if name == "uint8_t pit":
        return re.search(r"\buint8_t pit\b", header) is not None
    if not re.fullmatch(r"(oware|OWARE)_\w+", name):
        raise AssertionError(f"{name!r} is not a C name the test can look up")
    # Declared, not only named in a comment: a function, a type or a constant.
    declared = rf"(\b{name}\(|\}} {name};|typedef struct {name}\b|#define {name}\b|\b{name} = )"
    return re.search(declared, header) is not None


def test_the_table_names_every_term_in_every_language() -> None:
    rows = _table_rows()
    assert len(rows) >= 15
    for row in rows:
        for language, column in LANGUAGES.items():
            cell = row[column]
            assert "`" in cell or cell.startswith("none"), f"{row[0]}: no {language} name in {cell!r}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_name_in_the_table_exists(language: str) -> None:
    missing: list[str] = []
    if language == "Rust":
        source = _rust_text()
        missing = [f"{t}: {n}" for t, n in _names("Rust") if not _rust_item_exists(n, source)]
    elif language == "Python":
        missing = [f"{t}: {n}" for t, n in _names("Python") if not _python_item_exists(n)]
    else:
        header = HEADER.read_text(encoding="utf-8")
        missing = [f"{t}: {n}" for t, n in _names("C") if not _c_item_exists(n, header)]
    assert not missing, f"{language} has no such items: {missing}"


def test_a_name_that_is_not_there_is_found_missing() -> None:
    # The lookups themselves can fail: an invented name is reported.
    assert not _rust_item_exists("Game::no_such_method", _rust_text())
    assert not _rust_item_exists("NoSuchType", _rust_text())
    # A member of another type is not this type's.
    assert not _rust_item_exists("Score::set_book", _rust_text())
    assert not _rust_item_exists("Game::all_houses", _rust_text())
    assert _rust_item_exists("Board::all_houses", _rust_text())
    assert not _python_item_exists("Board.no_such_attribute")
    assert not _c_item_exists("oware_no_such_function", HEADER.read_text(encoding="utf-8"))
    assert not _c_item_exists("oware_game_pits", "/* see oware_game_pits */")


# --------------------------------------------------------------------------- values


def _header_defines() -> dict[str, str]:
    header = HEADER.read_text(encoding="utf-8")
    return dict(re.findall(r"^#define (OWARE_\w+) (.+)$", header, flags=re.MULTILINE))


def _header_enum(prefix: str) -> dict[str, int]:
    """The C enum's constants named *prefix*NAME = value, as {name: value},
    without NONE and OTHER (which no other language has)."""
    header = HEADER.read_text(encoding="utf-8")
    found = {n.lower(): int(v) for n, v in re.findall(rf"\b{prefix}(\w+) = (\d+)", header)}
    found.pop("none", None)
    found.pop("other", None)
    return found


def _rust_const(name: str) -> int:
    match = re.search(rf"\bpub const {name}: \w+ = ([\d_]+);", _rust_text())
    assert match, f"no Rust constant {name}"
    return int(match.group(1).replace("_", ""))


@pytest.fixture(scope="module")
def c_library() -> ctypes.CDLL:
    given = os.environ.get("OWARE_FFI_LIB")
    path = pathlib.Path(given) if given else ROOT / "target" / "debug" / "liboware_ffi.so"
    if not path.exists():
        if given:
            pytest.fail(f"OWARE_FFI_LIB={given} does not exist")
        pytest.skip(f"no C library at {path} (cargo build -p oware-ffi)")
    lib = ctypes.CDLL(str(path))
    for name in ("oware_level_description", "oware_variant_name", "oware_illegal_move_reason_message"):
        getattr(lib, name).restype = ctypes.c_char_p
    lib.oware_level_description.argtypes = [ctypes.c_uint32]
    lib.oware_variant_name.argtypes = [ctypes.c_size_t]
    lib.oware_illegal_move_reason_message.argtypes = [ctypes.c_uint32]
    lib.oware_player_time_budget_check.argtypes = [ctypes.c_uint64, ctypes.c_char_p, ctypes.c_size_t]
    lib.oware_player_time_budget_check.restype = ctypes.c_uint32
    for made_from_text in (lib.oware_game_from_position, lib.oware_game_from_record):
        made_from_text.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_size_t]
    lib.oware_game_play.argtypes = [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_void_p, ctypes.c_void_p]
    lib.oware_game_check_move.argtypes = [ctypes.c_void_p, ctypes.c_uint8, ctypes.POINTER(ctypes.c_uint32)]
    lib.oware_game_threats.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.POINTER(ctypes.c_uint32)]
    lib.oware_game_report_sown.argtypes = [
        ctypes.c_void_p,
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_uint8),
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    lib.oware_game_free.argtypes = [ctypes.c_void_p]
    return lib


def test_defaults_and_bounds_agree() -> None:
    defines = _header_defines()
    assert int(defines["OWARE_DEFAULT_SEARCH_DEPTH"]) == oware.DEFAULT_SEARCH_DEPTH == _rust_const("DEFAULT_DEPTH")
    assert int(defines["OWARE_DEFAULT_SEARCH_NODES"]) == oware.DEFAULT_SEARCH_NODES == _rust_const("DEFAULT_NODES")
    assert int(defines["OWARE_MAX_HOUSES"]) == oware.MAX_HOUSES == _rust_const("MAX_HOUSES")
    assert int(defines["OWARE_MAX_SEARCH_DEPTH"]) == oware.Searcher.MAX_DEPTH == _rust_const("MAX_DEPTH")
    assert oware.Player.MAX_NODES == _rust_const("MAX_NODES")
    assert oware.Player.MAX_TIME_MS == _rust_const("MAX_TIME_MS")


def test_budget_words_agree(c_library: ctypes.CDLL) -> None:
    for ms in (0, Player.MAX_TIME_MS + 1):
        buffer = ctypes.create_string_buffer(256)
        assert c_library.oware_player_time_budget_check(ms, buffer, len(buffer)) != 0
        with pytest.raises(ValueError) as refused:
            Player(5, time_ms=ms)
        assert buffer.value.decode() == str(refused.value) == f"time_ms must be 1 to {Player.MAX_TIME_MS}, not {ms}"
    assert c_library.oware_player_time_budget_check(Player.MAX_TIME_MS, None, 0) == 0


def test_preset_and_level_words_agree(c_library: ctypes.CDLL) -> None:
    names: list[str] = []
    while (name := c_library.oware_variant_name(len(names))) is not None:
        names.append(name.decode())
    assert names == [str(v) for v in oware.Variant.all()]
    assert names == ["abapa", "openspiel", "awale", "kalah", "kalah-irving", "congkak"]
    for level in range(1, 6):
        assert c_library.oware_level_description(level).decode() == Player(level).description
    assert c_library.oware_level_description(0) is None and c_library.oware_level_description(6) is None


# Positions where each reason a move is illegal shows (Python's names).
ILLEGAL = {
    "game_over": ("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21", ["F", "a"]),
    "wrong_side": ("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", ["a"]),
    "no_such_house": ("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", ["G"]),
    "empty_house": ("0,4,4,4,4,8/4,4,4,4,4,4 s 0 0", ["A"]),
    "must_feed": ("1,0,0,0,0,1/0,0,0,0,0,0 s 23 23", ["A"]),
    "grand_slam": ("0,0,0,0,1,1/1,0,0,0,0,0 s 22 23 awale", ["F"]),
}


def test_illegal_move_reasons_and_words_agree(c_library: ctypes.CDLL) -> None:
    c_reasons = _header_enum("OWARE_ILLEGAL_MOVE_REASON_")
    # Every reason but an endless sowing, which no ruleset's move has.
    assert set(c_reasons) == set(ILLEGAL) | {"endless_sowing"}
    for reason, (position, moves) in ILLEGAL.items():
        board = Board(position)
        with pytest.raises(oware.IllegalMoveError) as refused:
            for m in moves:
                board.push(Move(m))
        assert refused.value.reason == reason
        words = str(refused.value).split(": ", 1)[1]
        assert c_library.oware_illegal_move_reason_message(c_reasons[reason]).decode() == words, reason
        assert _c_reason(c_library, position, moves) == c_reasons[reason], reason


def _c_reason(c_library: ctypes.CDLL, position: str, moves: list[str]) -> int:
    """The reason C gives for the last of *moves* after playing the others from
    *position*; a house past the board (``G`` on six houses) is the first pit past
    the houses, C's way of naming it."""
    game = ctypes.c_void_p()
    assert c_library.oware_game_from_position(position.encode(), ctypes.byref(game), None, 0) == 0
    try:
        h = Board(position).ruleset.houses_per_side
        pits = [Move(m).to_index(h) if Move(m).house < h else 2 * h for m in moves]
        for pit in pits[:-1]:
            assert c_library.oware_game_play(game, pit, None, None) == 0
        reason = ctypes.c_uint32(0)
        assert c_library.oware_game_check_move(game, pits[-1], ctypes.byref(reason)) != 0
        return reason.value
    finally:
        c_library.oware_game_free(game)


def test_terminations_and_sides_agree() -> None:
    terminations = _header_enum("OWARE_TERMINATION_")
    assert terminations == {repr(t).split(".")[-1].lower(): int(t) for t in oware.Termination.all()}
    sides = _header_enum("OWARE_SIDE_")
    assert sides == {"south": int(oware.Side.SOUTH), "north": int(oware.Side.NORTH)}


@pytest.mark.parametrize(
    "position",
    ["4,4,4,4,4,5/4,4,4,4,1,6 n 0 0", "1,2,1,2,0,0/2,1,2,1,2,1 s 17 16", "4,4,4,4,4,4,4,1,2/1,2,4,4,4,4,4,4,4 s 5 5 abapa(9,4)"],
)
def test_threats_are_the_same_house_numbers(c_library: ctypes.CDLL, position: str) -> None:
    game = ctypes.c_void_p()
    assert c_library.oware_game_from_position(position.encode(), ctypes.byref(game), None, 0) == 0
    try:
        board = Board(position)
        seen = 0
        for side in (oware.Side.SOUTH, oware.Side.NORTH):
            mask = ctypes.c_uint32(0)
            assert c_library.oware_game_threats(game, int(side), ctypes.byref(mask)) == 0
            houses = [k for k in range(32) if mask.value >> k & 1]
            assert houses == board.threats(side), side
            seen += len(houses)
        assert seen > 0, "a position with no threats compares nothing"
    finally:
        c_library.oware_game_free(game)


def _random_record(ruleset: str, plies: int, seed: int) -> str:
    """A record of *plies* random legal moves (fewer if the game ends) of *ruleset*."""
    rng = random.Random(seed)
    board = Board(ruleset=ruleset)
    while len(board.move_stack) < plies and not board.is_game_over():
        board.push(rng.choice(board.legal_moves))
    return board.record()


# Games of each family: Abapa's laps and captures, Kalah's stores and extra turns,
# Congkak's relays, and a 9-house board.
RECORDS = [_random_record(r, 80, 5) for r in ("abapa", "kalah", "congkak", "abapa(9,4)")]


@pytest.mark.parametrize("record", RECORDS)
def test_every_ply_sows_the_same_pits(c_library: ctypes.CDLL, record: str) -> None:
    """A pit index is one number in Python (``Pit.to_index``) and C (the pits
    ``oware_game_report_sown`` writes), for every ply of a game, Python's report of a
    past ply taken after popping back to it."""
    game = ctypes.c_void_p()
    assert c_library.oware_game_from_record(record.encode(), ctypes.byref(game), None, 0) == 0
    try:
        board = Board.from_record(record)
        h = board.ruleset.houses_per_side
        plies = len(board.move_stack)
        assert plies >= 1
        for ply in range(plies, 0, -1):
            buffer = (ctypes.c_uint8 * 512)()
            n = ctypes.c_size_t(0)
            assert c_library.oware_game_report_sown(game, ply, buffer, 512, ctypes.byref(n)) == 0
            report = board.report
            assert report is not None
            assert list(buffer[: n.value]) == [p.to_index(h) for p in report.sown], ply
            board.pop()
    finally:
        c_library.oware_game_free(game)
