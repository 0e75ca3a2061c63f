"""Wokwi in one step: wokwi.toml points at the image tools/wokwi.py makes, and that image holds the box's files
where MicroPython's rp2 port mounts its file system."""

import json
import os
import struct
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARDWARE = os.path.join(ROOT, "hardware")
sys.path.insert(0, os.path.join(ROOT, "tools"))

import wokwi  # noqa: E402


def fake_firmware(blocks=3):
    """A stand-in for the official UF2: a few blocks at the start of flash."""
    return wokwi.uf2([(wokwi.FLASH_BASE + n * 256, bytes([n]) * 256) for n in range(blocks)])


def test_the_project_files_sit_together_in_hardware():
    toml = open(os.path.join(HARDWARE, "wokwi.toml"), encoding="utf-8").read()
    assert 'firmware = "%s"' % wokwi.IMAGE in toml and "rfc2217ServerPort = %d" % wokwi.SERIAL_PORT in toml
    diagram = json.load(open(os.path.join(HARDWARE, "diagram.json"), encoding="utf-8"))
    pico = [p for p in diagram["parts"] if p["type"] == "wokwi-pi-pico"][0]
    assert pico["attrs"]["env"] == "micropython-" + wokwi.MICROPYTHON  # wokwi.com runs the same release
    assert wokwi.MICROPYTHON in wokwi.FIRMWARE and wokwi.FIRMWARE_URL.endswith(wokwi.FIRMWARE)
    assert wokwi.IMAGE in open(os.path.join(HARDWARE, ".gitignore"), encoding="utf-8").read().split()


def test_the_file_system_sits_where_the_pico_board_of_micropython_keeps_it():
    assert wokwi.FS_BASE == 0x100A0000  # 2 MiB flash, the last 1408 KiB for the file system
    assert wokwi.LFS["block_count"] == 352 and wokwi.LFS["prog_size"] == 256


def mount(image):
    from littlefs import LittleFS

    fs = LittleFS(mount=False, **wokwi.LFS)
    fs.context.buffer[:] = image
    fs.mount()
    return fs


def test_the_image_is_the_firmware_then_the_box_files_in_a_littlefs_micropython_mounts(tmp_path):
    pytest.importorskip("littlefs")
    from compile_firmware import compile_all

    compile_all(str(tmp_path))
    files = wokwi.project_files(str(tmp_path))
    assert "/main.py" in files and "/ultimusbox/board.mpy" in files
    image = wokwi.combine(fake_firmware(), files)
    blocks = wokwi.uf2_blocks(image)
    assert blocks[:3] == wokwi.uf2_blocks(fake_firmware())
    numbers = [struct.unpack("<2I", image[n + 20 : n + 28]) for n in range(0, len(image), 512)]
    assert numbers == [(n, len(blocks)) for n in range(len(blocks))]
    flash = bytearray(b"\xff" * wokwi.FS_BYTES)
    for addr, payload in blocks[3:]:
        assert wokwi.FS_BASE <= addr < wokwi.FS_BASE + wokwi.FS_BYTES
        flash[addr - wokwi.FS_BASE : addr - wokwi.FS_BASE + len(payload)] = payload
    fs = mount(bytes(flash))
    for path, data in files.items():
        with fs.open(path, "rb") as f:
            assert f.read() == data, path


def test_a_firmware_that_reaches_the_file_system_or_is_not_for_the_pico_is_refused():
    too_big = wokwi.uf2([(wokwi.FS_BASE - 128, b"\x00" * 256)])
    with pytest.raises(ValueError, match="into the file system"):
        wokwi.combine(too_big, {"/main.py": b"pass\n"})
    other = bytearray(fake_firmware(1))
    other[28:32] = struct.pack("<I", 0x1C5F21B0)  # some other chip's family id
    with pytest.raises(ValueError, match="RP2040"):
        wokwi.uf2_blocks(bytes(other))
    with pytest.raises(ValueError):
        wokwi.uf2_blocks(b"\x00" * 512)
