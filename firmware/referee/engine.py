"""The one engine every game runs on: apply against a declared flow, refuse, log, replay, digest.

A game's rules are a module with:
  NAME                  the game's name in saved games, journals and on the link
  FORMAT                the number of the saved-data format this version writes
  FLOW                  a Flow: for each variant and phase, which actions are allowed,
                        who may take them and which handler runs (the one table to read)
  variant(s)            the FLOW variant that applies to a state ("" if the game has none)
  check_setup(setup)    the set-up as a new dict with its defaults, or Illegal("bad_setup")
  new_state(setup)      the state a checked set-up starts from: one plain dict
  public_view(s), seat_view(s, seat)
  legal()               the module with legal_actions(s, seat) and
                        trade_actions(s, seat), loaded on first use (a box never needs it)
  digest_for(s, format) the digest an older FORMAT wrote into its saved games
  FIELDS (optional)     {action: (fields besides "a" and "p")}: the engine keeps only these, so
                        that what is applied and logged is the validated action itself
  SAVED_DEFAULTS (opt.) {set-up key: value}: what a saved set-up that lacks the key was played
                        with (saved_setup): a rule change adds a key, new games default to the
                        new rules, and older saves replay with the rules they were played with

Handlers take (state, action, events); a flow may name one as a string
"package.module.function" to have it imported on first use. The engine has already checked the
phase, the variant and the actor; a handler checks the rest with the game's
rule checks (each one function, shared with legal_actions), refuses with
Illegal before it changes anything, then applies and appends its events.
A state is plain data (dicts, lists, ints, strings) that digests the same
on every port.
"""

from referee import VERSION
from referee.digest import digest
from referee.errors import Illegal, int_arg, need
from referee.flow import ANY_PHASE, ANY_SEAT, REFEREE, Flow, Who, may_act  # noqa: F401  (where games found them)


def clean(rules, action):
    """The action as it will be applied and logged: only "a", "p" and the action's own fields
    (rules.FIELDS), each checked to be plain data; Illegal otherwise."""
    if type(action) is not dict:
        raise Illegal("bad_action", "an action is an object with a field 'a'")
    name = action.get("a")
    fields = getattr(rules, "FIELDS", None)  # None: every field is the action's own
    own = fields.get(name, ()) if fields is not None and type(name) is str else None
    extra = False  # a field that is not the action's own: then it is copied without it
    for key in action:
        value = action[key]
        t = type(value)
        if t is not int and t is not str and not plain(value):  # ints and text first: most fields are
            raise Illegal("bad_action", "field %r must hold whole numbers, text or lists of them" % (key,))
        if own is not None and key != "a" and key != "p" and key not in own:
            extra = True
    if type(name) is not str or name not in rules.FLOW.known:
        raise Illegal("unknown_action", "unknown action %r" % (name,))
    if not extra or own is None:
        return action  # nothing extra: no copy to make (the common case, a whole game long)
    out = {"a": name}
    if "p" in action:
        out["p"] = action["p"]
    for key in own:
        if key in action:
            out[key] = action[key]
    return out


def apply(rules, s, action):
    """Validate and apply one action; returns its events or raises Illegal (state untouched)."""
    return apply_clean(rules, s, clean(rules, action))


def apply_clean(rules, s, action):
    """apply() for an action clean() has already made (Game.apply logs that same dict)."""
    flow = rules.FLOW
    phase = s["phase"]
    moves = flow.now[rules.variant(s)].get(phase)
    found = moves.get(action["a"]) if moves is not None else None
    if found is None or phase == flow.end:
        found = flow.resolve(rules.variant(s), phase, action["a"])  # the refusal that says why not
    who = found[0]
    handler = found[1]
    if who is not REFEREE:
        p = action.get("p")
        if type(p) is not int or p < 0 or p >= s["players"]:
            int_arg(action, "p", 0, s["players"] - 1)  # the refusal
        if who.seats is not None and p not in who.seats(s):
            need(who.reason(s) if who.reason is not None else None)
            raise Illegal(who.code, who.message)
    if type(handler) is str:  # named in the flow: imported on first use, then kept in its table
        handler = load_handler(handler)
        if moves is not None and moves.get(action["a"]) is found:
            moves[action["a"]] = (who, handler) + found[2:]
    events = []
    handler(s, action, events)
    if flow.checking is not None and s["phase"] != phase:
        flow.checking(rules, phase, s["phase"])  # the tests': every phase a handler leads to is declared
    return events


_LOADED = {}


def load_handler(path):
    """A handler named "package.module.function", imported on first use.

    A flow names the handlers of a level the box never plays (ULTIMUS's card
    level) this way, so that a box loads only the modules it needs.
    """
    found = _LOADED.get(path)
    if found is None:
        dot = path.rfind(".")
        module = __import__(path[:dot], None, None, [path[dot + 1 :]])
        found = _LOADED[path] = getattr(module, path[dot + 1 :])
    return found


def preload(rules, s):
    """Import now every handler the flow of this state's variant names by string: a game just built, its
    state still small. Otherwise each is imported at its first action, in the middle of the game, and on
    a Pico with .mpy files its code lands among the game's data and splits the free heap."""
    moves = rules.FLOW.now[rules.variant(s)]
    for phase in moves:
        for name in moves[phase]:
            handler = moves[phase][name][1]
            if type(handler) is str:
                load_handler(handler)


def lazy_module(path):
    """A function returning the module at the dotted `path`, imported on its first call: a game's
    rules name their legal listing this way (legal = lazy_module(...)), which a box never loads."""

    def get():
        module = _LOADED.get(path)
        if module is None:
            module = _LOADED[path] = __import__(path, None, None, [path[path.rfind(".") + 1 :]])
        return module

    return get


def plain(value, depth=0):
    """Whether a field holds only what an action may: ints (not bools), text, None, short lists of them.

    Checked at the door, so that a float (7.0 passes `in` a list of ints) or
    an `inf` never reaches a handler, the log or the digest.
    """
    t = type(value)
    if t is int or t is str or value is None:
        return True
    if t is list and depth < 3 and len(value) <= 64:  # rounds of dice: [[[6, 6], [1, 1]], ...]
        for x in value:
            if not plain(x, depth + 1):
                return False
        return True
    return False


def public_event(e):
    """An event as everyone may hear it: without its hidden part."""
    if "hidden" not in e:
        return e
    out = {}
    for key in e:
        if key != "hidden":
            out[key] = e[key]
    return out


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
    """One game of any rule set: its set-up, its state and its action log.

    apply is the one door for every caller (box app, link, host, bots): it
    validates and applies one action, logs it when accepted, and on refusal
    leaves the state exactly as it was. A set-up plus the log replays to the
    same state, digest for digest, on every port.
    """

    def __init__(self, rules, setup, log=None):
        """log: where accepted actions go, a list by default; the box passes its
        flash journal instead, so that a long game does not fill the heap."""
        self.rules = rules
        self.setup = rules.check_setup(setup)
        self.state = rules.new_state(self.setup)
        self.log = [] if log is None else log
        self._legal = None  # rules.legal(), asked for on first use

    def apply(self, action):
        """Events of an accepted action; Illegal (state untouched) for a refused one.

        Only the cleaned action (clean()) is applied and logged. If the log cannot take it
        (the box's journal on a full flash: OSError), the state is rebuilt from the log and
        the OSError goes on to the caller: nothing changed."""
        action = clean(self.rules, action)
        try:
            events = apply_clean(self.rules, self.state, action)
        except Illegal:
            raise  # handlers refuse before they change anything (the property tests hold them to it)
        except Exception as exc:
            # A bug must not cost the table its game: rebuild the state from the log.
            self._rebuild()
            raise Illegal("internal", "the core failed on this action: %r" % (exc,))
        try:
            self.log.append(action)
        except Exception:
            self._rebuild()
            raise
        return events

    def apply_logged(self, action):
        """apply() for an action this version cleaned and logged itself (a journal it wrote, replayed at
        power-on): clean() again would only cost time; a refusal or a failure raises, nothing rebuilt."""
        events = apply_clean(self.rules, self.state, action)
        self.log.append(action)
        return events

    def _rebuild(self):
        """The state again from the set-up and the log (read as a stream: it may be a journal)."""
        fresh = Game(self.rules, self.setup, CountingLog())
        trusted = getattr(self.log, "trusted", None)  # a journal: only the records the game holds
        for action in trusted() if trusted is not None else self.log:
            fresh.apply(action)
        self.state.clear()
        self.state.update(fresh.state)

    @property
    def name(self):
        return self.rules.NAME

    @property
    def phase(self):
        return self.state["phase"]

    def legal(self):
        """The rules' legal-action module (rules.legal()), loaded on first use and kept."""
        if self._legal is None:
            self._legal = self.rules.legal()
        return self._legal

    def legal_actions(self, seat):
        """Every action `seat` (-1: the referee) may take now: exactly what apply accepts."""
        return (self._legal or self.legal()).legal_actions(self.state, seat)

    def trade_actions(self, seat):
        return (self._legal or self.legal()).trade_actions(self.state, seat)

    def actors(self):
        """The seats that have something to do now (the referee is not listed; the main seat first),
        from the flow (referee.acting.actors: no legal listing)."""
        from referee.acting import actors  # imported when first asked: a box asks only on resuming

        return actors(self.rules, self.state)

    def digest(self):
        """The full digest: of the whole state, secrets included (the journal, the referee)."""
        return digest(self.state)

    def public_digest(self):
        """The digest of the public view: what a spectator may check, and no test of a guess."""
        return digest(self.rules.public_view(self.state))

    def public_view(self):
        return self.rules.public_view(self.state)

    def seat_view(self, seat):
        return self.rules.seat_view(self.state, seat)

    def to_data(self):
        """Everything needed to restore the game: who wrote it, the set-up and the log."""
        return {
            "format": self.rules.FORMAT,
            "game": self.rules.NAME,
            "version": VERSION,
            "setup": dict(self.setup),
            "log": list(self.log),
            "digest": self.digest(),
        }


def saved_setup(rules, setup):
    """The set-up a saved game was played with: a key it lacks takes the value it had before the
    key existed (rules.SAVED_DEFAULTS), so a rule change replays older saves with the old rules."""
    old = getattr(rules, "SAVED_DEFAULTS", None)
    if not old or type(setup) is not dict:
        return setup
    out = dict(setup)
    for key in old:
        if key not in out:
            out[key] = old[key]
    return out


def replay(rules, setup, actions):
    """The game that a saved set-up and an accepted action log produce (saved_setup)."""
    game = Game(rules, saved_setup(rules, setup))
    for i in range(len(actions)):
        try:
            game.apply(actions[i])
        except Illegal as exc:
            raise Illegal("bad_log", "action %d of the log is refused: %s" % (i + 1, exc.message))  # counted from 1
    return game


def saved_format(data, rules):
    """The format number of saved data; a newer one than this version knows is refused loudly."""
    fmt = data.get("format", 1)  # 0.1.0 wrote no format: it is format 1
    if type(fmt) is not int or fmt < 1:
        raise Illegal("bad_log", "a saved game's format is a whole number")
    if fmt > rules.FORMAT:
        raise Illegal(
            "unknown_format",
            "this saved game was written in format %d by a newer version; "
            "this version (%s) reads formats 1 to %d: update ultimus-box" % (fmt, VERSION, rules.FORMAT),
        )
    return fmt


def restore(rules, data):
    """A game from to_data() of this or an earlier version; refuses a log whose digest does not match."""
    if type(data) is not dict or type(data.get("setup")) is not dict or type(data.get("log")) is not list:
        raise Illegal("bad_log", "a saved game has a setup and a log")
    fmt = saved_format(data, rules)
    name = data.get("game", "ultimus")  # format 1 (0.1.0) knew only ULTIMUS
    if name != rules.NAME:
        raise Illegal("bad_log", "this is a saved %s game, not %s" % (name, rules.NAME))
    game = replay(rules, data["setup"], data["log"])
    if "digest" in data:
        expected = game.digest() if fmt == rules.FORMAT else rules.digest_for(game.state, fmt)
        if data["digest"] != expected:
            raise Illegal("bad_log", "the replayed game does not match the saved digest")
    return game
