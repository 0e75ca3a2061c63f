"""What a person at the box presses next to enter a given core action, for each of the box's games.

next_line(screen, action) reads only the screen's entry and the game (what the lights show) and
returns the next script line of box_battle.run_line: ("press", button), or ("wait", ms) where the
box's own clock does the rest (ULTIMUS's countdown ends in CLAMO); None when the screen cannot
make that action (the caller picks another). Called again after every line until the journal takes
the action. Ultimatum's and Munera's come from their box scripts (ultimatum_box_script.next_press,
munera_box_driver.keys_for); ULTIMUS's, Morituri's and the board game's are here. Runs under
CPython and MicroPython alike (the monkey, tests/mpy/monkey.py).
"""

from ultimusbox import board

W = board.WHEEL_0
C = board.CONFIRM
COUNTDOWN_WAIT_MS = 5200  # a countdown's five beats and CLAMO's lock, from its first beat


def _press(b):
    return ("press", b)


# --- ULTIMUS -------------------------------------------------------------------------------


def _ultimus_mode(name, action):
    from ultimusbox.screens.ultimus import entry as u

    if name == "damage":
        return u.WOUND_KNOCK if action["knock"] else u.WOUND
    return {
        "bleed": u.BLEED,
        "heal": u.HEAL,
        "knock": u.FALL,
        "stand": u.FALL,
        "net": u.NET,
        "unnet": u.NET,
        "drunk": u.DRUNK,
        "revive": u.BRING_BACK,
        "come_back": u.BRING_BACK,
    }.get(name)


def ultimus_line(screen, action):
    from ultimusbox.screens.ultimus import entry as u

    shell, e, name = screen.shell, screen.entry, action["a"]
    if name == "set_loudest":
        return _press(board.SHOUT_0 + shell.station_of_seat(action["p"]))
    if name in ("draw_loudest", "bets_placed"):
        return _press(C)
    if name == "place":
        return _press(W + action["g"])
    if name == "commit":
        return _press((board.SHOUT_0 if action["shout"] else board.THINK_0) + shell.station_of_seat(action["p"]))
    if name == "clamo":
        if e.countdown_start is None:
            return _press(C)  # the countdown starts; its end is CLAMO
        return ("wait", COUNTDOWN_WAIT_MS)
    if name == "thumb":
        return _press(board.THUMB_UP if action["up"] else board.THUMB_DOWN)
    if name == "next":
        return _press(board.THUMB_UP)
    if name == "finish":
        return _press(board.THUMB_DOWN)
    if name == "payout":
        return _ultimus_payout(screen, action)
    seat_mode = {"done": u.DONE, "loudest": u.TAKE_LOUDEST, "draw": u.EXTRA_CARD}.get(name)
    if seat_mode is not None:
        if e.gladiator >= 0:
            return _press(W + e.gladiator)  # pressed again: no wheel selected
        if e.seat_mode != seat_mode:
            return _press(board.MODE)
        return _press(C)
    return _ultimus_gladiator(screen, action)


def _ultimus_payout(screen, action):
    """The battle's end: the payer's station, the card's gladiator and kind, its coins, confirm."""
    from games.ultimus.content import BETTING_CARDS

    e = screen.entry
    g, kind, _ = BETTING_CARDS[action["b"]]
    if e.payer != action["p"]:
        return _press(board.SHOUT_0 + screen.shell.station_of_seat(action["p"]))
    if e.gladiator != g:
        return _press(W + g)
    if e.bet_kind != kind:
        return _press(board.MODE)
    if e.coins != action["coins"]:
        return _press(board.PLUS if e.coins < action["coins"] else board.MINUS)
    return _press(C)


def _ultimus_gladiator(screen, action):
    """What the table enters for a gladiator: his wheel, the mode, the points, the pollice verso, confirm."""
    from ultimusbox.screens.ultimus import entry as u

    e, name = screen.entry, action["a"]
    mode = _ultimus_mode(name, action)
    if mode is None:
        return None
    g = action["g"]
    if e.gladiator != g:
        return _press(W + g)
    if e.mode != mode:
        return _press(board.MODE)
    n = action.get("n")
    if n is not None and e.points != n:
        if e.points > n:
            return _press(W + g)  # too many: let go of the wheel and start again
        return _press(board.PLUS if mode == u.HEAL else board.MINUS)
    if name == "damage" and e.pollice_verso != action["pv"]:
        return _press(board.THUMB_DOWN)
    return _press(C)


# --- Morituri --------------------------------------------------------------------------------


def morituri_line(screen, action):
    e, name = screen.entry, action["a"]
    if name == "initiative":
        return _press(C)
    if name == "activate":
        return _press(W + action["f"])
    if name == "thumb":
        return _press(board.THUMB_UP if action["up"] else board.THUMB_DOWN)
    if name == "implore":
        if screen.called() != action["f"]:
            return _press(W + action["f"])
        want = action["dice"][0] if "dice" in action else 0
        if e.table_die != want:
            return _press(board.PLUS if e.table_die < want else board.MINUS)
        return _press(C)
    if name == "end_melee":
        if e.fighter >= 0:
            return _press(W + e.fighter)  # the pick let go (side 1: back to side 0 first)
        return _press(C)  # once arms the end, twice ends the melee
    if name != "melee":
        return None
    f, t = action["f"], action["t"]
    if e.fighter != f:
        return _press(W + (e.fighter if e.fighter >= 0 else f))
    if e.target != t:
        return _press(W + t)
    if e.menu[1] != action["tm"]:
        return _press(board.MODE if e.side == 1 else W + t)
    if e.menu[0] != action["fm"]:
        return _press(board.MODE if e.side == 0 else W + f)
    return _press(C)


# --- the Morituri board game --------------------------------------------------------------------


def _board_item(action):
    name = action["a"]
    if name == "card":
        return "keep" if action["keep"] else "discard"
    return name


def _board_number(screen, action):
    """The number +/- must show for the action (None: the item takes none)."""
    from games.morituri_board import kit
    from games.morituri_board.content import CARD_NAMES

    name = action["a"]
    if name == "hp_space":
        return action["k"]
    if name == "flux":
        return action["n"]
    if name == "arena":
        return action["pennants"]
    if name == "card":
        return CARD_NAMES.index(action["c"])
    if name == "lose":
        held = kit.held(screen.state()["kit"][screen.actor()])
        return held.index(action["c"]) if action["c"] in held else None
    return None


def board_line(screen, action):
    e, name = screen.entry, action["a"]
    if name == "roll_off":
        return _press(C)
    if name in ("move", "crowd"):
        want = action["dice"][0] if "dice" in action else 0
        return _press(C if e.table_die == want else board.PLUS)
    if name == "thumb":
        return _press(board.THUMB_UP if action["up"] else board.THUMB_DOWN)
    if name == "round":
        return _board_round(e, action)
    return _board_menu(screen, action)


def _board_round(e, action):
    """A combat round: the table's dice entered one by one (let go if wrong), or the box's roll."""
    flat = []
    if "dice" in action:
        flat = list(action.get("net") or []) + list(action["dice"][0]) + list(action["dice"][1])
    if e.round_n > len(flat) or list(e.round_dice[: e.round_n]) != flat[: e.round_n]:
        return _press(board.THUMB_DOWN)  # the table's dice let go
    if e.round_n < len(flat):
        return _press(board.MODE if e.table_die == flat[e.round_n] else board.PLUS)
    return _press(C if not e.table_die else board.THUMB_DOWN)


def _board_menu(screen, action):
    """A menu step (space, draw, Roma): the item, its number, who stands on the arena, confirm."""
    from games.morituri_board import kit

    s, e, name = screen.state(), screen.entry, action["a"]
    phase = s["phase"]
    menu = screen.item_list()
    if menu is None or _board_item(action) not in menu:
        return None
    if screen.item() != _board_item(action):
        return _press(board.MODE)
    want = _board_number(screen, action)
    if name == "lose":
        if want is None:
            return None
        held = kit.held(s["kit"][screen.actor()])
        if e.number % len(held) != want:
            return _press(board.PLUS)
    elif want is not None and e.number != want:
        return _press(board.PLUS)
    if name == "arena":
        for k in range(board.STATIONS):
            seat = screen.shell.seat_of_station(k)
            if e.vs[k] != (1 if seat >= 0 and seat in action["vs"] else 0):
                return _press(W + k)
    if name == "card" and action["keep"]:
        if action.get("discard") != kit.clashing(s["kit"][screen.actor()], action["c"]):
            return None  # the box gives up exactly what the card clashes with: no other discard
    if phase not in ("space", "draw", "roma"):
        return None
    return _press(C)


# --- every game ------------------------------------------------------------------------------


def ultimatum_line(screen, action):
    from ultimatum_box_script import next_press

    return _press(next_press(screen, action))


def munera_lines(screen, action):
    """Munera's presses for the whole action at once (keys_for plans them from the entry)."""
    from munera_box_driver import keys_for
    from munera_box_script import KEYS

    return [_press(KEYS[k]) for k in keys_for(screen, action)]


def _entry_copy(entry):
    return dict((k, list(v) if type(v) is list else v) for k, v in entry.__dict__.items())


def one_press(screen, action):
    """Any game's planner: the one button whose press makes its screen send `action` now (tried on the
    screen with the shell's act, refuse and note held back, its entry put back after each), or None."""
    shell = screen.shell
    sent = []
    held = {"act": sent.append, "refuse": lambda code, message: None, "note": lambda e: None}
    before = _entry_copy(screen.entry)
    for key in held:
        setattr(shell, key, held[key])
    try:
        for b in range(board.MODE + 1):
            del sent[:]
            screen.press(b, 0)
            screen.entry.__dict__.update(_entry_copy_of(before))
            if action in sent:
                return _press(b)
    finally:
        for key in held:
            delattr(shell, key)  # the shell's own methods again
    return None


def _entry_copy_of(saved):
    return dict((k, list(v) if type(v) is list else v) for k, v in saved.items())


PLANNERS = {
    "ultimus": ultimus_line,
    "morituri": morituri_line,
    "morituri_board": board_line,
    "ultimatum": ultimatum_line,
}


def next_lines(shell, action):
    """The next script lines that enter `action` on the game in play (a list; empty: it cannot be made)."""
    name = shell.playing
    if name == "munera":
        return munera_lines(shell.screen, action)
    planner = PLANNERS.get(name, one_press)  # a game with no planner of its own: the press that sends it
    line = planner(shell.screen, action)
    return [] if line is None else [line]
