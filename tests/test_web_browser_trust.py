"""`ultimus serve` attacked from a real browser (Debian's Chromium through Selenium, as tests/test_web_browser.py):
a page of another origin, open in a browser on the table's Wi-Fi, tries to open the table's, the referee's and a
seat's sockets and to post forms to the server (cross-site WebSocket hijacking, cross-site requests); a name that
a rebinding DNS points at the server (Chromium's host resolver rules) tries to load its pages. Every attempt is
refused by the server before anything is accepted, and the game is as it was. Without chromium and chromedriver
the tests are skipped (counted as not run).
"""

import http.server
import json
import threading
import time

import pytest

from test_web_browser import NEEDS_CHROMIUM, Browser
from web_helpers import Page, Served, free_port, new_game

pytestmark = NEEDS_CHROMIUM

ATTACK = """<!doctype html><html><body><iframe name="sink" id="sink"></iframe><script>
const TARGET = __TARGET__;
const SOCKETS = __SOCKETS__;
window.results = {};
function tryOpen(name, url) {
  return new Promise((done) => {
    let ws;
    try { ws = new WebSocket(url); } catch (e) { window.results[name] = "threw"; done(); return; }
    ws.onopen = () => {
      window.results[name] = "open";
      ws.send(JSON.stringify({op: "new_game", game: "munera", players: 2}));
      ws.send(JSON.stringify({op: "press", button: 20}));
      done();
    };
    ws.onerror = () => { if (!window.results[name]) { window.results[name] = "refused"; } done(); };
  });
}
function post(path, op) {
  const f = document.createElement("form");
  f.method = "POST"; f.action = TARGET + path; f.target = "sink";
  const i = document.createElement("input"); i.name = "op"; i.value = op; f.appendChild(i);
  document.body.appendChild(f); f.submit();
}
window.attack = async () => {
  for (const [name, path] of SOCKETS) { await tryOpen(name, TARGET.replace("http", "ws") + path); }
  for (const [name, path] of SOCKETS) {
    await fetch(TARGET + path.replace("/ws", ""), {method: "POST", mode: "no-cors", body: "op=new_game"})
      .then(() => { window.results["fetch " + name] = "sent"; }, () => { window.results["fetch " + name] = "failed"; });
  }
  post("/", "new_game");
  window.results.done = true;
};
</script></body></html>"""


class Attacker:
    """A web server of another origin (another port) serving the attacking page."""

    def __init__(self, target, sockets):
        page = ATTACK.replace("__TARGET__", json.dumps(target)).replace("__SOCKETS__", json.dumps(sockets))
        body = page.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.port = free_port()
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def served(tmp_path):
    with Served(tmp_path / "box", seed=4) as s:
        yield s


def test_a_page_of_another_origin_in_chromium_opens_no_socket_and_posts_nothing(served):
    referee = Page(served, served.referee_path)
    tokens = new_game(served, referee, game="ultimus", players=2, mode="full", battles=1)
    referee.wait(lambda p: served.bridge.game is not None)
    log, game_id = len(served.bridge.game.log), served.bridge.game_id
    sockets = [  # the attacker even knows the referee's key and a seat's token: the origin alone refuses them
        ["table", "/ws/table"],
        ["referee", "/ws" + served.server.referee_path],
        ["seat", "/ws/seat/" + tokens[0]],
    ]
    attacker = Attacker(served.url, sockets)
    browser = Browser(800, 600)
    guard = served.server.app
    before = dict(guard.refused)
    try:
        browser.driver.get("http://localhost:%d/" % attacker.port)  # another origin: another port and name
        browser.driver.execute_script("window.attack()")
        try:
            results = browser.wait(
                lambda: browser.driver.execute_script("return window.results.done && window.results")
            )
        except Exception:
            raise AssertionError(browser.driver.execute_script("return [window.results, document.title]")) from None
        time.sleep(1)
    finally:
        browser.quit()
        attacker.stop()
    assert [results[name] for name, _ in sockets] == ["refused"] * 3, results
    refused = guard.refused["origin"] - before["origin"]
    # 3 sockets, 3 fetch POSTs and the form's POST (a browser sends its Origin with each)
    assert refused == 7, (refused, results)
    assert len(served.bridge.game.log) == log and served.bridge.game_id == game_id
    assert served.bridge.playing == "ultimus"


def test_a_name_a_rebinding_dns_points_here_gets_no_page_in_chromium(served):
    """Chromium resolves evil.example to the server (as a DNS rebinding attack makes it): the page it loads from
    there, the same origin to the browser, names evil.example in Host and is refused."""
    from test_web_browser import CHROMIUM, DRIVER, FLAGS, webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    import tempfile

    profile = tempfile.mkdtemp(prefix="ultimus-chromium-")
    for flag in FLAGS + ("--user-data-dir=%s" % profile, "--host-resolver-rules=MAP evil.example 127.0.0.1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    guard = served.server.app
    before = guard.refused["host"]
    try:
        driver.set_page_load_timeout(20)
        for path in ("/", served.server.referee_path):
            driver.get("http://evil.example:%d%s" % (served.port, path))
            assert driver.find_element("tag name", "body").text == "forbidden"
        driver.get(served.url + "/")  # the same server by its own name: the table page
        assert "Ultimus Box" in driver.title
    finally:
        driver.quit()
        import shutil

        shutil.rmtree(profile, ignore_errors=True)
    assert guard.refused["host"] - before >= 2
