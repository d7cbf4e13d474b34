#!/usr/bin/env python3
"""Wall time of ``oware.distributed.build_layer`` for one endgame layer on a local Ray
cluster of 1 and of 2 CPUs (one slice a CPU, or the counts given), each in a fresh
process, beside the single-process build of the same layer, and the speed-up.

    python oware-py/benches/ray_build_layer.py [--seeds 11] [--convention even] [--cpus 1 2] [--repeat 3]

Needs ``oware[ray]``. The layers below ``--seeds`` are built once in this process and
saved; every run builds layer ``--seeds`` from them into its own directory and checks
that its file is the one the single-process build writes. The clock starts once the
cluster's workers are up.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import oware

ONE_RUN = """
import sys, time, ray
from oware import distributed
cpus, directory, convention = int(sys.argv[1]), sys.argv[2], sys.argv[3]
ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
ray.get([ray.remote(lambda: 0).remote() for _ in range(cpus)])
start = time.perf_counter()
distributed.build_layer(directory, convention=convention, slices=cpus)
print(time.perf_counter() - start)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=11)
    parser.add_argument("--convention", choices=["even", "own"], default="even")
    parser.add_argument("--cpus", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    name = f"{args.convention}-{args.seeds:02}.owdb"
    with tempfile.TemporaryDirectory() as tmp:
        below = pathlib.Path(tmp, "below")
        whole = pathlib.Path(tmp, "whole")
        oware.EndgameDatabase.build(args.seeds - 1, convention=args.convention).save_dir(below)
        start = time.perf_counter()
        db = oware.EndgameDatabase.build(args.seeds, convention=args.convention)
        built = time.perf_counter() - start
        db.save_dir(whole)
        expected = (whole / name).read_bytes()
        print(f"one process, all cores: layers 0-{args.seeds} in {built:.1f} s "
              f"(layer {args.seeds}: {db.positions(args.seeds)} positions)")
        times: dict[int, list[float]] = {c: [] for c in args.cpus}
        for r in range(args.repeat):
            for cpus in args.cpus:
                out = pathlib.Path(tmp, f"run-{r}-{cpus}")
                shutil.copytree(below, out)
                load = os.getloadavg()[0]
                done = subprocess.run(
                    [sys.executable, "-c", ONE_RUN, str(cpus), str(out), args.convention],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                seconds = float(done.stdout.split()[-1])
                times[cpus].append(seconds)
                same = "identical" if (out / name).read_bytes() == expected else "DIFFERENT"
                print(f"num_cpus={cpus}, {cpus} slices: {seconds:6.1f} s  (load {load:.1f}; file {same})", flush=True)
    base = statistics.median(times[args.cpus[0]])
    for cpus in args.cpus:
        median = statistics.median(times[cpus])
        print(f"num_cpus={cpus}: median {median:.1f} s, speed-up {base / median:.2f}x over num_cpus={args.cpus[0]}")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"({time.perf_counter() - started:.0f} s in all)")
