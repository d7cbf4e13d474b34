"""Ctrl-C stops every long call: each runs in a child process that gets
SIGINT half a second in, and must raise KeyboardInterrupt and exit within
seconds (a call that ignored it would run for minutes or hours; the bound
leaves room for a loaded CI machine, where 3 s was once missed by 40 ms)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

LONG_CALLS = {
    "perft": "oware.Board().perft(30)",
    # About 20 s of games; their records (40 bytes each) are reserved first.
    "random_games": "oware.random_games(5_000_000, threads=2)",
    "play_match": "oware.play_match(4, 4, games=1_000_000)",
    "build": "oware.EndgameDatabase.build(22, convention='even')",
    "solve": "oware.EndgameDatabase.build(4).solve(oware.Board(), max_positions=10**9)",
    "search": "oware.Board().search(depth=64)",
    # Level 5 off its opening book (Kalah has none), with no end in sight.
    "Player.choose": "oware.Player(5, seed=1, nodes=10**12).choose(oware.Board(ruleset='kalah'))",
}


def test_a_short_call_waits_for_nothing() -> None:
    # The calls that Ctrl-C can stop run on a thread that this one waits
    # for; a quick one returns when it ends, not at the next 20 ms look for
    # a signal (50 of them took at least a second so).
    import oware

    board = oware.Board()
    start = time.perf_counter()
    counts = [board.perft(1) for _ in range(50)]
    took = time.perf_counter() - start
    assert counts == [6] * 50
    assert took < 0.5, f"50 perft(1) calls took {took:.2f} s"


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call(name: str) -> None:
    # The child installs Python's own Ctrl-C handler: a child started from
    # a background job inherits SIGINT ignored, and Python keeps that.
    code = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import oware\n"
        "print('ready', flush=True)\n"
        "try:\n"
        f"    {LONG_CALLS[name]}\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    start = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=30)
    finally:
        child.kill()
    took = time.perf_counter() - start
    assert out.strip() == "interrupted"
    assert child.returncode == 0
    assert took < 8.0, f"{name} took {took:.2f} s to stop"
    print(f"{name}: stopped and exited {took * 1000:.0f} ms after SIGINT")
