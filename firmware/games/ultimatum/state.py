"""Ultimatum's state (one plain dict) and the questions every module asks of it.

owner, troops      per nation (37): the seat holding it (-1 before set-up) and its troops
sea, ships, subs   per sea place (14 blockades, then 9 anchors): holder (-1 vacant) and vessels
lasers, cards      per seat: lasers on the space stations; Ultimatum cards held (a count:
                   the deck is physical, the box never knows a card's face)
purses, debts, bank  referee.ledger: savings and the war chest
whole              per alliance: the seat holding all of it (-1 nobody), to pay each gain once
order, picks       the set-up walker: seats clockwise from the roll-off winner, picks made
attack_order, turn the turn walker: seats from the first attacker, clockwise; whose turn
active             the seat whose turn it is (-1 during set-up)
won                [nations, blockades] conquered this turn (the cards at its end)
fire_back          per seat: lasers it may still fire back at the active seat this turn
battle             the battle being fought, or None
winner             the victor, -1 until then

edition            the box's reading of the rulebook the game is refereed by (content.EDITIONS)
Edition 2 only:
moved_ships, moved_subs  per sea place: the battleships and submarines there that moved or were
                   placed this turn (they move again on their holder's next turn; only the seat
                   whose turn it is has any)
embargo            per seat: the part of its war chest that is Oil Embargo money (troops and
                   vessels only, never a laser)
"""

from games.ultimatum.content import (
    ALLIANCE_OF,
    ALLIANCE_SIZES,
    ALLIANCES,
    BLOCKADES,
    CHEST,
    FIRST_NATIONS,
    N_NATIONS,
    N_SEAS,
    OIL,
    PRICES,
    SAVINGS,
    SHIP,
)
from referee import ledger
from referee.rng import seed_state


def new_state(players, seed, edition=1):
    s = {
        "players": players,
        "phase": "roll_off",
        "rng": seed_state(seed),
        "owner": [-1] * N_NATIONS,
        "troops": [0] * N_NATIONS,
        "sea": [-1] * N_SEAS,
        "ships": [0] * N_SEAS,
        "subs": [0] * N_SEAS,
        "lasers": [0] * players,
        "cards": [0] * players,
        "whole": [-1] * len(ALLIANCES),
        "order": [],
        "picks": 0,
        "attack_order": [],
        "turn": 0,
        "active": -1,
        "won": [0, 0],
        "fire_back": [0] * players,
        "battle": None,
        "winner": -1,
        "edition": edition,
    }
    ledger.setup(s, players, (SAVINGS, CHEST))
    if edition >= 2:
        s["moved_ships"] = [0] * N_SEAS
        s["moved_subs"] = [0] * N_SEAS
        s["embargo"] = [0] * players
    return s


def edition(s):
    """The reading of the rulebook this game is refereed by (1: the first, without the limits)."""
    return s["edition"]


def movable(s, b, kind):
    """How many battleships (kind SHIP) or submarines at sea place b may still move this turn."""
    if kind == SHIP:
        return s["ships"][b] - (s["moved_ships"][b] if "moved_ships" in s else 0)
    return s["subs"][b] - (s["moved_subs"][b] if "moved_subs" in s else 0)


def mark_moved(s, b, ships, subs):
    """ships and subs more at b have moved or were placed this turn (edition 2 keeps count)."""
    if "moved_ships" in s:
        s["moved_ships"][b] += ships
        s["moved_subs"][b] += subs


def lose_vessels(s, b, ships, subs):
    """ships and subs of sea place b are lost; its holder takes off those that moved this turn
    first (he keeps the ones that may still move: which pieces go is his choice on the table)."""
    s["ships"][b] -= ships
    s["subs"][b] -= subs
    if "moved_ships" in s:
        left = s["moved_ships"][b] - ships
        s["moved_ships"][b] = left if left > 0 else 0
        left = s["moved_subs"][b] - subs
        s["moved_subs"][b] = left if left > 0 else 0


def nations_of(s, p):
    """The nations seat p holds, in board order."""
    owner = s["owner"]
    return [n for n in range(N_NATIONS) if owner[n] == p]


def alliance_counts(s, p):
    """How many nations of each alliance seat p holds (the box's count on its ring)."""
    counts = [0] * len(ALLIANCES)
    owner = s["owner"]
    for n in range(N_NATIONS):
        if owner[n] == p:
            counts[ALLIANCE_OF[n]] += 1
    return counts


def holds_alliance(s, p, a):
    return alliance_counts(s, p)[a] == ALLIANCE_SIZES[a]


def blockades_of(s, p):
    sea = s["sea"]
    return [b for b in range(BLOCKADES) if sea[b] == p]


def vessels(s, p):
    """All of seat p's battleships and submarines at sea."""
    total = 0
    for b in range(N_SEAS):
        if s["sea"][b] == p:
            total += s["ships"][b] + s["subs"][b]
    return total


def vacant_blockades(s):
    return [b for b in range(BLOCKADES) if s["sea"][b] < 0]


def is_out(s, p):
    """Out of the game: no nation, no vessel, no laser, no card, and no way back to sea
    (buying a battleship for a vacant blockade from savings)."""
    if nations_of(s, p) or vessels(s, p) or s["lasers"][p] or s["cards"][p]:
        return False
    return not (s["purses"][SAVINGS][p] >= PRICES[SHIP] and vacant_blockades(s))


def victory_needs(s):
    """How many alliances besides Oil a winner holds: one, or two in a 2-player game."""
    return 2 if s["players"] == 2 else 1


def has_won(s, p):
    counts = alliance_counts(s, p)
    if counts[OIL] != ALLIANCE_SIZES[OIL]:
        return False
    others = 0
    for a in range(len(ALLIANCES)):
        if a != OIL and counts[a] == ALLIANCE_SIZES[a]:
            others += 1
    return others >= victory_needs(s)


def picker(s):
    """The seat whose pick it is in the set-up (nations, then fleets)."""
    n = s["players"]
    k = s["picks"]
    if s["phase"] == "nations":
        first = FIRST_NATIONS * n
        if k < first:
            return s["order"][k // FIRST_NATIONS]
        return s["order"][(k - first) % n]
    return s["order"][k % n]
