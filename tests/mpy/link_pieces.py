"""A `state` and a `log` request under MicroPython (the runtime's way, with a clock that never moves: one
piece a turn): the state at once, the log in pieces, a button served between two pieces; then an `apply`
whose digests come each in a turn after its action's, a press made meanwhile left in the buttons' queue
until the reply is out. Prints "turns=N same=1 order=1 apply_turns=N held=1 made=1"."""

import json

from ultimus_host.fakes import FakeBoard
from ultimusbox import board
from ultimusbox.runtime import Box

fb = FakeBoard()
box = Box(fb, lambda: 3)
fb.serial.feed_in(b'{"id": 1, "op": "new_game", "players": 6, "seed": 3, "mode": "full"}\n')
box.step()
fb.buttons.push(board.CONFIRM)  # the box draws the loudest spectator: a new state, its digests not yet known
box.step()
_game = box.shell.game
while len(_game.log) < 45:  # a log of several pieces: the first seat to act takes its last option
    _seats = _game.actors()
    box.shell.apply(_game.legal_actions(_seats[0] if _seats else -1)[-1])
fb.serial.take_lines()
expected = box.shell.game.digest()
box.link.pieces(fb.clock, 0)
fb.serial.feed_in(b'{"id": 2, "op": "state"}\n{"id": 3, "op": "log"}\n')
turns = 0
replies = []
while len(replies) < 2 and turns < 2000:
    box.poll_link()
    if turns == 1:
        fb.buttons.push(board.WHEEL_0)
        box.poll_input()
    for line in fb.serial.take_lines():
        msg = json.loads(line)
        if "id" in msg:
            replies.append(msg)
    turns += 1
same = replies[0]["digest"] == expected and replies[0]["state"]["mode"] == "full"
order = [r["id"] for r in replies] == [2, 3]
_action = _game.legal_actions(_game.actors()[0])[-1]
fb.serial.feed_in(json.dumps({"id": 4, "op": "apply", "action": _action}).encode() + b"\n")
box.poll_link()  # the action, in the turn that reads it
made = box.shell.game.digest()
fb.buttons.push(board.WHEEL_0)
held = True
apply_turns = 0
reply = None
while reply is None and apply_turns < 20:
    box.poll_input()
    box.tick()
    held = held and len(fb.buttons.queue) == 1
    box.poll_link()
    apply_turns += 1
    for line in fb.serial.take_lines():
        msg = json.loads(line)
        if msg.get("id") == 4:
            reply = msg
box.poll_input()
held = held and not fb.buttons.queue  # taken once the reply is out
made = reply is not None and reply["digest"] == made
print(
    "turns=%d same=%d order=%d apply_turns=%d held=%d made=%d"
    % (turns, 1 if same else 0, 1 if order else 0, apply_turns, 1 if held else 0, 1 if made else 0)
)
