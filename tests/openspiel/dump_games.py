#!/usr/bin/env python3
"""Dump random games of OpenSpiel's ``oware`` or ``mancala`` as JSON lines, for conformance tests.

Usage::

    python tests/openspiel/dump_games.py --games N --seed S --out FILE [--game oware|mancala]

Needs only the standard library and ``pyspiel`` (PyPI package ``open_spiel``;
checked with open_spiel==2.0.2, cp311 manylinux wheel)::

    python3 -m venv /tmp/osv && /tmp/osv/bin/pip install open_spiel==2.0.2

What it does
------------
Plays N games of ``pyspiel.load_game(GAME)``, GAME being ``oware`` (the default)
or ``mancala`` (pyspiel's Kalah(6,4)). Both sides pick uniformly at random
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

Both games are written in the same absolute layout: South (player 0) owns houses
0..5 and North (player 1) owns 6..11, each row listed in its sowing order (South's
row left to right as South sees it, then North's row left to right as North sees
it); sowing goes counter-clockwise 0,1,...,5, [South's store], 6,...,11, [North's
store], 0,... (oware has no stores on the ring). South's house i faces North's
house 11 - i. "scores" is [South's store, North's store] exactly as pyspiel has
them in that state; for ``mancala`` these are NOT the final scores at the end
(see mancala (d)).

Layout, ``oware``
-----------------
A pyspiel action a (0..5) is a house of the player to move: absolute house = a
for player 0, 6 + a for player 1 (in general ``player * H + a`` for H houses per
player). The board and scores come from
``state.observation_tensor(0)`` (12 houses then the 2 stores, each divided by the
total seed count 48, in float32), multiplied back and rounded; every value was
checked to be within 1e-4 of an integer, and the script also checks each position
against ``state.observation_string(0)``, which is ``"P | s0 s1 | h0 ... h11"``
with the player to move P (it still shows a player on terminal states; ignore
it there), and raises if the two differ.

Optional key (``oware`` only): if a game is still running after
``game.max_game_length()`` (1000) plies, pyspiel refuses any further move (see
oware (c)); the game is then written with its last state non-terminal and an
extra top-level ``"truncated": true``. This never happened in >300,000 random
games, so the sample file has no such key. (``mancala`` ends such a game itself,
see mancala (e).)

Layout, ``mancala``, and how it maps onto ours
-----------------------------------------------
pyspiel's ``mancala`` (open_spiel/games/mancala/mancala.{h,cc}, shipped inside the
wheel; no parameters) keeps one array of 14 pits ``board_[0..13]``:

    pit  0       North's (player 1's) store
    pits 1..6    South's (player 0's) houses, in sowing order  -> our houses 0..5 (A..F)
    pit  7       South's store
    pits 8..13   North's houses, in sowing order               -> our houses 6..11 (a..f)

It sows upwards, pit p -> p + 1 (mod 14), skipping the opponent's store (pit 0 for
South, pit 7 for North): 1..6, 7, 8..13, 0, 1, ... So pyspiel's ring is ours
shifted by one: our ring position = (pit - 1) mod 14 (0..5 South's houses, 6
South's store, 7..12 North's houses, 13 North's store). The opposite pit is
14 - p, i.e. our house i faces 11 - i, as in our layout. An action IS a pit
index: ``num_distinct_actions()`` is 14, South's legal actions are among 1..6
and North's among 8..13 (0 and 7 never occur). Absolute house = a - 1 for South,
a - 2 for North. Player 0 (South) moves first.

``str(state)`` (= ``observation_string(p)``) draws the board from South's side::

    -b13-b12-b11-b10-b9-b8-     North's houses f..a (our 11..6)
    b0-----------b7             North's store on the left, South's on the right
    -b1-b2-b3-b4-b5-b6-         South's houses A..F (our 0..5)
    Current player: P
    Move number: N

``observation_tensor(p)`` is 16 unscaled floats: the 14 pits, then the
internal current player and the move number (plies played). The script reads
the tensor and checks it against the string (all 14 pits, player, move number)
and the move number against the ply count, and raises on any difference. On a
terminal state ``current_player()`` is -4 (terminal) but the string and tensor
still show the side that would be next; it is ignored there.

Evidence for the layout (first plies of a game): the start is
``-4-4-4-4-4-4- / 0-----------0 / -4-4-4-4-4-4-`` with legal [1..6]; South's
action 3 (4 seeds) gives ``-4-4-4-4-4-4- / 0-----------1 / -4-4-0-5-5-5-``,
the last seed in pit 7, and South moves again (legal [1, 2, 4, 5, 6]). From the
start, South 1 then North 13 (4 seeds) gives ``-0-4-4-4-4-4- / 1-----------0 /
-1-6-6-5-5-4-``: pit 13 -> pit 0 (North's store) -> pits 1, 2, 3 (South's A,
B, C). Note: ``apply_action`` does not check legality (it will sow North's pit
on South's turn); the script only plays actions from ``legal_actions()``.

Semantics of the installed pyspiel ``mancala`` (open_spiel 2.0.2), checked
----------------------------------------------------------------------------
Method: an independent Python model of the rules below, written in our layout,
was run move by move next to pyspiel over 200,000 random games (seeds 7 and 11,
about 8.8 million positions): all 14 pits, player to move, move number,
terminal flag, sorted legal-move list and returns agreed at every position. The
model also agrees with the C++ source shipped in the wheel. pyspiel has no
Python hook to set up a board, so everything was observed on positions reached
by play. Counts below are from the 100,000 games of seed 7 (4,396,179 plies);
examples are from seed 5, written ``P|S N|h0 ... h11`` (P = player to move, -
if terminal; S, N = South's and North's stores; houses in our absolute order).

Move: take all seeds of the chosen house and sow them one by one into the
following pits, own store included, the opponent's store skipped.

(a) Extra turn: if the last seed lands in the mover's own store, the same side
    moves again, with no limit (643,034 extra turns). Example (game 1, ply 14):
    0|5 6|1 4 2 4 12 1 2 4 5 2 0 0, South plays 5 (1 seed) into its store:
    0|6 6|1 4 2 4 12 0 2 4 5 2 0 0, South to move again.
(b) Capture: if the last seed lands in one of the mover's own houses that now
    holds exactly 1 seed (it was empty) and the opposite house holds seeds, both
    the last seed and the opposite house's seeds go to the mover's store
    (478,781 captures). If the opposite house is empty, nothing is captured: the
    last seed stays in the house and the turn passes (375,741 such moves). Never
    in the opponent's row, never on a store. Examples: capture (game 0, ply 28)
    1|14 8|1 0 4 1 2 1 5 1 0 5 6 0, North plays 7 (1 seed) into empty house 8,
    takes house 3's 1 + its own 1: 0|14 10|1 0 4 0 2 1 5 0 0 5 6 0; no capture
    (game 0, ply 39) 1|25 11|1 0 0 2 0 3 1 0 1 0 2 2, North plays 8 into empty
    house 9 whose opposite house 2 is empty: 0|25 11|1 0 0 2 0 3 1 0 0 1 2 2.
(c) Sowing skips the opponent's store (172,154 times a sowing passed it) and
    never skips the origin house: with 13 seeds the last one lands back in the
    (emptied) origin, which then holds 1, so it is an empty own house and
    captures (13,213 moves of exactly 13 seeds, every one captured, since the
    lap has put a seed in the opposite house); with 14+ seeds the origin gets a
    seed and sowing goes on (26,095 moves of 13+ seeds). Examples: skip (game 1,
    ply 10) 0|4 4|2 1 0 2 10 8 0 2 3 0 3 9, South plays 5 (8 seeds): own store,
    houses 6..11, North's store skipped, house 0: 1|5 4|3 1 0 2 10 0 1 3 4 1 4
    10. 13 seeds (game 4, ply 29) 0|18 11|2 13 0 2 0 0 0 0 1 0 1 0, South plays
    1: last seed back in house 1, captures it with house 10's 2:
    1|22 11|3 0 1 3 1 1 1 1 2 1 0 1. 14 seeds (game 1, ply 19) 0|7 7|2 5 0 0 14
    1 1 6 0 3 1 1, South plays 4: 1|8 7|3 6 1 1 1 3 2 7 1 4 2 2 (house 4 got 1).
(d) End: the state is terminal as soon as EITHER row is empty, checked after
    every move (extra turn or not) whoever is to move; then there are no legal
    moves. The seeds left on the board are NOT moved: the final state keeps
    them in their houses and the stores unchanged, and only ``returns()``
    counts them, each side's store plus the seeds in its own row. So the final
    scores are [scores[0] + sum(board[0:6]), scores[1] + sum(board[6:12])] (97,826
    of 100,000 games end with seeds on the board). Endings by kind: the mover
    empties its own row and the turn passes to the opponent, who still has seeds
    (54,692: pyspiel ends there; a rule "ends when the side to move has no
    seeds" would go on); the mover empties its own row with its last seed in its
    store (33,481); the mover's capture empties the opponent's row (9,653); a
    capture empties both rows at once (2,174). Examples: game 0, ply 42
    0|26 14|1 0 0 0 0 0 2 0 0 1 2 2, South plays 0 into empty house 1 and
    captures house 10's 2: -|29 14|0 0 0 0 0 0 2 0 0 1 0 2, terminal though
    North (next) has 5 seeds; final 29 vs 14+5, returns [1, -1]. Game 4, ply 46
    0|32 14|0 0 0 0 0 1 0 0 0 0 1 0, South plays 5 into its store:
    -|33 14|0 0 0 0 0 0 0 0 0 0 1 0, terminal, North's 1 seed counts for North.
(e) Max game length: ``game.max_game_length()`` is 1000, but ``IsTerminal()``
    is true only when the move number is > 1000 (or a row is empty), so a game
    still running after 1000 plies gets a 1001st ply and is terminal after it,
    with returns from the stores plus rows as in (d) (the source comment says
    "draw", the code compares the sums). This cap is known from the source only:
    no game gets near it. The longest of 200,000 random games had 92 plies (mean
    44.0, shortest 9); a beam search for long games (4,000 positions kept a ply,
    fewest seeds in the stores first) found at most 577 plies, a game pyspiel
    ends normally (a row empty) at move 577. So the script writes no
    "truncated" key for ``mancala``: every game ends terminal; one ended by the
    cap would show a terminal state with both rows non-empty.
(f) Returns: (1, -1), (-1, 1) or (0, 0) by comparing the two totals of (d); a
    draw (24 each) gives [0, 0] (6,335 of 100,000 games; 48,412 South wins,
    45,253 North wins). Example (game 13, ply 29) 1|15 22|0 5 1 3 1 0 1 0 0 0
    0 0, North plays 6 into empty house 7 and captures house 4's 1:
    -|15 24|0 5 1 3 0 0 0 0 0 0 0 0, South 15 + 9 = 24 = North 24, returns
    [0, 0]. pyspiel's perft from the start (plies, extra turns included):
    6, 35, 185, 942, 4690, 23233 at depths 1-6.

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
    """``oware``: board and scores as ints, from the observation tensor, cross-checked."""
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


MANCALA_PITS = 14  # pit 0 North's store, 1..6 South's houses, 7 South's store, 8..13 North's houses
MANCALA_SEEDS = 48


def _mancala_pits(state):
    """``mancala``: the 14 pits and the move number, from the tensor, cross-checked."""
    raw = list(state.observation_tensor(0))
    vals = [round(x) for x in raw]
    if len(vals) != MANCALA_PITS + 2 or any(a != b for a, b in zip(raw, vals)):
        raise RuntimeError(f"unexpected observation tensor: {raw}")
    pits, player, move_number = vals[:MANCALA_PITS], vals[MANCALA_PITS], vals[-1]
    # Cross-check with the string form (see the docstring):
    # "-b13-...-b8-\nb0-----------b7\n-b1-...-b6-\nCurrent player: P\nMove number: N".
    text = str(state)
    if state.observation_string(0) != text:
        raise RuntimeError("observation string differs from str(state)")
    top, middle, bottom, s_player, s_number = text.split("\n")
    north = [int(x) for x in top.split("-") if x]
    stores = [int(x) for x in middle.split("-") if x]
    south = [int(x) for x in bottom.split("-") if x]
    parsed = [stores[0]] + south + [stores[1]] + north[::-1]
    if (
        len(north) != 6
        or len(south) != 6
        or len(stores) != 2
        or parsed != pits
        or s_player != f"Current player: {player}"
        or s_number != f"Move number: {move_number}"
    ):
        raise RuntimeError(f"observation tensor and string disagree: {vals} {text!r}")
    if sum(pits) != MANCALA_SEEDS:
        raise RuntimeError("seed count not conserved")
    return pits, move_number


def _mancala_position(state):
    """``mancala`` in our layout: board = pits 1..6 then 8..13, scores = [pit 7, pit 0]."""
    pits, _ = _mancala_pits(state)
    return pits[1:7] + pits[8:14], [pits[7], pits[0]]


def _mancala_house(player: int, action: int) -> int:
    """Absolute house of a pyspiel ``mancala`` action (= pit index) of ``player``."""
    if player == 0 and 1 <= action <= 6:
        return action - 1
    if player == 1 and 8 <= action <= 13:
        return action - 2
    raise RuntimeError(f"unexpected mancala action {action} for player {player}")


class _Oware:
    """pyspiel ``oware``: actions are 0..H-1 relative to the player to move."""

    def __init__(self, game):
        params = game.get_parameters()
        self.houses = int(params.get("num_houses_per_player", 6))
        self.total = 2 * self.houses * int(params.get("num_seeds_per_house", 4))
        # pyspiel refuses a move past max_game_length(): we stop there.
        self.truncate_at = game.max_game_length()

    def position(self, state):
        return _position(state, self.houses, self.total)

    def house(self, player: int, action: int) -> int:
        return player * self.houses + action


class _Mancala:
    """pyspiel ``mancala`` (Kalah(6,4)): actions are pit indices, see the docstring."""

    def __init__(self, game):
        if game.get_parameters():
            raise RuntimeError("mancala takes no parameters")
        # pyspiel ends the game itself (terminal once the move number is > 1000).
        self.truncate_at = None

    def position(self, state):
        return _mancala_position(state)

    def house(self, player: int, action: int) -> int:
        return _mancala_house(player, action)


def _adapter(game):
    name = game.get_type().short_name
    if name == "oware":
        return _Oware(game)
    if name == "mancala":
        return _Mancala(game)
    raise SystemExit(f"unsupported game {name!r}: only oware and mancala")


def _state_record(state, adapter) -> dict:
    board, scores = adapter.position(state)
    terminal = bool(state.is_terminal())
    if terminal:
        to_move, legal = None, []
    else:
        to_move = int(state.current_player())
        legal = sorted(adapter.house(to_move, a) for a in state.legal_actions())
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


def play_game(game, rng: random.Random, seed: int, index: int, adapter=None) -> dict:
    if adapter is None:
        adapter = _adapter(game)
    state = game.new_initial_state()
    moves, states = [], [_state_record(state, adapter)]
    truncated = False
    while not state.is_terminal():
        if adapter.truncate_at is not None and len(moves) >= adapter.truncate_at:
            truncated = True  # pyspiel would raise SpielError on the next move
            break
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        moves.append(adapter.house(player, action))
        state.apply_action(action)
        if state.move_number() != len(moves):
            raise RuntimeError("move number differs from the ply count")
        states.append(_state_record(state, adapter))
    rec = {"seed": seed, "game": index, "moves": moves, "states": states}
    if truncated:
        rec["truncated"] = True
    return rec


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, required=True, help="number of games N")
    ap.add_argument("--seed", type=int, required=True, help="random.Random seed S")
    ap.add_argument("--out", required=True, help="output .jsonl file ('-' = stdout)")
    ap.add_argument(
        "--game", default="oware", help="pyspiel game string: oware (default) or mancala"
    )
    args = ap.parse_args(argv)

    game = pyspiel.load_game(args.game)
    adapter = _adapter(game)
    rng = random.Random(args.seed)
    t0 = time.monotonic()
    longest = 0
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        for i in range(args.games):
            rec = play_game(game, rng, args.seed, i, adapter)
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
