"""A long JSON text in pieces: no allocation the size of the whole (a state, a log page, a checkpoint).

A Pico's heap, fragmented by a game, may not hold kilobytes in one block: the
link queues a long reply for the serial port as these pieces, and the
journal writes a checkpoint of the state to the flash from them. Joined, the
pieces are one valid JSON text (a dict's keys in the port's order).
"""

import json

PIECE_BYTES = 512  # the pieces' size, about
BATCH = 8  # values json.dumps'd together (in C), a few hundred bytes


def pieces(obj):
    """The JSON text of a dict as bytes pieces of about PIECE_BYTES."""
    parts = []
    json_pieces(obj, parts)
    out, piece, size = [], [], 0
    for part in parts:
        piece.append(part)
        size += len(part)
        if size >= PIECE_BYTES:
            out.append("".join(piece).encode())
            piece, size = [], 0
    if piece:
        out.append("".join(piece).encode())
    return out


def _split(value, depth):
    """Whether a value is written piece by piece: a dict or list at the text's first level (a reply's
    state, a log page's actions, a checkpoint's state), and any list of dicts (Munera's gladiators)."""
    t = type(value)
    if t is not dict and t is not list:
        return False
    return depth > 0 or (t is list and len(value) > 1 and type(value[0]) is dict)


def json_pieces(obj, out, depth=1):
    """Append the JSON text of a dict to out in pieces of at most BATCH values, each piece one
    json.dumps in C: no piece is the size of the whole. Joined, the pieces are one valid JSON text."""
    if type(obj) is dict:
        keys = list(obj)
        out.append("{")
        sep = ""
        i = 0
        while i < len(keys):
            key = keys[i]
            if _split(obj[key], depth):
                out.append(sep + json.dumps(key) + ": ")
                json_pieces(obj[key], out, depth - 1)
                i += 1
            else:
                batch = {}
                while i < len(keys) and len(batch) < BATCH and not _split(obj[keys[i]], depth):
                    batch[keys[i]] = obj[keys[i]]
                    i += 1
                out.append(sep + json.dumps(batch)[1:-1])
            sep = ", "
        out.append("}")
        return
    # as many items a piece as fit in about PIECE_BYTES, judged by the first (log actions: a few dozen
    # bytes each, Munera's gladiators a few hundred)
    step = max(1, min(BATCH * 4, PIECE_BYTES // (len(json.dumps(obj[0])) + 2))) if obj else 1
    out.append("[")
    for i in range(0, len(obj), step):
        out.append(("" if i == 0 else ", ") + json.dumps(obj[i : i + step])[1:-1])
    out.append("]")
