"""The seat selection and the game menu: what the box shows and takes before a game.

SHOUT or THINK at a station joins it (again: leaves); wheel k chooses game k
of the registry (a wheel with no game refuses: not on this box yet);
CONFIRM starts the chosen game with the joined stations. The other controls
(+/- and MODE) set the chosen game's options: its screen owns them, and
draws them on the chosen game's wheel.
"""

from ultimusbox import board, games
from ultimusbox.board import OFF, RED, WHITE

REFUSED_FLASH = ("wheel0", "wheel1", "wheel2", "wheel3", "wheel4", "wheel5")  # shell.flash keys of the wheels
MENU = (40, 40, 40)  # a game this box referees, not the chosen one: a dim pixel at 12 o'clock


class SeatSelection:
    def __init__(self, shell):
        self.shell = shell
        self.joined = []  # stations, in the order they joined

    def press(self, button):
        shell = self.shell
        screen = shell.screen
        lo, hi = games.rules_of(shell.chosen).PLAYERS  # the game's one range (its define(players=...))
        if button < board.WHEEL_0:  # SHOUT or THINK of a station: join or leave
            station = button % board.STATIONS
            if station in self.joined:
                self.joined.remove(station)
            elif len(self.joined) < hi:
                self.joined.append(station)
            shell.note({"e": "joined", "stations": sorted(self.joined)})
        elif button < board.WHEEL_0 + board.RINGS:
            shell.choose_game(button - board.WHEEL_0)
        elif button == board.CONFIRM:
            if len(self.joined) < lo:
                shell.refuse("too_few_players", "press SHOUT at %d to %d stations first" % (lo, hi))
                return
            shell.start_from_seats(sorted(self.joined))
        else:
            screen.option_press(button)

    def render(self, frame, now_ms, blink):
        shell = self.shell
        for station in self.joined:
            frame.set(board.seat_pixel(station), WHITE)
        for k in range(board.RINGS):
            if k < len(games.GAMES):
                if games.GAMES[k][0] == shell.chosen:
                    shell.screen.render_options(frame, k, blink)
                else:
                    frame.ring(k, 0, MENU)
            elif shell.flashing(REFUSED_FLASH[k], now_ms):  # not on this box yet: the wheel blinks red
                fast = (now_ms // 100) % 2 == 0
                for i in range(board.RING_PIXELS):
                    frame.ring(k, i, RED if fast else OFF)
