"""Effect level on the box: the active seat enters what its card did.

On the physical box the cards stay on the table and only their effects are
entered with the wheel and control buttons. The core still enforces what it
can see: health bounds, the extra wound on a fallen or netted gladiator,
bleeding that may not kill, no healing outside the arena, the net's rules,
pollice verso, extra cards and the loudest spectator marker.
"""

from ultimus import effects
from ultimus.battle import need_phase, need_mode, seat_arg, active_seat, end_turn, check_battle_end
from ultimus.content import MAX_HEALTH, NET_OWNER, PLAYING_DEAD_HEALTH, COMING_BACK_HEALTH
from ultimus.errors import refuse, int_arg
from ultimus.state import GLADIATORS, ARENA, DEAD, PARDONED, MODE_BOX

MAX_WOUNDS = 12


def _active(s, a):
    need_phase(s, "action")
    need_mode(s, MODE_BOX, "in the full game effects come from played cards")
    p = seat_arg(s, a)
    if s["pollice_verso"]:
        refuse("pollice_verso", "the loudest spectator decides first")
    if p != active_seat(s):
        refuse("not_your_turn", "seat %d is playing" % active_seat(s))
    return p


def _gladiator(s, a, status):
    g = int_arg(a, "g", 0, GLADIATORS - 1)
    if s["status"][g] != status:
        if status == ARENA:
            refuse("not_in_arena", "that gladiator is not in the arena")
        refuse("bad_target", "that gladiator cannot be brought back by this card")
    return g


def damage(s, a, ev):
    """One attack: n wounds (+1 if fallen, +1 if netted), maybe knock down, maybe pollice verso."""
    p = _active(s, a)
    g = _gladiator(s, a, ARENA)
    n = int_arg(a, "n", 1, MAX_WOUNDS)
    pv = int_arg(a, "pv", 0, 1) if "pv" in a else 0
    knock = int_arg(a, "knock", 0, 1) if "knock" in a else 0
    effects.wound(s, ev, g, n, p, pv, True)
    if knock and s["status"][g] == ARENA and s["hp"][g] > 0:
        effects.knock_down(s, ev, g)
    check_battle_end(s, ev)


def bleed(s, a, ev):
    p = _active(s, a)
    g = _gladiator(s, a, ARENA)
    n = int_arg(a, "n", 1, MAX_WOUNDS)
    if s["hp"][g] >= MAX_HEALTH[g]:
        refuse("not_injured", "bleeding only on an injured gladiator")
    if s["hp"][g] <= n:
        refuse("bleeding_kills", "bleeding may not kill")
    effects.wound(s, ev, g, n, p, False, False)


def heal(s, a, ev):
    _active(s, a)
    g = _gladiator(s, a, ARENA)
    n = int_arg(a, "n", 1, MAX_WOUNDS)
    effects.heal(s, ev, g, n)


def knock(s, a, ev):
    _active(s, a)
    g = _gladiator(s, a, ARENA)
    if s["fallen"][g]:
        refuse("fallen", "already knocked down")
    effects.knock_down(s, ev, g)


def stand(s, a, ev):
    _active(s, a)
    g = _gladiator(s, a, ARENA)
    if not s["fallen"][g]:
        refuse("not_fallen", "the gladiator is standing")
    if s["net"] == g:
        refuse("netted", "a netted gladiator cannot stand up")
    effects.stand_up(s, ev, g)


def net(s, a, ev):
    _active(s, a)
    g = _gladiator(s, a, ARENA)
    if s["status"][NET_OWNER] != ARENA or g == NET_OWNER:
        refuse("not_retiarius", "only Retiarius, in the arena, nets another gladiator")
    if s["net"] >= 0:
        refuse("net_in_use", "the net is over a living gladiator in the arena")
    effects.throw_net(s, ev, g)


def unnet(s, a, ev):
    _active(s, a)
    g = _gladiator(s, a, ARENA)
    if s["net"] != g:
        refuse("not_netted", "the gladiator is not under the net")
    effects.remove_net(s, ev, g)


def revive(s, a, ev):
    """He was just playing dead: a dead gladiator back with 1 health."""
    _active(s, a)
    g = _gladiator(s, a, DEAD)
    effects.bring_back(s, ev, g, PLAYING_DEAD_HEALTH, -1, "playing_dead")


def come_back(s, a, ev):
    """He is coming back: a pardoned gladiator back with 3 health."""
    _active(s, a)
    g = _gladiator(s, a, PARDONED)
    effects.bring_back(s, ev, g, COMING_BACK_HEALTH, -1, "coming_back")


def drunk(s, a, ev):
    p = _active(s, a)
    g = _gladiator(s, a, ARENA)
    effects.make_drunk(s, ev, g, p)


def loudest(s, a, ev):
    p = _active(s, a)
    effects.take_loudest(s, ev, p)


def draw(s, a, ev):
    p = _active(s, a)
    effects.extra_card(s, ev, p, "symbol")


def done(s, a, ev):
    _active(s, a)
    end_turn(s, ev)
