"""The box's own settings on flash: which game the menu chose.

One checksummed record (the journal's encoding) in its own file, replaced
atomically. A missing or broken file means the default game.
"""

from ultimusbox.journal import decode, encode

FILE = "box.cfg"


def chosen_game(storage, default):
    try:
        for line in storage.read_lines(FILE):
            record = decode(line)
            if isinstance(record, dict) and type(record.get("game")) is str:
                return record["game"]
            break
    except OSError:  # unreadable (a directory in its place on a PC): the default, and the next choice replaces it
        pass
    return default


def choose_game(storage, name):
    storage.replace(FILE, encode({"game": name}))
