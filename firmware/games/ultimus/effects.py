"""Effect level: what happens to a gladiator, whoever caused it.

Both the box's own inputs (games.ultimus.boxplay) and played yelling cards
(games.ultimus.cardplay) end up here, so a wound, a kill or a pardon follows the
same rules either way. Callers validate first; these functions only apply
and append events, and must not be reached with an illegal effect.
"""

from games.ultimus.state import ARENA, DEAD, MODE_FULL, PARDONED, draw_cards, max_health


def extra_card(s, ev, seat, why):
    """A seat earns an extra yelling card (kill, pardon or a draw symbol)."""
    if s["mode"] == MODE_FULL:
        drawn = draw_cards(s, seat, 1)
        ev.append({"e": "extra_card", "p": seat, "why": why, "n": len(drawn), "hidden": {"cards": drawn}})
    else:
        ev.append({"e": "extra_card", "p": seat, "why": why, "n": 1})


def extra_wounds(s, g):
    """An attack on a fallen or netted gladiator wounds him once more for each."""
    return s["fallen"][g] + (1 if s["net"] == g else 0)


def wound(s, ev, g, wounds, by_seat, pollice_verso, attack):
    """Wounds from an attack (with the fallen/netted extra) or from bleeding."""
    if attack:
        wounds += extra_wounds(s, g)
    hp = s["hp"][g] - wounds
    if hp < 0:
        hp = 0
    s["hp"][g] = hp
    ev.append({"e": "wound", "g": g, "n": wounds, "hp": hp})
    if hp == 0:
        if pollice_verso:
            s["pollice_verso"].append([g, by_seat])
            ev.append({"e": "pollice_verso", "g": g, "p": s["loudest"]})
        else:
            kill(s, ev, g, by_seat)


def _leave_arena(s, ev, g):
    s["pos"][g] = -1
    s["fallen"][g] = 0
    s["drunk"][g] = -1
    if s["net"] == g:
        s["net"] = -1
        ev.append({"e": "net_returned", "g": g})


def kill(s, ev, g, killer):
    s["hp"][g] = 0
    s["status"][g] = DEAD
    _leave_arena(s, ev, g)
    ev.append({"e": "dead", "g": g, "p": killer})
    if killer >= 0:
        extra_card(s, ev, killer, "kill")


def pardon(s, ev, g):
    s["hp"][g] = 0
    s["status"][g] = PARDONED
    _leave_arena(s, ev, g)
    ev.append({"e": "pardoned", "g": g, "p": s["loudest"]})
    extra_card(s, ev, s["loudest"], "pardon")


def thumb(s, ev, up):
    """The loudest spectator's pollice verso on the first gladiator waiting for it."""
    g, attacker = s["pollice_verso"].pop(0)
    ev.append({"e": "thumb", "g": g, "up": 1 if up else 0, "p": s["loudest"]})
    if up:
        pardon(s, ev, g)
    else:
        kill(s, ev, g, attacker)


def heal(s, ev, g, amount):
    hp = s["hp"][g] + amount
    full = max_health(s)[g]
    if hp > full:
        hp = full
    ev.append({"e": "heal", "g": g, "n": hp - s["hp"][g], "hp": hp})
    s["hp"][g] = hp


def knock_down(s, ev, g):
    if not s["fallen"][g]:
        s["fallen"][g] = 1
        ev.append({"e": "knocked_down", "g": g})


def stand_up(s, ev, g):
    s["fallen"][g] = 0
    ev.append({"e": "stood_up", "g": g})


def throw_net(s, ev, g):
    s["net"] = g
    ev.append({"e": "netted", "g": g})


def remove_net(s, ev, g):
    s["net"] = -1
    ev.append({"e": "net_removed", "g": g})


def bring_back(s, ev, g, health, field, how):
    """Playing dead (from the dead) or coming back (from the pardoned)."""
    s["status"][g] = ARENA
    s["hp"][g] = health
    s["fallen"][g] = 0
    s["pos"][g] = field
    ev.append({"e": how, "g": g, "hp": health, "f": field})


def make_drunk(s, ev, g, seat):
    s["drunk"][g] = seat
    ev.append({"e": "drunk", "g": g, "p": seat})


def take_loudest(s, ev, seat):
    s["loudest"] = seat
    ev.append({"e": "loudest", "p": seat})
