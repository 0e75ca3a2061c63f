"""What everyone sees of a Morituri game. Nothing is secret but the generator:
its state is never in a view."""

from games.morituri.state import figures, hp, is_lying, is_out, is_spared

_PUBLIC_KEYS = ("players", "phase", "round", "caesar", "barred", "activated", "waiting", "winner")


def _figure(s, f):
    if is_out(s, f):
        status = "out"
    elif is_spared(s, f):
        status = "spared"
    elif is_lying(s, f):
        status = "down"
    else:
        status = "standing"
    return {
        "cls": s["cls"][f],
        "owner": s["owner"][f],
        "hp": hp(s, f),
        "status": status,
        "kills": s["kills"][f],
        "appeals": s["appeals"][f],
        "up": s["up"][f],
    }


def public_view(s):
    v = {}
    for key in _PUBLIC_KEYS:
        value = s[key]
        v[key] = list(value) if type(value) is list else value
    v["fought"] = [list(p) for p in s["fought"]]
    v["figures"] = [_figure(s, f) for f in figures(s)]
    v["crowd"] = [{"f": q["data"][0], "crowd": q["data"][1]} for q in s["crowd"]]
    return v


def seat_view(s, seat):
    v = public_view(s)
    v["seat"] = seat
    v["mine"] = [f for f in figures(s) if s["owner"][f] == seat]
    return v
