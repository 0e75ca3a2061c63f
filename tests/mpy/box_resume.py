"""A box journal from flash, resumed by the box shell under MicroPython.

The journal's bytes come from /data (tools/mp_run.mjs --data); the box
starts on fake drivers with that flash, as a Pico does at power-on, and
prints "resume game=G actions=N phase=P digest=D notice=C".
"""

from ultimus_host.fakes import FakeBoard, FakeStorage
from ultimusbox.journal import FILE
from ultimusbox.runtime import Box

try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _storage = FakeStorage()
    with open("/data", "rb") as _f:
        _storage.files[FILE] = _f.read()
    _box = Box(FakeBoard(_storage), lambda: 1)
    _shell = _box.shell
    _game = _shell.game
    print(
        "resume game=%s actions=%d phase=%s digest=%s notice=%s"
        % (
            _shell.playing,
            0 if _game is None else len(_game.log),
            "-" if _game is None else _game.state["phase"],
            "-" if _game is None else _game.digest(),
            "-" if _shell.notice is None else _shell.notice["code"],
        )
    )
