"""Every phase a handler writes is one its flow declares it may lead to (NEXT), read off the code: a static
check over every game of the registry.

The engine checks each transition as it happens when Flow.checking is set (the tests, referee.play.check_next;
the host, ultimus_host.watch); this holds the code itself, also the branches no random game reaches. For
each handler of a game's flow, the functions of the game's own modules it calls (by name, through the
game's imports) are followed, with the phase names they are passed (Munera's settle(s, ev, "act")), to
every `x["phase"] = ...` they make; each value must be the handler's phase or one NEXT lists for it, and
every such write of the game's code must be reached from some handler (none goes unchecked).
"""

import ast
import importlib
import os

import pytest

from referee.flow import ANY_PHASE
from ultimusbox import games

UNKNOWN = "?"


def _is_phase(node):
    return isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "phase"


class Function:
    """What the scan knows of one function: its parameters, its phase writes and its calls."""

    def __init__(self, module, node, names):
        self.module, self.file, self.params = module, None, [a.arg for a in node.args.args]
        self.writes = []  # (line, value expression, {parameter: values it cannot hold there})
        self.calls = []  # (callee's qualified name, [arg expressions], {keyword: expression})
        self.assigns = {}  # parameter -> the phase names the function itself assigns it ("then = 'act'")
        self.stores = []  # (state key, value expression): x["resume"] = then
        self._block(node.body, {})
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call):
                callee = _callee(sub.func, module, names)
                if callee is not None:
                    self.calls.append((callee, sub.args, {k.arg: k.value for k in sub.keywords if k.arg}))
            if isinstance(sub, ast.Assign):
                for target in sub.targets:
                    if (
                        isinstance(target, ast.Subscript)
                        and isinstance(target.slice, ast.Constant)
                        and target.slice.value != "phase"
                    ):
                        self.stores.append((target.slice.value, sub.value))
            if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Constant):
                for target in sub.targets:
                    if isinstance(target, ast.Name) and target.id in self.params:
                        self.assigns.setdefault(target.id, set()).add(sub.value.value)

    def _block(self, body, excluded):
        """The phase writes of statements, each with what an enclosing `if name == "x": ... else:` rules out."""
        for stmt in body:
            if isinstance(stmt, ast.Assign) and any(_is_phase(t) for t in stmt.targets):
                self.writes.append((stmt.lineno, stmt.value, excluded))
            elif isinstance(stmt, ast.If):
                self._block(stmt.body, excluded)
                self._block(stmt.orelse, _ruled_out(stmt.test, excluded))
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(stmt, field, None)
                    if isinstance(inner, list):
                        self._block([x for x in inner if isinstance(x, ast.stmt)], excluded)
                for handler in getattr(stmt, "handlers", ()):
                    self._block(handler.body, excluded)


def _ruled_out(test, excluded):
    """The else branch of `if name == "x"` (or `... or name == "x" or ...`): name is not "x" there."""
    out = {k: set(v) for k, v in excluded.items()}
    tests = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
    for one in tests:
        if (
            isinstance(one, ast.Compare)
            and isinstance(one.left, ast.Name)
            and len(one.ops) == 1
            and isinstance(one.ops[0], ast.Eq)
            and isinstance(one.comparators[0], ast.Constant)
        ):
            out.setdefault(one.left.id, set()).add(one.comparators[0].value)
    return out


def _callee(func, module, names):
    """The qualified name a call's function names: a function of this module, one imported by name, or
    module.function of a module imported; None for anything else (a method, a builtin)."""
    if isinstance(func, ast.Name):
        return names.get(func.id, module + "." + func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in names:
        return names[func.value.id] + "." + func.attr
    return None


def scan(folder, package):
    """{qualified name: Function} of the top-level functions of every module of a game's package."""
    out = {}
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".py"):
            continue
        module = package + "." + file[:-3] if file != "__init__.py" else package
        with open(os.path.join(folder, file)) as f:
            tree = ast.parse(f.read())
        names = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    names[alias.asname or alias.name] = node.module + "." + alias.name
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    names[alias.asname or alias.name] = alias.name
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                fn = Function(module, node, names)
                fn.file = file
                out[module + "." + node.name] = fn
    return out


def _values(node, bindings, phase, excluded=None):
    """The phase names an expression may give, in a handler run in `phase`: a constant, a parameter bound
    by the caller, either branch of an if (only the branch a test on x["phase"] allows), a phase kept in
    the state (x["resume"]: every name the game's code stores there, STORED); UNKNOWN else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value in STORED:
        return set(STORED[node.slice.value]) - (excluded or {}).get("", set())
    if isinstance(node, ast.Name):
        return set(bindings.get(node.id, {UNKNOWN})) - (excluded or {}).get(node.id, set())
    if isinstance(node, ast.IfExp):
        test = node.test
        if (
            isinstance(test, ast.Compare)
            and _is_phase(test.left)
            and len(test.ops) == 1
            and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
            and isinstance(test.comparators[0], ast.Constant)
        ):
            holds = (phase == test.comparators[0].value) == isinstance(test.ops[0], ast.Eq)
            return _values(node.body if holds else node.orelse, bindings, phase)
        return _values(node.body, bindings, phase) | _values(node.orelse, bindings, phase)
    return {UNKNOWN}


STORED = {}  # state key -> the phase names a game's code stores under it (stored(), per game scanned)


def stored(functions):
    """{state key: names} of the phase names the game's code stores in the state beside its phase: a
    constant, or a parameter given constants at the calls of its function (Munera's resume = then)."""
    callers = {}  # (function, parameter) -> constants passed to it
    for fn in functions.values():
        for callee, args, keywords in fn.calls:
            target = functions.get(callee)
            if target is None:
                continue
            for param, arg in list(zip(target.params, args)) + list(keywords.items()):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    callers.setdefault((callee, param), set()).add(arg.value)
    out = {}
    for name, fn in functions.items():
        for key, value in fn.stores:
            if isinstance(value, ast.Name) and (name, value.id) in callers:
                out.setdefault(key, set()).update(callers[(name, value.id)])
    return out


def _bind(fn, args, keywords, bindings, phase):
    """A callee's bindings: each parameter passed a phase name (or a bound parameter) of the caller."""
    out = {}
    for param, arg in list(zip(fn.params, args)) + [(k, v) for k, v in keywords.items() if k in fn.params]:
        if isinstance(arg, (ast.Constant, ast.Name, ast.IfExp, ast.Subscript)):
            found = _values(arg, bindings, phase)
            if found != {UNKNOWN}:
                out[param] = frozenset(found)
    return out


def reached(functions, start, phase):
    """{(file, line, phase written)} of every phase write reachable from the function `start` in `phase`."""
    out, seen = set(), set()
    todo = [(start, {})]
    while todo:
        name, bindings = todo.pop()
        key = (name, tuple(sorted(bindings.items())))
        fn = functions.get(name)
        if fn is None or key in seen:
            continue
        seen.add(key)
        for param in fn.assigns:
            if param in bindings:
                bindings = dict(bindings)
                bindings[param] = bindings[param] | frozenset(fn.assigns[param])
        for line, value, excluded in fn.writes:
            out |= {(fn.file, line, v, name == start) for v in _values(value, bindings, phase, excluded)}
        for callee, args, keywords in fn.calls:
            if callee in functions:
                todo.append((callee, _bind(functions[callee], args, keywords, bindings, phase)))
    return out


def _handler_name(handler):
    if isinstance(handler, str):
        return handler
    return "%s.%s" % (handler.__module__, handler.__qualname__)


def _game(name):
    """(rules, its NEXT, the game's package folder, its package name): from the registry's rules module."""
    path = games.find(name)[2]
    module = importlib.import_module(path)
    rules = module.RULES
    table = rules.FLOW.next or rules.legal().NEXT
    return rules, table, os.path.dirname(os.path.abspath(module.__file__ or "")), path.rsplit(".", 1)[0]


def undeclared(rules, table, functions):
    """(wrong, unknown, checked writes). A write in a handler's own body must be declared from every phase
    the handler is declared in; one in a helper it calls (which the scan follows without knowing the state:
    Ultimatum's laser settles a battle only when one is on) from at least one of the phases it is reached
    in, so that a phase no handler may lead to from there is named (the engine's check after every handler,
    Flow.checking, holds the rest as the games run). unknown: each write whose phase the scan cannot tell."""
    flow = rules.FLOW
    STORED.clear()
    STORED.update(stored(functions))
    wrong, unknown, checked = [], [], set()
    helpers = {}  # (file, line, phase written) -> {phase: (action, ...)} it is reached in
    for v in flow.variants:
        phases = [p for p in flow.variants[v] if p != ANY_PHASE]
        for phase in flow.variants[v]:
            for action, entry in flow.variants[v][phase].items():
                handler = _handler_name(entry[1])
                for at in phases if phase == ANY_PHASE else [phase]:
                    for file, line, written, own in reached(functions, handler, at):
                        checked.add((file, line))
                        where = "%s:%d ('%s' in phase %r)" % (file, line, action, at)
                        if written == UNKNOWN:
                            unknown.append(where)
                        elif own and written != at and written not in table.get(at, ()):
                            wrong.append("%s writes %r, which NEXT[%r] does not declare" % (where, written, at))
                        elif not own:
                            helpers.setdefault((file, line, written), {}).setdefault(at, []).append(action)
    for (file, line, written), phases in helpers.items():
        if not any(written == at or written in table.get(at, ()) for at in phases):
            at = sorted(phases)[0]
            wrong.append(
                "%s:%d ('%s' in phase %r) writes %r, which NEXT declares from none of the phases it is reached in (%s)"
                % (file, line, phases[at][0], at, written, ", ".join(sorted(phases)))
            )
    return sorted(set(wrong)), sorted(set(unknown)), checked


def all_writes(functions):
    return {(fn.file, line) for fn in functions.values() for line, _, _ in fn.writes}


@pytest.mark.parametrize("name", games.names())
def test_every_phase_a_handler_writes_is_declared_in_next(name):
    rules, table, folder, package = _game(name)
    functions = scan(folder, package)
    wrong, unknown, checked = undeclared(rules, table, functions)
    assert not wrong, "%s: %s" % (name, "; ".join(wrong))
    assert not unknown, "%s: the scan cannot tell which phase these write: %s" % (name, ", ".join(unknown))
    missed = sorted(all_writes(functions) - checked)
    assert not missed, "%s: phase writes no handler of the flow reaches (unchecked): %s" % (name, missed)
    assert checked, "%s: the scan found no phase write" % name


def test_all_the_games_phase_writes_are_checked():
    """The 44 raw writes of issue 32's count (12 files), and any a game adds."""
    total, files = 0, set()
    for name in games.names():
        rules, table, folder, package = _game(name)
        functions = scan(folder, package)
        found = all_writes(functions)
        total += len(found)
        files |= {(name, f) for f, _ in found}
        assert found == undeclared(rules, table, functions)[2]
    assert total >= 44 and len(files) >= 12


def test_a_handler_s_undeclared_write_is_found_through_a_helper_and_a_phase_passed_to_it():
    """A handler writing a phase NEXT does not declare, through a helper passed its name, is named (file,
    line, action, phase); an if on the phase picks the branch its phase takes."""
    import types

    from referee.flow import REFEREE, Flow, move

    source = (
        "def settle(s, then):\n"
        '    s["phase"] = then\n'
        "def go(s, a, ev):\n"
        '    settle(s, "scroe")\n'
        "def deal(s, a, ev):\n"
        '    s["phase"] = "play" if s["phase"] == "deal" else "over"\n'
    )
    folder = os.path.join(os.environ.get("TMPDIR", "/tmp"), "transitions_toy_%d" % os.getpid())
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "turn.py"), "w") as f:
        f.write(source)
    functions = scan(folder, "toy")
    flow = Flow({"": {"deal": {"deal": move(REFEREE, "toy.turn.deal")}, "play": {"go": move(REFEREE, "toy.turn.go")}}})
    rules = types.SimpleNamespace(FLOW=flow)
    wrong, unknown, checked = undeclared(rules, {"deal": ("play",), "play": ("score",)}, functions)
    assert wrong == [
        "turn.py:2 ('go' in phase 'play') writes 'scroe', which NEXT declares from none of the phases it is"
        " reached in (play)"
    ]
    assert unknown == [] and checked == {("turn.py", 2), ("turn.py", 6)}


@pytest.mark.parametrize("name", games.names())
def test_a_transition_taken_out_of_a_game_s_next_is_named(name):
    """Each game: taking out of NEXT a phase its code writes is named for at least one such phase (a
    write in a helper several phases reach is held to one of them: the engine's check holds the rest)."""
    rules, table, folder, package = _game(name)
    functions = scan(folder, package)
    named = 0
    for phase in table:
        for after in table[phase]:
            fewer = dict(table)
            fewer[phase] = tuple(p for p in table[phase] if p != after)
            named += bool(undeclared(rules, fewer, functions)[0])
    assert named > 0
