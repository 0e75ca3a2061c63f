"""The pictures of the players' guides (docs/play/img/): the real box app, driven to each game's moments.

    .venv/bin/python tools/draw_guides.py [OUT_DIR]     (default: docs/play/img)

Each game has a scene: key presses on the box, as a player makes them on the virtual
box (`ultimus sim`: 1-6 SHOUT, q-y THINK, a-h the wheels, - +, ok = confirm, u n m),
and, where a whole set-up stands between two moments, actions applied to the box's
game as its link would (the box's own rules pick them). At each moment the box's LED
frame is sampled for a second: a pixel that changes in that second blinks. The frame
is drawn as the box shows it: six wheels of 12 pixels (pixel 1 at 12 o'clock,
clockwise), the six station lights, what the virtual box says under them.

shots(game) gives the moments without drawing; the images come from draw(), and
frames.json beside them keeps the frames they show. tests/test_guides.py runs the
scenes again and fails when the box's lights no longer show what a picture shows:
run this tool again then, and look at the pictures.
"""

import os
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from games.ultimus.content import GLADIATOR_NAMES  # noqa: E402
from referee.rng import Rng  # noqa: E402
from ultimus_host.fakes import FakeBoard  # noqa: E402
from ultimusbox import board, games  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402
from ultimusbox.screens.ultimus.words import set_up_ring  # noqa: E402

OUT = os.path.join(ROOT, "docs", "play", "img")
GAMES = ("ultimus", "morituri", "ultimatum", "munera", "morituri_board")
KEYS = {"ok": board.CONFIRM, "-": board.MINUS, "+": board.PLUS, "u": board.THUMB_UP, "n": board.THUMB_DOWN}
KEYS["m"] = board.MODE
for _i in range(6):
    KEYS["123456"[_i]] = board.SHOUT_0 + _i
    KEYS["qwerty"[_i]] = board.THINK_0 + _i
    KEYS["asdfgh"[_i]] = board.WHEEL_0 + _i
SEED = 7  # what the box's entropy source gives: the same games, the same pictures
SAMPLE_MS = 50  # a blink is 500 ms on, 500 off: a second of samples sees both


class Shot:
    """One moment: its file name, its title, the frame (each pixel's colours, brightest first), which pixels blink,
    the wheels' labels and what the virtual box says."""

    def __init__(self, name, title, pixels, blinking, labels, words):
        self.name, self.title, self.pixels, self.blinking, self.labels, self.words = (
            name,
            title,
            pixels,
            blinking,
            labels,
            words,
        )


class Table:
    """A box on fake drivers, pressed as a table presses it."""

    def __init__(self, game):
        self.fb = FakeBoard()
        self.box = Box(self.fb, lambda: SEED)
        self.game = game
        self.shots = []
        self.rng = Rng(SEED)

    @property
    def shell(self):
        return self.box.shell

    def wait(self, ms):
        for _ in range(ms // 10):
            self.fb.clock.advance_ms(10)
            self.box.step()

    def keys(self, text):
        """Presses, 60 ms apart: `a 1 3 ok`; `3x-` is three presses of damage -."""
        for word in text.split():
            count = 1
            if "x" in word[:-1] and word.split("x")[0].isdigit():
                count, word = int(word.split("x")[0]), word.split("x", 1)[1]
            for _ in range(count):
                self.fb.buttons.push(KEYS[word])
                self.box.step()
                self.wait(60)

    def apply(self, action):
        """An action as the link gives it: the box's screen and lights follow as they do for the link."""
        self.shell.apply(action)
        self.box.changed = True
        self.box.step()

    def play_until(self, done, limit=3000, choose=None):
        """Actions the game's own random player picks, until done(state)."""
        module = __import__("games.%s.randomplay" % self.game, None, None, ["choose_action"])
        pick = choose or module.choose_action
        for _ in range(limit):
            g = self.shell.game
            assert g is not None, "a scene plays on only once its game has started"
            if done(g.state):
                self.wait(2000)  # the last action's dice are shown and gone, as at the table
                return
            self.apply(pick(g, self.rng))
        raise RuntimeError("the scene's moment never came")

    def labels(self):
        shell = self.shell
        game, screen = shell.game, shell.screen
        out = []
        for g in range(board.RINGS):
            deal = set_up_ring(game.state, g) if game is not None and shell.playing == "ultimus" else None
            if game is None:
                out.append(games.GAMES[g][1] if g < len(games.GAMES) else "")
            elif screen is not None and hasattr(screen, "describe_ring"):
                out.append(screen.describe_ring(g)[0])
            elif deal is not None:  # ULTIMUS's wheels before the gladiators enter
                out.append(("%s: %s" % deal) if deal[1] else "")
            else:
                out.append(GLADIATOR_NAMES[g])
        return out

    def snap(self, name, title, window_ms=1000):
        """The frame now and for window_ms more: the brightest colour of each pixel, and which change."""
        shell = self.shell
        words = shell.screen.describe() if shell.screen is not None else ""
        labels = self.labels()
        seen = [set() for _ in range(board.PIXELS)]
        for t in range(max(1, window_ms // SAMPLE_MS)):
            if t:
                self.wait(SAMPLE_MS)
            self.box.changed = True
            self.box.step()
            for i in range(board.PIXELS):
                seen[i].add(self.fb.leds.pixel(i))
        pixels = [tuple(sorted(colours, key=sum, reverse=True)) for colours in seen]  # brightest first
        blinking = [len(colours) > 1 for colours in seen]
        self.shots.append(Shot("%s-%s" % (self.game, name), title, pixels, blinking, labels, words))


# --- the scenes: each game's moments, in the order its guide tells them -----------------------------------


def scene_ultimus(t):
    t.keys("a 1 3 5")
    t.snap("menu", "The game menu: ULTIMUS chosen, stations 1, 3 and 5 joined")
    t.keys("ok 3")
    t.snap("setup", "Battle set-up: yelling cards, betting cards and new gold for each player")
    t.keys("ok")
    t.keys("h s f g d a")  # the loudest spectator (station 3) places first, then clockwise
    t.keys("1 e ok")
    t.wait(2000)
    t.snap("countdown", "The countdown: Tres...", window_ms=0)
    t.wait(3200)
    t.keys("ok")  # station 3 thinks: his turn ends at once; station 5 thought too late
    t.keys("ok s 3x-")
    t.snap("wound", "Station 1 enters three wounds on Sagittarius: they blink until confirm")
    t.keys("ok g n 12x- ok")
    t.snap("pollice", "Pollice verso: Barbarus at 0 waits for the loudest spectator's thumb")


def scene_morituri(t):
    t.keys("s 1 4 m")
    t.snap("menu", "The game menu: Morituri, station 1 heavy, station 4 light")
    t.keys("ok")
    t.snap("initiative", "Initiative: every player's light blinks white, confirm rolls 2D6 each")
    t.keys("ok")
    t.snap("movement", "Movement: Caesar (gold) calls each figure as it moves")
    t.keys("ok")
    t.keys("a s m")
    t.snap("melee", "Melee: who acts (white at 11), his target (amber), the target's menu (9-10)")
    t.keys("ok")
    t.wait(500)
    t.snap("dice", "The melee's dice: each die in turn as pips, the one who acts white, the other amber", window_ms=0)


def scene_ultimatum(t):
    t.keys("d 1 3 5 ok")
    t.snap("rolloff", "The first roll-off: every player's light blinks, confirm rolls the black die")
    t.play_until(lambda s: s["phase"] == "buy")
    t.snap("map", "The map on the wheels: the four alliances and the sea places, in each holder's colour")
    t.play_until(lambda s: s["phase"] == "battle")
    t.snap("battle", "A battle: the nation fought over blinks red")


def _munera_adjacent(s):
    from games.munera.arena import distance

    return s["phase"] == "act" and s["ap"] >= 4 and distance(s["g"][0]["pos"], s["g"][1]["pos"]) == 1


def scene_munera(t):
    t.keys("f 1 m 4 ok")
    t.snap("stamina", "The bout starts: confirm rolls each gladiator's stamina")
    t.keys("ok ok ok")
    t.wait(2000)  # the AP roll's dice are gone
    t.snap("turn", "A turn: the AP left in white, the direction of a move blinking cyan")
    t.play_until(_munera_adjacent)
    from ultimusbox.screens.munera.entry import ATTACK

    screen = t.shell.screen
    assert screen is not None
    for _ in range(13):  # mode walks the menu to the attack
        if screen.entry.menu == ATTACK:
            break
        t.keys("m")
    t.snap("attack", "An attack: the foe's 6 o'clock blinks white, the AP left in white on the attacker's wheel")
    t.play_until(lambda s: s["phase"] == "appeal")
    t.snap("appeal", "An appeal to the crowd: the beaten gladiator's wheel blinks")


def _board_duel(s):
    f = s["fight"]
    return s["phase"] == "fight" and f["b"] >= 0 and f["round"] >= 1


def scene_morituri_board(t):
    t.keys("g 1 3 5 ok")
    t.snap("rolloff", "The roll-off: every player's light blinks white, confirm rolls a die each")
    t.keys("ok")
    t.snap("move", "A move: the mover's light blinks gold, confirm rolls his die")
    t.keys("ok")
    t.wait(700)
    t.snap("die", "The die rolled for the move, as pips on the mover's wheel", window_ms=0)
    from games.morituri_board.randomplay import Chooser

    t.rng = Rng(13)  # a road on which two players meet in an arena soon
    t.play_until(_board_duel, choose=Chooser(3).choose)
    t.wait(2500)  # the last round's dice are gone
    t.snap("fight", "A fight between two players: combat hit points in red, those lost faint gold")


SCENES = {
    "ultimus": scene_ultimus,
    "morituri": scene_morituri,
    "ultimatum": scene_ultimatum,
    "munera": scene_munera,
    "morituri_board": scene_morituri_board,
}


def shots(game):
    t = Table(game)
    SCENES[game](t)
    return t.shots


# --- drawing ---------------------------------------------------------------------------------------------

BACKGROUND = "#17171c"
UNLIT = "#2c2c34"
INK = "#e8e6e3"
DIM_INK = "#9a98a0"


def led(rgb):
    """An LED's colour as a screen shows it: low levels lifted (an LED at 5 % still glows plainly)."""
    return tuple((c / 255.0) ** 0.45 for c in rgb)


def lit(rgb):
    return any(rgb)


def _pixel(ax, x, y, r, colours, blinking):
    """A pixel: its colour with a glow; one that alternates between two colours shows both halves."""
    from matplotlib.patches import Circle, Wedge

    shown = [c for c in colours if lit(c)]
    if shown:
        colour = led(shown[0])
        ax.add_patch(Circle((x, y), r * 1.9, color=colour, alpha=0.22, lw=0))
        ax.add_patch(Circle((x, y), r, color=colour, lw=0))
        if len(shown) > 1:
            ax.add_patch(Wedge((x, y), r, 90, 270, color=led(shown[1]), lw=0))
    else:
        ax.add_patch(Circle((x, y), r, facecolor=UNLIT, edgecolor="#3a3a44", lw=0.6))
    if blinking:
        ax.add_patch(Circle((x, y), r * 1.55, fill=False, edgecolor=INK, lw=1.0, ls=(0, (1.5, 1.5))))


def draw(shot, path):
    import math

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(8.0, 6.4), dpi=100)
    fig.patch.set_facecolor(BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 12)
    ax.set_ylim(0, 9.6)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.text(0.4, 9.2, shot.title, color=INK, fontsize=11.5, weight="bold", va="center")
    ring_r, pix_r = 1.05, 0.16
    for g in range(board.RINGS):
        cx = 2.0 + 4.0 * (g % 3)
        cy = 7.25 - 3.35 * (g // 3)
        for i in range(board.RING_PIXELS):
            a = math.radians(90 - 30 * i)
            k = board.ring_pixel(g, i)
            _pixel(ax, cx + ring_r * math.cos(a), cy + ring_r * math.sin(a), pix_r, shot.pixels[k], shot.blinking[k])
        ax.text(cx, cy + 0.08, "wheel %d" % (g + 1), color=DIM_INK, fontsize=8.5, ha="center", va="center")
        ax.text(cx, cy - 0.25, "key %s" % "asdfgh"[g], color=DIM_INK, fontsize=7.5, ha="center", va="center")
        label = "\n".join(textwrap.wrap(shot.labels[g], 30)[:2])
        ax.text(cx, cy - ring_r - 0.42, label, color=INK, fontsize=8.5, ha="center", va="top")
    sy = 1.6
    ax.text(0.4, sy, "stations", color=DIM_INK, fontsize=8.5, va="center")
    for st in range(board.STATIONS):
        x = 2.3 + 1.6 * st
        k = board.seat_pixel(st)
        _pixel(ax, x, sy, 0.2, shot.pixels[k], shot.blinking[k])
        ax.text(x + 0.42, sy, "%d" % (st + 1), color=INK, fontsize=9, va="center")
    lines = []
    for part in shot.words.split(" | "):  # the virtual box's fields, a line each
        lines.extend(textwrap.wrap(part, 104))
    words = "\n".join(lines[:5])
    ax.text(0.4, 1.0, words, color=INK, fontsize=7.8, va="top", family="monospace")
    from matplotlib.patches import Circle

    if any(shot.blinking):  # the key to the dotted circle, top right
        ax.add_patch(Circle((10.55, 8.55), 0.1, color=INK, lw=0))
        ax.add_patch(Circle((10.55, 8.55), 0.1 * 1.55, fill=False, edgecolor=INK, lw=1.0, ls=(0, (1.5, 1.5))))
        ax.text(10.8, 8.55, "blinking", color=DIM_INK, fontsize=8, va="center")
    import io

    from PIL import Image

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", facecolor=BACKGROUND)
    plt.close(fig)
    buffer.seek(0)
    # a palette of 128 colours is plenty for a dark lid and a few LED colours, and a fifth of the size
    Image.open(buffer).convert("RGB").quantize(128, dither=Image.Dither.NONE).save(path, optimize=True)


FRAMES = "frames.json"  # beside the pictures: the frames they were drawn from, for tests/test_guides.py


def fingerprint(shot):
    """A shot's LED frame as text: each pixel's colours (brightest first) in hex, '/' between a blink's two."""
    return " ".join("/".join("%02x%02x%02x" % c for c in colours) for colours in shot.pixels)


def main(argv):
    import json

    out = argv[1] if len(argv) > 1 else OUT
    os.makedirs(out, exist_ok=True)
    frames = {}
    for game in GAMES:
        for shot in shots(game):
            path = os.path.join(out, shot.name + ".png")
            draw(shot, path)
            frames[shot.name] = fingerprint(shot)
            print(path)
    with open(os.path.join(out, FRAMES), "w") as f:
        f.write("{\n%s\n}\n" % ",\n".join("%s: %s" % (json.dumps(k), json.dumps(frames[k])) for k in sorted(frames)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
