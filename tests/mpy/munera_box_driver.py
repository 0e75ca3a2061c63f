"""A person at the box, for Munera tests: the presses that make one core action on the box's screen.

keys_for(screen, action) reads the screen's entry (the menu, its number, the target) and returns
the keys of munera_box_script (MODE to the menu item, past those it does not offer now, +/- to the
number, the target's wheel, confirm). Any legal action has its presses; the tests check that pressing
them journals exactly it.
"""

from ultimusbox.screens.munera.entry import ATTACK, DISCARDABLE, DRAW, MENU, TARGETED, WHIRL, weapon_of
from ultimusbox.screens.munera.screen import choices, offered

WHEEL_KEYS = "asdfgh"
MENU_OF = {"sheathe": DRAW, "draw": DRAW}


def _menu_item(action):
    name = action["a"]
    if name == "attack":
        return WHIRL if action["whirl"] else ATTACK
    return MENU_OF[name] if name in MENU_OF else MENU.index(name)


def _param(s, action, g):
    name = action["a"]
    x = s["g"][g]
    if name == "move":
        return (action["d"] - x["face"]) % 6
    if name == "turn":
        return 0 if action["by"] == 1 else 1
    if name == "attack":
        for i in range(len(x["kit"]) + 2):
            if weapon_of(x, i) == action["w"]:
                return i
    if name in ("draw", "sheathe"):
        return action["k"]
    if name in ("pickup", "kick"):
        return action["i"]
    if name == "discard":
        return DISCARDABLE.index(action["item"])
    return None


def _first_param(s, menu, g):
    """The number the screen shows when MODE reaches a menu item: the first weapon in hand to attack with."""
    if menu in (ATTACK, WHIRL):
        kit = s["g"][g]["kit"]
        for i in range(len(kit)):
            if kit[i][1]:
                return i
    return 0


def _steps(screen, s, g, want, step):
    """How many MODE (step 1) or thumbs up (-1) presses take the menu to item `want` (it skips what
    it does not offer now), or None."""
    m = screen.entry.menu
    for n in range(1, len(MENU) + 1):
        m = (m + step) % len(MENU)
        while not offered(s, g, m):
            m = (m + step) % len(MENU)
        if m == want:
            return n
    return None


def _to_item(screen, s, g, want):
    ahead, back = _steps(screen, s, g, want, 1), _steps(screen, s, g, want, -1)
    return "m" * ahead if back is None or ahead <= back else "u" * back


def _one_foe(s, g):
    """The target the screen picks by itself: the one foe left in the arena, else none (-1)."""
    foes = [t for t in range(s["players"]) if t != g and s["g"][t]["out"] == ""]
    return foes[0] if len(foes) == 1 else -1


def keys_for(screen, action):
    """The keys that make `action` on the box now (dice typed in first when it carries some)."""
    s, e = screen.state(), screen.entry
    name = action["a"]
    dice = "".join("qwerty"[d - 1] for d in action.get("dice", ()))
    if name in ("stamina", "order", "ap", "wrestle", "appeal"):
        return dice + "c"
    if name == "throw":
        return dice + "u"
    if name == "release":
        return "n"
    if name == "reroll":
        return dice + "u"
    if name == "keep":
        return dice + "n"
    g = s["turn"]
    keys = ""
    menu, param, target = e.menu, e.param, e.target
    want = _menu_item(action)
    if menu != want:
        keys += _to_item(screen, s, g, want)
        param = _first_param(s, want, g)
        target = _one_foe(s, g) if want in TARGETED else -1
    if "t" in action and target != action["t"]:
        keys += WHEEL_KEYS[screen.ring_of(action["t"])]
    p = _param(s, action, g)
    if p is not None:
        n = choices(s, want, g)
        ups = (p - param) % n
        keys += "+" * ups if ups <= n - ups else "-" * (n - ups)
    return keys + dice + "c"


def bot_bout(seed, bots=("brawler", "netter")):
    """The scripted bout of munera_box_script, made again: the host's bots choose each action,
    keys_for presses it; returns (the script's text after the game menu's wheel, the journal)."""
    from box_battle import new_box, run_line
    from games.munera import legal
    from games.munera.content import PROFILE_NAMES
    from munera_box_script import KEYS, lines
    from ultimus_host.games.munera.bots import BOTS

    fb, box = new_box(seed=seed)
    text = "asdfgh"[_menu_wheel()] + "14"
    for line in lines(text):
        run_line(fb, box, line)
    e = box.shell.screen.entry
    while e.prof[3] != PROFILE_NAMES.index("retiarius"):
        run_line(fb, box, ("press", KEYS["m"]))
        text += "m"
    text += "c"
    run_line(fb, box, ("press", KEYS["c"]))
    players = [BOTS[bots[k]](k + 1) for k in range(2)]
    shell = box.shell
    while shell.game.state["phase"] != "over":
        s = shell.game.state
        actors = shell.game.actors()
        if actors:
            action = players[actors[0]].choose(s, legal.legal_actions(s, actors[0]))
        else:
            action = {"a": s["phase"]}  # the box's own rolls: stamina, order
        keys = keys_for(shell.screen, action)
        for line in lines(keys):
            run_line(fb, box, line)
        assert list(shell.journal)[-1] == action, (action, keys, shell.screen.describe())
        text += keys
    return text[1:], list(shell.journal)


def _menu_wheel():
    from ultimusbox import games

    return games.names().index("munera")
