"""The handlers of a battle: loudest spectator, set-up, betting, entrance,
rounds of shout-or-shut-up, turns, the end of a battle, payouts, the final count.

Which handler runs in which phase, for whom, is declared in games.ultimus.flow;
the engine has checked phase, mode and seat before a handler runs. A
handler parses its fields, asks the rule checks of games.ultimus.checks (refusing
before it changes anything), then applies and appends its events.
"""

from games.ultimus import checks, effects
from games.ultimus.content import (
    BET_DIE,
    BET_INVEST,
    BET_WIN,
    BETTING_CARDS,
    BETTING_CARDS_BY_PLAYERS,
    DOOR_COUNT,
    MAX_COINS_PER_BETTING_CARD,
    NEW_GOLD_BY_PLAYERS,
    YELLING_CARD_COUNT,
    YELLING_CARDS_PER_PLAYER,
)
from games.ultimus.state import (
    ARENA,
    DEAD,
    GLADIATORS,
    MODE_FULL,
    PARDONED,
    SHOUT,
    THINK,
    UNDECIDED,
    WAITING,
    arena_gladiators,
    draw_cards,
    max_health,
    payout_row,
    random_below,
    seat_order,
    shuffle,
)
from referee.engine import load_handler
from referee.errors import int_arg, need


def _yelling():
    """The yelling-card table, for the full game only: the box never parses it (~58 KB of heap)."""
    from games.ultimus import yelling

    return yelling


def _doors():
    """The door fields of the hex arena, for the full game only (the box has no map)."""
    from games.ultimus.hexmap import DOORS

    return DOORS


def active_seat(s):
    """The seat whose turn it is in the action phase (-1 outside it)."""
    if s["phase"] != "action":
        return -1
    return s["order"][s["turn"]]


# --- the loudest spectator -------------------------------------------------


def draw_loudest(s, a, ev):
    """Everyone draws a yelling card; most movement is loudest; ties draw again."""
    n = s["players"]
    if s["mode"] == MODE_FULL:
        deck = list(range(YELLING_CARD_COUNT))
        shuffle(s, deck)
        used = []
        contenders = list(range(n))
        attempt = 0
        while len(contenders) > 1:
            attempt += 1
            best, top = -1, []
            for p in contenders:
                if not deck:
                    deck.extend(used)
                    used = []
                    shuffle(s, deck)
                c = deck.pop()
                used.append(c)
                points = _yelling().movement_points(c)
                ev.append({"e": "loudest_draw", "p": p, "c": c, "n": points, "try": attempt})
                if points > best:
                    best, top = points, [p]
                elif points == best:
                    top.append(p)
            contenders = top
        deck.extend(used)
        shuffle(s, deck)
        s["deck"] = deck
        winner = contenders[0]
    else:
        winner = random_below(s, n)
    effects.take_loudest(s, ev, winner)
    start_battle(s, ev)


def choose_loudest(s, a, ev):
    """The box: the table names the loudest spectator itself."""
    p = int_arg(a, "p", 0, s["players"] - 1)  # the seat the table names, not an actor
    effects.take_loudest(s, ev, p)
    start_battle(s, ev)


# --- battle set-up and betting --------------------------------------------


def start_battle(s, ev):
    n = s["players"]
    s["battle"] += 1
    s["round"] = 0
    full = max_health(s)
    for g in range(GLADIATORS):
        s["hp"][g] = full[g]
        s["status"][g] = WAITING
        s["fallen"][g] = 0
        s["pos"][g] = -1
        s["drunk"][g] = -1
    s["net"] = -1
    s["pollice_verso"] = []
    s["card"] = None
    s["winner"] = -1
    s["paid"] = []
    s["placed"] = 0
    s["ready"] = [0] * n
    gold = NEW_GOLD_BY_PLAYERS[n]
    order = seat_order(s)
    if s["mode"] == MODE_FULL:
        # every yelling card comes back; each battle starts from a full deck
        deck = list(range(YELLING_CARD_COUNT))
        shuffle(s, deck)
        s["deck"], s["discard"] = deck, []
        s["hands"] = [[] for _ in range(n)]
        bdeck = list(range(len(BETTING_CARDS)))
        shuffle(s, bdeck)
        s["bets"] = [[] for _ in range(n)]
        for p in order:
            draw_cards(s, p, YELLING_CARDS_PER_PLAYER)
            for _ in range(BETTING_CARDS_BY_PLAYERS[n]):
                s["bets"][p].append([bdeck.pop(), 0])
        s["bdeck"] = bdeck
        for p in range(n):
            s["new_gold"][p] = gold
    else:
        for p in range(n):
            s["gold"][p] += gold
        if "unsettled" in s:
            s["unsettled"] = [gold] * n
    s["bank"] -= gold * n
    s["phase"] = "betting"
    ev.append(
        {
            "e": "battle",
            "n": s["battle"],
            "yelling": YELLING_CARDS_PER_PLAYER,
            "betting": BETTING_CARDS_BY_PLAYERS[n],
            "gold": gold,
        }
    )


def place_bet(s, a, ev):
    """One coin onto one of your betting cards, from new gold or won gold."""
    p = a["p"]
    k = int_arg(a, "k", 0, len(s["bets"][p]) - 1)
    won = int_arg(a, "won", 0, 1)
    need(checks.coin_problem(s, p, k, won))
    if won:
        s["gold"][p] -= 1
    else:
        s["new_gold"][p] -= 1
    s["bets"][p][k][1] += 1
    ev.append({"e": "bet", "p": p, "k": k, "coins": s["bets"][p][k][1]})


def bets_ready(s, a, ev):
    p = a["p"]
    need(checks.ready_problem(s, p))
    s["ready"][p] = 1
    ev.append({"e": "ready", "p": p})
    if 0 not in s["ready"]:
        _to_entrance(s, ev)


def bets_placed(s, a, ev):
    _to_entrance(s, ev)


def _to_entrance(s, ev):
    s["phase"] = "entrance"
    ev.append({"e": "entrance", "p": entrance_seat(s)})


# --- entrance: morituri te salutant ---------------------------------------


def entrance_seat(s):
    return (s["loudest"] + s["placed"]) % s["players"]


def place_gladiator(s, a, ev):
    p = a["p"]
    g = int_arg(a, "g", 0, GLADIATORS - 1)
    d = int_arg(a, "f", 0, DOOR_COUNT - 1) if s["mode"] == MODE_FULL else -1
    need(checks.place_problem(s, g, d))
    field = _doors()[d] if d >= 0 else -1
    s["status"][g] = ARENA
    s["pos"][g] = field
    s["placed"] += 1
    ev.append({"e": "enter", "p": p, "g": g, "f": field})
    if s["placed"] == GLADIATORS:
        start_round(s, ev)


# --- a round: shout or shut up --------------------------------------------


def start_round(s, ev):
    n = s["players"]
    s["round"] += 1
    s["shout"] = [UNDECIDED] * n
    s["shout_card"] = [-1] * n
    s["drunk"] = [-1] * GLADIATORS
    s["order"] = []
    s["turn"] = 0
    s["phase"] = "shout"
    ev.append({"e": "round", "n": s["round"]})


def commit(s, a, ev):
    """A seat's secret choice: shout (with a face-down card) or shut up and think."""
    p = a["p"]
    shout = int_arg(a, "shout", 0, 1)
    full_shout = shout and s["mode"] == MODE_FULL
    if s["shout"][p] == UNDECIDED and full_shout:
        c = int_arg(a, "c", 0, YELLING_CARD_COUNT - 1)
    else:
        c = -1
    need(checks.commit_problem(s, p, shout, c))
    hidden = {"shout": shout}
    if full_shout:
        s["hands"][p].remove(c)
        s["shout_card"][p] = c
        hidden["c"] = c
    s["shout"][p] = SHOUT if shout else THINK
    ev.append({"e": "commit", "p": p, "hidden": hidden})
    if UNDECIDED not in s["shout"]:
        reveal(s, ev)


def clamo(s, a, ev):
    """The end of the countdown: whoever has not committed is thinking."""
    for p in range(s["players"]):
        if s["shout"][p] == UNDECIDED:
            s["shout"][p] = THINK
    reveal(s, ev)


def reveal(s, ev):
    ev.append({"e": "reveal", "shouts": list(s["shout"])})
    s["order"] = seat_order(s)
    s["turn"] = 0
    s["phase"] = "action"
    start_turn(s, ev)


def start_turn(s, ev):
    p = s["order"][s["turn"]]
    ev.append({"e": "turn", "p": p, "shout": s["shout"][p]})
    if s["mode"] == MODE_FULL and s["shout"][p] == SHOUT:
        load_handler("games.ultimus.card.begin_card")(s, ev, p, s["shout_card"][p])  # the full game only


def end_turn(s, ev):
    card = s["card"]
    if card is not None:
        s["discard"].append(card["c"])
        s["shout_card"][card["owner"]] = -1
        s["card"] = None
        drawn = draw_cards(s, card["owner"], 1)
        ev.append({"e": "draw", "p": card["owner"], "n": len(drawn), "hidden": {"cards": drawn}})
    s["turn"] += 1
    if s["turn"] >= s["players"]:
        start_round(s, ev)
    else:
        start_turn(s, ev)


def think(s, a, ev):
    """Shut up and think: discard up to two cards and draw as many."""
    p = a["p"]
    cards = a.get("c", [])
    need(checks.think_problem(s, p, cards))
    hand = s["hands"][p]
    for c in cards:
        hand.remove(c)
        s["discard"].append(c)
    drawn = draw_cards(s, p, len(cards))
    ev.append({"e": "think", "p": p, "n": len(cards), "hidden": {"cards": drawn}})
    end_turn(s, ev)


# --- the end of a battle ---------------------------------------------------


def check_battle_end(s, ev):
    """After every effect: one gladiator left (and no pollice verso pending) ends the battle."""
    if s["phase"] != "action" or s["pollice_verso"]:
        return
    left = arena_gladiators(s)
    if len(left) > 1:
        return
    s["winner"] = left[0]
    s["card"] = None
    for p in range(s["players"]):  # the card in play and those still face down
        if s["shout_card"][p] >= 0:
            s["discard"].append(s["shout_card"][p])
            s["shout_card"][p] = -1
    s["phase"] = "battle_end"
    ev.append({"e": "battle_end", "winner": s["winner"], "status": list(s["status"])})
    if s["mode"] == MODE_FULL:
        for p in range(s["players"]):
            for bet in s["bets"][p]:
                _pay(s, ev, p, bet[0], bet[1])
                bet[1] = 0  # settled: the coins are back with the player or in the bank


def bet_won(s, b):
    g, kind, _ = BETTING_CARDS[b]
    status = s["status"][g]
    if kind == BET_WIN:
        return g == s["winner"]
    if kind == BET_DIE:
        return status == DEAD
    if kind == BET_INVEST:
        return g == s["winner"] or status == PARDONED
    return False


def _pay(s, ev, p, b, coins):
    """Reveal one betting card and settle it with the bank."""
    won = bet_won(s, b)
    paid = 0
    if coins:
        if won:
            paid = payout_row(s, b)[coins - 1]
            s["bank"] -= paid - coins
        else:
            s["bank"] += coins
        if s["mode"] == MODE_FULL:
            s["gold"][p] += paid
        else:
            s["gold"][p] += paid - coins
    s["paid"].append(b)
    ev.append({"e": "bet_revealed", "p": p, "b": b, "coins": coins, "won": 1 if won else 0, "paid": paid})


def payout(s, a, ev):
    """The box: a seat turns over a betting card with coins on it."""
    p = a["p"]
    b = int_arg(a, "b", 0, len(BETTING_CARDS) - 1)
    coins = int_arg(a, "coins", 1, MAX_COINS_PER_BETTING_CARD)
    need(checks.payout_problem(s, p, b, coins))
    _pay(s, ev, p, b, coins)
    if "unsettled" in s:
        s["unsettled"][p] = max(0, s["unsettled"][p] - coins)


def next_battle(s, a, ev):
    need(checks.next_battle_problem(s))
    start_battle(s, ev)


def thumb(s, a, ev):
    """Pollice verso: the loudest spectator's thumb on the first gladiator waiting for it."""
    up = int_arg(a, "up", 0, 1)
    effects.thumb(s, ev, up)
    check_battle_end(s, ev)


def finish(s, a, ev):
    """Stop playing: the most gold wins; ties share the win."""
    need(checks.finish_problem(s))
    best = max(s["gold"])
    s["champions"] = [p for p in range(s["players"]) if s["gold"][p] == best]
    s["phase"] = "over"
    ev.append({"e": "game_over", "gold": list(s["gold"]), "champions": list(s["champions"])})
