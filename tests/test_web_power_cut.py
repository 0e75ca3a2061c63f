"""The power cut of a table played from phones: `ultimus serve` (its virtual box in a folder) killed with SIGKILL
in the middle of each game of the registry, between two of the phones' presses, and started again. The phones
come back by themselves to the very seat they had, nothing they saw is lost or invented (each phone's seat,
decision and secrets, the table's view, the number of actions `ultimus replay` reads in the journal), and play
goes on from where it stood.

Headless Chromium through Selenium, as tests/test_web_evening.py; skipped without chromium and chromedriver.
"""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from test_web_browser import NEEDS_CHROMIUM, Browser
from test_web_evening import confirm, seat_state, start_form, take_seat
from ultimus_host import registry
from web_helpers import free_port

pytestmark = NEEDS_CHROMIUM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLICKS = 8  # the phones' presses before the cut, and after it

# A random one of the visible, enabled buttons of a list, clicked in the page; its text, or None for none.
CLICK = """
const found = [...document.querySelectorAll(arguments[0])].filter(b => !b.disabled && b.offsetParent !== null);
if (!found.length) { return null; }
const b = found[Math.floor(arguments[1] * found.length)];
const text = b.innerText;
b.click();
return text;
"""


class Serving:
    """`ultimus serve` as a process of its own, as a person starts it (its output into a pipe)."""

    def __init__(self, folder, port):
        self.folder, self.port = folder, port
        command = [sys.executable, "-m", "ultimus_host.cli", "serve", "--state", folder, "--port", str(port)]
        self.proc = subprocess.Popen(
            command + ["--host", "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT
        )
        self.url = "http://127.0.0.1:%d" % port

    def referee_url(self):
        deadline = time.monotonic() + 20
        while not os.path.exists(os.path.join(self.folder, "referee.key")):
            assert time.monotonic() < deadline, "serve made no referee's key"
            time.sleep(0.05)
        with open(os.path.join(self.folder, "referee.key")) as f:
            return self.url + "/referee/" + f.read().strip()

    def kill(self):
        """The power cut: no chance to write, close or give anything back."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def browsers():
    made = []
    try:
        made.append(Browser(1280, 1500))  # the referee's page
        made += [Browser(412, 915), Browser(412, 915)]  # two phones
        yield made
    finally:
        for b in made:
            b.quit()


def press_at_random(referee, phones, rng, clicks):
    """Whoever may act presses one of its buttons at random (a phone's, else the referee's, else CONFIRM)."""
    for _ in range(clicks):
        order = list(phones)
        rng.shuffle(order)
        done = None
        for phone in order:  # an action if one is shown, else a kind of action opened
            for css in ("#actions button:not(.refused):not(.group)", "#actions button.group"):
                done = done or phone.driver.execute_script(CLICK, css, rng.random())
            if done:
                break
        if done is None and referee.driver.execute_script(CLICK, "#referee button", rng.random()) is None:
            confirm(referee)
        time.sleep(0.25)


def settled(referee, phones):
    """What every page shows once nothing has changed on any of them for a second: the table's view, each phone's
    seat, decision and secrets (its buttons' words are left out: a kind of action it had opened comes back
    closed, the moment being a new page's)."""
    last, since = None, time.monotonic()
    deadline = since + 20
    while time.monotonic() < deadline:
        now = [referee.text("#view")] + [seat_state(p)[:2] + seat_state(p)[3:] for p in phones]
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > 1.0:
            return now
        time.sleep(0.1)
    raise AssertionError("the pages never settled: %r" % (last,))


def replayed(folder):
    """How many actions `ultimus replay` reads in the box's journal."""
    command = [sys.executable, "-m", "ultimus_host.cli", "replay", os.path.join(folder, "game.jnl")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return int(done.stdout.split()[0])


@pytest.mark.parametrize("name", registry.names())
def test_serve_killed_mid_game_comes_back_with_every_phone_where_it_stood(browsers, tmp_path, name):
    referee, *phones = browsers
    folder = str(tmp_path / "box")
    port = free_port()
    rng = random.Random(name)
    serving = Serving(folder, port)
    try:
        url = serving.referee_url()
        referee.wait(lambda: referee.driver.get(url) or referee.text("#now"), 30)
        start_form(referee, name)
        for station, phone in enumerate(phones, 1):
            take_seat(phone, referee, serving, station)
        press_at_random(referee, phones, rng, CLICKS)

        before = settled(referee, phones)
        played = replayed(folder)
        serving.kill()  # between two presses
        phones[0].wait(lambda: "reconnecting" in phones[0].text("#link"))
        assert replayed(folder) == played  # what the box journalled is all there, nothing half-written

        serving = Serving(folder, port)
        for phone in phones:  # back by themselves, at their own seats
            phone.wait(lambda phone=phone: not phone.text("#link") and phone.text("#who"), 30)
        referee.wait(lambda: not referee.text("#link"), 30)
        assert settled(referee, phones) == before
        assert [p.text("#who") for p in phones] == ["station 1", "station 2"]

        for _ in range(4 * CLICKS):  # and the game goes on from there
            press_at_random(referee, phones, rng, 1)
            if replayed(folder) > played:
                break
        assert replayed(folder) > played, (settled(referee, phones), referee.text("#now"))
    finally:
        serving.stop()
