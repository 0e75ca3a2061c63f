"""Every rule check of ULTIMUS, each written once.

A check returns None when the rulebook allows the thing, or (code, message)
when it does not. The same function serves apply (which refuses with
referee.errors.need), legal_actions (which lists only what passes) and the
box app (which asks before it offers). Checks read the state and never
change it. The checks of the card in play are in games.ultimus.cardchecks (the box
never loads them). docs/dev/rules-index.md maps each rule clause to its check and test.
"""

from games.ultimus.content import BETTING_CARDS, MAX_COINS_PER_BETTING_CARD, NET_OWNER
from games.ultimus.state import ARENA, MODE_FULL, THINK, UNDECIDED, WAITING, max_health, occupant

ALREADY_READY = ("already_ready", "your bets are already placed")
COIN_LIMIT = ("coin_limit", "at most %d coins on a betting card" % MAX_COINS_PER_BETTING_CARD)


def _door_field(door):
    from games.ultimus.hexmap import DOORS  # the full game only: the box has no map

    return DOORS[door]


# --- betting ------------------------------------------------------------------


def free_coin_places(s, p):
    """How many more coins a seat's betting cards can take."""
    free = 0
    for bet in s["bets"][p]:
        free += MAX_COINS_PER_BETTING_CARD - bet[1]
    return free


def coin_problem(s, p, k, won):
    """One coin onto betting card k, from new gold (won 0) or won gold (won 1)."""
    if s["ready"][p]:
        return ALREADY_READY
    if s["bets"][p][k][1] >= MAX_COINS_PER_BETTING_CARD:
        return COIN_LIMIT
    if won:
        if s["gold"][p] < 1:
            return ("no_gold", "no won gold left to bet")
        if free_coin_places(s, p) - 1 < s["new_gold"][p]:
            return ("gold_unbet", "leave room on your betting cards for all the new gold")
    elif s["new_gold"][p] < 1:
        return ("no_gold", "no new gold left to bet")
    return None


def ready_problem(s, p):
    """All new gold must be bet before a seat says its bets are placed."""
    if s["ready"][p]:
        return ALREADY_READY
    if s["new_gold"][p]:
        return ("gold_unbet", "all new gold must be bet (%d left)" % s["new_gold"][p])
    return None


# --- entrance and shout ---------------------------------------------------------


def place_problem(s, g, door):
    """Morituri te salutant: a waiting gladiator, in front of a free door (full game)."""
    if s["status"][g] != WAITING:
        return ("already_placed", "that gladiator is already in the arena")
    if door >= 0 and occupant(s, _door_field(door)) >= 0:
        return ("field_taken", "someone already stands in front of that door")
    return None


def commit_problem(s, p, shout=0, c=-1):
    """A seat commits once; a shout in the full game lays a card from its hand face down. Without a
    shout: whether the seat may still commit (the flow's pre-check of commit, asked of every seat)."""
    if s["shout"][p] != UNDECIDED:
        return ("already_committed", "this seat has already committed")
    if shout and s["mode"] == MODE_FULL and c not in s["hands"][p]:
        return ("not_in_hand", "that yelling card is not in your hand")
    return None


def think_problem(s, p, cards):
    """Shut up and think: up to two different cards of the hand go to the discard pile."""
    if s["shout"][p] != THINK:
        return ("shouted", "this seat shouted: play the revealed card")
    if type(cards) is not list or len(cards) > 2:
        return ("bad_action", "'c' must be a list of at most two yelling cards")
    hand = s["hands"][p]
    for i in range(len(cards)):
        if type(cards[i]) is not int or cards[i] not in hand or cards[i] in cards[:i]:
            return ("not_in_hand", "you can only discard cards from your hand, each once")
    return None


# --- what may happen to a gladiator ------------------------------------------------


def in_arena_problem(s, g):
    """Wounds, healing, knock-downs and the net only touch a gladiator in the arena."""
    if s["status"][g] != ARENA:
        return ("not_in_arena", "that gladiator is not in the arena")
    return None


def bleed_problem(s, g, n):
    """Bleeding only on an injured gladiator, and it may not kill."""
    hp = s["hp"][g]
    if hp >= max_health(s)[g]:
        return ("not_injured", "bleeding only on an injured gladiator")
    if hp <= n:
        return ("bleeding_kills", "bleeding may not kill")
    return None


def knock_problem(s, g):
    if s["fallen"][g]:
        return ("fallen", "already knocked down")
    return None


def stand_problem(s, g):
    """A fallen gladiator stands up, unless the net holds him down."""
    if not s["fallen"][g]:
        return ("not_fallen", "the gladiator is standing")
    if s["net"] == g:
        return ("netted", "a netted gladiator cannot stand up")
    return None


def net_problem(s, thrower, target):
    """Only Retiarius, in the arena, throws the one net, onto another gladiator, while it is free."""
    if thrower != NET_OWNER or s["status"][NET_OWNER] != ARENA or target == NET_OWNER:
        return ("not_retiarius", "only Retiarius, in the arena, nets another gladiator")
    if s["net"] >= 0:
        return ("net_in_use", "the net is over a living gladiator in the arena")
    return None


def unnet_problem(s, g):
    if s["net"] != g:
        return ("not_netted", "the gladiator is not under the net")
    return None


def bring_back_problem(s, g, status):
    """Playing dead brings back a dead gladiator, coming back a pardoned one."""
    if s["status"][g] != status:
        return ("bad_target", "that gladiator cannot be brought back by this card")
    return None


# --- the end of a battle, and trading ------------------------------------------------


def payout_problem(s, p, b, coins):
    """The box: a betting card is settled once, with coins its seat really has."""
    if b in s["paid"]:
        return ("already_paid", "that betting card has already been settled")
    if coins > s["gold"][p]:
        return ("no_gold", "this seat does not have %d coins" % coins)
    return None


def unsettled_problem(s):
    """A box game that accounts for every coin: each seat's new gold is on betting cards, so the
    battle's payout is complete only when cards holding at least that many coins were entered."""
    left = s.get("unsettled")
    if not left or not max(left) or len(s["paid"]) >= len(BETTING_CARDS):
        return None  # (every card entered: nothing is left to enter, whatever the count says)
    return (
        "coins_unsettled",
        "every coin of this battle's new gold is on a betting card: enter those cards first (%d coins not yet)"
        % sum(left),
    )


def next_battle_problem(s):
    if s["battle"] >= s["battles"]:
        return ("last_battle", "that was the last battle: finish for the final count")
    return unsettled_problem(s)


def finish_problem(s):
    return unsettled_problem(s)


def trade_problem(s, p, to):
    """Gifts and bribes go to another player."""
    if to == p:
        return ("bad_target", "give to another player")
    return None


def give_problem(s, p, to, n):
    """Only won gold that is not on a betting card can change hands."""
    found = trade_problem(s, p, to)
    free = s["gold"][p] - (s["unsettled"][p] if "unsettled" in s else 0)  # a box's count holds the staked coins
    if found is None and n > free:
        return ("no_gold", "only gold not committed to bets can be given (%d)" % free)
    return found


def pass_card_problem(s, p, to, c):
    found = trade_problem(s, p, to)
    if found is None and c not in s["hands"][p]:
        return ("not_in_hand", "that yelling card is not in your hand")
    return found
