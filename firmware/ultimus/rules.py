"""The one entry point: apply(state, action) -> events, and legal_actions.

An action is a plain dict: {"a": name, "p": seat, ...}. Actions without "p"
belong to the referee (the box itself, or whoever runs the game: the
loudest-spectator draw, CLAMO at the end of the countdown, next battle).
Every refusal raises ultimus.errors.Illegal before anything changes.
"""

from ultimus import battle, cardplay, boxplay, trade, effects
from ultimus.battle import need_phase, seat_arg, active_seat, entrance_seat, free_doors
from ultimus.content import BETTING_CARDS, MAX_COINS_PER_BETTING_CARD, MAX_HEALTH, NET_OWNER
from ultimus.errors import refuse, int_arg, Illegal
from ultimus.hexmap import NEIGH
from ultimus.state import (
    GLADIATORS, WAITING, ARENA, DEAD, PARDONED, MODE_FULL, UNDECIDED, THINK, occupant,
)
from ultimus.yelling import (
    CARDS, MOVE, MELEE, RANGED, STAND_UP, NET, REMOVE_NET, HEAL, BLEED, DRAW, LOUDEST,
    SPECIAL_STUPID_BET,
)


def pollice_verso(s, a, ev):
    need_phase(s, "action")
    if not s["pending"]:
        refuse("no_pollice_verso", "no gladiator waits for the pollice verso")
    p = seat_arg(s, a)
    if p != s["loudest"]:
        refuse("not_loudest", "only the loudest spectator turns the thumb")
    up = int_arg(a, "up", 0, 1)
    effects.thumb(s, ev, up)
    battle.check_battle_end(s, ev)


def _full_or_box(full, box):
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
    "choose": cardplay.choose,
    "move": cardplay.move,
    "rise": cardplay.rise,
    "step": cardplay.step,
    "melee": cardplay.melee,
    "ranged": cardplay.ranged,
    "net": _full_or_box(cardplay.net, boxplay.net),
    "unnet": _full_or_box(cardplay.remove_net, boxplay.unnet),
    "heal": _full_or_box(cardplay.heal, boxplay.heal),
    "bleed": _full_or_box(cardplay.bleed, boxplay.bleed),
    "draw": _full_or_box(cardplay.draw, boxplay.draw),
    "loudest": _full_or_box(cardplay.loudest, boxplay.loudest),
    "rebet": cardplay.rebet,
    "discard": cardplay.discard,
    "end": cardplay.end_card,
    # effect level (the box)
    "damage": boxplay.damage,
    "knock": boxplay.knock,
    "stand": boxplay.stand,
    "revive": boxplay.revive,
    "come_back": boxplay.come_back,
    "drunk": boxplay.drunk,
    "done": boxplay.done,
}

EFFECT_ACTIONS = ("damage", "bleed", "heal", "knock", "stand", "net", "unnet", "revive", "come_back",
                  "drunk", "loudest", "draw", "done", "thumb", "set_loudest", "bets_placed", "payout")


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


# --- legal actions ----------------------------------------------------------

def legal_actions(s, seat):
    """Every legal action of a seat (seat -1: the referee), trades left out."""
    out = []
    phase = s["phase"]
    full = s["mode"] == MODE_FULL
    if phase == "loudest":
        if seat < 0:
            out.append({"a": "draw_loudest"})
            if not full:
                for p in range(s["players"]):
                    out.append({"a": "set_loudest", "p": p})
    elif phase == "betting":
        _betting(s, seat, full, out)
    elif phase == "entrance":
        if seat >= 0 and seat == entrance_seat(s):
            doors = free_doors(s) if full else [-1]
            for g in range(GLADIATORS):
                if s["status"][g] == WAITING:
                    for d in doors:
                        a = {"a": "place", "p": seat, "g": g}
                        if full:
                            a["f"] = d
                        out.append(a)
    elif phase == "shout":
        if seat < 0:
            out.append({"a": "clamo"})
        elif s["shout"][seat] == UNDECIDED:
            out.append({"a": "commit", "p": seat, "shout": 0})
            if full:
                for c in s["hands"][seat]:
                    out.append({"a": "commit", "p": seat, "shout": 1, "c": c})
            else:
                out.append({"a": "commit", "p": seat, "shout": 1})
    elif phase == "action":
        if s["pending"]:
            if seat == s["loudest"]:
                out.append({"a": "thumb", "p": seat, "up": 1})
                out.append({"a": "thumb", "p": seat, "up": 0})
        elif full:
            _card_level(s, seat, out)
        elif seat == active_seat(s):
            _effect_level(s, seat, out)
    elif phase == "battle_end":
        if seat < 0:
            if s["battle"] < s["battles"]:
                out.append({"a": "next"})
            out.append({"a": "finish"})
        elif not full:
            for b in range(len(BETTING_CARDS)):
                if b not in s["paid"]:
                    for coins in range(1, min(MAX_COINS_PER_BETTING_CARD, s["gold"][seat]) + 1):
                        out.append({"a": "payout", "p": seat, "b": b, "coins": coins})
    return out


def _betting(s, seat, full, out):
    if not full:
        if seat < 0:
            out.append({"a": "bets_placed"})
        return
    if seat < 0 or s["ready"][seat]:
        return
    bets = s["bets"][seat]
    for k in range(len(bets)):
        if bets[k][1] < MAX_COINS_PER_BETTING_CARD:
            if s["new_gold"][seat]:
                out.append({"a": "bet", "p": seat, "k": k, "won": 0})
            if s["gold"][seat] and battle.free_coin_places(s, seat) > s["new_gold"][seat]:
                out.append({"a": "bet", "p": seat, "k": k, "won": 1})
    if not s["new_gold"][seat]:
        out.append({"a": "ready", "p": seat})


def _card_level(s, seat, out):
    card = s["card"]
    if card is None:
        if seat >= 0 and seat == active_seat(s) and s["shout"][seat] == THINK:
            hand = s["hands"][seat]
            out.append({"a": "think", "p": seat, "c": []})
            for i in range(len(hand)):
                out.append({"a": "think", "p": seat, "c": [hand[i]]})
                for j in range(i + 1, len(hand)):
                    out.append({"a": "think", "p": seat, "c": [hand[i], hand[j]]})
        return
    if seat != card["ctrl"]:
        return
    if card["stage"] == "choose":
        options = cardplay.choices(s, card)
        for g, where, _ in options:
            a = {"a": "choose", "p": seat, "g": g}
            if where >= 0:
                a["f"] = where
            out.append(a)
        if not options:
            out.append({"a": "choose", "p": seat, "g": -1})
        return
    special = CARDS[card["c"]][2]
    if special == SPECIAL_STUPID_BET:
        _stupid_bet(s, seat, card, out)
    elif card["g"] >= 0 and s["status"][card["g"]] == ARENA:
        _symbols(s, seat, card, out)
    if not (special == SPECIAL_STUPID_BET and not card["discarded"] and s["hands"][seat]):
        out.append({"a": "end", "p": seat})


def _stupid_bet(s, seat, card, out):
    bets = s["bets"][seat]
    if not card["rebet"]:
        for k in range(len(bets)):
            if bets[k][1] < MAX_COINS_PER_BETTING_CARD:
                for src in range(-1, len(bets)):
                    if src != k and ((src < 0 and s["gold"][seat]) or (src >= 0 and bets[src][1])):
                        out.append({"a": "rebet", "p": seat, "src": src, "k": k})
    if not card["discarded"]:
        for c in s["hands"][seat]:
            out.append({"a": "discard", "p": seat, "c": c})


def _symbols(s, seat, card, out):
    g = card["g"]
    fallen = s["fallen"][g]
    is_netted = s["net"] == g
    symbols = CARDS[card["c"]][3]
    here = s["pos"][g]
    for i in range(len(symbols)):
        kind, value, _, _, blood = symbols[i]
        if card["used"][i] or (card["blood"] and not blood):
            continue
        if kind == MOVE:
            if not fallen and not is_netted:
                out.append({"a": "move", "p": seat, "i": i})
            if fallen and not is_netted and value >= 1:
                out.append({"a": "rise", "p": seat, "i": i})
        elif kind == STAND_UP:
            if fallen and not is_netted:
                out.append({"a": "rise", "p": seat, "i": i})
        elif kind == MELEE:
            for d in range(6):
                f = NEIGH[here][d]
                if f >= 0 and occupant(s, f) >= 0:
                    out.append({"a": "melee", "p": seat, "i": i, "d": d})
        elif kind == RANGED:
            if not is_netted:
                for t in range(GLADIATORS):
                    if t != g and s["status"][t] == ARENA:
                        out.append({"a": "ranged", "p": seat, "i": i, "g": t})
        elif kind == NET:
            if g == NET_OWNER and s["net"] < 0:
                for t in card["hits"]:
                    if s["status"][t] == ARENA:
                        out.append({"a": "net", "p": seat, "i": i, "t": t})
        elif kind == REMOVE_NET:
            if is_netted:
                out.append({"a": "unnet", "p": seat, "i": i})
        elif kind == HEAL:
            out.append({"a": "heal", "p": seat, "i": i})
        elif kind == BLEED:
            if value < s["hp"][g] < MAX_HEALTH[g]:
                out.append({"a": "bleed", "p": seat, "i": i})
        elif kind == DRAW:
            out.append({"a": "draw", "p": seat, "i": i})
        elif kind == LOUDEST:
            out.append({"a": "loudest", "p": seat, "i": i})
    for d in range(6):
        if cardplay.step_target(s, card, d) >= 0:
            out.append({"a": "step", "p": seat, "d": d})


def _effect_level(s, seat, out):
    status = s["status"]
    for g in range(GLADIATORS):
        if status[g] == ARENA:
            hp = s["hp"][g]
            for n in range(1, hp + 1):
                for pv in (0, 1):
                    out.append({"a": "damage", "p": seat, "g": g, "n": n, "pv": pv, "knock": 0})
                    out.append({"a": "damage", "p": seat, "g": g, "n": n, "pv": pv, "knock": 1})
            for n in range(1, hp):
                if hp < MAX_HEALTH[g]:
                    out.append({"a": "bleed", "p": seat, "g": g, "n": n})
            for n in range(1, MAX_HEALTH[g] - hp + 1):
                out.append({"a": "heal", "p": seat, "g": g, "n": n})
            if s["fallen"][g]:
                if s["net"] != g:
                    out.append({"a": "stand", "p": seat, "g": g})
            else:
                out.append({"a": "knock", "p": seat, "g": g})
            if s["net"] == g:
                out.append({"a": "unnet", "p": seat, "g": g})
            elif s["net"] < 0 and g != NET_OWNER and status[NET_OWNER] == ARENA:
                out.append({"a": "net", "p": seat, "g": g})
            out.append({"a": "drunk", "p": seat, "g": g})
        elif status[g] == DEAD:
            out.append({"a": "revive", "p": seat, "g": g})
        elif status[g] == PARDONED:
            out.append({"a": "come_back", "p": seat, "g": g})
    out.append({"a": "loudest", "p": seat})
    out.append({"a": "draw", "p": seat})
    out.append({"a": "done", "p": seat})


def trade_actions(s, seat):
    """Gifts and trades a seat could make right now (one coin or one card at a time)."""
    out = []
    if s["phase"] == "over" or seat < 0:
        return out
    for to in range(s["players"]):
        if to != seat:
            if s["gold"][seat]:
                out.append({"a": "give", "p": seat, "to": to, "n": 1})
            if s["mode"] == MODE_FULL:
                for c in s["hands"][seat]:
                    out.append({"a": "pass_card", "p": seat, "to": to, "c": c})
    return out


def actors(s):
    """The seats that have something to do now (the referee is not listed).

    Derived from the phase rather than by asking legal_actions of every seat:
    random play and the box ask this before every single action.
    """
    phase = s["phase"]
    n = s["players"]
    if phase == "betting":
        if s["mode"] != MODE_FULL:
            return []
        return [p for p in range(n) if not s["ready"][p]]
    if phase == "entrance":
        return [entrance_seat(s)]
    if phase == "shout":
        return [p for p in range(n) if s["shout"][p] == UNDECIDED]
    if phase == "action":
        if s["pending"]:
            return [s["loudest"]]
        card = s["card"]
        return [card["ctrl"] if card is not None else active_seat(s)]
    if phase == "battle_end" and s["mode"] != MODE_FULL:
        return [p for p in range(n) if s["gold"][p] and len(s["paid"]) < len(BETTING_CARDS)]
    return []
