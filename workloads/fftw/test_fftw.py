"""Tests of sp-fftw and sp-fftw-check: a real run passes the direct-DFT
check, a damaged result file fails it, and --mb picks a size of small
factors. (test_contract.py holds what every workload's tests share.)"""
import functools
import os

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["fftw"]


def check(path, args=TINY, seed="42"):
    return run("sp-fftw-check", *args, "-s", seed, str(path))


@pytest.fixture
def result(tmp_path):
    path = tmp_path / "result.txt"
    assert run("sp-fftw", *TINY, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-fftw-check")


def test_real_output_in_detail(result):
    # at the default seed, the output the tests below change
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


def test_unwritable_output_fails(tmp_path):
    proc = run("sp-fftw", *TINY, "-o", str(tmp_path / "no" / "r.txt"))
    assert proc.returncode == 1


def test_manifest_run_leaves_only_its_result(tiny):
    assert os.listdir(tiny.folders(MANIFEST)["out"]) == ["result.txt"]


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["test"]["footprint_mb"] >= 32
    assert sizes["paper"]["args"][:2] == ["-n", "200"]
    assert sizes["ref"]["ref_ratio"] == 512
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}", "-r", "16"]
