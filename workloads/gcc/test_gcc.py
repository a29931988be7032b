"""Tests of sp-gcc-gen and sp-gcc-check: cc1's -O2 output of the generated
file assembles, links and prints the value the check computes; damaged
assembly, assembly of another seed or size, and a program that prints
something else fail the check; bad arguments are refused; and the
manifest's commands work end to end."""
import functools
import os
import re

import pytest

from testkit import (assert_check_fails, assert_manifest_basics,
                     assert_section_passes, manifest, prepare_and_run,
                     read_text, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "6"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The manifest's prepare and run (cc1 -O2) for TINY, seed 7."""
    return prepare_and_run(MANIFEST, TINY, tmp_path_factory.mktemp("gcc"))


def check(path, args=TINY, seed="7"):
    return run("sp-gcc-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-gcc-check")


def asm(made):
    return read_text(made["out"], "big.s")


def test_real_output_passes(made):
    assert_section_passes(MANIFEST, "check", TINY, **made)
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


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "x"], ["-n", "4", "--mb", "1"],
    ["-n", "4", "-s"], ["-n", "4", "-q"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-gcc-gen", *args, "-o", str(tmp_path / "o.i"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    proc = run("sp-gcc-check", *args, str(tmp_path / "o.s"))
    assert proc.returncode == 2


def test_mb_sets_functions(tmp_path):
    # 9 MiB / 900000 B per function = 10 functions
    path = tmp_path / "b.i"
    assert run("sp-gcc-gen", "--mb", "9", "-o", str(path)).returncode == 0
    assert path.read_text().count("\nu64 f_") == 10


def test_manifest_keys():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["group"] == "CINT2000" and m["paper_row"] == "gcc"
    cc1 = m["run"]["command"][0]
    assert os.path.basename(cc1) == "cc1" and os.access(cc1, os.X_OK)
    assert "-O2" in m["run"]["command"]
    assert 157 < m["sizes"]["ref"]["ref_ratio"] < 159
    assert 116 <= m["sizes"]["paper"]["footprint_mb"] <= 194
