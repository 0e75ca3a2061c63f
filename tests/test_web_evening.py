"""A whole evening of each game of the registry, played from phones in headless Chromium (Selenium), as a table
would: the referee's page on the screen beside the box, two phones that take their seats by pressing their
station's SHOUT, a stretch of the game played through the pages' own buttons (random ones: a phone's, else the
referee's actions, else the box's CONFIRM), the box's countdown seen on the phones as on the table, a phone
reloaded mid-decision, the server stopped and started again, a damaged journal told on every page, and a second
game started deliberately with the first kept aside and replayable (`ultimus replay` on the kept file).
UPDATE_SCREENSHOTS=1 writes the README's pictures (docs/img/serve-*.png) at ULTIMUS's countdown;
UPDATE_SCREENSHOTS=DIR writes them and a picture of each game's phone into DIR instead, to look at them.

The evenings share three browsers (a Chromium starts in about a second); each has its own server and folder.
Without chromium and chromedriver the tests are skipped (counted as not run): .ci/run installs them.
"""

import os
import random
import subprocess
import sys
import time

import pytest

from test_web_browser import CHROMIUM, DRIVER, Browser
from ultimus_host import registry
from web_helpers import Served, free_port

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no chromium and chromedriver on this machine (Debian: apt-get install chromium chromium-driver)",
)
from selenium.common.exceptions import (  # noqa: E402
    JavascriptException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

COUNTS_DOWN = "ultimus"  # the game whose box counts down (its shout phase's five beats before CLAMO)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEPS = 14  # clicks of the game's own buttons per stretch of play (a whole game takes hundreds)

# A random one of the visible, enabled buttons of a list, clicked in the page; its text, or None for none.
CLICK = """
const found = [...document.querySelectorAll(arguments[0])].filter(b => !b.disabled && b.offsetParent !== null);
if (!found.length) { return null; }
const b = found[Math.floor(arguments[1] * found.length)];
const text = b.innerText;
b.click();
return text;
"""


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


def click(browser, css, rng):
    try:
        return browser.driver.execute_script(CLICK, css, rng.random())
    except (JavascriptException, StaleElementReferenceException):
        return None


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


def play_stretch(referee, phones, rng, steps, seen):
    """Whoever may act does, through the pages' buttons; the countdown looked at on every page as it runs."""
    done = 0
    for _ in range(steps * 4):
        if done >= steps:
            break
        shown = countdowns(referee, phones)
        if shown[0][0]:  # the box counts down: every phone shows the same beat, as big as the table's
            for text, size in shown[1:]:
                if text:
                    assert text == shown[0][0] and size >= shown[0][1] * 0.5, shown
            seen["countdown"] += all(text for text, _ in shown)
            shots = os.environ.get("UPDATE_SCREENSHOTS")
            if shots and all(text for text, _ in shown) and seen["countdown"] == 1:
                where = shots if os.path.isdir(shots) else os.path.join(ROOT, "docs", "img")
                referee.driver.save_screenshot(os.path.join(where, "serve-table.png"))
                phones[1].driver.save_screenshot(os.path.join(where, "serve-seat.png"))
        if "countdown" in referee.text("#now") and "confirm" in referee.text("#now") and rng.random() < 0.5:
            confirm(referee)  # the box's CONFIRM starts a countdown: let the phones see it
            time.sleep(0.3)
            continue
        for phone in phones:  # a picture of a phone deciding, with a greyed-out kind (to look at)
            if not seen.get("looked") and phone.text("#refused"):
                look(phone, "deciding-%s" % seen["name"])
                seen["looked"] = True
        order = list(phones)
        rng.shuffle(order)
        acted = None
        for phone in order:
            acted = click(phone, "#actions button:not(.refused):not(.group), #actions button.group", rng)
            if acted:
                break
        if acted is None:
            acted = click(referee, "#referee button", rng)
        if acted is None:
            confirm(referee)
        done += 1
        time.sleep(0.12)
    return done


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
    """The referee's page tells the old game kept aside; a phone of the old game, that its seat is gone."""
    return "kept aside" in page.text("#notices") or "seat is gone" in page.text("#said")


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
def test_an_evening_of_each_game_played_from_phones(browsers, tmp_path, name):
    referee, *phones = browsers
    folder = str(tmp_path / "box")
    port = free_port()
    rng = random.Random(name)
    seen = {"countdown": 0, "name": name}
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

        assert play_stretch(referee, phones, rng, STEPS, seen) == STEPS
        look(phones[0], "evening-%s-phone" % name)
        if name == COUNTS_DOWN:  # on to its countdown: the phones must see it
            for _ in range(8):
                if seen["countdown"]:
                    break
                play_stretch(referee, phones, rng, 6, seen)
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
        play_stretch(referee, phones, rng, STEPS // 2, seen)

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
    if name == COUNTS_DOWN:
        assert seen["countdown"], "the phones never showed the box's countdown"
