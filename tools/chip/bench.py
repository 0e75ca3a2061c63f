"""The chip bench: every game of the box's registry played on an emulated RP2040, from a cold boot, over the link.

    python tools/chip/bench.py --image RPI_PICO.uf2 [--frozen FROZEN.uf2] [--compare REF [--compare-frozen F.uf2]]
                               [--games a,b] [--max-actions N] [--cuts N] [--seed S] [--json OUT]

--image: a stock MicroPython image; the firmware goes on its file system as `make flash` lays it (.mpy).
--frozen: an image with the firmware frozen in (firmware/manifest.py), run on an empty file system.
--compare REF: the same for the firmware of a git revision (0.1.0 is `v0.1.0`), in the same run: REF's
firmware files (git archive) compiled with this tree's mpy-cross on the same stock image; with
--compare-frozen, REF's frozen image too.

For each game (ultimusbox.games, never a hand list) and each way: a fresh flash, power on, `hello`, a
`new_game` with the set-up of the game's random play (its rules' randomplay: the box's own mode where a
game has modes), then every action of that game over `apply`, each reply's digest compared with CPython's
(the same core here). Then the plug is pulled and the box resumes (power-on to hello). Then --cuts power
cuts per game, each at a chosen flash operation of an apply (half of them torn: the operation stops half
way), each followed by a power-on: the box must hold every acknowledged action and nothing else (lost:
fewer than acknowledged; invented: more than acknowledged plus the one in flight, or another digest).

Times are the chip's (tools/chip/harness.py): flash erase and program times are not modelled unless
--erase-ms/--program-ms say so. "busy" is the longest stretch the core ran without sleeping (WFE/WFI)
while the request was under way: an upper bound on the event loop's longest turn, equal to it when the
loop has nothing else ready.
"""

import argparse
import inspect
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
PLAYERS = 4  # seats of a game whose random play takes a player count

import layout  # noqa: E402  (imports nothing of a tree)
from layout import ChipError  # noqa: E402

# What the tree under measure gives, imported by _load once --rev has chosen the tree (ULTIMUS_CHIP_TREE)
harness: Any = None
Chip: Any = None
Game: Any = None
Rng: Any = None
games: Any = None


def _load():
    """Import the harness and the rules of the tree under measure (ULTIMUS_CHIP_TREE, else this checkout)."""
    global harness, Chip, Game, Rng, games
    import harness as _harness

    from referee.engine import Game as _Game
    from referee.rng import Rng as _Rng
    from ultimusbox import games as _games

    harness, Chip, Game, Rng, games = _harness, _harness.Chip, _Game, _Rng, _games


def revision(ref):
    """A git revision; "0.1.0" is the commit released as 0.1.0 (tools/bench.py's RELEASE_0_1_0)."""
    if ref == "0.1.0":
        with open(os.path.join(ROOT, "tools", "bench.py")) as f:
            found = re.search(r'^RELEASE_0_1_0 = "([0-9a-f]+)"', f.read(), re.M)
        if found:
            return found.group(1)
    return ref


def snapshot(ref, folder):
    """The files of a git revision (firmware/, host/, tools/compile_firmware.py) under folder/tree."""
    tree = os.path.join(folder, "tree")
    os.makedirs(tree, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", ROOT, "archive", revision(ref), "firmware", "host", "tools/compile_firmware.py"],
        capture_output=True,
    )
    if archive.returncode:
        raise ChipError("git archive %s failed: %s" % (ref, archive.stderr.decode().strip()))
    subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
    return tree


def randomplay(name):
    """The rules' random play of a game of the registry: games.<name>.randomplay."""
    return games.load(games.find(name)[2].rsplit(".", 1)[0] + ".randomplay")


def setup_of(name, seed):
    """The set-up of a game of `name` as its random play makes one (the box's own mode where a game has
    modes; PLAYERS seats where it takes a count), without the digest's generator (the box adds it)."""
    module = randomplay(name)
    params = inspect.signature(module.play).parameters
    args = {"seed": seed}
    if "players" in params:
        args["players"] = PLAYERS
    if "mode" in params:
        args["mode"] = "box"  # the box's own mode, where a game has modes (ULTIMUS)
    if "max_actions" in params:
        args["max_actions"] = 0
    return {k: v for k, v in module.play(**args).setup.items() if k != "rng"}


def chooser(name, game):
    """choose(game, rng): the random play's own choice of the next action (None: nothing left)."""
    module = randomplay(name)
    if hasattr(module, "choose_action"):
        return module.choose_action
    return module.Chooser(game.state["players"]).choose  # a random play that remembers (the board game)


def box_setup(chip, name):
    """The set-up the box plays (its defaults filled in), from the referee's log."""
    reply = chip.request("log")
    if reply is None or not reply.get("ok"):
        raise ChipError("the box did not give its log after new_game (%r)" % (reply and reply.msg))
    return reply["setup"]


def _spread(values):
    if not values:
        return None, None
    return statistics.median(values), max(values)


class Run:
    """One game on one chip: what was measured."""

    def __init__(self, name, way):
        self.name, self.way = name, way
        self.started = None  # True: the first new_game; an int: the retry that started it; False: never
        self.start_error: Any = None
        self.boot_ms = None
        self.new_game_ms = None
        self.actions = 0
        self.whole = False
        self.mismatches = 0
        self.checked = True  # whether the digests were compared with CPython's (not for another revision)
        self.apply_ms = []
        self.busy_ms = []
        self.step_ms = []  # the loop probe's longest task step of each apply
        self.gc_largest = []
        self.gc_free = []
        self.resume_ms = None
        self.resume_actions = None
        self.cuts = 0
        self.torn = 0
        self.lost = 0
        self.invented = 0
        self.refused = []
        self.errors = []  # what went wrong after the start (a resume, the power cuts), one line each
        self.noise = []  # lines of the box that are not the link's (a traceback)
        self.image_end = None
        self.fs_offset = None  # where the image's board keeps the file system
        self.erases = 0

    def row(self):
        med, worst = _spread(self.apply_ms)
        return {
            "game": self.name,
            "way": self.way,
            "starts": self.started,
            "start_error": self.start_error,
            "boot_ms": self.boot_ms,
            "new_game_ms": self.new_game_ms,
            "actions": self.actions,
            "whole": self.whole,
            "mismatches": self.mismatches if self.checked else None,
            "apply_median_ms": med,
            "apply_max_ms": worst,
            "busy_max_ms": max(self.busy_ms) if self.busy_ms else None,
            "step_max_ms": max(self.step_ms) if self.step_ms else None,
            "step_median_ms": statistics.median(self.step_ms) if self.step_ms else None,
            "refused": self.refused[:3],
            "errors": self.errors,
            "noise": self.noise[-12:],
            "gc_count": len(self.gc_largest),
            "gc_largest_min": min(self.gc_largest) if self.gc_largest else None,
            "gc_largest_median": statistics.median(self.gc_largest) if self.gc_largest else None,
            "resume_ms": self.resume_ms,
            "resume_actions": self.resume_actions,
            "cuts": self.cuts,
            "torn": self.torn,
            "lost": self.lost,
            "invented": self.invented,
            "erases_per_action": self.erases / self.actions if self.actions else None,
            "image_end": self.image_end,
            "fs_offset": self.fs_offset,
        }


def boot(chip):
    """Power on, wait for USB, `hello`: its reply (the time from power-on is reply.got_us)."""
    chip.power_on()
    chip.wait_connected()
    reply = chip.request("hello")
    if reply is None or not reply.get("ok"):
        raise ChipError("the box did not answer hello after power-on (%r)" % (reply and reply.msg))
    return reply


def start(chip, run, name, setup, retries=3):
    """The first new_game, and up to `retries` more a second apart; the reply that started it, or None."""
    for attempt in range(retries + 1):
        chip.stats(reset=True)
        reply = chip.request("new_game", game=name, **setup)
        if reply is not None and reply.get("ok"):
            run.started = True if attempt == 0 else attempt
            run.new_game_ms = reply.ms
            return reply
        if reply is not None and run.start_error is None:
            run.start_error = reply.get("error", {}).get("message")
        chip.run(1000)
    run.started = False
    return None


def collect_gc(chip, run, reset=True):
    stats = chip.stats(reset=reset)
    for sample in stats["gc"]:
        run.gc_largest.append(sample["largest"])
        run.gc_free.append(sample["free"])
    return stats


def play(chip, run, name, local, seed, max_actions):
    """A game of the random play over `apply`, each reply's digest compared with the local game's; the actions."""
    choose = chooser(name, local)
    rng = Rng(seed ^ 0x5EED)
    played = []
    while len(played) < max_actions and local.state.get("phase") != "over":
        action = choose(local, rng)
        if action is None:
            break
        chip.stats(reset=True)
        reply = chip.request("apply", action=action)
        chip.settle()  # the task step that wrote the reply may go on: its length counts
        stats = collect_gc(chip, run, reset=False)
        if reply is None:
            raise ChipError("the box stopped during an apply (%s)" % chip.status.get("why"))
        if not reply.get("ok"):
            run.refused.append((len(played), reply.get("error")))
            break
        local.apply(action)
        played.append(action)
        run.apply_ms.append(reply.ms)
        run.busy_ms.append(stats["busy_max_us"] / 1000.0)
        if stats["probe"]:
            run.step_ms.append(stats["probe"]["step_max_us"] / 1000.0)
        if reply.get("digest") != local.digest() or reply.get("actions") != len(local.log):
            run.mismatches += 1
    run.actions = len(played)
    run.whole = local.state.get("phase") == "over"
    run.erases = chip.stats()["ops"]["erase"]
    return played


def resume(chip, run, referee, local):
    """Pull the plug between actions and power on: the time to hello, and the resumed game's digest."""
    reply = boot(chip)
    run.resume_ms = reply.got_us / 1000.0
    if referee:  # 0.1.0 had no eyes: every link was its referee
        chip.request("auth", token=referee)
    digest = chip.request("digest")
    run.resume_actions = digest.get("actions") if digest else None
    if digest is None or digest.get("digest") != local.digest():
        run.mismatches += 1


def power_cuts(chip, run, name, setup, actions, cuts, rng, local):
    """`cuts` power cuts at chosen flash operations of applies spread over the game, half of them torn.
    local: CPython's game to check the box's digests against, or None for a firmware of another revision
    (then only the box's own digests, from its replies, are compared)."""
    boot(chip)
    reply = start(chip, Run(name, run.way), name, setup)  # a box may need its retries, as in the measured run
    if reply is None:
        run.errors.append("power cuts: no new_game started the game")
        return
    referee = reply.get("referee")
    said = {0: reply.get("digest")}  # the box's digest after each count of actions, from its replies
    at = sorted(rng.below(len(actions)) for _ in range(cuts)) if actions else []
    armed = None  # a cut set and not reached yet: it stays set into the next applies
    i = 0
    while i < len(actions):
        if armed is None and at and at[0] <= i:
            at.pop(0)
            armed = rng.below(2) == 1
            chip.cut_at(1 + rng.below(3), armed)
        reply = chip.request("apply", action=actions[i])
        if reply is None:  # the power went during the apply
            run.cuts += 1
            run.torn += armed
            armed = None
            boot(chip)
            if referee:
                chip.request("auth", token=referee)
            digest = chip.request("digest")
            held = digest.get("actions", -1) if digest else -1
            if held < i:
                run.lost += 1
                return
            if held > i + 1:
                run.invented += 1
                return
            if local is not None and held == i + 1:
                local.apply(actions[i])
            expected = local.digest() if local is not None else said.get(held, digest.get("digest"))
            if digest.get("digest") != expected:
                run.invented += 1  # another game than the one acknowledged
                return
            said[held] = digest.get("digest")
            i = held
            continue
        if not reply.get("ok"):
            run.errors.append("power cuts: action %d refused: %r" % (i, reply.get("error")))
            return
        if local is not None:
            local.apply(actions[i])
        i += 1
        said[i] = reply.get("digest")
    chip.cut_at(0)


def bench_game(image, frozen, name, way, args, fs=None):
    run = Run(name, way)
    run.checked = fs is None  # this tree's firmware: its digests are CPython's here
    setup = setup_of(name, args.seed)
    chip = Chip(
        image,
        bootrom=args.bootrom,
        frozen=frozen,
        fs=fs,
        erase_ms=args.erase_ms,
        program_ms=args.program_ms,
        probe=not args.no_probe,
    )
    try:
        run.image_end = chip.image_end
        run.fs_offset = chip.fs_offset
        hello = boot(chip)
        run.boot_ms = hello.got_us / 1000.0
        collect_gc(chip, run)
        if name not in (hello.get("games") or ["ultimus"]):
            run.started = None
            run.start_error = "this firmware does not referee %s" % name
            return run
        reply = start(chip, run, name, setup)
        if reply is None:
            return run
        setup_played = box_setup(chip, name)
        local = Game(games.rules_of(name), setup_played)
        if reply.get("digest") != local.digest():
            run.mismatches += 1
        played = play(chip, run, name, local, args.seed, args.max_actions)
        try:
            resume(chip, run, reply.get("referee"), local)
        except ChipError as exc:
            run.errors.append("resume: %s" % exc)
        if args.cuts:
            fresh = Chip(image, bootrom=args.bootrom, frozen=frozen, fs=fs, probe=not args.no_probe)
            try:
                checked = Game(games.rules_of(name), setup_played) if fs is None else None
                power_cuts(fresh, run, name, setup, played, args.cuts, Rng(args.seed ^ 0xC07), checked)
            except ChipError as exc:
                run.errors.append("power cuts: %s" % exc)
            finally:
                fresh.close()
    except ChipError as exc:
        run.errors.append(str(exc))
    finally:
        run.noise = [text for _, text in chip.noise]
        chip.close()
    return run


def firmware_of(ref, folder):
    """The firmware of a git revision, compiled as `make flash` would: {path on the Pico: bytes}."""
    tree = snapshot(ref, os.path.join(folder, "compare"))
    return layout.firmware_image(tree=tree)[1]


def ways(args, folder):
    """(label, image, frozen, fs) of each way asked for."""
    out: list = [("mpy", args.image, False, None)] if args.image else []
    if args.frozen:
        out.append(("frozen", args.frozen, True, None))
    if args.compare:
        if args.image:
            out.append(("%s mpy" % args.compare, args.image, False, firmware_of(args.compare, folder)))
        if args.compare_frozen:
            out.append(("%s frozen" % args.compare, args.compare_frozen, True, {}))
    return out


def _ms(v):
    return "-" if v is None else "%.1f" % v


def _kb(v):
    return "-" if v is None else "%d" % v


def table(rows):
    head = "%-15s %-13s %-7s %8s %6s %7s %7s %7s %9s %5s %8s %8s %7s %8s %9s" % (
        "game",
        "way",
        "starts",
        "actions",
        "equal",
        "apply~",
        "applyX",
        "busyX",
        "blk min",
        "GCs",
        "blk med",
        "boot",
        "resume",
        "cuts",
        "lost/inv",
    )
    lines = [head]
    for r in rows:
        said = r["starts"]  # True, False, None, or the retry that started it (1 == True: no dict lookup)
        starts = "yes" if said is True else "NO" if said is False else "-" if said is None else "retry%d" % said
        actions = "%d%s" % (r["actions"], "" if r["whole"] else "*")
        lines.append(
            "%-15s %-13s %-7s %8s %6s %7s %7s %7s %7s %9s %5d %8s %8s %7s %8s %9s"
            % (
                r["game"][:15],
                r["way"][:13],
                starts,
                actions,
                "-" if r["mismatches"] is None else "yes" if not r["mismatches"] else "NO %d" % r["mismatches"],
                _ms(r["apply_median_ms"]),
                _ms(r["apply_max_ms"]),
                _ms(r["busy_max_ms"]),
                _ms(r["step_max_ms"]),
                _kb(r["gc_largest_min"]),
                r["gc_count"],
                _kb(r["gc_largest_median"]),
                _ms(r["boot_ms"]),
                _ms(r["resume_ms"]),
                "%d(%dt)" % (r["cuts"], r["torn"]),
                "%d/%d" % (r["lost"], r["invented"]),
            )
        )
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--image", help="a stock MicroPython .uf2 for RPI_PICO (the firmware as .mpy files)")
    parser.add_argument("--frozen", help="a .uf2 with the firmware frozen in (firmware/manifest.py)")
    parser.add_argument("--rev", help="measure this git revision's firmware and rules (default: the checkout as it is)")
    parser.add_argument("--compare", help="a git revision to measure beside (0.1.0: the commit released as 0.1.0)")
    parser.add_argument("--compare-frozen", help="a frozen .uf2 of the --compare revision")
    parser.add_argument("--bootrom", help="the RP2040 B1 bootrom (default: $ULTIMUS_CHIP_BOOTROM)")
    parser.add_argument("--games", help="a comma-separated part of the registry (default: every game)")
    parser.add_argument("--max-actions", type=int, default=300, help="actions of a game at most (default 300)")
    parser.add_argument("--cuts", type=int, default=0, help="power cuts per game and way (default 0)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--erase-ms", type=float, default=0.0, help="a 4 KB erase's time (default 0: not modelled)")
    parser.add_argument("--program-ms", type=float, default=0.0, help="a 256-byte page's time (default 0)")
    parser.add_argument("--no-probe", action="store_true", help="no loop probe (tools/chip/probe.py as /boot.py)")
    parser.add_argument("--json", help="write the rows here too")
    args = parser.parse_args(argv)
    keep = tempfile.TemporaryDirectory()
    try:
        if args.rev:
            os.environ["ULTIMUS_CHIP_TREE"] = snapshot(args.rev, keep.name)
        _load()
        if not args.image and not args.frozen:
            raise ChipError("name an image: --image (a stock MicroPython .uf2) or --frozen (the firmware frozen in)")
        for extra in (args.image, args.frozen, args.compare_frozen):
            if extra:
                harness.check_image(extra)
        harness.find_bootrom(args.bootrom)
        names = games.names()
        if args.games:
            asked = args.games.split(",")
            unknown = [n for n in asked if n not in names]
            if unknown:
                raise ChipError("no game %s in the registry (%s)" % (", ".join(unknown), ", ".join(names)))
            names = [n for n in names if n in asked]
        rows = []
        with tempfile.TemporaryDirectory() as folder:
            for label, image, frozen, fs in ways(args, folder):
                for name in names:
                    row = bench_game(image, frozen, name, label, args, fs).row()
                    rows.append(row)
                    print(table([row])[1], flush=True)
    except ChipError as exc:
        print("chip: %s" % exc, file=sys.stderr)
        return 1
    finally:
        keep.cleanup()
    print()
    print("\n".join(table(rows)))
    for r in rows:
        said = ([r["start_error"]] if r["start_error"] else []) + r["errors"]
        said += ["refused %r" % (r["refused"],)] if r["refused"] else []
        for line in said:
            print("  %s, %s: %s" % (r["game"], r["way"], line))
        if r["noise"]:
            print("  %s, %s, the box printed: %s" % (r["game"], r["way"], " | ".join(r["noise"][-6:])))
    end = [(r["image_end"], r["fs_offset"]) for r in rows if r["way"] == "frozen" and r["image_end"]]
    if end:
        print(
            "frozen image: %d bytes of flash before the file system at %d: %d bytes left"
            % (end[0][0], end[0][1], end[0][1] - end[0][0])
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
