"""A short digest of a game state, equal on every port, and the FNV-1a checksum of the journal's records.

The digest (digest format 2, from 0.2.0's games' formats named in
docs/core.md) is the first 8 hex digits of the SHA-256 of the state's JSON
text with its dict keys sorted (CPython's json.dumps(state, sort_keys=True,
ensure_ascii=False): default separators, UTF-8 as it is). Dict order differs
between MicroPython and CPython, so MicroPython writes the state one
top-level value at a time, in key order: a value that holds no dict is
json.dumps'd whole, in C, and only a value holding a dict is written key by
key here. The hash runs in C (hashlib) over those pieces, never over one
text of the whole state (no allocation of the state's size, and on a Pico
2-3 ms a state where the old digest took 35-40 ms).

The digest of older saved games (digest format 1: 0.1.0's and 0.2.0's
until this bump) is fnv_digest(): the canonical text (keys sorted, no
spaces, booleans as 0/1, n for None, strings unescaped) hashed with 32-bit
FNV-1a in Python. canonical_text() and fnv1a() stay for the journal's record
checksums and the public id of games started before games had one.
"""

import hashlib
import json
import sys

FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193

if sys.implementation.name == "micropython":  # json writes UTF-8 as it is, and hashlib takes a str
    _json = json.dumps  # pyright: ignore[reportAssignmentType] - the same call, without a Python frame

    def _bytes(text):
        return text

else:  # CPython: the same text (ensure_ascii=False), hashed as bytes

    def _json(value):
        return json.dumps(value, ensure_ascii=False)  # pyright: ignore[reportCallIssue] - MicroPython's stub

    def _bytes(text):
        return text.encode()


_KEYS = {}  # key -> the bytes that start its entry ('"key": '): a state's keys are a few dozen names


def _feed(value, update, dumps):
    """Hash a container's JSON text, dict keys sorted, part by part (no text of the whole at once)."""
    if type(value) is dict:
        sep = "{"
        for key in sorted(value):
            update(_bytes(sep + dumps(key) + ": "))
            _feed_value(value[key], update, dumps)
            sep = ", "
        update(b"{}" if sep == "{" else b"}")
        return
    sep = "["
    for item in value:
        update(_bytes(sep))
        _feed_value(item, update, dumps)
        sep = ", "
    update(b"[]" if sep == "[" else b"]")


def _feed_value(value, update, dumps):
    """Hash one value's JSON text: json.dumps'd whole (in C) unless it holds a dict (or a brace in a
    string), which is written part by part with its keys sorted."""
    t = type(value)
    if t is dict or ((t is list or t is tuple) and value and type(value[0]) is dict):
        _feed(value, update, dumps)  # not dumped first: a list of dicts can be long (Munera's gladiators)
        return
    text = dumps(value)
    if "{" in text and (t is list or t is tuple):
        _feed(value, update, dumps)
    else:
        update(_bytes(text))


def json_text(state):
    """The whole text the digest hashes (tests and docs; digest() never builds it at once)."""
    out = []
    _feed_value(state, lambda piece: out.append(piece if type(piece) is str else piece.decode()), _json)
    return "".join(out)


def digest(state):
    """8 hex digits that change whenever anything in the state changes (digest format 2)."""
    if type(state) is not dict:
        raise TypeError("a state is a dict")
    h = hashlib.sha256()
    update, dumps, keys = h.update, _json, _KEYS
    sep = b"{"
    for key in sorted(state):
        start = keys.get(key)
        if start is None:
            start = keys[key] = _bytes(dumps(key) + ": ")
        update(sep)
        update(start)
        _feed_value(state[key], update, dumps)
        sep = b", "
    update(b"}" if state else b"{}")
    d = h.digest()
    return "%02x%02x%02x%02x" % (d[0], d[1], d[2], d[3])


# --- digest format 1, and the journal's checksums ---------------------------------


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


def fnv_digest(state):
    """The digest of digest format 1 (saved games of the formats before the bump: docs/core.md)."""
    return "%08x" % fnv1a(canonical_text(state).encode())
