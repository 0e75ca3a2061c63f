"""The emulated chip (tools/chip): the parts that need no MicroPython image run everywhere; the box on an
emulated RP2040 runs when an image is given (CI has none, and no bootrom: those tests are skipped).

    ULTIMUS_CHIP_IMAGE=RPI_PICO-v1.27.0.uf2 ULTIMUS_CHIP_BOOTROM=bootrom-b1.bin pytest tests/test_chip.py
    (ULTIMUS_CHIP_FROZEN_IMAGE=frozen.uf2 as well: the frozen image of this tree's firmware)

The flash hook and the power cut are tested without either: a made-up bootrom whose function table names
two `bx lr` routines, and a made-up image of a few Thumb instructions that call them (erase a block of the
file system, program a page), as MicroPython's LittleFS driver does through the SDK.
"""

import json
import os
import struct
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHIP = os.path.join(ROOT, "tools", "chip")
sys.path.insert(0, CHIP)

import harness  # noqa: E402
import layout  # noqa: E402

from lfs_volume import GEOMETRY as PICO_GEOMETRY  # noqa: E402

IMAGE = os.environ.get("ULTIMUS_CHIP_IMAGE")
FROZEN_IMAGE = os.environ.get("ULTIMUS_CHIP_FROZEN_IMAGE")
BOOTROM = os.environ.get(harness.BOOTROM_ENV)
ERASE_AT, PROGRAM_AT = 0x100, 0x104  # the made-up bootrom's two flash routines


# --- the file system as `make flash` lays it -----------------------------------------------------------
def test_the_file_system_sits_where_the_rp2_port_puts_it():
    assert layout.FS_OFFSET == 0xA0000 == 655360  # 2 MB - 1408 KB (RPI_PICO's MICROPY_HW_FLASH_STORAGE_BYTES)
    assert layout.BLOCKS == 352
    assert layout.GEOMETRY == PICO_GEOMETRY  # the storage tests' volume: the same geometry


def test_the_image_holds_the_compiled_firmware_as_make_flash_copies_it():
    data, contents = layout.firmware_image()
    assert len(data) == layout.FS_BYTES
    assert contents["/main.py"] == open(os.path.join(ROOT, "firmware", "main.py"), "rb").read()
    assert "/ultimusbox/link.mpy" in contents and "/ultimusbox/link.py" not in contents
    assert "/manifest.py" not in contents and "/manifest.mpy" not in contents
    assert all(p.endswith(".mpy") for p in contents if p != "/main.py")
    assert contents["/referee/engine.mpy"][:1] == b"M"  # an .mpy file's header
    assert layout.read(data) == contents


def test_extra_files_go_beside_the_firmware():
    data, contents = layout.firmware_image({"/boot.py": b"x = 1\n"})
    assert layout.read(data)["/boot.py"] == b"x = 1\n"


# --- bad input: one line, no traceback ---------------------------------------------------------------------
def test_a_missing_or_invalid_image_is_one_line(tmp_path):
    with pytest.raises(harness.ChipError, match="no image at .*nope.uf2"):
        harness.check_image(str(tmp_path / "nope.uf2"))
    text = tmp_path / "firmware.bin"
    text.write_bytes(b"\x00" * 1024)
    with pytest.raises(harness.ChipError, match="is not a UF2 image"):
        harness.check_image(str(text))
    with pytest.raises(harness.ChipError, match="no image given"):
        harness.check_image("")


def test_no_bootrom_says_where_to_name_it(monkeypatch, tmp_path):
    monkeypatch.delenv(harness.BOOTROM_ENV, raising=False)
    with pytest.raises(harness.ChipError, match="ULTIMUS_CHIP_BOOTROM"):
        harness.find_bootrom()
    with pytest.raises(harness.ChipError, match="no bootrom at"):
        harness.find_bootrom(str(tmp_path / "none.bin"))


def _bench(*args, env=None):
    return subprocess.run(
        [sys.executable, os.path.join(CHIP, "bench.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, **(env or {})),
    )


@pytest.mark.parametrize(
    "args, said",
    [
        ((), "name an image"),
        (("--image", "/nonexistent/RPI_PICO.uf2"), "no image at /nonexistent/RPI_PICO.uf2"),
        (("--frozen", "/nonexistent/frozen.uf2"), "no image at /nonexistent/frozen.uf2"),
    ],
)
def test_the_bench_refuses_bad_arguments_in_one_line(args, said):
    done = _bench(*args)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert said in done.stderr and "Traceback" not in done.stderr


def test_the_bench_names_the_registry_for_an_unknown_game(tmp_path):
    image = tmp_path / "made-up.uf2"
    image.write_bytes(_uf2(_thumb_program()))
    rom = tmp_path / "rom.bin"
    rom.write_bytes(_bootrom())
    done = _bench("--image", str(image), "--games", "chess", env={harness.BOOTROM_ENV: str(rom)})
    assert done.returncode == 1 and "no game chess in the registry (ultimus, " in done.stderr
    assert "Traceback" not in done.stderr


# --- the emulator's flash hook and power cut, on a made-up bootrom and image -------------------------------
def _bootrom():
    rom = bytearray(16384)
    struct.pack_into("<I", rom, 0, 0x20041000)  # the initial stack pointer
    struct.pack_into("<H", rom, 0x14, 0x40)  # the function table's address
    table = [ord("R") | ord("E") << 8, ERASE_AT | 1, ord("R") | ord("P") << 8, PROGRAM_AT | 1, 0, 0]
    struct.pack_into("<6H", rom, 0x40, *table)
    struct.pack_into("<H", rom, ERASE_AT, 0x4770)  # bx lr
    struct.pack_into("<H", rom, PROGRAM_AT, 0x4770)
    return bytes(rom)


def _thumb_program():
    """erase(0xA0000, 4096); program(0xA0000, 0x20000000 (zeros), 256); then spin."""
    literals = [layout.FS_OFFSET, 4096, ERASE_AT | 1, 0x20000000, 256, PROGRAM_AT | 1]
    pool = 20  # bytes of code before the literal pool

    def ldr(at, reg, k):  # LDR Rt, [PC, #imm8*4]: PC reads as (at + 4) rounded down to 4
        return 0x4800 | reg << 8 | (pool + 4 * k - ((at + 4) & ~3)) // 4

    code = [ldr(0, 0, 0), ldr(2, 1, 1), ldr(4, 3, 2), 0x4798, ldr(8, 0, 0), ldr(10, 1, 3), ldr(12, 2, 4)]
    code += [ldr(14, 3, 5), 0x4798, 0xE7FE]  # blx r3; ...; b .
    return struct.pack("<10H", *code) + struct.pack("<6I", *literals)


def _uf2(payload, address=0x10000000):
    blocks = [payload[i : i + 256] for i in range(0, len(payload), 256)]
    out = b""
    for n, data in enumerate(blocks):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, address + 256 * n, 256, n, len(blocks), 0xE48BFF56)
        out += head + data.ljust(476, b"\0") + struct.pack("<I", 0x0AB16F30)
    return out


def _server(tmp_path, commands):
    image = tmp_path / "made-up.uf2"
    image.write_bytes(_uf2(_thumb_program()))
    rom = tmp_path / "rom.bin"
    rom.write_bytes(_bootrom())
    load = {"cmd": "load", "bootrom": str(rom), "image": str(image)}
    lines = "\n".join(json.dumps(c) for c in [load] + commands) + "\n"
    done = subprocess.run(
        ["node", os.path.join(CHIP, "chip.mjs")], input=lines, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_an_erase_and_a_program_reach_the_flash_and_are_counted(tmp_path):
    dump = {"cmd": "dump", "path": str(tmp_path / "flash.bin"), "offset": layout.FS_OFFSET, "size": 4096}
    replies = _server(tmp_path, [{"cmd": "power_on"}, {"cmd": "run", "ms": 1}, {"cmd": "stats"}, dump])
    assert all(r["ok"] for r in replies), replies
    stats = replies[3]
    assert stats["ops"] == {"erase": 1, "program": 1, "erased": 4096, "programmed": 256}
    flash = (tmp_path / "flash.bin").read_bytes()
    assert flash[:256] == b"\0" * 256  # programmed from zeroed RAM
    assert flash[256:] == b"\xff" * (4096 - 256)  # erased (it was 0xFF already: the program shows it happened)


@pytest.mark.parametrize("torn, programmed", [(False, 0), (True, 128)])
def test_a_power_cut_stops_the_chip_at_its_operation_torn_or_not(tmp_path, torn, programmed):
    dump = {"cmd": "dump", "path": str(tmp_path / "flash.bin"), "offset": layout.FS_OFFSET, "size": 4096}
    commands = [{"cmd": "power_on"}, {"cmd": "cut", "at": 2, "torn": torn}, {"cmd": "run", "ms": 1}, dump]
    replies = _server(tmp_path, commands)
    run = replies[3]
    assert run["dead"] and run["why"] == "cut"
    assert run["cut"] == {"op": 2, "kind": "program", "addr": layout.FS_OFFSET, "count": 256, "done": programmed}
    flash = (tmp_path / "flash.bin").read_bytes()
    assert flash[:programmed] == b"\0" * programmed and flash[programmed:256] == b"\xff" * (256 - programmed)


def test_a_disarmed_cut_cuts_nothing(tmp_path):
    commands = [{"cmd": "power_on"}, {"cmd": "cut", "at": 1}, {"cmd": "cut", "at": 0}, {"cmd": "run", "ms": 1}]
    run = _server(tmp_path, commands)[4]
    assert not run["dead"]


def test_the_server_refuses_what_is_not_an_image_in_one_line(tmp_path):
    rom = tmp_path / "rom.bin"
    rom.write_bytes(_bootrom())
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(b"\x01" * 512)
    outside = tmp_path / "outside.uf2"
    outside.write_bytes(_uf2(b"\0" * 256, address=0x10200000))
    for image, said in ((bad, "has no UF2 magic"), (outside, "outside the Pico's 2 MB flash")):
        load = json.dumps({"cmd": "load", "bootrom": str(rom), "image": str(image)}) + "\n"
        done = subprocess.run(["node", os.path.join(CHIP, "chip.mjs")], input=load, capture_output=True, text=True)
        reply = json.loads(done.stdout)
        assert not reply["ok"] and said in reply["error"] and "\n" not in reply["error"]


# --- the box on the emulated chip (an image given) -------------------------------------------------------
needs_image = pytest.mark.skipif(
    not (IMAGE and BOOTROM), reason="no MicroPython image (ULTIMUS_CHIP_IMAGE) and bootrom (ULTIMUS_CHIP_BOOTROM)"
)


def _box_game(chip):
    """hello, a 2-player ULTIMUS box game and its first actions, each digest checked against CPython's."""
    from games.ultimus.randomplay import choose_action
    from referee import VERSION
    from referee.engine import Game
    from referee.rng import Rng
    from ultimusbox import games

    chip.power_on()
    chip.wait_connected()
    hello = chip.request("hello")
    assert hello["ok"] and hello["firmware"] == VERSION
    started = chip.request("new_game", game="ultimus", players=2, seed=7, mode="box")
    assert started["ok"], started.msg
    setup = chip.request("log")["setup"]
    local = Game(games.rules_of("ultimus"), setup)
    assert started["digest"] == local.digest()
    rng = Rng(7)
    for _ in range(4):
        action = choose_action(local, rng)
        reply = chip.request("apply", action=action)
        local.apply(action)
        assert reply["ok"] and reply["digest"] == local.digest() and reply["actions"] == len(local.log)
    return started, local


@needs_image
def test_the_box_plays_on_the_chip_and_keeps_every_action_through_a_torn_cut():
    with harness.Chip(IMAGE, probe=True) as chip:
        started, local = _box_game(chip)
        stats = chip.stats()
        heap = stats["heap"]
        assert 0 < heap["largest"] <= heap["free"] < heap["total"] <= 264 * 1024
        assert stats["frames"] > 0 and len(stats["frame"]) == 78  # LED words through the PIO FIFO
        assert stats["probe"]["steps"] > 0
        assert stats["ops"]["program"] > 0  # the journal
        from games.ultimus.randomplay import choose_action
        from referee.rng import Rng

        action = choose_action(local, Rng(99))
        chip.cut_at(1, torn=True)
        assert chip.request("apply", action=action) is None and chip.status["why"] == "cut"
        chip.power_on()
        chip.wait_connected()
        assert chip.request("hello")["game"] == started["game"]
        chip.request("auth", token=started["referee"])
        held = chip.request("digest")
        assert held["actions"] in (len(local.log), len(local.log) + 1)
        if held["actions"] > len(local.log):
            local.apply(action)
        assert held["digest"] == local.digest()


@needs_image
def test_a_button_press_on_its_pad_reaches_the_box():
    from ultimusbox import board

    with harness.Chip(IMAGE) as chip:
        chip.power_on()
        chip.wait_connected()
        chip.request("hello")  # attached: events flow
        chip.press(board.CONFIRM)
        chip.run(100)
        assert {"e": "button", "b": board.CONFIRM} in [e for _, e in chip.events], chip.events


@pytest.mark.skipif(not (FROZEN_IMAGE and BOOTROM), reason="no frozen image (ULTIMUS_CHIP_FROZEN_IMAGE)")
def test_the_frozen_box_plays_on_an_empty_file_system():
    with harness.Chip(FROZEN_IMAGE, frozen=True) as chip:
        _box_game(chip)
        assert chip.flash_files()["/game.jnl"]


@needs_image
def test_the_heap_read_from_ram_is_the_gc_s_own_and_every_collection_is_seen():
    """On the bare image (no firmware: the REPL): free bytes equal gc.mem_free(); each collection that frees
    something is seen (one that frees nothing may end between two samples: the heap is then as it was), and
    allocations without a collection give no sample."""
    with harness.Chip(IMAGE, fs={}) as chip:
        chip.power_on()
        chip.wait_connected()
        chip.run(1500)
        chip.stats(reset=True)
        garbage = "x=[bytearray(100) for j in range(200)]; x=None"
        spans = []
        for line in (
            "import gc, time",
            "exec('for i in range(3):\\n %s; gc.collect(); time.sleep_ms(20)\\n')" % garbage,
            "exec('for i in range(2):\\n gc.collect(); time.sleep_ms(20)\\n')",
            "exec('for i in range(2):\\n %s; time.sleep_ms(20)\\n')" % garbage,
            "gc.collect(); time.sleep_ms(20); print('free', gc.mem_free())",
        ):
            start = chip.now_us
            chip.send(line + "\r\n")
            chip.run(600)
            spans.append((start, chip.now_us))
        stats = chip.stats()
        said = [text for _, text in chip.noise if text.startswith("free ")]
        assert said == ["free %d" % stats["heap"]["free"]]
        seen = [[g for g in stats["gc"] if a <= g["t"] < b] for a, b in spans]
        assert [len(seen[1]), len(seen[3]), len(seen[4])] == [3, 0, 1]
        assert len(seen[2]) <= 2


# --- where the image's board keeps its file system -------------------------------------------------------
def _image_declaring(tmp_path, offset, size, name=b"MicroPython"):
    """A UF2 whose binary info (pico-sdk's header 256 bytes in, one block device entry) says offset, size."""
    base = 0x10000000
    flash = bytearray(b"\xff" * 0x400)
    entries, device, label = base + 0x300, base + 0x320, base + 0x360
    struct.pack_into("<5I", flash, 0x110, *(0x7188EBF2, entries, entries + 4, 0, 0xE71AA390))
    struct.pack_into("<I", flash, 0x300, device)
    struct.pack_into("<HHIIIIH", flash, 0x320, 7, ord("M") | ord("P") << 8, label, base + offset, size, 0, 3)
    flash[0x360 : 0x360 + len(name) + 1] = name + b"\0"
    path = tmp_path / "board.uf2"
    path.write_bytes(_uf2(bytes(flash)))
    return str(path)


def test_the_file_system_is_where_the_image_says(tmp_path):
    # the project's own board (hardware/board/ULTIMUS_PICO): 1 MB of firmware, the file system the last 1 MB
    assert layout.storage(_image_declaring(tmp_path, 0x100000, 0x100000)) == (0x100000, 0x100000)


def test_an_image_that_declares_no_file_system_is_taken_for_rpi_pico(tmp_path):
    assert layout.storage(_image_declaring(tmp_path, 0x100000, 0x100000, name=b"ROMFS")) == (0xA0000, 1408 * 1024)
    plain = tmp_path / "plain.uf2"
    plain.write_bytes(_uf2(b"\0" * 1024))
    assert layout.storage(str(plain)) == (0xA0000, 1408 * 1024)


def test_a_file_system_of_another_size_holds_the_firmware():
    data, contents = layout.firmware_image(size=1024 * 1024)
    assert len(data) == 1024 * 1024 and layout.read(data) == contents
