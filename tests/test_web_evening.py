"""A whole evening of each game of the registry, played from phones in headless Chromium (Selenium), as a table
would: the referee's page on the screen beside the box, two phones that take their seats by pressing their
station's SHOUT, the whole game played to its end through the pages' own buttons (each seat's choice made by the
game's bot, `bot=` in its HostGame, else at random, and clicked on that seat's phone; the referee's on the
referee's page; the box's CONFIRM there when nothing else is listed), the box's countdown seen on the phones as
on the table, a phone reloaded mid-decision, the server stopped and started again in the middle of the game, a
damaged journal told on every page, and a second game started deliberately with the first kept aside and
replayable (`ultimus replay` on the kept file).
UPDATE_SCREENSHOTS=1 writes the README's pictures (docs/img/serve-*.png) at ULTIMUS's countdown;
UPDATE_SCREENSHOTS=DIR writes them and a picture of each game's phone into DIR instead, to look at them.

The evenings share three browsers (a Chromium starts in about a second); each has its own server and folder.
Without chromium and chromedriver the tests are skipped (counted as not run): .ci/run installs them.
"""

import os
import subprocess
import sys
import time

import pytest

from referee.rng import Rng
from test_web_browser import NEEDS_CHROMIUM, Browser
from ultimus_host import registry
from ultimus_host.loop import default_referee, next_choice
from ultimus_host.web.pages import action_words
from web_helpers import Served, free_port

pytestmark = NEEDS_CHROMIUM
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

COUNTS_DOWN = "ultimus"  # the game whose box counts down (its shout phase's five beats before CLAMO)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEPS = 14  # clicks of the game's own buttons before a phone is reloaded and the server restarted
WHOLE = 1500  # clicks a whole game may take (the bots' games take 20 to 600 actions)


@pytest.fixture(scope="module")
def browsers():
    made = []
    try:
        made.append(Browser(1280, 1500))  # the screen beside the box: the referee's page
        made += [Browser(412, 915), Browser(412, 915)]  # two phones
        yield made
    finally:
        for b in made:
            b.quit()


def confirm(referee):
    script = "[...document.querySelectorAll('#buttons button')].find(b => b.textContent === 'confirm').click()"
    referee.driver.execute_script(script)


def press_shout(referee, station):
    script = "[...document.querySelectorAll('#buttons button')].find(b => b.textContent === arguments[0]).click()"
    referee.driver.execute_script(script, "SHOUT %d" % station)


def start_form(referee, name, players=2):
    d = referee.driver
    Select(d.find_element(By.ID, "ng-game")).select_by_value(name)
    Select(d.find_element(By.ID, "ng-players")).select_by_visible_text(str(players))
    Select(d.find_element(By.ID, "ng-battles")).select_by_visible_text("1")
    Select(d.find_element(By.ID, "ng-mode")).select_by_value("full")
    d.find_element(By.ID, "ng-start").click()


def countdowns(referee, phones):
    """The countdown the referee's page shows and the phones' (text, font size in px)."""
    script = (
        "const e = document.getElementById('countdown'); if (!e || e.hidden) { return ['', 0]; }"
        "const b = e.querySelector('.beat'); return [e.innerText, b ? parseFloat(getComputedStyle(b).fontSize) : 0]"
    )
    return [b.driver.execute_script(script) for b in [referee] + phones]


def seat_state(phone):
    return (phone.text("#who"), phone.text("#decision"), phone.text("#actions"), phone.text("#secrets"))


# The moment a page shows (its number: the server's version of the choices it offers), and a click on the button
# of one of them by its index, opening its kind first when a long list is shown by kinds; "ok" or what failed.
SEAT_MOMENT = "return (typeof shown !== 'undefined' && shown) ? shown.n : -1"
TABLE_MOMENT = "return (typeof page !== 'undefined' && page) ? page.n : -1"
PICK = """
const i = arguments[0];
const find = () => document.querySelector(arguments[1] + ' button[data-i="' + i + '"]');
let b = find();
if (!b && typeof shown !== 'undefined' && shown) {
  const a = shown.actions.find(x => x.i === i);
  if (!a) { return 'not listed'; }
  const g = [...document.querySelectorAll('#actions button.group')].find(x => x.textContent.startsWith(a.group + ' ('));
  if (!g) { return 'no kind ' + a.group; }
  g.click();
  b = find();
}
if (!b) { return 'no button'; }
if (b.disabled) { return 'greyed out'; }
b.click();
return 'ok';
"""


class AtRandom:
    """A seat of a game whose bots need more than a seed: any of its options, with the core's generator."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, options):
        return self.rng.choice(options)


def seat_choosers(name, players):
    make = registry.get(name).load("bot") or AtRandom
    return {seat: make(31 * seat + 7) for seat in range(players)}


def index_of(options, action):
    for i, a in enumerate(options):
        if a is action:
            return i
    return options.index(action)


def next_click(game, options, choosers, referee):
    """(seat, index) of the next action as run_game would choose it (ultimus_host.loop.next_choice), found in the
    options the pages offer; -1 for the referee; None when nothing is listed (the box's own step)."""
    chosen = next_choice(game, choosers, referee)
    if chosen is None or not options.get(chosen[0]):
        return None
    return chosen[0], index_of(options[chosen[0]], chosen[1])


def wait_for(test, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.02)
    return False


def moved_on(bridge, n, seconds):
    """Whether the server's moment moved on from n within `seconds`."""
    return wait_for(lambda: bridge.version != n, seconds)


def shows(page, moment, n, seconds=5):
    """Whether the page shows moment n within `seconds`."""
    return wait_for(lambda: page.driver.execute_script(moment) == n, seconds)


def play_on(served, referee, phones, choosers, clicks, seen, seconds=400):
    """The game played on through the pages' buttons for `clicks` clicks or to its end (then 'over' is returned):
    the next choice made as run_game would, by the seat's chooser on the game as the server follows it, and
    clicked on that seat's phone once it shows that moment (the referee's on the referee's page, the box's
    CONFIRM there when nothing is listed and no countdown runs). Nothing clicked may be refused."""
    umpire = default_referee(served.bridge.game)
    deadline = time.monotonic() + seconds
    done = 0
    while done < clicks:
        assert time.monotonic() < deadline, "the game did not end in %d s (%d clicks)" % (seconds, done)
        watch_countdowns(referee, phones, seen)
        bridge = served.bridge
        game, n = bridge.game, bridge.version
        if game is None:
            time.sleep(0.05)
            continue
        if game.phase == game.rules.FLOW.end:
            return "over"
        try:
            step = next_click(game, dict(bridge.options), choosers, umpire)
        except (KeyError, IndexError, ValueError, TypeError):  # read while the server's thread moved on
            continue
        if bridge.version != n:
            continue
        now = referee.text("#now")
        if "countdown" in now and "confirm" in now and not referee.text("#countdown") and seen["offered"] != n:
            seen["offered"] = n  # the box offers its countdown: started at every other such moment; the seats
            seen["offers"] += 1  # choose while it runs, or, the first and third time, are too slow and it runs out
            if seen["offers"] % 2:
                confirm(referee)
                if wait_for(lambda: referee.text("#countdown"), 1.5) and seen["offers"] in (1, 5):
                    wait_for(lambda: not referee.text("#countdown"), 8)
                    seen["ran out"] += 1
                    too_late(served, phones[0], 0, n)
                continue
        if step is None:
            if referee.text("#countdown"):  # the box counts down by itself
                time.sleep(0.1)
                continue
            confirm(referee)
            moved_on(bridge, n, 1.5)
            done += 1
            continue
        seat, i = step
        if seat >= 0:  # two actions told in the same words are one button (a thinker's pair): the one shown
            view, listed = game.seat_view(seat), bridge.options[seat]
            text = action_words(bridge.playing, view, listed[i], bridge.stations)
            i = next(j for j, a in enumerate(listed) if action_words(bridge.playing, view, a, bridge.stations) == text)
        page = referee if seat < 0 else phones[seat]
        moment, where = (TABLE_MOMENT, "#referee") if seat < 0 else (SEAT_MOMENT, "#actions")
        if not shows(page, moment, n):
            continue  # the server moved on meanwhile
        clicked = page.driver.execute_script(PICK, i, where)
        if clicked != "ok" and bridge.version != n:
            continue
        assert clicked == "ok", (clicked, seat, i, bridge.options.get(seat))
        if not moved_on(bridge, n, 5):
            said = page.text("#said")
            assert "refused" not in said, said
        done += 1
    return done


def too_late(served, phone, seat, n):
    """A slow seat's choice of moment n arrives after the countdown ran out and the box's CLAMO moved the table on:
    told, and nothing of that seat's applied."""
    assert moved_on(served.bridge, n, 5), "the countdown ran out and the table stayed where it was"
    played = len(served.bridge.game.log)
    phone.driver.execute_script("link.send({op: 'do', n: arguments[0], i: 0})", n)
    phone.wait(lambda: "moved on" in phone.text("#said"))
    assert not [a for a in served.bridge.game.log[played:] if a.get("p") == seat]


def watch_countdowns(referee, phones, seen):
    """While the box counts down, every phone shows the same beat, as big as the table's."""
    shown = countdowns(referee, phones)
    if not shown[0][0]:
        return
    for text, size in shown[1:]:
        if text:
            assert text == shown[0][0] and size >= shown[0][1] * 0.5, shown
    seen["countdown"] += all(text for text, _ in shown)
    shots = os.environ.get("UPDATE_SCREENSHOTS")
    if shots and all(text for text, _ in shown) and seen["countdown"] == 1:
        where = shots if os.path.isdir(shots) else os.path.join(ROOT, "docs", "img")
        referee.driver.save_screenshot(os.path.join(where, "serve-table.png"))
        phones[1].driver.save_screenshot(os.path.join(where, "serve-seat.png"))


def look(browser, what):
    """A picture of the page into UPDATE_SCREENSHOTS when it names a folder (to look at what the test saw)."""
    folder = os.environ.get("UPDATE_SCREENSHOTS")
    if folder and os.path.isdir(folder):
        browser.driver.save_screenshot(os.path.join(folder, what + ".png"))


def take_seat(phone, referee, served, station):
    """The phone on the public table page asks for a seat; the box's SHOUT at its station is the proof."""
    phone.driver.get(served.url + "/")
    phone.wait(lambda: phone.driver.find_element(By.ID, "join").is_displayed())
    phone.driver.find_element(By.ID, "join").click()
    phone.wait(lambda: "press SHOUT" in phone.text("#pairing"))
    look(phone, "public-page-pairing")
    press_shout(referee, station)
    phone.wait(lambda: "/seat/" in phone.driver.current_url)
    phone.wait(lambda: phone.text("#who") == "station %d" % station)


def told_kept_aside(page):
    """Every page tells the old game kept aside (a phone of the old game, too, that its seat is gone)."""
    phone = page.driver.current_url.split("/")[-2] == "seat"
    return "kept aside" in page.text("#notices") and (not phone or "seat is gone" in page.text("#said"))


def replay_kept(folder):
    """`ultimus replay` on the game kept aside last (game-N.jnl, N the highest)."""
    kept = [f for f in os.listdir(folder) if f.startswith("game-") and f.endswith(".jnl")]
    assert kept, os.listdir(folder)
    kept.sort(key=lambda f: int(f[5:-4]))
    command = [sys.executable, "-m", "ultimus_host.cli", "replay", os.path.join(folder, kept[-1])]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def damage_journal(folder):
    path = os.path.join(folder, "game.jnl")
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    middle = len(lines) // 2
    assert b'"' in lines[middle], lines[middle]
    lines[middle] = lines[middle].replace(b'"', b"'", 1)  # a flipped byte in a middle record
    with open(path, "wb") as f:
        f.write(b"\n".join(lines))


@pytest.mark.parametrize("name", registry.names())
def test_a_whole_evening_of_each_game_played_from_phones(browsers, tmp_path, name):
    referee, *phones = browsers
    folder = str(tmp_path / "box")
    port = free_port()
    choosers = seat_choosers(name, len(phones))
    seen = {"countdown": 0, "name": name, "offered": None, "offers": 0, "ran out": 0}
    served = Served(folder, seed=5, port=port)
    try:
        referee.driver.get(served.referee_url)
        referee.wait(lambda: referee.text("#now"))
        start_form(referee, name)
        referee.wait(lambda: served.bridge.game is not None and len(served.bridge.seat_tokens) == 2)
        for station, phone in enumerate(phones, 1):  # pairing by the station's button, one phone after the other
            take_seat(phone, referee, served, station)
        referee.wait(lambda: "its phone took it" in referee.text("#seats") and not referee.text("#qr"))
        assert not any(t in referee.driver.page_source for t in served.bridge.seat_tokens)

        assert play_on(served, referee, phones, choosers, STEPS, seen) == STEPS
        look(phones[0], "evening-%s-phone" % name)
        # a phone reloaded mid-decision: the same decision, the same buttons
        deciding = [p for p in phones if p.text("#decision")]
        if deciding:
            phone = deciding[0]
            time.sleep(0.3)
            before = seat_state(phone)
            phone.driver.refresh()  # (a kind of action opened before comes back closed: its buttons' words differ)
            phone.wait(lambda: seat_state(phone)[:2] == before[:2] and seat_state(phone)[3] == before[3])
            assert phone.text("#actions")

        served.stop()  # the server stopped: the phones wait, and come back by themselves
        phones[0].wait(lambda: "reconnecting" in phones[0].text("#link"))
        before = [seat_state(p) for p in phones]
        served = Served(folder, seed=5, port=port)
        for phone, state in zip(phones, before):
            phone.wait(lambda phone=phone, state=state: seat_state(phone)[:2] == state[:2] and not phone.text("#link"))

        assert play_on(served, referee, phones, choosers, WHOLE, seen) == "over"  # on to the game's end
        for page in [referee] + phones:
            page.wait(lambda page=page: "the game is over" in page.text("#waiting"))
        if name == COUNTS_DOWN:
            assert seen["countdown"], "the phones never showed the box's countdown"
            assert seen["ran out"], "no countdown ran out with its seats still to choose"

        served.stop()  # a damaged journal: told on every page
        damage_journal(folder)
        served = Served(folder, seed=5, port=port)
        for page in [referee] + phones:
            page.wait(lambda page=page: "damaged" in page.text("#notices"), 20)
        seat_url = phones[1].driver.current_url  # and on the public table page
        phones[1].driver.get(served.url + "/")
        phones[1].wait(lambda: "damaged" in phones[1].text("#notices"))
        phones[1].driver.get(seat_url)
        phones[1].wait(lambda: phones[1].text("#who") == "station 2")

        played = len(served.bridge.game.log)
        start_form(referee, name)  # a second game, deliberately: asked first, the first kept aside
        referee.wait(lambda: referee.driver.find_element(By.ID, "ask").is_displayed())
        assert "kept aside" in referee.text("#ask")
        referee.driver.find_element(By.ID, "ask-yes").click()
        for page in [referee] + phones:
            page.wait(lambda page=page: told_kept_aside(page), 20)
        told = replay_kept(folder)
        assert told.startswith("%d actions replayed" % played), told  # the first game, as it stood
    finally:
        served.stop()
