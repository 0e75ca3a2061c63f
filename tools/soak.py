"""`make soak`: long whole evenings at the box, every game, with what they covered.

The monkey of tests/mpy/monkey.py presses, waits, enters legal actions, holds keys and cuts the power
for many minutes of the box's own clock, while the virtual box draws every picture at 80x24 and
160x50 and every event goes through every narrator (tests/monkey_host.py): what `make test` does for
a few minutes per game, here for as long as asked, over several seeds. Prints per evening and per
game the presses, events, legal actions entered, actions journaled, games started and finished,
power cuts (and how many tore a write), resets, pictures drawn; a failure prints its game and seed
(run again with --seed to replay it) and the command exits 1.

  .venv/bin/python tools/soak.py [--game NAME ...] [--seeds N] [--first S] [--minutes M] [--micropython] [--littlefs]

--micropython also runs each evening's box app under MicroPython (Node) and compares its checkpoints;
--littlefs puts the box on the Pico's own storage driver over a LittleFS image (power cuts on its
page writes and erases) instead of the fakes' storage.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

from monkey import MonkeyFailed, lines  # noqa: E402
from monkey_host import Evening, LittleFsFlash  # noqa: E402
from mprun import node_command  # noqa: E402
from ultimusbox import games  # noqa: E402

SUMMED = (
    "presses",
    "events",
    "legal",
    "actions",
    "games",
    "finished",
    "power_cuts",
    "torn",
    "cut_at_power_on",
    "resets",
    "set_aside",
    "selftest",
    "clamo",
    "frames",
    "pictures",
    "drawn",
    "lines",
)


def words(counts):
    return ", ".join("%s %d" % (k.replace("_", " "), counts.get(k, 0)) for k in SUMMED)


def same_under_micropython(game, seed, seconds):
    """None, or what differs between the box app's evening under MicroPython and under CPython."""
    run = subprocess.run(node_command("monkey.py", (game, seed, seconds)), cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        return "MicroPython failed: %s" % run.stderr.strip()[-500:]
    if run.stdout.splitlines() != lines(game, seed, seconds):
        return "MicroPython's checkpoints differ from CPython's"
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description="Long whole evenings at the box, every game, with what they covered.")
    parser.add_argument("--game", action="append", choices=games.names(), help="a game (default: every one)")
    parser.add_argument("--seeds", type=int, default=3, help="evenings per game")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--minutes", type=float, default=20, help="of the box's clock per evening")
    parser.add_argument("--micropython", action="store_true", help="compare each evening under MicroPython too")
    parser.add_argument(
        "--littlefs", action="store_true", help="the Pico's storage driver on a LittleFS image instead of the fakes'"
    )
    args = parser.parse_args(argv)
    seconds = int(args.minutes * 60)
    failed = 0
    for game in args.game or games.names():
        total = {}
        started = time.monotonic()
        for seed in range(args.first, args.first + args.seeds):
            flash = LittleFsFlash() if args.littlefs else None
            with tempfile.TemporaryDirectory() as folder:
                try:
                    counts = Evening(game, seed, seconds, folder, flash).run()
                except MonkeyFailed as exc:
                    print("FAILED %s" % exc)
                    failed += 1
                    continue
                finally:
                    if flash is not None:
                        flash.close()
            print("%s seed %d, %g min: %s" % (game, seed, args.minutes, words(counts)), flush=True)
            for k in SUMMED:
                total[k] = total.get(k, 0) + counts.get(k, 0)
            if args.micropython:
                problem = same_under_micropython(game, seed, seconds)
                if problem:
                    print("FAILED %s, seed %d: %s" % (game, seed, problem))
                    failed += 1
        print(
            "== %s: %d evenings of %g min in %.0f s: %s"
            % (game, args.seeds, args.minutes, time.monotonic() - started, words(total)),
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
