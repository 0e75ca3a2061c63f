"""make flash: what it compiles, what it asks mpremote, and that it checks the answer."""

import os

import pytest

from games.ultimus import VERSION
from ultimus_host import flash


def test_flash_compiles_copies_resets_and_checks_hello(monkeypatch, tmp_path):
    monkeypatch.setattr(flash, "BUILD", str(tmp_path / "mpy"))
    monkeypatch.setattr(flash.time, "sleep", lambda s: None)
    monkeypatch.setattr(flash, "wait_for_port", lambda port, seconds=10: True)
    monkeypatch.setattr(flash, "check_port", lambda port: None)  # no Pico here: /dev/ttyACM9 stands for one
    asked = []

    def ask(port, request, timeout=3.0):
        asked.append(request["op"])
        return {"id": "flash", "ok": True, "firmware": VERSION, "protocol": 1}

    ran = []

    class Done:
        returncode = 0

    monkeypatch.setattr(flash, "ask", ask)
    flash.flash("/dev/ttyACM9", say=lambda s: None, run=lambda cmd: ran.append(cmd) or Done())
    assert asked == ["hello", "repl", "hello"]  # a running box is asked for the REPL first
    copy, reset = ran
    assert copy[2:6] == ["mpremote", "connect", "/dev/ttyACM9", "fs"] and copy[-1] == ":"
    assert any(p.endswith("main.py") for p in copy) and any(p.endswith("games") for p in copy)
    assert reset[-1] == "reset"
    assert os.path.exists(os.path.join(flash.BUILD, "games", "ultimus", "game.mpy"))


def test_flash_fails_loudly_when_the_box_does_not_answer_with_the_new_version(monkeypatch, tmp_path):
    monkeypatch.setattr(flash, "BUILD", str(tmp_path / "mpy"))
    monkeypatch.setattr(flash.time, "sleep", lambda s: None)
    monkeypatch.setattr(flash, "wait_for_port", lambda port, seconds=10: True)
    monkeypatch.setattr(flash, "ask", lambda port, request, timeout=3.0: None)
    monkeypatch.setattr(flash, "check_port", lambda port: None)

    class Done:
        returncode = 0

    with pytest.raises(flash.FlashError):
        flash.flash("/dev/ttyACM9", say=lambda s: None, run=lambda cmd: Done())
    assert flash.main(["/dev/does-not-exist"]) == 1
