"""The pre-checks of ULTIMUS's flow: whether an action has something to act on now (None, or why not).

CHECKS holds them by variant and by the names of games.ultimus.flow's actions: referee.acting imports
this module when a menu or the actors are first asked, never apply, so that a box that asks for
neither does not hold them (a Munera box's largest free block is within bytes of its bound: even a
fifth slot in each of the flow's entries would cost it). An action without one has something to do
whenever the flow's Who lets the seat act. Each is made of the rule checks the handler refuses
with, tried on the least the action could be or on each of its choices, so that a menu and apply
cannot differ; tests/test_flow.py holds them to the legal listing both ways.

ACTORS declares, for the phases random play, bots and screens ask most (the shout, the turns), the seats
that have something to do: what referee.acting.actors would find by asking each of the phase's Who
entries and their pre-checks, from the same Who seats and rule checks, in one call (issue 32: the walk was
a quarter of random play). Every test holds each answer to the walk (referee.acting, Flow.checking).
"""

from games.ultimus import checks
from games.ultimus.content import BETTING_CARDS, NET_OWNER
from games.ultimus.state import ARENA, DEAD, GLADIATORS, MODE_BOX, MODE_FULL, PARDONED, UNDECIDED
from referee.engine import load_handler


def _can_bet(s, p):
    """A coin may go onto one of the seat's betting cards, from new or won gold."""
    found = checks.ALREADY_READY
    for k in range(len(s["bets"][p])):
        for won in (0, 1):
            found = checks.coin_problem(s, p, k, won)
            if found is None:
                return None
    return found


def _thinking(s, p):
    return checks.think_problem(s, p, [])


def _next_battle(s, seat):
    return checks.next_battle_problem(s)


def _finish(s, seat):
    return checks.finish_problem(s)


def _can_give(s, p):
    """Gold not on a betting card, and another seat to give it to."""
    return checks.give_problem(s, p, (p + 1) % s["players"], 1)


def _can_pass(s, p):
    hand = s["hands"][p]
    if not hand:
        return ("not_in_hand", "no yelling card in your hand")
    return checks.pass_card_problem(s, p, (p + 1) % s["players"], hand[0])


def _can_pay(s, p):
    """The box: a betting card not yet settled, and a coin to settle it with."""
    if len(s["paid"]) >= len(BETTING_CARDS):
        return ("already_paid", "every betting card has been settled")
    return None if s["gold"][p] > 0 else ("no_gold", "this seat has no gold")


def _some(problem=None, status=ARENA):
    """A pre-check: some gladiator of that status passes the rule check (problem(s, g))."""

    def check(s, seat):
        found = ("no_gladiator", "no gladiator this can be done to")
        for g in range(GLADIATORS):
            if s["status"][g] == status:
                found = problem(s, g) if problem is not None else None
                if found is None:
                    return None
        return found

    return check


def _bleedable(s, g):
    return checks.bleed_problem(s, g, 1)  # one wound: the least that can bleed


def _nettable(s, g):
    return checks.net_problem(s, NET_OWNER, g)


NOT_NOW = ("not_now", "the card in play does not allow that now")


def _choosing(s, seat):
    """The card's first step: choose its gladiator (g -1 when none can be), and nothing else."""
    return None if s["card"]["stage"] == "choose" else NOT_NOW


def _stupid_bet(s):
    """Whether the card in play is a stupid bet (the card level's table, loaded by name: a box never does)."""
    special = load_handler("games.ultimus.yelling.CARDS")[s["card"]["c"]][2]
    return special == load_handler("games.ultimus.yelling.SPECIAL_STUPID_BET")


def _may_end(s, seat):
    card = s["card"]
    return load_handler("games.ultimus.cardchecks.end_card_problem")(s, card, _stupid_bet(s))


def _card_listed(name, stupid=False):
    """The full game's card in play: its action `name` is offered when the card's own listing has one,
    past its choice and on a card of that kind (stupid: a stupid bet's), asked first as they are cheap
    (the card level is the host's alone: a box never plays it, nor loads its listing)."""

    def check(s, seat):
        if s["card"]["stage"] == "choose" or _stupid_bet(s) != stupid:
            return NOT_NOW
        for a in load_handler("games.ultimus.legal.card_actions")(s, seat):
            if a["a"] == name:
                return None
        return NOT_NOW

    return check


# --- the table: {variant: {action: pre-check}}, beside the flow's by its names -------------------

CHECKS = {
    MODE_FULL: {
        "bet": _can_bet,
        "ready": checks.ready_problem,
        "commit": checks.commit_problem,
        "think": _thinking,
        # the card in play, its cheap checks first: actors asks a seat's until one passes
        "choose": _choosing,
        "end": _may_end,
        "discard": _card_listed("discard", True),
        "rebet": _card_listed("rebet", True),
        "move": _card_listed("move"),
        "rise": _card_listed("rise"),
        "step": _card_listed("step"),
        "melee": _card_listed("melee"),
        "ranged": _card_listed("ranged"),
        "net": _card_listed("net"),
        "unnet": _card_listed("unnet"),
        "heal": _card_listed("heal"),
        "bleed": _card_listed("bleed"),
        "draw": _card_listed("draw"),
        "loudest": _card_listed("loudest"),
        "next": _next_battle,
        "finish": _finish,
        "give": _can_give,
        "pass_card": _can_pass,
    },
    MODE_BOX: {
        "commit": checks.commit_problem,
        "next": _next_battle,
        "finish": _finish,
        "give": _can_give,
        "payout": _can_pay,
        "damage": _some(),
        "bleed": _some(_bleedable),
        "heal": _some(),
        "knock": _some(checks.knock_problem),
        "stand": _some(checks.stand_problem),
        "net": _some(_nettable),
        "unnet": _some(checks.unnet_problem),
        "revive": _some(None, DEAD),
        "come_back": _some(None, PARDONED),
        "drunk": _some(),
    },
}


# --- who acts, per phase: the seats that have something to do (referee.acting.actors) -----------------


def _yet_to_commit(s):
    """The shout: every seat that has not committed (commit_problem; thinking is always allowed)."""
    shout = s["shout"]
    return [p for p in range(s["players"]) if shout[p] == UNDECIDED]


def _in_turn(s):
    """A turn: the loudest spectator while a pollice verso waits (LOUDEST; every other Who names nobody
    then); else the card's player (CARD_PLAYER: it acts), and the active seat if it may still think
    (THINKER, with think's pre-check: never beside its own card); the box: the active seat (ACTIVE's done)."""
    if s["pollice_verso"]:
        return [s["loudest"]]
    p = s["order"][s["turn"]]
    if s["mode"] == MODE_BOX:
        return [p]
    card = s["card"]
    thinks = checks.think_problem(s, p, []) is None if card is None or card["ctrl"] != p else False
    if card is None:
        return [p] if thinks else []
    return sorted((card["ctrl"], p)) if thinks else [card["ctrl"]]


ACTORS = {
    MODE_FULL: {"shout": _yet_to_commit, "action": _in_turn},
    MODE_BOX: {"shout": _yet_to_commit, "action": _in_turn},
}
