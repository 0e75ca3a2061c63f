"""`ultimus play`: a whole ULTIMUS game at card level in the terminal, hot-seat, bots welcome.

Every human seat sees only what the table sees, plus its own hand and bets,
and only on its own turn: before a seat's secret choices the screen asks the
others to look away, and it is cleared afterwards.
"""

from ultimus.content import GLADIATOR_NAMES, MAX_HEALTH
from ultimus.game import Game
from ultimus.randomplay import play_on
from ultimus.hexmap import COORDS, FIELDS
from ultimus.state import ARENA
from ultimus.views import public_event
from ultimus_host.bots import BOTS
from ultimus_host.narrate import line, action_text, describe, bet_card_text

LETTERS = "TSRMBD"  # gladiators on the map


def arena_map(s):
    """The hex arena as text rows, gladiators by their initial (lower case: fallen)."""
    at = {}
    for g in range(6):
        if s["status"][g] == ARENA and s["pos"][g] >= 0:
            at[s["pos"][g]] = LETTERS[g].lower() if s["fallen"][g] else LETTERS[g]
    rows = []
    radius = max(abs(q) for q, r in COORDS)
    for r in range(-radius, radius + 1):
        cells = [at.get(f, ".") for f in range(FIELDS) if COORDS[f][1] == r]
        rows.append(" " * abs(r) + " ".join(cells))
    return "\n".join(rows)


def table_text(game):
    s = game.state
    out = ["", "battle %d, round %d, phase %s, loudest spectator: seat %d" % (s["battle"], s["round"], s["phase"],
                                                                            s["loudest"])]
    for g in range(6):
        status = ("waiting", "in the arena", "DEAD", "pardoned")[s["status"][g]]
        marks = [m for m, on in (("fallen", s["fallen"][g]), ("netted", s["net"] == g),
                                 ("drunk", s["drunk"][g] >= 0)) if on]
        out.append("  %s %-12s %2d/%-2d %s %s" % (LETTERS[g], GLADIATOR_NAMES[g], s["hp"][g], MAX_HEALTH[g], status,
                                                  " ".join(marks)))
    out.append(arena_map(s))
    out.append("gold: %s   coins on betting cards: %s" % (
        s["gold"], [[c for _, c in seat] for seat in s["bets"]]))
    return "\n".join(out)


class HotSeat:
    def __init__(self, players, seed, bots, battles, ask=input, say=print, clear=None):
        self.game = Game(players, seed, battles=battles)
        self.bots = {}
        for seat, kind in bots.items():
            self.bots[seat] = BOTS[kind](seed * 7 + seat)
        self.ask, self.say = ask, say
        self.clear = clear or (lambda: say("\n" * 40))
        self.last_secret_seat = None

    def run(self):
        game = self.game
        while game.phase != "over":
            actors = game.actors()
            if not actors:
                options = game.legal_actions(-1)
                action = play_on(options) or options[0]
                if action["a"] == "next" and self._human_seats():
                    if self.ask("another battle? [Y/n] ").strip().lower().startswith("n"):
                        action = {"a": "finish"}
            else:
                seat = actors[0]
                options = game.legal_actions(seat)
                if seat in self.bots:
                    action = self.bots[seat].choose(game, seat, options)
                else:
                    action = self._human(seat, options)
            for e in game.apply(action):
                if e["e"] not in ("draw", "commit", "extra_card", "think", "movement"):
                    self.say(line(public_event(e)))
        return game

    def _human_seats(self):
        return [p for p in range(self.game.state["players"]) if p not in self.bots]

    def _human(self, seat, options):
        s = self.game.state
        secret = s["phase"] in ("betting", "shout") or (s["phase"] == "action" and s["card"] is None)
        if secret and self.last_secret_seat != seat and len(self._human_seats()) > 1:
            self.clear()
            self.ask("seat %d: everyone else look away, then press Enter " % seat)
        self.last_secret_seat = seat
        self.say(table_text(self.game))
        view = self.game.seat_view(seat)
        self.say("seat %d, your hand:" % seat)
        for c in view["hand"]:
            self.say("   " + describe(c))
        self.say("your gold: %d won (yours to keep or bet), %d new (must all be bet)" % (s["gold"][seat],
                                                                                     s["new_gold"][seat]))
        self.say("your betting cards: %s" % ", ".join(
            "%s with %d coin(s)" % (bet_card_text(b), c) for b, c in view["my_bets"]))
        for i, a in enumerate(options):
            self.say("  %2d  %s" % (i, action_text(s, a)))
        while True:
            answer = self.ask("seat %d, your choice [0-%d]: " % (seat, len(options) - 1)).strip()
            if answer.isdigit() and int(answer) < len(options):
                return options[int(answer)]
            self.say("a number from 0 to %d, please" % (len(options) - 1))
