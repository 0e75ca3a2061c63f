"""The game state: one plain dict of ints, lists and strings.

Plain data so that it serialises to JSON for saving and the link, digests the
same on every port, and copies cheaply. This module builds it and answers
small questions about it; the rules that change it live elsewhere.
"""

from games.ultimus.content import (
    BANK_START,
    CONTENT_RECONSTRUCTED,
    DEFAULT_BATTLES,
    variant_max_health,
    variant_payouts,
)
from referee.compat import const
from referee.rng import XORSHIFT32, below, shuffle_in_place, start
from referee.turns import clockwise

# gladiator status
WAITING = const(0)  # not yet entered this battle
ARENA = const(1)
DEAD = const(2)  # lying in the middle of his wheel
PARDONED = const(3)  # standing in the middle of his wheel
STATUS_NAMES = ("waiting", "arena", "dead", "pardoned")

MODE_FULL = "full"  # card level: arena, hands, bets all tracked
MODE_BOX = "box"  # effect level: what the box itself tracks
# A box game's set-up "payout": the rulebook's "you have to bet all the gold coins you receive at the
# beginning of each battle", so the payout is complete only when each seat has entered betting cards
# holding at least its new gold. Missing (the games of 0.1.0 and 0.2.0): the payout is what is entered.
PAYOUT_EVERY_COIN = "every_coin"

# shout commitment per seat
UNDECIDED = const(-1)
THINK = const(0)
SHOUT = const(1)

GLADIATORS = 6


def new_state(players, seed, mode=MODE_FULL, battles=DEFAULT_BATTLES, rng=None, payout=None, content=None):
    """The state a set-up starts from (games.ultimus.rules.check_setup has checked it); rng: the
    generator (referee.rng), xorshift32 when the set-up names none (0.1.0 and 0.2.0);
    payout: PAYOUT_EVERY_COIN makes a box game account for each seat's new gold at the payout;
    content: a content variant (games.ultimus.content.CONTENT_KINDS), None for the reconstruction."""
    s = {
        "mode": mode,
        "players": players,
        "battles": battles,
        "rng": start(seed, rng or XORSHIFT32),
        "phase": "loudest",
        "battle": 0,
        "round": 0,
        "loudest": -1,
        "hp": list(variant_max_health(content)),
        "status": [WAITING] * GLADIATORS,
        "fallen": [0] * GLADIATORS,
        "pos": [-1] * GLADIATORS,
        "net": -1,
        "drunk": [-1] * GLADIATORS,
        "deck": [],
        "discard": [],
        "hands": [[] for _ in range(players)],
        "bdeck": [],
        "bets": [[] for _ in range(players)],
        "gold": [0] * players,
        "new_gold": [0] * players,
        "ready": [0] * players,
        "bank": BANK_START,
        "shout": [UNDECIDED] * players,
        "shout_card": [-1] * players,
        "order": [],
        "turn": 0,
        "placed": 0,
        "card": None,
        "pollice_verso": [],
        "winner": -1,
        "paid": [],
        "champions": [],
    }
    if mode == MODE_BOX and payout == PAYOUT_EVERY_COIN:
        # this battle's new gold not yet found on an entered betting card, per seat (battle.start_battle)
        s["unsettled"] = [0] * players
    if content is not None:
        s["content"] = content  # only when named: the states (and digests) of older games stay as they were
    return s


def content_of(s):
    """The name of the content a game (its state, a view or its set-up) is played with."""
    return s.get("content", CONTENT_RECONSTRUCTED)


def max_health(s):
    """Each gladiator's highest health in this game's content."""
    return variant_max_health(s.get("content"))


def payout_rows(s):
    """What each betting card pays back for 1, 2 and 3 coins in this game's content, in card order."""
    return variant_payouts(s.get("content"))


def payout_row(s, b):
    """What betting card b pays back for 1, 2 and 3 coins in this game's content."""
    return payout_rows(s)[b]


def arena_gladiators(s):
    return [g for g in range(GLADIATORS) if s["status"][g] == ARENA]


def occupant(s, field):
    """The gladiator standing on a field, or -1 (list.index: the scan runs in the interpreter's C)."""
    pos = s["pos"]
    return pos.index(field) if field >= 0 and field in pos else -1


def seat_order(s):
    """Seats from the loudest spectator, clockwise."""
    return clockwise(s["loudest"], s["players"])


def random_below(s, n):
    s["rng"], r = below(s["rng"], n)
    return r


def shuffle(s, items):
    s["rng"] = shuffle_in_place(s["rng"], items)


def draw_cards(s, seat, count):
    """Up to `count` yelling cards into a hand; the discard pile is reshuffled when the deck runs out."""
    drawn = []
    deck = s["deck"]
    for _ in range(count):
        if not deck:
            if not s["discard"]:
                break
            deck.extend(s["discard"])
            s["discard"] = []
            shuffle(s, deck)
        drawn.append(deck.pop())
    s["hands"][seat].extend(drawn)
    return drawn
