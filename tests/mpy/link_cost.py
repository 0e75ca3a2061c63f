"""What each link request costs the box in MicroPython CPU, whole, through the real link code.

A 6-player ULTIMUS box game started over the link (new_game, "box" mode),
then ARGS[1] actions unmeasured (default 15) and ARGS[0] measured (default 40), each chosen here from the core's legal
actions (wounds of 1-2, so the battle lasts) and sent as an `apply`
request, followed by a `digest` request (what a client in lockstep sends),
a `digest` of a state the buttons changed (the kept digests dropped), and
every 5th action a `state` and a `log` request (the first page). Then the
box powers on again over the same flash: the CPU time from then to its
answer to `hello` (it replays the journal first), the least of RESUMES, is "resume"; the rest of
the game is played on the box, and the same for its whole journal
("records" long) is "resume_long".

A request's cost is every microsecond of CPU the box spends on it (Node's
CPU time of the process, so that other work on a busy machine does not
count): the line fed to the link and, where the reply is a job run in
pieces, every piece until the reply is out. The link's own clock stands
still, so such a job runs a piece a turn and never takes the short cut of a
fast machine (a Pico never does): what the pieces cost, without a clock
reading among them. The longest single call (one turn of the event loop)
is kept too, for each kind of request, with the action of the worst; a Pico would gather several
pieces into a turn of up to 3 ms. tools/bench.py runs Node with NODE_FLAGS: V8 then compiles the port's
WebAssembly with its optimizing compiler, every function of it before the script starts (never again while
it runs: lazily, the first call of a C function in a measured turn cost it 0.2-0.5 ms of compiling) and
keeps no thread of its own besides the one running MicroPython, nor collects its own heap during
the run, so that the process's CPU time is that thread's (without them a compiler thread's work on
the port's hot code, or a scavenge of V8's heap, counted in the turn it ran beside).

It runs any version's box whose runtime has Box(drivers, seed_source) and
a link with feed(bytes): the bench runs it on this tree and on 0.1.0's
(tools/bench.py, extracted from git). Prints the worst turn's request ("worst=KIND:ACTION core=US": the
microseconds of it in shell.apply: the action, its journal record and its events), then
one line of medians and worsts in microseconds: "apply=.. apply_max=.. apply_turn=.. digest=..
fresh=.. state=.. log=.. turn=.. turn_p90=.. actions=N resume=.. records=N resume_long=..
turn_digest=.. turn_fresh=.. turn_state=.. turn_log=..".
"""

import gc
import json
import time

from ultimus_host.fakes import FakeBoard
from ultimusbox.runtime import Box

try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = []


try:
    from js import process  # the WebAssembly port in Node: the process's CPU time (its ticks_us counts ms)

    _usage = process.cpuUsage

    def _clock_us():
        _calls[0] += 1
        u = _usage()
        return u.user + u.system

except ImportError:

    def _clock_us():
        _calls[0] += 1
        return time.ticks_us()


_calls = [0]  # clock readings so far: each costs this port a call into JavaScript, taken off the figures


_overhead = [0]  # tenths of a microsecond one clock reading costs, measured again before each step


def _calibrate(n=300):
    """What a clock reading costs now (Node compiles the call again, faster, after a while)."""
    start = _clock_us()
    for _ in range(n):
        _clock_us()
    _overhead[0] = (_clock_us() - start) * 10 // n


def now():
    return _clock_us()


def since(start, calls):
    """Microseconds since `start`, less what the clock readings since `calls` cost."""
    return max(0, _clock_us() - start - (_calls[0] - calls) * _overhead[0] // 10)


class StoppedClock:
    """The link's clock: it never moves, so a job runs one piece per turn and the link reads no clock of
    its own (each reading would cost this port a call into JavaScript inside the figures)."""

    def us(self):
        return 0

    def ms(self):
        return 0

    def diff(self, a, b):
        return a - b

    def add(self, t, delta):
        return t + delta


_fb = FakeBoard()
_box = Box(_fb, lambda: 3)
_link = _box.link
_shell = getattr(_box, "shell", None) or _box.app
if hasattr(_link, "pieces"):
    _link.pieces(StoppedClock(), 0)
_times = {"apply": [], "digest": [], "fresh": [], "state": [], "log": [], "new_game": []}
_turns = {"apply": 0, "digest": 0, "fresh": 0, "state": 0, "log": 0, "all": 0, "each": [], "worst": "-"}
_core = [0, 0]  # the CPU of shell.apply in this request (the action, its journal record and events); the worst's
_rid = [0]
_pick = [12345]
_total = int(ARGS[0]) if ARGS else 40
_warm = int(ARGS[1]) if len(ARGS) > 1 else 15  # actions played first, unmeasured (Node compiles hot code again)
DEBUG = len(ARGS) > 2


def _request(kind, body):
    """Send one request; (whole cost, longest call) in microseconds, and the reply."""
    _rid[0] += 1
    body["id"] = _rid[0]
    line = json.dumps(body).encode() + b"\n"
    _core[0] = 0
    calls = _calls[0]
    start = now()
    _link.feed(line)
    longest = since(start, calls)
    while getattr(_link, "job", None) is not None:
        turn_calls = _calls[0]
        turn_start = now()
        _link.work()
        longest = max(longest, since(turn_start, turn_calls))
    spent = since(start, calls)
    reply = None
    for text in b"".join(_link.out).split(b"\n")[:-1]:  # a long reply may be queued in pieces
        msg = json.loads(text)
        if msg.get("id") == _rid[0]:
            reply = msg
    del _link.out[:]
    if reply is None or not reply.get("ok"):
        raise RuntimeError("%s failed: %r" % (kind, reply))
    if _done[0] < _warm:
        return reply
    _times[kind].append(spent)
    if DEBUG and longest > 1500:
        print("slow", kind, longest, line[:80])
    if longest > _turns["all"]:
        _turns["all"] = longest
        _turns["worst"] = kind + (":" + body["action"]["a"] if kind == "apply" else "")
        _core[1] = _core[0]
    _turns["each"].append(longest)
    _turns[kind] = max(_turns[kind], longest)
    return reply


def _choose(game):
    """One legal action, chosen by a small LCG of this script (the same on every version)."""
    seats = game.actors()
    if seats:
        _pick[0] = (_pick[0] * 1103515245 + 12345) & 0x7FFFFFFF
        options = [
            a
            for a in game.legal_actions(seats[_pick[0] % len(seats)])
            if a["a"] not in ("damage", "bleed", "heal") or a.get("n", 1) <= 2
        ]
    else:
        options = game.legal_actions(-1)
    if not options:
        return None
    _pick[0] = (_pick[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return options[_pick[0] % len(options)]


def _timed_apply(apply):
    """shell.apply, its CPU added to _core[0]."""

    def timed(action):
        calls = _calls[0]
        start = now()
        try:
            return apply(action)
        finally:
            _core[0] += since(start, calls)

    return timed


_shell.apply = _timed_apply(_shell.apply)
_done = [0]
_request("new_game", {"op": "new_game", "players": 6, "seed": 3, "mode": "box"})


def _resume():
    """Power on again over the same flash: the box replays its journal; then a hello. Its CPU time."""
    global _box, _link
    _box = _link = None
    gc.collect()
    calls = _calls[0]
    start = now()
    _box = Box(FakeBoard(_fb.storage), lambda: 3)
    _link = _box.link
    _link.feed(b'{"id": 0, "op": "hello"}\n')
    spent = since(start, calls)
    if b'"ok": true' not in b"".join(_link.out):
        raise RuntimeError("no hello after the resume")
    return spent


def _whole_game():
    """The rest of the game, applied on the box without the link (every battle, to the final count)."""
    game = _shell.game
    for _ in range(20):  # a few actions a step: this port frees garbage only between steps
        if game.state["phase"] == "over":
            return False
        seats = game.actors()
        if seats:
            action = _choose(game)
        else:
            options = game.legal_actions(-1)
            action = ([a for a in options if a["a"] == "next"] or options)[0]
        _shell.apply(action)
        del _link.out[:]
    return True


_phase = ["play", 0]
RESUMES = 3  # power-ons measured per journal, one a step (a collection in one of them is this port's)


def _best_resume(figure):
    """One more power-on; its CPU time kept if it is the least so far. Whether all were measured."""
    _times[figure] = min(_times.get(figure, 1 << 30), _resume())
    _phase[1] += 1
    if _phase[1] < RESUMES:
        return False
    _phase[1] = 0
    return True


def step():
    global _shell
    if _phase[0] == "rest":
        if _whole_game():
            return True
        _times["records"] = len(_shell.game.log)
        _phase[0] = "long"
        return True
    if _phase[0] == "long":
        if not _best_resume("resume_long"):
            return True
        _report()
        return False
    if _phase[0] == "short":
        if _best_resume("resume"):
            _shell = getattr(_box, "shell", None) or _box.app
            _phase[0] = "rest"
        return True
    game = _shell.game
    action = None
    if _done[0] < _warm + _total and game.state["phase"] not in ("battle_end", "over"):
        action = _choose(game)
    if action is None:
        _phase[0] = "short"
        return True
    gc.collect()
    _calibrate()
    _request("apply", {"op": "apply", "action": action})
    _request("digest", {"op": "digest"})
    if hasattr(_shell, "changes"):
        _shell.changes += 1  # as after a press that changed the state: the kept digests are stale
    _request("fresh", {"op": "digest"})
    _done[0] += 1
    if _done[0] % 5 == 0:
        gc.collect()
        _request("state", {"op": "state"})
        gc.collect()
        _request("log", {"op": "log"})
    return True


def _median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else 0


def _report():
    t = _times
    print("worst=%s core=%d" % (_turns["worst"], _core[1]))
    print(
        "apply=%d apply_max=%d apply_turn=%d digest=%d fresh=%d state=%d log=%d turn=%d turn_p90=%d actions=%d"
        " resume=%d records=%d resume_long=%d turn_digest=%d turn_fresh=%d turn_state=%d turn_log=%d"
        % (
            _median(t["apply"]),
            max(t["apply"]),
            _turns["apply"],
            _median(t["digest"]),
            _median(t["fresh"]),
            _median(t["state"]),
            _median(t["log"]),
            _turns["all"],
            sorted(_turns["each"])[len(_turns["each"]) * 9 // 10],
            _done[0],
            _times["resume"],
            _times["records"],
            _times["resume_long"],
            _turns["digest"],
            _turns["fresh"],
            _turns["state"],
            _turns["log"],
        )
    )
