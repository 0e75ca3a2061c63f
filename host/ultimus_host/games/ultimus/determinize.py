"""Determinization: a whole plausible game state built from what one seat may see.

A bot that looks ahead needs a full state to try actions on, but its seat
only sees game.seat_view(seat). determinize(view, rng) fills in every secret
at random, consistently with that view:

- the other seats' hands: drawn from the yelling cards this seat cannot see
  (not in its hand, not its own face-down shout, not the card in play), each
  hand with the size the table sees;
- the other seats' face-down shout cards (one per seat that shouted and has
  not played yet; during the shout phase whether a committed seat shouted is
  itself a secret, which the view keeps (a face-down card still counts in its
  hand size), so each committed seat is guessed to have shouted or not, evenly);
- the discard pile and the deck, with their visible sizes, in a shuffled order;
- the betting cards under the other seats' coins, drawn from the betting cards
  this seat cannot see, the rest making the betting deck;
- a fresh seed for the game's generator, from the bot's own generator.

Anything the view shows is copied as it is, so seat_view(sample, seat) equals
the view it was built from. A Sandbox (one throw-away Game) applies actions to
such states and lists their legal actions, so that bots try their options
through the core's public API; Sandbox.trial tries one on a state that copies
only what the action may change (TRIAL_WRITES) and shares the rest.
"""

from typing import Any

from games.ultimus.content import BETTING_CARDS
from games.ultimus.errors import Illegal
from games.ultimus.rng import seed_state, shuffle_in_place
from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import SHOUT, THINK, UNDECIDED
from games.ultimus.yelling import CARDS
from referee.engine import Game, apply
from referee.play import trusted as apply_listed  # a listed action: no door checks (issue 34)

# The state's secrets: everything else in a state is in every seat's view under the same key.
HIDDEN = ("rng", "deck", "discard", "hands", "bdeck", "bets", "shout", "shout_card")
_FLAT = (int, str, bool, tuple)  # items a list copy may share


def template(view):
    """A fresh state of the view's set-up: every key a state has, secrets empty."""
    return Game(
        RULES, new_setup(view["players"], 0, view["mode"], battles=view["battles"], content=view.get("content"))
    ).state


def _setup_key(setup):
    """What a set-up's template and sandbox depend on (a view or a set-up holds it)."""
    return (setup["players"], setup["mode"], setup["battles"], setup.get("content"))


_KEYS = {}  # _setup_key -> state_keys


def state_keys(view):
    """The keys of a state of the view's set-up, in order (a template made once: a Game costs more than a sample)."""
    setup = _setup_key(view)
    keys = _KEYS.get(setup)
    if keys is None:
        keys = _KEYS[setup] = tuple(template(view))
    return keys


def determinize(view, rng):
    """A full state consistent with a seat's view; rng: the bot's own generator (an games.ultimus.rng.Rng)."""
    s = {}
    for key in state_keys(view):
        if key in HIDDEN:
            s[key] = None  # drawn below
            continue
        if key not in view:
            raise KeyError("the seat view has no %r: determinize does not know where it comes from" % key)
        s[key] = copy_state(view[key])
    s["rng"] = seed_state(rng.below(1 << 30))
    _yelling_cards(s, view, rng)
    _betting_cards(s, view, rng)
    return s


def _shuffled(items, rng):
    """A shuffled copy drawn from the bot's generator (Fisher-Yates), so a sample is reproducible."""
    items = list(items)
    rng.state = shuffle_in_place(rng.state, items)  # referee.rng.shuffle_in_place: the draws a game makes
    return items


def _face_down_seats(view, hidden_count, rng):
    """The other seats holding a face-down shout card nobody else has seen."""
    me, n = view["seat"], view["players"]
    if view["phase"] == "shout":
        # Committed seats shouted or thought, and the view shows neither how many nor who
        # (a face-down card still counts in its seat's hand size): a fair guess for each.
        return [p for p in range(n) if p != me and view["committed"][p] and view["hand_sizes"][p] and rng.below(2)]
    if view["phase"] != "action":
        return []
    order, turn, card = view["order"], view["turn"], view["card"]
    out = []
    for i in range(len(order)):
        p = order[i]
        if p == me or view["shouts"][p] != SHOUT or i < turn:
            continue  # thought, or has played already
        if card is not None and card["owner"] == p:
            continue  # the card in play is face up
        out.append(p)
    return out


def _yelling_cards(s, view, rng):
    me, n = view["seat"], view["players"]
    seen = set(view["hand"])
    if view["my_card"] >= 0:
        seen.add(view["my_card"])
    if view["card"] is not None:
        seen.add(view["card"]["c"])
    shouting = view["phase"] == "shout"
    sizes = list(view["hand_sizes"])
    if shouting and view["my_card"] >= 0:
        sizes[me] -= 1  # my own face-down card is counted in my hand size, and seen
    in_hands = sum(sizes)
    # Every yelling card is in the deck, the discard pile, a hand or face down before its seat.
    placed = view["deck"] + view["discard"] + in_hands + len(seen) - len(view["hand"])
    hidden_count = len(CARDS) - placed if placed else 0  # nothing placed: no battle has dealt cards yet
    face_down = _face_down_seats(view, hidden_count, rng)
    if not shouting and len(face_down) != hidden_count:
        raise ValueError(
            "the view says %d face-down shout cards but %d seats may hold one" % (hidden_count, len(face_down))
        )
    unseen = _shuffled([c for c in range(len(CARDS)) if c not in seen], rng)

    def take(count):
        if count > len(unseen):
            raise ValueError("the view places more yelling cards than there are")
        out = unseen[len(unseen) - count :]
        del unseen[len(unseen) - count :]
        return out

    if shouting:  # a sampled shout lays one of the seat's counted cards face down
        for p in face_down:
            sizes[p] -= 1
    s["hands"] = [list(view["hand"]) if p == me else take(sizes[p]) for p in range(n)]
    s["shout_card"] = [-1] * n
    s["shout"] = list(view["shouts"]) if view["shouts"] is not None else [UNDECIDED] * n
    for p in face_down:
        s["shout_card"][p] = take(1)[0]
    if view["phase"] == "shout":
        for p in range(n):
            if p != me and view["committed"][p]:
                s["shout"][p] = SHOUT if p in face_down else THINK
    s["shout"][me] = view["my_shout"]
    s["shout_card"][me] = view["my_card"]
    if view["card"] is not None:
        s["shout_card"][view["card"]["owner"]] = view["card"]["c"]
    s["discard"] = take(view["discard"])
    s["deck"] = take(view["deck"])
    # cards left over are out of play (before the first battle deals any)


def _betting_cards(s, view, rng):
    me, n = view["seat"], view["players"]
    seen = set(b for b, _ in view["my_bets"])
    for p in range(n):
        for b, _ in view["bets"][p]:
            if b >= 0:
                seen.add(b)
    unseen = _shuffled([b for b in range(len(BETTING_CARDS)) if b not in seen], rng)
    bets = []
    for p in range(n):
        if p == me:
            bets.append([list(b) for b in view["my_bets"]])
        else:
            bets.append([[b if b >= 0 else unseen.pop(), coins] for b, coins in view["bets"][p]])
    s["bets"] = bets
    s["bdeck"] = unseen


def copy_state(x: Any) -> Any:
    """A deep copy of a state (plain data) made for speed: the lookahead copies one for each option that may
    change most of it (Sandbox.trial), and a sample copies the view's lists.

    A state's lists hold one kind of thing each (ints, or lists, or dicts), so
    a list whose first item is a number or a string is copied flat, and the
    dict and list cases are unrolled one level to save calls.
    """
    t = type(x)
    if t is dict:
        out = dict(x)  # the scalars in one go; then each list and dict replaced by its copy
        for k, v in x.items():
            tv = type(v)
            if tv is list:
                out[k] = v[:] if not v or type(v[0]) in _FLAT else _copy_nested(v)
            elif tv is dict:
                out[k] = copy_state(v)
        return out
    if t is list:
        return x[:] if not x or type(x[0]) in _FLAT else _copy_nested(x)
    return x


def _copy_nested(x):
    """copy_state of a list of lists or dicts: the inner lists of flat items copied here (hands, a seat's bets)."""
    return [i[:] if type(i) is list and (not i or type(i[0]) in _FLAT) else copy_state(i) for i in x]


# What each action's handler may change in place, by state key (read from games.ultimus.cardplay, games.ultimus.battle
# and games.ultimus.effects): a trial of one of these copies only those keys and shares every other list and
# dict with the state it starts from, which stays as it was. A handler may still set any key to a new
# value: the trial's dict is its own. Every other action gets a whole copy.
# tests/test_host_determinize.py holds this table to the handlers.
# end_turn: the card to the discard pile, one drawn (a reshuffle draws from a list generator in place)
_TURN_OVER = ("deck", "discard", "hands", "shout_card", "rng")
# An attack wounds, may kill (a card drawn for the killer) or wait for the thumb, and may end the battle:
# the face-down cards to the discard pile, every bet settled.
_ATTACK = ("card", "hp", "status", "pos", "fallen", "drunk", "pollice_verso", "bets", "gold", "paid") + _TURN_OVER
TRIAL_WRITES = {
    "commit": ("hands", "shout", "shout_card"),
    "melee": _ATTACK,
    "ranged": _ATTACK,
    "bleed": _ATTACK,
    "net": ("card",),
    "unnet": ("card",),
    "step": ("card", "pos"),
    "move": ("card",),
    "rise": ("card", "fallen"),
    "choose": ("card", "hp", "status", "fallen", "pos", "drunk"),
    "heal": ("card", "hp"),
    "draw": ("card",) + _TURN_OVER,
    "loudest": ("card",),
    "end": _TURN_OVER,
    "think": _TURN_OVER,
    "place": ("status", "pos"),
}


def fork(s, writes):
    """A state equal to s that shares with it everything but the keys in writes (each copied whole)."""
    out = dict(s)
    for key in writes:
        v = s[key]
        if type(v) is list:  # copy_state's list case, written out: a trial forks a dozen lists
            out[key] = v[:] if not v or type(v[0]) in _FLAT else _copy_nested(v)
        elif type(v) is dict:
            out[key] = copy_state(v)
    return out


class Sandbox:
    """One throw-away Game to try actions on plain states (determinized ones) through the core's doors.

    apply (referee.engine.apply: every check of Game.apply, no log) and legal_actions take the state to work
    on, so a lookahead can try each option on its own copy without building a Game for every copy. A core
    that fails on a trial raises here, as it should in a simulation, rather than being skipped as refused.
    """

    def __init__(self, setup):
        self.game = Game(
            RULES, new_setup(setup["players"], 0, setup["mode"], battles=setup["battles"], content=setup.get("content"))
        )
        self.rules = self.game.rules

    def apply(self, state, action):
        """The events of the action on `state` (changed in place), or Illegal.

        The engine's own door (referee.engine.apply: the same checks as Game.apply) without the log,
        which a sandbox would drop, nor the rebuild from it on a failure, which would hide the bug."""
        return apply(self.rules, state, action)

    def trial(self, state, action, listed=False):
        """The state after the action, leaving `state` as it was, or None if it is refused.

        listed: the action is one the core listed for `state` (legal_actions here), so the door's
        checks are not asked again (referee.play.trusted, the bots' trusted apply; its handler
        still asks its rule checks). The result shares with `state` the lists and dicts the action
        cannot change (TRIAL_WRITES), so neither of them may be changed in place afterwards, except
        by trying actions on it here."""
        writes = TRIAL_WRITES.get(action["a"])
        after = copy_state(state) if writes is None else fork(state, writes)
        try:
            if listed:
                apply_listed(self.rules, after, action)
            else:
                self.apply(after, action)
        except Illegal:
            return None
        return after

    def legal_actions(self, state, seat):
        self.game.state = state
        return self.game.legal_actions(seat)


_SANDBOXES = {}  # _setup_key -> Sandbox: it keeps nothing between calls, so one serves every bot


def sandbox_for(setup):
    """The shared Sandbox of a set-up (a view holds one): building a Game costs more than a lookahead."""
    key = _setup_key(setup)
    box = _SANDBOXES.get(key)
    if box is None:
        box = _SANDBOXES[key] = Sandbox(setup)
    return box
