"""ULTIMUS's bots, which play a seat from nothing but that seat's view and its legal actions.

Each bot is a chooser for ultimus_host.loop.run_game: choose(view, options)
gets game.seat_view(seat) (the table, its own hand, bets and shout) and never
the game, so it cannot read another seat's hand, a face-down bet, the deck
order or the generator.

RandomBot (ultimus_host.bots) picks any legal action. HeuristicBot bets where the payout per
coin is best for what the table shows, then looks one action ahead: it
prefers what raises the expected value of its own bets (its favourites
healthy and alone, the gladiators it bet against hurt or dead), shouts only
with a card it can use for that, and turns the thumb the way its bets want.
To look ahead it needs a whole state, so it samples one that agrees with its
view (ultimus_host.games.ultimus.determinize) and tries its options on that.
"""

from games.ultimus.cardchecks import step_target
from games.ultimus.content import BET_DIE, BET_INVEST, BET_WIN, BETTING_CARDS
from games.ultimus.hexmap import FIELDS, distance
from games.ultimus.randomplay import play_on
from games.ultimus.rng import Rng
from games.ultimus.state import ARENA, DEAD, PARDONED, THINK, UNDECIDED, WAITING, max_health, payout_row, payout_rows
from ultimus_host.bots import RandomBot
from ultimus_host.games.ultimus.determinize import TRIAL_WRITES, determinize, sandbox_for

# The actions whose trial cannot change what HeuristicBot._value reads (TRIAL_WRITES leaves hp, status and
# bets shared, untouched): when the core lists one as legal, its score is known without trying it (a step's
# reads the field it goes to, the core's step target).
NO_TRIAL = frozenset(
    kind
    for kind, writes in TRIAL_WRITES.items()
    if "hp" not in writes and "status" not in writes and "bets" not in writes
)


# hexmap.distance of every two fields, worked out once: the lookahead asks it for every step it weighs.
_DISTANCES = tuple(tuple(distance(a, b) for b in range(FIELDS)) for a in range(FIELDS))


class PlayOn:
    """ULTIMUS's referee of simulations (run_game's when it is given none): plays every planned battle,
    takes the first choice otherwise.

    It shares randomplay's policy (play_on) so that bots, random play and the
    box's tests agree on when a game ends.
    """

    def choose(self, view, options):
        return play_on(options) or options[0]


class RandomReferee:
    """The referee of random play: plays every planned battle, otherwise any of its options."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view, options):
        return play_on(options) or self.rng.choice(options)


def random_table(players, seed):
    """Random play exactly as games.ultimus.randomplay plays it (the same seed gives the same game), as run_game
    arguments: one generator for every seat, the referee and the pick of which seat acts first."""
    rng = Rng(seed ^ 0x5EED)
    seats = {p: RandomBot(rng=rng) for p in range(players)}
    return {"seats": seats, "referee": RandomReferee(rng), "pick_seat": rng.choice}


def fighting_strength(s):
    """({gladiator: strength} of those still to fight, in the arena or waiting; their total strength)."""
    status, hp = s["status"], s["hp"]
    full = max_health(s)  # the game's content: a view holds it as a state does
    strength = {}
    total = 0
    for x in range(6):
        if status[x] == ARENA:
            total += hp[x] + 2
            strength[x] = hp[x] + 2
        elif status[x] == WAITING:
            total += full[x] + 2
            strength[x] = full[x] + 2
    return strength, float(total)


def outcome_odds(s, g, fighting=None):
    """(win, die, pardon) chances of gladiator g guessed from what the table shows (a view or a state).

    fighting: fighting_strength(s), when the caller asks about several gladiators of one state."""
    status = s["status"][g]
    if status == DEAD:
        return 0.0, 1.0, 0.0
    if status == PARDONED:
        return 0.0, 0.0, 1.0
    strength, total = fighting or fighting_strength(s)
    win = strength[g] / total if total else 0.0
    fall = 1.0 - win
    return win, fall * 0.75, fall * 0.25


def bet_chance(kind, odds):
    """The chance that a bet of this kind (BET_WIN, BET_DIE, BET_INVEST) is won, from outcome_odds."""
    win, die, pardon = odds
    return win if kind == BET_WIN else (die if kind == BET_DIE else win + pardon)


def bet_value(s, bets):
    """Expected gold back from a seat's bets, as the table looks now."""
    value = 0.0
    fighting = rows = None  # the same for every bet: worked out at the first bet with coins
    for b, coins in bets:
        if not coins:
            continue
        g, kind, _ = BETTING_CARDS[b]
        if rows is None:
            rows, fighting = payout_rows(s), fighting_strength(s)
        row = rows[b]
        value += bet_chance(kind, outcome_odds(s, g, fighting)) * row[coins - 1]
    return value


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, options):
        if len(options) == 1:
            return options[0]  # nothing to weigh: no sample, no lookahead
        kind = options[0]["a"]
        if kind == "bet" or kind == "ready":
            return self._bet(view, options)
        if kind == "thumb":
            return self._thumb(view, options)
        sandbox, world = sandbox_for(view), determinize(view, self.rng)
        if kind == "commit":
            return self._commit(sandbox, world, view["seat"], options)
        # The sample lists the same legal actions as the game (determinize keeps what the seat sees),
        # but only the core's listing on the sample itself lets _try_options skip a trial as legal.
        listed = any(a["a"] in NO_TRIAL for a in options) and sandbox.legal_actions(world, view["seat"]) == options
        return self._try_options(sandbox, world, view["seat"], options, listed)[0]

    def _bet(self, view, options):
        bets = view["my_bets"]
        best, best_gain = None, 0.0
        for a in options:
            if a["a"] != "bet":
                continue
            b, coins = bets[a["k"]]
            g, kind, _ = BETTING_CARDS[b]
            row = payout_row(view, b)
            p = bet_chance(kind, outcome_odds(view, g))
            gain = p * (row[coins] - (row[coins - 1] if coins else 0)) - (1.0 if a["won"] else 0.0)
            if a["won"] and gain < 0.3:
                continue  # won gold only goes on a bet worth more than the coin
            if best is None or gain > best_gain:
                best, best_gain = a, gain
        if best is not None and (not best["won"] or best_gain > 0.3):
            return best
        for a in options:
            if a["a"] == "ready":
                return a
        return options[0]

    @staticmethod
    def _value(s, seat):
        """What the seat's bets are worth in a (sampled) state: its own bets, which a stupid bet may move.

        It reads only s["hp"], s["status"] and s["bets"][seat] (_same_value relies on it)."""
        return bet_value(s, s["bets"][seat])

    @staticmethod
    def _same_value(trial, s, seat):
        """Whether _value reads the same in both states (most trials leave hp, status and bets alone)."""
        return trial["hp"] == s["hp"] and trial["status"] == s["status"] and trial["bets"][seat] == s["bets"][seat]

    @staticmethod
    def _closeness(s, here=None):
        """Minus the distance from the gladiator being played to the nearest other: fights need contact.

        here: the field he would stand on (a step's target), instead of his own."""
        card = s["card"]
        if card is None or card["g"] < 0 or s["pos"][card["g"]] < 0:
            return 0.0
        pos = s["pos"]
        if here is None:
            here = pos[card["g"]]
        away = _DISTANCES[here]
        others = [away[pos[g]] for g in range(6) if g != card["g"] and pos[g] >= 0]
        return -min(others) if others else 0.0

    def _try_options(self, sandbox, s, seat, options, listed):
        """The option that leaves the seat's bets worth most in the sampled state s (ties: at random), and
        the state it leads to from s: None if s refuses it, or if it was not tried (NO_TRIAL).

        listed: options are the core's legal actions of the seat in s, so each one is accepted."""
        base = near = None  # the value and closeness of s, worked out when a trial first needs them
        best, best_score = [], None
        for a in options:
            trial = None
            if listed and a["a"] in NO_TRIAL:
                score = 0.0  # accepted, and the value stays as it is: nothing to try
            else:
                trial = sandbox.trial(s, a, listed)
                if trial is None:
                    continue
                if self._same_value(trial, s, seat):
                    score = 0.0  # what value(trial) - base would be, exactly
                else:
                    if base is None:
                        base = self._value(s, seat)
                    score = self._value(trial, seat) - base
            if a["a"] == "end":
                score -= 0.05  # use a card's symbols when they do not hurt
            elif a["a"] == "step":
                if near is None:
                    near = self._closeness(s)
                if trial is None:  # a listed step: the gladiator goes to the core's own step target
                    score += 0.02 * (self._closeness(s, step_target(s, s["card"]["g"], a["d"])) - near)
                else:
                    score += 0.02 * (self._closeness(trial) - near)
            elif a["a"] == "move":
                score += 0.01
            if best_score is None or score > best_score + 1e-9:
                best, best_score = [(a, trial)], score
            elif abs(score - best_score) <= 1e-9:
                best.append((a, trial))
        if not best:
            return self.rng.choice(options), None  # the same one draw as a choice among the best
        return self.rng.choice(best)

    def _commit(self, sandbox, world, seat, options):
        """Shout the card that would help most right now; think when none helps."""
        base = self._value(world, seat)
        best, best_gain = None, 0.05
        shouts = [a for a in options if a["shout"]]
        for a in shouts:
            gain = self._card_gain(sandbox, world, seat, a) - base
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
        if shouts and self.rng.below(3) == 0:
            return self.rng.choice(shouts)  # the crowd shouts anyway now and then: a battle must move
        return [a for a in options if not a["shout"]][0]

    def _card_gain(self, sandbox, world, seat, shout):
        """Value after playing the card greedily, as if this seat were the only one to shout and went first."""
        s = dict(world)  # shares the lists of world, which trials leave as they are (Sandbox.trial)
        n = s["players"]
        # A hypothetical round: every other seat thinks and this seat is the loudest, so CLAMO
        # hands it the first turn and the core itself reveals the card.
        s["shout"] = [THINK] * n
        s["shout"][seat] = UNDECIDED
        s["shout_card"] = [-1] * n
        s["loudest"] = seat
        s["pollice_verso"] = []
        s["card"] = None
        after = sandbox.trial(s, shout)
        if after is None:
            return self._value(s, seat)
        s = after
        for _ in range(6):
            if s["phase"] != "action" or s["pollice_verso"] or s["card"] is None:
                break
            options = sandbox.legal_actions(s, seat)
            if not options:
                break
            choice, after = self._try_options(sandbox, s, seat, options, True)
            if choice["a"] == "end":
                break
            if after is None:
                after = sandbox.trial(s, choice, True)  # not tried in the lookahead (NO_TRIAL): one listed
                if after is None:
                    break
            s = after  # the lookahead's own trial of the choice when it made one: applying again gives the same
        return self._value(s, seat)

    def _thumb(self, view, options):
        g = view["pollice_verso"][0][0]
        up_value, down_value = 0.0, 0.0
        for b, coins in view["my_bets"]:
            if not coins or BETTING_CARDS[b][0] != g:
                continue
            kind = BETTING_CARDS[b][1]
            if kind == BET_DIE:
                down_value += coins
            elif kind == BET_INVEST:
                up_value += coins
        want_up = up_value > down_value or (up_value == down_value and self.rng.below(2) == 0)
        for a in options:
            if a["up"] == (1 if want_up else 0):
                return a
        return options[0]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
