"""The README is a manual that stays true: every spbench line in its code
blocks parses with spbench's own argument parser and names only workloads
and policies that exist; it stays short; its links and those of docs/ lead
to files that exist; and the environment table (docs/running.md) lists exactly
the ones the driver reads (harness/driver/config.py)."""
import glob
import os
import re
import shlex

import pytest

from harness.driver import cli, manifest, paths
from harness.driver.system import policies

README = os.path.join(paths.REPO, "README.md")
DOCS = sorted(glob.glob(os.path.join(paths.REPO, "docs", "*.md")))
CONFIG = os.path.join(paths.REPO, "harness", "driver", "config.py")


def _examples():
    found, inside = [], False
    with open(README) as f:
        for line in f:
            if line.startswith("```"):
                inside = not inside
            elif inside and line.startswith("harness/spbench "):
                found.append(line.split("#", 1)[0].strip())
    return found


EXAMPLES = _examples()


def test_readme_shows_the_commands():
    commands = {shlex.split(line)[1] for line in EXAMPLES}
    assert {"list", "doctor", "run", "diff", "restore"} <= commands


@pytest.mark.parametrize("line", EXAMPLES)
def test_example_is_a_valid_command(line):
    args = cli.parser().parse_args(shlex.split(line)[1:])
    if args.command in ("run", "reproduce"):
        for name in getattr(args, "workloads", []):
            manifest.find(name)
        for name in args.policy.split(","):
            # by name only: which mTHP sizes exist is the host's business
            policies.for_guest(name, patched=True)


def test_readme_gives_make_test():
    """The test command the README gives is the one CI runs."""
    with open(README) as f:
        text = f.read()
    assert re.search(r"^make test\b", text, re.M)


def test_readme_is_short():
    with open(README) as f:
        lines = f.read().splitlines()
    assert len(lines) < 200, f"README.md has {len(lines)} lines; move detail to docs/"


def test_docs_exist_and_say_what_they_hold():
    assert DOCS, "docs/ holds no .md files"
    for path in DOCS:
        with open(path) as f:
            first = f.readline()
        assert first.startswith("# ") and len(first.split()) > 3, \
            f"{os.path.relpath(path, paths.REPO)}: the first line should say what it holds"


# [text](target) and [text](target "title"), not images' or code's brackets
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _strip_code(text):
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def _relative_links(path):
    with open(path) as f:
        text = _strip_code(f.read())
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue            # http:, mailto:, and anchors within the file
        yield target


def _anchors(path):
    """The anchors GitHub gives the headings of a Markdown file."""
    with open(path) as f:
        text = re.sub(r"^```.*?^```", "", f.read(), flags=re.S | re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+\s+(.*)$", text, re.M)}


@pytest.mark.parametrize("path", [README] + DOCS,
                         ids=lambda p: os.path.relpath(p, paths.REPO))
def test_relative_links_lead_to_files(path):
    missing = []
    for target in _relative_links(path):
        file, _, anchor = target.partition("#")
        dest = os.path.join(os.path.dirname(path), file)
        if not os.path.exists(dest):
            missing.append(target)
        elif anchor and dest.endswith(".md") and anchor not in _anchors(dest):
            missing.append(target)
    assert not missing, (f"{os.path.relpath(path, paths.REPO)} links to missing files "
                         f"or headings: {missing}")


def test_readme_links_every_doc():
    linked = {os.path.normpath(os.path.join(paths.REPO, t.split("#", 1)[0]))
              for t in _relative_links(README)}
    unlinked = [os.path.relpath(d, paths.REPO) for d in DOCS if d not in linked]
    assert not unlinked, f"README.md does not link {unlinked}"


ENV_DOC = os.path.join(paths.REPO, "docs", "running.md")
ENV_NAME = r"SPBENCH_[A-Z0-9_]+|SPEC2000"


def _env_table():
    """The variable names in the first column of the environment table of docs/running.md."""
    names = []
    with open(ENV_DOC) as f:
        for line in f:
            m = re.match(r"\|\s*`(" + ENV_NAME + r")`\s*\|(.*)\|\s*$", line)
            if m:
                cells = [c.strip() for c in m.group(2).split("|")]
                assert len(cells) == 2 and all(cells), \
                    f"{m.group(1)}: the row needs a default and a meaning"
                names.append(m.group(1))
    return names


def test_environment_table_matches_config():
    """config.py is the one module that reads the environment; the table in
    docs/running.md lists exactly the names it holds as string literals."""
    assert os.path.exists(CONFIG), "harness/driver/config.py is missing"
    with open(CONFIG) as f:
        read = set(re.findall(r"[\"'](" + ENV_NAME + r")[\"']", f.read()))
    table = _env_table()
    assert len(table) == len(set(table)), f"a variable is listed twice: {table}"
    assert set(table) == read, (f"docs/running.md lists but config.py does not read: "
                                f"{sorted(set(table) - read)}; config.py reads but the "
                                f"table does not list: {sorted(read - set(table))}")
