"""Board.key() and hashing (the transposition key), and record tags kept through from_record/record."""

from __future__ import annotations

import itertools
import pickle

import pytest

from oware import Board, InvalidTagError, Side

from helpers import PRESETS, random_board

RECORD = '[Event "Club night"]\n[South "Ama"]\n[North "Kofi"]\n[Round "3"]\n\n1. C f 2. B a *\n'


def boards_after(plies: int, start: str | None = None) -> dict[tuple[str, ...], Board]:
    """Every board after *plies* legal moves from *start* (a position string), by its move sequence."""
    found: dict[tuple[str, ...], Board] = {(): Board(start)}
    for _ in range(plies):
        deeper = {}
        for moves, board in found.items():
            for move in board.legal_moves:
                child = board.copy()
                child.push(move)
                deeper[(*moves, str(move))] = child
        found = deeper
    return found


class TestKey:
    def test_transpositions_have_equal_keys(self) -> None:
        """Equal positions reached by different move orders: equal keys, hashes and boards."""
        by_position: dict[str, list[Board]] = {}
        for board in boards_after(4, "0,1,1,0,1,2/0,1,1,0,1,2 s 19 19").values():
            by_position.setdefault(board.position_string(), []).append(board)
        transposed = [boards for boards in by_position.values() if len(boards) > 1]
        assert len(transposed) == 47
        for first, *others in transposed:
            for other in others:
                assert other.move_stack != first.move_stack
                assert other.key() == first.key() and hash(other) == hash(first) and other == first

    def test_different_positions_differ(self, preset: str) -> None:
        """Over many random games, two positions share a key exactly when they are equal."""
        seen: dict[int, str] = {}
        for seed in range(60):
            board = random_board(preset, plies=0, seed=seed)
            for ply in range(200):
                seen.setdefault(board.key(), board.position_string())
                assert seen[board.key()] == board.position_string()
                if board.is_game_over():
                    break
                board.push(board.legal_moves[(seed * 7 + ply * 13) % len(board.legal_moves)])
        assert len(seen) > 2000

    def test_the_ruleset_and_side_to_move_count(self) -> None:
        keys = {Board(ruleset=preset).key() for preset in PRESETS}
        assert len(keys) == len(PRESETS)  # abapa, openspiel and awale start alike
        south, north = Board("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"), Board("4,4,4,4,4,4/4,4,4,4,4,4 n 0 0")
        assert south.key() != north.key() and south != north

    def test_history_does_not_count(self) -> None:
        """The key is the position's: the moves played, the repetitions and the ply do not change it."""
        played = Board.from_record("CfBa")
        fresh = Board(played.position_string())
        assert played.ply == 4 and fresh.ply == 0
        assert played.key() == fresh.key() and hash(played) == hash(fresh) and played == fresh

    def test_key_is_an_int_that_survives_pickle(self) -> None:
        board = random_board("congkak", plies=30, seed=3)
        key = board.key()
        assert isinstance(key, int) and 0 <= key < 2**64
        assert pickle.loads(pickle.dumps(board)).key() == key

    def test_boards_in_sets_and_dicts(self) -> None:
        a, b = Board.from_record("CfBa"), Board.from_record("BaCf")
        assert a.position_string() != b.position_string()
        assert {a, b, a.copy(), Board(a.position_string())} == {a, b}
        assert {a: "first"}[Board(a.position_string())] == "first"


class TestTags:
    def test_from_record_keeps_the_tags(self) -> None:
        board = Board.from_record(RECORD)
        assert board.tags == {"Event": "Club night", "South": "Ama", "North": "Kofi", "Round": "3"}
        assert board.record() == '[Variant "abapa"]\n' + RECORD.replace("\n\n", '\n[Result "*"]\n\n')

    def test_round_trip_through_record(self, preset: str) -> None:
        board = random_board(preset, plies=2000, seed=5)
        text = board.record({"South": "Ama", "Annotator": "oware"})
        again = Board.from_record(text)
        assert again.tags["South"] == "Ama" and again.tags["Annotator"] == "oware"
        assert again.record() == text
        assert Board.from_record(again.record()).record() == text

    def test_given_tags_override_kept_ones(self) -> None:
        board = Board.from_record(RECORD)
        text = board.record({"South": "Esi", "Site": "Accra"})
        assert '[South "Esi"]' in text and '[North "Kofi"]' in text and '[Site "Accra"]' in text
        assert board.tags["South"] == "Ama"  # record() does not change the board

    def test_tags_go_with_copies_and_pickles_not_new_games(self) -> None:
        board = Board.from_record(RECORD)
        assert board.copy().tags == board.tags
        assert pickle.loads(pickle.dumps(board)).tags == board.tags
        assert board.copy(stack=False).tags == {} and board.root().tags == {} and Board().tags == {}

    def test_a_result_tag_yields_to_the_outcome(self) -> None:
        """A record of a resigned game keeps its Result while the game is unfinished; once the
        moves end the game, its outcome writes Result and Termination."""
        board = Board.from_record('[Result "0-1"]\n[Termination "resignation"]\n\n1. C *')
        assert board.tags == {"Result": "0-1", "Termination": "resignation"}
        assert '[Result "0-1"]' in board.record() and board.record().endswith("1. C 0-1\n")
        assert board.end_by_agreement().winner == Side.NORTH  # 25-23 by the rules' count
        text = board.record()
        assert '[Result "0-1"]\n[Termination "agreement"]' in text and "resignation" not in text
        board.pop()
        assert '[Termination "resignation"]' in board.record()

    def test_tags_dict_is_a_copy(self) -> None:
        board = Board.from_record(RECORD)
        board.tags["South"] = "changed"
        assert board.tags["South"] == "Ama"

    @pytest.mark.parametrize("name", ["Variant", "Bad Name"])
    def test_bad_pickled_tags_are_refused(self, name: str) -> None:
        rebuild, (ruleset, start, moves, agreed, _) = Board().__reduce__()
        with pytest.raises(InvalidTagError, match="kept tag"):
            rebuild(ruleset, start, moves, agreed, [(name, "x")])


def test_boards_after_counts_move_sequences() -> None:
    assert len(boards_after(2)) == 36
    assert all(len(m) == 2 for m in itertools.islice(boards_after(2), 5))
