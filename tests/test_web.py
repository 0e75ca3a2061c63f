"""`ultimus serve`: the table page and the seats' pages over their WebSockets, and what each may see.

The secrets are checked twice: on the pages themselves (a seat's page made of a game and of the same game
with every other seat's secrets scrambled is the same page, at every step of whole games; the table page
the same with every secret scrambled), and on the wire (whole games played through two seats' sockets:
no frame of one seat carries the other's hand or token, no table frame a token once its codes are down).
"""

import copy
import json
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import InvalidStatus

from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import UNDECIDED
from referee.engine import Game, public_event
from ultimus_host.web import pages
from ultimusbox import games
from web_helpers import Page, Served, new_game, play


def scrambled(state, keep, rng):
    """An ULTIMUS state whose secrets are changed but those of seat `keep` (None: every seat's): the cards nobody
    holding `keep`'s eye has seen relabelled, the other seats' face-down bets and shout choices changed."""
    t = copy.deepcopy(state)
    mine = set(t["hands"][keep]) | {t["shout_card"][keep]} if keep is not None else set()
    secret = list(t["deck"]) + list(t["discard"]) + [c for h in t["hands"] for c in h]
    secret += [c for c in t["shout_card"] if c >= 0]
    secret = [c for c in secret if c not in mine]
    shuffled = list(secret)
    rng.shuffle(shuffled)
    sigma = dict(zip(secret, shuffled))
    t["deck"] = [sigma.get(c, c) for c in t["deck"]]
    t["discard"] = [sigma.get(c, c) for c in t["discard"]]
    t["hands"] = [[sigma.get(c, c) for c in h] for h in t["hands"]]
    t["shout_card"] = [sigma.get(c, c) if c >= 0 else c for c in t["shout_card"]]
    for seat, bets in enumerate(t["bets"]):
        if seat != keep and t["phase"] not in ("battle_end", "over"):
            for bet in bets:
                bet[0] = (bet[0] + 5) % 16
    if t["phase"] == "shout":
        t["shout"] = [x if x == UNDECIDED or p == keep else 1 - x for p, x in enumerate(t["shout"])]
    return t


def twin(game, state):
    other = Game(game.rules, game.setup)
    other.state = state
    return other


@pytest.mark.parametrize("mode, players, seed", [("full", 2, 3), ("full", 4, 11), ("box", 3, 5)])
def test_a_seats_page_and_the_table_page_are_the_same_whatever_the_secrets_they_may_not_see(mode, players, seed):
    game = Game(RULES, new_setup(players, seed, battles=1, mode=mode))
    rng = random.Random(seed)
    lines = ["an event"]
    compared = 0
    for _ in range(3000):
        if game.phase == "over":
            break
        for seat in range(players):
            page, options = pages.seat_page_of(game, "ultimus", seat, lines, None, 1)
            other = twin(game, scrambled(game.state, seat, rng))
            assert pages.seat_page_of(other, "ultimus", seat, lines, None, 1) == (page, options), game.phase
            compared += 1
        table, _ = pages.table_page_of(game, "ultimus", lines, None, 1)
        assert pages.table_page_of(twin(game, scrambled(game.state, None, rng)), "ultimus", lines, None, 1)[0] == table
        seat = rng.choice(game.actors() or [-1])
        game.apply(rng.choice(game.legal_actions(seat)))
    assert game.phase == "over" and compared > 100


def test_the_scrambling_changes_what_a_seat_sees_of_itself():
    """The comparison above can fail: a seat's page made of a game whose own hand is scrambled differs."""
    game = Game(RULES, new_setup(2, 3, battles=1, mode="full"))
    rng = random.Random(1)
    while not game.state["hands"][0]:
        game.apply(rng.choice(game.legal_actions(rng.choice(game.actors() or [-1]))))
    page = pages.seat_page_of(game, "ultimus", 0, [], None, 1)[0]
    assert page["secrets"][0].startswith("your hand: #")
    assert pages.seat_page_of(twin(game, scrambled(game.state, 1, rng)), "ultimus", 0, [], None, 1)[0] != page


@pytest.mark.parametrize("name", [g[0] for g in games.GAMES])
def test_every_game_has_a_table_and_a_seat_page_in_words(name):
    setup = {"ultimus": {"players": 2, "seed": 1}, "munera": {"gladiators": ["murmillo", "retiarius"], "seed": 1}}
    game = games.build(name, setup.get(name, {"players": 2, "seed": 1}))
    rng = random.Random(2)
    acted = set()
    for _ in range(60):
        table, _ = pages.table_page_of(game, name, [], None, 1)
        assert table["view"] and table["game"]
        for seat in game.actors():
            page, options = pages.seat_page_of(game, name, seat, [], None, 1)
            texts = [a["text"] for a in page["actions"]]
            # every option once in words: two told alike are one choice (a thinker's pair in either order)
            assert len(set(texts)) == len(texts) > 0 and len(texts) <= len(options)
            view = game.seat_view(seat)
            assert set(texts) == {pages.action_items(name, view, [a], None)[0]["text"] for a in options}
            assert all(a["text"] and "{" not in a["text"] for a in page["actions"]), page["actions"][:3]
            acted.add(seat)
        seat = rng.choice(game.actors() or [-1])
        options = game.legal_actions(seat)
        if not options:
            break
        game.apply(rng.choice(options))
    assert acted == {0, 1}


@pytest.mark.parametrize("name", [g[0] for g in games.GAMES if g[0] != "ultimus"])
def test_the_other_games_seat_views_hold_nothing_the_table_does_not_see(name):
    """ULTIMUS is the one game whose seats keep secrets on the box: a seat's view of the others is the public view
    and its number, so that no seat page can carry another's secret. A game that gains secrets fails here, and
    wants its own scrambled comparison above."""
    setup = {"munera": {"gladiators": ["murmillo", "retiarius", "secutor"], "seed": 4}}
    game = games.build(name, setup.get(name, {"players": 3, "seed": 4}))
    rng = random.Random(4)
    for _ in range(150):
        public = game.public_view()
        for seat in range(3):
            view = game.seat_view(seat)
            assert view.pop("seat") == seat
            if "mine" in view:  # Morituri: the seat's own figures, whose owners the table sees
                assert view.pop("mine") == [i for i, f in enumerate(public["figures"]) if f["owner"] == seat]
            assert view == public
        options = game.legal_actions(rng.choice(game.actors() or [-1]))
        if not options:
            break
        game.apply(rng.choice(options))


def test_ultimus_seat_words_count_as_people_do():
    """A seat's secrets and actions in words: "1 coin", "3 coins" (no "coin(s)"), a card's symbols from 1."""
    from ultimus_host.games.ultimus import words as ultimus_words

    game = Game(RULES, new_setup(2, 7, battles=1, mode="full"))
    rng = random.Random(7)
    symbols = 0
    for _ in range(3000):
        if game.phase == "over":
            break
        for seat in range(2):
            view = game.seat_view(seat)
            if view["my_bets"]:
                view["my_bets"] = [[b, coins] for coins, (b, _) in zip((1, 3), view["my_bets"])]
                told = " ".join(ultimus_words.secrets(view))
                assert "(s)" not in told and " 1 coin" in told and " 3 coins" in told, told
            for a in game.legal_actions(seat):
                text = pages.action_items("ultimus", view, [a], None)[0]["text"]
                if "(symbol " in text:
                    symbols += 1
                    assert "(symbol %d: " % (a["i"] + 1) in text, (a, text)
        seat = rng.choice(game.actors() or [-1])
        game.apply(rng.choice(game.legal_actions(seat)))
    assert symbols > 0


@pytest.mark.parametrize("name, players", [("ultimus", 2), ("ultimatum", 3)])
def test_a_served_game_s_pages_name_each_seat_by_its_station_and_count_in_words(name, players):
    """On a box a seat is "station N" on every part of a page (the games' own tables say "seat N" in the
    hot-seat terminal), and "2 cards", never "2 card(s)"."""
    import re

    game = games.build(name, {"players": players, "seed": 4})
    stations = [5, 2, 3][:players]  # seat 1 at station 6...
    rng = random.Random(4)
    lines, told = [], []
    for _ in range(150):
        table, _ = pages.table_page_of(game, name, lines, stations, 1)
        told += [table["view"], table["waiting"]] + [a["text"] for a in table["referee"]]
        for seat in range(players):
            page, _ = pages.seat_page_of(game, name, seat, lines, stations, 1)
            told += [page["view"], page["who"]] + page["secrets"] + [a["text"] for a in page["actions"]]
        seat = rng.choice(game.actors() or [-1])
        options = game.legal_actions(seat)
        if not options:
            break
        for e in game.apply(rng.choice(options)):
            line = pages.event_line(name, e, game.public_view(), stations)
            lines += [line] if line else []
    told += lines
    assert not [t for t in told if "(s)" in t or re.search(r"\bseat \d", t)]
    assert any("station 6" in t for t in told) and any(re.search(r"\b1 \w", t) for t in told)


def test_public_event_words_carry_no_hidden_part():
    e = {"e": "commit", "p": 0, "hidden": {"shout": 1, "c": 7}}
    assert pages.event_line("ultimus", e, None, None) == "seat 1 has chosen in secret"
    assert public_event({"e": "think", "p": 0, "n": 1, "hidden": {"c": 7}}).get("hidden") is None


def _cards(text):
    """The cards a text names, by their numbers ("#12 Tigris: ...")."""
    return [int(w[1:].rstrip(":;,")) for w in text.split() if w.startswith("#") and w[1:].rstrip(":;,").isdigit()]


def _get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture
def served(tmp_path):
    with Served(tmp_path / "box", seed=1) as s:
        yield s


def test_a_wrong_token_gets_403_and_no_hint_and_a_right_one_its_page(served):
    table = Page(served, served.referee_path)
    tokens = new_game(served, table, game="ultimus", players=2, mode="full", battles=1)
    assert _get(served.url + "/seat/" + tokens[0])[0] == 200
    for wrong in ("0" * 16, tokens[0][:-1], tokens[0].upper(), "x"):
        assert _get(served.url + "/seat/" + wrong) == (403, "forbidden")
    with pytest.raises(InvalidStatus) as refused:  # the socket of a wrong token: refused before a frame
        Page(served, "/ws/seat/" + "0" * 16)
    assert refused.value.response.status_code == 403
    status, body = _get(served.url + "/")
    assert status == 200 and "ws/table" in _get(served.url + "/static/table.js")[1]
    assert not any(t in body for t in tokens)


def test_the_table_page_names_the_box_s_buttons_not_the_terminal_s_keys(served):
    """The virtual box's words name its terminal's keys ("confirm [Enter]", "station 1 [a]"): the table page,
    whose buttons are clicked, says the words without them."""
    table = Page(served, served.referee_path)
    new_game(served, table, game="munera", players=2)
    page = table.wait(lambda p: p["box"] and "confirm" in p["box"].get("now", ""))
    told = [page["box"]["now"]] + [w["label"] + " " + w["words"] for w in page["box"]["wheels"]]
    assert not any("[Enter]" in t or "[a]" in t or "(keys " in t for t in told), told


def test_a_game_started_with_the_box_s_buttons_gets_its_seats_codes_on_the_table_page(served):
    table = Page(served, served.referee_path)
    table.wait(lambda p: "game menu" in p["box"]["now"])
    for button in (0, 1, 20):  # SHOUT at stations 1 and 2 (they join), CONFIRM (the game starts)
        table.send(op="press", button=button)
        time.sleep(0.3)
    page = table.wait(lambda p: p.get("qr"))
    assert [q["who"] for q in page["qr"]] == ["station 1", "station 2"]
    seat = Page(served, "/ws/seat/" + served.bridge.seat_tokens[1])
    assert seat.wait(lambda p: True)["who"] == "station 2"


def test_a_box_on_its_own_link_is_served_without_its_lights(tmp_path):
    """`ultimus serve --box PORT`: the box is another program (here a virtual box on its own thread, as a Pico on
    USB would be); the link carries no LEDs, so the table page draws no wheels but says what the table waits for."""
    from ultimus_host.web.serve import Server, VirtualBoxThread
    from web_helpers import free_port

    box = VirtualBoxThread(str(tmp_path / "box"), seed=3)
    port = free_port()
    server = Server(None, box.vbox.path, "127.0.0.1", port, say=lambda *a: None)
    import threading

    import uvicorn

    web = uvicorn.Server(server.uvicorn_config())
    thread = threading.Thread(target=web.run, daemon=True)
    server.start()
    thread.start()
    try:
        while not web.started:
            time.sleep(0.02)
        served = type("S", (), {"port": port, "bridge": server.bridge, "referee_path": "/ws" + server.referee_path})()
        table = Page(served, served.referee_path)
        tokens = new_game(served, table, game="ultimatum", players=2)
        page = table.wait(lambda p: p["game"] == "Ultimatum" and p["box"].get("now"))
        assert "wheels" not in page["box"] and page["box"]["now"].startswith("waiting for")
        seat = Page(served, "/ws/seat/" + tokens[0])
        mine = seat.wait(lambda p: p["kind"] == "seat")
        assert mine["who"] == "station 1" and mine["view"].startswith("station 1: savings")
    finally:
        web.should_exit = True
        thread.join(5)
        server.stop()
        box.stop()


def test_whole_games_through_two_seats_sockets_leak_no_secret_and_no_token(served):
    """ULTIMUS in full mode, 2 seats, a whole battle: every frame of each seat and of the table scanned."""
    table = Page(served, served.referee_path)
    tokens = new_game(served, table, game="ultimus", players=2, mode="full", battles=1)
    table.send(op="qr_off")
    table.wait(lambda p: not p.get("qr"))
    down = len(table.frames)
    seats = [Page(served, "/ws/seat/" + t) for t in tokens]
    steps = play(table, seats, random.Random(4), until=lambda p: p["where"] == "the over phase")
    assert table.latest["where"] == "the over phase", (steps, table.latest["events"][-3:])
    by_n = [{}, {}]  # each seat's page of each moment
    for seat, page in enumerate(seats):
        for text in page.frames:
            frame = json.loads(text)
            if frame["kind"] == "seat":
                assert frame["who"] == "station %d" % (seat + 1)
                assert text.count("your hand") == 1 and frame["secrets"][0].startswith("your hand")
                by_n[seat][frame["n"]] = frame
            assert tokens[1 - seat] not in text
    held = 0
    for n, mine in by_n[0].items():
        theirs = by_n[1].get(n)
        if theirs is None:
            continue
        for me, other in ((mine, theirs), (theirs, mine)):
            own = set(_cards(me["secrets"][0]))
            hidden = set(_cards(other["secrets"][0])) - own
            held += len(hidden)
            # every field but the events, which name cards once played (and a reshuffle may deal them again)
            shown = " ".join(me["secrets"] + [a["text"] for a in me["actions"]] + [me["view"], me["waiting"]])
            assert not hidden & set(_cards(shown)), (n, hidden)
    assert held > 20  # the other seat held cards this one did not, and none of them reached it
    for text in table.frames[down:]:
        assert not any(t in text for t in tokens)
        assert "your hand" not in text


def test_a_phone_that_comes_back_and_a_second_phone_see_the_seat_as_it_is_and_a_restart_loses_nothing(tmp_path):
    folder = tmp_path / "box"
    with Served(folder, seed=2) as served:
        table = Page(served, served.referee_path)
        tokens = new_game(served, table, game="ultimus", players=2, mode="full", battles=1)
        seats = [Page(served, "/ws/seat/" + t) for t in tokens]
        play(table, seats, random.Random(1), until=lambda p: False, steps=25)
        time.sleep(0.5)
        before = seats[0].latest
        assert before["secrets"][0].startswith("your hand: #")
        seats[0].close()  # the phone sleeps; it comes back, and a second phone opens the same seat
        again, second = Page(served, "/ws/seat/" + tokens[0]), Page(served, "/ws/seat/" + tokens[0])
        assert again.wait(lambda p: True) == before
        assert second.wait(lambda p: True) == before
    with Served(folder, seed=2) as served:  # the server (and its virtual box) again: the game resumes
        page = Page(served, "/ws/seat/" + tokens[0])
        after = page.wait(lambda p: p["kind"] == "seat")
        for key in ("who", "secrets", "view", "waiting", "actions"):
            assert after[key] == before[key], key
        assert _get(served.url + "/seat/" + tokens[1])[0] == 200


def test_ctrl_c_while_serve_starts_says_so_in_one_line(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from ultimus_host.cli import main
    from ultimus_host.web import serve

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(serve, "serve_command", interrupted)
    result = CliRunner().invoke(main, ["serve", "--state", str(tmp_path), "--port", "8000"])
    assert result.output.strip() == "Ultimus serve stopped before it served (the game stays saved on the box)"
    assert result.exception is None or isinstance(result.exception, SystemExit) and not result.exception.code


def test_serve_prints_its_address_and_no_token_reaches_its_output(tmp_path):
    """`ultimus serve` as a person starts it: the URL it prints is where it serves, and its output into a pipe
    (a log) carries no seat token and not the referee's key, though pages with tokens were asked for, right and
    wrong; it says where the key is kept instead (in a terminal the referee's URL and the codes are shown on
    purpose: docs/serve.md)."""
    from web_helpers import free_port

    port = free_port()
    command = [sys.executable, "-m", "ultimus_host.cli", "serve", "--state", str(tmp_path), "--port", str(port)]
    command += ["--host", "127.0.0.1"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = proc.stdout.readline()
        assert "http://127.0.0.1:%d/" % port in first, first
        from websockets.sync.client import connect

        deadline = time.monotonic() + 20
        while True:  # the URL is printed as the server starts listening
            try:
                key = (tmp_path / "referee.key").read_text().strip()  # not in its output: not a terminal
                ws = connect("ws://127.0.0.1:%d/ws/referee/%s" % (port, key))
                break
            except OSError:
                assert time.monotonic() < deadline, "nothing listens on the printed address"
                time.sleep(0.1)
        with ws:
            ws.send(json.dumps({"op": "new_game", "game": "ultimus", "players": 2, "mode": "full"}))
            deadline = time.monotonic() + 20
            tokens = []
            while not tokens and time.monotonic() < deadline:
                page = json.loads(ws.recv(timeout=10))
                tokens = [q["url"].rsplit("/", 1)[1] for q in page.get("qr") or ()]
        for t in tokens:
            assert _get("http://127.0.0.1:%d/seat/%s" % (port, t))[0] == 200
            with connect("ws://127.0.0.1:%d/ws/seat/%s" % (port, t)) as ws:
                assert json.loads(ws.recv(timeout=10))["kind"] == "seat"
        assert _get("http://127.0.0.1:%d/seat/%s" % (port, "1" * 16))[0] == 403
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        proc.wait(timeout=20)
        # what readline() took into the pipe's buffer with the first line, then the rest (communicate() would
        # read the pipe itself and miss the lines already buffered: the referee's line came with the first)
        out = proc.stdout.read()
    assert tokens and "Ultimus serve stopped" in out, out
    assert not any(t in out for t in tokens + [key]), out
    assert "referee.key" in first + out  # where the referee's key is, since its output is no terminal
