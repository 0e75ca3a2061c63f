"""Nothing a user has is lost: every golden save and box journal of every earlier version goes on the same.

tests/data/vX.Y.Z/ holds what version X.Y.Z wrote (saved games as the host saves them, box journals as
the box writes them) and, beside each file, FILE.expected.json: what that version made of it (written
by tools/make_golden.py, which says from which commit): the digests, the phase, the seats to act, the
box's resumed event for a journal, and one more legal action with the digest after it. Every file
must restore (a save) or resume on the box at power-on (a journal) to the same, and go on: the next
action is legal again and leads to the same digest. The journals are resumed under MicroPython too
(tests/mpy/golden_resume.py), as a Pico resumes them. A journal long enough to have a checkpoint of
the state beside it (FILE.ckp) is resumed with it, as the box that wrote it would be after an update:
a firmware that takes it (same version number) must come to the state the journal alone replays to.
"""

import glob
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from mprun import node_command  # noqa: E402
from referee import engine  # noqa: E402
from ultimus_host import registry  # noqa: E402
from ultimus_host.fakes import FakeBoard, FakeStorage  # noqa: E402
from ultimusbox import games  # noqa: E402
from ultimusbox.journal import FILE, decode  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402

DATA = os.path.join(ROOT, "tests", "data")
GOLDEN = sorted(p[: -len(".expected.json")] for p in glob.glob(os.path.join(DATA, "v*", "*.expected.json")))
SAVES = [p for p in GOLDEN if p.endswith(".json")]
JOURNALS = [p for p in GOLDEN if p.endswith(".jnl")]


def name_of(path):
    return os.path.relpath(path, DATA)


def expected(path):
    with open(path + ".expected.json") as f:
        return json.load(f)


def same_place(game, want):
    """The game stands where the version that wrote the file left it."""
    assert len(game.log) == want["actions"]
    assert game.state["phase"] == want["phase"]
    assert (game.digest(), game.public_digest()) == (want["digest"], want["public"])
    assert list(game.actors()) == want["to_act"]


def legal_now(game, action):
    """Whether some seat (or the referee) may take the action now, as the legal listing says."""
    seats = list(game.actors()) + [-1]
    return any(action in game.legal_actions(seat) for seat in seats)


def _version(text):
    return tuple(int(n) for n in text.lstrip("v").split("."))


def test_every_version_and_every_game_has_golden_files():
    """Each version's folder holds saves and journals of every game the registry says it held (a game's
    HostGame(golden=...): the version whose files first hold it), and of no other."""
    versions = sorted({name_of(p).split(os.sep)[0] for p in GOLDEN}, key=_version)
    assert versions[:2] == ["v0.1.0", "v0.2.0"]
    for version in versions:
        held = sorted(h.name for h in registry.every() if h.golden and _version(h.golden) <= _version(version))
        made = [expected(p).get("game") or _saved_game(p) for p in GOLDEN if name_of(p).startswith(version)]
        journals = [expected(p).get("game", games.DEFAULT) for p in JOURNALS if name_of(p).startswith(version)]
        for what, found in (("saves and journals", made), ("journals", journals)):
            lacking = sorted(set(held) - set(found))
            assert not lacking, "tests/data/%s has no %s of %s (tools/make_golden.py)" % (
                version,
                what,
                ", ".join(lacking),
            )
        assert sorted(set(made)) == held, version
    assert [p for p in JOURNALS if expected(p)["next"] is not None], "no journal of a game in progress"


def _saved_game(path):
    with open(path) as f:
        return json.load(f).get("game", games.DEFAULT)  # 0.1.0's saves name no game


@pytest.mark.parametrize("path", SAVES, ids=name_of)
def test_a_golden_save_restores_to_the_same_digests_and_goes_on(path):
    want = expected(path)
    with open(path) as f:
        data = json.load(f)
    game = engine.restore(games.rules_of(data.get("game", games.DEFAULT)), data)  # checks its own digest too
    same_place(game, want)
    if want["next"] is None:  # over: nobody, not even the referee, has anything to do
        assert not game.actors() and not game.legal_actions(-1)
        return
    assert legal_now(game, want["next"])
    game.apply(want["next"])
    assert game.digest() == want["after"]


def checkpoint_of(path):
    if not os.path.exists(path + ".ckp"):
        return None
    with open(path + ".ckp", "rb") as f:
        return f.read()


def renewed(notice):
    """A journal saved before the box drew its tokens at random (0.2, 0.3: they followed from the seed) resumes
    with fresh tokens, and says so; nothing else is to be said of a golden journal."""
    return notice is not None and notice["e"] == "tokens_renewed" and notice["file"] is None


def resumed_box(data, checkpoint=None):
    storage = FakeStorage()
    storage.files[FILE] = data
    if checkpoint is not None:
        storage.files[FILE + ".ckp"] = checkpoint
    return storage, Box(FakeBoard(storage), lambda: 1).shell


@pytest.mark.parametrize("path", JOURNALS, ids=name_of)
def test_a_golden_journal_resumes_on_the_box_to_the_same_digests_and_goes_on(path):
    want = expected(path)
    with open(path, "rb") as f:
        data = f.read()
    storage, shell = resumed_box(data, checkpoint_of(path))
    assert renewed(shell.notice) and shell.playing == want["game"]
    assert shell.resumed_event() == want["resumed"]
    same_place(shell.game, want)
    assert storage.files[FILE] == data  # resuming rewrites nothing
    if want["next"] is None:
        return
    assert legal_now(shell.game, want["next"])
    shell.apply(want["next"])
    assert shell.game.digest() == want["after"]
    added = storage.files[FILE][len(data) :]
    assert storage.files[FILE].startswith(data) and decode(added) is not None  # one more record, appended
    _, again = resumed_box(storage.files[FILE])  # and the box resumes the longer journal to the same
    assert renewed(again.notice) and again.game.digest() == want["after"]


@pytest.mark.parametrize("path", [p for p in JOURNALS if checkpoint_of(p)], ids=name_of)
def test_a_golden_journals_checkpoint_resumes_to_the_state_the_journal_alone_replays_to(path):
    with open(path, "rb") as f:
        data = f.read()
    checkpoint = checkpoint_of(path)
    assert checkpoint is not None and decode(checkpoint)["count"] < expected(path)["actions"]
    _, with_it = resumed_box(data, checkpoint)
    _, without = resumed_box(data)
    assert renewed(with_it.notice) and renewed(without.notice)
    assert with_it.game.state == without.game.state  # a state layout changed under one version number fails here


@pytest.mark.parametrize("path", GOLDEN, ids=name_of)
def test_ultimus_replay_reads_every_golden_file_to_its_digest(path):
    """What a person does with a game kept aside (game-N.jnl) or saved: `ultimus replay FILE`."""
    from click.testing import CliRunner

    from ultimus_host.cli import main

    want = expected(path)
    result = CliRunner().invoke(main, ["replay", path])
    assert result.exit_code == 0, result.output
    assert "%d actions replayed" % want["actions"] in result.output
    assert "digest %s" % want["digest"] in result.output


def resume_line(path, action):
    """What the box prints under MicroPython after resuming the journal at `path` and applying `action`."""
    proc = subprocess.run(
        node_command("golden_resume.py", (json.dumps(action),), None, path),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


@pytest.mark.parametrize("path", JOURNALS, ids=name_of)
def test_a_golden_journal_resumes_to_the_same_digests_under_micropython(path):
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    want = expected(path)
    lines = resume_line(path, want["next"])
    assert lines[0] == "resume game=%s actions=%d phase=%s digest=%s public=%s notice=tokens_renewed" % (
        want["game"],
        want["actions"],
        want["phase"],
        want["digest"],
        want["public"],
    )
    assert json.loads(lines[1]) == want["resumed"]
    assert lines[2] == "after %s" % want.get("after", "-")
