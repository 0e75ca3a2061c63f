"""`ultimus sim` as a real subprocess, reached only through its pseudo-terminal with pyserial."""

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ultimus.randomplay import play_on
from games.ultimus.rng import Rng
from ultimus_host.client import DigestMismatch, LinkClient, LinkError, Lockstep, virtual_token

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_sim(state_dir):
    proc = subprocess.Popen(
        [sys.executable, "-m", "ultimus_host.cli", "sim", "--headless", "--state", str(state_dir), "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    first = proc.stdout.readline()
    match = re.search(r"link on (\S+)", first)
    assert match, first + proc.stderr.read()
    assert first.startswith("Ultimus virtual box: "), first  # the box, not the game ULTIMUS (it plays five)
    return proc, match.group(1)


def stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait(5)


@pytest.fixture
def sim(tmp_path):
    proc, port = start_sim(tmp_path)
    yield proc, port, tmp_path
    stop(proc)


def random_action(game, rng):
    seats = game.actors()
    if seats:
        options = game.legal_actions(rng.choice(seats))
        small = [a for a in options if a["a"] not in ("damage", "heal", "bleed") or a["n"] <= 3]
        return rng.choice(small or options)
    options = game.legal_actions(-1)
    return play_on(options) or options[0]


def test_a_whole_battle_over_the_link_in_lockstep(sim):
    proc, port, _ = sim
    client = LinkClient(port)
    hello = client.call("hello")
    assert hello["game"] is None and hello["protocol"] == 3
    assert hello["games"][:2] == ["ultimus", "morituri"] and "munera" in hello["games"]
    assert "morituri_board" in hello["games"]
    assert (
        client.call("new_game", game="ultimus", players=4, seed=11, mode="box", stations=[0, 1, 3, 5])["playing"]
        == "ultimus"
    )
    lock = Lockstep(client)
    rng = Rng(5)
    while lock.game.phase != "battle_end":
        lock.apply(random_action(lock.game, rng))
    assert lock.check() == lock.game.digest()
    events = client.events + client.poll_events(0.3)
    assert any(e["e"] == "battle_end" for e in events)  # the box told the link as it happened
    assert any("hidden" in e for e in events)  # the referee hears the commitments
    assert client.auth(None) is None  # a spectator from now on
    assert client.call("state")["state"]["phase"] == "battle_end"
    assert not any("hidden" in e for e in client.poll_events(0.2))


def test_lockstep_stops_loudly_at_the_first_difference(sim):
    _, port, _ = sim
    client = LinkClient(port)
    client.call("new_game", players=2, seed=3, mode="full")
    lock = Lockstep(client)
    lock.apply({"a": "draw_loudest"})
    lock.game.state["bank"] += 1  # the host's copy goes wrong
    with pytest.raises(DigestMismatch):
        lock.apply({"a": "bet", "p": 0, "k": 0, "won": 0})


def test_button_presses_on_the_box_are_followed_by_the_lockstep(sim):
    _, port, folder = sim
    client = LinkClient(port)
    for b in (0, 1, 20):  # two stations join, confirm
        client.call("press", button=b)
    time.sleep(0.3)
    with pytest.raises(LinkError):  # a spectator cannot replay the game: no secrets
        Lockstep(client)
    # the virtual box keeps the referee token in its folder, which holds the journal anyway
    lock = Lockstep(client, virtual_token(client.call("hello")["game"], folder))
    client.call("press", button=20)  # the box draws the loudest spectator
    time.sleep(0.3)
    lock.catch_up()
    assert lock.game.phase == "betting"


def test_the_virtual_box_restarted_mid_battle_resumes_the_game(tmp_path):
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        token = client.call("new_game", players=3, seed=8, mode="box")["referee"]
        lock = Lockstep(client)
        rng = Rng(2)
        for _ in range(25):
            if lock.game.phase == "battle_end":
                break
            lock.apply(random_action(lock.game, rng))
        before = client.call("digest")
        game_id = client.call("hello")["game"]
        client.close()
    finally:
        stop(proc)  # the power is pulled
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        assert client.call("hello")["game"] == game_id
        assert client.call("digest")["digest"] == before["public"]  # a spectator again: the public digest
        client.auth(token)  # the referee again: the full digest
        again = client.call("digest")
        assert (again["digest"], again["public"], again["actions"]) == (
            before["digest"],
            before["public"],
            before["actions"],
        )
    finally:
        stop(proc)


@pytest.fixture(scope="module")
def fuzz_box(tmp_path_factory):
    proc, port = start_sim(tmp_path_factory.mktemp("fuzz"))
    client = LinkClient(port)
    client.call("new_game", players=3, seed=2, mode="box")
    yield client
    client.close()
    stop(proc)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    junk=st.lists(
        st.one_of(
            st.binary(max_size=200),
            st.just(b"\n"),
            st.just(b"x" * 3000),
            st.sampled_from(
                [
                    b'{"id": 1, "op": "apply", "action": {"a": "done", "p": 1}}\n',
                    b'{"id": "z", "op": "nope"}\n',
                    b'{"op": "apply"}\n',
                    b'{"id": 2, "op": "apply", "action": {"a": "damage", "p": 9}}\n',
                    b"\xff\xfe\x00\x03\n",
                    b"[]\n",
                    b"{\n",
                ]
            ),
        ),
        max_size=10,
    )
)
def test_fuzzing_the_link_changes_nothing_and_the_box_keeps_answering(fuzz_box, junk):
    client = fuzz_box
    before = client.call("digest")
    for chunk in junk:
        client.serial.write(chunk)
    client.serial.write(b"\n")
    after = client.call("digest")
    assert after["digest"] == before["digest"] and after["actions"] == before["actions"]


def test_connect_verify_save_then_replay_the_saved_log(sim, tmp_path):
    _, port, folder = sim
    client = LinkClient(port)
    client.call("new_game", players=2, seed=6, mode="box")
    client.close()  # the link a spectator's again: connect sees as the referee with the token kept in the folder
    actions = [
        '{"a": "set_loudest", "p": 1}',
        '{"a": "bets_placed"}',
        '{"a": "place", "p": 1, "g": 9}',
        '{"a": "place", "p": 1, "g": 3}',
        "state",
        "digest",
        "quit",
    ]
    log = tmp_path / "saved.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ultimus_host.cli",
            "connect",
            port,
            "--verify",
            "--save",
            str(log),
            "--state",
            str(folder),
        ],
        input="\n".join(actions) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "lockstep: 0 actions" in done.stdout and "refused: 'g' must be a whole number" in done.stderr
    assert json.loads(log.read_text())["log"][-1] == {"a": "place", "p": 1, "g": 3}
    replayed = subprocess.run(
        [sys.executable, "-m", "ultimus_host.cli", "replay", str(log)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert replayed.returncode == 0 and "the digest matches" in replayed.stdout


def test_a_headless_box_says_when_it_sets_a_broken_saved_game_aside(tmp_path):
    (tmp_path / "game.jnl").write_text('{"j": "not a journal"\n')
    proc, _ = start_sim(tmp_path)
    lines = []
    reader = threading.Thread(target=lambda: lines.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(20)  # a box that says nothing must fail the test, not hang it
    stop(proc)
    said = lines[0] if lines else "(nothing said)"
    assert said.startswith("saved game NOT resumed: ") and "game-1.jnl" in said, said
    assert "bad_journal" not in said, said  # words, not the code ('NOT resumed: bad_journal: the saved game's...')
    assert (tmp_path / "game-1.jnl").read_text() == '{"j": "not a journal"\n'
