"""The Morituri board game, clause by clause as the rulebook words them (issue 23): each test
names the rulebook's section and says in our words what it checks."""

from games.morituri_board import kit
from mboard_helpers import equip, new_game, of, seat, to_space
from ultimus_host.games.morituri_board.table import BANDITS_BEATEN, DECK, Table

# ---- Other Cards; Combat Against Other Players, 11: Owner in Debt! ---------------------------


def test_other_cards_owner_in_debt_tells_the_table_to_reshuffle_the_deck():
    """Other Cards and Combat Against Other Players (11): Owner in Debt! sends him to the
    Dalmatian Coast and the deck is reshuffled as the card directs; the box says so."""
    g = new_game(players=2)
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    ev = g.apply({"a": "debt", "p": 0})
    assert of(ev, "debt")[0]["reshuffle"] == 1


def test_other_cards_owner_in_debt_the_host_table_shuffles_every_card_not_held_back_in():
    """Other Cards: the host's made-up deck is rebuilt after Owner in Debt!: all 69 cards but
    those the gladiators hold, shuffled."""
    t = Table(2, 1)
    for _ in range(10):
        t.draw()
        t.follow({"e": "other_card", "seat": 0})
    assert len(t.deck) == 59
    t.follow({"e": "debt", "seat": 0, "reshuffle": 1})
    view = {"seats": [{"kit": ["galea", "", "", "gladius", ""]}, {"kit": ["", "", "", "", "casses"]}]}
    drawn = t.draw(view)
    assert len(t.deck) == 69 - 3 - 1 and t.reshuffle is False  # three held, one drawn now
    assert sorted(t.deck + [drawn]) == sorted(_without(DECK, ["galea", "gladius", "casses"]))


def _without(cards, taken):
    out = list(cards)
    for c in taken:
        out.remove(c)
    return out


# ---- Weapons: the casses against Bandits and Pirates ------------------------------------------


def test_weapons_the_casses_counts_as_a_weapon_of_attack_1_against_bandits_and_pirates():
    """Weapons, Casses: for Bandits and Pirates it is a weapon of attack value 1, beside his
    other weapon or the Pugio; against a gladiator or a beast it has no attack value."""
    g = new_game(players=2)
    assert seat(g, 0)["vs_bandits"] == 1  # the Pugio alone
    equip(g, 0, "casses")
    v = seat(g, 0)
    assert v["attack"] == 1 and v["vs_bandits"] == 2  # the Pugio and the casses
    equip(g, 0, "gladius")
    v = seat(g, 0)
    assert v["attack"] == 2 and v["vs_bandits"] == 3
    assert kit.vs_bandits(g.state["values"], ["", "", "", "gladius", ""]) == 2  # no casses: the weapon only


def test_weapons_a_hit_point_change_tells_the_attack_value_bandits_and_pirates_meet():
    """Weapons, Casses: when the table enters what Bandits or Pirates did (a hit point change),
    the box reports the attack value they met, the casses counted."""
    g = new_game(players=2)
    equip(g, 0, "casses")
    to_space(g, 0)
    ev = g.apply({"a": "flux", "p": 0, "n": -1})
    assert of(ev, "hp")[0]["vs_bandits"] == 2


def test_weapons_the_host_s_made_up_bandits_are_beaten_off_with_the_casses():
    """Weapons, Casses, on the host's made-up road: Bandits take 1 HP below attack 3; a gladius
    and a casses (2 + 1) beat them off, a gladius alone does not."""
    t = Table(2, 1)
    t.pos[0] = 8  # ROAD[7] is a Bandits space
    assert t.space(0) == "b"
    view = {"seats": [{"vs_bandits": BANDITS_BEATEN - 1}, {"vs_bandits": 1}]}
    assert t.suggest(view, 0) == {"a": "flux", "p": 0, "n": -1}
    view["seats"][0]["vs_bandits"] = BANDITS_BEATEN
    assert t.suggest(view, 0) == {"a": "nothing", "p": 0}
