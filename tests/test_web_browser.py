"""`ultimus serve` in a real browser: Debian's Chromium driven by Selenium through chromedriver.

One browser session shows the table page, two more are two players' phones. A round of ULTIMUS in full mode
is played on them (each phone's secret SHOUT/THINK, the countdown on the table page, the reveal, an action),
then a turn of each other game; what each page shows is checked, and no phone's page ever holds a card of the
other phone's hand. Without chromium and chromedriver the tests are skipped (counted as not run, never as
passed): .ci/run installs them. UPDATE_SCREENSHOTS=1 writes the README's pictures (docs/img/serve-*.png).
"""

import os
import random
import re
import shutil
import tempfile
import time

import pytest

from web_helpers import Served

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
# Every browser test's mark (tests/test_web_*.py take it): skipped, counted as not run, where either is missing.
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no chromium and chromedriver on this machine (Debian: apt-get install chromium chromium-driver)",
)
pytestmark = NEEDS_CHROMIUM
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is not installed")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Without these a headless Chromium on a closed network stalls on its first page (updates, sync, QUIC...).
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)


class Browser:
    """One browser session of its own (a fresh profile): a phone, or the screen beside the box."""

    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="ultimus-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS + ("--user-data-dir=%s" % self.profile, "--window-size=%d,%d" % (width, height)):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
        self.driver.set_page_load_timeout(20)

    def text(self, css):
        """An element's text as shown, read in one go (the page redraws itself as the box changes)."""
        script = "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''"
        return self.driver.execute_script(script, css)

    def wait(self, test, seconds=15):
        return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda d: test())

    def quit(self):
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture(scope="module")
def table_and_phones(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("box"), seed=7)
    browsers = []
    try:
        browsers.append(Browser(1280, 1500))
        browsers += [Browser(420, 1100), Browser(420, 1100)]
        browsers[0].driver.get(served.referee_url)  # the referee's page: the box's buttons, a new game, the codes
        browsers[0].wait(lambda: browsers[0].text("#now"))
        yield served, browsers
    finally:
        for b in browsers:
            b.quit()
        served.stop()


def start(served, table, phones, game, players=2):
    """A new game from the table page's form; each phone opens its seat's QR code's URL."""
    d = table.driver
    Select(d.find_element(By.ID, "ng-game")).select_by_value(game)
    Select(d.find_element(By.ID, "ng-players")).select_by_visible_text(str(players))
    Select(d.find_element(By.ID, "ng-battles")).select_by_visible_text("1")
    Select(d.find_element(By.ID, "ng-mode")).select_by_value("full")
    old = list(served.bridge.seat_tokens)
    d.find_element(By.ID, "ng-start").click()
    game = served.bridge.game
    if game is not None and game.phase != game.rules.FLOW.end:  # a game is played: asked first, the referee says yes
        table.wait(lambda: d.find_element(By.ID, "ask").is_displayed())
        d.find_element(By.ID, "ask-yes").click()
    table.wait(
        lambda: len(d.find_elements(By.CSS_SELECTOR, "#qr figure")) == players and served.bridge.seat_tokens != old
    )
    tokens = list(served.bridge.seat_tokens)
    assert all(t in d.page_source for t in tokens)  # the QR codes' URLs, while they are up
    for phone, token in zip(phones, tokens):
        phone.driver.get("%s/seat/%s" % (served.url, token))
        phone.wait(lambda phone=phone: phone.text("#who").startswith("station"))
    return tokens


def take_codes_down(table, tokens):
    """Each phone opened its seat by its code: the codes go down by themselves (a seat a phone has needs none;
    "take the codes down" is for the seats nobody took)."""
    table.wait(lambda: not table.driver.find_element(By.ID, "qr-section").is_displayed())
    source = table.driver.page_source
    assert not any(t in source for t in tokens)


def buttons(browser, css="#actions button"):
    for _ in range(5):
        try:
            return [b for b in browser.driver.find_elements(By.CSS_SELECTOR, css) if b.is_displayed()]
        except StaleElementReferenceException:
            time.sleep(0.05)
    return []


def act(phone, rng, prefer=None):
    """One of the phone's actions clicked (a kind first when they are grouped); False if it has none."""
    for _ in range(3):
        try:
            choices = buttons(phone)
            if not choices:
                return False
            wanted = [b for b in choices if prefer and prefer in b.text]
            chosen = rng.choice(wanted or choices)
            grouped = "group" in (chosen.get_attribute("class") or "")
            chosen.click()
            if grouped:
                choices = [b for b in buttons(phone) if "group" not in (b.get_attribute("class") or "")]
                rng.choice(choices).click()
            return True
        except StaleElementReferenceException:
            time.sleep(0.05)  # the page changed under the click: look again
    return False


def cards(text):
    return set(int(x) for x in re.findall(r"#(\d+) ", text))


def hand_of(phone):
    for line in phone.text("#secrets").split("\n"):
        if line.startswith("your hand:"):
            return cards(line)
    return set()


def step(table, phones, rng, prefer=None):
    """Whoever may act does: a phone with actions, else CONFIRM when the table page says so (a countdown...),
    else the referee's action on the table page."""
    order = list(phones)
    rng.shuffle(order)
    for phone in order:
        if act(phone, rng, prefer):
            return "phone"
    referee = buttons(table, "#referee button")
    try:
        if referee and "confirm" not in table.text("#now"):
            rng.choice(referee).click()
            return "referee"
        confirm = [b for b in buttons(table, "#buttons button") if b.text == "confirm"]
        confirm[0].click()
    except StaleElementReferenceException:
        pass
    return "confirm"


def confirm(table):
    script = "[...document.querySelectorAll('#buttons button')].find(b => b.textContent === 'confirm').click()"
    table.driver.execute_script(script)


def no_peeking(phones):
    """Neither phone shows a card of the other's hand (in its secrets or its actions)."""
    for i, phone in enumerate(phones):
        mine, theirs = hand_of(phone), hand_of(phones[1 - i])
        shown = " ".join(phone.text(css) for css in ("#who", "#secrets", "#actions", "#waiting", "#view"))
        assert not (cards(shown) & (theirs - mine))  # the page but its events (they name cards once played)


def test_a_round_of_ultimus_in_full_mode_on_the_table_page_and_two_phones(table_and_phones):
    served, (table, *phones) = table_and_phones
    tokens = start(served, table, phones, "ultimus")
    screenshots = os.environ.get("UPDATE_SCREENSHOTS")
    take_codes_down(table, tokens)
    rng = random.Random(5)
    deadline = time.monotonic() + 60
    while "shout phase" not in table.text("#where"):  # betting, the entrance: whoever may act does
        assert time.monotonic() < deadline, table.text("#events")
        no_peeking(phones)
        step(table, phones, rng)
        time.sleep(0.1)
    phones[0].wait(lambda: buttons(phones[0]))
    assert act(phones[0], rng, prefer="SHOUT with")  # station 1 shouts, in secret
    table.wait(lambda: "station 1 has chosen in secret" in table.text("#events"))
    assert "SHOUT" not in table.text("#events").split("\n")[-1]
    confirm(table)  # the box's CONFIRM: the countdown
    table.wait(lambda: table.text("#countdown") != "")
    if screenshots:  # the countdown on the table; station 2's phone with its hand and its secret choice
        table.driver.save_screenshot(os.path.join(ROOT, "docs", "img", "serve-table.png"))
        phones[1].driver.save_screenshot(os.path.join(ROOT, "docs", "img", "serve-seat.png"))
    act(phones[1], rng, prefer="think")  # station 2 keeps quiet before CLAMO
    table.wait(lambda: "CLAMO! station 1 shouts" in table.text("#events"), 10)
    acted = 0
    deadline = time.monotonic() + 30
    while acted < 2 and time.monotonic() < deadline:  # the turns: an action (or two) of the round
        no_peeking(phones)
        if step(table, phones, rng) == "phone":
            acted += 1
        time.sleep(0.15)
    assert acted == 2, table.text("#events")
    time.sleep(0.5)
    before = phones[0].text("#secrets")
    phones[0].driver.refresh()  # the phone reloads: its seat as it is
    phones[0].wait(lambda: phones[0].text("#secrets") == before)
    for i, phone in enumerate(phones):
        assert phone.text("#who") == "station %d" % (i + 1)
        assert "your hand:" in phone.text("#secrets")
    assert "your hand" not in table.driver.page_source
    assert len(table.driver.find_elements(By.CSS_SELECTOR, ".wheel .led")) == 72  # six wheels of 12 LEDs


@pytest.mark.parametrize("game", ["morituri", "ultimatum", "munera", "morituri_board"])
def test_a_turn_of_each_other_game_on_the_phones(table_and_phones, game):
    served, (table, *phones) = table_and_phones
    tokens = start(served, table, phones, game)
    take_codes_down(table, tokens)
    rng = random.Random(3)
    by_phone = 0
    deadline = time.monotonic() + 30
    while by_phone < 2 and time.monotonic() < deadline:
        if step(table, phones, rng) == "phone":
            by_phone += 1
        time.sleep(0.2)
    assert by_phone >= 2, "the phones were never given an action"
    table.wait(lambda: served.bridge.game is not None and len(served.bridge.game.log) >= 2)
    assert served.bridge.playing == game
    assert table.text("#game") and table.text("#events")
    for i, phone in enumerate(phones):
        assert phone.text("#who") == "station %d" % (i + 1)
        assert phone.text("#view")  # its game in words
        # "What you may do" only with something to do: no empty heading on the phone of one who waits
        script = "const s = document.querySelector('section.actions');"
        script += "return [s.hidden, s.querySelectorAll('button').length]"
        hidden, count = phone.driver.execute_script(script)
        assert hidden == (count == 0), (hidden, count)
    assert not any(t in table.driver.page_source for t in tokens)
