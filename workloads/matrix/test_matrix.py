"""Tests of sp-matrix and sp-matrix-check: a real run passes its check, a
damaged result file fails it, bad arguments are refused, and the manifest
is well formed and runnable."""
import functools
import os
import subprocess

import pytest

from testkit import (assert_check_fails, assert_manifest_basics, expand,
                     manifest, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "37", "-r", "3"]


def check(path, args=TINY):
    return run("sp-matrix-check", *args, str(path))


@pytest.fixture
def result(tmp_path):
    path = tmp_path / "result.txt"
    assert run("sp-matrix", *TINY, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-matrix-check")


def test_real_output_passes(result):
    proc = check(result)
    assert proc.returncode == 0, proc.stderr
    assert "n 37\nreps 3\n" in result.read_text()


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


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "12x"], ["-n", "4", "--mb", "1"],
    ["-n", "4", "-r", "-1"], ["-n", "4", "--bogus"], ["-n", "4", "extra"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-matrix", *args, "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1


def test_no_output_flag_exit_2():
    proc = run("sp-matrix", "-n", "4")
    assert proc.returncode == 2


def test_unwritable_output_fails(tmp_path):
    proc = run("sp-matrix", *TINY, "-o", str(tmp_path / "no" / "r.txt"))
    assert proc.returncode == 1
    assert not (tmp_path / "no").exists()


def test_manifest_keys_and_binaries():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["group"] == "other" and m["paper_row"] == "matrix"
    for size in ("test", "paper"):
        assert m["sizes"][size]["footprint_mb"] > 0
    assert m["sizes"]["test"]["footprint_mb"] >= 32
    assert m["sizes"]["paper"]["args"][:2] == ["-n", "1000"]
    assert m["sizes"]["ref"]["ref_ratio"] == 16
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    for section in ("run", "check"):
        assert m[section]["command"][0].startswith("{bin}/"), section


def test_manifest_commands_run_and_check(tmp_path):
    out = str(tmp_path)
    run_cmd = expand(MANIFEST["run"]["command"], TINY, out=out)
    check_cmd = expand(MANIFEST["check"]["command"], TINY, out=out)
    assert subprocess.run(run_cmd).returncode == 0
    assert subprocess.run(check_cmd, capture_output=True).returncode == 0
    assert os.listdir(out) == ["result.txt"]   # no temporary file left
