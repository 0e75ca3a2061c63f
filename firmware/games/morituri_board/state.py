"""The state of a Morituri board game: one plain dict, and the questions asked of it.

Per seat: "hp" permanent hit points (0: dead), "kit" the loadout (kit.py),
"where" ROAD (on the way), ROMA (in the Flavian Amphitheater), DEAD (out for
good), REST (dead outside Roma under alternate rule 2: sits out his next turn)
or BACK (sat it out: comes back fresh on his next turn), "roma_won" (he has won
a combat in Roma). "hp_spaces": who took each of the 6 hit point spaces (-1
nobody yet). "first" won the roll-off; "active" is whose turn it is; "todo"
the steps left of this turn ([DRAW, seat], [DUEL, a, b], [BEAST, seat,
pennants], [ARRIVE, seat]); "fight" the combat being fought (None between).
"values" the card values the game uses (content's, with the table's typed
in); "last_alive" and "rejoin" alternate rules 1 and 2. "rng": the generator
(never shown in a view).
"""

from games.morituri_board import kit
from games.morituri_board.content import HP_SPACES, START_HP, default_values
from referee.rng import seed_state

ROAD = "road"
ROMA = "roma"
DEAD = "dead"
REST = "rest"
BACK = "back"

DRAW = "draw"
DUEL = "duel"
BEAST = "beast"
ARRIVE = "arrive"

NOBODY = -1


def new_state(setup):
    n = setup["players"]
    values = default_values()
    typed = setup.get("values") or {}
    for name in typed:
        values[name] = list(typed[name])
    return {
        "players": n,
        "phase": "start",
        "values": values,
        "last_alive": setup["last_alive"],
        "rejoin": setup["rejoin"],
        "hp": [START_HP] * n,
        "kit": [kit.empty() for _ in range(n)],
        "where": [ROAD] * n,
        "roma_won": [0] * n,
        "hp_spaces": [NOBODY] * HP_SPACES,
        "first": NOBODY,
        "active": NOBODY,
        "turn": 0,
        "moved": 0,
        "todo": [],
        "fight": None,
        "winner": NOBODY,
        "rng": seed_state(setup["seed"]),
    }


def alive(s, p):
    w = s["where"][p]
    return w == ROAD or w == ROMA


def on_road(s, p):
    return s["where"][p] == ROAD


def in_roma(s, p):
    return s["where"][p] == ROMA


def champion(s, besides=NOBODY):
    """The seat waiting in Roma (not `besides`), or NOBODY."""
    for p in range(s["players"]):
        if p != besides and in_roma(s, p):
            return p
    return NOBODY


def side_of(s, p):
    """Seat p's kit as a combat reads it."""
    return kit.side(s["values"], s["kit"][p])


def drawer(s):
    """The seat that must say what card he drew now, or NOBODY."""
    todo = s["todo"]
    return todo[0][1] if todo and todo[0][0] == DRAW else NOBODY
