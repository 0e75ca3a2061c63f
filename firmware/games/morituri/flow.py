"""The flow of Morituri v1.1, declared in one table: what can happen when, and who may do it.

Phases of a round: initiative -> movement (none when no figure can be called
on) -> melee -> implore (only when a figure fell) -> the next round's
initiative, until "over" (after a melee or an appeal: legal.NEXT says each
step). The box (the referee) rolls the initiative; Caesar takes every other
step: he calls on the figures, picks the melee pairs, ends the melee, calls the
fallen to implore (or lets one waive it) and, once the crowd has spoken, gives
his thumb.
"""

from referee.flow import REFEREE, Flow, Who, move


def _caesar(s):
    return [s["caesar"]]


def _caesar_unless_asked(s):
    return [] if s["crowd"] else [s["caesar"]]


def _caesar_if_asked(s):
    return [s["caesar"]] if s["crowd"] else []


def _thumb_first(s):
    if s["crowd"]:
        return ("thumb_first", "the crowd has spoken: Caesar gives his thumb first")
    return None


def _nothing_asked(s):
    if not s["crowd"]:
        return ("no_appeal", "no appeal waits for Caesar's thumb")
    return None


CAESAR = Who("Caesar", _caesar, "not_caesar", "only Caesar decides this")
CAESAR_CALLS = Who("Caesar", _caesar_unless_asked, "not_caesar", "only Caesar calls on the fallen", _thumb_first)
CAESAR_THUMB = Who("Caesar", _caesar_if_asked, "not_caesar", "only Caesar gives the thumb", _nothing_asked)


# The handlers are named by their dotted paths, imported on first use (round, melee and implore import
# each other); written out whole, not built by concatenation: a literal is a constant of the compiled
# module, a built string one more heap object per entry below a game's data on a Pico
FLOW = Flow(
    {
        "": {
            "initiative": {"initiative": move(REFEREE, "games.morituri.round.initiative", ("dice",))},
            "movement": {"activate": move(CAESAR, "games.morituri.round.activate", ("f",))},
            "melee": {
                "melee": move(CAESAR, "games.morituri.melee.fight", ("f", "t", "fm", "tm", "dice", "armour")),
                "end_melee": move(CAESAR, "games.morituri.round.end_melee"),
            },
            "implore": {
                "implore": move(CAESAR_CALLS, "games.morituri.implore.implore", ("f", "dice")),
                "waive": move(CAESAR_CALLS, "games.morituri.implore.waive", ("f",)),
                "thumb": move(CAESAR_THUMB, "games.morituri.implore.thumb", ("up",)),
            },
        },
    }
)
