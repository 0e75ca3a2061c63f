"""Morituri Te Salutamus v1.1, clause by clause as the rulebook words them (issue 23): each test
names the rulebook's section and says in our words what it checks. The figures stand on the
table, so where a clause lives there (how far a figure moves, how it turns) the box tells the
table and trusts it."""

from games.morituri.content import CLASSES, MOVE
from morituri_helpers import fight, make_caesar, new_game, to_melee
from ultimus_host.games.morituri.narrate import line


def test_movement_the_box_tells_each_figure_called_how_far_it_moves():
    """Movement: heavy 5", light 7", animals 10", in a straight line, turning before and after;
    the table moves the figure, the box says how far when Caesar calls it."""
    assert {c: CLASSES[c][MOVE] for c in CLASSES} == {"heavy": 5, "light": 7, "animal": 10, "rhino": 10}
    g = new_game(["heavy", "light"], ["animal"])
    make_caesar(g, 0)
    cls = g.state["cls"]
    told = [line(e, cls) for f in range(3) for e in g.apply({"a": "activate", "p": 0, "f": f})]
    assert [t for t in told if t and "calls on" in t] == [
        'Caesar calls on heavy 1: he moves up to 5" in a straight line, turning before and after',
        'Caesar calls on light 2: he moves up to 7" in a straight line, turning before and after',
        'Caesar calls on animal 3: he moves up to 10" in a straight line, turning before and after',
    ]


def test_implore_the_crowd_a_fallen_gladiator_may_implore_or_waive_it_and_die():
    """Implore the Crowd: a gladiator at 0 hit points may call on the crowd; the box offers the
    appeal and its refusal: waived, he is killed at once (no appeal counted, no thumb asked)."""
    g = new_game(["heavy", "heavy"], ["heavy", "heavy"])
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1]], [[], [1, 1]])
    fight(g, 1, 2, [[6, 6], [1, 1]], [[], [1, 6]])
    g.apply({"a": "end_melee", "p": 0})
    assert g.phase == "implore" and g.state["waiting"] == [2]
    assert {a["a"] for a in g.legal_actions(0)} == {"implore", "waive"}
    assert g.legal_actions(0)[0]["a"] == "implore"  # listed first: the bots and the menus' default
    ev = g.apply({"a": "waive", "p": 0, "f": 2})
    assert [e["e"] for e in ev][:2] == ["waives", "killed"] and g.state["appeals"][2] == 0
    assert not g.state["crowd"] and g.phase == "initiative"
