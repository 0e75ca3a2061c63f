"""The virtual box's terminal picture of one game at one moment, drawn by `ultimus sim`'s own TerminalUI in
whatever terminal runs this (tests/test_virtualbox_tmux.py runs it in tmux), and what that picture must hold.

python tests/tmux_box.py GAME STATIONS ACTIONS FOLDER FIELDS.json: a virtual box in FOLDER with GAME chosen,
STATIONS stations joined and the game started, then ACTIONS seeded random legal actions applied through the
box's shell (as a link's would be); then the box stands still (its loop does not run: no countdown moves
the picture on) while the terminal UI draws it, Tab flipping its pages, until the terminal closes. Each
picture drawn writes FIELDS.json: every field a player reads (each wheel's label and words, the game's
table, what now, the newest event), the terminal's size and how many pages the picture has there.
"""

import json
import os
import sys
import time

from referee.rng import Rng
from ultimus_host import virtualbox
from ultimusbox import board


def _box(name, stations, actions, folder):
    vbox = virtualbox.VirtualBox(folder, seed=1, game=name)
    for st in range(stations):
        vbox.fb.buttons.push(board.SHOUT_0 + st)
        vbox.box.step()
    vbox.fb.buttons.push(board.CONFIRM)
    vbox.box.step()
    rng, game = Rng(7), vbox.box.shell.game
    for _ in range(actions):
        legal = [a for seat in (game.actors() or [-1]) for a in game.legal_actions(seat)]
        if not legal or game.phase == game.rules.FLOW.end:
            break
        vbox.box.shell.act(legal[rng.below(len(legal))])
        vbox.box.step()
    return vbox


def fields(vbox):
    shell = vbox.box.shell
    out: dict = {"wheels": [list(virtualbox._wheel_words(shell, g)) for g in range(board.RINGS)]}
    out["now"] = shell.screen.describe()
    out["table"] = shell.screen.describe_table() if hasattr(shell.screen, "describe_table") else ""
    out["log"] = list(vbox.log_lines)
    out["header"] = virtualbox.header_line(vbox)
    return out


class Drawn(virtualbox.TerminalUI):
    """The terminal UI, writing down what each picture held as it is drawn."""

    def __init__(self, vbox, path):
        super().__init__()
        self.vbox, self.path, self.said = vbox, path, None

    def draw(self, vbox):
        super().draw(vbox)
        width, height = self.console.size
        said: dict = dict(fields(vbox), size=[width, height], pages=len(virtualbox.pictures(vbox, width, height)))
        said["page"] = self.page % said["pages"]
        if said != self.said:
            with open(self.path + ".tmp", "w") as f:
                json.dump(said, f)
            os.replace(self.path + ".tmp", self.path)
            self.said = said


def main(name, stations, actions, folder, path):
    vbox = _box(name, int(stations), int(actions), folder)
    with Drawn(vbox, path) as ui:
        while True:
            ui.poll_keys(vbox)
            ui.draw(vbox)
            time.sleep(0.02)


if __name__ == "__main__":
    try:
        main(*sys.argv[1:])
    except KeyboardInterrupt:
        pass
