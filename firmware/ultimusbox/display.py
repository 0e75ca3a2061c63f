"""The LED language: a frame for the six health wheels and the station lights.

render(app, now_ms) returns the whole chain as bytes (R, G, B per pixel, at
full scale); the LED driver applies the brightness cap. Animations (blinks,
the ultimum gladiator's chase) come from now_ms alone, so a frame depends
only on the game, the input state and the time. docs/box.md describes the
language for players.
"""

from ultimus.content import MAX_HEALTH, BET_WIN, BET_DIE
from ultimus.state import DEAD, PARDONED, SHOUT, WAITING

from ultimusbox import board
from ultimusbox.app import WOUND, WOUND_KNOCK, BLEED, HEAL, FALL, NET, DRUNK, BRING_BACK, DONE, TAKE_LOUDEST

GLADIATOR_COLOURS = (
    (255, 96, 0),  # Tigris: orange
    (0, 200, 0),  # Sagittarius: green
    (0, 80, 255),  # Retiarius: blue
    (255, 0, 0),  # Murmillo: red
    (150, 0, 255),  # Barbarus: purple
    (255, 220, 0),  # Dimachaerus: yellow
)
OFF = (0, 0, 0)
WHITE = (255, 255, 255)
LOST = (12, 12, 12)  # health lost, up to the wheel's maximum
NET_WHITE = (90, 90, 90)
DRUNK_MAGENTA = (255, 0, 160)
GOLD = (255, 150, 0)
RED = (255, 0, 0)
GREEN = (0, 255, 0)
BLUE = (0, 0, 255)
SHOUTED = (120, 0, 0)
THOUGHT = (0, 0, 120)
MODE_COLOURS = {WOUND: RED, WOUND_KNOCK: (255, 80, 0), BLEED: (120, 0, 0), HEAL: GREEN, FALL: (0, 200, 200),
                NET: (120, 120, 255), DRUNK: DRUNK_MAGENTA, BRING_BACK: WHITE}
SEAT_MODE_COLOURS = {DONE: WHITE, TAKE_LOUDEST: GOLD}
BET_COLOURS = {BET_WIN: GOLD, BET_DIE: RED}  # invest: green

BLINK_MS = 250


def half(c):
    return (c[0] >> 1, c[1] >> 1, c[2] >> 1)


_DARK = bytes(board.PIXELS * 3)


class Frame:
    def __init__(self):
        self.data = bytearray(board.PIXELS * 3)

    def clear(self):
        self.data[:] = _DARK  # same length: no new buffer, no garbage per frame

    def set(self, index, colour):
        i = index * 3
        self.data[i] = colour[0]
        self.data[i + 1] = colour[1]
        self.data[i + 2] = colour[2]

    def ring(self, ring, i, colour):
        self.set(board.ring_pixel(ring, i % board.RING_PIXELS), colour)

    def count(self, ring, n, colour):
        """The first n pixels of a ring lit: how the box shows a number up to 12."""
        for i in range(min(n, board.RING_PIXELS)):
            self.ring(ring, i, colour)


def render(app, now_ms, frame=None):
    """The chain's bytes for this instant; pass a Frame to reuse its buffer (the box does)."""
    if frame is None:
        frame = Frame()
    else:
        frame.clear()
    blink = (now_ms // BLINK_MS) % 2 == 0
    phase = app.phase
    if phase == "selftest":
        _selftest(app, frame, now_ms)
    elif phase == "seats":
        _seat_selection(app, frame, blink)
    elif phase in ("loudest", "betting"):
        _set_up(app, frame, blink, phase)
    else:
        if phase != "over":  # at the final count the wheels show each station's gold
            _wheels(app, frame, blink, now_ms)
        _stations(app, frame, blink, now_ms)
    if app.flashing("error", now_ms):
        # a refused input: every playing station blinks red fast, nothing else changed
        fast = (now_ms // 100) % 2 == 0
        for station in _playing_stations(app):
            frame.set(board.seat_pixel(station), RED if fast else OFF)
    return frame.data


def _playing_stations(app):
    return app.settings["stations"] if app.settings else app.joined


SELFTEST_COLOURS = (RED, GREEN, BLUE, WHITE)  # white is the worst frame the supply must carry


def _selftest(app, frame, now_ms):
    colour = SELFTEST_COLOURS[(now_ms // 1000) % len(SELFTEST_COLOURS)]
    for i in range(board.PIXELS):
        frame.set(i, colour)
    b = app.last_button
    if b >= 0 and app.flashing("button", now_ms):  # echo: the pixel that belongs to the button
        if b < board.WHEEL_0:
            frame.set(board.seat_pixel(b % board.STATIONS), OFF)
        elif b < board.WHEEL_0 + 6:
            for i in range(board.RING_PIXELS):
                frame.ring(b - board.WHEEL_0, i, OFF)
        else:
            frame.count(b - board.WHEEL_0 - 6, board.RING_PIXELS, OFF)  # controls darken wheels 0-5


def _seat_selection(app, frame, blink):
    for station in app.joined:
        frame.set(board.seat_pixel(station), WHITE)
    frame.count(0, app.battles, GOLD)  # how many battles
    if app.beginner:
        frame.count(1, board.RING_PIXELS, (0, 60, 0))  # beginners' mode: no countdown


def _set_up(app, frame, blink, phase):
    s = app.game.state
    for station in app.settings["stations"]:
        seat = app.seat_of_station(station)
        if phase == "loudest":
            frame.set(board.seat_pixel(station), WHITE if blink else OFF)
        else:
            frame.set(board.seat_pixel(station), GOLD if seat == s["loudest"] else WHITE)
    if phase == "betting":
        from ultimus.content import YELLING_CARDS_PER_PLAYER, BETTING_CARDS_BY_PLAYERS, NEW_GOLD_BY_PLAYERS

        n = s["players"]
        frame.count(0, YELLING_CARDS_PER_PLAYER, WHITE)
        frame.count(1, BETTING_CARDS_BY_PLAYERS[n], BLUE)
        frame.count(2, NEW_GOLD_BY_PLAYERS[n], GOLD)


def _wheels(app, frame, blink, now_ms):
    s = app.game.state
    pending_pv = [g for g, _ in s["pollice_verso"]]
    for g in range(6):
        status = s["status"][g]
        colour = GLADIATOR_COLOURS[g]
        if status == WAITING:
            continue
        if status == DEAD:  # lying in the middle of his wheel: a horizontal line
            frame.ring(g, 3, RED)
            frame.ring(g, 9, RED)
            continue
        if status == PARDONED:  # standing: a vertical line
            frame.ring(g, 0, WHITE)
            frame.ring(g, 6, WHITE)
            continue
        if g in pending_pv:  # waiting for the thumb
            for i in range(board.RING_PIXELS):
                frame.ring(g, i, RED if (i % 2 == 0) == blink else WHITE)
            continue
        if s["phase"] == "battle_end" and g == s["winner"]:
            _celebrate(frame, g, colour, now_ms)
            continue
        hp = s["hp"][g]
        lit = half(colour) if s["fallen"][g] else colour
        for i in range(min(MAX_HEALTH[g], board.RING_PIXELS)):
            frame.ring(g, i, lit if i < hp else LOST)
        if s["drunk"][g] >= 0 and blink:
            for i in range(1, hp, 2):
                frame.ring(g, i, DRUNK_MAGENTA)
        if s["net"] == g:
            for i in range(0, board.RING_PIXELS, 3):
                frame.ring(g, i, NET_WHITE)
        if app.selected == g and s["phase"] in ("action", "battle_end"):
            _selection(app, frame, g, hp, colour, blink)


def _selection(app, frame, g, hp, colour, blink):
    s = app.game.state
    if s["phase"] == "battle_end":  # entering a payout: kind colour and coins
        kind_colour = BET_COLOURS.get(app.bet_kind, GREEN)
        for i in range(board.RING_PIXELS):
            frame.ring(g, i, kind_colour if i < app.coins else OFF)
        return
    if app.pending and app.mode in (WOUND, WOUND_KNOCK, BLEED):
        for i in range(max(0, hp - app.pending), hp):
            frame.ring(g, i, OFF if blink else colour)  # the wounds about to be dealt blink
    elif app.pending and app.mode == HEAL:
        for i in range(hp, min(hp + app.pending, MAX_HEALTH[g])):
            frame.ring(g, i, colour if blink else OFF)
    elif not blink:
        frame.ring(g, board.RING_PIXELS - 1, MODE_COLOURS[app.mode])  # selected: the last pixel shows the mode


def _celebrate(frame, g, colour, now_ms):
    head = (now_ms // 80) % board.RING_PIXELS
    for i in range(board.RING_PIXELS):
        frame.ring(g, i, colour)
    frame.ring(g, head, GOLD)
    frame.ring(g, head + 6, GOLD)


def _stations(app, frame, blink, now_ms):
    s = app.game.state
    phase = s["phase"]
    active = app.active_seat()
    for seat in range(s["players"]):
        station = app.station_of_seat(seat)
        colour = OFF
        if phase == "entrance":
            placing = (s["loudest"] + s["placed"]) % s["players"]
            colour = WHITE if seat == placing and blink else OFF
        elif phase == "shout":
            colour = OFF  # secret: no light for a press until the reveal
        elif phase == "action":
            colour = SHOUTED if s["shout"][seat] == SHOUT else THOUGHT
            if s["pollice_verso"] and seat == s["loudest"]:
                colour = GOLD if blink else OFF
            elif seat == active:
                if app.selected >= 0:
                    colour = MODE_COLOURS[app.mode]
                else:
                    colour = SEAT_MODE_COLOURS.get(app.seat_mode, GREEN)
                if app.pv and not blink:
                    colour = OFF  # the pollice verso flag of the card: the active light blinks
            elif seat == s["loudest"]:
                colour = GOLD
        elif phase == "battle_end":
            colour = WHITE if seat == app.payer else (GOLD if seat == s["loudest"] else OFF)
        elif phase == "over":
            colour = GOLD if seat in s["champions"] and blink else OFF
            frame.count(station, s["gold"][seat], GOLD)  # each station's gold on the wheel in front of it
        if app.flashing("extra%d" % seat, now_ms):
            colour = GREEN
        frame.set(board.seat_pixel(station), colour)
