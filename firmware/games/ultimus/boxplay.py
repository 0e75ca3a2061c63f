"""Effect level on the box: the active seat enters what its card did.

On the physical box the cards stay on the table and only their effects are
entered with the wheel and control buttons. The core still enforces what it
can see: health bounds, the extra wound on a fallen or netted gladiator,
bleeding that may not kill, no healing outside the arena, the net's rules,
pollice verso, extra cards and the loudest spectator marker.

The flow (games.ultimus.flow) lets only the active seat here, and nobody while the
loudest spectator owes a pollice verso; the rule checks are games.ultimus.checks.
"""

from games.ultimus import effects
from games.ultimus.battle import check_battle_end, end_turn
from games.ultimus.checks import (
    bleed_problem,
    bring_back_problem,
    in_arena_problem,
    knock_problem,
    net_problem,
    stand_problem,
    unnet_problem,
)
from games.ultimus.content import COMING_BACK_HEALTH, NET_OWNER, PLAYING_DEAD_HEALTH
from games.ultimus.state import ARENA, DEAD, GLADIATORS, PARDONED
from referee.errors import int_arg, need

MAX_WOUNDS = 12  # the most one entry can hold: a wheel shows 12


def _in_arena(s, a):
    g = int_arg(a, "g", 0, GLADIATORS - 1)
    need(in_arena_problem(s, g))
    return g


def _wounds(a):
    return int_arg(a, "n", 1, MAX_WOUNDS)


def damage(s, a, ev):
    """One attack: n wounds (+1 if fallen, +1 if netted), maybe knock down, maybe pollice verso."""
    g = _in_arena(s, a)
    n = _wounds(a)
    pv = int_arg(a, "pv", 0, 1) if "pv" in a else 0
    knock = int_arg(a, "knock", 0, 1) if "knock" in a else 0
    effects.wound(s, ev, g, n, a["p"], pv, True)
    if knock and s["status"][g] == ARENA and s["hp"][g] > 0:
        effects.knock_down(s, ev, g)
    check_battle_end(s, ev)


def bleed(s, a, ev):
    g = _in_arena(s, a)
    n = _wounds(a)
    need(bleed_problem(s, g, n))
    effects.wound(s, ev, g, n, a["p"], False, False)


def heal(s, a, ev):
    g = _in_arena(s, a)
    effects.heal(s, ev, g, _wounds(a))


def knock(s, a, ev):
    g = _in_arena(s, a)
    need(knock_problem(s, g))
    effects.knock_down(s, ev, g)


def stand(s, a, ev):
    g = _in_arena(s, a)
    need(stand_problem(s, g))
    effects.stand_up(s, ev, g)


def net(s, a, ev):
    g = _in_arena(s, a)
    need(net_problem(s, NET_OWNER, g))
    effects.throw_net(s, ev, g)


def unnet(s, a, ev):
    g = _in_arena(s, a)
    need(unnet_problem(s, g))
    effects.remove_net(s, ev, g)


def _out_of_arena(s, a, status):
    g = int_arg(a, "g", 0, GLADIATORS - 1)
    need(bring_back_problem(s, g, status))
    return g


def revive(s, a, ev):
    """He was just playing dead: a dead gladiator back with 1 health."""
    g = _out_of_arena(s, a, DEAD)
    effects.bring_back(s, ev, g, PLAYING_DEAD_HEALTH, -1, "playing_dead")


def come_back(s, a, ev):
    """He is coming back: a pardoned gladiator back with 3 health."""
    g = _out_of_arena(s, a, PARDONED)
    effects.bring_back(s, ev, g, COMING_BACK_HEALTH, -1, "coming_back")


def drunk(s, a, ev):
    g = _in_arena(s, a)
    effects.make_drunk(s, ev, g, a["p"])


def loudest(s, a, ev):
    effects.take_loudest(s, ev, a["p"])


def draw(s, a, ev):
    effects.extra_card(s, ev, a["p"], "symbol")


def done(s, a, ev):
    end_turn(s, ev)
