"""Golden saves and box journals of one version, for tests/test_golden.py.

Run this with the firmware and host of the version the files stand for on PYTHONPATH (a checkout of
its commit, `git worktree add --detach DIR COMMIT`), never this tree's, and write into
tests/data/vX.Y.Z of this tree:

    PYTHONPATH=DIR/firmware:DIR/host python tools/make_golden.py tests/data/v0.2.0

It writes, for every game the box referees (ultimusbox.games, read from that version):
- NAME.json: a saved game as `ultimus play` and the host save it (Game.to_data()), mid-game or over;
- NAME.jnl: a box journal (ultimusbox.journal, on fake flash) of a game in progress, made by the box
  shell itself (new_game, then one apply per action, as a host drives a box over the link);
and beside each file NAME.json.expected.json / NAME.jnl.expected.json: what that version made of it
(the digests, the phase, who acts, the resumed event for a journal) and one more legal action with
the digest after it, so that a later version can show that it replays, resumes and goes on the same.

`--expect FILE...` writes only the .expected.json of files already there (the saves and journal of
0.1.0, the older saves of 0.2.0), read by the version on PYTHONPATH.

The files of tests/data/v0.2.0 were made from 4d7a71a (the last commit before issue 21 moved the
games' files); those of v0.1.0 (b6cdc2a) were made by 0.1.0 itself (the saves by its tests, the journal
box-4p-seed61-mid.jnl by make_0_1_0 here), their .expected.json by 4d7a71a.
The actions are random legal ones from a generator seeded per case (CASES), with the referee's
"next" taken whenever it is offered (so that ULTIMUS plays on to its later battles). A journal of
CHECKPOINT_EVERY records or more comes with the checkpoint of the state the box wrote beside it
(NAME.jnl.ckp): a box updated to a firmware of the same version number resumes from it.
"""

import argparse
import importlib
import importlib.util
import json
import os
import random
import sys
import zlib

from ultimusbox.journal import FILE

OLDEST = importlib.util.find_spec("ultimusbox.app") is not None  # 0.1.0: ULTIMUS alone, its BoxApp (make_0_1_0)
if not OLDEST:  # 0.1.0 had neither: no other version is made with it
    from referee.engine import restore
    from ultimusbox import games

# file stem, game, what a host would send as new_game (the screen's link_setup splits it), kind, actions
# (None: until the game is over), the chooser's seed
CASES = (
    ("ultimus-full-3p-over", "ultimus", {"players": 3, "seed": 603, "mode": "full", "battles": 1}, "save", None, 3),
    ("ultimus-full-4p-mid", "ultimus", {"players": 4, "seed": 502, "mode": "full", "battles": 2}, "save", 120, 2),
    ("ultimus-box-3p-over", "ultimus", {"players": 3, "seed": 503, "mode": "box", "battles": 1}, "save", None, 3),
    ("ultimus-box-4p-mid", "ultimus", {"players": 4, "seed": 504, "mode": "box", "battles": 2}, "save", 70, 4),
    ("ultimus-box-4p", "ultimus", {"players": 4, "seed": 505, "battles": 2, "beginner": 1}, "jnl", 60, 5),
    ("ultimus-box-5p-ckp", "ultimus", {"players": 5, "seed": 506, "battles": 3}, "jnl", 130, 6),
    ("morituri-2p-over", "morituri", {"players": 2, "seed": 511, "figures": [["heavy"], ["light"]]}, "save", None, 11),
    (
        "morituri-3p-mid",
        "morituri",
        {"players": 3, "seed": 512, "figures": [["heavy"], ["light"], ["animal"]]},
        "save",
        15,
        12,
    ),
    (
        "morituri-3p",
        "morituri",
        {"players": 3, "seed": 513, "figures": [["light"], ["rhino"], ["heavy"]]},
        "jnl",
        15,
        13,
    ),
    ("ultimatum-2p-over", "ultimatum", {"players": 2, "seed": 520}, "save", None, 20),
    ("ultimatum-2p-mid", "ultimatum", {"players": 2, "seed": 521}, "save", 150, 21),
    ("ultimatum-3p", "ultimatum", {"players": 3, "seed": 522}, "jnl", 80, 22),
    ("munera-2p-over", "munera", {"gladiators": ["samnite", "retiarius"], "seed": 531}, "save", None, 31),
    ("munera-3p-mid", "munera", {"gladiators": ["gaul", "thracian", "murmillo"], "seed": 532}, "save", 60, 32),
    ("munera-2p", "munera", {"gladiators": ["secutor", "gaetulian"], "seed": 533}, "jnl", 50, 33),
    ("munera-2p-ckp", "munera", {"gladiators": ["retiarius", "murmillo"], "seed": 534}, "jnl", 120, 34),
    ("board-3p-over", "morituri_board", {"players": 3, "seed": 541, "last_alive": 1, "rejoin": 0}, "save", None, 41),
    ("board-4p-mid", "morituri_board", {"players": 4, "seed": 542, "last_alive": 0, "rejoin": 1}, "save", 60, 42),
    ("board-3p", "morituri_board", {"players": 3, "seed": 543, "last_alive": 1, "rejoin": 1}, "jnl", 50, 43),
)
OWN_CHOOSER = ("munera",)  # the games whose saves are played by their own random player (own_chooser)
STATIONS = {2: [1, 4], 3: [0, 2, 4], 4: [0, 1, 3, 4], 5: [0, 1, 2, 3, 5]}  # where the people sit round the box
LONGEST = 3000  # a game that is not over by then is not a small golden file: choose another seed


def choose(game, rng):
    """One random legal action of the seats who act now (or the referee's, "next" first), or None."""
    seats = list(game.actors())
    if seats:
        seat = rng.choice(seats)
        options = game.legal_actions(seat)
        if not options:
            raise SystemExit("seat %d acts but has no legal action in %s" % (seat, game.state["phase"]))
        return rng.choice(options)
    options = game.legal_actions(-1)
    for a in options:
        if a["a"] == "next":
            return a
    return rng.choice(options) if options else None


def own_chooser(game, seed):
    """The game's own random player (its randomplay module, as that version has it), for a bout that
    random legal play alone never ends (Munera's gladiators wander apart)."""
    from referee.rng import Rng

    module = games.load(game.rules.__name__.rsplit(".", 1)[0] + ".randomplay")
    rng = Rng(seed)
    pick = module.Chooser(game.state["players"]).choose if hasattr(module, "Chooser") else module.choose_action
    return lambda g, _: pick(g, rng)


def sensible_ultimatum(game, seed):
    """A whole Ultimatum game of the host's sensible bots (random play takes thousands of actions)."""
    try:
        bots = importlib.import_module("ultimus_host.games.ultimatum.bots")
        play = importlib.import_module("ultimus_host.games.ultimatum.play")
    except ImportError:  # before issue 21's one folder per game
        bots = importlib.import_module("ultimus_host.games.ultimatum_bots")
        play = importlib.import_module("ultimus_host.games.ultimatum_play")
    seats = [bots.SensibleBot(seed + p) for p in range(game.state["players"])]
    play.play_out(game, seats, max_actions=LONGEST)


def new_setup(name, request):
    """The set-up and box settings a box makes of a new_game request (the shell adds the generator)."""
    setup, box = games.screen_module(name).link_setup(dict(request))
    if "rng" not in setup:
        setup["rng"] = "sha256"
    return setup, box


def facts(game, rng):
    """What this version makes of a game: its digests and place, and one more legal action after it."""
    out = {
        "actions": len(game.log),
        "phase": game.state["phase"],
        "digest": game.digest(),
        "public": game.public_digest(),
        "to_act": list(game.actors()),
    }
    action = choose(game, rng)
    out["next"] = action
    if action is not None:
        game.apply(action)
        out["after"] = game.digest()
    return out


def make_save(name, request, count, rng, seed):
    setup, _ = new_setup(name, request)
    game = games.build(name, setup)
    if name == "ultimatum" and count is None:
        sensible_ultimatum(game, seed)
    pick = own_chooser(game, seed) if name in OWN_CHOOSER else choose
    while count is None or len(game.log) < count:
        action = pick(game, rng)
        if action is None:
            break
        game.apply(action)
        if len(game.log) > LONGEST:
            raise SystemExit("%s is not over after %d actions" % (name, LONGEST))
    if count is not None and len(game.log) < count:
        raise SystemExit("%s ended after %d actions, before the %d asked for" % (name, len(game.log), count))
    data = json.loads(json.dumps(game.to_data()))
    return (json.dumps(data) + "\n").encode()


def make_journal(name, request, count, rng, seed):
    from ultimus_host.fakes import FakeBoard, FakeStorage
    from ultimusbox.runtime import Box

    storage = FakeStorage()
    shell = Box(FakeBoard(storage), lambda: seed).shell
    setup, box = new_setup(name, request)
    players = games.build(name, setup).setup["players"]
    game = shell.new_game(name, setup, STATIONS[players], box)
    while len(game.log) < count:
        action = choose(game, rng)
        if action is None:
            raise SystemExit("%s ended after %d actions: a journal of a game in progress is wanted" % (name, count))
        shell.apply(action)
    return storage.files[FILE], storage.files.get(FILE + ".ckp")


def rules_of(name):
    """What referee.engine.restore takes for a game: its RULES (ultimusbox.games' rules_of, after issue
    21's one engine call per game) or, in the versions before it, its rules module (their rules_module)."""
    of = getattr(games, "rules_of", None)
    return of(name) if of is not None else vars(games)["rules_module"](name)


def expect_save(path, rng):
    with open(path) as f:
        data = json.load(f)
    name = data.get("game", "ultimus")
    return facts(restore(rules_of(name), data), rng)


def expect_journal(path, rng):
    """The box resumed from the journal at power-on, as that version does it."""
    from ultimus_host.fakes import FakeBoard, FakeStorage
    from ultimusbox.runtime import Box

    storage = FakeStorage()
    with open(path, "rb") as f:
        storage.files[FILE] = f.read()
    if os.path.exists(path + ".ckp"):
        with open(path + ".ckp", "rb") as f:
            storage.files[FILE + ".ckp"] = f.read()
    shell = Box(FakeBoard(storage), lambda: 1).shell
    if shell.game is None or shell.notice is not None:
        raise SystemExit("%s: the box did not resume it (%r)" % (path, shell.notice))
    out = {"game": shell.playing, "resumed": shell.resumed_event()}
    out.update(facts(shell.game, rng))
    return out


def write_expected(path, seed):
    rng = random.Random(seed)
    out = expect_journal(path, rng) if path.endswith(".jnl") else expect_save(path, rng)
    with open(path + ".expected.json", "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("%s: %d actions, %s, digest %s" % (os.path.basename(path), out["actions"], out["phase"], out["digest"]))


def make_0_1_0(out):
    """0.1.0's box journal of a game in progress (format 1: {"setup", "box"} and no checksum kinds)."""
    from ultimus_host.fakes import FakeClock, FakeStorage

    storage = FakeStorage()
    app = importlib.import_module("ultimusbox.app").BoxApp(storage, FakeClock(), lambda: 61)
    game = app.new_game(4, 61, "box", 2, [0, 2, 3, 5], 0)
    rng = random.Random(61)
    while len(game.log) < 70:
        app.apply(choose(game, rng))
    path = os.path.join(out, "box-4p-seed61-mid.jnl")
    with open(path, "wb") as f:
        f.write(storage.files[FILE])
    print("%s: %d actions, %s (its .expected.json: --expect with a later version)" % (path, 70, game.phase))


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Golden saves and box journals of one version, for tests/test_golden.py."
    )
    parser.add_argument("out", nargs="?", help="the folder of this version's files, e.g. tests/data/v0.2.0")
    parser.add_argument("--expect", nargs="*", metavar="FILE", help="only the .expected.json of these files")
    args = parser.parse_args(argv)
    if args.expect is not None:
        for path in args.expect:
            write_expected(path, zlib.crc32(os.path.basename(path).encode()))  # the same choice on every run
        return 0
    if not args.out:
        parser.error("the folder to write is needed")
    os.makedirs(args.out, exist_ok=True)
    if OLDEST:
        make_0_1_0(args.out)
        return 0
    for stem, name, request, kind, count, seed in CASES:
        if games.find(name) is None:
            continue  # a game this version did not referee yet
        rng = random.Random(seed)
        checkpoint = None
        if kind == "save":
            data = make_save(name, request, count, rng, seed)
        else:
            data, checkpoint = make_journal(name, request, count, rng, seed)
        path = os.path.join(args.out, "%s.%s" % (stem, "json" if kind == "save" else "jnl"))
        with open(path, "wb") as f:
            f.write(data)
        if checkpoint is not None:
            with open(path + ".ckp", "wb") as f:
                f.write(checkpoint)
        write_expected(path, seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
