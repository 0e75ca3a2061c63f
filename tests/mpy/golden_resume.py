"""A golden journal (tests/data/v*/) resumed by the box shell under MicroPython, then one more action.

The journal's bytes come from /data (tools/mp_run.mjs --data); the box starts on fake drivers with
that flash, as a Pico does at power-on, and prints "resume game=G actions=N phase=P digest=D public=U
notice=C", its resumed event (JSON), and "after D" once it applied the action of ARGS[0] (JSON; "null":
none, "after -").
"""

import json

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
    _shell = Box(FakeBoard(_storage), lambda: 1).shell
    _game = _shell.game
    print(
        "resume game=%s actions=%d phase=%s digest=%s public=%s notice=%s"
        % (
            _shell.playing,
            len(_game.log),
            _game.state["phase"],
            _game.digest(),
            _game.public_digest(),
            "-" if _shell.notice is None else _shell.notice["code"],
        )
    )
    print(json.dumps(_shell.resumed_event()))
    _action = json.loads(ARGS[0])
    if _action is None:
        print("after -")
    else:
        _shell.apply(_action)
        print("after %s" % _game.digest())
