"""Tests of sp-tree and sp-tree-check: a real run passes its independent
replay, a damaged result file or a run with another seed fails it, bad
arguments are refused, and the manifest is well formed and runnable."""
import functools
import os
import subprocess

import pytest

from testkit import (assert_check_fails, assert_manifest_basics, expand,
                     manifest, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "300", "--ops", "2000"]


def check(path, args=TINY, seed="42"):
    return run("sp-tree-check", *args, "-s", seed, str(path))


def fields(path):
    return dict(line.split() for line in path.read_text().splitlines())


@pytest.fixture
def result(tmp_path):
    path = tmp_path / "result.txt"
    assert run("sp-tree", *TINY, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-tree-check")


def test_real_output_passes(result):
    proc = check(result)
    assert proc.returncode == 0, proc.stderr
    f = fields(result)
    # every operation kind happened, and the tree stayed near its size
    assert int(f["traversals"]) > 0 and int(f["lookup_hits"]) > 0
    assert int(f["insert_ok"]) > 0 and int(f["delete_ok"]) > 0
    assert int(f["final_nodes"]) == (300 + int(f["insert_ok"]) -
                                     int(f["delete_ok"]))


def test_mb_picks_nodes(tmp_path):
    path = tmp_path / "r.txt"
    args = ["--mb", "1", "--ops", "50"]
    assert run("sp-tree", *args, "-o", str(path)).returncode == 0
    assert fields(path)["nodes"] == str(1048576 // 208)
    assert check(path, args).returncode == 0


def test_pool_and_malloc_give_one_result(tmp_path):
    # where entries live must not change what the run computes
    out = {}
    for alloc in ("pool", "malloc"):
        out[alloc] = tmp_path / f"{alloc}.txt"
        proc = run("sp-tree", *TINY, "--alloc", alloc, "-o", str(out[alloc]))
        assert proc.returncode == 0, proc.stderr
    assert out["pool"].read_text() == out["malloc"].read_text()
    assert check(out["malloc"], TINY + ["--alloc", "malloc"]).returncode == 0


def test_other_seed_caught(tmp_path):
    path = tmp_path / "r.txt"
    assert run("sp-tree", *TINY, "-s", "43", "-o",
               str(path)).returncode == 0
    assert_fails(check(path, seed="42"), "seed")
    # with the header made to agree, the replayed values still differ
    path.write_text(path.read_text().replace("seed 43\n", "seed 42\n"))
    assert_fails(check(path, seed="42"))
    assert check(path, seed="43").returncode == 1


@pytest.mark.parametrize("key", ["data_hash", "key_hash", "lookup_hits",
                                 "final_nodes"])
def test_changed_digit_fails(result, key):
    text = result.read_text()
    pos = text.index(key + " ") + len(key) + 1
    digit = "1" if text[pos] != "1" else "2"
    result.write_text(text[:pos] + digit + text[pos + 1:])
    assert_fails(check(result), key)


def test_truncated_fails(result):
    text = result.read_text()
    result.write_text(text[:text.index("data_hash")])
    assert_fails(check(result), "truncated")


def test_wrong_n_fails(result):
    assert_fails(check(result, ["-n", "301", "--ops", "2000"]), "nodes")


def test_wrong_ops_fails(result):
    assert_fails(check(result, ["-n", "300", "--ops", "1999"]), "ops")


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "x"], ["-n", "4", "--mb", "1"],
    ["-n", "4", "--ops", "-3"], ["-n", "4", "-s"], ["-n", "4", "-q"],
    ["-n", "4", "--alloc", "slab"], ["-n", "4", "--alloc"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-tree", *args, "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1


def test_unwritable_output_fails(tmp_path):
    proc = run("sp-tree", *TINY, "-o", str(tmp_path / "no" / "r.txt"))
    assert proc.returncode == 1


def test_manifest_keys_and_binaries():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    # tree:malloc is the run test_pool_and_malloc_give_one_result checks
    assert m["variants"]["malloc"]["args"] == ["--alloc", "malloc"]
    assert m["group"] == "other" and m["paper_row"] == "tree"
    assert m["sizes"]["test"]["footprint_mb"] >= 32
    assert m["sizes"]["paper"]["footprint_mb"] > 0
    assert m["sizes"]["paper"]["args"][:2] == ["-n", "50000"]
    assert m["sizes"]["ref"]["ref_ratio"] == 10
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    for cmd in (m["run"]["command"], m["check"]["command"]):
        assert "{seed}" in cmd


def test_manifest_commands_run_and_check(tmp_path):
    out = str(tmp_path)
    cmd = expand(MANIFEST["run"]["command"], TINY, out=out, seed="7")
    assert subprocess.run(cmd).returncode == 0
    assert "seed 7\n" in (tmp_path / "result.txt").read_text()
    cmd = expand(MANIFEST["check"]["command"], TINY, out=out, seed="7")
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    cmd = expand(MANIFEST["check"]["command"], TINY, out=out, seed="8")
    assert subprocess.run(cmd, capture_output=True).returncode == 1
    assert os.listdir(out) == ["result.txt"]
