"""Issues 9 and 20 under MicroPython: the box's link, eyes, generator, full flash and checkpoints.

Under MicroPython (tools/mp_run.mjs) it prints the lines of `lines(seed)` for ARGS [seed];
under CPython the tests import `lines` and compare: the same game, the same spectator
bytes, the same refusals and the same resume on every runtime.
"""

import json

from games.ultimus.rng import Rng
from referee.digest import canonical_text, fnv1a
from ultimus_host.fakes import FakeBoard, FakeStorage
from ultimusbox.link import LinkServer
from ultimusbox.runtime import Box


def _ask(link, request):
    link.out[:] = []
    link.feed(json.dumps(request).encode() + b"\n")
    out = b"".join(link.out)
    link.out[:] = []
    return out


def _reply(link, request):
    return json.loads(_ask(link, request).splitlines()[-1])


def _sum(data):
    """A checksum of JSON lines that does not depend on the port's key order."""
    text = "\n".join(canonical_text(json.loads(line)) for line in data.splitlines())
    return "%08x %d" % (fnv1a(text.encode()), len(data.splitlines()))


def lines(seed):
    """What a spectator and the referee see of a seeded full game, a full flash and a resume."""
    storage = FakeStorage()
    fb = FakeBoard(storage)
    box = Box(fb, lambda: b"\x07" * 8)
    link = box.link
    reply = _reply(link, {"id": 1, "op": "new_game", "players": 3, "seed": seed + (1 << 70), "mode": "full"})
    out = ["new_game ok=%s eye=%s" % (reply["ok"], link.eye)]
    spectator = LinkServer(box.shell)
    spectator.attach()  # a host listens: the events go out
    game = box.shell.game
    rng = Rng(seed)
    for _ in range(230):
        if game.phase in ("battle_end", "over"):
            break
        seat = rng.choice(game.actors() or [-1])
        box.shell.apply(rng.choice(game.legal_actions(seat)))
    heard = b"".join(spectator.out)
    out.append("events %s" % _sum(heard))
    for op in ("state", "digest", "log"):
        text = _ask(spectator, {"id": 2, "op": op, "from": 0})
        out.append("%s %s" % (op, _sum(text)))
    before = game.digest()
    pressed = [_reply(spectator, {"id": 5, "op": "press", "button": b})["error"]["code"] for b in (20, 22, 23)]
    out.append("spectator press %s %s" % (" ".join(pressed), "unchanged" if game.digest() == before else "changed"))
    out.append("digests %s %s actions=%d" % (game.digest(), game.public_digest(), len(game.log)))
    float_reply = _reply(link, {"id": 3, "op": "apply", "action": {"a": "think", "p": 0, "c": [7.0]}})
    out.append("float %s" % float_reply["error"]["code"])
    storage.fill_after(5)
    seat = rng.choice(game.actors() or [-1])
    full = _reply(link, {"id": 4, "op": "apply", "action": rng.choice(game.legal_actions(seat))})
    out.append("full %s actions=%d digest=%s" % (full["error"]["code"], len(game.log), game.digest()))
    storage.free()
    again = Box(FakeBoard(storage), lambda: b"\x07" * 8).shell.game
    out.append(
        "resumed actions=%d digest=%s ckp=%s" % (len(again.log), again.digest(), "game.jnl.ckp" in storage.files)
    )
    return out


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    for _line in lines(int(ARGS[0])):
        print(_line)
