"""The board game screen's lights: one ring per player (at his station) and one light per station.

Ring k is the gladiator of the player at station k: his permanent hit points
in gold from 12 o'clock (past 12, a second lap in white); in a fight, his
combat hit points in red and those the fight took in faint gold. In Roma: a
purple pixel at 6 o'clock. Dead: a red horizontal line (dim while he rests
under alternate rule 2). The arena's players picked: an amber pixel at 11
o'clock. Station lights: the player whose step it is blinks gold (steady
gold: whose turn it is, while another acts), the others white, the dead red,
all blinking white at the roll-off;
over: the winner blinks gold. A roll spins for 400 ms on the roller's ring,
then shows each die as white pips; a die being entered from the table shows
as white pips on its roller's ring. docs/box.md describes it for players;
nothing is allocated per frame.
"""

from games.morituri_board.content import MAX_VALUE
from games.morituri_board.state import DEAD, REST, ROMA
from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE
from ultimusbox.screens.morituri_board.entry import RULE_1, RULE_2, VALUE_ITEMS

GOLD = (255, 150, 0)
FAINT_GOLD = (30, 18, 0)
DIM_RED = (40, 0, 0)
PURPLE = (150, 0, 255)
AMBER = (255, 90, 0)
GREEN = (0, 255, 0)
DIM = (40, 40, 40)
STATION = (60, 60, 60)
ROMA_PIXEL = 6
PICK_PIXEL = 11
SPIN_MS = 400
PIP_MS = 600


def options(screen, frame, k, blink):
    """Seat selection, on the game's wheel k: the item MODE is on. On an alternate rule, pixel 10
    (rule 1) or 11 (rule 2) blinks, green if on; on a card's value, the value as white pips
    (0: one dim pixel at 12 o'clock) and pixels 10 and 11 dim."""
    e = screen.entry
    rule_1 = GREEN if e.last_alive else DIM
    rule_2 = GREEN if e.rejoin else DIM
    if e.item == RULE_1 or e.item == RULE_2:
        if not blink:
            if e.item == RULE_1:
                rule_1 = OFF
            else:
                rule_2 = OFF
    else:
        card, what = VALUE_ITEMS[e.item - 2]
        v = e.values[card][what - 2]
        if v:
            frame.count(k, v if v <= MAX_VALUE else MAX_VALUE, WHITE)
        else:
            frame.ring(k, 0, DIM)
    frame.ring(k, 10, rule_1)
    frame.ring(k, 11, rule_2)


def render(screen, frame, now_ms, blink):
    s = screen.shell.game.state
    for p in range(s["players"]):
        _player(screen, s, frame, p, blink)
    e = screen.entry
    if e.table_die and s["phase"] != "over":  # a die rolled on the table, being entered: its pips
        if e.die_seat >= 0:
            k = screen.shell.station_of_seat(e.die_seat)
            for i in range(board.RING_PIXELS):
                frame.ring(k, i, OFF)
            frame.count(k, e.table_die, WHITE)
    _dice(screen, frame, now_ms)
    _stations(screen, s, frame, blink)


def _hp(frame, k, n, colour, second):
    """n hit points on ring k from 12 o'clock; past 12, a second lap in `second`."""
    laps = n - board.RING_PIXELS
    for i in range(board.RING_PIXELS):
        if i < laps:
            frame.ring(k, i, second)
        elif i < n:
            frame.ring(k, i, colour)


def _player(screen, s, frame, p, blink):
    shell, e = screen.shell, screen.entry
    k = shell.station_of_seat(p)
    where = s["where"][p]
    if where == DEAD or where == REST:
        colour = RED if where == DEAD else DIM_RED
        frame.ring(k, 3, colour)
        frame.ring(k, 9, colour)
        return
    f = s["fight"]
    side = -1
    if f is not None:
        side = 0 if f["a"] == p else (1 if f["b"] == p else -1)
    if side >= 0:
        _hp(frame, k, s["hp"][p], FAINT_GOLD, FAINT_GOLD)  # what the fight takes comes back after it
        _hp(frame, k, f["hp"][side], RED, WHITE)
    else:
        _hp(frame, k, s["hp"][p], GOLD, WHITE)
    if where == ROMA:
        frame.ring(k, ROMA_PIXEL, PURPLE)
    if s["phase"] == "space" and e.vs[k] and screen.item() == "arena":
        frame.ring(k, PICK_PIXEL, AMBER if blink else OFF)
    if s["phase"] == "over" and p == s["winner"]:
        for i in range(board.RING_PIXELS):
            frame.ring(k, i, GOLD if (i % 2 == 0) == blink else WHITE)


def _dice(screen, frame, now_ms):
    """The last roll: a spinning pixel, then each die in turn as pips on the roller's ring."""
    e = screen.entry
    if e.dice_at is None:
        return
    age = screen.shell.clock.diff(now_ms, e.dice_at)
    if age < 0 or age >= SPIN_MS + e.dice_n * PIP_MS:
        e.dice_at = None if age >= 0 else e.dice_at
        return
    k = e.dice_ring
    for i in range(board.RING_PIXELS):
        frame.ring(k, i, OFF)
    if age < SPIN_MS:
        frame.ring(k, (age // 33) % board.RING_PIXELS, WHITE)
        return
    n = (age - SPIN_MS) // PIP_MS
    frame.count(k, e.dice[n], WHITE)
    frame.ring(k, board.RING_PIXELS - 1 - n, DIM)  # which die: 1st, 2nd... from 11 o'clock back


def _stations(screen, s, frame, blink):
    shell = screen.shell
    actor = screen.actor()
    for p in range(s["players"]):
        colour = STATION
        if s["phase"] == "over":
            colour = (GOLD if blink else OFF) if p == s["winner"] else OFF
        elif s["where"][p] == DEAD or s["where"][p] == REST:
            colour = RED
        elif s["phase"] == "start":
            colour = WHITE if blink else OFF  # everyone rolls: confirm
        elif p == actor:
            colour = GOLD if blink else OFF
        elif p == s["active"]:
            colour = GOLD
        frame.set(board.seat_pixel(shell.station_of_seat(p)), colour)
