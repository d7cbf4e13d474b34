#!/usr/bin/env python3
"""Dump random games of OpenSpiel's ``oware`` as JSON lines, for conformance tests.

Usage::

    python tests/openspiel/dump_games.py --games N --seed S --out FILE [--game oware]

Needs only the standard library and ``pyspiel`` (PyPI package ``open_spiel``;
checked with open_spiel==2.0.2, cp311 manylinux wheel)::

    python3 -m venv /tmp/osv && /tmp/osv/bin/pip install open_spiel==2.0.2

What it does
------------
Plays N games of ``pyspiel.load_game(GAME)``. Both sides pick uniformly at random
among the legal actions: exactly one ``rng.choice(state.legal_actions())`` per
ply, where ``rng = random.Random(S)`` is created once and shared by all N games,
played in order (so game i depends on games 0..i-1: reproduce a game by
re-running from game 0 with the same seed). ``legal_actions()`` is sorted
ascending. Output is the same for the same (N, S, GAME, open_spiel version).

Output format
-------------
One compact JSON object per line (``separators=(',', ':')``), one line per game::

    {"seed": S, "game": i,                      # i = 0..N-1
     "moves": [h0, h1, ...],                    # absolute house played at each ply
     "states": [st0, st1, ..., stK]}            # K = len(moves); st_k is before ply k,
                                                # st_K is the final position
    st = {"board":   [12 ints],                 # seeds in absolute houses 0..11
          "scores":  [south, north],            # seeds in each store
          "to_move": 0 | 1 | null,              # null iff terminal
          "legal":   [sorted absolute houses],  # [] iff terminal
          "terminal": bool,
          "returns": [r0, r1]}                  # state.returns(), written as ints

Absolute houses: South (player 0) owns houses 0..5 and North (player 1) owns 6..11;
sowing goes counter-clockwise 0,1,...,11,0,... A pyspiel action a (0..5) is a house
of the player to move: absolute house = a for player 0, 6 + a for player 1 (in
general ``player * H + a`` for H houses per player). The board and scores come from
``state.observation_tensor(0)`` (12 houses then the 2 stores, each divided by the
total seed count 48, in float32), multiplied back and rounded; every value was
checked to be within 1e-4 of an integer, and the script also checks each position
against ``state.observation_string(0)``, which is ``"P | s0 s1 | h0 ... h11"``
with the player to move P (it still shows a player on terminal states; ignore
it there), and raises if the two differ.

Optional key: if a game is still running after ``game.max_game_length()`` (1000)
plies, pyspiel refuses any further move (see (c)); the game is then written with
its last state non-terminal and an extra top-level ``"truncated": true``. This
never happened in >300,000 random games, so the sample file has no such key.

Semantics of the installed pyspiel ``oware`` (open_spiel 2.0.2), checked
--------------------------------------------------------------------------
Method: an independent Python model of the rules below was run move by move next
to pyspiel over 70,000 random games (about 7 million positions; seeds 7 and 11):
board, scores, player to move, terminal flag and the sorted legal-move list agreed
at every position. Direct experiments add to that (noted per item). pyspiel exposes
no way to set up a custom board in Python (no oware-specific constructor; states
only come from new_initial_state() plus moves), so everything was observed on
positions reached by play. A "position" below is (12 houses, 2 scores, player to
move).

Move: take all seeds of the chosen house and sow one by one into the following
houses, skipping the origin house on a lap (12+ seeds). If the last seed lands in
the opponent's row, capture that house and then each preceding house of the
opponent's row while it holds 2 or 3 seeds (stop at the first that does not or at
the edge of the row). Then the turn passes.

(a) Repetition. After each move (sowing, capture, turn change) the new position is
    compared with every position since the last capture; if it already occurred
    the game ends at once, on its FIRST repetition (second occurrence). The player
    to move is part of the position: 654 times in 50,000 games the same houses and
    scores came back with the other side to move and the game went on. The
    position right after a capture is itself counted: 874 games of 50,000 ended by
    returning to the position that followed their last capture. The starting
    position is also counted (open_spiel's constructor puts it in the set), but
    this can never show: after any move the house just played is empty, and the
    start has 4 seeds in every house. "Since the last capture" vs. "in the whole
    game" makes no difference, since scores are part of the position and only go
    up. Example (seed 5, game 10): from 1|20 23|1 0 0 1 0 1 0 1 0 0 0 1 (North to
    move), 12 plies later South plays house 4 from 0|20 23|1 0 0 1 1 0 0 1 0 0 0 1,
    recreating the first position; the game ends with scores 23 25, empty board,
    returns [-1, 1].
(b) Seeds left on the board at the end always go to the owner of the row they sit
    in (South gets houses 0..5, North 6..11) and the final board is all zeros, for
    every ending: a capture that gives a side 25+ (or 24-24), a repetition, or
    the side to move being unable to feed an opponent with an empty row. So every
    final state has scores summing to 48 and board == [0]*12. (In pyspiel a state
    is terminal when a score is > 24 or both are 24; after each move, if there are
    no legal moves, which is also the case for a terminal state, the board is
    collected.) Examples:
    majority: 1|2 22|0 1 1 1 1 5 1 3 5 0 3 3, North plays house 11 and captures 4
      (houses 2,1: 2+2) for 26; South then gets its 8 left, North its 12: final
      10 38.
    feed: 0|21 24|0 0 0 0 0 2 0 0 0 0 1 0, South plays house 5 (no capture);
      North has 1 seed in each of houses 6, 7, 10, none reaches South: North takes
      them, final 21 27, returns [-1, 1].
    repetition: the collected seeds can decide the result: 0|23 20|0 1 0 0 0 1 0 1
      0 0 0 2, South plays 1, the position repeats, South collects 2 and North 3:
      final 25 23, returns [1, -1].
    The returns are (1,-1), (-1,1) or (0,0) from the final (collected) scores.
(c) Max game length: game.max_game_length() == 1000. pyspiel does NOT end the game
    there: after 1000 plies (reached by always avoiding captures and endings) the
    state is non-terminal with legal moves and returns [0, 0], and applying a 1001st
    move raises pyspiel.SpielError ("oware.cc:246 history_.size() <
    kMaxGameLength"). Random games never get close: in 300,000 uniform-random
    games none went past 450 plies (the longest seen so far is 402); the mean
    length is about 103 plies and 86% end before ply 150.
(d) Grand slam: a move whose capture would take every seed in the opponent's row
    captures nothing; the sowing stands and the game goes on (3,323 cases in
    50,000 games). Example: 1|24 21|1 0 0 0 0 0 1 0 0 0 0 1, North plays house 11,
    house 0 gets 2 which is all of South's seeds: no capture, giving 0|24 21|2 0 0 0
    0 0 1 0 0 0 0 0. A capture that leaves the opponent at least one seed is made.
(e) Feeding is enforced in legal_actions(): if the opponent's row is empty, only
    the houses whose seeds reach it are legal (house h of the mover is legal iff
    seeds[h] > (last house of mover's row) - h); otherwise every non-empty house is
    legal. 28,452 positions of 50,000 games had such a restricted list. Example:
    1|24 17|0 0 0 0 0 0 1 3 1 1 0 1: North's legal moves are [11] only. If no move
    can feed, the game ends as in (b). The rule only forbids leaving the opponent
    empty by not feeding it; emptying it by capture is the grand slam of (d).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import pyspiel


def _position(state, houses_per_player: int, total_seeds: int):
    """Board and scores as ints, from the observation tensor, cross-checked."""
    n = 2 * houses_per_player
    raw = [x * total_seeds for x in state.observation_tensor(0)]
    vals = [round(x) for x in raw]
    if len(vals) != n + 2 or any(abs(a - b) > 1e-4 for a, b in zip(raw, vals)):
        raise RuntimeError(f"unexpected observation tensor: {raw}")
    board, scores = vals[:n], vals[n:]
    # Cross-check with the observation string "P | s0 s1 | h0 ... hN-1".
    _, s_scores, s_board = state.observation_string(0).split("|")
    if [int(x) for x in s_board.split()] != board or [
        int(x) for x in s_scores.split()
    ] != scores:
        raise RuntimeError("observation tensor and string disagree")
    if sum(board) + sum(scores) != total_seeds:
        raise RuntimeError("seed count not conserved")
    return board, scores


def _state_record(state, houses_per_player: int, total_seeds: int) -> dict:
    board, scores = _position(state, houses_per_player, total_seeds)
    terminal = bool(state.is_terminal())
    if terminal:
        to_move, legal = None, []
    else:
        to_move = int(state.current_player())
        legal = sorted(to_move * houses_per_player + a for a in state.legal_actions())
    returns = []
    for r in state.returns():
        if r != int(r):
            raise RuntimeError(f"non-integral return {r}")
        returns.append(int(r))
    return {
        "board": board,
        "scores": scores,
        "to_move": to_move,
        "legal": legal,
        "terminal": terminal,
        "returns": returns,
    }


def play_game(game, rng: random.Random, seed: int, index: int) -> dict:
    params = game.get_parameters()
    houses = int(params.get("num_houses_per_player", 6))
    total = 2 * houses * int(params.get("num_seeds_per_house", 4))
    max_len = game.max_game_length()
    state = game.new_initial_state()
    moves, states = [], [_state_record(state, houses, total)]
    truncated = False
    while not state.is_terminal():
        if len(moves) >= max_len:
            truncated = True  # pyspiel would raise SpielError on the next move
            break
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        moves.append(player * houses + action)
        state.apply_action(action)
        states.append(_state_record(state, houses, total))
    rec = {"seed": seed, "game": index, "moves": moves, "states": states}
    if truncated:
        rec["truncated"] = True
    return rec


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, required=True, help="number of games N")
    ap.add_argument("--seed", type=int, required=True, help="random.Random seed S")
    ap.add_argument("--out", required=True, help="output .jsonl file ('-' = stdout)")
    ap.add_argument("--game", default="oware", help="pyspiel game string")
    args = ap.parse_args(argv)

    game = pyspiel.load_game(args.game)
    rng = random.Random(args.seed)
    t0 = time.monotonic()
    longest = 0
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        for i in range(args.games):
            rec = play_game(game, rng, args.seed, i)
            longest = max(longest, len(rec["moves"]))
            out.write(json.dumps(rec, separators=(",", ":")))
            out.write("\n")
    finally:
        if out is not sys.stdout:
            out.close()
    print(
        f"{args.games} games, longest {longest} plies, "
        f"{time.monotonic() - t0:.1f}s -> {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
