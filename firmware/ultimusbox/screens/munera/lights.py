"""The Munera screen's lights: one ring per gladiator (at his player's station) and one light per station.

Ring: stamina as an arc in the gladiator's colour from 12 o'clock; stamina below 0 red,
counter-clockwise from 12; fatigue dim amber from 11 o'clock going back (stamina drawn over
it). Knocked down: everything at half brightness; entangled: every third pixel white.
Spared: a standing line (12 and 6 o'clock) in his colour; killed or dead: a lying red line
(3 and 9 o'clock). The gladiator whose turn it is shows his AP left in white instead of his
stamina, with the chosen direction (move, turn) blinking cyan: 12 o'clock is where he faces.
The target picked for an attack has a blinking white pixel at 6 o'clock. A roll spins for
400 ms, then shows its dice in turn as pips (the first white, the second amber). The
beaten gladiator's ring blinks while he appeals; the winner's spins gold.
Station light: the gladiator's colour, amber when tired, red when exhausted, blinking
when injured; the one whose turn it is blinks white (all of them while stamina and the
order of play wait for confirm). docs/box.md describes it for
players; nothing is allocated per frame.
"""

from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE
from ultimusbox.screens.munera.entry import MOVE, TARGETED, TURN

COLOURS = (
    (0, 80, 255),  # blue
    (0, 200, 0),  # green
    (150, 0, 255),  # purple
    (255, 0, 160),  # pink
    (0, 200, 200),  # cyan
    (140, 140, 0),  # olive
)  # a gladiator's colour: the one of his player's station
HALF = tuple((c[0] // 2, c[1] // 2, c[2] // 2) for c in COLOURS)  # knocked down
HALF_WHITE = (128, 128, 128)
HALF_RED = (128, 0, 0)
AMBER = (255, 150, 0)
FATIGUE = (60, 35, 0)  # dim amber
HALF_FATIGUE = (30, 17, 0)
GOLD = (255, 150, 0)
CURSOR = (0, 255, 255)
SPIN_MS = 400
PIP_MS = 600
DICE_COLOURS = (WHITE, AMBER)
TARGET_PIXEL = 6


def options(screen, frame, k, blink):
    """Seat selection, on Munera's wheel k: the gladiator of the station that joined last, as
    his place in the list of lines (1-12 white pixels, 13-24 amber, 25-28 cyan); each joined station's
    light in its colour (the last to join blinks: mode and +/- change his gladiator)."""
    e = screen.entry
    joined = screen.shell.seats.joined
    if not joined:
        frame.ring(k, 0, WHITE)  # chosen: SHOUT at a station to join
    else:
        i = e.prof[joined[-1]]
        if i < board.RING_PIXELS:
            frame.count(k, i + 1, WHITE)
        elif i < 2 * board.RING_PIXELS:
            frame.count(k, i + 1 - board.RING_PIXELS, AMBER)
        else:
            frame.count(k, i + 1 - 2 * board.RING_PIXELS, CURSOR)
    for station in joined:
        colour = COLOURS[station]
        if station == joined[-1] and not blink:
            colour = OFF
        frame.set(board.seat_pixel(station), colour)


def render(screen, frame, now_ms, blink):
    s = screen.shell.game.state
    for g in range(s["players"]):
        _gladiator(screen, s, frame, g, blink, now_ms)
    _dice(screen, frame, now_ms)
    _stations(screen, s, frame, blink)


def _gladiator(screen, s, frame, g, blink, now_ms):
    e = screen.entry
    x = s["g"][g]
    r = screen.ring_of(g)
    station = r
    colour = COLOURS[station]
    phase = s["phase"]
    if x["out"] != "":
        # out of the bout: two pixels of his colour if spared, else two red ones
        spared = x["out"] == "spared"
        k = 0 if spared else 3
        c = colour if spared else RED
        frame.ring(r, k, c)
        frame.ring(r, k + 6, c)
        return
    if phase == "over":
        head = (now_ms // 80) % board.RING_PIXELS
        for i in range(board.RING_PIXELS):
            frame.ring(r, i, GOLD if i == head or (i + 6) % board.RING_PIXELS == head else colour)
        return
    if phase == "appeal" and s["waiting"][0] == g and not blink:
        return  # he appeals: his ring blinks
    down = x["down"]
    active = s["turn"] == g and phase == "act"
    fat = x["fat"]
    for i in range(fat if fat < board.RING_PIXELS else board.RING_PIXELS):
        frame.ring(r, board.RING_PIXELS - 1 - i, HALF_FATIGUE if down else FATIGUE)
    if active:
        frame.count(r, s["ap"], HALF_WHITE if down else WHITE)
    else:
        stam = x["stam"]
        if stam > 0:
            frame.count(r, stam, HALF[station] if down else colour)
        else:
            for i in range(-stam if -stam < board.RING_PIXELS else board.RING_PIXELS):
                frame.ring(r, board.RING_PIXELS - 1 - i, HALF_RED if down else RED)
    if x["tangle"] >= 0:
        for i in range(2, board.RING_PIXELS, 3):
            frame.ring(r, i, WHITE)
    if active:
        if e.menu == MOVE:
            frame.ring(r, 2 * (6 - e.param), CURSOR if blink else OFF)
        elif e.menu == TURN:
            frame.ring(r, 10 if e.param == 0 else 2, CURSOR if blink else OFF)
    if phase == "act" and e.target == g and e.menu in TARGETED:
        frame.ring(r, TARGET_PIXEL, WHITE if blink else OFF)


def _dice(screen, frame, now_ms):
    """The last roll: a spinning pixel, then each die in turn as pips on the roller's ring."""
    e = screen.entry
    if e.dice_at is None:
        return
    age = screen.shell.clock.diff(now_ms, e.dice_at)
    if age < 0 or age >= SPIN_MS + e.dice_n * PIP_MS:
        e.dice_at = None if age >= 0 else e.dice_at
        return
    r = e.dice_ring
    for i in range(board.RING_PIXELS):
        frame.ring(r, i, OFF)
    if age < SPIN_MS:
        frame.ring(r, (age // 33) % board.RING_PIXELS, WHITE)
        return
    n = (age - SPIN_MS) // PIP_MS
    frame.count(r, e.dice[n], DICE_COLOURS[n])


def _stations(screen, s, frame, blink):
    phase = s["phase"]
    for g in range(s["players"]):
        station = screen.ring_of(g)
        x = s["g"][g]
        colour = COLOURS[station]
        if phase == "over":
            colour = (GOLD if blink else OFF) if g == s["winner"] else OFF
        elif x["out"] != "":
            colour = OFF
        else:
            stam = x["stam"]
            fat = x["fat"]
            if fat > 2 * stam:
                colour = RED  # exhausted
            elif fat > stam:
                colour = AMBER  # tired
            lost = x["start"] - stam
            if lost > 0 and 2 * lost >= x["start"] and not blink:
                colour = OFF  # injured: blinking
            if blink and (g == screen.entry.acting or phase == "stamina" or phase == "order"):
                colour = WHITE  # his step (stamina and order: everyone's, confirm rolls)
        frame.set(board.seat_pixel(station), colour)
