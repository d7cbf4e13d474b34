#!/usr/bin/env python3
"""Wall time of one ``oware.distributed.self_play`` job on a local Ray cluster of 1 and of
2 CPUs (or the counts given), each in a fresh process, and the speed-up.

    python oware-py/benches/ray_self_play.py [--games 300] [--nodes 2000] [--cpus 1 2] [--repeat 3]

Needs ``oware[ray]``. Every run plays the same job (``--games`` games between two plain
searches of ``--nodes`` positions a move, 10 games a shard) into its own directory and
checks that the shards are identical to the first run's. The clock starts once the
cluster's workers are up.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ONE_RUN = """
import sys, time, ray
from oware import distributed
cpus, games, nodes, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
ray.get([ray.remote(lambda: 0).remote() for _ in range(cpus)])
start = time.perf_counter()
distributed.self_play(games, players=({"nodes": nodes}, {"nodes": nodes}), seed=1, out=out,
                      shard_size=10, score_depth=4)
print(time.perf_counter() - start)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--cpus", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    times: dict[int, list[float]] = {c: [] for c in args.cpus}
    reference: dict[str, bytes] | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeat):
            for cpus in args.cpus:
                out = pathlib.Path(tmp, f"run-{r}-{cpus}")
                load = os.getloadavg()[0]
                done = subprocess.run(
                    [sys.executable, "-c", ONE_RUN, str(cpus), str(args.games), str(args.nodes), str(out)],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                seconds = float(done.stdout.split()[-1])
                times[cpus].append(seconds)
                shards = {p.name: p.read_bytes() for p in sorted(out.glob("*.parquet"))}
                if reference is None:
                    reference = shards
                same = "identical" if shards == reference else "DIFFERENT"
                print(f"num_cpus={cpus}: {seconds:6.1f} s  (load {load:.1f}; shards {same})", flush=True)
    base = statistics.median(times[args.cpus[0]])
    for cpus in args.cpus:
        median = statistics.median(times[cpus])
        print(f"num_cpus={cpus}: median {median:.1f} s, speed-up {base / median:.2f}x over num_cpus={args.cpus[0]}")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"({time.perf_counter() - started:.0f} s in all)")
