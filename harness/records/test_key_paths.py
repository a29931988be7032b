"""A test-size run writes records with the key paths they had before the records module
(fixtures/key-paths.json, taken from a run of tree and matrix at 42ae012): readers of older
folders, and of newer ones, find every field where it was."""
import json
import os
import subprocess

import pytest

from harness.driver import paths

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")
FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                       "key-paths.json")


def key_paths(obj, depth=2, prefix=""):
    """The dotted key paths of nested objects, depth levels down."""
    out = set()
    if isinstance(obj, dict) and depth > 0:
        for k, v in obj.items():
            p = f"{prefix}.{k}" if prefix else k
            out.add(p)
            out |= key_paths(v, depth - 1, p)
    return out


def test_key_paths_of_nested_objects():
    assert key_paths({"a": 1, "b": {"c": {"d": 2}}, "e": [1]}) == {"a", "b", "b.c", "e"}


@pytest.mark.skipif(os.geteuid() != 0, reason="the thp policy writes THP sysfs (root)")
def test_a_test_size_run_keeps_its_key_paths(tmp_path):
    out = tmp_path / "out"
    p = subprocess.run([SPBENCH, "run", "tree", "matrix", "--policy", "base,thp", "--runs",
                        "1", "--warmup", "0", "--out", str(out)],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    with open(FIXTURE) as f:
        want = json.load(f)
    runs = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert len(runs) == 4
    got_run = set().union(*(key_paths(r) for r in runs))
    got_meta = key_paths(json.loads((out / "meta.json").read_text()))
    assert sorted(got_run) == want["run"]
    assert sorted(got_meta) == want["meta"]
