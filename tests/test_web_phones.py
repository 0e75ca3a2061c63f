"""`ultimus serve`'s phones made for the moment: a seat's page says what the seat decides in a sentence, each
button's cost (the rules' own), the kinds of action the rules refuse now with their reasons (referee.acting's
refusal, never a rule restated), a thinker's pairs once, the box's countdown, and no keyboard key. Every game
of the registry is played at random from its own example set-ups (no hand list of games)."""

import random

import pytest

from referee import acting
from referee.engine import copy_data
from ultimus_host import registry
from ultimus_host.web import pages
from ultimus_host.web.bridge import without_keys
from ultimusbox import games


def example_games():
    for name in registry.names():
        for k, setup in enumerate(registry.get(name).examples):
            yield pytest.param(name, dict(setup), id="%s-%d" % (name, k))


def twin_of(game, setup):
    """The same game in a state of its own (an action applied to it leaves `game` as it is)."""
    twin = games.build(game.rules.NAME, setup)
    twin.state = copy_data(game.state)
    return twin


def seat_pages(name, setup, steps=250, seed=3):
    """(game, seat, page, options) of every seat with something to do, at each step of a random game."""
    game = games.build(name, setup)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase == game.rules.FLOW.end:
            return
        for seat in game.actors():
            page, options = pages.seat_page_of(game, name, seat, ["an event"], None, 1)
            yield game, seat, page, options
        options = game.legal_actions(rng.choice(game.actors() or [-1]))
        if not options:
            return
        game.apply(rng.choice(options))


@pytest.mark.parametrize("name, setup", list(example_games()))
def test_every_decision_of_every_game_has_its_sentence_and_the_refused_kinds_their_rules_reasons(name, setup):
    met = 0
    for game, seat, page, options in seat_pages(name, setup):
        kinds = {a["a"] for a in options}
        assert page["decision"], (name, game.phase, sorted(kinds))  # never "your move" above bare buttons
        for r in page["refused"]:
            for kind in r["kind"].split(", "):
                action = kind.replace(" ", "_")
                assert action not in kinds  # a greyed-out kind is one the seat cannot take now
                why = acting.refusal(game.rules, game.state, seat, action)
                assert why is not None and r["why"] == pages.plain(
                    pages.words.refusal(name, why[1], game.seat_view(seat), None)
                )
            met += 1
    assert met or name not in ("munera", "ultimatum"), "no refused kind ever shown"


def test_munera_s_buttons_cost_what_the_rules_charge():
    """Each action's cost on its button is the AP that applying it spends, for every option at every step."""
    name = "munera"
    setup = dict(registry.get(name).examples[0])
    told = set()
    for game, _, page, options in seat_pages(name, setup, steps=300):
        for item in page["actions"]:
            a = options[item["i"]]
            twin = twin_of(game, setup)
            before = twin.state["ap"], twin.state["spent"], twin.state["turn"]
            twin.apply(a)
            spent = twin.state["spent"] - before[1] if twin.state["turn"] == before[2] else 0
            assert item["cost"] == ("%d AP" % spent if spent > 0 else None), (a, item)
            told.add(item["cost"])
    assert {"1 AP", "2 AP"} <= told, told


def test_ultimatum_s_buttons_cost_what_the_bank_takes():
    """Each action's cost on its button is the money that applying it takes from the seat's savings and war
    chest (none for one that pays the seat), at every step."""
    name = "ultimatum"
    setup = dict(registry.get(name).examples[0])
    told = set()
    for game, seat, page, options in seat_pages(name, setup, steps=150):
        for item in page["actions"]:
            twin = twin_of(game, setup)
            before = sum(twin.state["purses"][p][seat] for p in twin.state["purses"])
            twin.apply(options[item["i"]])
            spent = before - sum(twin.state["purses"][p][seat] for p in twin.state["purses"])
            assert item["cost"] == ("$%d" % spent if spent > 0 else None), (options[item["i"]], item)
            told.add(item["cost"])
    assert len(told) > 3, told


def test_munera_refuses_an_action_short_of_ap_with_the_ledger_s_own_words():
    name = "munera"
    reasons = set()
    for _, _, page, _ in seat_pages(name, dict(registry.get(name).examples[0]), steps=400):
        reasons |= {r["why"] for r in page["refused"]}
    assert any("AP needed" in r for r in reasons), sorted(reasons)[:10]


def test_a_thinker_s_pairs_are_listed_once():
    """ULTIMUS's legal listing has both orders of every pair of cards a thinker discards (apply takes either);
    the phone shows each pair once: 3 cards, 1 + 3 + 3 buttons, not 1 + 3 + 6."""
    from games.ultimus.rules import RULES, new_setup
    from referee.engine import Game

    game = Game(RULES, new_setup(2, 7, battles=1, mode="full"))
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        if game.phase == "over" or checked > 3:
            break
        for seat in game.actors():
            options = game.legal_actions(seat)
            thinks = [a for a in options if a["a"] == "think"]
            if thinks:
                page, _ = pages.seat_page_of(game, "ultimus", seat, [], None, 1)
                shown = [a for a in page["actions"] if a["group"] == "think"]
                n = len(set(c for a in thinks for c in a["c"]))
                assert len(thinks) == 1 + n + n * (n - 1)
                assert len(shown) == 1 + n + n * (n - 1) // 2, [a["text"] for a in shown]
                checked += 1
        game.apply(rng.choice(game.legal_actions(rng.choice(game.actors() or [-1]))))
    assert checked


def test_a_seat_page_carries_the_box_s_countdown_as_the_table_does():
    game = games.build("ultimus", {"players": 2, "seed": 1})
    page, _ = pages.seat_page_of(game, "ultimus", 0, [], None, 1, countdown=4)
    assert page["countdown"] == {"n": 4, "word": "Quattuor"} == pages.countdown_words(4)
    assert pages.seat_page_of(game, "ultimus", 0, [], None, 1)[0]["countdown"] is None
    assert pages.countdown_words(0) is None and pages.countdown_words(6) is None


def test_the_pages_name_no_key_of_the_virtual_box_s_keyboard():
    said = "his turn: confirm [Enter]; table dice: THINK q-y before confirm (keys 1-6); THINK q-y types a die of 1-6"
    said += "; press the wheel of each figure [asdfgh]; wheels [a s d f]: a nation, [g h]: a sea place; mode [m]"
    told = without_keys(said)
    assert not any(k in told for k in ("q-y", "[", "(keys")), told
    assert "THINK at a station types a die of 1-6" in told
    assert "wheels 1-4: a nation, wheels 5 and 6: a sea place" in told, told


def test_serve_prints_the_seats_qr_codes_in_its_terminal(tmp_path):
    """`ultimus serve` in a terminal (a pseudo-terminal here): after a new game each seat's QR code is printed
    under its station's name, as docs/serve.md says (and never into a pipe or a log: the other serve tests)."""
    import json
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    from web_helpers import free_port, ws_client

    port = free_port()
    master, slave = pty.openpty()
    command = [sys.executable, "-m", "ultimus_host.cli", "serve", "--state", str(tmp_path), "--port", str(port)]
    proc = subprocess.Popen(command + ["--host", "127.0.0.1"], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    out = b""

    def read(until, seconds=20):
        nonlocal out
        deadline = time.monotonic() + seconds
        while until not in out and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
        return until in out

    try:
        assert read(b"Ultimus serve: the table page is"), out
        key = (tmp_path / "referee.key").read_text().strip()
        with ws_client.connect("ws://127.0.0.1:%d/ws/referee/%s" % (port, key)) as ws:
            ws.send(json.dumps({"op": "new_game", "game": "munera", "players": 2}))
            assert read(b"station 2's page"), out[-2000:]
        text = out.decode("utf-8", "replace")
        after = text[text.index("station 1's page") :]
        assert "\u2588" in after.split("station 2's page")[0]  # the code's full blocks, under its caption
    finally:
        proc.terminate()
        proc.wait(20)
        os.close(master)
