"""Power cuts: the storage dies at every point of a scripted battle; the box always resumes
with every accepted action and nothing invented."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import SCRIPT, new_box, run_line  # noqa: E402
from games.ultimus.rules import RULES  # noqa: E402
from referee.engine import replay  # noqa: E402
from ultimus_host.fakes import FakeStorage, PowerCut  # noqa: E402


class RecordingStorage(FakeStorage):
    """Remembers where each write starts and ends in the stream of written bytes."""

    def __init__(self):
        FakeStorage.__init__(self)
        self.spans = []

    def _write(self, name, data, append):
        start = self.writes
        FakeStorage._write(self, name, data, append)
        self.spans.append((start, len(data)))


def reference():
    storage = RecordingStorage()
    fb, box = new_box(storage)
    for line in SCRIPT[:-1]:  # up to the final count, while the journal is still there
        run_line(fb, box, line)
    return storage.spans, box.shell.game.setup, list(box.shell.journal)


def cut_points(spans):
    points = set()
    for start, length in spans:
        for offset in (0, 1, length // 2, length - 1, length):
            points.add(start + offset)
    return sorted(points)


def run_with_cut(budget):
    storage = FakeStorage()
    storage.cut_after(budget)
    fb, box = new_box(storage)
    try:
        for line in SCRIPT[:-1]:
            run_line(fb, box, line)
    except PowerCut:
        pass
    else:
        raise AssertionError("the power cut never came")
    storage.power_on()
    return storage, new_box(storage)[1]


def test_the_box_resumes_with_every_accepted_action_after_a_cut_at_any_point():
    spans, setup, actions = reference()
    header_end = spans[0][0] + spans[0][1]
    ends = [start + length for start, length in spans[1:]]  # the end of each action's record
    assert len(ends) == len(actions)
    checked = 0
    for budget in cut_points(spans):
        if budget >= ends[-1]:
            continue
        storage, box = run_with_cut(budget)
        if budget < header_end:
            assert box.shell.game is None  # the new game never fully reached the flash
            continue
        accepted = sum(1 for end in ends if end <= budget)
        resumed = list(box.shell.journal)
        assert resumed == actions[:accepted], budget  # all accepted, nothing invented
        assert box.shell.game.digest() == replay(RULES, setup, actions[:accepted]).digest()
        # and the box goes on: the next action is saved and survives another restart
        box.shell.apply(actions[accepted])
        again = new_box(storage)[1]
        assert list(again.shell.journal) == actions[: accepted + 1]
        checked += 1
    assert checked > 100
