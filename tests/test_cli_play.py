"""`ultimus play` as people meet it: menu numbers that stay put, a map whose doors are the menus' doors."""

import re

from click.testing import CliRunner

from games.ultimus.rules import RULES, new_setup
from referee.engine import Game
from ultimus_host.cli import main
from ultimus_host.games.ultimus.play import _menu_context, arena_map
from ultimus_host.menu import Menu


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
        heading = re.match(r"battle (\d+)[,:] ", text)
        if heading:
            battle = heading.group(1)
        option = re.match(r"\s+(\d+)\) a coin( of won gold)? on betting card (\d+)", text)
        if option:
            key, card = (battle, option.group(1)), option.group(3) + (option.group(2) or "")
            assert numbers.setdefault(key, card) == card, text  # the same number, the same card, all battle long
            full += "(not possible now)" in text
    assert full and len(numbers) >= 6


def test_menu_keeps_numbers_and_marks_what_is_not_possible_now():
    game = Game(RULES, new_setup(2, 3, battles=1))
    while game.phase != "betting":
        game.apply(game.legal_actions(-1)[0])
    view = game.seat_view(0)
    menu = Menu(_menu_context, retell=True)
    options = game.legal_actions(0)
    first = menu.lines(view, options, lambda a: str(a))
    again = menu.lines(view, options[1:], lambda a: str(a))
    assert [n for n, _, _, _ in first] == [n for n, _, _, _ in again]
    assert again[0][1] is None and again[1][1] == options[1]
    assert "round 0" not in result_of_table(view) and "battle 1: betting and entrance" in result_of_table(view)


def result_of_table(view):
    from ultimus_host.games.ultimus.play import table_text

    return table_text(view)


def test_a_betting_card_not_possible_now_says_its_coins_as_the_rest_of_the_screen():
    """The card just chosen may leave the options (its new gold is spent): it is told with today's coins."""
    menu = Menu(lambda view: view["decision"], retell=True)
    options = [{"a": "bet", "k": 0, "won": 0}, {"a": "bet", "k": 0, "won": 1}]
    menu.lines({"decision": 1}, options, lambda a: "card 1, 1 coin on it now")
    again = menu.lines({"decision": 1}, options[1:], lambda a: "card 1, 2 coins on it now")
    assert again[0][1] is None and again[0][2] == "card 1, 2 coins on it now"
    kept = Menu(lambda view: view["decision"])  # Munera's: a kit's place may hold another weapon now
    kept.lines({"decision": 1}, options, lambda a: "draw the gladius")
    assert kept.lines({"decision": 1}, options[1:], lambda a: "draw the net")[0][2] == "draw the gladius"
    added = kept.lines({"decision": 1}, options + [{"a": "end"}], lambda a: "end")
    assert [new for _, _, _, new in added] == [False, False, True]


def test_the_map_marks_the_doors_with_the_menus_numbers():
    game = Game(RULES, new_setup(2, 3, battles=1))
    picture = arena_map(game.public_view())
    assert sorted(c for c in picture if c.isdigit()) == list("123456")


def test_a_menus_numbers_stand_apart_from_the_numbers_in_its_lines():
    """Ultimatum's sea places and nations carry numbers of their own: "12  blockade 13" read as one number."""
    from ultimus_host.menu import pick

    shown = []
    assert pick(lambda prompt: "2", shown.append, "seat 1", ["anchor 12", "blockade 13"]) == 1
    assert shown[:2] == ["   1) anchor 12", "   2) blockade 13"]
