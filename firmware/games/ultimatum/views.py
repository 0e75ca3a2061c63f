"""What each eye may see. Ultimatum has no secret the box keeps: the cards' faces stay in the
players' hands (the box counts them), so a seat sees the public view; the generator's state
is never shown."""

from games.ultimatum.state import alliance_counts


def public_view(s):
    v = {}
    for key in s:
        if key == "rng":
            continue
        value = s[key]
        if type(value) is list:
            value = [list(x) if type(x) is list else x for x in value]
        elif type(value) is dict:
            value = dict(value)
            for k in value:
                if type(value[k]) is list:
                    value[k] = list(value[k])
        v[key] = value
    v["alliances"] = [alliance_counts(s, p) for p in range(s["players"])]
    return v


def seat_view(s, seat):
    v = public_view(s)
    v["seat"] = seat
    return v
