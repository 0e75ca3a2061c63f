"""Bots that play a seat with nothing but the core's public API and their own seat's view.

RandomBot picks any legal action. HeuristicBot bets where the payout per
coin is best for what the table shows, then looks one action ahead: it
prefers what raises the expected value of its own bets (its favourites
healthy and alone, the gladiators it bet against hurt or dead), shouts only
with a card it can use for that, and turns the thumb the way its bets want.
Neither reads another seat's hand or bets.
"""

from ultimus.content import BETTING_CARDS, BET_WIN, BET_DIE, BET_INVEST, MAX_HEALTH
from ultimus.game import copy_data
from ultimus.hexmap import distance
from ultimus.rng import Rng
from ultimus.card import begin_card
from ultimus.legal import legal_actions
from ultimus.rules import apply as core_apply
from ultimus.errors import Illegal
from ultimus.state import ARENA, DEAD, PARDONED, WAITING


class RandomBot:
    name = "random"

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, game, seat, options):
        return self.rng.choice(options)


def outcome_odds(s, g):
    """(win, die, pardon) chances of gladiator g guessed from the public state."""
    status = s["status"][g]
    if status == DEAD:
        return 0.0, 1.0, 0.0
    if status == PARDONED:
        return 0.0, 0.0, 1.0
    alive = [x for x in range(6) if s["status"][x] in (ARENA, WAITING)]
    strength = {x: (s["hp"][x] if s["status"][x] == ARENA else MAX_HEALTH[x]) + 2 for x in alive}
    total = float(sum(strength.values()))
    win = strength[g] / total if total else 0.0
    fall = 1.0 - win
    return win, fall * 0.75, fall * 0.25


def bet_value(s, bets):
    """Expected gold back from a seat's bets, as the table looks now."""
    value = 0.0
    for b, coins in bets:
        if not coins:
            continue
        g, kind, row = BETTING_CARDS[b]
        win, die, pardon = outcome_odds(s, g)
        p = win if kind == BET_WIN else (die if kind == BET_DIE else win + pardon)
        value += p * row[coins - 1]
    return value


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, game, seat, options):
        kind = options[0]["a"]
        s = game.state
        if kind == "bet" or kind == "ready":
            return self._bet(s, seat, options)
        if kind == "commit":
            return self._commit(game, seat, options)
        if kind == "thumb":
            return self._thumb(s, seat, options)
        return self._lookahead(s, seat, options)

    def _bet(self, s, seat, options):
        bets = s["bets"][seat]
        best, best_gain = None, 0.0
        for a in options:
            if a["a"] != "bet":
                continue
            b, coins = bets[a["k"]]
            g, kind, row = BETTING_CARDS[b]
            win, die, pardon = outcome_odds(s, g)
            p = win if kind == BET_WIN else (die if kind == BET_DIE else win + pardon)
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

    def _value(self, s, seat):
        return bet_value(s, s["bets"][seat])

    @staticmethod
    def _closeness(s):
        """Minus the distance from the gladiator being played to the nearest other: fights need contact."""
        card = s["card"]
        if card is None or card["g"] < 0 or s["pos"][card["g"]] < 0:
            return 0.0
        here = s["pos"][card["g"]]
        others = [distance(here, s["pos"][g]) for g in range(6) if g != card["g"] and s["pos"][g] >= 0]
        return -min(others) if others else 0.0

    def _lookahead(self, s, seat, options):
        base = self._value(s, seat)
        best, best_score = [], None
        for a in options:
            trial = copy_data(s)
            try:
                core_apply(trial, a)
            except Illegal:
                continue
            score = self._value(trial, seat) - base
            if a["a"] == "end":
                score -= 0.05  # use a card's symbols when they do not hurt
            elif a["a"] == "step":
                score += 0.02 * (self._closeness(trial) - self._closeness(s))
            elif a["a"] == "move":
                score += 0.01
            if best_score is None or score > best_score + 1e-9:
                best, best_score = [a], score
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        return self.rng.choice(best or options)

    def _commit(self, game, seat, options):
        """Shout the card that would help most right now; think when none helps."""
        s = game.state
        base = self._value(s, seat)
        best, best_gain = None, 0.05
        shouts = [a for a in options if a["shout"]]
        for a in shouts:
            gain = self._card_gain(s, seat, a["c"]) - base
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
        if shouts and self.rng.below(3) == 0:
            return self.rng.choice(shouts)  # the crowd shouts anyway now and then: a battle must move
        return [a for a in options if not a["shout"]][0]

    def _card_gain(self, s, seat, card):
        """Value after playing the card greedily, as if it were this seat's turn now."""
        trial = copy_data(s)
        n = trial["players"]
        trial["phase"] = "action"
        trial["order"], trial["turn"] = [(seat + i) % n for i in range(n)], 0
        trial["shout"] = [0] * n
        trial["shout"][seat] = 1
        trial["pollice_verso"] = []
        if card in trial["hands"][seat]:
            trial["hands"][seat].remove(card)
        begin_card(trial, [], seat, card)
        for _ in range(6):
            options = legal_actions(trial, seat)
            if not options or trial["card"] is None:
                break
            choice = self._lookahead(trial, seat, options)
            if choice["a"] == "end":
                break
            try:
                core_apply(trial, choice)
            except Illegal:
                break
            if trial["phase"] != "action" or trial["pollice_verso"]:
                break
        return self._value(trial, seat)

    def _thumb(self, s, seat, options):
        g = s["pollice_verso"][0][0]
        up_value, down_value = 0.0, 0.0
        for b, coins in s["bets"][seat]:
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
