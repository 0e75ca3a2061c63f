"""The Munera screen's controller: button presses on the box become Munera Sine Missione actions.

One ring per gladiator: each player's gladiator on the wheel at his own station;
the models stand on the players' own hex arena and move as the box says. The screen
follows the core's phases: stamina and order (confirm: the box rolls), each turn's AP
roll (confirm), then the gladiator's actions: MODE cycles the menu (move, turn, attack,
end, draw, whirl, feint, haze, grapple, cut, pickup, kick, discard: those the rule checks allow now,
offered(); thumbs up goes back), +/- pick its number
(a direction from his facing, a side, a weapon, an item), a wheel picks the target,
confirm applies; a miss after a feint (thumbs up: the re-roll, thumbs down: keep the miss);
the grapple's test (confirm), the winner's choice (thumbs up: throw,
thumbs down: let go), an appeal to the crowd (confirm), over (confirm: back to the seat
selection). Any roll may be made on the table instead: THINK at station n enters a die
showing n, then confirm. docs/box.md tells the players; lights draws;
entry holds the input; the seat acting and a one-step phase's action come from the flow.
"""

from games.munera.content import BOX_LINE_COUNT
from referee.errors import Illegal
from ultimusbox import board
from ultimusbox.screens.munera import lights
from ultimusbox.screens.munera.entry import (
    ATTACK,
    CUT,
    DISCARD,
    DISCARDABLE,
    DRAW,
    END,
    FEINT,
    GRAPPLE,
    HAZE,
    KICK,
    MAX_TABLE_DICE,
    MENU,
    MOVE,
    NOBODY,
    PICKUP,
    TARGETED,
    THUMB_PHASES,
    TURN,
    WHIRL,
    Entry,
    weapon_of,
)

# The one action of each phase of one step (a confirm's), named as its phase but the AP roll: the flow's
# names, kept here because a Flow.step() asking the flow cost every box 96 bytes at power-on (the board
# game's peak, tests/test_mboard_box.py, at its bound); tests/test_screens_follow_the_flow.py presses them
STEPS = {"start": "ap"}
HINTS = {  # what a phase's step takes, said for a button it does not take
    "reroll": "after his feint: thumbs up rolls the missed die again, thumbs down keeps the miss",
    "grip": "the grapple's winner: thumbs up throws him, thumbs down lets go",
    "appeal": "not now: the beaten gladiator appeals to the crowd: confirm rolls 2D6",
}


NEW_SPARED_TODAY = 10  # a new bout's "others spared today": from 10 on, an appeal with no bonus needs a natural 12


def link_setup(request):
    """The core set-up and the box settings of a new_game request (docs/protocol.md): every key but the
    link's own is the set-up's, and the game's one set-up check refuses any it does not have (it keeps
    spared_today 0-99, for the saves that hold one); a new bout counts at most NEW_SPARED_TODAY."""
    spared = request.get("spared_today", 0)
    if type(spared) is int and not 0 <= spared <= NEW_SPARED_TODAY:
        raise Illegal(
            "bad_setup",
            "spared_today: a new bout counts 0 to %d others spared today" % NEW_SPARED_TODAY,
            "spared_today",
        )
    return dict(request), {}


def order_rounds(flat, n):
    """The order of play's table dice, typed one after another, as the core's rounds: the first
    n dice, then each tied group's re-roll, the higher group first, a tie within it at once."""
    rounds = []
    _rounds(flat, 0, n, rounds)
    return rounds


def _rounds(flat, at, k, rounds):
    """Round of k dice from flat[at]; returns where the next round starts (len(flat): no more)."""
    if at + k > len(flat):
        if at < len(flat):
            rounds.append(flat[at:])  # too few: the core says how many more
        return len(flat)
    dice = flat[at : at + k]
    rounds.append(dice)
    at += k
    for face in range(6, 0, -1):
        tied = dice.count(face)
        if tied > 1:
            at = _rounds(flat, at, tied, rounds)
    return at


def offered(s, g, m):
    """Whether the act menu offers item m to gladiator g now: an action of it passes the rule checks
    apply refuses with (those the legal listing asks: nothing is decided here). The checks are
    imported here, not with the screen: at power-on every byte of code shortens the heap's largest
    free block, and the bout's handlers have loaded them already. A copy of the flow's pre-checks
    (games.munera.prechecks) by menu item, kept because the box cannot hold those: the menu from
    referee.acting.options cut the box's largest free block to 11.9 KB (measured in the session before
    issue 32, tests/test_munera_box.py), against a bound of 14 KB (17.2 KB with this copy)."""
    from games.munera import checks as c

    n = choices(s, m, g)
    if m == END or (m == TURN and c.turn_problem(s, g) is None):
        return True
    if m == CUT or m == FEINT:
        return (c.cut_problem if m == CUT else c.feint_problem)(s, g) is None
    x = s["g"][g]
    for i in range(n if n or m not in TARGETED else 1):  # a weapon, an item, a side...; a foe only
        for t in range(s["players"]):
            if m == MOVE:
                problem = c.move_problem(s, g, i)
            elif m == DRAW:
                problem = (c.sheathe_problem if x["kit"][i][1] else c.draw_problem)(s, g, i)
            elif m == PICKUP or m == KICK:
                problem = (c.pickup_problem if m == PICKUP else c.kick_problem)(s, g, i)
            elif m == DISCARD:
                problem = c.drop_problem(s, g, DISCARDABLE[i])
            elif t == g or m == TURN:
                continue  # his own wheel is no foe
            elif m == HAZE or m == GRAPPLE:
                problem = (c.haze_problem if m == HAZE else c.grapple_problem)(s, g, t)
            else:
                problem = c.attack_problem(s, g, t, weapon_of(x, i), 1 if m == WHIRL else 0)
            if problem is None:
                return True
    return False


def choices(s, menu, g):
    """How many numbers +/- step through for a menu item (0: none)."""
    x = s["g"][g]
    if menu == MOVE:
        return 6
    if menu == TURN:
        return 2
    if menu == ATTACK or menu == WHIRL:
        return len(x["kit"]) + 2  # his kit, then fists (improvised), then the shield
    if menu == DRAW:
        return len(x["kit"])
    if menu == PICKUP or menu == KICK:
        return len(s["ground"])
    if menu == DISCARD:
        return len(DISCARDABLE)
    return 0


class Screen:
    NAME = "munera"

    def __init__(self, shell):
        self.shell = shell
        self.entry = Entry()

    # --- seat selection: each station's gladiator ----------------------------

    def option_press(self, button):
        e = self.entry
        joined = self.shell.seats.joined
        if button not in (board.MODE, board.PLUS, board.MINUS):
            return
        if not joined:
            self.shell.refuse("nobody_joined", "press SHOUT at your station first; then mode picks your gladiator")
            return
        station = joined[-1]
        step = -1 if button == board.MINUS else 1
        e.prof[station] = (e.prof[station] + step) % BOX_LINE_COUNT
        self.shell.note({"e": "gladiator", "station": station, "profile": e.profile(station)})

    def render_options(self, frame, k, blink):
        lights.options(self, frame, k, blink)

    def seat_setup(self, players, seed):
        e = self.entry
        gladiators = [e.profile(st) for st in sorted(self.shell.seats.joined)]
        return link_setup({"gladiators": gladiators, "seed": seed})

    # --- a bout -----------------------------------------------------------

    def start(self):
        self.entry.clear()
        self.entry.dice_at = None
        self.on_events(())

    def state(self):
        return self.shell.game.state

    def secret(self, button):
        return False  # everything in Munera is public

    def tick(self, now_us):
        pass  # the dice animation runs on the frame's clock

    def on_events(self, events):
        e = self.entry
        now = self.shell.clock.ms()
        shown = 0  # the first pair of dice the action rolled (attacker and defender, 2D6, ...)
        for ev in events:
            kind = ev["e"]
            if kind == "roll" and ev["why"] != "order" and shown < 2:
                if shown == 0:
                    who = ev["who"]
                    e.dice_at, e.dice_ring, e.dice_n = now, self.ring_of(who if who >= 0 else 0), 0
                for d in ev["dice"]:
                    if e.dice_n < 2:
                        e.dice[e.dice_n] = d
                        e.dice_n += 1
                shown = e.dice_n
            elif kind in ("turn", "beaten", "bout_over", "stamina"):
                e.clear()  # a new step: the menu starts again
        del e.table[:]  # the table's dice went with the action
        s = self.state()
        game = self.shell.game
        e.acting = g = game.rules.FLOW.seat_now("", s)  # the flow's: -1 in the box's own steps
        if s["phase"] == "act" and not offered(s, g, e.menu):  # no longer offered: the next one is
            self.step_menu(s, g, 1)

    def ring_of(self, g):
        """Gladiator g's wheel: the one at his player's station."""
        return self.shell.station_of_seat(g)

    def render(self, frame, now_ms, blink):
        lights.render(self, frame, now_ms, blink)

    def press(self, button, t_us):
        s, e, shell = self.state(), self.entry, self.shell
        phase = s["phase"]
        if phase == "over":
            if button == board.CONFIRM:
                shell.end_game()
            return
        if board.THINK_0 <= button < board.THINK_0 + board.STATIONS:
            self._table_die(button - board.THINK_0 + 1)
        elif button == board.THUMB_DOWN and e.table and phase not in THUMB_PHASES:
            del e.table[:]  # thumbs down: the table's dice typed so far are wrong; enter them again
        elif phase == "act":
            self._press_act(s, button)
        elif phase in THUMB_PHASES:
            if button == board.THUMB_UP or button == board.THUMB_DOWN:
                up = button == board.THUMB_UP
                self._act({"a": ("reroll" if up else "keep") if phase == "reroll" else ("throw" if up else "release")})
            elif button == board.CONFIRM:
                shell.refuse("thumb_first", HINTS[phase])
        elif button == board.CONFIRM:
            self._act({"a": STEPS.get(phase, phase)})  # the phase's one step
        elif board.WHEEL_0 <= button < board.WHEEL_0 + board.RINGS or button == board.MODE:
            shell.refuse(
                "wrong_phase",
                HINTS.get(phase, "not now: confirm rolls the dice (or THINK 1-6 types in the table's dice first)"),
            )  # the phase's name is no word

    def _table_die(self, face):
        e, s = self.entry, self.state()
        if s["phase"] == "act" and e.menu not in (ATTACK, WHIRL, HAZE, GRAPPLE, CUT):
            self.shell.refuse("no_dice", "%s rolls no dice" % MENU[e.menu])
            return
        if len(e.table) >= MAX_TABLE_DICE:
            self.shell.refuse("bad_dice", "at most %d dice for one action" % MAX_TABLE_DICE)
            return
        e.table.append(face)
        self.shell.note({"e": "table_die", "die": face, "dice": list(e.table)})

    def _act(self, action):
        """An action of the acting seat (the flow's: none for the box's own rolls) with the table's dice,
        if any were typed in. A refusal keeps them: "roll 1 more" is answered with one more THINK;
        thumbs down clears them."""
        e = self.entry
        if e.acting >= 0:
            action["p"] = e.acting
        if e.table:
            if action["a"] == "order":
                action["dice"] = order_rounds(e.table, self.state()["players"])
            else:
                action["dice"] = list(e.table)
        return self.shell.act(action)

    def _press_act(self, s, button):
        e, shell = self.entry, self.shell
        g = e.acting  # the gladiator whose turn it is
        if button == board.MODE or button == board.THUMB_UP:  # thumbs up: the menu backwards
            self.step_menu(s, g, 1 if button == board.MODE else -1)
        elif button == board.PLUS or button == board.MINUS:
            n = choices(s, e.menu, g)
            if n == 0:
                shell.refuse("no_choice", "%s has nothing to choose with +/-" % MENU[e.menu])
                return
            e.param = (e.param + (1 if button == board.PLUS else -1)) % n
        elif board.WHEEL_0 <= button < board.WHEEL_0 + board.RINGS:
            t = shell.seat_of_station(button - board.WHEEL_0)  # his gladiator, or NOBODY
            if e.menu not in TARGETED:
                shell.refuse("no_target", "%s needs no target; mode shows attack, whirl, haze, grapple" % MENU[e.menu])
            elif t < 0:
                shell.refuse("bad_target", "wheel %d has no gladiator in this bout" % (button - board.WHEEL_0 + 1))
            else:
                e.target = t
        elif button == board.CONFIRM:
            action = self.action(s, g)
            if action is not None:
                self._act(action)

    def step_menu(self, s, g, step):
        """MODE (step 1) or thumbs up (-1): the menu's next item offered now (END always is), at its
        first number (to attack: his first weapon in hand), the one foe left in the arena as its target
        (none while two or more are), no table dice."""
        e = self.entry
        for _ in range(len(MENU)):
            e.menu = (e.menu + step) % len(MENU)
            if offered(s, g, e.menu):
                break
        e.param, e.target, foes = 0, NOBODY, 0
        kit = s["g"][g]["kit"]
        for i in range(len(kit) if e.menu == ATTACK or e.menu == WHIRL else 0):
            if kit[i][1]:
                e.param = i
                break
        for t in range(s["players"] if e.menu in TARGETED else 0):
            if t != g and s["g"][t]["out"] == "":
                e.target, foes = t, foes + 1
        if foes > 1:
            e.target = NOBODY
        del e.table[:]

    def action(self, s, g):
        """The act menu's action as it stands, or None (refused: what is missing)."""
        e, shell = self.entry, self.shell
        m = e.menu
        x = s["g"][g]
        if m in TARGETED and e.target < 0:
            shell.refuse("no_target", "press the wheel of the gladiator he %ss" % ("attack" if m == WHIRL else MENU[m]))
            return None
        if m == MOVE:
            return {"a": "move", "p": g, "d": (x["face"] + e.param) % 6}
        if m == TURN:
            return {"a": "turn", "p": g, "by": 1 if e.param == 0 else -1}
        if m == ATTACK or m == WHIRL:
            w = weapon_of(x, e.param)
            return {"a": "attack", "p": g, "t": e.target, "w": w, "whirl": 1 if m == WHIRL else 0}
        if m == DRAW:  # offered: he carries a weapon
            k = e.param % len(x["kit"])
            return {"a": "sheathe" if x["kit"][k][1] else "draw", "p": g, "k": k}
        if m == PICKUP or m == KICK:  # offered: something lies on the sand
            return {"a": MENU[m], "p": g, "i": e.param % len(s["ground"])}
        if m == DISCARD:
            return {"a": "discard", "p": g, "item": DISCARDABLE[e.param % len(DISCARDABLE)]}
        if m == HAZE or m == GRAPPLE:
            return {"a": MENU[m], "p": g, "t": e.target}
        if m == CUT or m == FEINT or m == END:
            return {"a": MENU[m], "p": g}
        return None

    # --- words, for the virtual box -----------------------------------------

    def describe(self):
        """What to do now, in words (the virtual box prints it; a Pico never loads the words)."""
        from ultimusbox.screens.munera.words import describe

        return describe(self)

    def describe_ring(self, g):
        """(label, words) of wheel g for the virtual box."""
        from ultimusbox.screens.munera.words import describe_ring

        return describe_ring(self, g)
