"""The host's registry of games: one HostGame per game, each declared by its own package ultimus_host.games.<name>.

The games are the box's (ultimusbox.games: the same names, in the game menu's
order); each package's __init__ declares GAME = HostGame(...), and this module
imports it the first time a game is asked for by name. A declaration names
its parts by dotted path ("ultimus_host.games.munera.play:demo") and each
part is imported on first use, so that `ultimus --help` or the virtual box
loads no game's bots, odds or simulations. The generic host (the command
line, the virtual box, `connect`, `replay`, the words) reads this registry
and names no game, and so do the generic tests and `make bench`, which read
what a game declares for them here (its example set-ups, its random play, the
version of its first golden files) and its player range from its rules
(RULES.PLAYERS): a sixth game is a package in ultimus_host/games/ and a line
in the box's registry (docs/dev/new-game.md).
"""

import importlib

from ultimusbox import games as box_games

PACKAGE = "ultimus_host.games"  # each game's package is PACKAGE.<name>

_extra = []  # HostGames registered beside the box's (a test's made-up game)
_found = {}  # name -> HostGame, as imported


class HostGame:
    """What the host knows of one game, its parts named by dotted path ("module:attribute"):

    label: its wheel's label on the virtual box's game menu (13 characters at most);
    bots: the kinds its --bot takes, the first the one an example names;
    examples: set-ups of short games that between them reach every variant of its flow (the generic
    tests play them, each with other seeds too);
    golden: the version whose golden files (tests/data/vX.Y.Z/) first hold the game, None before its first
    release;
    box_heap: its script in tests/mpy that plays it on the box app under MicroPython and prints the heap
    (`make bench`'s per-game heap line: tools/bench.py game_heaps);
    players: (fewest, most) seats, only for a game the box does not referee (the box's come from its
    rules, RULES.PLAYERS: one range for the box, `play`, `simulate` and `serve`);
    play(options, ask, say, clear) and demo(options, say): a hot-seat game and a narrated bot game, each
    returning the game (options: the command line's options by name, the ones of play_options and
    demo_options among them: click decorators);
    random: the module of its random play with the core's generator, which the generic tests and the bench
    play: chooser(game) gives the function choose(game, rng) that plays that game (an action, or None when
    nothing is left), setup_for(seed) the set-up it plays for a seed (the bench times those games);
    odds: its `ultimus odds NAME` command; commands: {name: command} added to `ultimus` itself;
    event(e, state, stations), action(view, a, stations), refusal(message, state, stations), button(b):
    its words for an event, a legal action, the core's refusal, a button (None: the box's words);
    own_words: the box's events it tells in its own words (a new game's set-up);
    quiet: its events `connect` does not tell (each press's secret choice, which a later event reveals);
    referee: the chooser class of the referee's actions when run_game is given none (None: the first option);
    bot: the class of its first bot kind, bot(seed) a chooser for one seat (choose(view, options), and
    respond(view, options) where a seat answers out of turn), for a seat the host plays by itself with only a
    seed to go on (the phones' whole evenings in the tests); None where its bots need more (the board game's
    walk the host's made-up road);
    header(state): what the virtual box's first line adds about where the game stands;
    wheel(shell, g): (label, words) of wheel g while it plays, None where the screen's own are wanted;
    summary(state): a line under `connect`'s state, or None;
    view(view): the game as a view (public or a seat's) shows it, a few lines of words (`ultimus serve`'s pages);
    secrets(view): the lines of a seat's view only that seat may read (its hand...), [] where it has none;
    new_game(players, form): the set-up of a new game started from `serve`'s table page (None: players only);
    decision(view, kinds): the sentence of what a seat decides now, on its phone (kinds: the names of the
    actions it may take); cost(before, after, a): an action's cost in words ("2 AP"; None: free), told the
    seat's view before and after the action tried on a copy (`ultimus serve`'s pages, ultimus_host.web.moment);
    simulation(players, seed, bots): one seeded bot game of `ultimus simulate` as its summary (ultimus_host.fairness),
    its module declaring DEFAULT_PLAYERS, BOTS, GROUPS and ROUNDS beside it (ultimus_host.simulations).
    """

    def __init__(
        self, name, label, bots=(), examples=(), golden=None, players=None, random=None, box_heap=None, **parts
    ):
        self.name = name
        self.label = label
        self.bots = tuple(bots)
        self.examples = tuple(examples)
        self.golden = golden
        self.random = random
        self.box_heap = box_heap
        self._players = players
        self.play_options = parts.pop("play_options", ())
        self.demo_options = parts.pop("demo_options", ())
        self.own_words = tuple(parts.pop("own_words", ()))
        self.quiet = tuple(parts.pop("quiet", ()))
        self.commands = dict(parts.pop("commands", {}))
        unknown = set(parts) - set(PARTS)
        if unknown:
            raise TypeError("HostGame %s: no such part %s" % (name, ", ".join(sorted(unknown))))
        self.parts = parts

    @property
    def title(self):
        """As its players know it: the box registry's title (a game only the host knows: its name)."""
        entry = box_games.find(self.name)
        return entry[1] if entry else self.name

    @property
    def players(self):
        """(fewest, most) seats: the rules' range (RULES.PLAYERS) for a game of the box, else the declared one."""
        if box_games.find(self.name) is not None:
            return tuple(box_games.rules_of(self.name).PLAYERS)
        return tuple(self._players or (2, 6))

    @property
    def rules(self):
        """The game's rules (referee.engine.define's RULES), for a game the box referees."""
        return box_games.rules_of(self.name)

    def has(self, part):
        return self.parts.get(part) is not None

    def load(self, part):
        """The part (a function, class or command), imported now if it was not yet; None if not declared."""
        path = self.parts.get(part)
        return None if path is None else load(path)

    def load_command(self, name):
        return load(self.commands[name])

    def random_play(self):
        """The module of its random play (chooser, setup_for), imported now; None if it declares none."""
        return None if self.random is None else importlib.import_module(self.random)

    def random_game(self, k=0, seed=None):
        """(game, choose): a new game of example k (None: random play's own set-up for `seed`), its seed
        replaced by `seed` if given, and the random play that plays it."""
        from referee.engine import Game

        play = self.random_play()
        assert play is not None, "%s declares no random play" % self.name
        if k is None:
            setup = play.setup_for(seed)
        else:
            setup = dict(self.examples[k])
            if seed is not None:
                setup["seed"] = seed
        game = Game(self.rules, setup)
        return game, play.chooser(game)


PARTS = (
    "play",
    "demo",
    "odds",
    "event",
    "action",
    "refusal",
    "button",
    "referee",
    "bot",
    "header",
    "wheel",
    "summary",
    "view",
    "secrets",
    "new_game",
    "decision",
    "cost",
    "simulation",
)


def load(path):
    """What a dotted path "package.module:attribute" names, importing the module on first use."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def names():
    """Every game's name: the box's, in its menu's order, then any registered beside them."""
    return box_games.names() + [g.name for g in _extra]


def find(name):
    """The HostGame of a game, or None for one the host does not know."""
    if name in _found:
        return _found[name]
    for g in _extra:
        if g.name == name:
            return g
    if not isinstance(name, str) or box_games.find(name) is None:
        return None
    game = importlib.import_module("%s.%s" % (PACKAGE, name)).GAME
    _found[name] = game
    return game


def get(name):
    """The HostGame of a game the host knows (KeyError for another): for a name already checked."""
    game = find(name)
    if game is None:
        raise KeyError(name)
    return game


def every():
    """Every game's HostGame, in the order of names()."""
    return [get(name) for name in names()]


def register(game):
    """Add a game the box's registry does not list (a made-up game in a test); unregister takes it back."""
    unregister(game.name)
    _extra.append(game)


def unregister(name):
    _extra[:] = [g for g in _extra if g.name != name]


def default():
    """The game a command means when it names none: the box's default."""
    return box_games.DEFAULT
