"""make flash: what it compiles, what it asks mpremote, what it removes of an older firmware, and
that it checks the answer."""

import builtins
import os

import pytest

from games.ultimus import VERSION
from ultimus_host import flash

# What a box flashed by 0.2.0 before issue 21 holds besides the new build: the old layout's firmware
# (ULTIMUS's rules in /ultimus, each screen as prefixed files) and a source copy shadowing a .mpy
OLD_FIRMWARE = (
    "/ultimus/__init__.mpy",
    "/ultimus/game.mpy",
    "/ultimus/rules.mpy",
    "/games/ultimus/game.mpy",  # issue 21's one way to make a game: ULTIMUS's wrapper went
    "/ultimusbox/screens/ultimus.mpy",
    "/ultimusbox/screens/ultimus_words.mpy",
    "/ultimusbox/screens/munera_entry.mpy",
    "/ultimusbox/app.py",  # 0.1.0's box app, copied as source
    "/referee/engine.py",  # would be imported instead of the new engine.mpy
    "/manifest.mpy",
)
# ... and what is not the firmware's: the table's saved game and settings, the owner's own files
DATA = (
    "/game.jnl",
    "/game.jnl.j3",
    "/game.jnl.ckp",
    "/game-1.jnl",
    "/box.cfg",
    "/boot.py",
    "/lib/aioble.mpy",
    "/notes.txt",
)


class FakeBox:
    """A Pico's file system behind a fake mpremote: fs cp of the build, and exec of the flash's scripts,
    run here against these files with an `os` of its own (ilistdir, remove, rmdir as MicroPython's)."""

    def __init__(self, files, fail=()):
        self.files = set(files)
        self.folders = {p[: i + 1] for p in self.files for i in range(len(p)) if p[i] == "/" and i}
        self.folders = {d[:-1] for d in self.folders}
        self.ran = []
        self.fail = fail

    def ilistdir(self, d):
        d = d if d.endswith("/") else d + "/"
        names = {p[len(d) :].split("/")[0] for p in self.files | self.folders if p.startswith(d) and p != d}
        return [(n, 0x4000 if d + n in self.folders else 0x8000, 0) for n in sorted(names)]

    def remove(self, path):
        assert path in self.files, path
        self.files.remove(path)

    def rmdir(self, path):
        if any(p.startswith(path + "/") for p in self.files | self.folders):
            raise OSError(39)  # ENOTEMPTY
        self.folders.remove(path)

    def __call__(self, cmd, capture_output=False, text=False):
        self.ran.append(cmd)
        verb = cmd[5:7]

        class Done:
            returncode = 1 if verb[0] in self.fail else 0
            stdout = ""
            stderr = "mpremote: no device found" if returncode else ""

        if Done.returncode:
            return Done()
        if verb == ["fs", "cp"]:
            self.files |= flash.build_files()
            self.folders |= {p.rsplit("/", 1)[0] for p in flash.build_files() if p.count("/") > 1}
        elif verb[0] == "exec":
            out = []
            fake_os = type("os", (), {"ilistdir": self.ilistdir, "remove": self.remove, "rmdir": self.rmdir})

            def importer(name, *args):
                return fake_os if name == "os" else builtins.__import__(name, *args)

            scope = {"__builtins__": dict(vars(builtins), __import__=importer, print=out.append)}
            exec(cmd[6], scope)
            Done.stdout = "".join(line + "\n" for line in out)
        return Done()


def test_flash_compiles_copies_resets_and_checks_hello(monkeypatch, tmp_path):
    monkeypatch.setattr(flash, "BUILD", str(tmp_path / "mpy"))
    monkeypatch.setattr(flash.time, "sleep", lambda s: None)
    monkeypatch.setattr(flash, "wait_for_port", lambda port, seconds=10: True)
    monkeypatch.setattr(flash, "check_port", lambda port: None)  # no Pico here: /dev/ttyACM9 stands for one
    asked = []

    def ask(port, request, timeout=3.0):
        asked.append(request["op"])
        return {"id": "flash", "ok": True, "firmware": VERSION, "protocol": 1}

    box = FakeBox(())  # a fresh Pico: nothing of an older firmware to remove
    said = []
    monkeypatch.setattr(flash, "ask", ask)
    flash.flash("/dev/ttyACM9", say=said.append, run=box)
    assert asked == ["hello", "repl", "hello"]  # a running box is asked for the REPL first
    copy, listing, reset = box.ran
    assert listing[5] == "exec" and "no firmware file of an older version on the box" in said
    assert copy[2:6] == ["mpremote", "connect", "/dev/ttyACM9", "fs"] and copy[-1] == ":"
    assert any(p.endswith("main.py") for p in copy) and any(p.endswith("games") for p in copy)
    assert reset[-1] == "reset"
    assert os.path.exists(os.path.join(flash.BUILD, "games", "ultimus", "rules.mpy"))


def test_flash_fails_loudly_when_the_box_does_not_answer_with_the_new_version(monkeypatch, tmp_path):
    monkeypatch.setattr(flash, "BUILD", str(tmp_path / "mpy"))
    monkeypatch.setattr(flash.time, "sleep", lambda s: None)
    monkeypatch.setattr(flash, "wait_for_port", lambda port, seconds=10: True)
    monkeypatch.setattr(flash, "ask", lambda port, request, timeout=3.0: None)
    monkeypatch.setattr(flash, "check_port", lambda port: None)

    box = FakeBox(())
    with pytest.raises(flash.FlashError):
        flash.flash("/dev/ttyACM9", say=lambda s: None, run=box)
    assert [cmd[5] for cmd in box.ran] == ["fs", "exec", "reset"]
    assert flash.main(["/dev/does-not-exist"]) == 1


def flashed(monkeypatch, tmp_path, box):
    monkeypatch.setattr(flash, "BUILD", str(tmp_path / "mpy"))
    monkeypatch.setattr(flash.time, "sleep", lambda s: None)
    monkeypatch.setattr(flash, "wait_for_port", lambda port, seconds=10: True)
    monkeypatch.setattr(flash, "check_port", lambda port: None)
    monkeypatch.setattr(flash, "ask", lambda port, request, timeout=3.0: {"firmware": VERSION, "protocol": 1})
    said = []
    flash.flash("/dev/ttyACM9", say=said.append, run=box)
    return said


def test_flash_removes_the_older_firmwares_files_and_keeps_the_tables_data(monkeypatch, tmp_path):
    box = FakeBox(OLD_FIRMWARE + DATA + ("/ultimusbox/shell.mpy", "/main.py"))
    said = flashed(monkeypatch, tmp_path, box)
    assert box.files == flash.build_files() | set(DATA)  # the new build, the data, nothing else
    assert "/ultimus" not in box.folders and "/lib" in box.folders and "/ultimusbox/screens" in box.folders
    assert [cmd[5] for cmd in box.ran] == ["fs", "exec", "exec", "reset"]  # removed before the reset
    told = [line for line in said if line.startswith("removed")]
    assert len(told) == 1 and told[0].startswith("removed %d firmware files of an older version" % len(OLD_FIRMWARE))
    assert sorted(line.strip() for line in said if line.startswith("  /")) == sorted(OLD_FIRMWARE)


def test_stale_files_are_only_firmware_modules_the_new_build_lacks():
    new = {"/main.py", "/games/ultimus/rules.mpy", "/ultimusbox/shell.mpy", "/referee/engine.mpy"}
    files = sorted(new | set(OLD_FIRMWARE) | set(DATA))
    folders = ["/games", "/games/ultimus", "/lib", "/referee", "/ultimus", "/ultimusbox", "/ultimusbox/screens"]
    stale, emptied = flash.stale_files(files, folders, new)
    assert sorted(stale) == sorted(OLD_FIRMWARE)
    assert emptied == ["/ultimusbox/screens", "/ultimus"]  # the deepest first; /lib is not the firmware's
    assert flash.stale_files(sorted(new | set(DATA)), folders[:4], new) == ([], [])


def test_a_box_whose_files_cannot_be_listed_is_not_reset_and_nothing_is_removed(monkeypatch, tmp_path):
    box = FakeBox(OLD_FIRMWARE + DATA, fail=("exec",))
    with pytest.raises(flash.FlashError) as info:
        flashed(monkeypatch, tmp_path, box)
    assert "could not be listed" in str(info.value) and "make flash" in str(info.value)
    assert "no device found" in str(info.value)
    assert [cmd[5] for cmd in box.ran] == ["fs", "exec"]
    assert set(OLD_FIRMWARE + DATA) <= box.files
