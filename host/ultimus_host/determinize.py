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
through the core's public API.
"""

from typing import Any

from ultimus.content import BETTING_CARDS
from ultimus.game import Game
from ultimus.rng import seed_state
from ultimus.state import SHOUT, THINK, UNDECIDED
from ultimus.yelling import CARDS

# The state's secrets: everything else in a state is in every seat's view under the same key.
HIDDEN = ("rng", "deck", "discard", "hands", "bdeck", "bets", "shout", "shout_card")


def template(view):
    """A fresh state of the view's set-up: every key a state has, secrets empty."""
    return Game(view["players"], 0, view["mode"], view["battles"]).state


def determinize(view, rng):
    """A full state consistent with a seat's view; rng: the bot's own generator (an ultimus.rng.Rng)."""
    s = template(view)
    for key in s:
        if key not in HIDDEN:
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
    i = len(items) - 1
    while i > 0:
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
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


_FLAT = (int, str, bool, tuple)  # items a list copy may share


def copy_state(x: Any) -> Any:
    """A deep copy of a state (plain data) made for speed: the lookahead copies one for every option.

    A state's lists hold one kind of thing each (ints, or lists, or dicts), so
    a list whose first item is a number or a string is copied flat, and the
    dict and list cases are unrolled one level to save calls.
    """
    t = type(x)
    if t is dict:
        out = {}
        for k, v in x.items():
            tv = type(v)
            if tv is list:
                out[k] = v[:] if not v or type(v[0]) in _FLAT else [copy_state(i) for i in v]
            elif tv is dict:
                out[k] = copy_state(v)
            else:
                out[k] = v
        return out
    if t is list:
        return x[:] if not x or type(x[0]) in _FLAT else [copy_state(i) for i in x]
    return x


class Sandbox:
    """One throw-away Game to try actions on plain states (determinized ones) through the public API.

    apply and legal_actions take the state to work on, so a lookahead can try
    each option on its own copy without building a Game for every copy. The
    sandbox's log is no real game's log and is dropped after every action.
    """

    def __init__(self, setup):
        self.game = Game(setup["players"], 0, setup["mode"], setup["battles"])

    def apply(self, state, action):
        """The events of the action on `state` (changed in place), or Illegal."""
        self.game.state = state
        self.game.log = []
        return self.game.apply(action)

    def legal_actions(self, state, seat):
        self.game.state = state
        return self.game.legal_actions(seat)
