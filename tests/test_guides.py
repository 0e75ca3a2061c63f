"""The players' guides (docs/play/): one per game, each with its pictures, drawn from the real box app.

tools/draw_guides.py drives the box app on fake drivers to each game's moments and draws its
LED frame. Here its scenes run (without drawing, but for one picture), every moment is the one
its title names, every picture it makes is committed, and every picture a guide shows is one.
"""

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import draw_guides  # noqa: E402
from ultimusbox import board  # noqa: E402

IMG = os.path.join(ROOT, "docs", "play", "img")


@pytest.fixture(scope="module")
def shots():
    return {game: draw_guides.shots(game) for game in draw_guides.GAMES}


def test_every_game_of_the_box_has_a_scene():
    from ultimusbox import games

    assert sorted(draw_guides.GAMES) == sorted(name for name, _, _, _ in games.GAMES)


def test_every_moment_drawn_is_committed(shots):
    missing = [s.name for game in shots for s in shots[game] if not os.path.exists(os.path.join(IMG, s.name + ".png"))]
    assert not missing, "run tools/draw_guides.py: %s" % missing


def test_no_picture_is_left_from_a_moment_that_is_gone(shots):
    names = {s.name + ".png" for game in shots for s in shots[game]}
    assert sorted(os.listdir(IMG)) == sorted(names | {draw_guides.FRAMES})


def test_the_pictures_show_what_the_box_shows_now(shots):
    """The frames each picture was drawn from are the frames the box app gives at that moment today."""
    import json

    with open(os.path.join(IMG, draw_guides.FRAMES)) as f:
        drawn = json.load(f)
    now = {s.name: draw_guides.fingerprint(s) for game in shots for s in shots[game]}
    stale = sorted(name for name in now if drawn.get(name) != now[name])
    assert not stale and sorted(drawn) == sorted(now), (
        "the box's lights changed since these pictures were drawn: run tools/draw_guides.py and look at %s" % stale
    )


def test_the_moments_are_those_their_titles_name(shots):
    by = {s.name: s for game in shots for s in shots[game]}
    assert by["ultimus-countdown"].words == "countdown: Tres"
    assert "Sagittarius, wound x3" in by["ultimus-wound"].words
    wound = [by["ultimus-wound"].blinking[board.ring_pixel(1, i)] for i in range(board.RING_PIXELS)]
    assert wound.count(True) == 3  # the three wounds being entered blink
    assert "pollice verso" in by["ultimus-pollice"].words
    assert "initiative" in by["morituri-initiative"].words
    assert "BATTLE" in by["ultimatum-battle"].words
    assert "ATTACK" in by["munera-attack"].words and "appeals to the crowd" in by["munera-appeal"].words
    assert "fights" in by["morituri_board-fight"].words
    for s in by.values():  # a picture of a dark box shows nothing
        assert any(any(sum(c) for c in colours) for colours in s.pixels), s.name


def test_a_picture_is_drawn(shots, tmp_path):
    path = tmp_path / "shot.png"
    draw_guides.draw(shots["munera"][1], str(path))
    with open(path, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_blinking_is_seen_over_a_second_of_frames(shots):
    """The loudest spectator's light blinks gold while he must turn his thumb: two colours, one of them gold."""
    pollice = [s for s in shots["ultimus"] if s.name == "ultimus-pollice"][0]
    loudest = board.seat_pixel(2)  # station 3 was named loudest
    assert pollice.blinking[loudest] and (255, 150, 0) in pollice.pixels[loudest]


GUIDES = os.path.join(ROOT, "docs", "play")


def guide_pages():
    return sorted(f for f in os.listdir(GUIDES) if f.endswith(".md")) if os.path.isdir(GUIDES) else []


@pytest.mark.parametrize("page", guide_pages())
def test_every_picture_a_guide_shows_is_drawn(page):
    with open(os.path.join(GUIDES, page)) as f:
        text = f.read()
    for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert os.path.exists(os.path.join(GUIDES, target)), (page, target)


def guide_commands():
    """Every `ultimus ...` a guide (or the README's opening) tells a player to type, whitespace joined."""
    out = []
    for page in guide_pages():
        with open(os.path.join(GUIDES, page)) as f:
            text = f.read()
        for span in re.findall(r"`(ultimus [^`]+)`", text):
            out.append((page, " ".join(span.split())))
    return out


def _parse(command, args):
    """Click's own parse of a command line, down to its subcommand: options and choices checked."""
    import click

    if isinstance(command, click.Group):  # the guides give no group options: the next word is the subcommand
        # asked as click asks: a game's commands (ultimus_host.games) are found when named, not listed beforehand
        sub = command.get_command(click.Context(command), args[0]) if args else None
        assert sub is not None, args
        return _parse(sub, args[1:])
    return command.make_context("ultimus", list(args))


@pytest.mark.parametrize("page, line", guide_commands())
def test_every_command_a_guide_gives_is_taken_as_written(page, line):
    """Play stops at its first question when the input ends (said in words); the odds are computed; the
    virtual box, the demos and the long simulations are parsed only."""
    import shlex

    from click.testing import CliRunner

    from ultimus_host.cli import main

    args = shlex.split(line)[1:]
    if args[0] in ("play", "odds"):
        if args[0] == "play" and "--seed" not in args:
            args += ["--seed", "1"]  # the same game every run (bots may play it out before anyone is asked)
        result = CliRunner().invoke(main, args, input="")
        assert result.exception is None or isinstance(result.exception, SystemExit), (line, result.output)
        assert "Traceback" not in result.output, (line, result.output)
        stopped = args[0] == "play" and "the game stops here" in result.output
        assert stopped or result.exit_code == 0, (line, result.output[-500:])
    else:
        _parse(main, args)
