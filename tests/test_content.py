"""The reconstructed content is consistent with the rulebook and with its own documentation."""

from games.ultimus.content import (
    BET_DIE,
    BET_INVEST,
    BET_WIN,
    BETTING_CARDS,
    BETTING_CARDS_BY_PLAYERS,
    GLADIATOR_NAMES,
    MAX_COINS_PER_BETTING_CARD,
    MAX_HEALTH,
    NEW_GOLD_BY_PLAYERS,
)
from games.ultimus.hexmap import CENTRE, DOORS, FIELDS, NEIGH, distance
from games.ultimus.yelling import CARDS, DRAW, HEAL, LOUDEST, MELEE, MOVE, NET, RANGED, REMOVE_NET, movement_points

TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO, BARBARUS, DIMACHAERUS = range(6)


def cards_of(g):
    return [c for c in range(len(CARDS)) if g in CARDS[c][0]]


def total(g, kind):
    return sum(s[1] for c in cards_of(g) for s in CARDS[c][3] if s[0] == kind)


def test_the_table_of_cards_and_gold_fits_the_deck_and_the_coin_limit():
    for players in range(2, 7):
        assert 2 <= BETTING_CARDS_BY_PLAYERS[players] <= 6
        assert players * BETTING_CARDS_BY_PLAYERS[players] <= len(BETTING_CARDS) == 16
        assert 3 <= NEW_GOLD_BY_PLAYERS[players] <= 5
        assert NEW_GOLD_BY_PLAYERS[players] <= BETTING_CARDS_BY_PLAYERS[players] * MAX_COINS_PER_BETTING_CARD


def test_betting_cards_pay_more_for_more_coins_and_win_pays_best():
    kinds = [k for _, k, _ in BETTING_CARDS]
    assert kinds.count(BET_WIN) == 6 and kinds.count(BET_DIE) == 6 and kinds.count(BET_INVEST) == 4
    for _, _, row in BETTING_CARDS:
        assert row[0] < row[1] < row[2] and row[0] >= 2
    assert min(r[2] for _, k, r in BETTING_CARDS if k == BET_WIN) > max(
        r[2] for _, k, r in BETTING_CARDS if k == BET_DIE
    )


def test_the_gladiators_fit_their_descriptions():
    assert max(MAX_HEALTH) == MAX_HEALTH[BARBARUS] <= 12  # the strongest; a wheel shows 12
    assert min(MAX_HEALTH) == MAX_HEALTH[DIMACHAERUS]
    assert MAX_HEALTH[MURMILLO] > MAX_HEALTH[TIGRIS]  # armoured
    assert total(DIMACHAERUS, MOVE) == max(total(g, MOVE) for g in range(6))  # the fastest
    assert total(BARBARUS, MOVE) < total(TIGRIS, MOVE)  # slow
    assert total(BARBARUS, MELEE) == max(total(g, MELEE) for g in range(6))  # the heaviest blows
    assert total(SAGITTARIUS, RANGED) == max(total(g, RANGED) for g in range(6))  # the archer
    assert total(DIMACHAERUS, RANGED) > 0  # throwing daggers
    assert all(g == RETIARIUS for c in range(80) for g in CARDS[c][0] if any(s[0] == NET for s in CARDS[c][3]))
    knockdowns = [sum(1 for c in cards_of(g) for s in CARDS[c][3] if s[3]) for g in range(6)]
    assert knockdowns[TIGRIS] == max(knockdowns)


def test_each_gladiator_has_the_documented_kinds_of_card():
    for g in range(6):
        kinds = {s[0] for c in cards_of(g) for s in CARDS[c][3]}
        assert {LOUDEST, DRAW, HEAL} <= kinds, GLADIATOR_NAMES[g]
        assert any(s[4] for c in cards_of(g) for s in CARDS[c][3])
        assert (REMOVE_NET in kinds) == (g != RETIARIUS)


def test_the_arena_has_six_doors_and_a_centre():
    assert FIELDS == 37 and len(set(DOORS)) == 6
    assert all(distance(CENTRE, d) == 3 for d in DOORS)
    assert all(f >= 0 for f in NEIGH[CENTRE])
    assert all(sum(1 for f in NEIGH[d] if f >= 0) == 3 for d in DOORS)  # corners


def test_the_loudest_spectator_draw_can_be_decided():
    points = {movement_points(c) for c in range(80)}
    assert 0 in points and max(points) >= 4


def test_the_counts_the_box_uses_instead_of_the_card_table_and_map_agree_with_them():
    from games.ultimus.content import DOOR_COUNT, YELLING_CARD_COUNT
    from games.ultimus.hexmap import DOORS
    from games.ultimus.yelling import CARDS

    assert YELLING_CARD_COUNT == len(CARDS) and DOOR_COUNT == len(DOORS)


def test_a_box_game_never_loads_the_card_table_nor_the_map():
    """The box applies what its buttons ask (no legal-action listing): a whole box game, replayed alone."""
    import json
    import subprocess
    import sys

    from games.ultimus import randomplay

    game = randomplay.play(4, 3, "box", battles=2, stop_at_battle_end=False)
    code = (
        "import json, sys; from games.ultimus.rules import RULES; from referee.engine import replay;"
        "d = json.load(sys.stdin); replay(RULES, d['setup'], d['log']);"
        "print(sorted(m for m in sys.modules if m.startswith('games.ultimus')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], input=json.dumps(game.to_data()), capture_output=True, text=True, check=True
    ).stdout
    assert "games.ultimus.battle" in loaded
    for module in ("games.ultimus.yelling", "games.ultimus.hexmap", "games.ultimus.cardplay", "games.ultimus.card"):
        assert "'%s'" % module not in loaded


def _generator():
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    import gen_content

    return gen_content


def test_the_literal_card_table_is_what_the_card_text_says():
    """games/ultimus/cards.py is generated from games/ultimus/cardtext.py (tools/gen_content.py): the same cards,
    and the same file the generator writes now."""
    from games.ultimus.cardtext import YELLING_CARD_TEXT, parse_cards

    assert CARDS == parse_cards(YELLING_CARD_TEXT)
    gen = _generator()
    with open(gen.CARDS_PY) as f:
        assert f.read() == gen.cards_source(), "run python tools/gen_content.py"


def test_the_literal_arena_tables_are_the_hexagon_of_the_content_radius():
    """games/ultimus/arena.py is generated from content.ARENA_RADIUS and hexmap.DIRS: the same tables."""
    from games.ultimus import arena
    from games.ultimus.content import ARENA_RADIUS
    from games.ultimus.hexmap import COORDS, DIRS

    gen = _generator()
    assert arena.RADIUS == ARENA_RADIUS
    assert (COORDS, NEIGH, DOORS, CENTRE) == gen.arena_tables(ARENA_RADIUS, DIRS)
    with open(gen.ARENA_PY) as f:
        assert f.read() == gen.arena_source(), "run python tools/gen_content.py"
