"""`ultimus play` as people meet it: menu numbers that stay put, a map whose doors are the menus' doors."""

import re

from click.testing import CliRunner

from ultimus.game import Game
from ultimus_host.cli import main
from ultimus_host.play import Menu, arena_map


def _play(*args, answers):
    return CliRunner().invoke(main, ["play", *args], input="\n".join(answers) + "\n", catch_exceptions=False)


def test_a_full_betting_card_does_not_renumber_the_other_options():
    # One person bets against a bot, always answering the lowest number still offered: card 1 fills up first.
    answers = [""] + ["1"] * 6 + [str(i % 9 + 1) for i in range(6000)]
    result = _play("-p", "2", "--bot", "2=heuristic", "--seed", "3", "--battles", "2", answers=answers)
    numbers = {}  # (battle, number) -> the betting card that number put a coin on
    battle = None
    full = 0
    for text in result.output.splitlines():
        heading = re.match(r"battle (\d+), round", text)
        if heading:
            battle = heading.group(1)
        option = re.match(r"\s+(\d+)  a coin( of won gold)? on betting card (\d+)", text)
        if option:
            key, card = (battle, option.group(1)), option.group(3) + (option.group(2) or "")
            assert numbers.setdefault(key, card) == card, text  # the same number, the same card, all battle long
            full += "(not possible now)" in text
    assert full and len(numbers) >= 6


def test_menu_keeps_numbers_and_marks_what_is_not_possible_now():
    game = Game(2, 3, battles=1)
    while game.phase != "betting":
        game.apply(game.legal_actions(-1)[0])
    view = game.seat_view(0)
    menu = Menu()
    options = game.legal_actions(0)
    first = menu.lines(view, options, lambda a: str(a))
    again = menu.lines(view, options[1:], lambda a: str(a))
    assert [n for n, _, _ in first] == [n for n, _, _ in again]
    assert again[0][1] is None and again[1][1] == options[1]


def test_the_map_marks_the_doors_with_the_menus_numbers():
    game = Game(2, 3, battles=1)
    picture = arena_map(game.public_view())
    assert sorted(c for c in picture if c.isdigit()) == list("123456")
