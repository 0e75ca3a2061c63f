"""The box app on fake drivers: a whole scripted battle, and each part of the flow."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import BARBARUS, DIMACHAERUS, SAGITTARIUS, SCRIPT, TIGRIS, W, new_box, run_line  # noqa: E402
from games.ultimus.content import MAX_HEALTH  # noqa: E402
from games.ultimus.state import ARENA, DEAD, PARDONED  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.journal import FILE  # noqa: E402
from ultimusbox.screens.ultimus.lights import GLADIATOR_COLOURS, GOLD, OFF, RED, WHITE  # noqa: E402
from ultimusbox.sounds import TUNES  # noqa: E402


def ring(fb, g):
    return [fb.leds.pixel(board.ring_pixel(g, i)) for i in range(board.RING_PIXELS)]


def station(fb, k):
    return fb.leds.pixel(board.seat_pixel(k))


def played(fb, tune, since=0):
    """Did the buzzer play this tune (its first note) after `since` ms?"""
    first = TUNES[tune][0][0]
    return any(f == first for t, f in fb.buzzer.tones if t >= since)


def play_until(name):
    fb, box = new_box()
    for line in SCRIPT:
        point = run_line(fb, box, line)
        if point and point[0] == name:
            return fb, box
    raise AssertionError("no checkpoint " + name)


def press(fb, box, button, gap=60):
    run_line(fb, box, ("press", button), gap)


def test_the_scripted_battle_reaches_every_checkpoint_with_the_expected_state():
    fb, box = new_box()
    seen = {}
    for line in SCRIPT:
        if line[0] == "restart":
            fb, box = new_box(fb.storage)
        point = run_line(fb, box, line)
        if point:
            seen[point[0]] = box.shell.game.state if box.shell.game else None
            check = CHECKS.get(str(point[0]))
            if check:
                check(fb, box)
    assert list(seen) == [line[1] for line in SCRIPT if line[0] == "at"]


def _new_game(fb, box):
    assert box.shell.settings == {"stations": [0, 2, 4], "beginner": 0}
    assert [station(fb, k) != OFF for k in range(6)] == [True, False, True, False, True, False]


def _entrance(fb, box):
    s = box.shell.game.state
    assert s["phase"] == "shout"
    for g in range(6):
        lit = [p for p in ring(fb, g) if p == GLADIATOR_COLOURS[g]]
        assert len(lit) == min(MAX_HEALTH[g], 12)  # every wheel full


def _countdown(fb, box):
    assert box.shell.game.state["phase"] == "shout"
    beats = [f for _, f in fb.buzzer.tones if f == TUNES["beat"][0][0]]
    assert len(beats) == 5  # Quinque .. Unus, one a second
    assert all(station(fb, k) == OFF for k in range(6))  # no light betrays a choice


def _clamo(fb, box):
    s = box.shell.game.state
    assert s["phase"] == "action"
    assert s["shout"] == [1, 0, 0]  # station 4 pressed 1 ms after CLAMO: thinking
    assert played(fb, "clamo")


def _wounded(fb, box):
    assert box.shell.game.state["hp"][SAGITTARIUS] == MAX_HEALTH[SAGITTARIUS] - 3
    lit = [p for p in ring(fb, SAGITTARIUS) if p == GLADIATOR_COLOURS[SAGITTARIUS]]
    assert len(lit) == MAX_HEALTH[SAGITTARIUS] - 3


def _refused(fb, box):
    assert box.shell.game.state["hp"][BARBARUS] == MAX_HEALTH[BARBARUS]
    assert played(fb, "error", fb.clock.ms() - 200)


def _pollice_verso(fb, box):
    s = box.shell.game.state
    assert s["pollice_verso"] == [[DIMACHAERUS, 0]] and s["hp"][DIMACHAERUS] == 0
    assert played(fb, "verso", fb.clock.ms() - 200)
    assert set(ring(fb, DIMACHAERUS)) <= {RED, WHITE}
    loudest_station = box.shell.station_of_seat(s["loudest"])
    assert station(fb, loudest_station) in (GOLD, OFF)  # blinking: the loudest decides


def _pardoned(fb, box):
    s = box.shell.game.state
    assert s["status"][DIMACHAERUS] == PARDONED
    r = ring(fb, DIMACHAERUS)
    assert r[0] == r[6] == WHITE and r.count(OFF) == 10  # standing in the middle of his wheel


def _knocked_down(fb, box):
    assert box.shell.game.state["fallen"][TIGRIS] == 1
    half = tuple(c >> 1 for c in GLADIATOR_COLOURS[TIGRIS])
    assert ring(fb, TIGRIS).count(half) >= MAX_HEALTH[TIGRIS] - 1


def _killed(fb, box):
    s = box.shell.game.state
    assert s["status"][1] == DEAD
    r = ring(fb, 1)
    assert r[3] == r[9] == RED and r.count(OFF) == 10  # lying in the middle of his wheel


def _marker(fb, box):
    assert box.shell.game.state["loudest"] == 0


def _battle_end(fb, box):
    s = box.shell.game.state
    assert s["phase"] == "battle_end" and s["winner"] == BARBARUS
    assert [g for g in range(6) if s["status"][g] == ARENA] == [BARBARUS]
    assert played(fb, "fanfare")


def _unsettled(fb, box):
    s = box.shell.game.state
    assert s["phase"] == "battle_end" and sorted(s["paid"]) == [4, 6]
    # thumbs down was refused: the new gold of seats 1 and 2 is still on cards nobody entered
    assert s["unsettled"] == [0, 5, 5]


def _paid(fb, box):
    s = box.shell.game.state
    # Barbarus to win, Tigris to die; Dimachaerus invest, Murmillo to win, Sagittarius to die; Retiarius to
    # die, Tigris invest
    assert sorted(s["paid"]) == [3, 4, 6, 7, 8, 12, 15]
    assert s["unsettled"] == [0, 0, 0]
    # 5 new coins each; seat 0: +8 and +1, seat 1: +2, -3 and +1, seat 2: +2 and -2
    assert s["gold"] == [14, 5, 5]


def _final(fb, box):
    s = box.shell.game.state
    assert s["phase"] == "over" and s["champions"] == [0]
    assert ring(fb, 0).count(GOLD) == min(12, s["gold"][0])


CHECKS = {
    "new game": _new_game,
    "entrance": _entrance,
    "countdown": _countdown,
    "clamo": _clamo,
    "wounded": _wounded,
    "refused bleeding": _refused,
    "pollice verso": _pollice_verso,
    "pardoned": _pardoned,
    "knocked down": _knocked_down,
    "killed": _killed,
    "took the marker": _marker,
    "battle end": _battle_end,
    "unsettled": _unsettled,
    "paid": _paid,
    "final count": _final,
}


from ultimusbox.screens.ultimus.screen import CLAMO_US, LOCK_US, TICK_US  # noqa: E402


def test_a_press_just_before_clamo_counts_and_one_just_after_does_not():
    fb, box = play_until("entrance")
    press(fb, box, board.CONFIRM)  # the loudest spectator starts the countdown
    start = box.shell.screen.entry.countdown_start
    fb.buttons.push(board.SHOUT_0, start + 4999000)
    fb.buttons.push(board.THINK_0 + 2, start + 5000000)
    box.step()
    fb.clock.now = start + CLAMO_US + LOCK_US
    box.step()
    assert box.shell.game.state["shout"] == [1, 0, 0]
    assert list(box.shell.game.log)[-1] == {"a": "clamo"}


def heard(box):
    events = []
    box.shell.listen(events.extend)
    return events


def test_a_press_on_clamos_own_tick_counts_and_one_a_tick_later_is_too_late():
    fb, box = play_until("entrance")
    press(fb, box, board.CONFIRM)  # the countdown starts on a tick of the button timer
    start = box.shell.screen.entry.countdown_start
    events = heard(box)
    fb.buttons.push(board.SHOUT_0, start + CLAMO_US - 400)  # CLAMO's own tick, stamped a little early
    fb.buttons.push(board.SHOUT_0 + 2, start + CLAMO_US + 400)  # the same tick, stamped a little late
    fb.buttons.push(board.SHOUT_0 + 4, start + CLAMO_US + TICK_US - 400)  # the next tick
    box.step()
    fb.clock.now = start + CLAMO_US + LOCK_US
    box.step()
    assert box.shell.game.state["shout"] == [1, 1, 0]
    assert {"e": "too_late", "station": 4} in events and {"e": "too_late", "station": 2} not in events
    late = heard(box)
    fb.buttons.push(board.SHOUT_0 + 2, start + CLAMO_US + 400)  # after the lock: on CLAMO's tick, no complaint
    fb.buttons.push(board.SHOUT_0 + 4, start + CLAMO_US + TICK_US - 400)
    box.step()
    assert {"e": "too_late", "station": 4} in late and {"e": "too_late", "station": 2} not in late


def test_a_press_made_before_clamo_counts_even_when_it_is_handled_after_clamo_sounds():
    fb, box = play_until("entrance")
    press(fb, box, board.CONFIRM)
    start = box.shell.screen.entry.countdown_start
    fb.clock.now = start + CLAMO_US + 20000  # CLAMO has sounded; the press is still in the debounce
    box.step()
    assert box.shell.game.state["phase"] == "shout"
    fb.buttons.push(board.SHOUT_0 + 4, start + CLAMO_US - 3000)
    fb.clock.now = start + CLAMO_US + LOCK_US
    box.step()
    assert box.shell.game.state["shout"] == [0, 0, 1]  # station 4 counted; the others think


def test_a_press_after_clamo_always_says_too_late_even_when_handled_after_the_lock():
    fb, box = play_until("entrance")
    press(fb, box, board.CONFIRM)
    start = box.shell.screen.entry.countdown_start
    fb.clock.now = start + CLAMO_US + LOCK_US
    box.step()
    assert box.shell.game.state["phase"] == "action"
    events = heard(box)
    fb.buttons.push(board.SHOUT_0 + 4, start + CLAMO_US + 1000)
    box.step()
    assert {"e": "too_late", "station": 4} in events
    assert box.shell.game.state["shout"] == [0, 0, 0]


def test_beginners_mode_waits_for_every_seat_without_countdown():
    fb, box = new_box()
    for b in (board.SHOUT_0, board.SHOUT_0 + 1, board.MODE, board.CONFIRM, board.CONFIRM, board.CONFIRM):
        press(fb, box, b)
    assert box.shell.settings["beginner"] == 1
    for g in range(6):
        press(fb, box, W + g)
    press(fb, box, board.CONFIRM)
    run_line(fb, box, ("wait", 8000))
    assert box.shell.phase == "shout" and box.shell.screen.entry.countdown_start is None
    press(fb, box, board.THINK_0)
    press(fb, box, board.SHOUT_0 + 1)
    assert box.shell.phase == "action" and box.shell.game.state["shout"] == [0, 1]


def test_seat_selection_needs_two_players_and_sets_battles():
    fb, box = new_box()
    press(fb, box, board.SHOUT_0 + 3)
    press(fb, box, board.CONFIRM)
    assert box.shell.game is None and played(fb, "error")
    press(fb, box, board.SHOUT_0 + 3)  # leaves again
    assert box.shell.seats.joined == []
    for b in (board.SHOUT_0 + 1, board.THINK_0 + 5, board.PLUS, board.PLUS, board.MINUS, board.CONFIRM):
        press(fb, box, b)
    assert box.shell.settings["stations"] == [1, 5]
    assert box.shell.game.setup["battles"] == 4


def test_a_secret_press_makes_no_light_and_no_sound():
    fb, box = play_until("entrance")
    tones, frame = list(fb.buzzer.tones), fb.leds.frame
    press(fb, box, board.SHOUT_0)
    press(fb, box, board.THINK_0 + 2)
    assert fb.buzzer.tones == tones
    assert fb.leds.frame == frame


def test_a_refused_input_blinks_red_sounds_and_changes_nothing():
    fb, box = play_until("clamo")
    digest = box.shell.game.digest()
    run_line(fb, box, ("wait", 1000))  # the CLAMO tune is over
    since = fb.clock.ms()
    press(fb, box, W + TIGRIS)
    press(fb, box, board.CONFIRM, gap=10)  # nothing entered yet
    assert box.shell.game.digest() == digest
    assert [station(fb, k) for k in (0, 2, 4)] in ([RED] * 3, [OFF] * 3)  # all blink red together
    run_line(fb, box, ("wait", 300))
    assert played(fb, "error", since)


def test_extra_card_lights_the_seat_that_earns_it():
    fb, box = play_until("killed")
    assert station(fb, 4) == (0, 255, 0)  # seat 2 (station 4) killed Sagittarius


def test_the_box_resumes_its_game_after_a_restart():
    fb, box = play_until("pollice verso")
    digest = box.shell.game.digest()
    again_fb, again = new_box(storage=fb.storage)
    assert again.shell.game.digest() == digest
    assert again.shell.game.state["pollice_verso"]
    press(again_fb, again, board.THUMB_UP)
    assert again.shell.game.state["status"][DIMACHAERUS] == PARDONED


def test_a_corrupt_journal_is_never_loaded_as_a_game():
    fb, box = play_until("wounded")
    data = fb.storage.files[FILE]
    fb.storage.files[FILE] = b"garbage" + data[7:]  # the header is broken
    _, again = new_box(storage=fb.storage)
    assert again.shell.game is None and FILE not in fb.storage.files


def test_a_bad_record_in_the_middle_keeps_the_game_up_to_it():
    fb, box = play_until("wounded")
    lines = fb.storage.files[FILE].split(b"\n")
    n = len(lines) - 1
    lines[n // 2] = lines[n // 2][:-3] + b"xyz"
    fb.storage.files[FILE] = b"\n".join(lines)
    _, again = new_box(storage=fb.storage)
    assert len(again.shell.game.log) == n // 2 - 1
    assert again.shell.game.log is again.shell.journal
    assert fb.storage.files[FILE].count(b"\n") == n // 2  # rewritten without the bad tail


def test_the_main_loop_feeds_the_watchdog():
    fb, box = play_until("new game")
    feeds = fb.watchdog.feeds
    run_line(fb, box, ("wait", 100))
    assert fb.watchdog.feeds > feeds


def test_the_final_count_then_confirm_returns_to_seat_selection():
    fb, box = play_until("final count")
    press(fb, box, board.CONFIRM)
    assert box.shell.phase == "seats" and FILE not in fb.storage.files


def test_the_self_test_lights_every_pixel_and_echoes_every_button():
    fb, box = new_box()
    box.shell.set_selftest(True)
    colours = set()
    for colour_ms in (0, 1000, 2000, 3000):
        fb.clock.now = 10000000 + colour_ms * 1000
        box.draw(fb.clock.ms())
        assert len({fb.leds.pixel(i) for i in range(board.PIXELS)}) == 1  # every pixel alike
        colours.add(fb.leds.pixel(0))
    assert WHITE in colours and len(colours) == 4  # the worst frame is part of the test
    echoed = []
    box.shell.listen(lambda es: echoed.extend(e for e in es if e["e"] == "selftest_button"))
    for b in range(len(board.BUTTONS)):
        press(fb, box, b, gap=10)
    assert [e["b"] for e in echoed] == list(range(24))
    assert echoed[23]["gpio"] == board.BUTTONS[23][1]
    assert box.shell.game is None  # nothing of a game happened
