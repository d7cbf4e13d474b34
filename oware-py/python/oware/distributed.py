"""Research workloads on a Ray cluster: self-play datasets, tournaments and game analysis.

Needs the ``ray`` extra (``pip install "oware[ray]"``: Ray and pyarrow). Every call runs
its work as Ray tasks on the cluster :func:`ray.init` connects to: if Ray is already
initialised in this process that connection is used, else ``ray.init()`` is called with
no arguments, which joins a cluster started on this machine with ``ray start`` (or the one
``RAY_ADDRESS`` names) and otherwise starts a local one on this machine's cores. Each
task asks Ray for one CPU and does its searching in the Rust extension, which releases
the GIL while it thinks.

- :func:`self_play` plays engine-vs-engine games and writes every position, with the
  search's score and best move, as Parquet shards (columns: *Schemas* below).
- :func:`tournament` plays a round robin of engine configurations, pair by pair, with
  :func:`oware.play_match`, and rates them (Elo with 95 % margins).
- :func:`analyse` scores every move of a collection of game records and marks the
  mistakes as ``examples/analyse.rs`` does (``?!``, ``?``, ``??``), in a table
  (columns: *Schemas* below).
- :func:`build_layer` builds the next layer of an endgame database in a directory of
  layer files, in index slices that exchange what they decide in rounds
  (:class:`oware.EndgameLayerSlice`), and writes the file one process would write.

Results depend on the arguments only, never on the number of workers, their order or a
retried task: every game follows a seed derived from the call's *seed* and the game's
index, and players are limited by nodes or depth (never by time). The functions
:func:`play_games` and :func:`analyse_record` are the same work done in this process,
without Ray.

Every argument is checked on the driver before Ray is started: a bool or another type
where an int is wanted raises TypeError naming the parameter (``games must be an int,
not bool``), a value out of range ValueError naming it and the range (``seed must be 0
to 2**64 - 1, not -1``), with the bounds the engine applies.

Waiting for workers
-------------------

A call returns when its last task is done, and waits meanwhile for Ray to start workers
and run them. When workers cannot start (a machine with too little shared memory for
Ray's object store, say: pass ``object_store_memory=`` to :func:`ray.init`, in bytes,
before the first call), Ray keeps waiting rather than failing, and the call seems to
hang. ``ray status`` (in a shell on the cluster) shows the resources and the tasks that
wait for them, and the logs under ``/tmp/ray/session_latest/logs`` (``raylet.out``,
``python-core-worker-*.log``) say why a worker did not start; ``progress=True`` shows
whether tasks finish at all.

Players
-------

A player (:data:`PlayerSpec`) is an int, a level 1 to 5 (levels 4 and 5 made
reproducible: level 5 searches 1 000 000 positions a move instead of thinking a
second), or a mapping:

- ``{"level": L, "nodes": N}``: level *L* with a node budget of *N* positions a move (1
  to :attr:`oware.Player.MAX_NODES`), as ``oware.Player(L, nodes=N)``. For level 3 the
  budget replaces its 4-ply depth (it searches until *N* positions, at most
  :attr:`oware.Searcher.MAX_DEPTH` plies, and chooses at random among the moves within
  half a seed of the best); levels 4 and 5 search *N* positions. Levels 1 and 2 do not
  search, so a budget would change nothing: it is refused (ValueError).
- ``{"depth": D}``, ``{"nodes": N}`` or both, without a level: a plain search (depth 1 to
  :attr:`oware.Searcher.MAX_DEPTH`, nodes 1 to :attr:`oware.Player.MAX_NODES`) that plays
  the best move of ``Board.search(depth=D, nodes=N)``.

Schemas
-------

:data:`SELF_PLAY_SCHEMA`, the columns of a :func:`self_play` shard, one row a position
at which a move was played:

- ``game``: the game's index in the job, 0 to ``games - 1``;
- ``ply``: the plies played before this position (0 at the start);
- ``position``: the position string (``Board.position_string()``) before the move;
- ``turn``: the side to move, 0 South, 1 North;
- ``opening``: whether the move played was one of the random opening moves;
- ``best_move``: the search's best move (a house letter) at the position;
- ``score_centiseeds``: the search's score in hundredths of a seed, from the side to
  move's view; null when the search saw the end of the game;
- ``score_plies_to_end``: when the search saw the end, the plies to it, positive when
  the side to move wins and negative when it loses; else null;
- ``depth``, ``nodes``: the search's completed depth (plies) and positions visited;
- ``move``: the move played (a house letter);
- ``south``, ``north``: the players' labels (e.g. ``level=3`` or ``nodes=2000``);
- ``result``: ``1-0``, ``0-1`` or ``1/2-1/2``, the game's final result;
- ``termination``: why the game ended (``majority``, ``no moves``, ``cycle``, ...);
- ``south_score``, ``north_score``: the final scores in seeds.

:data:`ANALYSIS_SCHEMA`, the columns of :func:`analyse`'s table, one row a move of a
record:

- ``record``: the record's index in the collection; ``ply``: the move's ply, from 1;
- ``position``: the position string before the move; ``side``: ``South`` or ``North``;
- ``move``: the move played; ``best_move``: the engine's best move there;
- ``best``, ``played``: the scores of the best move and of the move played, as
  :class:`oware.Score` prints them (``+1.50``, ``win in 7``), from the mover's view;
- ``best_centiseeds``, ``played_centiseeds``: the same in hundredths of a seed, null
  for a forced win or loss;
- ``lost_centiseeds``: how much worse the move played is, when both are in seeds;
- ``mark``: ``''``, ``'?!'`` (inaccuracy), ``'?'`` (mistake) or ``'??'`` (blunder).
"""

from __future__ import annotations

import hashlib
import json
import math
import operator
import os
import random
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, Union

import pyarrow as pa
import pyarrow.parquet as pq
import ray

import oware

__all__ = [
    "ANALYSIS_SCHEMA",
    "SELF_PLAY_SCHEMA",
    "PlayerSpec",
    "TournamentResult",
    "analyse",
    "analyse_record",
    "build_layer",
    "judge",
    "play_games",
    "rate",
    "self_play",
    "tournament",
]

PlayerSpec = Union[int, Mapping[str, int]]
"""An engine configuration: see *Players* in the module's docstring."""

SELF_PLAY_SCHEMA = pa.schema(
    [
        pa.field("game", pa.int64(), nullable=False),
        pa.field("ply", pa.int16(), nullable=False),
        pa.field("position", pa.string(), nullable=False),
        pa.field("turn", pa.int8(), nullable=False),
        pa.field("opening", pa.bool_(), nullable=False),
        pa.field("best_move", pa.string(), nullable=False),
        pa.field("score_centiseeds", pa.int32()),
        pa.field("score_plies_to_end", pa.int16()),
        pa.field("depth", pa.int16(), nullable=False),
        pa.field("nodes", pa.int64(), nullable=False),
        pa.field("move", pa.string(), nullable=False),
        pa.field("south", pa.string(), nullable=False),
        pa.field("north", pa.string(), nullable=False),
        pa.field("result", pa.string(), nullable=False),
        pa.field("termination", pa.string(), nullable=False),
        pa.field("south_score", pa.int16(), nullable=False),
        pa.field("north_score", pa.int16(), nullable=False),
    ]
)
"""The columns of a :func:`self_play` shard: see *Schemas* in the module's docstring."""

ANALYSIS_SCHEMA = pa.schema(
    [
        pa.field("record", pa.int64(), nullable=False),
        pa.field("ply", pa.int32(), nullable=False),
        pa.field("position", pa.string(), nullable=False),
        pa.field("side", pa.string(), nullable=False),
        pa.field("move", pa.string(), nullable=False),
        pa.field("best_move", pa.string(), nullable=False),
        pa.field("best", pa.string(), nullable=False),
        pa.field("played", pa.string(), nullable=False),
        pa.field("best_centiseeds", pa.int32()),
        pa.field("played_centiseeds", pa.int32()),
        pa.field("lost_centiseeds", pa.int32()),
        pa.field("mark", pa.string(), nullable=False),
    ]
)
"""The columns of :func:`analyse`'s table: see *Schemas* in the module's docstring."""

_T = TypeVar("_T")
_SEED_MAX = (1 << 64) - 1


def _int(value: object, name: str, low: int, high: int | None = None) -> int:
    """*value*, the argument *name*, if it is an int (or has ``__index__``, as NumPy's
    ints do) from *low* to *high* (no upper bound when None). The one check of every int
    argument, in the binding's words: TypeError for a bool or another type (``games must
    be an int, not bool``), ValueError out of range (``seed must be 0 to 2**64 - 1, not
    -1``; ``max_retries must be 0 or more, not -1``)."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    number = operator.index(value)  # type: ignore[arg-type]
    if number < low or (high is not None and number > high):
        bounds = f"{low} or more" if high is None else f"{low} to {_bound(high)}"
        raise ValueError(f"{name} must be {bounds}, not {number}")
    return number


def _bound(value: int) -> str:
    """A bound as the binding writes it: ``2**64 - 1`` for the largest seed."""
    return "2**64 - 1" if value == _SEED_MAX else str(value)


def _bool(value: object, name: str) -> bool:
    """*value*, the argument *name*, if it is a bool; else a TypeError naming it."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


#: The most games a self_play job holds (its ``game`` column is an int64) and the most
#: shards (their names have five digits).
_GAMES_MAX = 2**63 - 1
_SHARDS_MAX = 100_000
#: The most random opening plies: far past any game's length, so a larger number is a slip.
_OPENING_PLIES_MAX = 1000


def _shard_count(games: int, shard_size: int) -> int:
    """The shards *games* games in shards of *shard_size* take; ValueError past
    :data:`_SHARDS_MAX`, before anything is written."""
    count = -(-games // shard_size)
    if count > _SHARDS_MAX:
        raise ValueError(
            f"{games} games in shards of {shard_size} make {count} shards, at most "
            f"{_SHARDS_MAX}: give a larger shard_size"
        )
    return count


def _seed(seed: object) -> int:
    return _int(seed, "seed", 0, _SEED_MAX)


def _limit(value: object, name: str) -> int | None:
    """*max_concurrency*: None (no cap) or an int of 1 or more."""
    return None if value is None else _int(value, name, 1)


def _derive_seed(*parts: int) -> int:
    """A 64-bit seed from *parts* (e.g. the job's seed and a game's index), the same in
    every process and on every machine."""
    data = ",".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def _ensure_ray() -> None:
    if not ray.is_initialized():
        ray.init()


#: The range of each key of a player spec: the engine's own bounds.
_SPEC_RANGES = {
    "level": (1, 5),
    "nodes": (1, oware.Player.MAX_NODES),
    "depth": (1, oware.Searcher.MAX_DEPTH),
}


def _check_spec(spec: PlayerSpec, name: str) -> dict[str, int]:
    """The spec as a dict, checked as *Players* in the module's docstring says, with the
    ranges the engine applies; TypeError or ValueError (naming *name*) for a bad one."""
    if isinstance(spec, bool) or not isinstance(spec, (int, Mapping)):
        raise TypeError(f"{name}: a player is a level (int) or a mapping, got {spec!r}")
    d = {"level": spec} if isinstance(spec, int) else dict(spec)
    unknown = set(d) - set(_SPEC_RANGES)
    if unknown:
        raise ValueError(f"{name}: unknown keys {sorted(map(str, unknown))} (level, nodes, depth)")
    d = {key: _int(value, f"{name}: {key}", *_SPEC_RANGES[key]) for key, value in d.items()}
    if "level" in d:
        if "depth" in d:
            raise ValueError(f"{name}: a level takes a node budget, not a depth")
        if "nodes" in d and d["level"] <= 2:
            raise ValueError(
                f"{name}: levels 1 and 2 do not search, so a node budget would change nothing"
            )
    elif "nodes" not in d and "depth" not in d:
        raise ValueError(f"{name}: give a level, a node budget or a depth")
    return d


def _label(spec: Mapping[str, int]) -> str:
    return " ".join(f"{k}={spec[k]}" for k in ("level", "depth", "nodes") if k in spec)


def _score_parts(score: oware.Score) -> tuple[int | None, int | None]:
    """(centiseeds, signed plies to the end) of *score*; one of them is None."""
    plies = score.plies_to_end
    if plies is None:
        return score.centiseeds, None
    return None, plies if score.is_win() else -plies


# --------------------------------------------------------------------------- self-play


def play_games(
    first: int,
    stop: int,
    *,
    players: Sequence[PlayerSpec],
    ruleset: str,
    seed: int,
    opening_plies: int,
    score_depth: int,
) -> pa.Table:
    """Plays games *first* to *stop* - 1 of a :func:`self_play` job in this process and
    returns their rows as a table of :data:`SELF_PLAY_SCHEMA` (what one shard holds).

    Game *i* follows the seed derived from (*seed*, *i*) alone: its *opening_plies*
    random opening moves, and the players' own seeds. Player 0 of *players* is South in
    even games and North in odd ones. A plain search player (no level) plays the best
    move of its own search, whose score is recorded; a level player plays
    ``oware.Player.choose`` and the position is scored by ``Board.search(depth=score_depth)``.
    Raises ValueError or TypeError for a bad argument or player spec, as :func:`self_play`.
    """
    first = _int(first, "first", 0)
    stop = _int(stop, "stop", first)
    job = _self_play_job(players, ruleset, seed, opening_plies, score_depth)
    specs, ruleset, seed = job["players"], job["ruleset"], job["seed"]
    opening_plies, score_depth = job["opening_plies"], job["score_depth"]
    labels = [_label(s) for s in specs]
    columns: dict[str, list[Any]] = {f.name: [] for f in SELF_PLAY_SCHEMA}
    for game in range(first, stop):
        game_seed = _derive_seed(seed, game)
        rng = random.Random(game_seed)
        order = (0, 1) if game % 2 == 0 else (1, 0)  # order[side]: the player of South, North
        engines: list[oware.Player | None] = []
        for side in range(2):
            spec = specs[order[side]]
            if "level" in spec:
                player_seed = _derive_seed(seed, game, side)
                if "nodes" in spec:
                    engines.append(oware.Player(spec["level"], player_seed, nodes=spec["nodes"]))
                else:
                    engines.append(oware.Player(spec["level"], player_seed, reproducible=True))
            else:
                engines.append(None)
        board = oware.Board(ruleset=ruleset)
        rows: list[tuple[Any, ...]] = []
        while not board.is_game_over():
            side = int(board.turn)
            spec = specs[order[side]]
            engine = engines[side]
            in_opening = board.ply < opening_plies
            if engine is None:
                result = board.search(depth=spec.get("depth"), nodes=spec.get("nodes"))
            else:
                result = board.search(depth=score_depth)
            move: oware.Move | None
            if in_opening:
                move = rng.choice(board.legal_moves)
            elif engine is None:
                move = result.best_move
            else:
                move = engine.choose(board)
            if move is None or result.best_move is None:
                break
            cs, plies = _score_parts(result.score)
            rows.append(
                (
                    board.ply,
                    board.position_string(),
                    side,
                    in_opening,
                    str(result.best_move),
                    cs,
                    plies,
                    result.depth,
                    result.nodes,
                    str(move),
                )
            )
            board.push(move)
        outcome = board.outcome()
        if outcome is None:  # unreachable: the loop ends at the game's end
            raise RuntimeError(f"game {game} ended without an outcome")
        south_score, north_score = outcome.scores
        for row in rows:
            for name, value in zip(
                (
                    "ply",
                    "position",
                    "turn",
                    "opening",
                    "best_move",
                    "score_centiseeds",
                    "score_plies_to_end",
                    "depth",
                    "nodes",
                    "move",
                ),
                row,
            ):
                columns[name].append(value)
            columns["game"].append(game)
            columns["south"].append(labels[order[0]])
            columns["north"].append(labels[order[1]])
            columns["result"].append(outcome.result())
            columns["termination"].append(str(outcome.termination))
            columns["south_score"].append(south_score)
            columns["north_score"].append(north_score)
    return pa.Table.from_pydict(columns, schema=SELF_PLAY_SCHEMA)


def _self_play_job(
    players: Sequence[PlayerSpec],
    ruleset: str | oware.Ruleset,
    seed: int,
    opening_plies: int,
    score_depth: int,
) -> dict[str, Any]:
    """The arguments of a :func:`self_play` job that decide its games, checked: the
    keyword arguments of :func:`play_games`, and what each shard's metadata records."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a sequence of two player specs, not {type(players).__name__}")
    specs = [_check_spec(p, f"players[{i}]") for i, p in enumerate(players)]
    if len(specs) != 2:
        raise ValueError(f"players: give two players, got {len(specs)}")
    return {
        "players": specs,
        "ruleset": str(oware.Ruleset(ruleset)),
        "seed": _seed(seed),
        "opening_plies": _int(opening_plies, "opening_plies", 0, _OPENING_PLIES_MAX),
        "score_depth": _int(score_depth, "score_depth", 1, oware.Searcher.MAX_DEPTH),
    }


def _self_play_task_body(first: int, stop: int, job: dict[str, Any]) -> pa.Table:
    return play_games(first, stop, **job)


_self_play_task = ray.remote(num_cpus=1)(_self_play_task_body)


def _shard_path(out: str, index: int) -> str:
    return os.path.join(out, f"shard-{index:05d}.parquet")


def _job_metadata(job: Mapping[str, Any], games: int, shard_size: int) -> bytes:
    return json.dumps(
        {"job": job, "games": games, "shard_size": shard_size, "oware": oware.__version__},
        sort_keys=True,
    ).encode()


def _finished(path: str, meta: bytes, games: range) -> bool:
    """Whether *path* is a complete shard of this job: its metadata is the job's and its
    rows are those of *games*, each game's. Raises ValueError if it is a shard of another
    job (other arguments), which resuming must not mix in."""
    if not os.path.exists(path):
        return False
    try:
        schema = pq.read_schema(path)
    except (OSError, pa.ArrowException):
        return False  # cut short or damaged: redo it
    found = (schema.metadata or {}).get(b"oware.self_play")
    if found != meta:
        raise ValueError(
            f"{path} is a shard of another self_play job (other arguments or version): "
            "use another out directory, or remove it"
        )
    try:
        played = pq.read_table(path, columns=["game"]).column("game").to_pylist()
    except (OSError, pa.ArrowException, KeyError):
        return False
    # Rows in game order, every game of the shard there (each plays at least one move).
    return sorted(played) == played and set(played) == set(games)


def _write_atomic(table: pa.Table, path: str, meta: bytes) -> None:
    table = table.replace_schema_metadata({b"oware.self_play": meta})
    tmp = f"{path}.tmp-{uuid.uuid4().hex}"
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


class _Progress:
    """A tqdm bar if tqdm is installed, else a count line on stderr."""

    def __init__(self, total: int, what: str, enabled: bool) -> None:
        self.total, self.what, self.enabled, self.done = total, what, enabled, 0
        self.bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, desc=what)

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(n)
        else:
            print(f"{self.what}: {self.done}/{self.total}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _run(
    tasks: Sequence[Callable[[], Any]],
    on_result: Callable[[int, Any], None],
    *,
    weights: Sequence[int],
    what: str,
    progress: bool,
    max_concurrency: int | None,
) -> None:
    """Submits *tasks* (each a thunk returning an ObjectRef), at most *max_concurrency*
    (checked by the caller) at once, and calls *on_result(index, value)* on the driver as
    each finishes."""
    limit = len(tasks) if max_concurrency is None else max_concurrency
    bar = _Progress(sum(weights), what, progress)
    pending: dict[Any, int] = {}
    next_task = 0
    try:
        while next_task < len(tasks) or pending:
            while next_task < len(tasks) and len(pending) < limit:
                pending[tasks[next_task]()] = next_task
                next_task += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                index = pending.pop(ref)
                on_result(index, ray.get(ref))
                bar.update(weights[index])
    finally:
        for ref in pending:
            ray.cancel(ref)
        bar.close()


def self_play(
    games: int,
    players: Sequence[PlayerSpec] = ({"depth": 4}, {"depth": 4}),
    ruleset: str | oware.Ruleset = "abapa",
    seed: int = 0,
    *,
    out: str | os.PathLike[str],
    shard_size: int = 100,
    opening_plies: int = 4,
    score_depth: int = 6,
    progress: bool = False,
    max_concurrency: int | None = None,
    max_retries: int = 3,
) -> list[str]:
    """Plays *games* engine-vs-engine games on the Ray cluster and writes every position
    they pass through as Parquet shards in the directory *out*; returns the shards' paths.

    Game *i* (0 to *games* - 1) goes to shard ``i // shard_size``, written as
    ``out/shard-NNNNN.parquet`` with the columns of :data:`SELF_PLAY_SCHEMA` (each
    described under *Schemas* in ``help(oware.distributed)``), rows in game and ply
    order. *players* are two :data:`PlayerSpec` (see *Players* there); the first plays South in
    even games, North in odd ones. Each game opens with *opening_plies* random legal moves
    (so that deterministic players do not repeat one game), then the players move. Every
    position is scored by a search: a plain search player's own, else
    ``Board.search(depth=score_depth)``; its best move and score are recorded with the
    move played.

    Deterministic: the shards depend on the arguments only (each game's randomness follows
    a seed derived from *seed* and its index; players are node- or depth-limited), not on
    the cluster's size or the order the tasks run in, and a task Ray retries after its
    worker died (up to *max_retries* times) gives the same shard. Resumable: a complete
    shard of the same job already in *out* is kept as it is and not played again, a shard
    cut short is played again; each shard is written to a temporary file and renamed, so a
    shard is either complete or absent. Each shard's schema metadata holds the job's
    arguments as JSON under the key ``oware.self_play``, which is how a shard of the same
    job is told from another's. Shards are written by this process (the driver):
    *out* need not be shared with the workers.

    One task a shard, one CPU a task; *max_concurrency* caps the tasks in flight (default:
    all at once, Ray queueing them on the cluster's CPUs). *progress* shows a tqdm bar (or
    a count line on stderr without tqdm) counting games.

    Every argument is checked before Ray is started. Raises TypeError for an int
    argument of another type, a *progress* that is not a bool, or *players* or a spec of
    the wrong type; ValueError for one out of range (*games* and *shard_size* 1 to
    2**63 - 1, at most 100 000 shards; *max_concurrency* 1 or more; *max_retries* 0 or
    more; *opening_plies* 0 to 1000; *score_depth* 1 to :attr:`oware.Searcher.MAX_DEPTH`;
    *seed* 0 to 2**64 - 1), a bad player spec or ruleset, or a shard in *out* written by
    another job (other arguments or package version); OSError when *out* cannot be
    written, or holds a directory where a shard goes; and ``ray.exceptions.RayError``
    when a task fails more than *max_retries* times. Resuming checks each shard's rows too: one that does not hold exactly its
    games (rewritten, or not a Parquet file) is played again.
    """
    games = _int(games, "games", 1, _GAMES_MAX)
    shard_size = _int(shard_size, "shard_size", 1, _GAMES_MAX)
    count = _shard_count(games, shard_size)
    max_retries = _int(max_retries, "max_retries", 0)
    max_concurrency = _limit(max_concurrency, "max_concurrency")
    progress = _bool(progress, "progress")
    job = _self_play_job(players, ruleset, seed, opening_plies, score_depth)
    meta = _job_metadata(job, games, shard_size)
    out = os.fspath(out)
    os.makedirs(out, exist_ok=True)
    shards = [(i, i * shard_size, min(games, (i + 1) * shard_size)) for i in range(count)]
    paths = [_shard_path(out, i) for i, _, _ in shards]
    todo = [s for s in shards if not _finished(paths[s[0]], meta, range(s[1], s[2]))]
    for index, _, _ in todo:
        if os.path.isdir(paths[index]):
            raise IsADirectoryError(f"{paths[index]} is a directory where a shard goes: remove it")
    if not todo:
        return paths
    _ensure_ray()
    job_ref = ray.put(job)
    task = _self_play_task.options(max_retries=max_retries)

    def submit(first: int, stop: int) -> Callable[[], Any]:
        return lambda: task.remote(first, stop, job_ref)

    def write(index: int, table: pa.Table) -> None:
        _write_atomic(table, paths[todo[index][0]], meta)

    _run(
        [submit(first, stop) for _, first, stop in todo],
        write,
        weights=[stop - first for _, first, stop in todo],
        what="self_play games",
        progress=progress,
        max_concurrency=max_concurrency,
    )
    return paths


# --------------------------------------------------------------------------- tournament


@dataclass(frozen=True)
class TournamentResult:
    """What :func:`tournament` returns.

    *pairs*: one dict a pair ``(i, j)``, ``i < j``, from configuration *i*'s view: ``first``,
    ``second`` (indices into *configs*), ``first_label``, ``second_label``, ``games``,
    ``wins``, ``draws``, ``losses``, ``score`` (0 to 1), ``elo`` and ``elo_margin`` (as
    :class:`oware.MatchResult` gives them) and ``seed`` (the seed its match was played
    with: ``oware.play_match(..., seed=seed)`` plays the same games).

    *standings*: one dict a configuration, in the order of *configs*: ``config``,
    ``label``, ``games``, ``wins``, ``draws``, ``losses``, ``points`` (a win 1, a draw
    1/2), ``score`` (points / games), ``elo`` and ``elo_margin`` (see :func:`rate`).
    """

    pairs: list[dict[str, Any]]
    standings: list[dict[str, Any]]

    def table(self) -> pa.Table:
        """The standings as a pyarrow Table."""
        return pa.Table.from_pylist(self.standings)


def rate(
    n: int, results: Iterable[tuple[int, int, float, int]], iterations: int = 10_000
) -> list[tuple[float, float]]:
    """Elo ratings and their 95 % error margins, in Elo points, for *n* players from
    *results*: ``(i, j, points of i, games)`` for each pair played.

    The model is Elo's (Bradley-Terry on a base-10 scale of 400): player *i* scores
    against *j* with expectation ``E_ij = 1 / (1 + 10 ** ((R_j - R_i) / 400))``. The
    ratings ``R`` maximise the likelihood of the points scored, a draw counting half a
    win (found by the minorise-maximise iteration of Hunter 2004 on ``g = 10 ** (R /
    400)``: ``g_i <- W_i / sum_j n_ij / (g_i + g_j)``, *W_i* the points of *i*, *n_ij* the
    games between *i* and *j*). So that a player who wins (or loses) every game keeps a
    finite rating, each player is given one more game, drawn, against a virtual player of
    rating 0. The ratings are then shifted to average 0.

    The margin of ``R_i`` is ``1.96 / sqrt(I_i)`` with the Fisher information
    ``I_i = (ln 10 / 400) ** 2 * sum_j n_ij E_ij (1 - E_ij)`` (the virtual game included):
    the half-width of a 95 % normal confidence interval, taking the other ratings as
    known. Two players are apart by more than chance where their intervals do not meet.

    Raises ValueError for a player index out of range or a negative count.
    """
    games = [[0.0] * (n + 1) for _ in range(n + 1)]  # index n: the virtual player
    points = [0.0] * (n + 1)
    for i, j, p, g in results:
        if not (0 <= i < n and 0 <= j < n) or i == j or g < 0 or not 0 <= p <= g:
            raise ValueError(f"bad result {(i, j, p, g)}")
        games[i][j] += g
        games[j][i] += g
        points[i] += p
        points[j] += g - p
    for i in range(n):
        games[i][n] += 1.0
        games[n][i] += 1.0
        points[i] += 0.5
        points[n] += 0.5
    strength = [1.0] * (n + 1)
    for _ in range(iterations):
        change = 0.0
        for i in range(n):  # the virtual player stays at strength 1 (rating 0)
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n + 1) if j != i)
            new = points[i] / denominator if denominator > 0 else strength[i]
            change = max(change, abs(math.log(new / strength[i])))
            strength[i] = new
        if change < 1e-12:
            break
    ratings = [400.0 * math.log10(s) for s in strength[:n]]
    mean = sum(ratings) / n if n else 0.0
    scale = math.log(10) / 400.0
    out = []
    for i in range(n):
        information = 0.0
        for j in range(n + 1):
            if j != i and games[i][j] > 0:
                rj = 0.0 if j == n else ratings[j]
                e = 1.0 / (1.0 + 10.0 ** ((rj - ratings[i]) / 400.0))
                information += games[i][j] * e * (1.0 - e)
        margin = 1.96 / math.sqrt(information * scale * scale)
        out.append((ratings[i] - mean + 0.0, margin))
    return out


def _match_task_body(
    first: dict[str, int], second: dict[str, int], games: int, seed: int, ruleset: str
) -> tuple[int, int, int]:
    r = oware.play_match(
        first["level"],
        second["level"],
        games=games,
        seed=seed,
        ruleset=ruleset,
        reproducible=True,
        first_nodes=first.get("nodes"),
        second_nodes=second.get("nodes"),
    )
    return r.wins, r.draws, r.losses


_match_task = ray.remote(num_cpus=1)(_match_task_body)


def tournament(
    configs: Sequence[PlayerSpec],
    games_per_pair: int = 2,
    ruleset: str | oware.Ruleset = "abapa",
    seed: int = 0,
    *,
    progress: bool = False,
    max_concurrency: int | None = None,
    max_retries: int = 3,
) -> TournamentResult:
    """Plays a round robin of the engine configurations *configs* on the Ray cluster, one
    task a pair, and returns every pair's result and the standings with Elo ratings.

    Each configuration is a level (1 to 5) or a mapping ``{"level": L, "nodes": N}`` (a
    node budget a move; plain searches without a level are not taken here). Every pair
    ``(i, j)``, ``i < j``, plays ``oware.play_match(level_i, level_j,
    games=games_per_pair, seed=seed, ruleset=ruleset, reproducible=True,
    first_nodes=..., second_nodes=...)`` in one task: pairs of games from one random
    two-ply opening with the colours swapped, every pair of configurations meeting the
    same openings. Its result is that call's, whatever the cluster. Level 5 without a
    node budget is its reproducible 1 000 000 positions a move (slow).

    Ratings and margins are computed as :func:`rate` documents (Elo points, 95 %). One
    CPU a task; *max_concurrency* caps the tasks in flight; *progress* counts pairs done.

    Every argument is checked before Ray is started. Raises ValueError for fewer than
    two configurations, a bad configuration or ruleset, or an int argument out of range
    (*games_per_pair* 1 to 2**32 - 1, *seed* 0 to 2**64 - 1, *max_retries* 0 or more,
    *max_concurrency* 1 or more); TypeError for a configuration or int argument of the
    wrong type; ``ray.exceptions.RayError`` when a task fails more than *max_retries*
    times.
    """
    specs = [_check_spec(c, f"configs[{i}]") for i, c in enumerate(configs)]
    for i, s in enumerate(specs):
        if "level" not in s:
            raise ValueError(f"configs[{i}]: a tournament configuration needs a level")
    if len(specs) < 2:
        raise ValueError("a tournament needs at least two configurations")
    games_per_pair = _int(games_per_pair, "games_per_pair", 1, 2**32 - 1)
    seed = _seed(seed)
    max_retries = _int(max_retries, "max_retries", 0)
    max_concurrency = _limit(max_concurrency, "max_concurrency")
    progress = _bool(progress, "progress")
    ruleset_text = str(oware.Ruleset(ruleset))
    pairs = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    results: dict[int, tuple[int, int, int]] = {}
    _ensure_ray()
    task = _match_task.options(max_retries=max_retries)

    def submit(i: int, j: int) -> Callable[[], Any]:
        return lambda: task.remote(specs[i], specs[j], games_per_pair, seed, ruleset_text)

    _run(
        [submit(i, j) for i, j in pairs],
        results.__setitem__,
        weights=[1] * len(pairs),
        what="tournament pairs",
        progress=progress,
        max_concurrency=max_concurrency,
    )
    labels = [_label(s) for s in specs]
    pair_rows: list[dict[str, Any]] = []
    tally = [[0, 0, 0] for _ in specs]  # wins, draws, losses of each configuration
    for index, (i, j) in enumerate(pairs):
        wins, draws, losses = results[index]
        games = wins + draws + losses
        score = (wins + draws / 2) / games
        elo, margin = _pair_elo(wins, draws, losses)
        for k, (w, l) in ((i, (wins, losses)), (j, (losses, wins))):
            tally[k][0] += w
            tally[k][1] += draws
            tally[k][2] += l
        pair_rows.append(
            {
                "first": i,
                "second": j,
                "first_label": labels[i],
                "second_label": labels[j],
                "games": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "score": score,
                "elo": elo,
                "elo_margin": margin,
                "seed": seed,
            }
        )
    ratings = rate(
        len(specs),
        (
            (i, j, w + d / 2, w + d + l)
            for (i, j), (w, d, l) in zip(pairs, [results[k] for k in range(len(pairs))])
        ),
    )
    standings: list[dict[str, Any]] = []
    for k in range(len(specs)):
        wins, draws, losses = tally[k]
        games = wins + draws + losses
        standings.append(
            {
                "config": k,
                "label": labels[k],
                "games": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "points": wins + draws / 2,
                "score": (wins + draws / 2) / games,
                "elo": ratings[k][0],
                "elo_margin": ratings[k][1],
            }
        )
    return TournamentResult(pair_rows, standings)


def _pair_elo(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """The Elo difference and 95 % margin of one match, as :class:`oware.MatchResult`
    (the core crate's ``MatchResult::elo`` and ``elo_margin``) computes them."""
    n = max(wins + draws + losses, 1)
    p = (wins + draws / 2) / n

    def elo_of(q: float) -> float:
        edge = 0.5 / n
        q = min(max(q, edge), 1 - edge)
        return -400.0 * math.log10(1 / q - 1) + 0.0

    variance = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p**2) / n
    if variance <= 0:
        edge = 0.5 / n
        q = min(max(p, edge), 1 - edge)
        variance = q * (1 - q)
    se = math.sqrt(variance / n)
    return elo_of(p), (elo_of(p + 1.96 * se) - elo_of(p - 1.96 * se)) / 2


# --------------------------------------------------------------------------- analysis


def judge(best: oware.Score, played: oware.Score) -> str:
    """The mark of a move scoring *played* where the best move scores *best* (both from
    the mover's view), by ``examples/analyse.rs``'s thresholds: ``'??'`` (blunder) when
    the move throws away a forced win or walks into a forced loss, or scores 3 seeds or
    more below the best; ``'?'`` (mistake) from 1.5 seeds; ``'?!'`` (inaccuracy) from half
    a seed; else ``''``. A move that still wins by force, or a position lost by force
    whatever is played, is never marked."""
    if (best.is_win() and not played.is_win()) or (not best.is_loss() and played.is_loss()):
        return "??"
    if played.is_win() or best.is_loss():
        return ""
    lost = (best.centiseeds or 0) - (played.centiseeds or 0)
    if lost >= 300:
        return "??"
    if lost >= 150:
        return "?"
    if lost >= 50:
        return "?!"
    return ""


def _analysis_limits(depth: int, nodes: int | None) -> tuple[int, int | None]:
    """*depth* and *nodes* of an analysis, checked: the engine's ranges."""
    depth = _int(depth, "depth", 1, oware.Searcher.MAX_DEPTH)
    return depth, None if nodes is None else _int(nodes, "nodes", 1, oware.Player.MAX_NODES)


def analyse_record(
    record: str, depth: int = 10, index: int = 0, *, nodes: int | None = None
) -> list[dict[str, Any]]:
    """Scores every move of the game record *record* (text as :meth:`oware.Board.from_record`
    reads it) in this process, as ``examples/analyse.rs`` does: before each move, every
    legal move is scored by ``Searcher.analyse(board, depth=depth, nodes=nodes)`` (one
    searcher of 2**20 entries kept over the game): to *depth* plies (1 to
    :attr:`oware.Searcher.MAX_DEPTH`), and with *nodes* (1 to
    :attr:`oware.Player.MAX_NODES`) at most that many positions a position's analysis,
    whichever ends it first; both keep the result deterministic. The move played is
    compared with the best and marked by :func:`judge`. Returns one dict a move with the
    columns of :data:`ANALYSIS_SCHEMA` (``record`` is *index*). Raises
    :class:`oware.InvalidRecordError` for a record that cannot be read, TypeError or
    ValueError for *depth*, *nodes* or *index* (0 or more) of the wrong type or out of
    range.
    """
    depth, nodes = _analysis_limits(depth, nodes)
    index = _int(index, "index", 0)
    game = oware.Board.from_record(record)
    board = game.root()
    searcher = oware.Searcher(1 << 20)
    rows: list[dict[str, Any]] = []
    for ply, move in enumerate(game.move_stack, start=1):
        scores = searcher.analyse(board, depth=depth, nodes=nodes)
        if not scores:
            break
        best_move, best = scores[0]
        played = next((s for m, s in scores if m == move), best)
        both_seeds = best.centiseeds is not None and played.centiseeds is not None
        rows.append(
            {
                "record": index,
                "ply": ply,
                "position": board.position_string(),
                "side": str(board.turn),
                "move": str(move),
                "best_move": str(best_move),
                "best": str(best),
                "played": str(played),
                "best_centiseeds": best.centiseeds,
                "played_centiseeds": played.centiseeds,
                "lost_centiseeds": (best.centiseeds or 0) - (played.centiseeds or 0) if both_seeds else None,
                "mark": judge(best, played),
            }
        )
        board.push(move)
    return rows


def _analyse_task_body(records: list[tuple[int, str]], depth: int, nodes: int | None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for index, text in records:
        rows.extend(analyse_record(text, depth, index, nodes=nodes))
    return rows


_analyse_task = ray.remote(num_cpus=1)(_analyse_task_body)


def _chunks(items: Sequence[_T], size: int) -> Iterator[list[_T]]:
    for start in range(0, len(items), size):
        yield list(items[start : start + size])


def analyse(
    records: Iterable[str],
    depth: int = 10,
    *,
    nodes: int | None = None,
    records_per_task: int = 1,
    progress: bool = False,
    max_concurrency: int | None = None,
    max_retries: int = 3,
) -> pa.Table:
    """Scores every move of each game record in *records* on the Ray cluster and returns a
    pyarrow Table of :data:`ANALYSIS_SCHEMA` (its columns described under *Schemas* in
    ``help(oware.distributed)``), one row a move, in record and ply order.

    Each record is analysed as :func:`analyse_record` does in this process (and gives the
    same rows): every legal move scored to *depth* plies (1 to
    :attr:`oware.Searcher.MAX_DEPTH`), and with *nodes* (1 to
    :attr:`oware.Player.MAX_NODES`) in at most that many positions a position, the move
    played marked ``?!``, ``?`` or ``??`` by :func:`judge`. *records_per_task* records go
    to one task (one CPU); *max_concurrency* caps the tasks in flight; *progress* counts
    records done. Records and arguments are checked on the driver first.

    Raises TypeError for *records* given as one str or bytes (wrap one record in a list)
    or an int argument of another type; :class:`oware.InvalidRecordError` (naming the
    record's index) for a record that cannot be read; ValueError for *depth*, *nodes*,
    *records_per_task* (1 or more), *max_concurrency* (1 or more) or *max_retries* (0 or
    more) out of range; ``ray.exceptions.RayError`` when a task fails more than
    *max_retries* times.
    """
    if isinstance(records, (str, bytes)):
        raise TypeError("records is a collection of game records; wrap one record in a list")
    depth, nodes = _analysis_limits(depth, nodes)
    records_per_task = _int(records_per_task, "records_per_task", 1)
    max_retries = _int(max_retries, "max_retries", 0)
    max_concurrency = _limit(max_concurrency, "max_concurrency")
    progress = _bool(progress, "progress")
    if not isinstance(records, Iterable):
        raise TypeError(f"records must be an iterable of game records (str), not {type(records).__name__}")
    items = list(enumerate(records))
    for index, text in items:
        if not isinstance(text, str):
            raise TypeError(f"records[{index}] must be a game record (str), not {type(text).__name__}")
        try:
            oware.Board.from_record(text)
        except oware.InvalidRecordError as e:
            raise oware.InvalidRecordError(f"record {index}: {e}") from e
    chunks = list(_chunks(items, records_per_task))
    found: dict[int, list[dict[str, Any]]] = {}
    if chunks:
        _ensure_ray()
        task = _analyse_task.options(max_retries=max_retries)

        def submit(chunk: list[tuple[int, str]]) -> Callable[[], Any]:
            return lambda: task.remote(chunk, depth, nodes)

        _run(
            [submit(c) for c in chunks],
            found.__setitem__,
            weights=[len(c) for c in chunks],
            what="analysed records",
            progress=progress,
            max_concurrency=max_concurrency,
        )
    rows = [row for k in range(len(chunks)) for row in found[k]]
    return pa.Table.from_pylist(rows, schema=ANALYSIS_SCHEMA)


class _SliceActor:
    """One slice of a layer held by a Ray actor between rounds: only messages travel."""

    def __init__(self, directory: str, ruleset: str, convention: str, k: int, n: int) -> None:
        # Mapped, not copied: the actors of one machine share one copy of the
        # lower layers in the page cache.
        db = oware.EndgameDatabase.load_dir(directory, ruleset, convention, mmap=True)
        self.part = oware.EndgameLayerSlice(db, k, n)

    def start(self) -> tuple[Any, ...]:
        """Starts the next threshold: whether one started, then the messages for each slice."""
        started = self.part.start_threshold()
        return (started, *(self.part.send() if started else [b""] * self.part.slices))

    def round(self, *inbox: bytes) -> tuple[Any, ...]:
        """Applies the messages of every slice (Ray fetches them from the slices' object
        refs), then sends: the count of messages sent, then those for each slice."""
        self.part.receive(list(inbox))
        sent = self.part.send()
        return (sum(len(m) for m in sent), *sent)

    def to_bytes(self) -> bytes:
        return self.part.to_bytes()


def _build_layer_once(directory: str, rules: str, conv: str, slices: int, bar: _Progress) -> list[bytes]:
    """Runs every round of the layer on *slices* actors; returns their finished states.
    Raises ``ray.exceptions.RayActorError`` if an actor dies."""
    # One CPU a slice, or a share of the cluster's when there are more slices than CPUs
    # (every slice must be placed at once: each round needs them all).
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    cpus = min(1.0, resources.get("CPU", 1.0) / slices)
    actor: Any = ray.remote(num_cpus=cpus, max_restarts=0)(_SliceActor)
    actors: list[Any] = [actor.remote(directory, rules, conv, k, slices) for k in range(slices)]
    try:
        while True:
            # out[k][j]: slice k's messages for slice j (object refs, passed on unread).
            started = [a.start.options(num_returns=slices + 1).remote() for a in actors]
            if not ray.get(started[0][0]):
                break
            out = [refs[1:] for refs in started]
            while True:
                stepped = [
                    a.round.options(num_returns=slices + 1).remote(*[out[k][j] for k in range(slices)])
                    for j, a in enumerate(actors)
                ]
                out = [refs[1:] for refs in stepped]
                if sum(ray.get([refs[0] for refs in stepped])) == 0:
                    break
            bar.update(1)
        return ray.get([a.to_bytes.remote() for a in actors])
    finally:
        for a in actors:
            ray.kill(a)


def build_layer(
    directory: str | os.PathLike[str],
    ruleset: str | oware.Ruleset = "abapa",
    convention: str | None = None,
    *,
    slices: int = 2,
    progress: bool = False,
    max_retries: int = 3,
) -> str:
    """Builds the next layer of the endgame database whose layer files are in *directory*
    (as :meth:`oware.EndgameDatabase.save_dir` writes them; an empty directory gets the
    layer of 0 seeds) on the Ray cluster, in *slices* index slices (1 to 65536), and
    writes its file there; returns the file's path.

    Each slice is a Ray actor (one CPU) that maps the lower layers from *directory* into
    memory when it starts (so every worker must see the directory: a shared file system
    on a cluster; the actors of one machine share one copy of the files in its page
    cache) and keeps its part of the layer (6 bytes a position) until the end; in each
    round it applies the positions the other slices decided and sends its own, through
    Ray's object store (see :class:`oware.EndgameLayerSlice`). The file is byte for byte
    the one :meth:`oware.EndgameDatabase.build` writes, whatever *slices* is. If an actor
    dies, the layer is started again on new actors (up to *max_retries* times), with the
    same result. At the end the driver joins the slices, so the layer must fit in its
    memory.

    *convention* is ``'even'`` or ``'own'`` (default: the ruleset's own). Raises
    TypeError for *slices* or *max_retries* not an int, ValueError for *slices* or
    *max_retries* (0 or more) out of range, :class:`oware.EndgameError` when the database
    is full or the layer too large, ``ray.exceptions.RayActorError`` when actors die
    more than *max_retries* times.
    """
    slices = _int(slices, "slices", 1, 65536)
    max_retries = _int(max_retries, "max_retries", 0)
    progress = _bool(progress, "progress")
    directory = os.fspath(directory)
    db = oware.EndgameDatabase.load_dir(directory, ruleset, convention, mmap=True)
    seeds = 0 if db.max_seeds is None else db.max_seeds + 1
    # The core's own EndgameError for a full database or too large a layer, before any
    # actor: the smallest slice there is reads 1/65536 of the layer's moves.
    oware.EndgameLayerSlice(db, 0, 65536)
    _ensure_ray()
    rules, conv = str(db.ruleset), db.convention
    thresholds = seeds if conv == "even" else 2 * seeds + 1
    for attempt in range(max_retries + 1):
        bar = _Progress(thresholds, f"layer {seeds}", progress)
        try:
            states = _build_layer_once(directory, rules, conv, slices, bar)
            break
        except ray.exceptions.RayActorError:
            if attempt == max_retries:
                raise
        finally:
            bar.close()
    parts = [oware.EndgameLayerSlice.from_bytes(state) for state in states]
    return str(db.with_layer_slices(parts).save_layer(directory, seeds))
