"""The joins between a game's tables hold for every game of the registry (referee/joins.py): each key of
its CHECKS, NEXT and LISTERS names a phase or an action of its FLOW, and a misspelt key is named, not
dropped in silence."""

import importlib
import types

import pytest

from referee import joins
from ultimusbox import games

NAMES = games.names()  # the box's registry: a new game is checked the moment its line exists


def _tables(rules):
    """(prechecks, legal) as modules of copies of the game's own tables, to spell one key wrong in."""
    pre = importlib.import_module(rules.prechecks) if rules.prechecks else None
    legal = rules.legal()
    checks = {v: dict(t) for v, t in getattr(pre, "CHECKS", {}).items()}
    listers = getattr(legal, "LISTERS", None)
    if (
        listers is not None
        and all(isinstance(t, dict) for t in listers.values())
        and set(listers) == set(rules.FLOW.variants)
    ):
        listers = {v: dict(t) for v, t in listers.items()}
    else:
        listers = dict(listers) if listers is not None else None
    next_ = dict(rules.FLOW.next or legal.NEXT)
    return types.SimpleNamespace(CHECKS=checks), types.SimpleNamespace(NEXT=next_, LISTERS=listers)


def _misspelt(name):
    return name[:-1] + name[-1].upper() + "x"


@pytest.mark.parametrize("name", NAMES)
def test_every_key_of_a_game_s_tables_names_a_phase_and_an_action_of_its_flow(name):
    rules = games.rules_of(name)
    assert joins.problems(rules) == []
    pre, legal = _tables(rules)
    assert joins.problems(rules, pre, legal) == []  # the copies hold as the tables do
    assert legal.LISTERS is not None and legal.NEXT  # each game has both: the check has something to hold


@pytest.mark.parametrize("name", NAMES)
def test_a_misspelt_pre_check_key_is_named(name):
    rules = games.rules_of(name)
    pre, legal = _tables(rules)
    if not pre.CHECKS:  # a game without pre-checks: one given it, spelt wrong, is named all the same
        phases = rules.FLOW.variants[sorted(rules.FLOW.variants)[0]]
        pre.CHECKS[sorted(rules.FLOW.variants)[0]] = {sorted(a for p in phases.values() for a in p)[0]: None}
    variant = sorted(pre.CHECKS)[0]
    action = sorted(pre.CHECKS[variant])[0]
    pre.CHECKS[variant][_misspelt(action)] = pre.CHECKS[variant].pop(action)
    found = joins.problems(rules, pre, legal)
    assert len(found) == 1 and repr(_misspelt(action)) in found[0] and found[0].startswith(name + ": CHECKS")
    with pytest.raises(joins.JoinError) as exc:
        joins.check(rules, pre, legal)
    assert repr(_misspelt(action)) in str(exc.value)


@pytest.mark.parametrize("name", NAMES)
def test_a_misspelt_phase_in_next_is_named_as_a_key_and_as_a_phase_led_to(name):
    rules = games.rules_of(name)
    pre, legal = _tables(rules)
    phase = sorted(legal.NEXT)[0]
    legal.NEXT[_misspelt(phase)] = legal.NEXT.pop(phase)
    found = joins.problems(rules, pre, legal)
    assert len(found) == 1 and "names the phase %r" % _misspelt(phase) in found[0]
    pre, legal = _tables(rules)
    legal.NEXT[phase] = tuple(legal.NEXT[phase]) + ("scroe",)
    assert joins.problems(rules, pre, legal) == ["%s: NEXT[%r] leads to 'scroe', no phase of its flow" % (name, phase)]


@pytest.mark.parametrize("name", NAMES)
def test_a_misspelt_lister_key_is_named_and_so_is_the_action_it_leaves_unlisted(name):
    rules = games.rules_of(name)
    pre, legal = _tables(rules)
    table = legal.LISTERS
    if set(table) == set(rules.FLOW.variants) and isinstance(table[sorted(table)[0]], dict):
        table = table[sorted(table)[0]]
    action = sorted(table)[0]
    table[_misspelt(action)] = table.pop(action)
    found = joins.problems(rules, pre, legal)
    assert len(found) == 2, found
    assert repr(_misspelt(action)) in found[0] and "no lister for %r" % action in found[1]


def test_the_turns_of_a_flow_and_a_variant_of_checks_are_held_too():
    from referee.engine import define
    from referee.flow import REFEREE, Flow, Who, move

    seat = Who("the seat", lambda s: [0])
    flow = Flow({"": {"deal": {"deal": move(REFEREE, None)}, "play": {"go": move(seat, None)}}}, turns={"plya": seat})
    rules = define(
        name="toy",
        format=1,
        flow=flow,
        check_setup=dict,
        new_state=dict,
        public_view=dict,
        seat_view=lambda s, p: s,
        legal="referee.play",
        digest_for=lambda s, f: "",
    )
    pre = types.SimpleNamespace(CHECKS={"full": {"go": None}})
    legal = types.SimpleNamespace(NEXT={"deal": ("play",), "play": ("over",)}, LISTERS={"deal": None, "go": None})
    assert joins.problems(rules, pre, legal) == [
        "toy: CHECKS['full'] names the variant 'full', which its flow has not",
        "toy: Flow(turns=) names the phase 'plya', which its flow has not",
    ]
