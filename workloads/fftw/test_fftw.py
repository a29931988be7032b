"""Tests of sp-fftw and sp-fftw-check: a real run passes the direct-DFT
check, a damaged result file fails it, bad arguments are refused, and the
manifest is well formed and runnable."""
import functools
import os
import subprocess

import pytest

from testkit import (assert_check_fails, assert_manifest_basics, expand,
                     manifest, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "24", "-r", "2"]


def check(path, args=TINY, seed="42"):
    return run("sp-fftw-check", *args, "-s", seed, str(path))


@pytest.fixture
def result(tmp_path):
    path = tmp_path / "result.txt"
    assert run("sp-fftw", *TINY, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-fftw-check")


def test_real_output_passes(result):
    proc = check(result)
    assert proc.returncode == 0, proc.stderr
    assert result.read_text().count("\ncoef ") == 9


def test_odd_size_passes(tmp_path):
    path = tmp_path / "r.txt"
    args = ["-n", "15", "-s", "5"]
    assert run("sp-fftw", *args, "-o", str(path)).returncode == 0
    assert run("sp-fftw-check", *args, str(path)).returncode == 0


def test_mb_picks_n(tmp_path):
    path = tmp_path / "r.txt"
    assert run("sp-fftw", "--mb", "1", "-o", str(path)).returncode == 0
    assert "\nn 30\n" in path.read_text()   # 2 x 32^3 x 16 B = 1 MiB; 32 = 16 x 2, 31 prime
    assert check(path, ["--mb", "1"]).returncode == 0


@pytest.mark.parametrize("mb, n", [(3, 45), (20, 84), (128, 150)])
def test_mb_rounds_n_down_to_factors_of_2_3_5_7_not_of_16(tmp_path, mb, n):
    # cube roots 46.2 (46 = 2 x 23), 86.8 (86 = 2 x 43, 85 = 5 x 17), 161.3 (161 =
    # 7 x 23, 160 = 16 x 10, and 159 to 151 each have a prime factor above 7)
    path = tmp_path / "r.txt"
    assert run("sp-fftw", "--mb", str(mb), "-o", str(path)).returncode == 0
    assert f"\nn {n}\n" in path.read_text()


def change_leading_digit(path, line_start, field):
    lines = path.read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(line_start):
            words = line.split(" ")
            w = words[field]
            pos = 1 if w[0] == "-" else 0
            words[field] = w[:pos] + ("2" if w[pos] == "1" else "1") + \
                w[pos + 1:]
            lines[i] = " ".join(words)
            path.write_text("".join(lines))
            return
    raise AssertionError(line_start + " not found")


def test_changed_coefficient_fails(result):
    text = result.read_text()
    second = text.splitlines()[6].split(" ")[0:4]   # a plane wave's peak
    change_leading_digit(result, " ".join(second), 4)
    assert_fails(check(result), "coefficient")


def test_changed_noise_coefficient_fails(result):
    change_leading_digit(result, "coef 0 0 0", 5)
    assert_fails(check(result), "coefficient (0,0,0)")


def test_changed_energy_fails(result):
    change_leading_digit(result, "energy", 1)
    assert_fails(check(result), "energy")


def test_truncated_fails(result):
    text = result.read_text()
    result.write_text(text[:text.rindex("coef")])
    assert_fails(check(result), "truncated")


def test_wrong_n_fails(result):
    assert_fails(check(result, ["-n", "25", "-r", "2"]), "n is 24")


def test_other_seed_fails(result):
    assert_fails(check(result, seed="43"), "seed")
    result.write_text(result.read_text().replace("seed 42", "seed 43"))
    assert_fails(check(result, seed="43"))


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "3000"], ["-n", "4", "--mb", "1"],
    ["-n", "4", "-r", "0"], ["-n", "4", "-z"], ["-n", "4", "more"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-fftw", *args, "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1


def test_unwritable_output_fails(tmp_path):
    proc = run("sp-fftw", *TINY, "-o", str(tmp_path / "no" / "r.txt"))
    assert proc.returncode == 1


def test_manifest_keys_and_binaries():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["group"] == "other" and m["paper_row"] == "fftw"
    assert m["sizes"]["test"]["footprint_mb"] >= 32
    assert m["sizes"]["paper"]["footprint_mb"] > 0
    assert m["sizes"]["paper"]["args"][:2] == ["-n", "200"]
    assert m["sizes"]["ref"]["ref_ratio"] == 512
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}", "-r", "16"]


def test_manifest_commands_run_and_check(tmp_path):
    out = str(tmp_path)
    cmd = expand(MANIFEST["run"]["command"], TINY, out=out)
    assert subprocess.run(cmd).returncode == 0
    cmd = expand(MANIFEST["check"]["command"], TINY, out=out)
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    assert os.listdir(out) == ["result.txt"]
