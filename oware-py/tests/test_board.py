"""Board: construction, play, game end, reports, text forms, records, copies and pickling."""

from __future__ import annotations

import copy
import pickle

import pytest

import oware
from oware import Board, Move, Outcome, Ruleset, Side, Termination

from helpers import PRESETS, random_board

START = "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"


def snapshot(board: Board) -> tuple[object, ...]:
    """Everything observable about a board, to check that errors leave it unchanged."""
    return (
        board.position_string(),
        board.move_stack,
        board.outcome(),
        board.ply,
        board.repetitions,
        board.plies_since_capture,
        board.legal_moves,
        board.record(),
    )


class TestConstruction:
    def test_default(self) -> None:
        board = Board()
        assert board.position_string() == START
        assert board.turn == Side.SOUTH and board.ply == 0
        assert board.ruleset == Ruleset.abapa()
        assert board.move_stack == [] and board.report is None
        assert board.stores == (0, 0) and board.houses() == [4] * 12
        assert not board.is_game_over() and board.outcome() is None and board.result() == "*"

    def test_position(self) -> None:
        board = Board("1,2,3,4,5,6/7,8,9,3,0,0 n 0 0")
        assert board.turn == Side.NORTH
        assert board.houses(Side.SOUTH) == [1, 2, 3, 4, 5, 6]
        assert board.houses(Side.NORTH) == [7, 8, 9, 3, 0, 0]
        assert board.houses() == [1, 2, 3, 4, 5, 6, 7, 8, 9, 3, 0, 0]

    def test_rulesets(self, preset: str) -> None:
        board = Board(ruleset=preset)
        assert str(board.ruleset) == preset
        assert board.ruleset.variant == oware.Variant.from_name(preset)
        assert Board(ruleset=oware.Variant.from_name(preset)) == board
        assert Board(ruleset=Ruleset(preset)) == board
        h = board.ruleset.houses_per_side
        assert len(board.legal_moves) == h and len(board.houses()) == 2 * h

    def test_position_with_ruleset(self) -> None:
        board = Board(START, ruleset="openspiel")
        assert board.ruleset == Ruleset.openspiel()
        assert Board(START + " openspiel").ruleset == Ruleset.openspiel()
        with pytest.raises(oware.InvalidPositionError, match="fifth field"):
            Board(START + " openspiel", ruleset="abapa")
        kalah = Board("5,5,5,5,5,5/5,5,5,5,5,5 s 0 0", ruleset="kalah(6,5)")
        assert str(kalah.ruleset) == "kalah(6,5)"

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "expected 4 or 5 fields"),
            ("x", "found 1"),
            ("4,4,4,4,4,4 s 0 0", "'/'"),
            ("4,4,4,4,4/4,4,4,4,4,4 s 0 0", "South's row has 5 houses"),
            ("4,4,4,4,4,x/4,4,4,4,4,4 s 0 0", "house F"),
            ("4,4,4,4,4,4/4,4,4,4,4,4 w 0 0", "'s' or 'n'"),
            ("4,4,4,4,4,4/4,4,4,4,4,4 s -1 0", "South's store"),
            ("4,4,4,4,4,4/4,4,4,4,4,5 s 0 0", "49 seeds"),
            ("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 chess", "fifth field"),
            ("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 abapa x", "found 6"),
            ("4,4,4,4,4,+4/4,4,4,4,4,4 s 0 0", "house F"),
        ],
    )
    def test_bad_position(self, text: str, message: str) -> None:
        with pytest.raises(oware.InvalidPositionError, match=message):
            Board(text)

    def test_bad_types(self) -> None:
        with pytest.raises(TypeError, match="position string"):
            Board(42)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a ruleset must be"):
            Board(ruleset=6)  # type: ignore[arg-type]
        with pytest.raises(oware.InvalidRulesetError):
            Board(ruleset="chess")
        with pytest.raises(TypeError):
            Board(START, "abapa")  # type: ignore[call-arg]

    def test_game_over_position_is_accepted(self) -> None:
        board = Board("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25")
        assert board.is_game_over() and board.legal_moves == []
        assert board.outcome() == Outcome(Termination.MAJORITY, (21, 25))


class TestPlay:
    def test_push_pop(self) -> None:
        board = Board()
        board.push(Move("C"))
        assert board.position_string() == "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0"
        assert board.push_str("f") == Move("f")
        assert board.move_stack == [Move("C"), Move("f")]
        assert board.peek() == Move("f") and board.ply == 2
        assert board.pop() == Move("f")
        assert board.pop() == Move("C")
        assert board.position_string() == START
        with pytest.raises(IndexError):
            board.pop()
        with pytest.raises(IndexError):
            board.peek()

    def test_legal_moves(self) -> None:
        board = Board("0,0,0,0,0,0/0,0,0,0,1,3 n 22 22")  # South starved: North must feed
        assert board.legal_moves == [Move("f")]
        assert board.is_legal(Move("f"))
        assert not board.is_legal(Move("e"))
        assert not board.is_legal(Move("A"))
        assert not board.is_legal(Move("g"))  # no such house
        assert board.legal_actions() == [5]
        assert board.legal_action_mask() == [False] * 5 + [True]

    @pytest.mark.parametrize(
        ("position", "move", "reason", "name"),
        [
            (START, "a", "house is not the side to move's", "wrong_side"),
            ("0,4,4,4,4,4/4,4,4,4,4,8 s 0 0", "A", "house is empty", "empty_house"),
            (START, "G", "no such house in this ruleset", "no_such_house"),
            (
                "0,0,0,0,0,0/0,0,0,0,1,3 n 22 22",
                "e",
                "the opponent has no seeds and this move does not feed it",
                "must_feed",
            ),
            ("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25", "A", "the game is over", "game_over"),
            (
                "1,0,0,0,0,0/1,0,0,0,0,1 n 24 21 awale",
                "f",
                "a grand slam, which this ruleset forbids while another move is legal",
                "grand_slam",
            ),
        ],
    )
    def test_illegal_move_leaves_board_unchanged(self, position: str, move: str, reason: str, name: str) -> None:
        board = Board(position)
        before = snapshot(board)
        with pytest.raises(oware.IllegalMoveError, match=f"illegal move {move}: {reason}") as raised:
            board.push(Move(move))
        assert (raised.value.move, raised.value.reason) == (Move(move), name)
        assert snapshot(board) == before
        with pytest.raises(oware.IllegalMoveError, match=reason) as raised:
            board.push_str(move)
        assert (raised.value.move, raised.value.reason) == (Move(move), name)
        assert snapshot(board) == before

    def test_record_errors_give_the_line_or_the_ply(self) -> None:
        cases = [
            ('[Event "a"]\n[Event "b"]\n', 2, None),
            ('[Event "a"]\n1. C f\n[Site "x"]\n', 3, None),
            ("1. C f 2. f", None, 3),
            ("1. C 7", None, 2),
            ('[Variant "nonsense"]\n', None, None),
        ]
        for text, line, ply in cases:
            with pytest.raises(oware.InvalidRecordError) as raised:
                Board.from_record(text)
            assert (raised.value.line, raised.value.ply) == (line, ply), text

    def test_every_error_is_an_oware_error_with_its_detail_defaults(self) -> None:
        with pytest.raises(oware.OwareError):
            Board("nonsense")
        with pytest.raises(ValueError):
            Move("7")
        raised_by_hand = oware.IllegalMoveError("from Python")
        assert (raised_by_hand.move, raised_by_hand.reason) == (None, None)
        assert (oware.InvalidRecordError("x").line, oware.InvalidRecordError("x").ply) == (None, None)

    def test_bad_input_leaves_board_unchanged(self) -> None:
        board = random_board(plies=7)
        before = snapshot(board)
        for bad in ["C", 2, None, Side.SOUTH, b"C", 2.5]:
            with pytest.raises(TypeError, match="push\\(\\) takes a Move"):
                board.push(bad)  # type: ignore[arg-type]
            with pytest.raises(TypeError, match="is_legal\\(\\) takes a Move"):
                board.is_legal(bad)  # type: ignore[arg-type]
        for bad_text in ["", "CC", "7", "é"]:
            with pytest.raises(oware.InvalidMoveError, match="invalid move notation"):
                board.push_str(bad_text)
        with pytest.raises(TypeError):
            board.push_str(3)  # type: ignore[arg-type]
        for action in [-1, 6, 10**30]:
            with pytest.raises((ValueError, OverflowError)):
                board.push_action(action)
        with pytest.raises(TypeError):
            board.push_action("1")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.threats("south")  # type: ignore[arg-type]
        assert snapshot(board) == before

    def test_push_action(self) -> None:
        board = Board()
        board.push_action(2)
        board.push_action(5)
        assert board.move_stack == [Move("C"), Move("f")]

    def test_a_random_game_to_the_end(self, preset: str) -> None:
        board = random_board(preset, plies=2000, seed=5)
        assert board.is_game_over()
        outcome = board.outcome()
        assert outcome is not None and board.result() == outcome.result()
        assert board.legal_moves == [] and board.legal_actions() == []
        with pytest.raises(oware.IllegalMoveError, match="the game is over"):
            board.push(Move(board.turn, 0))
        # Popping everything returns to the start.
        n = board.ply
        moves = [board.pop() for _ in range(n)]
        assert len(moves) == n and board.ply == 0
        assert board == Board(ruleset=preset)


class TestGameEnd:
    def test_majority(self) -> None:
        board = Board("2,1,0,0,0,0/0,0,0,0,2,1 n 20 22")
        board.push_str("f")  # 1 seed into A: 3 seeds, captured: North has 25
        outcome = board.outcome()
        assert outcome is not None
        assert outcome.termination == Termination.MAJORITY
        assert outcome.winner == Side.NORTH
        assert board.returns() == (-1.0, 1.0)

    def test_no_moves(self) -> None:
        board = Board("0,0,2,0,1,0/0,0,0,0,0,0 s 21 24")
        outcome = board.outcome()
        assert outcome == Outcome(Termination.NO_MOVES, (24, 24))
        assert outcome is not None and outcome.winner is None
        assert board.returns() == (0.0, 0.0) and board.result() == "1/2-1/2"

    def test_move_limit(self) -> None:
        board = Board(ruleset="abapa(max_plies=3)")
        for m in "CfB":
            board.push_str(m)
        outcome = board.outcome()
        assert outcome is not None and outcome.termination == Termination.MOVE_LIMIT
        assert sum(outcome.scores) == 48  # each side takes the seeds on its row

    @pytest.mark.parametrize(
        ("ruleset", "termination"),
        [
            ("openspiel", Termination.CYCLE),
            ("abapa", Termination.MOVE_LIMIT),
            ("kalah", Termination.EMPTY_ROW),
            ("congkak", Termination.EMPTY_BOARD),
            ("abapa", Termination.NO_MOVES),
        ],
    )
    def test_history_terminations_from_random_games(self, ruleset: str, termination: Termination) -> None:
        pytest.importorskip("numpy")
        games = oware.random_games(3000, ruleset=ruleset, seed=11, moves=True)
        code = int(termination)
        rows = [i for i, t in enumerate(games["termination"]) if t == code]
        assert rows, f"no {termination} in 3000 random games"
        i = rows[0]
        board = Board(ruleset=ruleset)
        h = board.ruleset.houses_per_side
        for index in games["moves"][i][: games["plies"][i]]:
            board.push(Move.from_index(int(index), h))
        outcome = board.outcome()
        assert outcome is not None and outcome.termination == termination
        if termination == Termination.CYCLE:
            assert board.repetitions == 2
        if termination == Termination.MOVE_LIMIT:
            assert board.plies_since_capture == 100

    def test_end_by_agreement(self) -> None:
        board = Board.from_record("CfBa")
        outcome = board.end_by_agreement()
        assert outcome.termination == Termination.AGREEMENT
        assert board.is_game_over() and board.outcome() == outcome and board.legal_moves == []
        with pytest.raises(ValueError, match="the game is over"):
            board.end_by_agreement()
        # As Game::undo: the agreement first, then the move.
        assert board.pop() is None
        assert not board.is_game_over() and board.ply == 4 and board.outcome() is None
        assert board.pop() == Move("a")
        assert not board.is_game_over() and board.ply == 3

    def test_agreement_at_the_start_can_be_popped(self) -> None:
        board = Board()
        board.end_by_agreement()
        assert board.pop() is None
        assert not board.is_game_over() and board.legal_moves == Board().legal_moves
        with pytest.raises(IndexError, match="pop from an empty move stack"):
            board.pop()


class TestReport:
    def test_sowing(self) -> None:
        board = Board()
        board.push_str("C")
        report = board.report
        assert report is not None
        assert report.move == Move("C")
        assert [str(p) for p in report.sown] == ["D", "E", "F", "a"]
        assert report.captures == [] and report.captured_seeds == 0
        assert not (report.grand_slam or report.fed or report.extra_turn or report.passed)
        assert report.outcome is None
        assert "MoveReport C" in repr(report)

    def test_captures(self) -> None:
        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0")
        board.push_str("F")  # a, b, c, d, e: e makes 2
        report = board.report
        assert report is not None
        assert [(str(c.pit), c.seeds, c.to) for c in report.captures] == [("e", 2, Side.SOUTH)]
        assert report.captured_seeds == 2 and board.stores == (2, 0)
        assert board.plies_since_capture == 0

    def test_grand_slam(self) -> None:
        board = Board("1,0,0,0,0,0/1,0,0,0,0,1 n 24 21")
        board.push_str("f")
        report = board.report
        assert report is not None and report.grand_slam and report.captures == []
        assert board.position_string() == "2,0,0,0,0,0/1,0,0,0,0,0 s 24 21"

    def test_fed(self) -> None:
        board = Board("0,0,0,0,0,0/0,0,0,0,1,3 n 22 22")
        board.push_str("f")
        report = board.report
        assert report is not None and report.fed

    def test_extra_turn(self) -> None:
        board = Board(ruleset="kalah")
        board.push_str("C")
        report = board.report
        assert report is not None and report.extra_turn
        assert [str(p) for p in report.sown] == ["D", "E", "F", "S*"]
        assert board.turn == Side.SOUTH

    def test_relays(self) -> None:
        board = Board(ruleset="congkak")
        board.push_str("B")  # the last of 7 seeds falls in North's a, which holds 7
        report = board.report
        assert report is not None and report.relays
        relay = report.relays[0]
        assert relay.after >= 1 and relay.seeds >= 2 and not relay.pit.is_store
        assert "Relay" in repr(relay)

    def test_report_after_pop(self) -> None:
        board = Board()
        for m in "CfB":
            board.push_str(m)
        first = board.report
        board.pop()
        assert board.report is not None and board.report.move == Move("f")
        board.push_str("B")
        assert board.report == first
        board.pop()
        board.pop()
        board.pop()
        assert board.report is None

    def test_report_at_any_ply(self) -> None:
        board = Board.from_record("CfBaEd")
        last = board.report
        assert board.report_at(6) == last
        assert [str(board.report_at(k).move) for k in range(1, 7)] == list("CfBaEd")
        board.pop()
        assert board.report_at(5) == board.report
        for ply in (0, 6, -1, 10**30):
            with pytest.raises(ValueError, match="ply must be 1 to 5"):
                board.report_at(ply)
        with pytest.raises(ValueError, match="no move has been played"):
            Board().report_at(1)

    def test_report_of_a_record_and_agreement(self) -> None:
        board = Board.from_record("CfBa")
        assert board.report is not None and board.report.move == Move("a")
        board.end_by_agreement()
        assert board.report is not None and board.report.move == Move("a")

    def test_report_outcome(self) -> None:
        board = Board("2,1,0,0,0,0/0,0,0,0,2,1 n 20 22")
        board.push_str("f")
        report = board.report
        assert report is not None and report.outcome == board.outcome()
        assert report.outcome is not None and report.outcome.scores == (20, 25)


class TestQueries:
    def test_threats(self) -> None:
        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 n 0 0")
        assert board.threats() == [4]
        assert board.threats(Side.NORTH) == [4]
        assert board.threats(Side.SOUTH) == []

    def test_repetitions(self) -> None:
        board = Board()
        assert board.repetitions == 1 and board.plies_since_capture == 0
        board.push_str("A")
        assert board.plies_since_capture == 1

    def test_perft(self) -> None:
        board = Board()
        assert (board.perft(0), board.perft(1), board.perft(2), board.perft(5)) == (1, 6, 36, 5219)
        assert board.perft(11) == 91558687  # README; the GIL is released meanwhile
        assert Board(ruleset="kalah").perft(3) == 185  # pyspiel's mancala perft
        with pytest.raises(ValueError):
            board.perft(-1)
        with pytest.raises(ValueError):
            board.perft(31)

    def test_mirror_and_root(self) -> None:
        board = Board("1,2,3,4,5,6/7,8,9,3,0,0 n 0 0")
        mirrored = board.mirror()
        assert mirrored.position_string() == "7,8,9,3,0,0/1,2,3,4,5,6 s 0 0"
        assert mirrored.mirror() == board
        played = random_board(plies=6)
        assert played.root() == Board() and played.root().ply == 0


class TestTextForms:
    def test_repr_round_trip(self, preset: str) -> None:
        for board in [Board(ruleset=preset), random_board(preset, plies=9, seed=3)]:
            again = eval(repr(board), {"Board": Board})
            assert again == board
            assert again.position_string() == board.position_string()
            assert repr(board) == f"Board('{board.position_string()}')"

    def test_repr_of_an_agreement(self) -> None:
        """Issue 12: repr lost a game ended by agreement (it evaluated to a game that
        goes on, which compares unequal); it now writes ``agreed=True``."""
        board = Board.from_record("CfBa")
        board.end_by_agreement()
        assert repr(board) == "Board('6,0,2,7,6,6/0,5,5,5,5,1 s 0 0', agreed=True)"
        again = eval(repr(board), {"Board": Board})
        assert again == board and again.outcome() == board.outcome()
        assert again.outcome() == Outcome(Termination.AGREEMENT, (27, 21))
        # The agreement is taken back like one made by end_by_agreement.
        assert again.pop() is None and not again.is_game_over()
        with pytest.raises(ValueError, match="^cannot end the game by agreement: "):
            Board("0,0,2,0,1,0/0,0,0,0,0,0 s 21 24", agreed=True)

    def test_repr_custom_ruleset(self) -> None:
        board = Board(ruleset="congkak(5,5,relay=off)")
        assert eval(repr(board), {"Board": Board}) == board

    def test_str(self) -> None:
        text = str(Board())
        assert text.splitlines()[0].split() == list("fedcba")
        assert text.splitlines()[-2].split() == list("ABCDEF")
        assert text.endswith("South to move")
        over = str(Board("0,0,2,0,1,0/0,0,0,0,0,0 s 21 24"))
        assert over.endswith("game over: draw 24-24 (no moves)")

    def test_record_round_trip(self, preset: str) -> None:
        board = random_board(preset, plies=2000, seed=9)
        text = board.record({"South": "Ama", "North": "Kofi"})
        assert f'[Variant "{preset}"]' in text and '[South "Ama"]' in text
        assert f'[Result "{board.result()}"]' in text
        again = Board.from_record(text)
        assert again.move_stack == board.move_stack and again == board
        assert Board.from_record("".join(str(m) for m in board.move_stack) if preset in ("abapa",) else text) == board

    def test_record_of_agreement(self) -> None:
        board = Board.from_record("CfBa")
        board.end_by_agreement()
        again = Board.from_record(board.record())
        assert again.outcome() == board.outcome()

    def test_record_of_custom_start(self) -> None:
        board = Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0")
        board.push_str("F")
        assert '[Position "4,4,4,4,4,5/4,4,4,4,1,6 s 0 0"]' in board.record()
        assert Board.from_record(board.record()) == board

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("1. C f 2. f", "ply 3: illegal move f"),
            ("1. C X", "ply 2: 'X' is not a move letter"),
            ('[Variant "chess"]\n\nC', "Variant tag"),
            ('[Result "2-0"]\n\nC', "Result tag"),
            ("1. C {unclosed", "never closed"),
            ("C f * B", "only comments may follow"),
            ('[Position "1,2,3 s 0 0"]\n\nC', "Position tag"),
            ('[Bad tag]\n\nC', "line 1"),
        ],
    )
    def test_bad_record(self, text: str, message: str) -> None:
        with pytest.raises(oware.InvalidRecordError, match=message):
            Board.from_record(text)

    def test_bad_tags(self) -> None:
        board = Board()
        for name, message in [
            ("Bad Name", "a tag name must be ASCII letters, digits and _, not empty \\(tag 'Bad Name'\\)"),
            ("Variant", "Variant comes from the game's start"),
        ]:
            with pytest.raises(oware.InvalidTagError, match=f"^invalid tag: {message}"):
                board.record({name: "kalah"})
        with pytest.raises(TypeError):
            board.record({"South": 3})  # type: ignore[dict-item]
        with pytest.raises(TypeError):
            board.record(["South"])  # type: ignore[arg-type]

    def test_tags_may_be_any_mapping(self) -> None:
        """Issue 12: ``record(tags)`` took only a dict though the stub says Mapping;
        a value that is not a str got PyO3's message, without ``tags`` or the key."""
        import collections.abc
        import types

        class Tags(collections.abc.Mapping[str, str]):
            def __init__(self, **tags: str) -> None:
                self.tags = tags

            def __getitem__(self, key: str) -> str:
                return self.tags[key]

            def __iter__(self):  # type: ignore[no-untyped-def]
                return iter(self.tags)

            def __len__(self) -> int:
                return len(self.tags)

        board = Board.from_record("CfBa")
        expected = board.record({"South": "Ama", "North": "Kofi"})
        assert board.record(Tags(South="Ama", North="Kofi")) == expected
        assert board.record(types.MappingProxyType({"South": "Ama", "North": "Kofi"})) == expected
        with pytest.raises(TypeError, match=r"^tags\['North'\] must be a str, not int$"):
            board.record(Tags(South="Ama", North=3))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^tags: a tag name must be a str, not int \(3\)$"):
            board.record({3: "x"})  # type: ignore[dict-item]
        with pytest.raises(
            TypeError, match=r"^tags must be a mapping of tag names to values \(str to str\), not list$"
        ):
            board.record([("South", "Ama")])  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("tags", "message"),
        [
            # Both at once made a record that its own import refused.
            ({"Termination": "agreement", "Result": "0-1"}, 'Termination "agreement" says how the game ended'),
            ({"Termination": "Majority"}, 'Termination "majority" says how the game ended'),
            ({"Result": "won"}, "a Result must be 1-0, 0-1, 1/2-1/2 or \\*"),
            ({"Event": "two\nlines"}, "cannot hold the control character '\\\\n' \\(tag 'Event'\\)"),
        ],
    )
    def test_tags_a_record_could_not_read_back(self, tags: dict[str, str], message: str) -> None:
        with pytest.raises(oware.InvalidTagError, match=message):
            Board.from_record("CfBa").record(tags)

    def test_result_of_a_resignation_reads_back(self) -> None:
        board = Board.from_record("CfBa")
        text = board.record({"Result": "0-1", "Termination": "resignation", "South": "Ama"})
        assert text.endswith('[South "Ama"]\n[Result "0-1"]\n[Termination "resignation"]\n\n1. C f 2. B a 0-1\n')
        assert Board.from_record(text).record({"Result": "0-1", "Termination": "resignation", "South": "Ama"}) == text

    def test_the_game_decides_its_result_once_over(self) -> None:
        board = Board.from_record("CfBa")
        board.end_by_agreement()
        with pytest.raises(oware.InvalidTagError, match="the game is over, so its outcome decides Result"):
            board.record({"Result": "0-1"})
        assert '[Result "1-0"]\n[Termination "agreement"]' in board.record()


class TestCopies:
    def test_equality_is_the_position_and_outcome(self) -> None:
        a = Board.from_record("CfBa")
        b = Board(a.position_string())
        assert a == b and a.move_stack != b.move_stack
        b.end_by_agreement()
        assert a != b
        assert Board() != Board(ruleset="openspiel")
        assert Board() != "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"
        assert Board() != None  # noqa: E711

    def test_equality_follows_python_chess(self) -> None:
        """Issue 12 asked whether == should compare the move stacks: python-chess's
        ``Board.__eq__`` compares what the FEN holds, not the move stack, and so does
        this one (position and outcome); the move stacks tell the games apart."""
        played = Board.from_record("CfBa")
        set_up = Board(played.position_string())
        assert played == set_up
        assert (played.move_stack, played.root()) != (set_up.move_stack, set_up.root())

    def test_hash_is_the_key(self) -> None:
        """Issue 16: ``hash(board)`` raised; it is now the transposition key (test_keys_and_tags.py)."""
        assert hash(Board()) == hash(Board().key()) and len({Board(), Board()}) == 1

    def test_copy(self) -> None:
        board = random_board("openspiel", plies=12, seed=2)
        for twin in (board.copy(), copy.copy(board), copy.deepcopy(board)):
            assert twin == board and twin.move_stack == board.move_stack
            assert twin.repetitions == board.repetitions
            twin.pop()
            assert twin != board and board.ply == 12
        fresh = board.copy(stack=False)
        assert fresh == board and fresh.move_stack == [] and fresh.root() == fresh

    def test_pickle_keeps_the_move_stack(self, preset: str) -> None:
        board = random_board(preset, plies=30, seed=4)
        again = pickle.loads(pickle.dumps(board))
        assert again == board and again.move_stack == board.move_stack
        assert again.root() == board.root() and again.record() == board.record()
        assert again.report == board.report

    def test_pickle_of_ended_games(self) -> None:
        board = Board.from_record("CfBa")
        board.end_by_agreement()
        again = pickle.loads(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL))
        assert again.outcome() == board.outcome() and again.move_stack == board.move_stack
        custom = Board("4,4,4,4,4,5/4,4,4,4,1,6 s 0 0", ruleset="abapa")
        custom.push_str("F")
        assert pickle.loads(pickle.dumps(custom)).move_stack == [Move("F")]

    def test_board_from_state_checks_its_input(self) -> None:
        from oware._oware import _board_from_state

        assert _board_from_state("abapa", START, bytes([2, 11])).move_stack == [Move("C"), Move("f")]
        with pytest.raises(oware.IllegalMoveError, match="ply 2"):
            _board_from_state("abapa", START, bytes([2, 2]))
        with pytest.raises(ValueError, match="no house has index 12"):
            _board_from_state("abapa", START, bytes([12]))
        with pytest.raises(oware.InvalidPositionError):
            _board_from_state("kalah", START + " abapa", b"")


@pytest.mark.parametrize("preset", PRESETS)
def test_stores_and_houses_hold_every_seed(preset: str) -> None:
    board = random_board(preset, plies=25, seed=1)
    assert sum(board.houses()) + sum(board.stores) == board.ruleset.total_seeds
