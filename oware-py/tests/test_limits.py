"""Sizes the library accepts but the process cannot allocate raise
MemoryError (naming the bytes) instead of aborting the interpreter: each
call runs in a child process under an address-space limit set with
util-linux `prlimit`. Skipped, with the reason, where prlimit is absent."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

LIMIT = 1 << 30  # 1 GiB: ample for the interpreter and NumPy

LONG_GAMES = "abapa(repetitions=off,no_capture=off,max_plies=65535)"

CALLS = {
    # 100 000 000 boards at 560 bytes: 56 GB.
    "BoardBatch": ("oware.BoardBatch(100_000_000)", "56000000000 bytes"),
    # Abapa to 26 seeds: 11.5 GiB (each takes own).
    "EndgameDatabase.build": ("oware.EndgameDatabase.build(26)", "12397386204 bytes"),
    # The records of 100 000 000 games, reserved before any is played.
    "random_games": ("oware.random_games(100_000_000)", "the records of 100000000 games"),
    # 20 000 games of a ruleset that lets them run to 65 535 plies: about
    # 17 MB of moves as played, but the (n, longest) table takes 1.3 GB.
    "random_games(moves=True)": (
        f"oware.random_games(20_000, ruleset={LONG_GAMES!r}, moves=True, threads=2)",
        "array of shape [20000, ",
    ),
}


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="prlimit (util-linux) is not installed")
@pytest.mark.parametrize("name", sorted(CALLS))
def test_too_large_a_size_raises_memory_error(name: str) -> None:
    call, expected = CALLS[name]
    code = (
        "import oware\n"
        "try:\n"
        f"    {call}\n"
        "    print('allocated')\n"
        "except MemoryError as e:\n"
        "    print('MemoryError:', e)\n"
    )
    child = subprocess.run(
        ["prlimit", f"--as={LIMIT}", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 0, f"{name}: exit {child.returncode} (-6 is SIGABRT)\n{child.stderr}"
    out = child.stdout.strip()
    assert out.startswith("MemoryError: out of memory: "), out
    assert expected in out, out
    print(f"{name}: {out}")
