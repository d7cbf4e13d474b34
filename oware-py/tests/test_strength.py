"""Strength on an outside scale: our levels against OpenSpiel's C++ MCTS
(``pyspiel.MCTSBot``, one random rollout a leaf, UCT constant 2, MCTS-Solver)
on pyspiel's ``oware``, which is our ``openspiel`` ruleset.

No clock is involved: our players have depth or node limits, MCTS has a
simulation count, and every seed is fixed, so each game is the same on every
run and machine. The games are played by ``examples/python/ladder.py``'s own
code, so these commands print them:

    ladder.py --levels 5 --nodes 50000 --simulations 3000 --games 20 --seed 12
    ladder.py --levels 2,3,4 --simulations 1000 --games 20 --seed 11
    ladder.py --levels 1,2 --simulations 20 --games 60 --seed 11

print the measured values written in each test. The thresholds sit well
inside them, so a change to the engine that keeps its strength passes, and
one that costs a level its place fails. The file takes about 100 s on two
cores.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pyspiel = pytest.importorskip("pyspiel")

OPENING_PLIES = 4


def _load_ladder() -> ModuleType:
    """``examples/python/ladder.py``, whose games these are."""
    path = Path(__file__).resolve().parents[2] / "examples" / "python" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


ladder = _load_ladder()


def _match(level: int, simulations: int, games: int, seed: int, nodes: int | None = None) -> float:
    """Our score (wins and half the draws, over the games) in ladder.py's pairing of
    *level* against MCTS at *simulations*, with its default MCTS settings."""
    args = argparse.Namespace(
        games=games,
        seed=seed,
        opening_plies=OPENING_PLIES,
        nodes=nodes,
        reproducible=False,
        solve=True,
        uct_c=2.0,
        max_memory_mb=1000,
        verbose=False,
    )
    pairing = ladder.play_pairing(pyspiel.load_game("oware"), level, simulations, args)
    assert pairing.games == games, pairing
    return float(pairing.score)


def test_level_five_beats_mcts() -> None:
    # Level 5 on a node budget (one thread, about 15 ms a move) against MCTS at 3000
    # simulations a move (about 70 ms). Measured: 20-0-0, a mean margin of +13.9 seeds.
    score = _match(5, 3000, games=20, seed=12, nodes=50_000)
    assert score >= 0.75, score


def test_the_ladder_stays_ordered() -> None:
    # Levels 2, 3 and 4 against the same MCTS, 1000 simulations a move.
    # Measured: level 2 0-0-20 (0 %), level 3 8-2-10 (45 %), level 4 20-0-0 (100 %).
    scores = {level: _match(level, 1000, games=20, seed=11) for level in (2, 3, 4)}
    assert scores[3] >= scores[2] + 0.2, scores
    assert scores[4] >= scores[3] + 0.2, scores


def test_level_two_beats_level_one_against_the_same_mcts() -> None:
    # Against MCTS at 20 simulations, weak enough that level 1's captures count.
    # Measured: level 1 6-2-52 (11.7 %), level 2 23-4-33 (41.7 %).
    one, two = _match(1, 20, games=60, seed=11), _match(2, 20, games=60, seed=11)
    assert two >= one + 0.15, (one, two)


def test_the_opening_is_seeded() -> None:
    # The openings the games start from: legal, varied, and the same for the same seed.
    openings = [ladder.opening(11, pair, OPENING_PLIES) for pair in range(10)]
    assert openings == [ladder.opening(11, pair, OPENING_PLIES) for pair in range(10)]
    assert len({tuple(o) for o in openings}) == 10
    assert all(len(o) == OPENING_PLIES for o in openings)
