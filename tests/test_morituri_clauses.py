"""Morituri Te Salutamus v1.1, clause by clause as the rulebook words them (issue 23): each test
names the rulebook's section and says in our words what it checks. The figures stand on the
table, so where a clause lives there (how far a figure moves, how it turns) the box tells the
table and trusts it."""

from games.morituri.content import CLASSES, MOVE
from morituri_helpers import make_caesar, new_game
from ultimus_host.games.morituri_narrate import line


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
