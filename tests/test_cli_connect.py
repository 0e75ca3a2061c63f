"""`ultimus connect` as a person meets it: live events, a prompt, the legal actions, a save on Ctrl-C."""

import asyncio
import json
import queue
import signal
import subprocess
import sys
import threading
import time

from test_host_sim import ROOT, start_sim, stop
from ultimus_host.client import LinkClient, virtual_token
from ultimus_host.console import Console
from ultimus_host.virtualbox import VirtualBox


def ultimus(*args, typed="quit\n"):
    """`ultimus ARGS` run as a person would, `typed` at its prompt: the finished process (returncode, stdout...)."""
    command = [sys.executable, "-m", "ultimus_host.cli", *args]
    return subprocess.run(command, input=typed, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_events_show_as_they_arrive_while_nothing_is_typed(tmp_path):
    vbox = VirtualBox(str(tmp_path), seed=1)
    loop = asyncio.new_event_loop()
    task = loop.create_task(vbox.run(None))

    def serve():
        try:
            loop.run_until_complete(task)
        except asyncio.CancelledError:
            rest = asyncio.all_tasks(loop)  # the box's own tasks: cancelled and waited for, not left pending
            for t in rest:
                t.cancel()
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    client = LinkClient(vbox.path)
    try:
        assert client.call("hello")["ok"]  # as `ultimus connect` does: a host attached hears the events
        shown = []
        console = Console(client, lambda text, err=False, nl=True: shown.append(text))
        nothing_typed = queue.Queue()
        for key in "14":  # people at the box press SHOUT at stations 1 and 4
            vbox.press_key(key)
        end = time.monotonic() + 10
        console.run(
            nothing_typed, until=lambda: time.monotonic() > end or any("station 1, station 4" in s for s in shown)
        )
        assert any("pressed: SHOUT at station 4" in s for s in shown), shown
        assert any("at the table: station 1, station 4" in s for s in shown), shown
    finally:
        client.close()
        loop.call_soon_threadsafe(task.cancel)
        thread.join(5)


def test_actions_lists_what_whoever_is_to_act_may_do_and_ctrl_c_still_saves(tmp_path):
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        client.call("new_game", players=2, seed=6, mode="box", stations=[2, 4])
        client.call("apply", action={"a": "set_loudest", "p": 1})
        client.close()
        saved = tmp_path / "saved.json"
        connect = subprocess.Popen(
            [sys.executable, "-m", "ultimus_host.cli", "connect", port, "--save", str(saved), "--state", str(tmp_path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert connect.stdin and connect.stdout
        connect.stdin.write("actions\n")
        connect.stdin.flush()  # and the input stays open: only Ctrl-C ends this session
        lines = []
        end = time.monotonic() + 20
        while time.monotonic() < end and not any("bets_placed" in s for s in lines):
            lines.append(connect.stdout.readline())
        assert any("the referee (the box itself) may:" in s for s in lines), lines
        assert any('{"a": "bets_placed"}' in s and "the bets are placed" in s for s in lines), lines
        connect.send_signal(signal.SIGINT)
        out, err = connect.communicate(timeout=20)
        assert connect.returncode == 0, err
        assert "Traceback" not in err and "saved 1 action " in out
        assert json.loads(saved.read_text())["log"] == [{"a": "set_loudest", "p": 1}]
    finally:
        stop(proc)


def test_station_numbers_of_the_box_name_the_people(tmp_path):
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        client.call("new_game", players=2, seed=6, mode="box", stations=[2, 4])
        client.close()  # its eye given back: connect sees as the referee with the token the folder keeps
        done = ultimus("connect", port, "--state", str(tmp_path), typed='{"a": "set_loudest", "p": 1}\nquit\n')
        assert done.returncode == 0, done.stderr
        assert "station 5 is the loudest spectator" in done.stdout  # seat 1 sits at station 4 on the link: key 5
    finally:
        stop(proc)


def test_a_spectators_link_is_told_how_to_see_more_and_auth_makes_it_the_referee(tmp_path):
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        referee = client.call("new_game", players=2, seed=6, mode="box", stations=[2, 4])["referee"]
        client.call("auth")  # the line is a spectator's again
        client.close()
        lines = ["actions", "auth %s" % referee, "actions", "auth nonsense", "quit"]
        done = ultimus("connect", port, typed="\n".join(lines) + "\n")
        assert done.returncode == 0, done.stderr
        assert "only the referee's link sees the whole game" in done.stdout
        assert "this link now sees as the referee" in done.stdout and "make station 3 the loudest" in done.stdout
        assert "refused: this token belongs to no seat" in done.stderr and "Traceback" not in done.stderr
        assert "bad_token" not in done.stderr  # the link's code is no word for a person
    finally:
        stop(proc)


def test_a_game_other_than_ultimus_is_saved_verified_and_replayed_with_its_own_rules(tmp_path):
    """The box plays five games: --save names the one played, --verify and replay run its rules (not ULTIMUS's)."""
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        referee = client.call("new_game", game="morituri", players=2, seed=3, figures=[["heavy"], ["light"]])["referee"]
        client.call("apply", action={"a": "initiative"})
        client.close()
        saved = tmp_path / "saved.json"
        done = ultimus("connect", port, "--verify", "--token", referee, "--save", str(saved))
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert "lockstep: 1 action," in done.stdout and "saved 1 action " in done.stdout
        assert json.loads(saved.read_text())["game"] == "morituri"
        again = ultimus("replay", str(saved))
        assert again.returncode == 0, again.stderr
        assert "1 action replayed (Morituri Te Salutamus)" in again.stdout and "the digest matches" in again.stdout
    finally:
        stop(proc)


def test_connect_finds_the_referee_token_of_a_virtual_box_started_with_state(tmp_path):
    """A virtual box started with --state DIR keeps its referee tokens in DIR: --state on connect reads them."""
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        client.call("new_game", players=2, seed=6, mode="box", stations=[2, 4])
        client.call("apply", action={"a": "set_loudest", "p": 1})
        client.call("auth")  # the link (shared by every program on it) is a spectator's again
        client.close()
        saved = {}
        for name, state in (("blind", []), ("seeing", ["--state", str(tmp_path)])):
            saved[name] = tmp_path / (name + ".json")
            done = ultimus("connect", port, "--save", str(saved[name]), *state)
            assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
            assert ("--state DIR" in done.stdout) == (name == "blind"), done.stdout
        assert "digest" not in json.loads(saved["blind"].read_text())  # the public log only
        whole = json.loads(saved["seeing"].read_text())
        assert "digest" in whole and whole["setup"]["seed"] == 6
    finally:
        stop(proc)


def test_connect_takes_the_referees_eye_of_a_virtual_box_and_shows_the_digest_the_box_shows(tmp_path):
    """The first connect to a virtual box whose game runs sees as its referee by itself (its token is in the
    box's folder), says so, and shows the full digest, the one in the box's header: no auth by hand."""
    proc, port = start_sim(tmp_path)
    try:
        client = LinkClient(port)
        client.call("new_game", game="munera", players=2, seed=4, gladiators=["murmillo", "retiarius"])
        client.call("auth")  # the link is a spectator's again, as a freshly started box's is
        client.close()
        done = ultimus("connect", port, "--state", str(tmp_path), typed="actions\nquit\n")
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        out = done.stdout
        assert "this link sees as the referee (everything): the token the virtual box keeps" in out, out
        client = LinkClient(port)
        try:
            assert client.call("state")["eye"] is None  # connect gave the referee's eye back as it quit
            client.auth(virtual_token(client.call("state")["game"], str(tmp_path)))
            box = client.call("digest")
        finally:
            client.close()
        assert box["digest"] != box["public"]  # the full digest, as the virtual box's header shows it
        assert "Munera Sine Missione: 0 actions so far, digest %s\n" % box["digest"] in out, out
        assert "roll each gladiator's stamina" in out  # Munera's actions, in Munera's words
        again = ultimus("connect", port, "--state", str(tmp_path))  # takes the eye again, with the folder's token
        assert again.returncode == 0 and "this link sees as the referee (everything)" in again.stdout, again.stdout
    finally:
        stop(proc)


def test_a_game_started_on_the_box_while_connect_watches_is_followed_as_its_referee(tmp_path):
    """connect made at the game menu: the game then started with the box's buttons is the console's, with the
    referee's eye (the link made every eye a spectator's again at the new game)."""
    vbox = VirtualBox(str(tmp_path), seed=1)
    loop = asyncio.new_event_loop()
    task = loop.create_task(vbox.run(None))

    def serve():
        try:
            loop.run_until_complete(task)
        except asyncio.CancelledError:
            rest = asyncio.all_tasks(loop)
            for t in rest:
                t.cancel()
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    client = LinkClient(vbox.path, token_folder=str(tmp_path))
    try:
        assert client.call("hello")["game"] is None
        shown = []
        console = Console(client, lambda text, err=False, nl=True: shown.append(text))
        for key in "13\r":  # SHOUT at stations 1 and 3, confirm: ULTIMUS starts on the box
            vbox.press_key(key)
        end = time.monotonic() + 10
        console.run(queue.Queue(), until=lambda: time.monotonic() > end or any("sees as" in s for s in shown))
        assert any("this link sees as the referee (everything)" in s for s in shown), shown
        assert "the referee (the box itself) may:" in console.actions_text()
    finally:
        client.close()
        loop.call_soon_threadsafe(task.cancel)
        thread.join(5)


class _DigestLink:
    """A box's link that answers digest as a referee's link (or a spectator's), and takes any press."""

    def __init__(self, referee):
        self.reply = {"digest": "a14f6759" if referee else "239cc87d", "public": "239cc87d", "actions": 16}
        self.pressed = []

    def call(self, op, **args):
        if op == "press":
            self.pressed.append(args["button"])
            return {"ok": True}
        return dict(self.reply, ok=True, id="21faddd6-5")


def test_digest_and_a_press_without_its_button_are_answered_in_words():
    """`digest` printed the link's raw JSON reply; `press wheel 9` and a bare `press` were 'not understood'."""
    for referee, said in (
        (True, "digest a14f6759 after 16 actions, as the box shows it (public digest 239cc87d)"),
        (False, "public digest 239cc87d after 16 actions (the box shows the referee's)"),
    ):
        shown = []
        link = _DigestLink(referee)
        console = Console(link, lambda text, err=False, nl=True, shown=shown: shown.append((text, err)))
        console.command("digest")
        assert shown == [(said, False)]
        del shown[:]
        for typed in ("press", "press wheel 9", "press shout", "press bell"):
            console.command(typed)
        assert len(shown) == 4 and all(err and text.startswith("press which button? shout 1-6") for text, err in shown)
        console.command("press wheel 6")
        assert link.pressed == [17]
