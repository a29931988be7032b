"""Tests of sp-gcc-gen and sp-gcc-check: cc1's -O2 output of the generated
file assembles, links and prints the value the check computes; damaged
assembly, assembly of another seed or size, and a program that prints
something else fail the check. (test_contract.py holds what every
workload's tests share.)"""
import functools
import os
import re

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["gcc"]


@pytest.fixture(scope="module")
def made(tiny):
    """The manifest's prepare and run (cc1 -O2) for TINY, seed 7 (shared)."""
    return tiny.folders(MANIFEST)


def check(path, args=TINY, seed="7"):
    return run("sp-gcc-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-gcc-check")


def asm(made):
    return read_text(made["out"], "big.s")


def test_real_output_in_detail(made):
    src = read_text(made["input"], "big.i")
    assert src.startswith("# 1 ") and "#include" not in src
    assert len(re.findall(r"^u64 f_\d+\(u64 x\)$", src, re.M)) == 6
    assert "f_5:" in asm(made)


def test_changed_constant_fails(made, tmp_path):
    # A changed immediate still assembles and runs: the value differs.
    text = asm(made)
    m = re.search(r"\$(\d{3,})", text)
    assert m
    bad = tmp_path / "bad.s"
    bad.write_text(text[:m.start(1)] + str(int(m.group(1)) + 1)
                   + text[m.end(1):])
    assert_fails(check(bad), "prints")


def test_garbage_fails(made, tmp_path):
    bad = tmp_path / "bad.s"
    bad.write_text(asm(made).replace("\tret\n", "\tret!\n", 1))
    assert_fails(check(bad), "assemble")


def test_missing_main_fails(made, tmp_path):
    bad = tmp_path / "nomain.s"
    bad.write_text(asm(made).replace("main", "mainx"))
    assert_fails(check(bad), "link")


def test_other_seed_or_size_fails(made):
    path = os.path.join(made["out"], "big.s")
    assert_fails(check(path, seed="8"), "prints")
    assert_fails(check(path, ["-n", "5"]), "prints")


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.s"))


def test_seed_changes_the_program(tmp_path):
    a, b = tmp_path / "a.i", tmp_path / "b.i"
    assert run("sp-gcc-gen", *TINY, "-s", "1", "-o", str(a)).returncode == 0
    assert run("sp-gcc-gen", *TINY, "-s", "2", "-o", str(b)).returncode == 0
    assert a.read_text() != b.read_text()


def test_mb_sets_functions(tmp_path):
    # 9 MiB / 900000 B per function = 10 functions
    path = tmp_path / "b.i"
    assert run("sp-gcc-gen", "--mb", "9", "-o", str(path)).returncode == 0
    assert path.read_text().count("\nu64 f_") == 10


def test_manifest_runs_cc1_at_O2():
    cmd = MANIFEST["run"]["command"]
    assert os.path.basename(cmd[0]) == "cc1" and "-O2" in cmd


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert 157 < sizes["ref"]["ref_ratio"] < 159
    assert 116 <= sizes["paper"]["footprint_mb"] <= 194
