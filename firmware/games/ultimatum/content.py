"""Ultimatum's content as data: the dice, the prices, the payments, the nations and alliances.

Everything a table could print on a card lives here and nowhere else. Choices where
the rulebook is silent are explained in docs/dev/games/ultimatum.md.
"""

# --- the dice (rulebook: "28" and "20" on the black die, "8" and "6" on the red) ----------
BLACK = (4, 8, 12, 16, 20, 28)  # troop battles (only the order of faces matters) and lasers
RED = (2, 4, 6, 8, 10, 12)  # jet bomber: troops, or half of it in battleships
WIN, LOSE, DRAW = "WIN", "LOSE", "DRAW"
GREEN = (WIN, WIN, LOSE, LOSE, DRAW, DRAW)  # naval battles

# --- the alliances, in the order the rulebook lists them ---------------------------------
WESTERN, COMMUNIST, PEACE, OIL = 0, 1, 2, 3
ALLIANCES = ("Western", "Communist", "Peace", "Oil")
ALLIANCE_SIZES = (11, 10, 10, 6)
ALLIANCE_BONUS = (20, 15, 25, 0)  # each time a whole alliance is conquered (Oil: the embargo)
LASER_ALLIANCES = (WESTERN, COMMUNIST)  # lasers only for a player holding one of these whole


def _nations():
    """(name, alliance, worldpower) for the 37 nations, alliance by alliance.

    The rulebook names the six Worldpowers but prints no map: the alliance of
    each and the names of the others are the box's choice (nations are numbered
    within their alliance, "Peace 4"); a table enters its own map's nations by number.
    """
    named = {WESTERN: ("U.S.A.", "Great Britain", "France", "Japan"), COMMUNIST: ("U.S.S.R.", "China")}
    out = []
    for a in range(len(ALLIANCES)):
        powers = named.get(a, ())
        for i in range(ALLIANCE_SIZES[a]):
            if i < len(powers):
                out.append((powers[i], a, 1))
            else:
                out.append(("%s %d" % (ALLIANCES[a], i + 1), a, 0))
    return tuple(out)


NATIONS = _nations()
N_NATIONS = len(NATIONS)  # 37
ALLIANCE_OF = tuple(n[1] for n in NATIONS)
WORLDPOWER = tuple(n[2] for n in NATIONS)
N_WORLDPOWERS = 6

# --- the seas: 14 naval blockades (0..13) then 9 anchors (14..22) -------------------------
BLOCKADES = 14
ANCHORS = 9
N_SEAS = BLOCKADES + ANCHORS


def sea_name(b):
    if b < BLOCKADES:
        return "blockade %d" % (b + 1)
    return "anchor %d" % (b - BLOCKADES + 1)


# --- set-up ------------------------------------------------------------------------------
FIRST_NATIONS = 4  # the first round: one from each alliance, one of them a Worldpower
WORLDPOWER_TROOPS = 10
FIRST_TROOPS = 5  # the three others of the first round, and every nation after
FLEET = 2  # battleships per blockade at the start
START_MONEY = 2  # the first attacker; each next seat in attack order $1 more

# --- the bank ------------------------------------------------------------------------------
TROOP, SHIP, SUB, LASER = "troop", "ship", "sub", "laser"
PRICES = {TROOP: 1, SHIP: 2, SUB: 5, LASER: 10}
KINDS = (TROOP, SHIP, SUB, LASER)
REINFORCEMENTS = (TROOP, SHIP, SUB)  # what a reinforcement card gives
STATIONS = 6  # laser space stations: at most six lasers in play
OIL_NATION_PAY = 2
WORLDPOWER_PAY = 5
EMBARGO = 6  # each opponent pays this when the Oil alliance is conquered
INCOME_PER_NATION = 1
INCOME_PER_BLOCKADE = 2
SAVINGS, CHEST = "savings", "chest"

# --- cards and battles -------------------------------------------------------------------
CARDS_PER_NATION = 1
CARDS_PER_BLOCKADE = 2
MAX_CARDS_PER_TURN = 3
MIN_ATTACK_TROOPS = 3  # "two or less troops" cannot attack
COMMANDO_TROOPS = 10
MINEFIELD = 5

REINFORCEMENT_MAX = 10  # the most pieces one reinforcement card gives (the rulebook prints no number)

# --- the box's readings of the rulebook --------------------------------------------------
# A game's set-up names the reading it is refereed by ("edition"; a new game's is EDITION); a
# saved set-up without one is edition 1, the first reading (rules.SAVED_DEFAULTS), so that games
# saved by it replay with the rules they were played with. Edition 2 adds the navy's movement
# limits (one move per vessel per turn, battleships between a blockade and an anchor only, new
# vessels still until the next turn), lasers during a battle (the defender's too), the reinforcement and
# Intelligence Report cards, and keeps Oil Embargo money off lasers. docs/dev/games/ultimatum.md lists both.
EDITION = 2
EDITIONS = (1, 2)

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MANY = 1000000  # the bound of a number of troops or vessels in an action (a rich seat may hold thousands)
