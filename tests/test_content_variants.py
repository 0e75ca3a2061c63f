"""Content variants: a set-up's "content" picks the health and payouts a game is played with.

The balanced content (docs/balance.md) is a variant of the same rules: what changes is
only the numbers of games.ultimus.content, and a game without the key is played, saved and
digested exactly as before.
"""

import pytest

from games.ultimus import checks, rules
from games.ultimus.content import (
    BALANCED_MAX_HEALTH,
    BALANCED_PAYOUTS,
    BET_WIN,
    BETTING_CARDS,
    CONTENT_BALANCED,
    MAX_HEALTH,
    RECONSTRUCTED_PAYOUTS,
)
from games.ultimus.errors import Illegal
from games.ultimus.rules import RULES, new_setup
from referee.engine import Game, restore
from scenario import BARBARUS, TIGRIS, arrange, card_id, shout_round, start_battle
from test_rules_end import bet_card, finishing_blow, total_gold
from test_rules_symbols import CORNERS


def test_a_set_up_names_its_content_or_keeps_the_reconstruction():
    assert rules.check_setup({"players": 3, "seed": 1, "content": "balanced"})["content"] == "balanced"
    assert "content" not in rules.check_setup({"players": 3, "seed": 1})
    # named or not, the reconstruction is one set-up: the same state, digest and saved form
    assert "content" not in rules.check_setup({"players": 3, "seed": 1, "content": "reconstructed"})
    assert Game(RULES, new_setup(3, 5, content="reconstructed")).digest() == Game(RULES, new_setup(3, 5)).digest()
    for bad in ("tuned", "", None, 1):
        with pytest.raises(Illegal) as refusal:
            rules.check_setup({"players": 3, "seed": 1, "content": bad})
        assert refusal.value.code == "bad_setup" and "balanced" in refusal.value.message


def test_without_the_key_the_state_and_its_digest_are_those_of_before():
    plain, named = Game(RULES, new_setup(4, 7)), Game(RULES, new_setup(4, 7, content=CONTENT_BALANCED))
    assert "content" not in plain.state and plain.state["hp"] == list(MAX_HEALTH)
    assert named.state["content"] == "balanced" and named.state["hp"] == list(BALANCED_MAX_HEALTH)
    assert plain.digest() != named.digest()  # the content is part of what a digest vouches for


def test_the_content_is_public_as_the_printed_cards_are():
    game = Game(RULES, new_setup(3, 1, content=CONTENT_BALANCED))
    assert game.public_view()["content"] == "balanced" and game.seat_view(1)["content"] == "balanced"
    assert "content" not in Game(RULES, new_setup(3, 1)).public_view()


def test_each_battle_starts_every_gladiator_at_the_variants_full_health():
    game = start_battle(3, seed=4, content=CONTENT_BALANCED)
    assert game.state["hp"] == list(BALANCED_MAX_HEALTH)


def _yell(text, gladiator, hp):
    """Seat 0 shouts `text` alone in a balanced game and yells at `gladiator` (health as given)."""
    game = start_battle(3, seed=9, content=CONTENT_BALANCED)
    c = card_id(text)
    arrange(game, loudest=0, pos=dict(CORNERS), hp=hp, hands={0: [c]})
    shout_round(game, {0: c})
    game.apply({"a": "choose", "p": 0, "g": gladiator})
    return game


def test_healing_stops_at_the_variants_full_health():
    full = BALANCED_MAX_HEALTH[TIGRIS]
    game = _yell("tigris: M2 H2", TIGRIS, {TIGRIS: full - 1})
    game.apply({"a": "heal", "p": 0, "i": 1})
    assert game.state["hp"][TIGRIS] == full


def test_bleeding_needs_an_injury_below_the_variants_full_health():
    s = start_battle(3, seed=9, content=CONTENT_BALANCED).state
    for g in range(6):
        s["hp"][g] = BALANCED_MAX_HEALTH[g]
        assert checks.bleed_problem(s, g, 1)[0] == "not_injured"
        s["hp"][g] -= 1
        assert checks.bleed_problem(s, g, 1) is None or s["hp"][g] <= 1


def test_payouts_follow_the_variants_rows():
    game = start_battle(3, seed=4, content=CONTENT_BALANCED)
    s = game.state
    before = total_gold(s)
    b = bet_card(BARBARUS, BET_WIN)
    s["bets"] = [[[b, 2]], [], []]
    s["bank"] = before - total_gold({**s, "bank": 0})
    finishing_blow(game)
    assert s["gold"][0] == BALANCED_PAYOUTS[b][1]
    assert total_gold(s) == before


def test_tables_have_one_row_per_card_each_rising_with_the_coins():
    assert len(BALANCED_PAYOUTS) == len(BETTING_CARDS) == len(RECONSTRUCTED_PAYOUTS)
    for row in BALANCED_PAYOUTS:
        assert len(row) == 3 and row[0] >= 1 and row[0] < row[1] < row[2]
    assert len(BALANCED_MAX_HEALTH) == 6 and all(1 <= hp <= 12 for hp in BALANCED_MAX_HEALTH)


def test_a_balanced_game_is_saved_in_the_current_format_and_restored_with_its_content():
    # format 4 first named the content; the formats after it (5: digest format 2) keep it
    game = Game(RULES, new_setup(3, 11, content=CONTENT_BALANCED))
    game.apply({"a": "draw_loudest"})
    data = game.to_data()
    assert data["format"] == rules.FORMAT >= 4 and data["setup"]["content"] == "balanced"
    again = restore(RULES, data)
    assert again.state["content"] == "balanced" and again.digest() == game.digest()
    # a save of format 4 (its digest of digest format 1) still restores with its content
    older = dict(data, format=4, digest=rules.digest_for(game.state, 4))
    assert older["digest"] != data["digest"]
    again = restore(RULES, older)
    assert again.state["content"] == "balanced" and again.digest() == game.digest()


# --- on the box: the seat selection chooses, a new game plays balanced --------------------------


def _box_at_seat_selection():
    import sys as _sys
    from os.path import dirname, join

    _sys.path.insert(0, join(dirname(__file__), "mpy"))
    from box_battle import new_box

    return new_box()


def _start_three(fb, box, *before):
    from box_battle import run_line
    from ultimusbox import board

    for button in (board.SHOUT_0, board.SHOUT_0 + 2, board.SHOUT_0 + 4, *before, board.CONFIRM):
        run_line(fb, box, ("press", button))
    return box.shell.game


def test_a_new_box_game_plays_the_balanced_content():
    fb, box = _box_at_seat_selection()
    game = _start_three(fb, box)
    assert game.setup["content"] == "balanced" and game.state["hp"] == list(BALANCED_MAX_HEALTH)


def test_thumbs_down_at_the_seat_selection_plays_the_reconstructed_cards_with_a_white_pixel():
    from box_battle import run_line
    from ultimusbox import board
    from ultimusbox.screens.ultimus.lights import WHITE
    from ultimusbox.screens.ultimus.words import describe

    fb, box = _box_at_seat_selection()
    last = board.ring_pixel(0, board.RING_PIXELS - 1)  # ULTIMUS's wheel shows its options
    assert fb.leds.pixel(last) != WHITE
    run_line(fb, box, ("press", board.THUMB_DOWN))
    assert fb.leds.pixel(last) == WHITE
    assert "reconstructed cards" in describe(box.shell.screen)
    run_line(fb, box, ("press", board.THUMB_UP))
    assert fb.leds.pixel(last) != WHITE and "balanced cards" in describe(box.shell.screen)
    game = _start_three(fb, box, board.THUMB_DOWN)
    assert "content" not in game.setup and game.state["hp"] == list(MAX_HEALTH)  # saved as 0.1.0 saved it


def test_the_link_names_the_content_of_a_new_game_and_a_wrong_one_is_refused():
    from ultimusbox.screens.ultimus.screen import link_setup

    assert link_setup({"players": 3, "seed": 1})[0]["content"] == "balanced"
    assert "content" not in rules.check_setup(link_setup({"players": 3, "seed": 1, "content": "reconstructed"})[0])
    setup = link_setup({"players": 3, "seed": 1, "content": "tuned"})[0]
    with pytest.raises(Illegal):
        rules.check_setup(setup)


def test_docs_balance_lists_the_balanced_content_this_file_holds():
    """docs/balance.md's table of the balanced content says what games.ultimus.content holds."""
    import os
    import re

    from games.ultimus.content import BET_DIE, BET_INVEST, GLADIATOR_NAMES

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "balance.md")
    with open(path) as f:
        text = f.read()
    rows = {}
    for name in GLADIATOR_NAMES:
        line = re.search(
            r"^\| %s \| (\d+) \((\d+)\) \| ([\d/]+) \([\d/]+\) \| ([\d/]+) \([\d/]+\) \| ([^|]+)\|$" % name, text, re.M
        )
        assert line, name
        rows[name] = line.groups()
    for g, name in enumerate(GLADIATOR_NAMES):
        hp, old_hp, win, die, invest = rows[name]
        assert int(hp) == BALANCED_MAX_HEALTH[g] and int(old_hp) == MAX_HEALTH[g]
        for b, (who, kind, _) in enumerate(BETTING_CARDS):
            if who != g:
                continue
            shown = die if kind == BET_DIE else (invest.split(" (")[0].strip() if kind == BET_INVEST else win)
            assert shown == "/".join(map(str, BALANCED_PAYOUTS[b])), (name, kind)
