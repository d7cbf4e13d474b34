#!/usr/bin/env python3
"""Random games per second: pyspiel's ``oware`` and ``mancala`` against this
package's ``openspiel`` and ``kalah`` presets, measured side by side in one run.

    python oware-py/benches/vs_pyspiel.py [--seconds 3] [--rounds 6] [--batch 200000]

Needs ``oware``, ``numpy`` and ``open_spiel`` installed. Each row plays
uniformly random legal moves until the game ends:

- pyspiel, per-move loop: ``state.apply_action(rng.choice(state.legal_actions()))``
- oware, per-move loop:   ``board.push(rng.choice(board.legal_moves))``
- CPython floor:          the oware loop with builtins in place of the board's
                          calls, over the same games' legal moves: about the most any
                          binding's per-move loop could reach
- oware, batch:           ``oware.random_games(n)`` (inside Rust; all cores, then one thread)

The per-move loops run for ``--seconds`` each (after a short warm-up), split
into ``--rounds`` turns, one loop after the other in every round (the order
reversed every other round), so that a busy machine slows all of them
alike; each row prints its median rate over the rounds and its ratio to
pyspiel's per-move loop in the same round, the median and, in brackets,
the lowest and highest. The batch rows are divided by pyspiel's median.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from statistics import median
from collections.abc import Callable

import pyspiel

import oware


def per_move_pyspiel(name: str, seconds: float) -> tuple[float, float]:
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / games


def per_move_oware(ruleset: str, seconds: float) -> tuple[float, float]:
    rules = oware.Ruleset(ruleset)
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = oware.Board(ruleset=rules)
        while not board.is_game_over():
            board.push(rng.choice(board.legal_moves))
        plies += board.ply
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / games


def per_move_floor(ruleset: str, seconds: float) -> tuple[float, float]:
    """The per-move loop with builtins in place of the board's three calls,
    ``str.isdigit`` for ``is_game_over``, ``list.copy`` for ``legal_moves`` and
    ``set.discard`` for ``push``, over the legal moves of the games the oware
    row plays: what CPython itself costs for that loop, however fast the
    board (``rng.choice`` alone is about half of it)."""
    rules = oware.Ruleset(ruleset)
    rng = random.Random(1)
    games: list[list[list[oware.Move]]] = []
    for _ in range(200):
        board = oware.Board(ruleset=rules)
        plies: list[list[oware.Move]] = []
        while not board.is_game_over():
            plies.append(board.legal_moves)
            board.push(rng.choice(plies[-1]))
        games.append(plies)
    blank = ""
    played: set[oware.Move] = set()
    rng = random.Random(1)
    count = plies_total = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for legal in games[count % len(games)]:
            if blank.isdigit():  # never true, as ``board.is_game_over()``
                break
            played.discard(rng.choice(legal.copy()))
        plies_total += len(games[count % len(games)])
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, plies_total / count


def batch_oware(ruleset: str, n: int, threads: int | None) -> tuple[float, float]:
    oware.random_games(min(n, 10_000), ruleset=ruleset, seed=0, threads=threads)  # warm-up
    start = time.perf_counter()
    result = oware.random_games(n, ruleset=ruleset, seed=1, threads=threads)
    elapsed = time.perf_counter() - start
    return n / elapsed, float(result["plies"].mean())


def per_move_rows(
    loops: list[tuple[str, Callable[[float], tuple[float, float]]]], seconds: float, rounds: int
) -> list[tuple[str, float, float, list[float]]]:
    """Runs the per-move ``loops`` (the first is pyspiel's) in ``rounds`` turns of
    ``seconds / rounds`` each; for each loop its median rate, plies a game and
    its ratios to the first loop's rate in the same round."""
    rates: list[list[float]] = [[] for _ in loops]
    plies: list[list[float]] = [[] for _ in loops]
    for r in range(rounds):
        order = list(range(len(loops)))
        for i in order if r % 2 == 0 else reversed(order):
            rate, per_game = loops[i][1](seconds / rounds)
            rates[i].append(rate)
            plies[i].append(per_game)
    return [
        (how, median(rates[i]), median(plies[i]), [a / b for a, b in zip(rates[i], rates[0])])
        for i, (how, _) in enumerate(loops)
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time for each per-move loop, over all rounds")
    ap.add_argument("--rounds", type=int, default=6, help="turns the per-move loops take")
    ap.add_argument("--batch", type=int, default=200_000, help="games for each batch row")
    args = ap.parse_args()
    if args.rounds < 1 or args.seconds <= 0 or args.batch < 1:
        ap.error("--rounds and --batch must be at least 1, --seconds more than 0")
    print(
        f"oware {oware.__version__}, open_spiel (pyspiel) {getattr(pyspiel, '__version__', '?')}, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores"
    )
    print(f"{'game':<10} {'how':<34} {'games/s':>12} {'plies/game':>11} {'vs pyspiel':>11}")
    for name, ruleset in [("oware", "openspiel"), ("mancala", "kalah")]:
        per_move_pyspiel(name, 0.2)
        per_move_oware(ruleset, 0.2)
        loops: list[tuple[str, Callable[[float], tuple[float, float]]]] = [
            (f"pyspiel '{name}', per-move loop", lambda s, n=name: per_move_pyspiel(n, s)),
            (f"oware '{ruleset}', per-move loop", lambda s, r=ruleset: per_move_oware(r, s)),
            ("CPython floor of that loop", lambda s, r=ruleset: per_move_floor(r, s)),
        ]
        rows = per_move_rows(loops, args.seconds, args.rounds)
        base = rows[0][1]
        for i, (how, rate, plies, ratios) in enumerate(rows):
            # pyspiel's own row is 1.0x in every round: no range to show.
            spread = f" ({min(ratios):.1f}-{max(ratios):.1f})" if i > 0 and len(ratios) > 1 else ""
            print(f"{name:<10} {how:<34} {rate:>12,.0f} {plies:>11.1f} {median(ratios):>10.1f}x{spread}")
        for how, threads in [("all cores", None), ("1 thread", 1)]:
            rate, plies = batch_oware(ruleset, args.batch, threads)
            label = f"oware '{ruleset}', batch, {how}"
            print(f"{name:<10} {label:<34} {rate:>12,.0f} {plies:>11.1f} {rate / base:>10.1f}x")


if __name__ == "__main__":
    main()
