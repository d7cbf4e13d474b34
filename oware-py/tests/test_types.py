"""The value types: Side, Variant, Termination, Move, Ruleset, Outcome, Pit, Score."""

from __future__ import annotations

import copy
import pickle

import pytest

import oware
from oware import Move, Outcome, Pit, Ruleset, Score, Side, Termination, Variant


def roundtrip(value: object) -> object:
    return pickle.loads(pickle.dumps(value))


class TestSide:
    def test_members(self) -> None:
        assert Side.SOUTH != Side.NORTH
        assert oware.SOUTH is Side.SOUTH and oware.NORTH is Side.NORTH
        assert repr(Side.SOUTH) == "Side.SOUTH"
        assert str(Side.NORTH) == "North"
        assert int(Side.SOUTH) == 0 and int(Side.NORTH) == 1

    def test_from_name_reads_back_every_name(self) -> None:
        for side in (Side.SOUTH, Side.NORTH):
            assert Side.from_name(str(side)) is side and Side.from_name(str(side).upper()) is side
        for bad in ("", "s", "South ", "east"):
            with pytest.raises(ValueError, match="unknown side"):
                Side.from_name(bad)

    def test_other(self) -> None:
        assert Side.SOUTH.other() == Side.NORTH
        assert ~Side.NORTH == Side.SOUTH

    def test_hash_pickle_copy(self) -> None:
        assert len({Side.SOUTH, Side.NORTH, Side.SOUTH}) == 2
        for side in (Side.SOUTH, Side.NORTH):
            assert roundtrip(side) == side
            assert copy.copy(side) == side
            assert eval(repr(side), {"Side": Side}) == side


class TestVariant:
    def test_names(self) -> None:
        names = [str(v) for v in Variant.all()]
        assert names == ["abapa", "openspiel", "awale", "kalah", "kalah-irving", "congkak"]
        assert Variant.from_name("MANCALA") == Variant.KALAH
        assert Variant.from_name("oware") == Variant.ABAPA

    def test_unknown_name(self) -> None:
        with pytest.raises(oware.InvalidRulesetError, match="unknown variant"):
            Variant.from_name("chess")
        with pytest.raises(ValueError):
            Variant.from_name("")

    def test_ruleset(self) -> None:
        for v in Variant.all():
            assert v.ruleset().variant == v
            assert roundtrip(v) == v
            assert eval(repr(v), {"Variant": Variant}) == v

    def test_wrong_type(self) -> None:
        with pytest.raises(TypeError):
            Variant.from_name(3)  # type: ignore[arg-type]


class TestTermination:
    def test_names(self) -> None:
        assert [str(t) for t in Termination.all()] == [
            "majority",
            "no moves",
            "cycle",
            "move limit",
            "agreement",
            "empty row",
            "empty board",
        ]
        for t in Termination.all():
            assert Termination.from_name(str(t)) == t
            assert roundtrip(t) == t
        with pytest.raises(ValueError, match="unknown termination"):
            Termination.from_name("resigned")


class TestMove:
    def test_parse(self) -> None:
        m = Move("C")
        assert (m.side, m.house) == (Side.SOUTH, 2)
        assert str(m) == "C" and repr(m) == "Move('C')"
        assert Move("i") == Move(Side.NORTH, 8)

    def test_every_letter(self) -> None:
        letters = "ABCDEFGHI" + "abcdefghi"
        moves = [Move(c) for c in letters]
        assert [str(m) for m in moves] == list(letters)
        assert sorted(reversed(moves)) == moves

    @pytest.mark.parametrize("text", ["", "J", "j", "7", "CC", " C", "C ", "é", "\x00"])
    def test_bad_notation(self, text: str) -> None:
        with pytest.raises(oware.InvalidMoveError, match="invalid move notation"):
            Move(text)

    def test_notation_errors_name_the_boards_letters(self) -> None:
        """Issue 31: ``Move('Z')`` and a letter pushed on a 6-house board were told
        "A-I (South) or a-i (North)". A board names its own letters; a bare Move, which
        knows no board, names the largest board's and says so (the core's words)."""
        bare = r"^invalid move notation: expected one letter A-I \(South\) or a-i \(North\) on the largest board, got 'Z'$"
        with pytest.raises(oware.InvalidMoveError, match=bare):
            Move("Z")
        for ruleset, letters in [("abapa", r"A-F \(South\) or a-f \(North\)"), ("congkak", r"A-G \(South\) or a-g \(North\)")]:
            board = oware.Board(ruleset=ruleset)
            with pytest.raises(oware.InvalidMoveError, match=f"^invalid move notation: expected one letter {letters}, got 'Z'$"):
                board.push_str("Z")

    def test_bad_types(self) -> None:
        with pytest.raises(TypeError, match="house letter"):
            Move(3)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Move(Side.SOUTH)
        with pytest.raises(TypeError):
            Move("C", 2)
        with pytest.raises(ValueError, match="^house must be 0 to 8, not 9$"):
            Move(Side.SOUTH, 9)
        with pytest.raises(ValueError, match="^house must be 0 to 8, not -1$"):
            Move(Side.SOUTH, -1)
        with pytest.raises(TypeError):
            Move(Side.SOUTH, "2")  # type: ignore[arg-type]

    def test_index(self) -> None:
        assert Move("A").to_index(6) == 0
        assert Move("f").to_index(6) == 11
        assert Move("a").to_index(7) == 7
        assert Move.from_index(11, 6) == Move("f")
        assert Move.from_index(7, 7) == Move("a")
        for h in range(1, 10):
            for i in range(2 * h):
                assert Move.from_index(i, h).to_index(h) == i
        with pytest.raises(ValueError):
            Move.from_index(12, 6)
        with pytest.raises(ValueError):
            Move.from_index(-1, 6)
        with pytest.raises(ValueError):
            Move("G").to_index(6)
        with pytest.raises(ValueError):
            Move("A").to_index(0)

    def test_frozen_hash_pickle(self) -> None:
        m = Move("d")
        assert hash(m) == hash(Move("d"))
        assert len({Move("d"), Move("d"), Move("D")}) == 2
        assert roundtrip(m) == m
        assert copy.deepcopy(m) == m
        assert eval(repr(m), {"Move": Move}) == m
        with pytest.raises(AttributeError):
            m.house = 3  # type: ignore[misc]

    def test_ordering(self) -> None:
        assert Move("A") < Move("B") < Move("a")
        assert Move("f") >= Move("F")


class TestRuleset:
    def test_presets(self) -> None:
        assert Ruleset() == Ruleset.abapa() == Ruleset("abapa") == Ruleset(Variant.ABAPA)
        assert Ruleset.openspiel().variant == Variant.OPENSPIEL
        assert Ruleset.awale().variant == Variant.AWALE
        assert Ruleset.kalah().variant == Variant.KALAH
        assert Ruleset.kalah_irving().variant == Variant.KALAH_IRVING
        assert Ruleset.congkak().variant == Variant.CONGKAK
        assert Ruleset(Ruleset.congkak()) == Ruleset.congkak()

    def test_properties(self) -> None:
        r = Ruleset.congkak()
        assert (r.houses_per_side, r.seeds_per_house, r.total_seeds, r.family) == (7, 7, 98, "congkak")
        assert Ruleset().family == "oware" and Ruleset.kalah().family == "kalah"

    def test_custom(self) -> None:
        r = Ruleset.kalah(6, 5)
        assert r.variant is None
        assert str(r) == "kalah(6,5)" and repr(r) == "Ruleset('kalah(6,5)')"
        assert Ruleset("KALAH(6, 5)") == r
        slam = Ruleset("abapa(grand_slam=capture-all)")
        assert str(slam) == "abapa(grand_slam=capture-all)"
        assert Ruleset("congkak(5,5,relay=off)").houses_per_side == 5

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("chess", "unknown preset"),
            ("kalah(6", "options must read"),
            ("kalah(0,4)", "^invalid ruleset text: houses must be 1 to 9$"),
            ("kalah(10,4)", "^invalid ruleset text: houses must be 1 to 9$"),
            ("abapa(6,22)", "^invalid ruleset text: seeds must be 1 or more, with at most 255 seeds in all$"),
            ("abapa(seeds=4,seeds=5)", "^invalid ruleset text: seeds is given twice$"),
            ("abapa(colour=red)", "option"),
            ("abapa(grand_slam=maybe)", "grand_slam must be no-capture, illegal, capture-all, left-to-opponent"),
            ("abapa(repetitions=1)", "^invalid ruleset text: repetitions must be off or 2 to 255$"),
            ("", "unknown preset"),
        ],
    )
    def test_bad_text(self, text: str, message: str) -> None:
        with pytest.raises(oware.InvalidRulesetError, match=message):
            Ruleset(text)

    def test_bad_sizes(self) -> None:
        with pytest.raises(oware.InvalidRulesetError, match="^houses must be 1 to 9, not -1$"):
            Ruleset.kalah(-1, 4)
        with pytest.raises(oware.InvalidRulesetError, match="^seeds must be 1 to 21, not 100 "):
            Ruleset.kalah(6, 100)
        with pytest.raises(oware.InvalidRulesetError):
            Ruleset.kalah_irving(0, 4)

    def test_bad_type(self) -> None:
        with pytest.raises(TypeError, match="a ruleset must be"):
            Ruleset(6)  # type: ignore[arg-type]

    def test_hash_pickle_repr(self) -> None:
        for r in [Ruleset(), Ruleset.kalah(4, 3), Ruleset("congkak(5,5,relay=off)")]:
            assert roundtrip(r) == r
            assert hash(roundtrip(r)) == hash(r)
            assert eval(repr(r), {"Ruleset": Ruleset}) == r
        assert len({Ruleset(), Ruleset.abapa(), Ruleset.awale()}) == 2


class TestOutcome:
    def test_fields(self) -> None:
        o = Outcome(Termination.MAJORITY, (21, 25))
        assert o.winner == Side.NORTH and o.scores == (21, 25)
        assert o.termination == Termination.MAJORITY
        assert o.result() == "0-1"
        assert str(o) == "North wins 25-21 (majority)"
        draw = Outcome(Termination.NO_MOVES, (24, 24))
        assert draw.winner is None and draw.result() == "1/2-1/2"
        assert Outcome(Termination.CYCLE, (30, 18)).result() == "1-0"

    def test_value(self) -> None:
        o = Outcome(Termination.AGREEMENT, (20, 28))
        assert roundtrip(o) == o
        assert eval(repr(o), {"Outcome": Outcome, "Termination": Termination}) == o
        assert hash(o) == hash(Outcome(Termination.AGREEMENT, (20, 28)))
        with pytest.raises(ValueError, match="score"):
            Outcome(Termination.MAJORITY, (256, 0))
        with pytest.raises(TypeError):
            Outcome("majority", (1, 2))  # type: ignore[arg-type]


class TestPit:
    def test_house_and_store(self) -> None:
        d = Pit(Side.SOUTH, 3)
        assert (d.side, d.house, d.is_store, str(d)) == (Side.SOUTH, 3, False, "D")
        store = Pit(Side.NORTH)
        assert (store.side, store.house, store.is_store, str(store)) == (Side.NORTH, None, True, "N*")
        assert d.to_index(6) == 3 and Pit(Side.NORTH, 0).to_index(6) == 6
        assert Pit(Side.SOUTH).to_index(6) == 12 and store.to_index(6) == 13
        for p in (d, store):
            assert roundtrip(p) == p
            assert eval(repr(p), {"Pit": Pit, "Side": Side}) == p
        with pytest.raises(ValueError):
            Pit(Side.SOUTH, 9)
        with pytest.raises(ValueError):
            d.to_index(10)
        # A house past the board's has no pit index there: not North's store, not c.
        with pytest.raises(ValueError, match="pit d has no house with 2 houses a side"):
            Pit(Side.NORTH, 3).to_index(2)
        with pytest.raises(ValueError, match="pit I has no house with 6 houses a side"):
            Pit(Side.SOUTH, 8).to_index(6)
        assert Pit(Side.NORTH, 1).to_index(2) == 3 and Pit(Side.NORTH).to_index(2) == 5


class TestScore:
    def test_kinds(self) -> None:
        s = Score(centiseeds=-125)
        assert (s.seeds, s.centiseeds, s.plies_to_end, str(s)) == (-1.25, -125, None, "-1.25")
        w = Score(win_in=3)
        assert w.is_win() and not w.is_loss() and w.seeds is None and str(w) == "win in 3"
        loss = Score(loss_in=4)
        assert loss.is_loss() and loss.plies_to_end == 4 and str(loss) == "loss in 4"
        assert -w == Score(loss_in=3)
        assert loss < s < w and Score(win_in=1) > w

    def test_value(self) -> None:
        for s in (Score(centiseeds=0), Score(win_in=5), Score(loss_in=2), Score(centiseeds=-3)):
            assert roundtrip(s) == s
            assert eval(repr(s), {"Score": Score}) == s
        assert len({Score(centiseeds=1), Score(centiseeds=1)}) == 1

    def test_a_pickle_with_a_raw_value_no_score_has_is_refused(self) -> None:
        # Score.__reduce__ names the private rebuilder; the core's
        # Score::from_raw decides which raw values are scores.
        rebuild, (raw,) = Score(win_in=9999).__reduce__()
        assert rebuild(raw) == Score(win_in=9999)
        for bad in (raw - 1, -(raw - 1), 1_000_001, -1_000_001):
            with pytest.raises(ValueError, match=f"no score has the raw value {bad}"):
                rebuild(bad)

    def test_bad(self) -> None:
        with pytest.raises(ValueError, match="exactly one"):
            Score()
        with pytest.raises(ValueError, match="exactly one"):
            Score(centiseeds=1, win_in=2)
        with pytest.raises(ValueError):
            Score(win_in=-1)
        with pytest.raises(ValueError):
            Score(centiseeds=10**9)
        with pytest.raises(TypeError):
            Score(3)  # type: ignore[call-arg]


def test_version_and_all() -> None:
    assert oware.__version__.count(".") == 2
    assert oware.MAX_HOUSES == 9
    for name in oware.__all__:
        assert hasattr(oware, name), name
    # The native module stays private: every public class says it lives in `oware`.
    assert oware.Board.__module__ == "oware"
    assert oware.IllegalMoveError.__module__ == "oware"


def test_exceptions_are_oware_errors() -> None:
    assert issubclass(oware.OwareError, ValueError)
    for exc in (
        oware.IllegalMoveError,
        oware.InvalidMoveError,
        oware.InvalidPositionError,
        oware.InvalidRulesetError,
        oware.InvalidRecordError,
        oware.InvalidTagError,
        oware.EndgameError,
        oware.ProbeError,
        oware.DatabaseFileError,
    ):
        assert issubclass(exc, oware.OwareError)
        assert exc.__doc__
