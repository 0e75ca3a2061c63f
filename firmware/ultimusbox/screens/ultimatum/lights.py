"""The Ultimatum screen's lights: the map on the six rings and one light per station.

Rings 1-4 are the Western, Communist, Peace and Oil alliances: pixel i is the
alliance's nation i+1 in its holder's station colour (dark while free), and
pixel 11 the colour of the seat holding the whole alliance. Rings 5 and 6 are
the sea places 1-12 and 13-23 (blockades 1-14, then anchors 1-9): the holder's
colour, a vacant blockade faint blue, a vacant anchor dark. The place fought
over blinks red; the nation or place being entered blinks white (one entered
before it is steady white). A roll shows for a moment on the ring fought
over: the attacker's die as white pips from 12 o'clock, the defender's amber
from 6 o'clock (the green die: green WIN, red LOSE, amber DRAW). Station
lights: each seat's colour; the seat entering blinks between its colour and
the colour of the action it enters; at the end the winner blinks gold.
docs/box.md tells the players; nothing is allocated per frame.
"""

from games.ultimatum.content import ALLIANCE_OF, BLOCKADES, N_NATIONS, N_SEAS
from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE
from ultimusbox.screens.ultimatum.entry import FIRST_OF, NATION, PLACE, SEA, UNSET

STATION_COLOURS = ((255, 200, 0), (0, 200, 255), (255, 0, 200), (255, 80, 0), (120, 255, 0), (80, 0, 255))
AMBER = (255, 150, 0)
GOLD = (255, 150, 0)
GREEN = (0, 255, 0)
SEA_BLUE = (0, 0, 40)  # a vacant naval blockade
DIM = (40, 40, 40)
GREEN_FACES = (GREEN, RED, AMBER)  # WIN, LOSE, DRAW: the green die's faces in content.GREEN's order (1, 3, 5)
DICE_MS = 1500
SEA_RING = 12
ACTION_COLOURS = {
    "roll_off": WHITE,
    "take": WHITE,
    "fleet": (0, 0, 255),
    "attack": RED,
    "blitz": (255, 0, 80),
    "roll": WHITE,
    "stop": DIM,
    "occupy": GREEN,
    "fire": (0, 0, 255),
    "sail": (0, 120, 255),
    "buy": GOLD,
    "reinforce": GOLD,  # pieces placed, as bought ones
    "intelligence": (120, 120, 255),
    "war": RED,
    "end": DIM,
    "commando": (150, 0, 255),
    "airlift": (0, 255, 200),
    "bomber": (255, 0, 255),
    "laser": (255, 255, 0),
    "fire_back": (255, 255, 0),
    "minefield": (255, 60, 0),
    "ocean_mine": (255, 60, 0),
    "anti_aircraft": (255, 0, 255),
}


def options(screen, frame, k, blink):
    """Seat selection, on Ultimatum's wheel k: the alliances' four colours at 12, 3, 6 and 9 o'clock."""
    for i in range(4):
        frame.ring(k, 3 * i, STATION_COLOURS[i])
    for station in screen.shell.seats.joined:
        frame.set(board.seat_pixel(station), STATION_COLOURS[station])


def nation(frame, n, colour):
    """Nation n's pixel: on its alliance's ring, in the alliance's order (no tuple: nothing allocated)."""
    a = ALLIANCE_OF[n]
    frame.ring(a, n - FIRST_OF[a], colour)


def sea(frame, b, colour):
    """Sea place b's pixel: places 1-12 on ring 5, 13-23 on ring 6."""
    if b < SEA_RING:
        frame.ring(4, b, colour)
    else:
        frame.ring(5, b - SEA_RING, colour)


def render(screen, frame, now_ms, blink):
    shell = screen.shell
    s = shell.game.state
    owner = s["owner"]
    for n in range(N_NATIONS):
        nation(frame, n, STATION_COLOURS[shell.station_of_seat(owner[n])] if owner[n] >= 0 else OFF)
    for a in range(4):
        holder = s["whole"][a]
        if holder >= 0:
            frame.ring(a, board.RING_PIXELS - 1, STATION_COLOURS[shell.station_of_seat(holder)])
    holders = s["sea"]
    for b in range(N_SEAS):
        if holders[b] >= 0:
            colour = STATION_COLOURS[shell.station_of_seat(holders[b])]
        else:
            colour = SEA_BLUE if b < BLOCKADES else OFF
        sea(frame, b, colour)
    battle = s["battle"]
    if battle is not None and not blink:
        if battle.get("n", -1) >= 0:
            nation(frame, battle["n"], RED)
        else:
            sea(frame, battle["b"], RED)
    if s["phase"] != "over":
        _entered(screen, frame, blink)
    _dice(screen, frame, now_ms)
    _stations(screen, s, frame, blink)


def _entered(screen, frame, blink):
    """The nations and places entered so far: the one being entered blinks white."""
    e = screen.entry
    fields = e.fields()
    for i in range(len(fields)):
        v = e.vals[i]
        kind = e.kind(i)
        if v < 0 or (kind != NATION and kind != SEA and kind != PLACE):  # no tuple built per frame
            continue
        colour = WHITE if i != e.field or blink else OFF
        if kind == NATION or (kind == PLACE and v < N_NATIONS):
            nation(frame, v, colour)
        else:
            sea(frame, v - N_NATIONS if kind == PLACE else v, colour)


def _dice(screen, frame, now_ms):
    e = screen.entry
    if e.dice_at is None:
        return
    age = screen.shell.clock.diff(now_ms, e.dice_at)
    if age < 0 or age >= DICE_MS or e.dice_ring == UNSET:
        e.dice_at = None if age >= DICE_MS else e.dice_at
        return
    ring = e.dice_ring
    for i in range(board.RING_PIXELS):
        frame.ring(ring, i, OFF)
    half = board.RING_PIXELS // 2
    if e.green:
        colour = GREEN_FACES[(e.dice[0] - 1) // 2]
        for i in range(half):
            frame.ring(ring, i, colour)
        return
    for k in range(e.dice_n):
        for i in range(e.dice[k]):
            frame.ring(ring, i + k * half, WHITE if k == 0 else AMBER)


def _stations(screen, s, frame, blink):
    shell, e = screen.shell, screen.entry
    phase = s["phase"]
    acting = screen.seat() if phase != "over" else UNSET
    for seat in range(s["players"]):
        station = shell.station_of_seat(seat)
        colour = STATION_COLOURS[station]
        if phase == "over":
            colour = (GOLD if blink else OFF) if seat == s["winner"] else OFF
        elif phase in ("roll_off", "fleet_roll_off"):
            colour = colour if blink else OFF  # everyone rolls: confirm
        elif seat == acting and not blink:
            colour = ACTION_COLOURS.get(e.name, WHITE)
        frame.set(board.seat_pixel(station), colour)
