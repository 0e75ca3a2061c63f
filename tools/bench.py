"""`make bench`: speed and memory figures of the rules core (printed, never asserted).

- the core's actions per second of random legal play under CPython beside a
  minimal engine-shaped reference loop (the same random draws, action dicts
  and events, no rules) timed in the same run, the microseconds per
  action of listing and choosing and of applying, and of the rules' handlers
  alone (what is left of an action if the engine cost nothing);
- whole 6-player battles per second of random legal play under CPython;
- the same under MicroPython (WebAssembly port in Node);
- the peak heap of a 6-player battle under MicroPython: the battle's own live
  data (the action log on flash, as on the box), the core's code loaded from
  mpy-cross output, and both together;
- the same for the whole box app (core, app, display, sounds, link, journal on
  fake drivers), and the time from a button press to its finished LED frame
  under MicroPython on this PC;
- per game of the registry (its HostGame's box_heap script): the peak heap of the box app with that
  game loaded, code included, with and without the test's fake drivers, and the range of their bytecode
  (the README's figure: tests/test_readme.py compares them);
- the link's round trip of one action through the virtual box's
  pseudo-terminal (median and 99th percentile) beside a bare echo on a
  pseudo-terminal measured in the same run, and `balance` games per second, mixed and heuristic bots only,
  with the share of a heuristic game spent in the core trying the bots' options;
- the bytes the box app allocates in steady play under MicroPython: per idle
  frame, per entry-only press with its frames, per applied action;
- each game's random play (actions per second, beside ULTIMUS's in the same run) and its bots (games per
  second), with issue 25's aim: every game's random play at least half of ULTIMUS's;
- each game's random play against ac6268f's (the same seeds, each checkout in its own process, in turns)
  and ULTIMUS's against OpenSpiel's pure-Python Kuhn and liar's poker (the optional bench extra), with
  issue 32's aim: ULTIMUS at least 1.15x ac6268f's (tools/versus.py);
- the digests a link reply needs: computed and kept, beside the FNV-1a digest
  of the older formats, under CPython and MicroPython.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from compile_firmware import compile_all  # noqa: E402
from games.ultimus import randomplay  # noqa: E402
from mprun import node_command  # noqa: E402

FIGURES = {}  # what the sections measured, for the closing lines that set each beside its aim (aims())


HUNG_S = 300  # a script that takes seconds; node once slept on one for half an hour on a loaded machine


def micropython(script, *args, mpy_dir=None, data=None):
    """The "key=value" fields of the last line a script printed under MicroPython (run once more, and said so,
    if node hangs on it)."""
    command = node_command(script, args, mpy_dir, data)
    try:
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=HUNG_S).stdout
    except subprocess.TimeoutExpired:
        print("  (%s %s hung for %d s under node: run again)" % (script, " ".join(map(str, args)), HUNG_S))
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=HUNG_S).stdout
    return dict(part.split("=") for part in out.split("\n")[-2].split() if "=" in part)


def cpython_battles(seconds=3.0):
    battles = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = randomplay.play(6, 1000 + battles)
        battles += 1
        actions += len(game.log)
    elapsed = time.perf_counter() - start
    return battles / elapsed, actions / elapsed, actions / battles


def main():
    rate, action_rate, per_battle = cpython_battles()
    print(
        "CPython %s: %.0f battles/s (6 players, random legal play; %.0f actions/s, %.0f actions a battle)"
        % (sys.version.split()[0], rate, action_rate, per_battle)
    )
    with tempfile.TemporaryDirectory() as mpy_dir:
        compile_all(mpy_dir)
        speed = micropython("speed.py", 30, mpy_dir=mpy_dir)
        mp_rate = int(speed["battles"]) * 1000.0 / max(1, int(speed["ms"]))
        print(
            "MicroPython 1.27 (WebAssembly, Node): %.1f battles/s (%s battles, %s actions)"
            % (mp_rate, speed["battles"], speed["actions"])
        )
        peaks = [micropython("heap.py", seed, 6, mpy_dir=mpy_dir) for seed in range(1, 6)]
        game = max(int(p["game"]) for p in peaks)
        code = max(int(p["code"]) for p in peaks)
        total = max(int(p["peak"]) for p in peaks)
        with_log = micropython("heap.py", 1, 6, "ram-log", mpy_dir=mpy_dir)
        boxes, path, _ = box_runs(mpy_dir)
        from box_heap import plan

        with open(path, "w") as f:  # a whole game (every battle), a host on the link as it goes
            f.write("".join(json.dumps(a) + "\n" for a in plan(1, whole=True)))
        heapblock = __import__("heapblock")
        FIGURES["largest"] = heapblock.measure(path, mpy_dir, 1)
        print(heapblock.line(path, mpy_dir, 1, FIGURES["largest"]))  # free heap beside its largest free block
        per_game = game_heaps(mpy_dir, boxes)
    FIGURES["core_heap"] = (total / 1024.0, game / 1024.0)
    print(
        "MicroPython peak heap, 6-player battle (5 seeds): battle data %.1f KB, core code %.1f KB"
        " (from .mpy; 0 when frozen), together %.1f KB (aim: under 64 KB)"
        % (game / 1024.0, code / 1024.0, total / 1024.0)
    )
    print(
        "  with the action log kept in RAM instead of the flash journal: battle data %.1f KB over %s actions"
        % (int(with_log["game"]) / 1024.0, with_log["actions"])
    )
    app = max(int(b["app"]) for b in boxes)
    code = max(int(b["code"]) for b in boxes)
    total = max(int(b["peak"]) for b in boxes)
    print(
        "MicroPython peak heap, box app with 6 players (3 seeds): app and battle data %.1f KB, code %.1f KB"
        " (from .mpy; 0 when frozen), together %.1f KB (aim: under 96 KB; the Pico has ~190 KB)"
        % (app / 1024.0, code / 1024.0, total / 1024.0)
    )
    FIGURES["app_heap"] = []
    for name, fields in per_game:
        peak, fakes = int(fields["peak"]), int(fields.get("fakes", 0))
        FIGURES["app_heap"].append((name, (peak - fakes) / 1024.0, (peak - fakes - int(fields["code"])) / 1024.0))
        print(
            "  %-14s box app with the game loaded: peak %.1f KB, of it code %.1f KB (from .mpy), without the test's"
            " fake drivers %.1f KB (aim: under 96 KB)"
            % (name, peak / 1024.0, int(fields["code"]) / 1024.0, (peak - fakes) / 1024.0)
        )
    low, high = code_range(per_game)
    print(
        "MicroPython bytecode of the box app with one game loaded (from .mpy, without the test's fake drivers):"
        " %.0f-%.0f KB (the README's figure)" % (low, high)
    )
    frame = sorted(int(b["frame_us"]) for b in boxes)
    print(
        "MicroPython on this PC: %d us from a button press to its finished LED frame (mean of 300 presses,"
        " median of 3 runs; measure again on a Pico, which is far slower than a PC)" % frame[1]
    )


ECHO = """
import os, select, tty
master, slave = os.openpty()
tty.setraw(slave)
print(os.ttyname(slave), flush=True)
while True:
    select.select([master], [], [])
    os.write(master, os.read(master, 4096))
"""


def _spread(times):
    """(median, 99th percentile) of milliseconds."""
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.99) - 1]


def pty_echo(count=300):
    """Milliseconds for a request line to come back from a bare echo on a pseudo-terminal (a process woken
    by select): the floor of any round trip through a pseudo-terminal on this machine, with the same client."""
    import signal

    from ultimus_host.client import LinkClient

    proc = subprocess.Popen([sys.executable, "-c", ECHO], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        client = LinkClient(proc.stdout.readline().strip())
        times = []
        for _ in range(count):
            start = time.perf_counter()
            client.request("echo")  # the echo of the request carries its id: it is the reply
            times.append((time.perf_counter() - start) * 1000.0)
        client.close()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    return _spread(times)


def durable_write(count=300):
    """Milliseconds of the virtual box's durable write of one journal record (FileStorage.append: write
    and fsync), alone: every accepted action waits for it before its reply."""
    from ultimus_host.pcdrivers import FileStorage

    times = []
    with tempfile.TemporaryDirectory() as folder:
        storage = FileStorage(folder)
        for _ in range(count):
            start = time.perf_counter()
            storage.append("game.jnl", b'xxxxxxxx {"a": "knock", "p": 0, "g": 4}\n')
            times.append((time.perf_counter() - start) * 1000.0)
    return _spread(times)


def box_runs(mpy_dir, seeds=(1, 2, 3)):
    """ULTIMUS's box app under MicroPython, one 6-player battle per seed (actions planned here under
    CPython): the runs' fields, and the last plan's path and seed."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))
    from box_heap import plan

    boxes = []
    path = os.path.join(mpy_dir, "plan.jsonl")
    for seed in seeds:
        with open(path, "w") as f:
            f.write("".join(json.dumps(a) + "\n" for a in plan(seed)))
        boxes.append(micropython("box_heap.py", seed, mpy_dir=mpy_dir, data=path))
    return boxes, path, seeds[-1]


def heap_games():
    """(game, its box heap script in tests/mpy, or None) of every game of the registry, in its order: what
    game_heaps measures (HostGame(box_heap=...); tests/test_readme.py holds the README to them)."""
    from ultimus_host import registry

    return [(host.name, host.box_heap) for host in registry.every()]


def code_range(per_game):
    """The least and the most bytecode (KB) of the box app with one game loaded, from .mpy: each game's
    imported code without the test's fake drivers (a Pico has its own drivers instead)."""
    codes = [(int(fields["code"]) - int(fields.get("fakes", 0))) / 1024.0 for _, fields in per_game]
    return min(codes), max(codes)


def game_heaps(mpy_dir, boxes):
    """(game, heap fields) per game of the registry that declares a box heap script, under MicroPython
    from mpy-cross output: box_heap.py's 6-player battles (the worst of `boxes`, run by box_runs), every
    other script with "run" (Morituri's scripted game, a whole Ultimatum game pressed on the buttons by
    sensible bots, Munera's scripted bout, the board game's from the menu to the winner); a script with a
    plan() has its presses planned here under CPython first. A game without one is printed as such."""
    import importlib

    out = []
    for name, script in heap_games():
        if script is None:
            print("  %-14s box app with the game loaded: not measured (it declares no HostGame(box_heap=...))" % name)
        elif script == "box_heap.py":
            out.append((name, max(boxes, key=lambda b: int(b["peak"]))))
        else:
            planner = getattr(importlib.import_module(script[: -len(".py")]), "plan", None)
            path = None
            if planner is not None:
                path = os.path.join(mpy_dir, "presses-%s.txt" % name)
                with open(path, "w") as f:
                    f.write(planner())
            out.append((name, micropython(script, "run", mpy_dir=mpy_dir, data=path)))
    return out


def play_shape(battles=10):
    """(actions, action dicts listed, events) of random play over `battles` 6-player battles:
    what the reference loop does as much of."""
    from games.ultimus.rules import RULES, new_setup
    from referee.engine import Game
    from referee.rng import Rng

    actions = listed = events = 0
    for i in range(battles):
        game, rng = Game(RULES, new_setup(6, 1000 + i)), Rng((1000 + i) ^ 0x5EED)
        while game.phase not in ("battle_end", "over"):
            seats = game.actors()
            options = game.legal_actions(rng.choice(seats) if seats else -1)
            action = randomplay.play_on(options) or rng.choice(options)
            events += len(game.apply(action))
            actions += 1
            listed += len(options)
    return actions, listed, events


def _split_evenly(total, n):
    """total split over n slots as evenly as whole numbers go."""
    return [total * (i + 1) // n - total * i // n for i in range(n)]


def reference_loop(actions, listed, events):
    """A minimal engine-shaped loop with no rules: per action the same random draws as our random
    play (a seat, then one of its options), as many action dicts listed and events made as ours
    on average, a handler looked up by name, the action logged. Returns its actions per second."""
    from referee.rng import Rng

    def handler(state, action, out, count):
        state[action["p"]] += 1
        for _ in range(count):
            out.append({"e": "done", "p": action["p"]})

    handlers = {"act": handler}
    options_of, events_of = _split_evenly(listed, actions), _split_evenly(events, actions)
    rng, seats, state, log = Rng(1), list(range(6)), [0] * 6, []
    start = time.perf_counter()
    for i in range(actions):
        seat = rng.choice(seats)
        options = [{"a": "act", "p": seat, "k": k} for k in range(options_of[i])]
        action = rng.choice(options)
        out = []
        handlers[action["a"]](state, action, out, events_of[i])
        log.append(action)
    return actions / (time.perf_counter() - start)


def our_rate(battles=10):
    """Actions per second of the core's random play (randomplay.play, 6 players, one battle each)."""
    actions = 0
    start = time.perf_counter()
    for i in range(battles):
        actions += len(randomplay.play(6, 1000 + i).log)
    return actions / (time.perf_counter() - start)


def per_action_us(battles=10):
    """Mean microseconds per action of listing and choosing (actors, legal_actions, two draws)
    and of applying it, timed apart."""
    from games.ultimus.rules import RULES, new_setup
    from referee.engine import Game
    from referee.rng import Rng

    actions, listing, applying = 0, 0.0, 0.0
    clock = time.perf_counter
    for i in range(battles):
        game, rng = Game(RULES, new_setup(6, 1000 + i)), Rng((1000 + i) ^ 0x5EED)
        while game.phase not in ("battle_end", "over"):
            t0 = clock()
            action = randomplay.choose_action(game, rng)
            t1 = clock()
            game.apply(action)
            listing += t1 - t0
            applying += clock() - t1
            actions += 1
    return listing * 1e6 / actions, applying * 1e6 / actions


def handlers_alone_us(battles=10):
    """Mean microseconds per action of the rules' handlers alone, called straight on random play's actions
    (no cleaning, no flow, no listing, no draws, no log): what is left of an action if the engine cost nothing."""
    from games.ultimus import rules
    from referee.engine import Game, load_handler

    timed, spent, clock = 0, 0.0, time.perf_counter
    for i in range(battles):
        played = randomplay.play(6, 1000 + i)
        game = Game(rules.RULES, played.setup)
        s = game.state
        for action in played.log:
            handler = rules.FLOW.resolve(rules.variant(s), s["phase"], action["a"])[1]  # the move()'s handler
            if type(handler) is str:
                handler = load_handler(handler)
            t0 = clock()
            handler(s, action, [])
            spent += clock() - t0
            timed += 1
        assert game.digest() == played.digest(), "the handlers alone must play the same battle"
    for _ in range(timed):  # what timing costs, taken off
        t1 = clock()
        spent -= clock() - t1
    return spent * 1e6 / timed


def core_speed(rounds=5):
    """Ours beside the reference loop, interleaved in the same run, best of `rounds` each."""
    actions, listed, events = play_shape()
    ours = ref = 0.0
    legal_us = apply_us = 1e9
    for _ in range(rounds):
        ours = max(ours, our_rate())
        ref = max(ref, reference_loop(actions, listed, events))
        listing, applying = per_action_us()
        legal_us, apply_us = min(legal_us, listing), min(apply_us, applying)
    print(
        "CPython %s core speed: %.0f actions/s of random legal play (6 players) beside %.0f of a minimal"
        " reference loop (same draws, %.1f action dicts and %.1f events an action): %.2fx of it"
        % (sys.version.split()[0], ours, ref, listed / actions, events / actions, ours / ref)
    )
    print("  per action: %.2f us listing and choosing, %.2f us applying (best of %d)" % (legal_us, apply_us, rounds))
    handlers = min(handlers_alone_us() for _ in range(rounds))
    allowed = 1e6 / (ref * FILED_CORE_VS_REFERENCE * 2.5)
    print(
        "  the rules' handlers alone (no engine, no listing, no draws): %.2f us an action, where 2.5x the filed"
        " speed allows %.2f us for the whole action (listing, two draws, checking and applying, logging)"
        % (handlers, allowed)
    )
    FIGURES["core_vs_reference"] = ours / ref
    FIGURES["core_floor"] = (handlers, allowed)


def link_round_trip(actions=300):
    """Milliseconds for one apply request to come back, through `ultimus sim`'s pseudo-terminal: (median, p99)
    of the applies, and the median of a digest request after each (the digests kept since the apply)."""
    import re
    import signal

    from ultimus_host.client import LinkClient

    with tempfile.TemporaryDirectory() as state:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ultimus_host.cli", "sim", "--headless", "--state", state],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        try:
            assert proc.stdout is not None
            found = re.search(r"link on (\S+)", proc.stdout.readline())
            assert found is not None, "the virtual box did not say where its link is"
            port = found.group(1)
            client = LinkClient(port)
            client.call("new_game", players=2, seed=1, mode="box")
            for action in ({"a": "set_loudest", "p": 0}, {"a": "bets_placed"}):
                client.call("apply", action=action)
            for g in range(6):
                client.call("apply", action={"a": "place", "p": g % 2, "g": g})
            for p in range(2):
                client.call("apply", action={"a": "commit", "p": p, "shout": 1})
            times, digests = [], []
            for i in range(actions):  # seat 0 knocks Barbarus down and helps him up again
                action = {"a": "knock" if i % 2 == 0 else "stand", "p": 0, "g": 4}
                start = time.perf_counter()
                client.call("apply", action=action)
                middle = time.perf_counter()
                client.call("digest")
                times.append((middle - start) * 1000.0)
                digests.append((time.perf_counter() - middle) * 1000.0)
            client.close()
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
    median, p99 = _spread(times)
    return median, p99, _spread(digests)[0]


def balance_rate(games=20):
    """`balance` games per second (4 players, heuristic and random bots in turn, 1 battle) and the gold
    the heuristic seats end with per gold of the random seats."""
    from ultimus_host.games.ultimus.balance import play_game

    heuristic = random = 0
    start = time.perf_counter()
    for seed in range(games):
        game, _ = play_game(4, seed, ["heuristic", "random"])
        gold = game.state["gold"]
        heuristic += gold[0] + gold[2]
        random += gold[1] + gold[3]
    return games / (time.perf_counter() - start), heuristic / max(1, random)


def lookahead_share(players=4, games=10):
    """(ms a game in all, ms of it in the core's work for the lookahead) of heuristic bots: the time inside the
    sandbox's trials and listings (ultimus_host.games.ultimus.determinize.Sandbox), which try each option
    through the core."""
    from ultimus_host.games.ultimus import determinize
    from ultimus_host.games.ultimus.balance import play_game

    trial, listing = determinize.Sandbox.trial, determinize.Sandbox.legal_actions
    spent, clock = [0.0], time.perf_counter

    def timed(method):
        def wrapper(self, *args, **kwargs):  # whatever the method takes (trial took a listing, issue 34)
            t0 = clock()
            try:
                return method(self, *args, **kwargs)
            finally:
                spent[0] += clock() - t0

        return wrapper

    # Timed for this measurement only (put back below); the wrappers keep the signatures.
    determinize.Sandbox.trial = timed(trial)  # pyright: ignore[reportAttributeAccessIssue]
    determinize.Sandbox.legal_actions = timed(listing)  # pyright: ignore[reportAttributeAccessIssue]
    try:
        start = clock()
        for seed in range(games):
            play_game(players, 1000 + seed, ["heuristic"])
        total = clock() - start
    finally:
        determinize.Sandbox.trial, determinize.Sandbox.legal_actions = trial, listing
    return total * 1e3 / games, spent[0] * 1e3 / games


def heuristic_rate(players, games=20):
    """Games per second of heuristic bots only (1 battle) on one core: the CPU time of this process, so that
    other work on the machine does not count (the bots' lookahead is nearly all of a game's time)."""
    from ultimus_host.games.ultimus.balance import play_game

    start = time.process_time()
    for seed in range(games):
        play_game(players, 1000 + seed, ["heuristic"])
    return games / (time.process_time() - start)


PICO = 14  # how many times slower a Pico runs MicroPython than this PC's WebAssembly port (issue 24)
RELEASE_0_1_0 = "b6cdc2a99acc0eb8202e8285e4931388fe5699cf"  # the commit released as 0.1.0: the link's reference
LINK_RUNS = 3  # runs of tests/mpy/link_cost.py per version, interleaved; the median of each figure is printed
# Node's flags for link_cost.py: the port's WebAssembly compiled by V8's optimizing compiler, all of it before
# the script starts (V8 compiles a function lazily, on its first call, unless told not to: a C function the
# game first reached in a measured turn, list.pop(0) at the first pollice verso, cost that turn 0.2-0.5 ms of
# compiling), no V8 thread beside MicroPython's, and a young generation of V8's own heap large enough that it
# is never collected during a run (its scavenges, 1-2 ms, fell inside whichever turn ran then), so that the
# process's CPU time is MicroPython's own
NODE_FLAGS = [
    "--no-liftoff",
    "--no-wasm-lazy-compilation",
    "--single-threaded",
    "--min-semi-space-size=64",
    "--max-semi-space-size=64",
]


def extract_0_1_0(folder):
    """0.1.0's firmware and driver fakes, from this repository's history, into folder; None (and why) when
    there is no history to take them from (a tarball without .git, git missing)."""
    try:
        archive = subprocess.run(
            ["git", "-C", ROOT, "archive", RELEASE_0_1_0, "firmware", "host/ultimus_host"],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        return None, "0.1.0 (%s) is not in this copy's git history: %s" % (RELEASE_0_1_0[:7], exc)
    return folder, None


def link_cost(tree=None):
    """The figures of tests/mpy/link_cost.py (microseconds of MicroPython CPU), the median of LINK_RUNS runs,
    on a heap of the Pico's size: of this firmware, or of an extracted one (tree: its folder)."""
    runs = []
    worst = {}
    for _ in range(LINK_RUNS):
        cmd = node_command("link_cost.py", (40,), tree and os.path.join(tree, "firmware"))
        cmd[1:1] = NODE_FLAGS
        cmd[cmd.index("--") : cmd.index("--")] = ["--heap", "192k"]
        if tree:
            cmd[cmd.index("--") : cmd.index("--")] = ["--host", os.path.join(tree, "host", "ultimus_host")]
        lines = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout.split("\n")
        runs.append(dict(part.split("=") for part in lines[-2].split()))
        if lines[-3].startswith("worst="):  # the worst turn's request, and its microseconds in shell.apply
            seen = dict(part.split("=") for part in lines[-3].split())
            worst.setdefault(seen["worst"], []).append((int(runs[-1]["turn"]), int(seen["core"])))
    figures = {key: sorted(int(run[key]) for run in runs)[LINK_RUNS // 2] for key in runs[0]}
    # the request whose turn was the worst in most runs (its kind, and an apply's action), its turn's median
    # and the share of it in shell.apply
    name = max(sorted(worst), key=lambda name: len(worst[name])) if worst else "-"
    turns = sorted(worst.get(name, [(0, 0)]))
    figures["worst"], figures["worst_turn"], figures["worst_core"] = (name,) + turns[len(turns) // 2]
    return figures


LINK_ROWS = (
    ("apply", "apply, with its digests"),
    ("digest", "digest, after the apply (kept)"),
    ("fresh", "digest of a state a press changed"),
    ("state", "state"),
    ("log", "log, its first page (50 actions)"),
    ("resume", "power-on to hello, resuming"),
    ("resume_long", "the same, a whole game"),
    ("apply_turn", "longest loop turn: apply"),
    ("turn_digest", "longest loop turn: digest (kept)"),
    ("turn_fresh", "longest loop turn: digest, fresh"),
    ("turn_state", "longest loop turn: state"),
    ("turn_log", "longest loop turn: log"),
    ("turn_p90", "a request's longest loop turn, p90"),
    ("turn", "a request's longest loop turn, worst"),
)


def chip_figures():
    """Each link request's whole MicroPython CPU through the real link code (tests/mpy/link_cost.py), beside
    the same request of 0.1.0's code extracted from git, and what a Pico would take at PICO times."""
    ours = link_cost()
    with tempfile.TemporaryDirectory() as folder:
        tree, missing = extract_0_1_0(folder)
        old = link_cost(tree) if tree else None
    print(
        "link requests, whole, under MicroPython (CPU time of this process, through the real link code, a"
        " 6-station ULTIMUS box game on a heap of the Pico's size: the median of %d runs, each of %d actions after"
        " 15 unmeasured; a Pico at %dx; Node %s: the port's code compiled before it runs, no V8 thread"
        " beside it and no collection of V8's heap, so that the process's CPU is MicroPython's own):"
        % (LINK_RUNS, ours["actions"] - 15, PICO, " ".join(NODE_FLAGS))
    )
    if missing:
        print("  (%s: its column is left out)" % missing)
    print("  %-38s %12s %12s %14s %14s" % ("request", "this, us", "0.1.0, us", "Pico, ms", "0.1.0 Pico, ms"))
    for key, name in LINK_ROWS:
        if key == "resume_long":
            name += " (%s/%s actions)" % (ours["records"], old["records"] if old else "-")
        mine = ours[key]
        theirs = old[key] if old else None
        print(
            "  %-38s %12d %12s %14.1f %14s"
            % (
                name,
                mine,
                "-" if theirs is None else "%d" % theirs,
                mine * PICO / 1000.0,
                "-" if theirs is None else "%.1f" % (theirs * PICO / 1000.0),
            )
        )
    FIGURES["chip"] = (ours, old)


def digest_figures():
    """Both digests of a reply, computed and kept, beside digest format 1's: CPython here, then MicroPython."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))
    from digest_cache import measure

    cpython = measure(200)
    mpy = micropython("digest_cache.py", 50)
    print(
        "both digests of a reply (6 players, full game): computed %d us, kept %d us, digest format 1's (FNV-1a)"
        " %d us (CPython); MicroPython on this PC: %s us, kept %s us, format 1's %s us (a Pico, at %dx: about"
        " %.1f ms, format 1's %.1f ms)"
        % (
            cpython[0],
            cpython[1],
            cpython[2],
            mpy["uncached_us"],
            mpy["cached_us"],
            mpy["fnv_us"],
            PICO,
            int(mpy["uncached_us"]) * PICO / 1000.0,
            int(mpy["fnv_us"]) * PICO / 1000.0,
        )
    )


def allocation_figures():
    """Bytes allocated in steady play under MicroPython (tests/mpy/box_alloc.py, from mpy-cross output):
    per idle frame, per entry-only press with its frames, per applied action."""
    with tempfile.TemporaryDirectory() as mpy_dir:
        compile_all(mpy_dir)
        out = subprocess.run(
            node_command("box_alloc.py", (), mpy_dir), cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    games = {}
    for line in out.splitlines():
        if line.startswith("alloc "):
            games[line.split()[1]] = dict(part.split("=") for part in line.split()[2:])
    ultimus = games["ultimus"]
    FIGURES["alloc"] = (int(ultimus["idle"]), int(ultimus["entry"]))
    print(
        "MicroPython bytes allocated in steady play (ULTIMUS at CLAMO, the Pico's LED driver): %s per idle frame,"
        " %s per entry-only press with its frames (a wheel, +/-, MODE), %s per applied action (a wound: the"
        " core's new values and events, the journal record on the Pico's storage driver); Morituri's melee:"
        " %s per idle frame, %s per entry press; Ultimatum: %s per idle frame"
        % (
            ultimus["idle"],
            ultimus["entry"],
            ultimus["applied"],
            games["morituri"]["idle"],
            games["morituri"]["entry"],
            games["ultimatum"]["idle"],
        )
    )


def host_figures():
    echo = pty_echo()
    write = durable_write()
    median, p99, digest_ms = link_round_trip()
    FIGURES["link"] = (median, echo[0], write[0])
    print(
        "link round trip of one apply through the virtual box's pseudo-terminal: median %.2f ms, p99 %.2f ms;"
        " in the same run a bare echo on a pseudo-terminal: median %.2f ms, p99 %.2f ms (apply/echo: %.1fx),"
        " the apply's durable write alone (write and fsync of a journal record): median %.2f ms, p99 %.2f ms;"
        " a digest request after the apply: median %.2f ms"
        % (median, p99, echo[0], echo[1], median / max(echo[0], 0.001), write[0], write[1], digest_ms)
    )
    digest_figures()
    print(
        "balance: %.1f games/s (4 players, heuristic and random bots, 1 battle); the heuristic bots end with"
        " %.2fx the random bots' gold" % balance_rate()
    )
    rates = tuple(heuristic_rate(players) for players in (3, 4, 6))
    FIGURES["bots"] = min(rates)
    print(
        "heuristic bots only, per core (CPU time, 1 battle): %.1f games/s with 3 players, %.1f with 4, %.1f with 6"
        " (aim: 50)" % rates
    )
    game_ms, core_ms = lookahead_share()
    FIGURES["bots_ms"] = (game_ms, core_ms)
    print(
        "  of a 4-player game's %.1f ms, %.1f ms are the core trying and listing the bots' options (wall clock)"
        % (game_ms, core_ms)
    )


# The core's speed when the speed issue was filed: the reference loop was 3.6x faster than the core.
FILED_CORE_VS_REFERENCE = 1 / 3.6


def say(name, met, figure, limit, short=None):
    """One aim: met, or by how much it is missed (short) and what limits it."""
    missed = "" if met else "; " + (short + "; " if short else "") + limit
    print("  %-5s %s: %s%s" % ("met" if met else "NOT", name, figure, missed))


def game_speeds():
    """Each game's random play and bots under CPython, beside ULTIMUS's in the same run (tools/game_speed.py)."""
    import game_speed

    found = game_speed.figures()
    print("CPython %s, each game's speed (best of 3, CPU time):" % sys.version.split()[0])
    for line in game_speed.lines(found):
        print(line)
    FIGURES["games"] = found


def versus_figures():
    """Each game's random play against ac6268f's, and ULTIMUS's against OpenSpiel's pure-Python poker games, each
    in the same run, in turns (tools/versus.py); issue 32's aim for ULTIMUS: at least 1.15x ac6268f's."""
    import versus

    found = versus.against_then()
    for line in versus.then_lines(found) + versus.openspiel_lines(versus.against_openspiel()):
        print(line)
    FIGURES["then"] = found


def versus_aims():
    """Issue 32's aim beside the figures measured above: ULTIMUS's random play at least 1.15x ac6268f's."""
    import versus

    found = (FIGURES.get("then") or {}).get("ultimus")
    print("\naims (issue 32), from the figures above:")
    if found is None:
        print("  -     ULTIMUS against %s: not measured (see above)" % versus.THEN[:7])
        return
    ours, theirs, ratio, same = found
    say(
        "ULTIMUS's random play at least 1.15x %s's, the same games" % versus.THEN[:7],
        ratio >= 1.15 and same,
        "%.2fx (%.0f beside %.0f actions/s%s)" % (ratio, ours, theirs, "" if same else ", not the same games"),
        "what is left is the rules' own listing and handlers (an action's Python calls)",
        "%.2fx short" % (1.15 / ratio),
    )


def bots_speeds():
    """The bots' games/s beside those of issue 34's reference commit, measured in the same run (tools/bots_speed.py)."""
    import bots_speed

    found = bots_speed.figures()
    print(
        "the bots under CPython beside %s, each in a fresh process, in turn (best of 3, CPU time):"
        % bots_speed.REFERENCE[:7]
    )
    for line in bots_speed.lines(found):
        print(line)
    FIGURES["bots_speed"] = found


def bots_aims():
    """Issue 34's aim for the bots beside the figures measured above."""
    import bots_speed

    print("\naims (issue 34), from the figures above:")
    bots_speed.aims(FIGURES["bots_speed"], say)


def games_aims():
    """The speed aim of issue 25 beside the figures measured above."""
    import game_speed

    found = FIGURES["games"]
    reference = game_speed.reference()
    ref = found[reference][0]
    print("\naims (issue 25), from the figures above:")
    for name in found:
        if name == reference:
            continue
        ratio = found[name][0] / ref
        say(
            "%s's random play at least half of ULTIMUS's actions/s" % name,
            ratio >= 0.5,
            "%.0f actions/s, %.2fx ULTIMUS's %.0f" % (found[name][0], ratio, ref),
            "what is left is the rules' own checks and handlers (listing the options a draw needs, applying)",
            "%.1fx short" % (0.5 / ratio),
        )


def chip_aims():
    """The aims of the chip issue (24) beside the figures measured above."""
    f = FIGURES
    print("\naims (issue 24), from the figures above:")
    ours, old = f["chip"]
    say(
        "apply with its digests at most 2 ms of MicroPython CPU here",
        ours["apply"] <= 2000,
        "%.2f ms (a Pico: about %.0f ms)" % (ours["apply"] / 1000.0, ours["apply"] * PICO / 1000.0),
        "see the link rows above",
    )
    if old is not None:
        for key, name in LINK_ROWS[:6]:
            if key == "digest":
                continue  # kept: nothing to compare
            say(
                "%s at most 0.1.0's" % name,
                ours[key] <= old[key],
                "%d us beside %d us" % (ours[key], old[key]),
                "a busy machine moves these figures by 10-20 %: measure again when it is quiet",
                "%.0f %% over" % ((ours[key] - old[key]) * 100.0 / max(1, old[key])),
            )
    for key, what in (("turn_p90", "nine requests in ten"), ("turn", "every request")):
        say(
            "no request holds the loop more than 10 ms on a Pico (%s)" % what,
            ours[key] * PICO <= 10000,
            "%.1f ms at %dx (%d us here)" % (ours[key] * PICO / 1000.0, PICO, ours[key]),
            "the worst turn is %s's (%.1f ms at %dx in the run it was worst, %.1f ms of it in shell.apply: the"
            " action, its journal record and events; the longest turn of each kind above); an apply's digests"
            " are computed each in a turn after its action's, the box taking no press and stepping no"
            " countdown meanwhile (the protocol promises that they describe the state its action made)"
            % (
                ours["worst"],
                ours["worst_turn"] * PICO / 1000.0,
                PICO,
                ours["worst_core"] * PICO / 1000.0,
            ),
            "%.1f ms over" % ((ours[key] * PICO - 10000) / 1000.0),
        )
    total, used, free, largest = f["largest"]
    say(
        "largest free block over 16 KB after a whole game (.mpy, the Pico's heap)",
        largest > 16 * 1024,
        "%.1f KB (%.1f KB free of %.1f KB)" % (largest / 1024.0, free / 1024.0, total / 1024.0),
        "see heapblock's line",
    )


def aims():
    """Each aim of the speed issue beside the figure measured above: met, or how far and what limits it."""
    f = FIGURES
    print("\naims (issue 11), from the figures above:")

    median, echo, write = f["link"]
    say(
        "link round trip under 1 ms",
        median <= 1.0,
        "median %.2f ms (bare echo %.2f ms)" % (median, echo),
        "of it %.2f ms the durable write (write and fsync) before the reply, the rest the event loop, the"
        " JSON, the core and the digests; a busy machine adds to it (measure again when it is quiet)" % write,
        "%.2f ms over" % (median - 1.0),
    )
    idle, entry = f["alloc"]
    say(
        "0 bytes per idle frame and entry press",
        idle == 0 and entry == 0,
        "%d B per frame, %d B per press" % (idle, entry),
        "see allocation_figures",
    )
    peak, data = f["core_heap"]
    # An estimate: what importing the .mpy files added counts as code, though frozen modules still make
    # their function objects and globals in RAM.
    frozen = "the frozen image cannot be built here (the Node port loads .mpy): measure it on a Pico"
    say(
        "core peak heap under 64 KB, code loaded from .mpy",
        peak < 64,
        "%.1f KB, of it %.1f KB battle data" % (peak, data),
        "the bytecode of the .mpy files is in RAM; frozen into the firmware only the data counts",
        "%.1f KB over" % (peak - 64),
    )
    say("core peak heap under 64 KB, code frozen (estimate)", data < 64, "%.1f KB of battle data" % data, frozen)
    worst = max(f["app_heap"], key=lambda row: row[1])
    say(
        "box app with one game under 96 KB, code loaded from .mpy",
        worst[1] < 96,
        "largest %s %.1f KB, %.1f KB without the code" % worst,
        "the bytecode of the core, the app and the game is in RAM; frozen modules keep it in flash",
        "%.1f KB over" % (worst[1] - 96),
    )
    say(
        "box app with one game under 96 KB, code frozen (estimate)",
        worst[2] < 96,
        "largest %s %.1f KB" % (worst[0], worst[2]),
        frozen,
    )
    ratio = f["core_vs_reference"] / FILED_CORE_VS_REFERENCE
    handlers, allowed = f["core_floor"]
    say(
        "core 2.5x as fast as when the issue was filed",
        ratio >= 2.5,
        "%.2fx of the reference loop, %.1fx the filed %.2fx" % (f["core_vs_reference"], ratio, FILED_CORE_VS_REFERENCE),
        "the rules' handlers alone take %.2f us of the %.2f us an action may take in all; the %.2f us left would"
        " have to list the options with the rules' checks, draw twice, validate and log, for which the reference"
        " loop, with no rule at all, needs %.2f us"
        % (handlers, allowed, allowed - handlers, allowed * 2.5 * FILED_CORE_VS_REFERENCE),
        "%.1fx short" % (2.5 / ratio),
    )
    say(
        "50 games/s per core with heuristic bots",
        f["bots"] >= 50,
        "%.1f games/s at the slowest player count" % f["bots"],
        "the core's trials and listings for the lookahead alone take %.1f ms of a 4-player game's %.1f ms, where"
        " 50 games/s allow 20 ms in all: the %.1f ms left would have to play the game, sample the hidden cards and"
        " score the options, which take %.1f ms now; fewer trials would change the bots' choices, and so every"
        " figure of docs/balance.md"
        % (f["bots_ms"][1], f["bots_ms"][0], 20 - f["bots_ms"][1], f["bots_ms"][0] - f["bots_ms"][1]),
        "%.1fx short" % (50 / f["bots"]),
    )


if __name__ == "__main__":
    chip_figures()
    core_speed()
    game_speeds()
    bots_speeds()
    versus_figures()
    main()
    allocation_figures()
    host_figures()
    aims()
    chip_aims()
    games_aims()
    bots_aims()
    versus_aims()
