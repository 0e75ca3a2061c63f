"""What everyone sees of a Munera bout: everything but the generator (nothing else is secret)."""

from games.munera.state import exhausted, gladiators, injured, tired


def public_view(s):
    v = {}
    for key in s:
        if key != "rng" and key != "g":
            value = s[key]
            v[key] = list(value) if type(value) is list else value
    out = []
    for g in gladiators(s):
        x = dict(s["g"][g])
        x["injured"] = 1 if injured(s, g) else 0
        x["tired"] = 2 if exhausted(s, g) else (1 if tired(s, g) else 0)
        out.append(x)
    v["g"] = out
    return v


def seat_view(s, seat):
    v = public_view(s)
    v["seat"] = seat
    return v
