"""The layout's import rules, read from the source: no import circle among the
driver's modules (an import inside a function counts: a late import hides a
circle, it does not remove it); analysis never imports the driver; the driver
imports analysis only in commands/; the records module imports neither."""
import ast
import os

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def modules(root, package):
    """{dotted name: path} of the non-test .py files under root/package."""
    found = {}
    for here, dirs, files in os.walk(os.path.join(root, *package.split("."))):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if not f.endswith(".py") or f.startswith("test_") or f == "conftest.py":
                continue
            rel = os.path.relpath(os.path.join(here, f), root)[:-3].split(os.sep)
            if rel[-1] == "__init__":
                rel = rel[:-1]
            found[".".join(rel)] = os.path.join(here, f)
    return found


def imported(path, name):
    """The dotted names a module imports (for `from X import y`: X and X.y)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


def graph(root, package):
    mods = modules(root, package)
    return {m: {d for d in imported(p, m) if d in mods and d != m} for m, p in mods.items()}


def cycle(g):
    """One import circle as a list of modules, or None."""
    state = {}

    def visit(n, path):
        state[n] = "open"
        for d in sorted(g[n]):
            if state.get(d) == "open":
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d, path + [d])
                if found:
                    return found
        state[n] = "done"
        return None

    for n in sorted(g):
        if n not in state:
            found = visit(n, [n])
            if found:
                return found
    return None


def offenders(package, forbidden, allowed_prefix=None, root=REPO):
    """Modules of package that import a module under forbidden."""
    bad = []
    for m, p in modules(root, package).items():
        if allowed_prefix and m.startswith(allowed_prefix):
            continue
        hits = sorted(d for d in imported(p, m) if d == forbidden or d.startswith(forbidden + "."))
        if hits:
            bad.append(f"{m} imports {hits[0]}")
    return bad


def test_no_import_circle_in_the_driver():
    g = graph(REPO, "harness.driver")
    assert len(g) > 20
    assert cycle(g) is None, " -> ".join(cycle(g))


def test_analysis_never_imports_the_driver():
    assert offenders("analysis", "harness.driver") == []
    assert offenders("analysis", "harness.reproduce") == []


def test_the_driver_imports_analysis_only_in_commands():
    assert offenders("harness.driver", "analysis", "harness.driver.commands") == []


def test_records_import_neither():
    assert offenders("harness.records", "analysis") == []
    assert offenders("harness.records", "harness.driver") == []


def test_a_late_import_circle_is_found(tmp_path):
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .c import g\n    return g\n")
    (pkg / "c.py").write_text("import os\n\ndef g():\n    from p.a import x\n")
    (pkg / "d.py").write_text("from . import a, b\n")
    g = graph(str(tmp_path), "p")
    # `from . import b` runs the package's __init__ first: an edge to p
    assert g == {"p": set(), "p.a": {"p", "p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"},
                 "p.d": {"p", "p.a", "p.b"}}
    assert cycle(g) == ["p.a", "p.b", "p.c", "p.a"]
    (pkg / "c.py").write_text("import os\n")
    assert cycle(graph(str(tmp_path), "p")) is None


def test_an_import_across_the_line_is_found(tmp_path):
    (tmp_path / "analysis").mkdir()
    (tmp_path / "analysis" / "x.py").write_text(
        "def f():\n    from harness.driver.engine import plan\n")
    assert offenders("analysis", "harness.driver", root=str(tmp_path)) == [
        "analysis.x imports harness.driver.engine"]
