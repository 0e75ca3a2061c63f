"""The one entry point: apply(state, action) -> events (legal actions: ultimus.legal).

An action is a plain dict: {"a": name, "p": seat, ...}. Actions without "p"
belong to the referee (the box itself, or whoever runs the game: the
loudest-spectator draw, CLAMO at the end of the countdown, next battle).
Every refusal raises ultimus.errors.Illegal before anything changes.
"""

from ultimus import battle, boxplay, trade, effects
from ultimus.battle import need_phase, seat_arg
from ultimus.errors import refuse, int_arg, Illegal
from ultimus.state import MODE_FULL


def pollice_verso(s, a, ev):
    need_phase(s, "action")
    if not s["pollice_verso"]:
        refuse("no_pollice_verso", "no gladiator waits for the pollice verso")
    p = seat_arg(s, a)
    if p != s["loudest"]:
        refuse("not_loudest", "only the loudest spectator turns the thumb")
    up = int_arg(a, "up", 0, 1)
    effects.thumb(s, ev, up)
    battle.check_battle_end(s, ev)


def _card(name):
    """A card-level handler, loaded on first use: the box's own games never need cardplay."""
    found = []

    def handler(s, a, ev):
        if not found:
            from ultimus import cardplay

            found.append(getattr(cardplay, name))
        return found[0](s, a, ev)
    return handler


def _full_or_box(full, box):
    full = _card(full)

    def handler(s, a, ev):
        if s["mode"] == MODE_FULL:
            return full(s, a, ev)
        return box(s, a, ev)
    return handler


HANDLERS = {
    # referee
    "draw_loudest": battle.draw_loudest,
    "set_loudest": battle.choose_loudest,
    "bets_placed": battle.bets_placed,
    "clamo": battle.clamo,
    "next": battle.next_battle,
    "finish": battle.finish,
    # every seat
    "bet": battle.place_bet,
    "ready": battle.bets_ready,
    "place": battle.place_gladiator,
    "commit": battle.commit,
    "think": battle.think,
    "thumb": pollice_verso,
    "payout": battle.payout,
    "give": trade.give_gold,
    "pass_card": trade.give_card,
    # card level (full game)
    "choose": _card("choose"),
    "move": _card("move"),
    "rise": _card("rise"),
    "step": _card("step"),
    "melee": _card("melee"),
    "ranged": _card("ranged"),
    "net": _full_or_box("net", boxplay.net),
    "unnet": _full_or_box("remove_net", boxplay.unnet),
    "heal": _full_or_box("heal", boxplay.heal),
    "bleed": _full_or_box("bleed", boxplay.bleed),
    "draw": _full_or_box("draw", boxplay.draw),
    "loudest": _full_or_box("loudest", boxplay.loudest),
    "rebet": _card("rebet"),
    "discard": _card("discard"),
    "end": _card("end_card"),
    # effect level (the box)
    "damage": boxplay.damage,
    "knock": boxplay.knock,
    "stand": boxplay.stand,
    "revive": boxplay.revive,
    "come_back": boxplay.come_back,
    "drunk": boxplay.drunk,
    "done": boxplay.done,
}


def apply(s, action):
    """Validate and apply one action; returns its events or raises Illegal."""
    if type(action) is not dict:
        raise Illegal("bad_action", "an action is an object with a field 'a'")
    name = action.get("a")
    handler = HANDLERS.get(name) if type(name) is str else None
    if handler is None:
        raise Illegal("unknown_action", "unknown action %r" % (name,))
    if s["phase"] == "over":
        raise Illegal("game_over", "the game is over")
    events = []
    handler(s, action, events)
    return events
