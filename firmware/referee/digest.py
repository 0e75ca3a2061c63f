"""A short digest of a game state, equal on every port.

The state is written in a canonical text (dict keys sorted, because dict
order differs between MicroPython and CPython) and hashed with 32-bit FNV-1a.
"""

FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193


def canonical(obj, out):
    t = type(obj)
    if obj is None:
        out.append("n")
    elif t is bool:
        out.append("1" if obj else "0")
    elif t is int:
        out.append(str(obj))
    elif t is str:
        out.append('"' + obj + '"')
    elif t is list or t is tuple:
        out.append("[")
        for i in range(len(obj)):
            if i:
                out.append(",")
            canonical(obj[i], out)
        out.append("]")
    elif t is dict:
        out.append("{")
        first = True
        for key in sorted(obj):
            if not first:
                out.append(",")
            first = False
            out.append(key)
            out.append(":")
            canonical(obj[key], out)
        out.append("}")
    else:
        raise TypeError("state holds a %s" % t)


def canonical_text(obj):
    out = []
    canonical(obj, out)
    return "".join(out)


def fnv1a(data):
    """32-bit FNV-1a of bytes, computed in two 16-bit halves.

    h * FNV_PRIME = h * 403 + h * 2**24 (mod 2**32): in halves every value stays
    below 2**26, a MicroPython small int, so hashing allocates nothing per byte
    (a 32-bit h would be a new big int three times a byte: kilobytes a record).
    """
    hi, lo = FNV_OFFSET >> 16, FNV_OFFSET & 0xFFFF
    for byte in data:
        lo ^= byte
        low = lo * 403  # FNV_PRIME & 0xFFFF
        hi = (hi * 403 + (low >> 16) + ((lo & 0xFF) << 8)) & 0xFFFF  # + (lo << 24): its low byte in the high half
        lo = low & 0xFFFF
    return (hi << 16) | lo


def digest(state):
    """8 hex digits that change whenever anything in the state changes."""
    return "%08x" % fnv1a(canonical_text(state).encode())
