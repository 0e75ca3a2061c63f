"""The physical table of the Morituri board game, made up for the host: a road and a deck.

The box never knows the board or the deck: the table moves the pawns and names
the cards. In the terminal there is no table, so the host plays on the
documented made-up road of the core's random play (games.morituri_board.
randomplay.ROAD: 39 spaces after Start, Roma beyond) and a made-up deck of 69
cards: each of the 13 Armor/Weapon cards 4 times (52), Flux -2, -1, -1, +1,
+2, Bandits -1 (3), Pirates -1 (2), Thief! (3), Owner in Debt! (2) and 2 cards
that do nothing the box keeps. Bandits and Pirates (cards and spaces) take 1 HP
from a gladiator whose attack value against them (the box's vs_bandits: the
casses counts 1) is below BANDITS_BEATEN, and nothing from one who beats them.
Owner in Debt! reshuffles the deck: every card not held goes back in. Table
follows the game's events to know where each pawn stands; it shuffles with the
core's generator, so a seed gives the same game on every run.
"""

from games.morituri_board import kit
from games.morituri_board.content import CARD_NAMES, DEFENCE, card_value
from games.morituri_board.randomplay import DALMATIAN, ROAD
from referee.rng import Rng, shuffle_in_place

DECK = (
    [c for c in CARD_NAMES for _ in range(4)]
    + ["flux-2", "flux-1", "flux-1", "flux+1", "flux+2"]
    + ["bandits"] * 3
    + ["pirates"] * 2
    + ["thief"] * 3
    + ["debt"] * 2
    + ["other"] * 2
)
ROMA_AT = len(ROAD) + 1  # a position past the last space: in Roma
BANDITS_BEATEN = 3  # the made-up Bandits and Pirates: an attack value of 3 or more beats them


class Table:
    """Where the pawns stand on ROAD, and the deck."""

    def __init__(self, players, seed):
        self.pos = [0] * players
        self.rng = Rng(seed ^ 0xDEC4)
        self.deck = []
        self.drawn = None  # the card drawn now, until its drawer has answered
        self.reshuffle = False  # Owner in Debt! was drawn: the next draw reshuffles the deck

    def follow(self, e):
        """Move the pawns as the game's events say."""
        kind = e["e"]
        if kind == "move":
            self.pos[e["seat"]] = min(self.pos[e["seat"]] + e["spaces"], ROMA_AT)
        elif kind == "debt":
            self.pos[e["seat"]] = DALMATIAN
            self.reshuffle = bool(e.get("reshuffle"))
        elif kind in ("dies", "comes_back"):
            self.pos[e["seat"]] = 0
        elif kind == "roma":
            self.pos[e["seat"]] = ROMA_AT
        if kind in ("card", "lose", "debt", "other_card", "hp") and self.drawn is not None:
            if kind != "hp" or e.get("why") == "card":
                self.drawn = None

    def space(self, p):
        """What seat p's space is: 'roma', '.', 'c', 'h', '1'-'3', 'b', 'p' or 'd'."""
        at = self.pos[p]
        if at >= ROMA_AT or at > len(ROAD):
            return "roma"
        return ROAD[at - 1] if at > 0 else "."

    def suggest(self, view, p):
        """The space action the road asks of seat p now."""
        kind = self.space(p)
        if kind == "roma":
            return {"a": "roma", "p": p}
        if kind == "c":
            return {"a": "draw", "p": p}
        if kind == "h":
            return {"a": "hp_space", "p": p, "k": ROAD[: self.pos[p]].count("h")}
        if kind in "123":
            n = len(view["seats"])
            there = [
                (p + i) % n
                for i in range(1, n)
                if view["seats"][(p + i) % n]["where"] == "road" and self.pos[(p + i) % n] == self.pos[p]
            ]
            return {"a": "arena", "p": p, "pennants": int(kind), "vs": there}
        if kind in "bp":
            beaten = view["seats"][p]["vs_bandits"] >= BANDITS_BEATEN
            return {"a": "nothing", "p": p} if beaten else {"a": "flux", "p": p, "n": -1}
        return {"a": "nothing", "p": p}

    def draw(self, view=None):
        """The top card (the deck is shuffled again when it runs out, and after Owner in Debt!:
        then every card no gladiator holds goes back in, as the card directs)."""
        if self.drawn is None:
            if self.reshuffle and view is not None:
                self.reshuffle = False
                self.deck = list(DECK)
                for seat in view["seats"]:
                    for c in kit.held(seat["kit"]):
                        self.deck.remove(c)
                self.rng.state = shuffle_in_place(self.rng.state, self.deck)
            if not self.deck:
                self.deck = list(DECK)
                self.rng.state = shuffle_in_place(self.rng.state, self.deck)
            self.drawn = self.deck.pop()
        return self.drawn

    def answers(self, view, p, options):
        """The drawer's legal answers for the card on top: the keep/discard choices of an
        Armor/Weapon card, else the one thing the card does."""
        card = self.draw(view)
        if card in CARD_NAMES:
            return [a for a in options if a["a"] == "card" and a["c"] == card]
        if card.startswith("flux"):
            return [a for a in options if a["a"] == "flux" and a["n"] == int(card[4:])]
        if card in ("bandits", "pirates"):
            if view["seats"][p]["vs_bandits"] >= BANDITS_BEATEN:
                return [a for a in options if a["a"] == "other"]  # beaten off: nothing changes
            return [a for a in options if a["a"] == "flux" and a["n"] == -1]
        if card == "thief":
            armour = [c for c in kit.held(view["seats"][p]["kit"]) if card_value(view["values"], c, DEFENCE)]
            if armour:  # the Thief! takes his best armour
                best = max(armour, key=lambda c: card_value(view["values"], c, DEFENCE))
                return [a for a in options if a["a"] == "lose" and a["c"] == best]
            return [a for a in options if a["a"] == "other"]  # "no armor: no effect"
        return [a for a in options if a["a"] == card]  # debt, other
