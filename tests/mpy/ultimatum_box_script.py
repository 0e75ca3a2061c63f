"""Ultimatum pressed on the box's buttons: a person's presses for any action, and a whole game of them.

next_press(screen, action) is what a person at the table presses next to enter
`action` on the box (THINK to take the buttons, MODE to the action, the wheels
and +/- to each number, CONFIRM): it reads only what the lights show (the
entry). record() plays a whole game between sensible bots, every action entered
on the buttons of a box on fake drivers, and returns the presses as a script
for box_battle.run_line (tests/test_ultimatum_box.py, the power cuts, and
ultimatum_box_heap.py under MicroPython, which reads the presses from a file).
"""

from games.ultimatum.content import ALLIANCE_OF, KINDS, N_NATIONS
from ultimusbox import board
from ultimusbox.screens.ultimatum.entry import KIND, NATION, PLACE, SEA, SEA_RING, VESSEL, VESSELS

SEED = 41  # what the box's entropy source gives
STATIONS = (0, 2, 4)  # three players: stations 1, 3 and 5
W = board.WHEEL_0


def _want(action, key, kind):
    if kind == PLACE:
        return action["n"] if "n" in action else N_NATIONS + action["b"]
    if kind == KIND:
        return KINDS.index(action[key])
    if kind == VESSEL:
        return VESSELS.index(action[key])
    return action[key]


def next_press(screen, action):
    """The next button a person presses to enter `action` (CONFIRM when it is all entered)."""
    e, shell = screen.entry, screen.shell
    seat = action.get("p", -1)
    if screen.seat() != seat:
        return board.THINK_0 + shell.station_of_seat(seat)
    if e.name != action["a"]:
        return board.MODE
    for i in range(min(e.field, len(e.fields()))):  # a field entered before that is not the action's: back
        if e.kind(i) >= 0 and e.vals[i] != _want(action, e.key(i), e.kind(i)):
            return board.THUMB_DOWN
    if e.field >= len(e.fields()):
        return board.CONFIRM
    key = e.key(e.field)
    kind = e.kind(e.field)
    want = _want(action, key, kind)
    v = e.vals[e.field]
    if v == want:
        return board.CONFIRM
    if kind == PLACE:
        kind, want = (NATION, want) if want < N_NATIONS else (SEA, want - N_NATIONS)
    if kind == NATION:
        return W + ALLIANCE_OF[want]
    if kind == SEA:
        return W + (4 if want < SEA_RING else 5)
    return board.PLUS if v < want else board.MINUS


def enter(fb, box, action, run_line, out=None, limit=200):
    """Press `action` in on the box; the presses are added to out. True when the core took it."""
    count = len(box.shell.journal)
    for _ in range(limit):
        b = next_press(box.shell.screen, action)
        line = ("press", b)
        run_line(fb, box, line)
        if out is not None:
            out.append(line)
        if len(box.shell.journal) > count:
            return True
        if box.shell.flashing("error", fb.clock.ms()):
            return False
    return False


def join(stations=STATIONS):
    """The presses from power-on to the first roll-off: wheel 3 chooses Ultimatum, SHOUT at each station."""
    return [("press", W + 2)] + [("press", board.SHOUT_0 + st) for st in stations] + [("press", board.CONFIRM)]


def record(new_box, run_line, limit=None, seed=SEED, stations=STATIONS):
    """A whole game of sensible bots pressed on a new box (or its first `limit` actions):
    (script, box, fake board). Each bot sees only its seat's view and its legal actions."""
    from games.ultimatum.legal import legal_actions
    from ultimus_host.games.ultimatum.bots import SensibleBot

    fb, box = new_box(seed=seed)
    script = join(stations)
    for line in script:
        run_line(fb, box, line)
    game = box.shell.game
    bots = [SensibleBot(seed * 7 + p) for p in range(len(stations))]
    passed = set()
    while game.phase != "over" and (limit is None or len(box.shell.journal) < limit):
        s = game.state
        actors = game.actors()
        action = None
        if not actors:
            action = legal_actions(s, -1)[0]
        else:
            for other in actors[1:]:
                if other not in passed:
                    action = bots[other].respond(game.seat_view(other), legal_actions(s, other))
                    if action is not None:
                        break
                    passed.add(other)
            if action is None:
                action = bots[actors[0]].choose(game.seat_view(actors[0]), legal_actions(s, actors[0]))
        if not enter(fb, box, action, run_line, script):
            raise AssertionError("the box did not take %r" % (action,))
        passed.clear()
    return script, box, fb
