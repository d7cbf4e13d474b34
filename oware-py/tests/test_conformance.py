"""Conformance with OpenSpiel: thousands of random games of pyspiel's ``oware``
(our ``openspiel`` preset) and ``mancala`` (our ``kalah`` preset), played in
lockstep. At every ply the legal moves, houses, stores, side to move and the
end of the game must agree; at the end, the returns.

The layouts are those of ``tests/openspiel/dump_games.py`` at the top of the
repository (read its docstring for the evidence):

- ``oware``: actions 0..5 are houses of the player to move; the observation
  tensor is the 12 houses then the 2 stores, divided by 48. When the game
  ends pyspiel moves every seed left on the board to the owner of its row, so
  at the end each side's store plus row is compared with pyspiel's store.
- ``mancala``: actions are pit indices, South's houses 1..6 and North's
  8..13; the tensor is the 14 pits (pit 0 North's store, 7 South's store),
  then the player and the move number. The board is left as it is at the end.

``OWARE_CONFORMANCE_GAMES`` sets the number of games of each (default 3000)
and ``OWARE_CONFORMANCE_SEED`` the seed (default: a new one each run, printed
on failure).
"""

from __future__ import annotations

import os
import random
import time

import pytest

from oware import Board

pyspiel = pytest.importorskip("pyspiel")

GAMES = int(os.environ.get("OWARE_CONFORMANCE_GAMES", "3000"))
SEED = int(os.environ.get("OWARE_CONFORMANCE_SEED", str(time.time_ns() % 2**32)))


def _oware_position(state: object) -> tuple[list[int], list[int]]:
    values = [round(x * 48) for x in state.observation_tensor(0)]  # type: ignore[attr-defined]
    return values[:12], values[12:]


def _mancala_position(state: object) -> tuple[list[int], list[int]]:
    pits = [round(x) for x in state.observation_tensor(0)][:14]  # type: ignore[attr-defined]
    return pits[1:7] + pits[8:14], [pits[7], pits[0]]


def _mancala_action(player: int, house: int) -> int:
    return house + 1 if player == 0 else house + 8


def _play(game_name: str, ruleset: str, games: int, seed: int) -> int:
    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    plies = 0
    for g in range(games):
        state = game.new_initial_state()
        board = Board(ruleset=ruleset)
        while True:
            where = f"seed {seed}, game {g}, ply {board.ply}: {board.position_string()}"
            terminal = state.is_terminal()
            assert terminal == board.is_game_over(), where
            if game_name == "oware":
                houses, stores = _oware_position(state)
            else:
                houses, stores = _mancala_position(state)
            if terminal:
                break
            assert houses == board.houses(), where
            assert stores == list(board.stores), where
            player = state.current_player()
            assert player == int(board.turn), where
            legal = state.legal_actions()
            ours = board.legal_actions()
            if game_name == "oware":
                assert legal == ours, where
            else:
                assert legal == [_mancala_action(player, a) for a in ours], where
            action = rng.choice(ours)
            state.apply_action(action if game_name == "oware" else _mancala_action(player, action))
            board.push_action(action)
            plies += 1
        outcome = board.outcome()
        assert outcome is not None
        if game_name == "oware":
            # pyspiel has moved the seeds left to their owners' stores.
            collected = [board.stores[i] + sum(board.houses()[6 * i : 6 * i + 6]) for i in (0, 1)]
            assert stores == collected and houses == [0] * 12, where
        else:
            assert houses == board.houses() and stores == list(board.stores), where
            assert list(outcome.scores) == [stores[i] + sum(houses[6 * i : 6 * i + 6]) for i in (0, 1)], where
        assert list(state.returns()) == list(board.returns()), where
    return plies


@pytest.mark.parametrize(("game_name", "ruleset"), [("oware", "openspiel"), ("mancala", "kalah")])
def test_random_games_agree(game_name: str, ruleset: str) -> None:
    plies = _play(game_name, ruleset, GAMES, SEED)
    assert plies > GAMES * 20
