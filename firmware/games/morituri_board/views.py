"""What everyone sees of a Morituri board game. Nothing is secret (the cards are face up on the
Tabula) but the generator: its state is never in a view."""

from games.morituri_board import kit

_PUBLIC_KEYS = ("players", "phase", "last_alive", "rejoin", "first", "active", "turn", "moved", "winner")


def _seat(s, p):
    side = kit.side(s["values"], s["kit"][p])
    return {
        "hp": s["hp"][p],
        "kit": list(s["kit"][p]),
        "where": s["where"][p],
        "roma_won": s["roma_won"][p],
        "attack": side[kit.ATTACK],
        "attacks": side[kit.N_ATTACKS],
        "defence": side[kit.DEF],
        "encumbrance": side[kit.ENC],
        "vs_bandits": kit.vs_bandits(s["values"], s["kit"][p]),
    }


def public_view(s):
    v = {}
    for key in _PUBLIC_KEYS:
        v[key] = s[key]
    v["seats"] = [_seat(s, p) for p in range(s["players"])]
    v["hp_spaces"] = list(s["hp_spaces"])
    v["todo"] = [list(t) for t in s["todo"]]
    f = s["fight"]
    v["fight"] = None if f is None else {k: (list(f[k]) if type(f[k]) is list else f[k]) for k in f}
    v["values"] = {c: list(s["values"][c]) for c in s["values"]}
    return v


def seat_view(s, seat):
    v = public_view(s)
    v["seat"] = seat
    return v
