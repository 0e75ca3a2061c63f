"""The one engine every game runs on: apply against a declared flow, refuse, log, replay, digest.

A game defines itself with one call, in its rules module (docs/core.md, "The contract"):

  RULES = define(
      name="...",            the game's name in saved games, journals and on the link
      format=N,              the number of the saved-data format this version writes
      flow=FLOW,             a Flow: for each variant and phase the actions allowed, each a
                             move(who, handler, fields, hidden): who may take it, the handler that
                             runs, the fields it takes besides "a" and "p" (any other is refused:
                             bad_field) and those only its seat may read (the link's eyes)
      check_setup=f,         the set-up as a new dict with its defaults, or Illegal("bad_setup")
      new_state=f,           the state a checked set-up starts from: one plain dict
      public_view=f, seat_view=f,
      legal="games.X.legal", the module with legal_actions(s, seat) (and NEXT, where each phase
                             leads), imported on first use (a box never needs it); trades=True
                             if it also has trade_actions(s, seat) (gifts at any time: ULTIMUS)
      digest_for=f,          the digest an older format wrote into its saved games
      variant=f,             the flow variant that applies to a state (default: the one variant "")
      saved_defaults={...},  what a saved set-up that lacks a key was played with (saved_setup): a
                             rule change adds a key, new games default to the new rules, and older
                             saves replay with the rules they were played with
      secret_setup=(...),    set-up keys no other eye reads until the game is over (default: seed)
      prechecks="games.X.prechecks",  the module whose CHECKS are the flow's cheap pre-checks by
                             variant and action (referee.acting), imported when first asked
      players=(lo, hi),      the fewest and the most seats (RULES.PLAYERS): the one range the box's seat
                             selection, `play`, `simulate` and `serve` offer; check_setup refuses others
  )

and the engine (Game, replay, restore, apply, preload, saved_setup) and the box's registry take that
one object. Handlers take (state, action, events); a flow may name one as a string
"package.module.function" to have it imported on first use. The engine has already checked the
phase, the variant, the fields and the actor; a handler checks the rest with the game's
rule checks (each one function, shared with legal_actions), refuses with
Illegal before it changes anything, then applies and appends its events. A handler that can
only find out half-way that it must refuse (the table's dice run short) is declared
move(..., atomic=True): the engine snapshots the state and puts it back on a refusal.
A state is plain data (dicts, lists, ints, strings) that digests the same
on every port.
"""

from referee import VERSION
from referee.digest import digest
from referee.errors import Illegal, int_arg, need
from referee.flow import ANY_PHASE, ANY_SEAT, REFEREE, Flow, Who, may_act, move  # noqa: F401  (where games found them)

TYPE_CHECKING = False  # true only for a type checker: MicroPython has no typing module
if TYPE_CHECKING:
    from typing import Any, Callable


def clean(rules: "Rules", action):
    """The action as it will be applied and logged, checked at the door: a dict whose fields hold plain
    data and whose "a" names an action of the game; Illegal otherwise. Whether each field is the
    action's own is checked against its flow entry (apply_clean), once the phase says which."""
    if type(action) is not dict:
        raise Illegal("bad_action", "an action is an object with a field 'a'")
    for key in action:
        value = action[key]
        t = type(value)
        if t is not int and t is not str and not plain(value):  # ints and text first: most fields are
            raise Illegal("bad_action", "field %r must hold whole numbers, text or lists of them" % (key,))
    name = action.get("a")
    if type(name) is not str or name not in rules.FLOW.known:
        raise Illegal("unknown_action", "unknown action %r" % (name,))
    return action


def apply(rules: "Rules", s, action):
    """Validate and apply one action; returns its events or raises Illegal (state untouched)."""
    return apply_clean(rules, s, clean(rules, action))


def apply_clean(rules: "Rules", s, action):
    """apply() for an action clean() has already made (Game.apply logs that same dict)."""
    flow = rules.FLOW
    phase = s["phase"]
    name = action["a"]
    moves = flow._now[rules.variant(s)].get(phase)
    found = moves.get(name) if moves is not None else None
    if found is None or phase == flow.end:
        found = flow.resolve(rules.variant(s), phase, name)  # the refusal that says why not
    who = found[0]
    fields = found[2]
    for key in action:  # a field the entry does not declare: refused, not ignored ("dices" is a typo)
        if key != "a" and key != "p" and key not in fields:
            raise Illegal("bad_field", "'%s' takes no field %r" % (name, key), key)
    if who is not REFEREE:
        p = action.get("p")
        if type(p) is not int or p < 0 or p >= s["players"]:
            int_arg(action, "p", 0, s["players"] - 1)  # the refusal
        if who.seats is not None and p not in who.seats(s):
            need(who.reason(s) if who.reason is not None else None)
            raise Illegal(who.code, who.message)
    return handle(rules, s, action, found, moves, phase)


def handle(rules: "Rules", s, action, found, moves, phase):
    """Run the handler of an action's flow entry (`found`, from the phase's merged table `moves`): its events."""
    handler = found[1]
    if type(handler) is str:  # named in the flow: imported on first use, then kept in its table
        handler = load_handler(handler)
        if moves is not None and moves.get(action["a"]) is found:
            moves[action["a"]] = (found[0], handler) + found[2:]
    events = []
    if found[5]:  # an atomic handler: its refusal half-way puts the state back
        saved = copy_data(s)
        try:
            handler(s, action, events)
        except Illegal:
            s.clear()
            s.update(saved)
            raise
    else:
        handler(s, action, events)
    flow = rules.FLOW
    if flow.checking is not None and s["phase"] != phase:
        flow.checking(rules, phase, s["phase"])  # the tests': every phase a handler leads to is declared
    return events


def copy_data(x: "Any") -> "Any":
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


def preload(rules: "Rules", s):
    """Import now every handler the flow of this state's variant names by string: a game just built, its
    state still small. Otherwise each is imported at its first action, in the middle of the game, and on
    a Pico with .mpy files its code lands among the game's data and splits the free heap."""
    moves = rules.FLOW._now[rules.variant(s)]
    for phase in moves:
        for name in moves[phase]:
            handler = moves[phase][name][1]
            if type(handler) is str:
                load_handler(handler)


def lazy_module(path):
    """A function returning the module at the dotted `path`, imported on its first call: a game's
    legal listing (define(legal=...)), which a box never loads."""

    def get():
        module = _LOADED.get(path)
        if module is None:
            module = _LOADED[path] = __import__(path, None, None, [path[path.rfind(".") + 1 :]])
        return module

    return get


def one_variant(s) -> "str":
    return ""


class Rules:
    """A game as the engine runs it: what define() returns. Its attributes are the contract
    (docs/core.md): NAME, FORMAT, FLOW, SAVED_DEFAULTS, SECRET_SETUP, HIDDEN_FIELDS (the flow's
    {action: hidden fields}, or None for a game that declares no secret: then other eyes read only
    an action's "a" and "p"), PLAYERS, trades, prechecks, and the functions check_setup, new_state, public_view,
    seat_view, variant, digest_for and legal() (the listing module, imported on first call)."""

    def __init__(
        self,
        name: "str",
        format: "int",
        flow: "Flow",
        check_setup: "Callable[[Any], dict]",
        new_state: "Callable[[dict], dict]",
        public_view: "Callable[[dict], dict]",
        seat_view: "Callable[[dict, int], dict]",
        legal: "str",
        digest_for: "Callable[[dict, int], str]",
        variant: "Callable[[dict], str]" = one_variant,
        saved_defaults: "dict | None" = None,
        secret_setup: "tuple" = ("seed",),
        trades: "bool" = False,
        prechecks: "str | None" = None,
        players: "tuple | None" = None,
    ):
        self.NAME = name
        self.FORMAT = format
        self.FLOW = flow
        self.check_setup = check_setup
        self.new_state = new_state
        self.public_view = public_view
        self.seat_view = seat_view
        self.legal = lazy_module(legal)
        self.digest_for = digest_for
        self.variant = variant
        self.SAVED_DEFAULTS = saved_defaults
        self.SECRET_SETUP = secret_setup
        self.HIDDEN_FIELDS = flow.hidden or None
        self.trades = trades
        self.prechecks = prechecks
        self.PLAYERS = players


define = Rules  # RULES = define(name=..., ...): one call, one object (see the module's docstring)


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


_actors = None  # referee.acting.actors, once Game.actors has imported it


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

    def __init__(self, rules: "Rules", setup, log=None):
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
        return self._logged(apply_clean, clean(self.rules, action))

    def _logged(self, how, action):
        """The events of how(rules, state, action), the action logged; the state rebuilt on a failure (apply,
        and referee.play.apply_listed(game, action), the host's bots': no method here, whose code every box
        would hold from power-on)."""
        try:
            events = how(self.rules, self.state, action)
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
        """The gifts `seat` may make now, allowed in any phase; [] for a game without trades (rules.trades)."""
        if not self.rules.trades:
            return []
        return (self._legal or self.legal()).trade_actions(self.state, seat)

    def actors(self):
        """The seats that have something to do now (the referee is not listed; the main seat first),
        from the flow (referee.acting.actors: no legal listing)."""
        global _actors
        if _actors is None:  # imported when first asked (a box asks only on resuming), then kept: the import
            from referee.acting import actors  # statement cost more than the answer (issue 32)

            _actors = actors
        return _actors(self.rules, self.state)

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


def saved_setup(rules: "Rules", setup):
    """The set-up a saved game was played with: a key it lacks takes the value it had before the
    key existed (rules.SAVED_DEFAULTS), so a rule change replays older saves with the old rules."""
    old = rules.SAVED_DEFAULTS
    if not old or type(setup) is not dict:
        return setup
    out = dict(setup)
    for key in old:
        if key not in out:
            out[key] = old[key]
    return out


def replay(rules: "Rules", setup, actions):
    """The game that a saved set-up and an accepted action log produce (saved_setup)."""
    game = Game(rules, saved_setup(rules, setup))
    for i in range(len(actions)):
        try:
            game.apply(actions[i])
        except Illegal as exc:
            raise Illegal("bad_log", "action %d of the log is refused: %s" % (i + 1, exc.message))  # counted from 1
    return game


def saved_format(data, rules: "Rules"):
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


def restore(rules: "Rules", data):
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
