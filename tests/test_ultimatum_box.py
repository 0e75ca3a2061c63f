"""Ultimatum on the box: whole games pressed on the buttons (sensible bots choose, a person's presses
enter), every kind of action entered on the buttons, the map on the lights, the sounds, refusals that
change nothing, and power cuts at every journal write."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import new_box, run_line  # noqa: E402
from games.ultimatum import randomplay, rules  # noqa: E402
from games.ultimatum.content import ALLIANCE_SIZES, N_NATIONS  # noqa: E402
from referee.engine import replay  # noqa: E402
from referee.rng import Rng  # noqa: E402
from ultimatum_box_script import SEED, STATIONS, enter, join, next_press, record  # noqa: E402
from ultimus_host.fakes import FakeStorage, PowerCut  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.screens.ultimatum.entry import FIRST_OF  # noqa: E402
from ultimusbox.screens.ultimatum.lights import GOLD, OFF, RED, SEA_BLUE, STATION_COLOURS, WHITE  # noqa: E402

W = board.WHEEL_0
SETUP_ACTIONS = 2 + N_NATIONS + 14  # two roll-offs, 37 nations, 14 fleets


def ring(fb, g):
    return [fb.leds.pixel(board.ring_pixel(g, i)) for i in range(board.RING_PIXELS)]


def station(fb, k):
    return fb.leds.pixel(board.seat_pixel(k))


def blinking(fb, box, pixel):
    seen = set()
    for _ in range(5):
        run_line(fb, box, ("wait", 250))
        seen.add(fb.leds.pixel(pixel))
    return seen


def events_of(box):
    seen = []
    box.shell.listen(lambda events: seen.extend(events))
    return seen


def test_a_whole_game_pressed_on_the_buttons_from_the_game_menu_to_the_winner():
    script, box, fb = record(new_box, run_line)
    shell = box.shell
    s = shell.game.state
    actions = list(shell.journal)
    assert shell.playing == "ultimatum" and shell.phase == "over" and s["winner"] >= 0
    assert len(actions) > SETUP_ACTIONS + 20 and len(script) > 3 * len(actions)
    assert replay(rules.RULES, shell.game.setup, actions).digest() == shell.game.digest()
    names = {a["a"] for a in actions}
    assert {"roll_off", "take", "fleet", "buy", "war", "attack", "blitz", "occupy", "end"} <= names
    winner_station = STATIONS[s["winner"]]
    assert blinking(fb, box, board.seat_pixel(winner_station)) == {GOLD, OFF}
    assert "station %d wins" % (winner_station + 1) in shell.screen.describe()
    run_line(fb, box, ("wait", 1000))  # the last dice are gone
    for n in range(N_NATIONS):  # the map: each nation in its holder's colour
        a = 0 if n < 11 else 1 if n < 21 else 2 if n < 31 else 3
        assert ring(fb, a)[n - FIRST_OF[a]] == STATION_COLOURS[STATIONS[s["owner"][n]]]
    # the same presses on a new box give the same game, press for press
    fb2, box2 = new_box(seed=SEED)
    for line in script:
        run_line(fb2, box2, line)
    assert box2.shell.game.digest() == shell.game.digest()
    run_line(fb, box, ("press", board.CONFIRM))
    assert shell.game is None and shell.phase == "seats"


def test_every_kind_of_action_of_random_games_can_be_entered_on_the_buttons():
    seen = set()
    for seed in (1, 2, 3):
        fb, box = new_box(seed=seed)
        for line in join((1, 3, 5) if seed == 2 else (0, 1, 2, 3)):
            run_line(fb, box, line)
        shell = box.shell
        rng = Rng(seed)
        for _ in range(500):
            if shell.game.phase == "over":
                break
            action = randomplay.choose_action(shell.game, rng)
            assert action is not None
            assert enter(fb, box, action, run_line, limit=400), action
            assert list(shell.journal)[-1] == action
            assert "[" in shell.screen.describe()  # the what-now line names its keys
            seen.add(action["a"])
    assert {"take", "fleet", "buy", "war", "attack", "roll", "blitz", "stop", "occupy", "sail", "end"} <= seen, seen
    assert {"commando", "airlift", "bomber"} & seen and {"fire"} & seen, seen


def test_the_map_on_the_rings_and_an_attack_entered_on_the_wheels():
    _, box, fb = record(new_box, run_line, limit=SETUP_ACTIONS)
    shell, screen = box.shell, box.shell.screen
    s = shell.game.state
    assert shell.phase == "buy" and s["attack_order"][0] == s["active"]
    for a in range(4):
        for i in range(ALLIANCE_SIZES[a]):
            assert ring(fb, a)[i] == STATION_COLOURS[STATIONS[s["owner"][FIRST_OF[a] + i]]]
    for b in range(14):  # the 14 blockades, each with its two battleships in its holder's colour
        pixel = ring(fb, 4)[b] if b < 12 else ring(fb, 5)[b - 12]
        assert pixel == STATION_COLOURS[STATIONS[s["sea"][b]]]
    assert ring(fb, 5)[2:11] == [OFF] * 9  # the anchors: nobody there
    run_line(fb, box, ("press", board.MODE))  # buy -> war: done buying
    assert screen.entry.name == "war"
    run_line(fb, box, ("press", board.CONFIRM))
    assert shell.phase == "war" and screen.entry.name == "attack"
    me = s["active"]
    src = [n for n in range(N_NATIONS) if s["owner"][n] == me][0]
    dst = [n for n in range(N_NATIONS) if s["owner"][n] not in (me, -1)][-1]
    action = {"a": "attack", "p": me, "from": src, "to": dst}
    while screen.entry.field == 0:
        run_line(fb, box, ("press", next_press(screen, action)))
    a, i = (0, src) if src < 11 else (1, src - 11) if src < 21 else (2, src - 21) if src < 31 else (3, src - 31)
    assert ring(fb, a)[i] == WHITE  # "from" entered: steady white; "to" is next
    assert "> to: ? <" in screen.describe() and "wheels [a s d f]" in screen.describe()
    events = events_of(box)
    assert enter(fb, box, action, run_line)
    assert shell.phase == "battle" and screen.entry.name == "blitz"
    assert "BATTLE: station" in screen.describe()
    run_line(fb, box, ("press", board.MODE))  # blitz -> roll: one exchange
    assert screen.entry.name == "roll"
    run_line(fb, box, ("press", board.CONFIRM))
    rolls = [e for e in events if e["e"] == "roll" and e["why"] in ("attack", "defend")]
    assert len(rolls) == 2
    a_dst = 0 if dst < 11 else 1 if dst < 21 else 2 if dst < 31 else 3
    lit = ring(fb, a_dst)
    assert WHITE in lit[:6] and (255, 150, 0) in lit[6:]  # the two dice as pips: attacker white, defender amber
    from ultimusbox.sounds import TUNES

    assert TUNES["rattle"][0][0] in [f for _, f in fb.buzzer.tones]
    if shell.phase == "battle":
        run_line(fb, box, ("wait", 2000))
        assert blinking(fb, box, board.ring_pixel(a_dst, dst - FIRST_OF[a_dst])) >= {RED}  # fought over


def test_refused_on_the_buttons_with_a_stable_code_and_nothing_changed():
    _, box, fb = record(new_box, run_line, limit=SETUP_ACTIONS)
    shell = box.shell
    s = shell.game.state
    me = s["active"]
    events = events_of(box)
    mine = [n for n in range(N_NATIONS) if s["owner"][n] == me]
    theirs = [n for n in range(N_NATIONS) if s["owner"][n] not in (me, -1)]

    def refused(action, code):
        digest, count = shell.game.digest(), len(list(shell.journal))
        del events[:]
        assert not enter(fb, box, action, run_line)
        assert [e["code"] for e in events if e["e"] == "refused"][-1] == code
        assert shell.game.digest() == digest and len(list(shell.journal)) == count
        run_line(fb, box, ("wait", 700))
        run_line(fb, box, ("press", board.THUMB_DOWN))  # back a field: the entry can be changed

    money = s["purses"]["savings"][me]
    refused({"a": "buy", "p": me, "kind": "troop", "at": mine[0], "n": money + 1}, "no_money")
    refused({"a": "buy", "p": me, "kind": "laser", "n": 1}, "no_alliance")
    refused({"a": "buy", "p": me, "kind": "troop", "at": theirs[0], "n": 1}, "not_yours")
    refused({"a": "buy", "p": me, "kind": "ship", "at": 14, "n": 1}, "not_blockade")
    assert enter(fb, box, {"a": "war", "p": me}, run_line)
    s["troops"][mine[0]] = 2  # the given: a nation down to two troops
    refused({"a": "attack", "p": me, "from": mine[0], "to": theirs[0]}, "too_few_troops")
    refused({"a": "attack", "p": me, "from": mine[1], "to": mine[2]}, "not_opponent")
    # a seat with nothing to play cannot take the buttons
    other = [p for p in range(len(STATIONS)) if p != me][0]
    del events[:]
    run_line(fb, box, ("press", board.THINK_0 + STATIONS[other]))
    assert [e["code"] for e in events if e["e"] == "refused"] == ["nothing_to_play"]


def _at_war_with_a_front():
    """A box past the set-up, the active seat at war: (box, fb, that seat, a nation of his, a nation of
    another seat's)."""
    _, box, fb = record(new_box, run_line, limit=SETUP_ACTIONS)
    s = box.shell.game.state
    me = s["active"]
    enter(fb, box, {"a": "war", "p": me}, run_line)
    src = [n for n in range(N_NATIONS) if s["owner"][n] == me][0]
    dst = [n for n in range(N_NATIONS) if s["owner"][n] not in (me, -1)][0]
    return box, fb, me, src, dst


def test_a_defender_takes_the_buttons_with_think_and_lays_a_minefield():
    box, fb, me, src, dst = _at_war_with_a_front()
    shell, screen = box.shell, box.shell.screen
    s = shell.game.state
    s["troops"][src] = 12
    assert enter(fb, box, {"a": "attack", "p": me, "from": src, "to": dst}, run_line)
    defender = s["owner"][dst]
    s["cards"][defender] = 1  # the given: the defender holds a card
    assert "THINK [%s] at station %d: minefield" % ("qwerty"[STATIONS[defender]], STATIONS[defender] + 1) in (
        screen.describe()
    )
    run_line(fb, box, ("press", board.THINK_0 + STATIONS[defender]))
    assert screen.seat() == defender and screen.entry.name == "minefield"
    run_line(fb, box, ("press", board.CONFIRM))
    assert list(shell.journal)[-1] == {"a": "minefield", "p": defender}
    assert s["troops"][src] == 7 and screen.seat() == me


def test_a_defender_under_attack_launches_a_laser_at_the_attacker_on_the_buttons():
    """Laser Regulations 3 on the box: the defender's station is offered a laser during the attack."""
    box, fb, me, src, dst = _at_war_with_a_front()
    shell, screen = box.shell, box.shell.screen
    s = shell.game.state
    s["troops"][src] = 30
    defender = s["owner"][dst]
    s["lasers"][defender] = 1  # the given: the defender bought a laser earlier
    assert "laser" not in screen.menu(defender)  # not his turn, not under attack: nothing to launch
    assert enter(fb, box, {"a": "attack", "p": me, "from": src, "to": dst}, run_line)
    assert "THINK [%s] at station %d: laser" % ("qwerty"[STATIONS[defender]], STATIONS[defender] + 1) in (
        screen.describe()
    )
    assert enter(fb, box, {"a": "laser", "p": defender, "n": src}, run_line)
    assert s["lasers"][defender] == 0 and s["troops"][src] < 30
    assert list(shell.journal)[-1] == {"a": "laser", "p": defender, "n": src} and screen.seat() == me


def test_the_sail_entry_offers_the_vessels_that_may_still_make_the_move():
    """Battleship Regulations 3 and 4 on the box: the number of battleships the sail entry starts at
    is those that may still move, and none from a blockade to a blockade (submarines: all)."""
    box, fb, me, _, _ = _at_war_with_a_front()
    shell, screen = box.shell, box.shell.screen
    s = shell.game.state
    home = s["sea"].index(me)
    s["ships"][home], s["subs"][home] = 5, 2
    s["moved_ships"][home] = 2  # the given: two of them were bought this turn
    action = {"a": "sail", "p": me, "from": home, "to": 14, "ships": 3, "subs": 1}
    while screen.entry.name != "sail" or screen.entry.field < 2:
        run_line(fb, box, ("press", next_press(screen, action)))
    assert screen.entry.vals[2] == 3  # 5 battleships, 2 of them new: 3 may sail to the anchor
    assert "2 and 0 moved or new this turn" in screen.describe()
    assert enter(fb, box, action, run_line)
    other = [b for b in range(14) if b != home][0]
    action = {"a": "sail", "p": me, "from": home, "to": other, "ships": 0, "subs": 1}
    while screen.entry.name != "sail" or screen.entry.field < 2:
        run_line(fb, box, ("press", next_press(screen, action)))
    assert screen.entry.vals[2] == 0  # blockade to blockade: no battleship
    run_line(fb, box, ("press", board.CONFIRM))
    assert screen.entry.vals[3] == 1  # the submarine may go anywhere


# --- power cuts ----------------------------------------------------------------


class RecordingStorage(FakeStorage):
    def __init__(self):
        FakeStorage.__init__(self)
        self.spans = []

    def _write(self, name, data, append):
        start = self.writes
        FakeStorage._write(self, name, data, append)
        if ".tok" not in name:  # the game's tokens beside the journal (and their temporary file): no record
            self.spans.append((start, len(data)))


CUT_ACTIONS = SETUP_ACTIONS + 25  # the set-up, then the first turns: buying, attacks, conquests


def _play(storage, script):
    fb, box = new_box(storage, SEED)
    for line in script:
        run_line(fb, box, line)
    return box


def test_a_power_cut_at_every_journal_write_of_a_scripted_game_resumes_with_nothing_lost():
    script, box, _ = record(new_box, run_line, limit=CUT_ACTIONS)
    storage = RecordingStorage()
    box = _play(storage, script)
    setup, actions = box.shell.game.setup, list(box.shell.journal)
    assert len(actions) == CUT_ACTIONS and {"attack", "occupy", "end"} <= {a["a"] for a in actions}
    spans = [sp for sp in storage.spans if sp[1] > 0]
    game_spans = spans[-(len(actions) + 1) :]
    header_end = game_spans[0][0] + game_spans[0][1]
    ends = [start + length for start, length in game_spans[1:]]
    points = set()
    for start, length in game_spans:
        for offset in (0, 1, length // 2, length):
            points.add(start + offset)
    checked = 0
    for budget in sorted(points):
        if budget >= ends[-1]:
            continue
        cut = FakeStorage()
        cut.cut_after(budget)
        try:
            _play(cut, script)
        except PowerCut:
            pass
        else:
            raise AssertionError("the power cut never came")
        cut.power_on()
        again = new_box(cut, SEED)[1]
        if budget < header_end:
            assert again.shell.game is None
            continue
        accepted = sum(1 for end in ends if end <= budget)
        assert list(again.shell.journal) == actions[:accepted], budget
        assert again.shell.playing == "ultimatum" and again.shell.screen.NAME == "ultimatum"
        assert again.shell.game.digest() == replay(rules.RULES, setup, actions[:accepted]).digest()
        again.shell.apply(actions[accepted])  # and the game goes on
        assert list(new_box(cut, SEED)[1].shell.journal) == actions[: accepted + 1]
        checked += 1
    assert checked > 200


def test_the_link_starts_an_ultimatum_game_and_the_screen_follows():
    import json

    fb, box = new_box(seed=5)

    def call(**request):
        fb.serial.feed_in(json.dumps(request).encode() + b"\n")
        box.step()
        return [json.loads(line) for line in fb.serial.take_lines() if b'"ev"' not in line][-1]

    bad = call(id=1, op="new_game", game="ultimatum", players=7, seed=3)
    assert bad["error"]["code"] == "bad_setup"
    started = call(id=2, op="new_game", game="ultimatum", players=2, seed=3, stations=[1, 4])
    assert started["ok"] and started["playing"] == "ultimatum" and box.shell.screen.NAME == "ultimatum"
    assert call(id=3, op="apply", action={"a": "roll_off", "dice": [[28, 4]]})["ok"]
    assert box.shell.game.state["phase"] == "nations" and box.shell.screen.seat() == 0
    assert box.shell.screen.entry.name == "take"
    fb.clock.advance_ms(300)
    box.step()
    assert ring(fb, 4)[0] == SEA_BLUE  # blockade 1: vacant


# --- MicroPython -------------------------------------------------------------------


def test_a_whole_game_on_the_box_under_micropython_loads_only_ultimatum_and_a_frame_allocates_nothing(tmp_path):
    import subprocess

    from ultimatum_box_heap import plan

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, os.path.join(root, "tools"))
    from compile_firmware import compile_all
    from mprun import node_command

    compiled = str(tmp_path / "mpy")
    compile_all(compiled)
    presses = tmp_path / "presses.txt"
    presses.write_text(plan())
    done = subprocess.run(
        node_command("ultimatum_box_heap.py", ["run"], compiled, str(presses)),
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    fields = dict(part.split("=") for part in done.stdout.splitlines()[-1].split()[1:])
    _, box, _ = record(new_box, run_line)
    assert fields["digest"] == box.shell.game.digest() and int(fields["actions"]) == len(list(box.shell.journal))
    assert fields["others"] == "0"  # no module of ULTIMUS or Morituri was imported
    assert fields["frame"] == "0"  # drawing the map, the entry and the dice allocates nothing
    # code from .mpy, the fakes and the game: 139.1 KB measured, of which edition 2's rules (the navy's limits,
    # the defender's laser, the reinforcement and intelligence cards, the embargo money) are about 5.8 KB of
    # bytecode; every handler is loaded at the game's start (referee.engine.preload). Issue 21's contract
    # added 1.5-2 KB (145,744 bytes measured): the fields every action declares (Ultimatum declared none, and
    # took any) and each flow entry a move() of six slots, two 16-byte blocks where (who, handler) took one
    assert int(fields["peak"]) < 143 * 1024
