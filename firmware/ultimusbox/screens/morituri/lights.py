"""The Morituri screen's lights: one ring per figure and one light per station, from the state and the entry.

Ring f is figure f: his hit points from 12 o'clock in his class's colour
(lost ones faint), his owner's colour at 6 o'clock. Lying on his back
(waiting to implore, or spared and resting): a horizontal line in his
colour, blinking while he waits; dead or removed: a red horizontal line.
Station lights: Caesar gold, a seat barred from the next initiative red,
the others their own colour (the one at 6 o'clock on their rings). A roll
spins for 400 ms, then shows each die in turn as pips (the one who acts
white, the other amber). docs/box.md describes it for players; nothing is
allocated per frame.
"""

from games.morituri.checks import activatable
from games.morituri.content import CLASS_NAMES, START_HP
from games.morituri.state import hp, is_lying, is_out
from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE

CLASS_COLOURS = (
    (0, 80, 255),  # heavy: steel blue
    (0, 200, 0),  # light: green
    (255, 96, 0),  # animal: orange
    (150, 0, 255),  # rhino: purple
)  # in the order of content.CLASS_NAMES
STATION_COLOURS = ((60, 60, 0), (0, 60, 60), (60, 0, 60), (60, 30, 0), (30, 60, 0), (0, 30, 60))
MENU_COLOURS = (
    (255, 255, 255),  # none
    (0, 255, 0),  # moved to contact +1
    (255, 150, 0),  # attacked from the side -1
    (255, 0, 0),  # attacked from the back -2
    (0, 200, 200),  # contact and side 0
    (255, 0, 160),  # contact and back -1
)  # in the order of content.MENU
AMBER = (255, 150, 0)
GOLD = (255, 150, 0)
GREEN = (0, 255, 0)
LOST = (12, 12, 12)
DIM = (40, 40, 40)
OWNER_PIXEL = 6
CALL_PIXEL = 11  # movement: a figure Caesar may still call; melee: who acts / his target
SPIN_MS = 400
PIP_MS = 600
SIDE_COLOURS = (WHITE, AMBER)  # dice of the one who acts / of the other


def class_colour(cls):
    return CLASS_COLOURS[CLASS_NAMES.index(cls)]


def callable_now(s, f):
    """Movement: Caesar may still call on figure f this round (the rule is games.morituri.checks')."""
    return f not in s["activated"] and activatable(s, f)


def options(screen, frame, k, blink):
    """Seat selection, on Morituri's wheel k: figures per station as white pixels; each joined
    station's light in its class's colour (the last to join blinks: mode changes his class)."""
    e = screen.entry
    joined = screen.shell.seats.joined
    frame.count(k, e.per_station, WHITE)
    for station in joined:
        colour = CLASS_COLOURS[e.cls[station]]
        if station == joined[-1] and not blink:
            colour = OFF
        frame.set(board.seat_pixel(station), colour)


def render(screen, frame, now_ms, blink):
    s = screen.shell.game.state
    for f in range(len(s["cls"])):  # not figures(s): a range object would be allocated every frame
        _figure(screen, s, frame, f, blink, now_ms)
    _dice(screen, frame, now_ms)
    _stations(screen, s, frame, blink)


def _figure(screen, s, frame, f, blink, now_ms):
    shell, e = screen.shell, screen.entry
    colour = class_colour(s["cls"][f])
    owner = STATION_COLOURS[shell.station_of_seat(s["owner"][f])]
    if is_out(s, f):
        frame.ring(f, 3, RED)
        frame.ring(f, 9, RED)
        return
    phase = s["phase"]
    if phase == "over":
        head = (now_ms // 80) % board.RING_PIXELS
        for i in range(board.RING_PIXELS):
            frame.ring(f, i, GOLD if i == head or i == head + 6 - board.RING_PIXELS or i == head + 6 else colour)
        return
    asked = _asked(s, f)
    if asked >= 0:  # the crowd has spoken: green spares, red kills; waiting for Caesar's thumb
        for i in range(board.RING_PIXELS):
            frame.ring(f, i, (GREEN if asked else RED) if (i % 2 == 0) == blink else WHITE)
        return
    if is_lying(s, f):
        waiting = f in s["waiting"]
        lit = colour if not waiting or blink or e.fallen == f else OFF
        frame.ring(f, 3, lit)
        frame.ring(f, 9, lit)
        if waiting and e.fallen == f:
            frame.ring(f, CALL_PIXEL, WHITE if blink else OFF)
        if waiting and e.table_die and screen.called() == f:
            frame.count(f, e.table_die, WHITE)  # the appeal die rolled on the table
        frame.ring(f, OWNER_PIXEL, owner)
        return
    life = hp(s, f)
    for i in range(START_HP):
        frame.ring(f, i, colour if i < life else LOST)
    frame.ring(f, OWNER_PIXEL, owner)
    if phase == "movement" and callable_now(s, f):
        frame.ring(f, CALL_PIXEL, WHITE if blink else OFF)
    elif phase == "melee" and (f == e.fighter or f == e.target):
        side = 0 if f == e.fighter else 1
        frame.ring(f, CALL_PIXEL, SIDE_COLOURS[side])
        menu = MENU_COLOURS[e.menu[side]]
        frame.ring(f, CALL_PIXEL - 1, menu if blink or side != e.side else OFF)
        frame.ring(f, CALL_PIXEL - 2, menu)


def _asked(s, f):
    """The crowd's verdict on f waiting for the thumb (1 spare, 0 kill), or -1."""
    if s["crowd"] and s["crowd"][0]["data"][0] == f:
        return s["crowd"][0]["data"][1]
    return -1


def _dice(screen, frame, now_ms):
    """The last roll: a spinning pixel, then each die in turn as pips on the roller's ring."""
    e = screen.entry
    if e.dice_at is None:
        return
    age = screen.shell.clock.diff(now_ms, e.dice_at)
    longest = e.dice_n[0] if e.dice_n[0] > e.dice_n[1] else e.dice_n[1]
    if age < 0 or age >= SPIN_MS + longest * PIP_MS:
        e.dice_at = None if age >= 0 else e.dice_at
        return
    for k in range(2):
        ring = e.dice_rings[k]
        if ring < 0 or not e.dice_n[k]:
            continue
        for i in range(board.RING_PIXELS):
            frame.ring(ring, i, OFF)
        colour = SIDE_COLOURS[k]
        if age < SPIN_MS:
            frame.ring(ring, (age // 33) % board.RING_PIXELS, colour)
            continue
        n = (age - SPIN_MS) // PIP_MS
        if n < e.dice_n[k]:
            frame.count(ring, e.dice[k][n], colour)
            frame.ring(ring, board.RING_PIXELS - 1 - n, DIM)  # which die: 1st, 2nd, 3rd from 11 o'clock back


def _stations(screen, s, frame, blink):
    shell, e = screen.shell, screen.entry
    phase = s["phase"]
    for seat in range(s["players"]):
        station = shell.station_of_seat(seat)
        colour = STATION_COLOURS[station]
        if phase == "over":
            colour = (GOLD if blink else OFF) if seat == s["winner"] else OFF
        elif s["barred"][seat]:
            colour = RED  # overrode the crowd: sits out the next initiative
        elif phase == "initiative":
            colour = WHITE if blink else OFF  # everyone rolls: confirm
        elif seat == s["caesar"]:
            colour = GOLD
            if phase == "melee" and e.fighter >= 0:
                colour = MENU_COLOURS[e.menu[e.side]]
            elif phase == "melee" and e.ending:
                colour = WHITE if blink else OFF
            elif phase == "implore" and s["crowd"]:
                colour = GOLD if blink else OFF
        frame.set(board.seat_pixel(station), colour)
