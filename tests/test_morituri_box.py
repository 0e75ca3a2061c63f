"""Morituri on the box: a scripted game pressed on the buttons from the game menu to the winner, its
lights at checkpoints, its set-up on the seat selection, refusals, and power cuts at every journal write."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import new_box, run_line  # noqa: E402
from games.morituri import rules  # noqa: E402
from morituri_box_script import SCRIPT, SEED, W, press  # noqa: E402
from referee.engine import replay  # noqa: E402
from ultimus_host.fakes import FakeStorage, PowerCut  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.screens.morituri.lights import (  # noqa: E402
    AMBER,
    CLASS_COLOURS,
    GOLD,
    LOST,
    MENU_COLOURS,
    OFF,
    RED,
    STATION_COLOURS,
    WHITE,
)

HEAVY_BLUE, ANIMAL_ORANGE = CLASS_COLOURS[0], CLASS_COLOURS[2]


def ring(fb, g):
    return [fb.leds.pixel(board.ring_pixel(g, i)) for i in range(board.RING_PIXELS)]


def station(fb, k):
    return fb.leds.pixel(board.seat_pixel(k))


def blinking(fb, box, pixel):
    """The pixel's colours over one second (the box blinks every 250 ms)."""
    seen = set()
    for _ in range(5):
        run_line(fb, box, ("wait", 250))
        seen.add(fb.leds.pixel(pixel))
    return seen


def checkpoints():
    """Run the script; yield (name, fake board, box) at each checkpoint."""
    fb, box = new_box(seed=SEED)
    for line in SCRIPT:
        point = run_line(fb, box, line)
        if point:
            yield point[0], fb, box


def test_a_scripted_game_from_the_game_menu_to_the_winner_shows_each_step_on_the_lights():
    seen = []
    for name, fb, box in checkpoints():
        seen.append(name)
        s = box.shell.game.state if box.shell.game else None
        _before_the_blows(name, fb, box, s)
        _the_blows_and_after(name, fb, box, s)
    assert seen[-1] == "seat selection" and len(seen) == 19


def _before_the_blows(name, fb, box, s):
    """The checkpoints of the seat selection, the initiative, the movement and the first pair."""
    shell = box.shell
    if name == "seats":  # wheel 2 chose Morituri; station 0 brings a heavy, station 3 (mode twice) an animal
        assert shell.chosen == "morituri"
        assert ring(fb, 1)[0] == WHITE and ring(fb, 1)[1] == OFF  # one figure per station
        assert station(fb, 0) == HEAVY_BLUE
        assert blinking(fb, box, board.seat_pixel(3)) == {ANIMAL_ORANGE, OFF}  # the last to join: mode is his
    elif name == "initiative":
        assert shell.game.setup["figures"] == [["heavy"], ["animal"]]
        assert ring(fb, 0)[:3] == [HEAVY_BLUE] * 3 and ring(fb, 1)[:3] == [ANIMAL_ORANGE] * 3
        assert ring(fb, 0)[6] == STATION_COLOURS[0] and ring(fb, 1)[6] == STATION_COLOURS[3]  # the owners
        assert blinking(fb, box, board.seat_pixel(0)) == {WHITE, OFF}  # everyone rolls: confirm
    elif name == "movement":
        assert s["caesar"] == 0 and station(fb, 0) == GOLD and station(fb, 3) == STATION_COLOURS[3]
        assert blinking(fb, box, board.ring_pixel(0, 11)) == {WHITE, OFF}  # Caesar may call him
    elif name == "pair picked":
        assert ring(fb, 0)[11] == WHITE and ring(fb, 1)[11] == AMBER  # who acts, his target
        assert station(fb, 0) == MENU_COLOURS[1]  # Caesar's light: the target's menu, moved to contact (+1)
        assert ring(fb, 1)[9] == MENU_COLOURS[1]


def _the_blows_and_after(name, fb, box, s):
    """The checkpoints of the melee, the crowd, Caesar's thumb and the end."""
    shell = box.shell
    if name == "dice spinning":
        lit = [p for p in ring(fb, 0) if p != OFF]
        assert lit == [WHITE]  # one spinning pixel on the ring of the one who acts
    elif name == "first exchange":
        assert ring(fb, 0)[:3] == [HEAVY_BLUE, HEAVY_BLUE, LOST]  # the heavy lost 1 HP
        last = list(shell.journal)[-1]
        assert last["a"] == "melee" and last["fm"] == 0 and last["tm"] == 1
    elif name == "end armed":
        assert s["phase"] == "melee" and blinking(fb, box, board.seat_pixel(0)) == {WHITE, OFF}
    elif name == "heavy falls":
        assert ring(fb, 0)[3] in (HEAVY_BLUE, OFF) and 0 in s["waiting"]  # lying, blinking
        assert blinking(fb, box, board.ring_pixel(0, 3)) == {HEAVY_BLUE, OFF}
        assert ring(fb, 1)[:3] == [ANIMAL_ORANGE, LOST, LOST]
    elif name == "crowd kills":
        assert s["crowd"][0]["data"] == [0, 0]
        assert blinking(fb, box, board.ring_pixel(0, 0)) == {RED, WHITE}  # the crowd wants him dead
        assert blinking(fb, box, board.seat_pixel(3)) == {GOLD, OFF}  # Caesar: the thumb
    elif name == "overridden":  # Caesar (station 3) spared him against the crowd
        assert s["barred"] == [0, 1] and station(fb, 3) == RED
        assert ring(fb, 0)[3] == HEAVY_BLUE and ring(fb, 0)[9] == HEAVY_BLUE and ring(fb, 0)[0] == OFF
    elif name == "resting":
        assert s["caesar"] == 0  # station 3 sat this initiative out
    elif name == "stood up":
        assert ring(fb, 0)[:3] == [HEAVY_BLUE, LOST, LOST]
    elif name == "over":
        assert s["winner"] == 0 and "down" in shell.screen.describe_ring(0)[1]  # he fell too: lying, still in
        assert ring(fb, 1)[3] == RED and ring(fb, 1)[9] == RED  # the animal is removed
        assert blinking(fb, box, board.seat_pixel(0)) == {GOLD, OFF}
        assert GOLD in ring(fb, 0)
    elif name == "seat selection":
        assert shell.game is None and shell.phase == "seats"


def test_sounds_of_the_crowd_and_the_winner():
    from ultimusbox.sounds import TUNES

    names = {}
    for name, fb, _box in checkpoints():
        names[name] = [f for _, f in fb.buzzer.tones]
    assert TUNES["rattle"][0][0] in names["first exchange"]  # the dice roll
    assert TUNES["verso"][0][0] in names["crowd kills"]  # Caesar, your thumb
    assert TUNES["pardon"][0][0] in names["overridden"]
    assert TUNES["fanfare"][-1][0] in names["over"]


def test_figures_per_station_and_classes_on_the_seat_selection():
    fb, box = new_box(seed=5)
    for line in press(W + 1, board.SHOUT_0 + 1, board.MODE, board.SHOUT_0 + 4, board.PLUS, board.PLUS, board.PLUS):
        run_line(fb, box, line)
    assert ring(fb, 1)[:4] == [WHITE, WHITE, WHITE, OFF]  # three each, the most
    run_line(fb, box, ("press", board.CONFIRM))
    assert box.shell.game.setup["figures"] == [["light"] * 3, ["heavy"] * 3]
    assert box.shell.settings["stations"] == [1, 4]
    assert [box.shell.screen.describe_ring(g)[0] for g in range(6)] == [
        "light 1",
        "light 2",
        "light 3",
        "heavy 4",
        "heavy 5",
        "heavy 6",
    ]


def test_a_wheel_without_a_figure_is_refused_with_a_red_blink_and_changes_nothing():
    fb, box = new_box(seed=5)
    for line in press(W + 1, board.SHOUT_0, board.SHOUT_0 + 2, board.SHOUT_0 + 4, board.CONFIRM):
        run_line(fb, box, line)
    assert box.shell.game is not None and box.shell.game.setup["figures"] == [["heavy"]] * 3
    run_line(fb, box, ("press", board.CONFIRM))  # the initiative
    digest = box.shell.game.digest()
    run_line(fb, box, ("press", W + 5))  # wheel 6 has no figure
    assert box.shell.flashing("error", fb.clock.ms())
    assert box.shell.game.digest() == digest and len(list(box.shell.journal)) == 1


def test_with_three_stations_and_two_figures_each_the_setup_is_refused():
    fb, box = new_box(seed=5)
    for line in press(W + 1, board.SHOUT_0, board.SHOUT_0 + 2, board.SHOUT_0 + 4, board.PLUS, board.PLUS):
        run_line(fb, box, line)
    run_line(fb, box, ("press", board.CONFIRM))
    assert box.shell.game is None and box.shell.flashing("error", fb.clock.ms())


# --- power cuts ----------------------------------------------------------------


class RecordingStorage(FakeStorage):
    """Remembers where each write starts and how long it is."""

    def __init__(self):
        FakeStorage.__init__(self)
        self.spans = []

    def _write(self, name, data, append):
        start = self.writes
        FakeStorage._write(self, name, data, append)
        if ".tok" not in name:  # the game's tokens beside the journal (and their temporary file): no record
            self.spans.append((start, len(data)))


UNTIL_OVER = SCRIPT[: SCRIPT.index(("at", "over"))]  # the journal still holds the game


def _play(storage):
    fb, box = new_box(storage, SEED)
    for line in UNTIL_OVER:
        run_line(fb, box, line)
    return box


def test_a_power_cut_at_every_journal_write_resumes_with_nothing_lost():
    storage = RecordingStorage()
    box = _play(storage)
    setup, actions = box.shell.game.setup, list(box.shell.journal)
    assert box.shell.game.phase == "over" and len(actions) > 30
    spans = [sp for sp in storage.spans if sp[1] > 0]
    game_spans = spans[-(len(actions) + 1) :]  # the header, then one record per action
    header_end = game_spans[0][0] + game_spans[0][1]
    ends = [start + length for start, length in game_spans[1:]]
    points = set()
    for start, length in game_spans:
        for offset in (0, 1, length // 2, length - 1, length):
            points.add(start + offset)
    checked = 0
    for budget in sorted(points):
        if budget >= ends[-1]:
            continue
        cut = FakeStorage()
        cut.cut_after(budget)
        try:
            _play(cut)
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
        assert again.shell.playing == "morituri" and again.shell.screen.NAME == "morituri"
        assert again.shell.game.digest() == replay(rules.RULES, setup, actions[:accepted]).digest()
        again.shell.apply(actions[accepted])  # and the game goes on
        assert list(new_box(cut, SEED)[1].shell.journal) == actions[: accepted + 1]
        checked += 1
    assert checked > 100


# --- MicroPython -------------------------------------------------------------------


def test_the_scripted_game_gives_the_same_checkpoints_under_micropython_and_a_frame_allocates_nothing():
    import subprocess

    from morituri_box_run import checkpoints

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    from mprun import node_command

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run(
        node_command("morituri_box_run.py", ["run"]), cwd=root, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    expected = checkpoints()
    assert len(lines) == len(expected) == 19
    assert [line.rsplit(" ", 1)[0] for line in lines] == [line.rsplit(" ", 1)[0] for line in expected]
    assert [line for line in lines if not line.endswith(" 0")] == []  # dice spinning included


def test_the_link_starts_a_morituri_game_with_its_figures_and_its_screen_plays_on():
    import json

    fb, box = new_box(seed=5)

    def call(**request):
        fb.serial.feed_in(json.dumps(request).encode() + b"\n")
        box.step()
        return [json.loads(line) for line in fb.serial.take_lines() if b'"ev"' not in line][-1]

    bad = call(id=1, op="new_game", game="morituri", players=2, seed=3, figures=[["heavy"], ["dragon"]])
    assert bad["error"]["code"] == "bad_setup" and "dragon" in bad["error"]["message"]
    started = call(
        id=2,
        op="new_game",
        game="morituri",
        players=2,
        seed=3,
        figures=[["rhino"], ["light", "light"]],
        stations=[1, 4],
    )
    assert started["ok"] and started["playing"] == "morituri" and box.shell.screen.NAME == "morituri"
    assert call(id=3, op="apply", action={"a": "initiative", "dice": [[[6, 6], [1, 1]]]})["ok"]
    assert box.shell.game.state["caesar"] == 0
    fb.clock.advance_ms(300)
    box.step()
    assert station(fb, 1) == GOLD and ring(fb, 0)[:3] == [CLASS_COLOURS[3]] * 3  # a rhino, Caesar's


def test_the_appeal_die_may_be_rolled_on_the_table_and_entered_with_plus_and_minus():
    for name, fb, box in checkpoints():
        if name != "implore":
            continue
        for b in (board.PLUS,) * 7 + (board.MINUS,):  # up to 6 at most, then one less
            run_line(fb, box, ("press", b))
        assert box.shell.screen.entry.table_die == 5
        assert ring(fb, 0)[:5] == [WHITE] * 5  # the die's pips on the wheel of the one who implores
        assert "the table's die: 5" in box.shell.screen.describe()
        run_line(fb, box, ("press", board.CONFIRM))
        last = list(box.shell.journal)[-1]
        assert last == {"a": "implore", "p": 1, "f": 0, "dice": [5]}
        assert box.shell.game.state["crowd"][0]["data"] == [0, 1]  # 5 on a first appeal: the crowd spares
        return
    raise AssertionError("no implore checkpoint")


def test_the_heap_of_the_box_with_morituri_loaded_under_micropython(tmp_path):
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, os.path.join(root, "tools"))
    from compile_firmware import compile_all
    from mprun import node_command

    compiled = str(tmp_path / "mpy")
    compile_all(compiled)
    done = subprocess.run(
        node_command("morituri_box_heap.py", ["run"], compiled), cwd=root, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    fields = dict(part.split("=") for part in done.stdout.splitlines()[-1].split()[1:])
    fb, box = new_box(seed=SEED)
    for line in SCRIPT[: SCRIPT.index(("at", "over"))]:
        run_line(fb, box, line)
    assert fields["digest"] == box.shell.game.digest() and int(fields["actions"]) == len(list(box.shell.journal))
    assert int(fields["app"]) < 48 * 1024  # the game's state, journal and rules code, measured at 36 KB
    assert int(fields["peak"]) < 128 * 1024  # with the fakes and the script: 116 KB measured


def test_picking_a_pair_a_side_and_another_target_on_the_wheels():
    fb, box = new_box(seed=5)
    for line in press(W + 1, board.SHOUT_0, board.SHOUT_0 + 3, board.PLUS, board.CONFIRM, board.CONFIRM, board.CONFIRM):
        run_line(fb, box, line)  # two figures each; the initiative; everyone moves
    e, shell = box.shell.screen.entry, box.shell
    assert shell.phase == "melee"
    for line in press(W + 0, board.MODE, W + 2, board.MODE, board.MODE, board.MODE):
        run_line(fb, box, line)
    assert (e.fighter, e.target, e.side, e.menu) == (0, 2, 1, [1, 3])  # contact; attacked from the back
    run_line(fb, box, ("press", W + 3))  # another target: his menu starts at none
    assert (e.target, e.side, e.menu) == (3, 1, [1, 0])
    run_line(fb, box, ("press", W + 0))  # the fighter's wheel again: mode sets his side
    assert e.side == 0
    run_line(fb, box, ("press", W + 0))  # and once more: let go of the pair
    assert (e.fighter, e.target) == (-1, -1)
    run_line(fb, box, ("press", W + 1))
    run_line(fb, box, ("press", W + 0))  # two figures of station 0: refused on confirm, nothing changed
    digest = shell.game.digest()
    run_line(fb, box, ("press", board.CONFIRM))
    assert shell.flashing("error", fb.clock.ms()) and shell.game.digest() == digest


def test_a_fallen_gladiator_picked_on_his_wheel_may_waive_his_appeal_with_thumbs_down():
    for name, fb, box in checkpoints():
        if name != "implore":
            continue
        s = box.shell.game.state
        f = s["waiting"][0]
        run_line(fb, box, ("press", board.THUMB_DOWN))  # nobody picked: thumbs down does nothing
        assert s["waiting"] == [f] + s["waiting"][1:] and list(box.shell.journal)[-1]["a"] != "waive"
        run_line(fb, box, ("press", board.WHEEL_0 + f))  # figure f is on wheel f
        assert "does not implore (he dies)" in box.shell.screen.describe()
        run_line(fb, box, ("press", board.THUMB_DOWN))
        assert list(box.shell.journal)[-1] == {"a": "waive", "p": s["caesar"], "f": f}
        assert f not in s["waiting"]
        return
    raise AssertionError("no implore checkpoint")
