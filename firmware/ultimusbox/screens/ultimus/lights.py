"""The ULTIMUS screen's lights: the health wheels and the station lights for a state and an entry.

render(screen, frame, now_ms, blink) draws the running game; options()
draws the seat selection's options on ULTIMUS's menu wheel. Both read the
core's state and the screen's entry and change neither. docs/box.md
describes the language for players.
"""

from games.ultimus.content import (
    BET_DIE,
    BET_WIN,
    BETTING_CARDS_BY_PLAYERS,
    NEW_GOLD_BY_PLAYERS,
    YELLING_CARDS_PER_PLAYER,
)
from games.ultimus.state import DEAD, PARDONED, SHOUT, WAITING, max_health
from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE
from ultimusbox.screens.ultimus.entry import (
    BLEED,
    BRING_BACK,
    DONE,
    DRUNK,
    EXTRA_CARD_FLASH,
    FALL,
    HEAL,
    NET,
    TAKE_LOUDEST,
    WOUND,
    WOUND_KNOCK,
    WOUNDING,
)

GLADIATOR_COLOURS = (
    (255, 96, 0),  # Tigris: orange
    (0, 200, 0),  # Sagittarius: green
    (0, 80, 255),  # Retiarius: blue
    (255, 0, 0),  # Murmillo: red
    (150, 0, 255),  # Barbarus: purple
    (255, 220, 0),  # Dimachaerus: yellow
)
LOST = (12, 12, 12)  # health lost, up to the wheel's maximum
NET_WHITE = (90, 90, 90)
DRUNK_MAGENTA = (255, 0, 160)
GOLD = (255, 150, 0)
GREEN = (0, 255, 0)
BLUE = (0, 0, 255)
BEGINNER_GREEN = (0, 60, 0)
SHOUTED = (120, 0, 0)
THOUGHT = (0, 0, 120)
MODE_COLOURS = {
    WOUND: RED,
    WOUND_KNOCK: (255, 80, 0),
    BLEED: (120, 0, 0),
    HEAL: GREEN,
    FALL: (0, 200, 200),
    NET: (120, 120, 255),
    DRUNK: DRUNK_MAGENTA,
    BRING_BACK: WHITE,
}
SEAT_MODE_COLOURS = {DONE: WHITE, TAKE_LOUDEST: GOLD}
BET_COLOURS = {BET_WIN: GOLD, BET_DIE: RED}  # invest: green


def half(c):
    return (c[0] >> 1, c[1] >> 1, c[2] >> 1)


FALLEN_COLOURS = tuple(half(c) for c in GLADIATOR_COLOURS)  # knocked down: half brightness, made once


def options(entry, frame, k):
    """Seat selection, on wheel k: the battles in gold; in beginners' mode the rest of the wheel glows green;
    the last pixel white: the reconstructed cards (thumbs down), not the balanced ones."""
    for i in range(board.RING_PIXELS):
        frame.ring(k, i, GOLD if i < entry.battles else (BEGINNER_GREEN if entry.beginner else OFF))
    if entry.reconstructed:
        frame.ring(k, board.RING_PIXELS - 1, WHITE)


def deal_count(players, k):
    """What wheel k counts while the table bets, each player's: 0 yelling cards, 1 betting cards, 2 new gold."""
    if k == 0:
        return YELLING_CARDS_PER_PLAYER
    return BETTING_CARDS_BY_PLAYERS[players] if k == 1 else NEW_GOLD_BY_PLAYERS[players]


def render(screen, frame, now_ms, blink):
    phase = screen.shell.game.state["phase"]
    if phase in ("loudest", "betting"):
        _set_up(screen, frame, blink, phase)
        return
    if phase != "over":  # at the final count the wheels show each station's gold
        _wheels(screen, frame, blink, now_ms)
    _stations(screen, frame, blink, now_ms)


def _set_up(screen, frame, blink, phase):
    shell = screen.shell
    s = shell.game.state
    for station in shell.settings["stations"]:
        seat = shell.seat_of_station(station)
        if phase == "loudest":
            frame.set(board.seat_pixel(station), WHITE if blink else OFF)
        else:
            frame.set(board.seat_pixel(station), GOLD if seat == s["loudest"] else WHITE)
    if phase == "betting":
        n = s["players"]
        frame.count(0, deal_count(n, 0), WHITE)
        frame.count(1, deal_count(n, 1), BLUE)
        frame.count(2, deal_count(n, 2), GOLD)


def _waiting_for_thumb(s, g):
    for entry in s["pollice_verso"]:
        if entry[0] == g:
            return True
    return False


def _wheels(screen, frame, blink, now_ms):
    s = screen.shell.game.state
    entry = screen.entry
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
        if _waiting_for_thumb(s, g):  # waiting for the thumb
            for i in range(board.RING_PIXELS):
                frame.ring(g, i, RED if (i % 2 == 0) == blink else WHITE)
            continue
        if s["phase"] == "battle_end" and g == s["winner"]:
            _celebrate(frame, g, colour, now_ms)
            continue
        hp = s["hp"][g]
        lit = FALLEN_COLOURS[g] if s["fallen"][g] else colour
        for i in range(min(max_health(s)[g], board.RING_PIXELS)):
            frame.ring(g, i, lit if i < hp else LOST)
        if s["drunk"][g] >= 0 and blink:
            for i in range(1, hp, 2):
                frame.ring(g, i, DRUNK_MAGENTA)
        if s["net"] == g:
            for i in range(0, board.RING_PIXELS, 3):
                frame.ring(g, i, NET_WHITE)
        if entry.gladiator == g and s["phase"] in ("action", "battle_end"):
            _selection(s, entry, frame, g, hp, colour, blink)


def _selection(s, entry, frame, g, hp, colour, blink):
    if s["phase"] == "battle_end":  # entering a payout: kind colour and coins
        kind_colour = BET_COLOURS.get(entry.bet_kind, GREEN)
        for i in range(board.RING_PIXELS):
            frame.ring(g, i, kind_colour if i < entry.coins else OFF)
        return
    n = entry.points
    if n and entry.mode in WOUNDING:
        for i in range(max(0, hp - n), hp):
            frame.ring(g, i, OFF if blink else colour)  # the wounds about to be dealt blink
    elif n and entry.mode == HEAL:
        for i in range(hp, min(hp + n, max_health(s)[g])):
            frame.ring(g, i, colour if blink else OFF)
    elif not blink:
        frame.ring(g, board.RING_PIXELS - 1, MODE_COLOURS[entry.mode])  # selected: the last pixel shows the mode


def _celebrate(frame, g, colour, now_ms):
    head = (now_ms // 80) % board.RING_PIXELS
    for i in range(board.RING_PIXELS):
        frame.ring(g, i, colour)
    frame.ring(g, head, GOLD)
    frame.ring(g, head + 6, GOLD)


def _stations(screen, frame, blink, now_ms):
    shell, entry = screen.shell, screen.entry
    s = shell.game.state
    phase = s["phase"]
    active = screen.active_seat()
    for seat in range(s["players"]):
        station = shell.station_of_seat(seat)
        colour = OFF
        if phase == "entrance":
            colour = WHITE if seat == active and blink else OFF
        elif phase == "shout":
            colour = OFF  # secret: no light for a press until the reveal
        elif phase == "action":
            colour = SHOUTED if s["shout"][seat] == SHOUT else THOUGHT
            if s["pollice_verso"] and seat == s["loudest"]:
                colour = GOLD if blink else OFF
            elif seat == active:
                if entry.gladiator >= 0:
                    colour = MODE_COLOURS[entry.mode]
                else:
                    colour = SEAT_MODE_COLOURS.get(entry.seat_mode, GREEN)
                if entry.pollice_verso and not blink:
                    colour = OFF  # the pollice verso flag of the card: the active light blinks
            elif seat == s["loudest"]:
                colour = GOLD
        elif phase == "battle_end":
            colour = WHITE if seat == entry.payer else (GOLD if seat == s["loudest"] else OFF)
            if seat != entry.payer and s.get("unsettled") and s["unsettled"][seat]:
                colour = GOLD if blink else OFF  # coins of this battle's new gold still to enter: blinks gold
        elif phase == "over":
            colour = GOLD if seat in s["champions"] and blink else OFF
            frame.count(station, s["gold"][seat], GOLD)  # each station's gold on the wheel in front of it
        if shell.flashing(EXTRA_CARD_FLASH[seat], now_ms):
            colour = GREEN
        frame.set(board.seat_pixel(station), colour)
