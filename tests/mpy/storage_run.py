"""The storage driver under MicroPython (tests/test_storage_drivers.py): a game's journal
written, read back across tail folds and a new driver (a reset), kept and replaced.

Prints one line per check: "ok NAME" or "bad NAME DETAIL".
"""

import os

from ultimusbox.drivers.storage import Storage
from ultimusbox.journal import Journal

os.chdir("/")
NAME = "game.jnl"


def check(name, good, detail=""):
    print(("ok " if good else "bad ") + name + ("" if good else " " + str(detail)))


storage = Storage()
storage.remove(NAME)
journal = Journal(storage)
journal.start({"seed": 7})
for i in range(40):
    journal.append({"a": "knock", "i": i, "pad": "x" * (i % 9)})
check("read", [r["i"] for r in journal] == list(range(40)))
check("slot", storage.exists(NAME + ".j0"))
journal.append({"a": "knock", "i": 40})
again = Journal(Storage())  # a reset: a new driver reads the big file and the live tail
check("reset", [r["i"] for r in again] == list(range(41)), [r["i"] for r in again])
again.storage.append(NAME, b"torn")
again.keep(30)
check("keep", [r["i"] for r in Journal(Storage())] == list(range(30)))
journal = Journal(Storage())
journal.start({"seed": 8})
journal.append({"a": "knock", "i": 0})
check("new game", journal.header() == {"seed": 8} and [r["i"] for r in journal] == [0])
journal.clear()
check("clear", not storage.exists(NAME) and not [n for n in os.listdir("/") if n.startswith(NAME)], os.listdir("/"))
