"""A LittleFS image with the Pico's geometry, for the storage driver's tests and the monkey's evenings.

The image has the Pico's geometry (MicroPython's rp2 port: 4 KB erase blocks, progsize 256, readsize
32, cache 1024, lookahead 32, block_cycles 100, 1408 KB). Flash is the block device: it counts page
writes (progs) and sector erases, and a power cut is an operation that never finishes (a half-written
page, a half-erased block), after a budget of operations. Volume mounts the image and offers what the
driver calls, MicroPython's `open` and `os`; restart() mounts afresh what reached the flash, as the
next power-on does.
"""

import io
import types

import littlefs  # littlefs-python, a dev dependency (pyproject.toml): a missing one fails, never skips
from littlefs import LittleFS, UserContext, lfs

BLOCK = 4096
BLOCKS = 352  # 1408 KB, the file system of a 2 MB Pico
GEOMETRY: dict = dict(
    block_size=BLOCK,
    block_count=BLOCKS,
    read_size=32,
    prog_size=256,
    cache_size=1024,
    lookahead_size=32,
    block_cycles=100,
)


IO_ERROR = -5  # LFS_ERR_IO


class Flash(UserContext):
    """The block device: counts progs and erases; cut_after(n) lets n more operations through."""

    def __init__(self, image=None):
        UserContext.__init__(self, buffer=bytearray(image) if image else bytearray(b"\xff" * BLOCK * BLOCKS))
        self.erases = 0
        self.progs = 0
        self.budget = None
        self.dead = False
        self.dead_since = 0  # operations tried after the cut (none of them reaches the flash)

    def _spend(self):
        if self.dead:
            return False
        if self.budget is not None:
            if self.budget == 0:
                self.dead = True
                return False
            self.budget -= 1
        return True

    def prog(self, cfg, block, off, data):
        if not self._spend():
            half = bytes(data[: len(data) // 2])  # the page write stopped half way
            if not self.dead_since:
                UserContext.prog(self, cfg, block, off, half)
            self.dead_since += 1
            return IO_ERROR  # LittleFS stops there and reports it: the power is off
        self.progs += 1
        return UserContext.prog(self, cfg, block, off, data)

    def erase(self, cfg, block):
        if not self._spend():
            if not self.dead_since:
                start = block * BLOCK
                self.buffer[start : start + BLOCK // 2] = b"\xff" * (BLOCK // 2)  # half erased
            self.dead_since += 1
            return IO_ERROR
        self.erases += 1
        return UserContext.erase(self, cfg, block)


class Volume:
    """A mounted LittleFS image seen through MicroPython's `open` and `os` (what the driver calls)."""

    MODES = {
        "rb": lfs.LFSFileFlag.rdonly,
        "wb": lfs.LFSFileFlag.wronly | lfs.LFSFileFlag.creat | lfs.LFSFileFlag.trunc,
        "ab": lfs.LFSFileFlag.wronly | lfs.LFSFileFlag.creat | lfs.LFSFileFlag.append,
    }

    def __init__(self, flash=None):
        self.flash = flash or Flash()
        self.fs = LittleFS(self.flash, **GEOMETRY)
        self.opens = 0

    def open(self, name, mode="rb"):
        self.opens += 1
        try:
            fh = lfs.file_open(self.fs.fs, name, self.MODES[mode])
        except littlefs.LittleFSError as e:
            raise OSError(2, name) from e
        raw = littlefs.FileHandle(self.fs.fs, fh)  # write: lfs_file_write, flush: lfs_file_sync, as on the Pico
        return io.BufferedReader(raw) if mode == "rb" else raw

    def os(self):
        def stat(name):
            try:
                st = self.fs.stat(name)
            except littlefs.LittleFSError as e:
                raise OSError(2, name) from e
            return (0, 0, 0, 0, 0, 0, st.size, 0, 0, 0)

        def remove(name):
            try:
                self.fs.remove(name)
            except (littlefs.LittleFSError, FileNotFoundError) as e:
                raise OSError(2, name) from e

        return types.SimpleNamespace(stat=stat, remove=remove, rename=self.fs.rename, sync=lambda: None)

    def restart(self):
        """The power comes back: a new mount of what reached the flash."""
        return Volume(Flash(self.flash.buffer))
