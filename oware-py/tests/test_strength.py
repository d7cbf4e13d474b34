"""Strength on an outside scale: our levels against OpenSpiel's C++ MCTS
(``pyspiel.MCTSBot``, one random rollout a leaf, UCT constant 2, MCTS-Solver)
on pyspiel's ``oware``, which is our ``openspiel`` ruleset.

No clock is involved: our players have depth or node limits, MCTS has a
simulation count, and every seed is fixed, so each game is the same on every
run and machine. The games are those of ``examples/python/ladder.py`` with the
same options (its seeding is copied here):

    ladder.py --levels 5 --nodes 50000 --simulations 3000 --games 20 --seed 12
    ladder.py --levels 2,3,4 --simulations 1000 --games 20 --seed 11
    ladder.py --levels 1,2 --simulations 20 --games 60 --seed 11

print the measured values written in each test. The thresholds sit well
inside them, so a change to the engine that keeps its strength passes, and
one that costs a level its place fails. The file takes about 100 s on two
cores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import oware

pyspiel = pytest.importorskip("pyspiel")

OPENING_PLIES = 4


@dataclass
class Score:
    """A match's result from our side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """(wins + draws / 2) / games."""
        return (self.wins + self.draws / 2) / self.games


def _opening(seed: int, pair: int) -> list[int]:
    """The actions of opening number *pair*: random plies, as ladder.py draws them."""
    rng = random.Random(f"{seed}:opening:{pair}")
    while True:
        board = oware.Board(ruleset="openspiel")
        for _ in range(OPENING_PLIES):
            board.push_action(rng.choice(board.legal_actions()))
        if not board.is_game_over():
            return [m.house for m in board.move_stack]


def _game(
    level: int, nodes: int | None, simulations: int, actions: list[int], ours: oware.Side, seed: str
) -> float:
    """Our player against MCTS from the opening *actions*; our points (1, ½ or 0)."""
    game = pyspiel.load_game("oware")
    rng = random.Random(seed)
    player_seed = rng.getrandbits(64)
    if nodes is None:
        player = oware.Player(level, player_seed)
    else:
        player = oware.Player(level, player_seed, nodes=nodes)
    bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(1, rng.getrandbits(31)),
        uct_c=2.0,
        max_simulations=simulations,
        max_memory_mb=1000,
        solve=True,
        seed=rng.getrandbits(31),
        verbose=False,
    )
    board = oware.Board(ruleset="openspiel")
    state = game.new_initial_state()
    for action in actions:
        board.push_action(action)
        state.apply_action(action)
    while not board.is_game_over():
        assert not state.is_terminal(), board.position_string()
        if board.turn == ours:
            move = player.choose(board)
            assert move is not None
            action = move.house
        else:
            action = bot.step(state)
        board.push_action(action)
        state.apply_action(action)
    # Our referee and pyspiel agree on the end and the result.
    assert state.is_terminal()
    assert state.returns()[int(ours)] == board.returns()[int(ours)]
    return (board.returns()[int(ours)] + 1) / 2


def _match(level: int, simulations: int, games: int, seed: int, nodes: int | None = None) -> Score:
    """*games* games, each opening played with our player as South and as North."""
    result = Score()
    for pair in range(games // 2):
        actions = _opening(seed, pair)
        for ours in (oware.SOUTH, oware.NORTH):
            points = _game(level, nodes, simulations, actions, ours, f"{seed}:game:{pair}:{int(ours)}")
            if points == 1:
                result.wins += 1
            elif points == 0:
                result.losses += 1
            else:
                result.draws += 1
    return result


def test_level_five_beats_mcts() -> None:
    # Level 5 on a node budget (one thread, about 15 ms a move) against MCTS at 3000
    # simulations a move (about 70 ms). Measured: 20-0-0, a mean margin of +13.9 seeds.
    result = _match(5, 3000, games=20, seed=12, nodes=50_000)
    assert result.games == 20
    assert result.score >= 0.75, result


def test_the_ladder_stays_ordered() -> None:
    # Levels 2, 3 and 4 against the same MCTS, 1000 simulations a move.
    # Measured: level 2 0-0-20 (0 %), level 3 8-2-10 (45 %), level 4 20-0-0 (100 %).
    scores = {level: _match(level, 1000, games=20, seed=11) for level in (2, 3, 4)}
    assert scores[3].score >= scores[2].score + 0.2, scores
    assert scores[4].score >= scores[3].score + 0.2, scores


def test_level_two_beats_level_one_against_the_same_mcts() -> None:
    # Against MCTS at 20 simulations, weak enough that level 1's captures count.
    # Measured: level 1 6-2-52 (11.7 %), level 2 23-4-33 (41.7 %).
    one, two = _match(1, 20, games=60, seed=11), _match(2, 20, games=60, seed=11)
    assert two.score >= one.score + 0.15, (one, two)


def test_the_opening_is_seeded() -> None:
    # The openings the games start from: legal, varied, and the same for the same seed.
    openings = [_opening(11, pair) for pair in range(10)]
    assert openings == [_opening(11, pair) for pair in range(10)]
    assert len({tuple(o) for o in openings}) == 10
    assert all(len(o) == OPENING_PLIES for o in openings)
