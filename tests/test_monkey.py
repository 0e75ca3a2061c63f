"""Whole evenings at the box, for each of its five games: the monkey of tests/mpy/monkey.py presses, waits,
enters legal actions, holds keys, fills the flash and cuts the power for minutes of the box's own clock,
with connect attached and asking now and then, while the virtual box draws every picture at 80x24 and
160x50 and every event goes through the virtual box's words, connect's console and the game's demo
narration (tests/monkey_host.py). Any exception, an
undrawable picture or an acknowledged action lost at a power cut fails the evening, with its game and
seed: `.venv/bin/python tools/soak.py --game GAME --first SEED --seeds 1 --minutes M` replays it (and
longer ones). The same monkey also spends evenings on the Pico's own storage driver over a LittleFS
image, its power cuts falling on the flash's page writes and erases (folds in idle time included).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from monkey import Monkey  # noqa: E402
from monkey_host import Evening, LittleFsFlash, figures_line  # noqa: E402
from monkey_presses import next_lines  # noqa: E402
from ultimusbox import games  # noqa: E402

SECONDS = 150  # of the box's clock per evening in `make test` (tools/soak.py runs longer ones)
# a seed per game whose evening, in SECONDS, takes games to their end and on to the next (twice where it
# could); a change of the box's behaviour shifts every evening, and may ask for another seed here:
# tools/soak.py --game GAME --minutes 2.5 --seeds 20 prints what each seed's evening covers. Ultimatum's
# games last hours: its evening goes deep, and is not asked to finish one.
SEEDS = {"ultimus": 20, "morituri": 29, "ultimatum": 9, "munera": 7, "morituri_board": 28}
FINISHES = ("ultimus", "morituri", "munera", "morituri_board")
LITTLEFS_SECONDS = 600  # of the box's clock per evening on the LittleFS image (no pictures: a second or two)


@pytest.mark.parametrize("game", games.names())
def test_a_whole_evening_at_the_box_draws_every_picture_and_tells_every_event(game, tmp_path):
    seed = SEEDS.get(game, 1)  # a game with no seed of its own yet: the first
    counts = Evening(game, seed, SECONDS, str(tmp_path)).run()
    print(figures_line(game, seed, counts))
    assert counts["legal"] >= 40 and counts["presses"] >= 300, counts  # deep into the game, and strays between
    assert counts["power_cuts"] >= 2 and counts["torn"] >= 1, counts  # cut between steps and inside a write
    assert counts["frames"] >= 300 and counts["drawn"] == 2 * counts["pictures"] > 300, counts
    assert counts["events"] >= 200 and counts["lines"] >= counts["events"], counts
    assert counts["quiet_ms"] >= 10000 and counts["games"] >= 1, counts
    assert counts["flash_full"] >= 1 and counts["requests"] >= 10, counts  # a full flash; connect's requests
    if game in FINISHES:
        assert counts["finished"] >= 1 and counts["games"] >= 2, counts  # a game to its end, and the next one
    if game == "ultimus":
        assert counts["clamo"] >= 1, counts  # countdowns ran out while nobody pressed


@pytest.mark.parametrize("game", games.names())
def test_every_legal_action_the_monkey_chooses_is_entered_with_the_presses_its_screen_asks_for(game):
    """The monkey's legal moves, alone: each action its game's random play chooses is the one the
    journal takes after the presses monkey_presses plans (the board game's arena: the same seats)."""
    monkey = Monkey(game, 5, 10**6)
    entered = 0
    while entered < 120:
        shell = monkey.box.shell
        if shell.game is None:
            monkey.seats()
            continue
        game_now = shell.game
        if game_now.phase == game_now.rules.FLOW.end:
            monkey.legal()
            continue
        action = monkey.choose(shell)
        count = len(shell.journal)
        for _ in range(200):
            if len(shell.journal) > count:
                break
            lines = next_lines(shell, action)
            assert lines, (action, shell.screen.describe())
            for line in lines:
                monkey.run_line(line)
        assert len(shell.journal) == count + 1, (action, shell.screen.describe())
        taken = list(shell.journal)[-1]
        assert isinstance(taken, dict)
        if action["a"] == "arena":  # the wheels name the seats already there in station order
            taken["vs"].sort()
            action["vs"].sort()
        if action["a"] != "clamo":  # the referee's CLAMO is the box's own, at the countdown's end
            assert taken == action
        entered += 1


@pytest.mark.parametrize("game", games.names())
def test_an_evening_on_the_picos_storage_driver_loses_no_acknowledged_action_at_any_power_cut(game):
    """The box app's evening (no pictures: the evenings above draw them) on ultimusbox.drivers.storage
    over a LittleFS image with the Pico's geometry: every power-on finds every action the journal
    acknowledged (and at most the one being written), through slots, folds and repairs."""
    flash = LittleFsFlash()
    try:
        counts = Monkey(game, SEEDS[game], LITTLEFS_SECONDS, flash=flash).run()
    finally:
        flash.close()
    print(game, counts)
    assert counts["power_cuts"] >= 5 and counts["torn"] >= 2 and counts["actions"] >= 100, counts
