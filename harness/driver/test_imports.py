"""The driver's modules import each other without a circle: every import
counts, also one inside a function (a late import hides a circle, it does
not remove it)."""
import ast
import os

DRIVER = os.path.dirname(os.path.abspath(__file__))


def local_imports(folder):
    """module -> the set of sibling modules it imports, for the .py files of
    one package folder (tests left out)."""
    names = {f[:-3] for f in os.listdir(folder)
             if f.endswith(".py") and not f.startswith("test_") and f != "conftest.py"}
    graph = {}
    for name in names:
        with open(os.path.join(folder, name + ".py")) as f:
            tree = ast.parse(f.read(), name)
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names)
        graph[name] = deps & names - {name}
    return graph


def cycle(graph):
    """One import circle as a list of modules, or None."""
    state = {}

    def visit(n, path):
        state[n] = "open"
        for d in sorted(graph[n]):
            if state.get(d) == "open":
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d, path + [d])
                if found:
                    return found
        state[n] = "done"
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n, [n])
            if found:
                return found
    return None


def test_no_import_circle_in_the_driver():
    graph = local_imports(DRIVER)
    assert len(graph) > 10
    assert cycle(graph) is None, " -> ".join(cycle(graph))


def test_a_late_import_circle_is_found(tmp_path):
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from .c import g\n    return g\n")
    (tmp_path / "c.py").write_text("import os\n\ndef g():\n    from .a import x\n")
    (tmp_path / "d.py").write_text("from . import a, b\n")
    graph = local_imports(str(tmp_path))
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "b"}}
    assert cycle(graph) == ["a", "b", "c", "a"]
    (tmp_path / "c.py").write_text("import os\n")
    assert cycle(local_imports(str(tmp_path))) is None
