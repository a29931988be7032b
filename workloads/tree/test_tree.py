"""Tests of sp-tree and sp-tree-check: a real run passes its independent
replay, a damaged result file or a run with another seed fails it, and
the pool and malloc allocators give one result. (test_contract.py holds
what every workload's tests share.)"""
import functools
import os

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run, run_section

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["tree"]


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


def test_real_output_in_detail(result):
    # at the default seed, the output the tests below change
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


def test_unwritable_output_fails(tmp_path):
    proc = run("sp-tree", *TINY, "-o", str(tmp_path / "no" / "r.txt"))
    assert proc.returncode == 1


def test_manifest_sizes_and_variant():
    m = MANIFEST
    # tree:malloc is the run test_pool_and_malloc_give_one_result checks
    assert m["variants"]["malloc"]["args"] == ["--alloc", "malloc"]
    assert m["sizes"]["test"]["footprint_mb"] >= 32
    assert m["sizes"]["paper"]["args"][:2] == ["-n", "50000"]
    assert m["sizes"]["ref"]["ref_ratio"] == 10
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]


def test_manifest_seed_reaches_run_and_check(tiny):
    out = tiny.folders(MANIFEST)["out"]
    assert os.listdir(out) == ["result.txt"]
    with open(os.path.join(out, "result.txt")) as f:
        assert "seed 7\n" in f.read()
    proc = run_section(MANIFEST, "check", TINY, out=out, seed="8")
    assert proc.returncode == 1
