#!/usr/bin/env python3
"""Places the engine's levels on an outside scale: each level against
OpenSpiel's C++ MCTS at a few simulation counts, on pyspiel's ``oware``.

    python examples/python/ladder.py [--levels 1,2,3,4,5] [--simulations 100,1000,10000]
                                     [--games 20] [--seed 1] [--opening-plies 4] [--reproducible]

Needs ``oware`` and ``open_spiel`` installed (checked with open_spiel 2.0.2):

    pip install ./oware-py "open_spiel==2.0.2"

The game is pyspiel's ``oware``, which is this package's ``openspiel`` ruleset:
Abapa, with the first repetition ending the game (oware-py/tests/test_conformance.py
plays them in lockstep). A pyspiel action is a house of the side to move,
0 for its ``A``/``a``, so our moves and pyspiel's actions map one to one.
Both games are kept in step; this package's ``Board`` referees, and a
disagreement with pyspiel about the end or the winner stops the run.

Our side is ``oware.Player(level, seed)``: level 5 as shipped thinks for 1 s
a move on every core and builds its endgame database in the background (so
its results depend on the machine and its load); ``--reproducible`` plays
``Player(5, reproducible=True)`` instead (1 000 000 positions a move, one
thread) and ``--nodes N`` ``Player(5, nodes=N)``. The other side is
``pyspiel.MCTSBot`` with one random rollout a leaf (``RandomRolloutEvaluator(1,
seed)``), UCT constant 2, and MCTS-Solver's proven values unless ``--no-solve``.

Each opening is a few random plies (``--opening-plies``) drawn from ``--seed``,
and is played twice, once with our player as South and once as North; every
pairing plays the same openings. Seeds for both players follow from
``--seed`` and the game's number, so a run with levels 1 to 4 and
``--reproducible`` (or ``--nodes``) gives the same games every time.

For each pairing it reports, from our side: wins-draws-losses, the score
((wins + draws / 2) / games), the mean final seed margin (our seeds minus
theirs), and each side's mean time a move.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import os
import platform
import random
import shlex
import sys
import time
from dataclasses import dataclass

import pyspiel

import oware

RULESET = "openspiel"
"""Our ruleset that is pyspiel's ``oware``."""


@dataclass
class Pairing:
    """The results of one level against one MCTS setting, from our side."""

    level: int
    simulations: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    margin: int = 0
    our_seconds: float = 0.0
    our_moves: int = 0
    mcts_seconds: float = 0.0
    mcts_moves: int = 0

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """(wins + draws / 2) / games."""
        return (self.wins + self.draws / 2) / self.games


def opening(seed: int, pair: int, plies: int) -> list[int]:
    """The actions of opening number *pair*: *plies* random legal plies (drawn
    again, in the same stream, should they end the game)."""
    rng = random.Random(f"{seed}:opening:{pair}")
    while True:
        board = oware.Board(ruleset=RULESET)
        for _ in range(plies):
            if board.is_game_over():
                break
            board.push_action(rng.choice(board.legal_actions()))
        if not board.is_game_over():
            return [m.house for m in board.move_stack]


def make_player(level: int, seed: int, args: argparse.Namespace) -> oware.Player:
    """Our player of *level*, as the options ask for level 5."""
    if level == 5 and args.nodes is not None:
        return oware.Player(5, seed, nodes=args.nodes)
    return oware.Player(level, seed, reproducible=args.reproducible)


def play_game(
    game: pyspiel.Game,
    actions: list[int],
    level: int,
    ours: oware.Side,
    simulations: int,
    seed: str,
    args: argparse.Namespace,
    result: Pairing,
) -> str:
    """Plays one game from the opening *actions*, our player on side *ours*, and
    adds it to *result*; returns the game's record line for ``--verbose``."""
    rng = random.Random(seed)
    player = make_player(level, rng.getrandbits(64), args)
    bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(1, rng.getrandbits(31)),
        uct_c=args.uct_c,
        max_simulations=simulations,
        max_memory_mb=args.max_memory_mb,
        solve=args.solve,
        seed=rng.getrandbits(31),
        verbose=False,
    )
    board = oware.Board(ruleset=RULESET)
    state = game.new_initial_state()
    for action in actions:
        board.push_action(action)
        state.apply_action(action)
    while not board.is_game_over():
        if state.is_terminal() or board.ply >= game.max_game_length():
            where = board.position_string()
            raise RuntimeError(f"pyspiel ended the game at ply {board.ply}, we did not: {where}")
        start = time.perf_counter()
        if board.turn == ours:
            move = player.choose(board)
            assert move is not None
            action = move.house
            result.our_seconds += time.perf_counter() - start
            result.our_moves += 1
        else:
            action = bot.step(state)
            result.mcts_seconds += time.perf_counter() - start
            result.mcts_moves += 1
        board.push_action(action)
        state.apply_action(action)
    outcome = board.outcome()
    assert outcome is not None
    returns = state.returns()
    ours_index = int(ours)
    if not state.is_terminal() or returns[ours_index] != board.returns()[ours_index]:
        where = board.position_string()
        raise RuntimeError(f"pyspiel's result {returns} differs from ours, {outcome}: {where}")
    if outcome.winner is None:
        result.draws += 1
    elif outcome.winner == ours:
        result.wins += 1
    else:
        result.losses += 1
    result.margin += outcome.scores[ours_index] - outcome.scores[1 - ours_index]
    record = "".join(str(m) for m in board.move_stack)
    return f"level {level} as {ours}, MCTS {simulations}: {outcome}; {record}"


def play_pairing(game: pyspiel.Game, level: int, simulations: int, args: argparse.Namespace) -> Pairing:
    """Every game of one level against MCTS at *simulations*."""
    result = Pairing(level, simulations)
    for pair in range(args.games // 2):
        actions = opening(args.seed, pair, args.opening_plies)
        for ours in (oware.SOUTH, oware.NORTH):
            seed = f"{args.seed}:game:{pair}:{int(ours)}"
            line = play_game(game, actions, level, ours, simulations, seed, args, result)
            if args.verbose:
                print(line, file=sys.stderr, flush=True)
    return result


def level_name(level: int, args: argparse.Namespace) -> str:
    """The table's name for our *level*: level 5 says which budget it had."""
    if level != 5:
        return str(level)
    if args.nodes is not None:
        return f"5 ({args.nodes:,} nodes)".replace(",", " ")
    return "5 (reproducible)" if args.reproducible else "5"


def row(p: Pairing, args: argparse.Namespace) -> list[str]:
    """The table's cells for one pairing."""
    ours = 1000 * p.our_seconds / max(p.our_moves, 1)
    mcts = 1000 * p.mcts_seconds / max(p.mcts_moves, 1)
    return [
        level_name(p.level, args),
        f"{p.simulations:,}".replace(",", " "),
        str(p.games),
        f"{p.wins}-{p.draws}-{p.losses}",
        f"{100 * p.score:.1f} %",
        f"{p.margin / p.games:+.1f}",
        f"{ours:.1f}",
        f"{mcts:.1f}",
    ]


HEADER = ["level", "MCTS sims", "games", "W-D-L", "score", "margin", "ours ms/move", "MCTS ms/move"]
"""The table's columns."""


def print_row(cells: list[str], markdown: bool) -> None:
    """Prints one row of the table, as Markdown or in aligned columns."""
    if markdown:
        print("| " + " | ".join(cells) + " |", flush=True)
    else:
        widths = [16, 9, 5, 8, 7, 6, 12, 12]
        rest = "".join("  " + c.rjust(w) for c, w in zip(cells[1:], widths[1:]))
        print(cells[0].ljust(widths[0]) + rest, flush=True)


def comma_list(text: str) -> list[int]:
    """Parses ``1,2,3`` for argparse."""
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers and commas, got {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"expected positive numbers, got {text!r}")
    return values


def main() -> None:
    """Reads the options, plays every pairing and prints the table, a row a pairing."""
    paragraphs = __doc__.split("\n\n")
    ap = argparse.ArgumentParser(
        description=f"{paragraphs[0]}\n\n{paragraphs[-1].strip()}",
        epilog="example: python examples/python/ladder.py --levels 3,4 --simulations 1000 --games 40\n"
        "(the module's docstring says more: how the games are played and seeded)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--levels", type=comma_list, default=[1, 2, 3, 4, 5], metavar="L,...",
        help="our levels, 1 to 5 (default: 1,2,3,4,5)",
    )
    ap.add_argument(
        "--simulations", type=comma_list, default=[100, 1000, 10000], metavar="N,...",
        help="MCTS simulations a move (default: 100,1000,10000)",
    )
    ap.add_argument(
        "--games", type=int, default=20, metavar="N",
        help="games a pairing, even: each opening twice (default: 20)",
    )
    ap.add_argument(
        "--seed", type=int, default=1, metavar="S",
        help="seed of the openings and of both players (default: 1)",
    )
    ap.add_argument(
        "--opening-plies", type=int, default=4, metavar="N",
        help="random plies of each opening (default: 4)",
    )
    level5 = ap.add_mutually_exclusive_group()
    level5.add_argument(
        "--reproducible", action="store_true",
        help="level 5 searches 1 000 000 positions a move on one thread instead of 1 s on every core",
    )
    level5.add_argument("--nodes", type=int, metavar="N", help="level 5 searches N positions a move on one thread")
    ap.add_argument("--no-solve", dest="solve", action="store_false", help="MCTS without MCTS-Solver's proven values")
    ap.add_argument(
        "--uct-c", type=float, default=2.0, metavar="C", help="MCTS's UCT exploration constant (default: 2.0)"
    )
    ap.add_argument(
        "--max-memory-mb", type=int, default=1000, metavar="MB", help="MCTS's tree memory cap (default: 1000)"
    )
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument(
        "-v", "--verbose", action="store_true", help="print each game (result and moves) to standard error"
    )
    args = ap.parse_args()
    if args.games < 2 or args.games % 2:
        ap.error("--games must be even and at least 2: each opening is played with both colours")
    if not all(1 <= level <= 5 for level in args.levels):
        ap.error("--levels must be numbers from 1 to 5")
    if not 0 <= args.opening_plies <= 40:
        ap.error("--opening-plies must be 0 to 40")
    if args.nodes is not None and not 1 <= args.nodes <= 10**12:
        ap.error("--nodes must be 1 to 10**12")

    game = pyspiel.load_game("oware")
    versions = f"oware {oware.__version__}, open_spiel {importlib.metadata.version('open_spiel')}"
    print(f"# {datetime.date.today()}: {versions}, Python {platform.python_version()}, {os.cpu_count()} cores")
    print("# " + shlex.join(["python", "examples/python/ladder.py", *sys.argv[1:]]), flush=True)
    if args.markdown:
        print_row(HEADER, True)
        print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(HEADER))) + "|")
    else:
        print_row(HEADER, False)
    for level in args.levels:
        for simulations in args.simulations:
            print_row(row(play_pairing(game, level, simulations, args), args), args.markdown)


if __name__ == "__main__":
    main()
