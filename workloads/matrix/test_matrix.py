"""Tests of sp-matrix and sp-matrix-check: a real run passes its check, a
damaged result file or one of other arguments fails it, and --mb picks the
order. (test_contract.py holds what every workload's tests share.)"""
import functools
import os

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["matrix"]


def check(path, args=TINY):
    return run("sp-matrix-check", *args, str(path))


@pytest.fixture
def result(tiny, tmp_path):
    """The manifest's run on TINY (shared), copied here for a test to
    change."""
    path = tmp_path / "result.txt"
    path.write_text(read_text(tiny.folders(MANIFEST)["out"], "result.txt"))
    return path


assert_fails = functools.partial(assert_check_fails, "sp-matrix-check")


def test_real_output_in_detail(tiny, result):
    assert "n 37\nreps 3\n" in result.read_text()
    # no temporary file left
    assert os.listdir(tiny.folders(MANIFEST)["out"]) == ["result.txt"]


def test_mb_picks_n(tmp_path):
    path = tmp_path / "r.txt"
    assert run("sp-matrix", "--mb", "1", "-r", "1", "-o",
               str(path)).returncode == 0
    assert "n 256\n" in path.read_text()   # 2 x 256^2 x 8 B = 1 MiB
    assert check(path, ["--mb", "1", "-r", "1"]).returncode == 0


def test_mb_without_reps_copies_2_to_the_32(tmp_path):
    # ref gives only --mb: the repeats come from the default copy count.
    # The run itself would take seconds, so a one-repeat result of the
    # same n carries the expected count (the hash does not depend on it).
    path = tmp_path / "r.txt"
    assert run("sp-matrix", "-n", "724", "-r", "1", "-o",
               str(path)).returncode == 0
    reps = (1 << 32) // (724 * 724)
    path.write_text(path.read_text().replace("reps 1\n", f"reps {reps}\n"))
    assert check(path, ["--mb", "8"]).returncode == 0
    path.write_text(path.read_text().replace(f"reps {reps}\n",
                                             f"reps {(1 << 29) // (724 * 724)}\n"))
    assert_fails(check(path, ["--mb", "8"]))


def test_changed_digit_fails(result):
    text = result.read_text()
    pos = text.index("hash_b ") + 7
    digit = "1" if text[pos] != "1" else "2"
    result.write_text(text[:pos] + digit + text[pos + 1:])
    proc = check(result)
    assert_fails(proc)
    assert "hash_b" in proc.stderr


def test_truncated_fails(result):
    text = result.read_text()
    result.write_text(text[:text.index("hash_a")])
    proc = check(result)
    assert_fails(proc)
    assert "truncated" in proc.stderr


def test_wrong_n_fails(result):
    proc = check(result, ["-n", "38", "-r", "3"])
    assert_fails(proc)
    assert "n is 37" in proc.stderr


def test_wrong_reps_fails(result):
    assert_fails(check(result, ["-n", "37", "-r", "4"]))


def test_missing_file_fails(tmp_path):
    assert_fails(check(tmp_path / "absent.txt"))


def test_unwritable_output_fails(tmp_path):
    proc = run("sp-matrix", *TINY, "-o", str(tmp_path / "no" / "r.txt"))
    assert proc.returncode == 1
    assert not (tmp_path / "no").exists()


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["test"]["footprint_mb"] >= 32
    assert sizes["paper"]["args"][:2] == ["-n", "1000"]
    assert sizes["ref"]["ref_ratio"] == 16
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}"]
