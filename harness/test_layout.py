"""The layout holds as docs/design.md says: its table of the driver's modules names every
module there is and no other; the result folder's file names are spelled in the records
module alone; no function outside the tests runs past 80 lines."""
import ast
import fnmatch
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLED = ("harness/driver", "harness/records", "harness/reproduce", "analysis/sections")
NAMES = ("runs.jsonl", "pressure.jsonl", "meta.json")
MAX_LINES = 80


def _sources(*tops, tests=False):
    for top in tops:
        for here, dirs, files in os.walk(os.path.join(REPO, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "fixtures")]
            for f in files:
                is_test = f.startswith("test_") or f == "conftest.py"
                if is_test == tests or (tests is None):
                    yield os.path.relpath(os.path.join(here, f), REPO)


def design_table():
    """The paths in docs/design.md's table of the driver's layout."""
    with open(os.path.join(REPO, "docs", "design.md")) as f:
        text = f.read().split("## The driver's layout")[1].split("\n## ")[0]
    return re.findall(r"^\| `([^`]+)` \|", text, re.M)


def test_the_design_table_is_the_tree():
    listed = design_table()
    assert len(listed) > 40
    modules = sorted(p for p in _sources(*TABLED) if p.endswith(".py")
                     and not p.endswith("__init__.py"))
    unlisted = [m for m in modules if not any(fnmatch.fnmatch(m, pat) for pat in listed)]
    missing = [pat for pat in listed if not any(fnmatch.fnmatch(m, pat) for m in modules)
               and not os.path.exists(os.path.join(REPO, pat))]
    assert unlisted == [], "modules docs/design.md does not list"
    assert missing == [], "docs/design.md lists what the tree does not have"


def test_file_names_are_spelled_in_the_records_module_only():
    found = []
    for rel in _sources("harness", "analysis"):
        if rel.startswith("harness/records/") or rel.endswith(".md"):
            continue
        try:
            with open(os.path.join(REPO, rel), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        found += [f"{rel}: {n}" for n in NAMES if n in text]
    assert found == []


def test_no_function_runs_past_80_lines():
    long = []
    for rel in _sources("harness", "analysis", "workloads", "kernel-patch"):
        if not rel.endswith(".py"):
            continue
        with open(os.path.join(REPO, rel)) as f:
            tree = ast.parse(f.read(), rel)
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if n.end_lineno - n.lineno + 1 > MAX_LINES:
                    long.append(f"{rel}:{n.lineno} {n.name}")
    assert long == []
