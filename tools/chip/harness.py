"""The emulated box from Python: a MicroPython image on an emulated RP2040 (tools/chip/chip.mjs), its flash
laid as `make flash` lays it, its buttons, LEDs, link, flash and heap.

    chip = Chip(image="RPI_PICO-v1.27.0.uf2")        # the firmware's .mpy files on its file system
    chip = Chip(image="ultimus-frozen.uf2", frozen=True)  # the firmware in the image: an empty file system
    chip.power_on(); reply = chip.request("hello")

Every time is the chip's own (microseconds of emulated time since power-on): the emulation runs only while
this module waits for something (a reply, a few milliseconds), so the PC's speed changes no figure. The
bootrom rp2040js needs (the RP2040's B1 mask ROM, 16 KB) is not in the repository: bootrom= or the
environment's ULTIMUS_CHIP_BOOTROM names it (hardware/chip.md says where to find one).

The firmware comes from this checkout, or from the tree ULTIMUS_CHIP_TREE names (a git revision's files,
laid out by tools/chip/bench.py --rev: its firmware/ and host/ then serve both the chip and CPython's check).

Bad input (no image, not a UF2 image, no bootrom) raises ChipError with one line that says what to do.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TREE = os.environ.get("ULTIMUS_CHIP_TREE") or ROOT  # whose firmware (and rules, for CPython's check)
sys.path.insert(0, HERE)
for _part in ("host", "firmware"):
    if os.path.join(TREE, _part) not in sys.path:
        sys.path.insert(0, os.path.join(TREE, _part))

import layout  # noqa: E402
from layout import ChipError  # noqa: E402

from ultimusbox import board  # noqa: E402

SERVER = os.path.join(HERE, "chip.mjs")
BOOTROM_ENV = "ULTIMUS_CHIP_BOOTROM"
UF2_MAGIC = (0x0A324655, 0x9E5D5157)


def check_image(path):
    """The image's path if it is a UF2 file; ChipError otherwise."""
    if not path:
        raise ChipError("no image given: name a MicroPython .uf2 for the Pico (IMAGE=path.uf2)")
    if not os.path.isfile(path):
        raise ChipError("no image at %s: name a MicroPython .uf2 for the Pico" % path)
    with open(path, "rb") as f:
        head = f.read(512)
    size = os.path.getsize(path)
    magic = (int.from_bytes(head[0:4], "little"), int.from_bytes(head[4:8], "little")) if len(head) == 512 else None
    if size == 0 or size % 512 or magic != UF2_MAGIC:
        raise ChipError("%s is not a UF2 image (a .uf2 from micropython.org, or a build's firmware.uf2)" % path)
    return path


def find_bootrom(path=None):
    path = path or os.environ.get(BOOTROM_ENV)
    if not path:
        raise ChipError(
            "no RP2040 bootrom: set %s to its 16 KB image (or rp2040js's demo/bootrom.ts); hardware/chip.md says where"
            % BOOTROM_ENV
        )
    if not os.path.isfile(path):
        raise ChipError("no bootrom at %s (%s): the RP2040's 16 KB B1 mask ROM" % (path, BOOTROM_ENV))
    return path


class Reply:
    """A request's reply and when: sent_us (the request handed to the USB), got_us (its last byte back)."""

    def __init__(self, msg, sent_us, got_us, events):
        self.msg, self.sent_us, self.got_us, self.events = msg, sent_us, got_us, events

    @property
    def ms(self):
        return (self.got_us - self.sent_us) / 1000.0

    def __getitem__(self, key):
        return self.msg[key]

    def get(self, key, default=None):
        return self.msg.get(key, default)


class Chip:
    """One emulated box. fs: the file system's contents ({path: bytes}); None: the firmware as `make flash`
    lays it (frozen=False) or an empty file system (frozen=True: the image holds the firmware).
    probe: tools/chip/probe.py as /boot.py, which times the event loop's task steps (stats()["probe"]).
    erase_ms, program_ms: the time a 4 KB erase and a 256-byte page program take (0: not modelled)."""

    def __init__(self, image, bootrom=None, frozen=False, fs=None, erase_ms=0.0, program_ms=0.0, probe=False):
        self.image = check_image(image)
        self.bootrom = find_bootrom(bootrom)
        if fs is None:
            fs = {} if frozen else layout.firmware_image()[1]
        if probe:  # the loop probe runs as boot.py, before the box's main.py
            with open(os.path.join(HERE, "probe.py"), "rb") as f:
                fs = dict(fs, **{"/boot.py": f.read()})
        self.fs_contents = fs
        # where the image's board keeps its file system (RPI_PICO 0xA0000, ULTIMUS_PICO 0x100000)
        self.fs_offset, self.fs_bytes = layout.storage(self.image)
        self.proc = subprocess.Popen(
            ["node", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, bufsize=1
        )
        with tempfile.NamedTemporaryFile(suffix=".img", delete=False) as f:
            f.write(layout.image(fs, self.fs_bytes))
            self.fs_path = f.name
        try:
            loaded = self._cmd(
                "load",
                bootrom=self.bootrom,
                image=self.image,
                fs=self.fs_path,
                fs_offset=self.fs_offset,
                pixels=board.PIXELS,
                pullups=[gpio for _, gpio, _ in board.BUTTONS],
                erase_ms=erase_ms,
                program_ms=program_ms,
            )
        except ChipError:
            self.close()
            raise
        self.image_end = loaded["image_end"]
        self.now_us = 0.0
        self.events = []  # (t_us, event) of every {"ev": ...} line
        self.noise = []  # (t_us, text) of lines that are not the link's (a traceback, the REPL)
        self.replies = []  # replies nobody waited for
        self.status = {}
        self._id = 0

    # --- the server ------------------------------------------------------------------
    def _cmd(self, cmd, **args):
        if self.proc.poll() is not None:
            raise ChipError("the emulator stopped (exit %s)" % self.proc.returncode)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(dict(args, cmd=cmd)) + "\n")
        line = self.proc.stdout.readline()
        if not line:
            raise ChipError("the emulator stopped (exit %s)" % self.proc.wait())
        reply = json.loads(line)
        if not reply.get("ok"):
            raise ChipError(reply.get("error", "the emulator refused %s" % cmd))
        return reply

    def close(self):
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.close()  # the server exits when its input ends
                self.proc.wait(timeout=10)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        if os.path.exists(self.fs_path):
            os.remove(self.fs_path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- power ---------------------------------------------------------------------------
    def power_on(self, reason=0):
        """A cold start from what the flash holds (reason: the watchdog's REASON bits, 0 at power-on)."""
        self._cmd("power_on", reason=reason)
        self.now_us = 0.0
        self.status = {"dead": False}
        self._id = 0

    def cut_at(self, ops, torn=False):
        """Cut the power at the `ops`-th flash operation (erase or page program) from now, torn: half done."""
        self._cmd("cut", at=ops, torn=torn)

    @property
    def dead(self):
        return bool(self.status.get("dead"))

    # --- running -------------------------------------------------------------------------
    def run(self, ms, lines=0):
        """Emulate `ms` ms (or until `lines` lines came); the lines, sorted into events and the rest."""
        status = self._cmd("run", ms=ms, lines=lines)
        self.status = status
        self.now_us = status["t_us"]
        got = []
        for _first, end, text in status["lines"]:
            msg = None
            if text.startswith("{"):
                try:
                    msg = json.loads(text)
                except ValueError:
                    msg = None
            if isinstance(msg, dict) and "ev" in msg:
                self.events.append((end, msg["ev"]))
            elif isinstance(msg, dict) and "id" in msg:
                got.append((end, msg))
            else:
                self.noise.append((end, text))
        return got

    def wait_connected(self, ms=3000):
        step = 10
        while not self.status.get("connected") and not self.dead and self.now_us < ms * 1000:
            self.run(step)
        if not self.status.get("connected"):
            raise ChipError("the emulated Pico never showed up on USB (%s)" % (self.status.get("why") or "no USB"))

    def send(self, text):
        self._cmd("send", text=text)
        return self.now_us

    def request(self, op, timeout_ms=20000, **args):
        """One link request; its Reply (None if the chip stopped first: a power cut, a reset)."""
        self._id += 1
        rid = "c%d" % self._id
        events_before = len(self.events)
        sent = self.send(json.dumps(dict(args, op=op, id=rid)) + "\n")
        deadline = self.now_us + timeout_ms * 1000
        while not self.dead and self.now_us < deadline:
            for end, msg in self.run(min(1000.0, (deadline - self.now_us) / 1000.0), lines=1):
                if msg.get("id") == rid:
                    return Reply(msg, sent, end, self.events[events_before:])
                self.replies.append(msg)
        if self.dead:
            return None
        raise ChipError("no reply to %s in %d ms of the chip's time" % (op, timeout_ms))

    def probe(self, reset=False):
        """The loop probe's {"step_max_us", "steps"} (None without the probe)."""
        return self._cmd("stats", reset=reset)["probe"]

    def settle(self, most_ms=1000):
        """Run until the event loop's task step under way ends (the probe counts a new step): a reply can
        leave while the step that wrote it goes on. The emulated ms it took."""
        first = self.probe()
        if first is None or not first["running"]:
            return 0.0
        start = self.now_us
        while not self.dead and (self.now_us - start) < most_ms * 1000:
            self.run(1)
            now = self.probe()
            if now is None or not now["running"] or now["steps"] != first["steps"]:
                break
        return (self.now_us - start) / 1000.0

    def press(self, button, hold_ms=50):
        """Press a button (an id of ultimusbox.board.BUTTONS) through its GPIO pad, and release it."""
        gpio = [g for b, g, _ in board.BUTTONS if b == button][0]
        self._cmd("pin", gpio=gpio, value=0)
        self.run(hold_ms)
        self._cmd("pin", gpio=gpio, value=1)

    # --- what the chip shows -----------------------------------------------------------
    def stats(self, reset=False):
        """Flash operations, the longest busy stretch, LED frames, the heap now and after each collection."""
        return self._cmd("stats", reset=reset)

    def flash_files(self):
        """{path: bytes} of the chip's file system as its flash holds it now."""
        with tempfile.NamedTemporaryFile(suffix=".img") as f:
            self._cmd("dump", path=f.name, offset=self.fs_offset, size=self.fs_bytes)
            return layout.read(open(f.name, "rb").read())
