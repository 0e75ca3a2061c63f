"""No import cycle in the firmware or the host: every module of firmware/ and host/ parsed, its imports
(those inside functions too, which run later but still tie the two modules together) made into a graph,
and any strongly connected part of it named.

A module's import of `a.b.c` is an edge to the most specific module of the tree it names (a.b.c, else
a.b for `from a.b import c` of a name); the packages a and a.b that Python also runs on the way are not
counted (each __init__ is small and imports its own children on purpose). Imports of modules outside the
tree (the standard library, MicroPython's, click...) are no edges. String paths a flow names its handlers
by are not imports and are not followed.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ("firmware", "host")  # each on sys.path: firmware/referee/engine.py is referee.engine


def modules():
    """{module name: path} of every .py file under the trees."""
    out = {}
    for tree in TREES:
        base = os.path.join(ROOT, tree)
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                parts = os.path.relpath(os.path.join(folder, f), base)[: -len(".py")].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                if parts:
                    out[".".join(parts)] = os.path.join(folder, f)
    return out


def _absolute(name, node, is_package):
    """The module an ImportFrom names, relative ones resolved against `name`."""
    if not node.level:
        return node.module or ""
    base = name.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name, path, known):
    """The modules of the tree that module `name` imports anywhere in its body, with the line of each."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    is_package = path.endswith("__init__.py")
    found = {}
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(name, node, is_package)
            targets = ["%s.%s" % (module, alias.name) if module else alias.name for alias in node.names]
            targets = [t if t in known else module for t in targets]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]  # `import a.b.c` of a name: its module
            if target:
                found.setdefault(target, node.lineno)
    return found


def graph():
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}, known


def cycles(edges):
    """The strongly connected parts of more than one module (or one that imports itself), each as a
    cycle through its modules, sorted (Tarjan's algorithm, iterative: the trees are deep enough)."""
    index, low, on_stack, stack, parts = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    part.append(m)
                    if m == node:
                        break
                if len(part) > 1 or node in edges.get(node, ()):
                    parts.append(sorted(part))
    return sorted(_loop(edges, part) for part in parts)


def _loop(edges, part):
    """One cycle through a strongly connected part, from its first module back to it (a shortest one)."""
    inside = set(part)
    first = part[0]
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        nxt = []
        for m in frontier:
            for child in sorted(edges.get(m, ())):
                if child == first:
                    return paths[m] + [first]
                if child in inside and child not in paths:
                    paths[child] = paths[m] + [child]
                    nxt.append(child)
        frontier = nxt
    return part


def _words(edges, loop):
    return " -> ".join("%s (line %d)" % (a, edges[a][b]) for a, b in zip(loop, loop[1:])) + " -> " + loop[-1]


def test_the_graph_sees_imports_inside_functions_and_relative_ones(tmp_path):
    known = {"pkg": "", "pkg.a": "", "pkg.b": "", "pkg.sub": "", "pkg.sub.c": ""}
    path = tmp_path / "a.py"
    path.write_text("import os\nfrom pkg import b\n\ndef f():\n    from .sub import c\n    import pkg.sub.c.name\n")
    edges = imports_of("pkg.a", str(path), known)
    assert edges == {"pkg.b": 2, "pkg.sub.c": 5}  # os is no module of the trees: no edge
    # a cycle through a function's import is found and named
    assert cycles({"x": {"y": 1}, "y": {"z": 3}, "z": {"x": 9}, "w": {"x": 2}}) == [["x", "y", "z", "x"]]
    assert cycles({"x": {"x": 4}}) == [["x", "x"]]
    assert cycles({"x": {"y": 1}, "y": {}}) == []


def test_no_module_of_the_firmware_or_the_host_imports_itself_back():
    edges, known = graph()
    assert len(known) > 100 and "referee.engine" in known and "ultimus_host.cli" in known
    found = cycles(edges)
    assert not found, "import cycles (function-level imports count):\n" + "\n".join(_words(edges, c) for c in found)
