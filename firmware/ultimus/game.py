"""A game: its set-up, its state, its action log; replay and digest.

Game.apply is the one door for every caller (box app, link, host, bots): it
validates and applies one action, logs it when accepted, and on refusal
leaves the state exactly as it was. A set-up plus the action log replays to
the same state, digest for digest, on every port.
"""

from ultimus.digest import digest
from ultimus.errors import Illegal
from ultimus.rules import apply
from ultimus.state import new_state, MODE_FULL
from ultimus.content import DEFAULT_BATTLES
from ultimus.views import public_view, seat_view


def copy_data(x):
    """A deep copy of plain data (dicts, lists, scalars); tuples stay shared."""
    t = type(x)
    if t is list:
        return [copy_data(v) for v in x]
    if t is dict:
        out = {}
        for k in x:
            out[k] = copy_data(x[k])
        return out
    return x


class CountingLog:
    """A log that only counts the actions: for replays that must not keep them (the box's
    resume reads them from its journal) and for measuring a game without its log."""

    def __init__(self):
        self.count = 0

    def append(self, action):
        self.count += 1

    def __len__(self):
        return self.count


class Game:
    def __init__(self, players, seed, mode=MODE_FULL, battles=DEFAULT_BATTLES, log=None):
        """log: where accepted actions go, a list by default; the box passes its
        flash journal instead, so that a long game does not fill the heap."""
        self.setup = {"players": players, "seed": seed, "mode": mode, "battles": battles}
        self.state = new_state(players, seed, mode, battles)
        self.log = [] if log is None else log

    def apply(self, action):
        """Events of an accepted action; Illegal (state untouched) for a refused one."""
        try:
            events = apply(self.state, action)
        except Illegal:
            raise  # handlers refuse before they change anything (the property tests hold them to it)
        except Exception as exc:
            # A bug must not cost the table its game: rebuild the state from the log.
            self._rebuild()
            raise Illegal("internal", "the core failed on this action: %r" % (exc,))
        self.log.append(action)
        return events

    def _rebuild(self):
        fresh = replay(self.setup, list(self.log)).state
        self.state.clear()
        self.state.update(fresh)

    def legal_actions(self, seat):
        return _legal().legal_actions(self.state, seat)

    def trade_actions(self, seat):
        return _legal().trade_actions(self.state, seat)

    def actors(self):
        return _legal().actors(self.state)

    def digest(self):
        return digest(self.state)

    def public_view(self):
        return public_view(self.state)

    def seat_view(self, seat):
        return seat_view(self.state, seat)

    @property
    def phase(self):
        return self.state["phase"]

    def to_data(self):
        """Everything needed to restore the game: set-up and log (the state is rebuilt)."""
        return {"setup": dict(self.setup), "log": list(self.log), "digest": self.digest()}


_LEGAL = []


def _legal():
    """ultimus.legal, imported on first use (the box never asks for legal actions)."""
    if not _LEGAL:
        from ultimus import legal

        _LEGAL.append(legal)
    return _LEGAL[0]


def replay(setup, actions):
    """The game that a set-up and an accepted action log produce."""
    game = Game(setup["players"], setup["seed"], setup.get("mode", MODE_FULL),
                setup.get("battles", DEFAULT_BATTLES))
    for i in range(len(actions)):
        try:
            game.apply(actions[i])
        except Illegal as exc:
            raise Illegal("bad_log", "action %d of the log is refused: %s" % (i, exc))
    return game


def restore(data):
    """A game from to_data(); refuses a log whose digest does not match."""
    if type(data) is not dict or type(data.get("setup")) is not dict or type(data.get("log")) is not list:
        raise Illegal("bad_log", "a saved game has a setup and a log")
    game = replay(data["setup"], data["log"])
    if "digest" in data and data["digest"] != game.digest():
        raise Illegal("bad_log", "the replayed game does not match the saved digest")
    return game
