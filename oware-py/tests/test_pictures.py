"""Pictures of boards: oware.svg (and Board._repr_svg_) and the adapters' rgb_array frames."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import oware
import oware.svg
from oware import Board, Side

from helpers import PRESETS, random_board

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def counts(root: ET.Element) -> dict[str, int]:
    """The count text of each pit, by pit name (``C``, ``store-south``)."""
    return {
        str(t.get("id")).removeprefix("count-"): int(t.text or "")
        for t in root.iter(f"{SVG}text")
        if t.get("class") == "count"
    }


def marked(root: ET.Element, mark: str) -> set[str]:
    """The ids of the houses and stores whose class has *mark*."""
    return {
        str(e.get("id"))
        for e in root.iter()
        if e.get("id") is not None and mark in str(e.get("class", "")).split()
    }


def texts(root: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == cls]


class TestSvg:
    def test_a_capture(self) -> None:
        """F (5 seeds) sows a..e and ends in e, which holds 1 and makes 2: North's e is captured."""
        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0")
        board.push_str("F")
        root = parse(oware.svg.board(board))
        assert counts(root) == {
            **dict(zip("ABCDEF", [4, 4, 4, 4, 4, 0])),
            **dict(zip("abcdef", [5, 5, 5, 5, 0, 6])),
            "store-south": 2,
            "store-north": 0,
        }
        assert marked(root, "moved") == {"house-F"}
        assert marked(root, "sown") == {f"house-{p}" for p in "abcde"}
        assert marked(root, "captured") == {"house-e"}
        assert texts(root, "status") == ["North to move"]
        assert texts(root, "label") == ["South", *"ABCDEF", "North", *"abcdef"]
        seeds = [e for e in root.iter(f"{SVG}circle") if e.get("class") == "seed"]
        assert len(seeds) == 4 * 5 + 5 * 4 + 6  # every house of 12 seeds or fewer, as dots

    def test_marks_are_the_report_and_threats(self, preset: str) -> None:
        for seed in range(25):
            board = random_board(preset, plies=1 + seed * 3, seed=seed)
            root = parse(board._repr_svg_())
            report = board.report
            assert report is not None
            assert marked(root, "moved") == {f"house-{report.move}"}
            names = {f"house-{p}" if p.house is not None else f"store-{str(p.side).lower()}" for p in report.sown}
            assert marked(root, "sown") == names
            captured = {f"house-{c.pit}" for c in report.captures}
            assert marked(root, "captured") == captured
            threatened = set() if board.is_game_over() else {f"house-{oware.Move(board.turn, i)}" for i in board.threats()}
            assert marked(root, "threatened") == threatened
            shown = counts(root)
            assert [shown[str(oware.Move(Side.SOUTH, i))] for i in range(board.ruleset.houses_per_side)] == board.houses(Side.SOUTH)
            assert (shown["store-south"], shown["store-north"]) == board.stores

    def test_threats_are_marked(self) -> None:
        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 n 0 0")  # South's F reaches North's e (1 seed)
        assert board.threats() == [4]
        root = parse(oware.svg.board(board))
        assert marked(root, "threatened") == {"house-e"} and marked(root, "moved") == set()
        assert marked(parse(oware.svg.board(board, threats=False)), "threatened") == set()

    def test_seven_houses_and_kalah_stores(self) -> None:
        congkak = Board(ruleset="congkak")
        root = parse(oware.svg.board(congkak))
        assert counts(root) == {**{p: 7 for p in "ABCDEFGabcdefg"}, "store-south": 0, "store-north": 0}
        kalah = Board(ruleset="kalah")
        kalah.push_str("C")  # 4 seeds: D, E, F and South's store; South moves again
        root = parse(oware.svg.board(kalah))
        assert marked(root, "sown") == {"house-D", "house-E", "house-F", "store-south"}
        assert counts(root)["store-south"] == 1 and texts(root, "status") == ["South to move"]

    def test_options(self) -> None:
        board = Board.from_record("CfBa")
        plain = parse(oware.svg.board(board, last_move=False, dots=False, size=300))
        assert plain.get("width") == "300" and marked(plain, "sown") == set()
        assert not [e for e in plain.iter(f"{SVG}circle") if e.get("class") == "seed"]
        flipped = parse(oware.svg.board(board, flipped=True))
        south_y = {e.get("cy") for e in flipped.iter(f"{SVG}circle") if str(e.get("id")).startswith("house-A")}
        north_y = {e.get("cy") for e in flipped.iter(f"{SVG}circle") if str(e.get("id")).startswith("house-a")}
        assert float(south_y.pop() or 0) < float(north_y.pop() or 0)  # South on top
        with pytest.raises(ValueError, match="size"):
            oware.svg.board(board, size=0)
        with pytest.raises(TypeError, match="takes a Board, not str"):
            oware.svg.board("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0")  # type: ignore[arg-type]

    def test_game_over(self) -> None:
        board = Board("0,0,2,0,1,0/0,0,0,0,0,0 s 21 24")
        root = parse(oware.svg.board(board))
        assert texts(root, "status") == ["game over: draw 24-24 (no moves)"]
        assert marked(root, "threatened") == set()


class TestRgbArray:
    @pytest.fixture(autouse=True)
    def _needs_numpy(self) -> None:
        pytest.importorskip("numpy")

    def test_frame_shape_and_colours(self) -> None:
        from oware._picture import COLOURS
        from oware._raster import rgb_array

        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0")
        board.push_str("F")
        frame = rgb_array(board, cell=40)
        assert frame.shape == (138, 320, 3) and str(frame.dtype) == "uint8"

        def at(x: float, y: float) -> str:
            r, g, b = frame[round(y * 40), round(x * 40)]
            return f"#{r:02x}{g:02x}{b:02x}"

        # South's F is column 6 (x 6.5) of the bottom row (y 2); North's e is
        # column 2 (x 2.5) of the top row; a point between the count and the rim.
        assert at(6.5 - 0.38, 2) == COLOURS["moved"]  # the ring of the last move's house
        assert at(6.5 - 0.25, 2) == COLOURS["house"]  # F was emptied, not sown
        assert at(2.5 - 0.25, 1) == COLOURS["sown"] and at(2.5 - 0.38, 1) == COLOURS["captured"]
        assert at(1.5 - 0.25, 1) == COLOURS["house"]  # North's f was not sown

    def test_every_ruleset(self) -> None:
        from oware._raster import rgb_array

        for preset in PRESETS:
            board = random_board(preset, plies=10, seed=1)
            frame = rgb_array(board)
            assert frame.shape == (166, 48 * (board.ruleset.houses_per_side + 2), 3)


def test_svg_doctests() -> None:
    import doctest

    result = doctest.testmod(oware.svg)
    assert result.failed == 0 and result.attempted > 0
