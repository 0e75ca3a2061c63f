"""Every legal action of a seat, generated from the state: what bots and random play choose from.

Kept apart from ultimus.rules so that the box, which only applies what its
buttons and the link ask for, need not load it.
"""

from ultimus import battle, cardplay
from ultimus.battle import active_seat, entrance_seat, free_doors
from ultimus.content import BETTING_CARDS, MAX_COINS_PER_BETTING_CARD, MAX_HEALTH, NET_OWNER
from ultimus.hexmap import NEIGH
from ultimus.state import GLADIATORS, WAITING, ARENA, DEAD, PARDONED, MODE_FULL, UNDECIDED, THINK, occupant
from ultimus.yelling import (
    CARDS, MOVE, MELEE, RANGED, STAND_UP, NET, REMOVE_NET, HEAL, BLEED, DRAW, LOUDEST,
    SPECIAL_STUPID_BET,
)


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
        if s["pollice_verso"]:
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
    if cardplay.can_move(s, card):
        for d in range(6):
            if cardplay.step_target(s, g, d) >= 0:
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
        if s["pollice_verso"]:
            return [s["loudest"]]
        card = s["card"]
        return [card["ctrl"] if card is not None else active_seat(s)]
    if phase == "battle_end" and s["mode"] != MODE_FULL:
        return [p for p in range(n) if s["gold"][p] and len(s["paid"]) < len(BETTING_CARDS)]
    return []
