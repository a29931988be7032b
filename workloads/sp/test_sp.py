"""Tests of sp-sp and sp-sp-check: a converged run passes, a perturbed
sample, an unconverged run, another seed or a damaged file fail, and --mb
picks the grid. (test_contract.py holds what every workload's tests
share.)"""
import functools
import os

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["sp"]


def check(path, args=TINY, seed="42"):
    return run("sp-sp-check", *args, "-s", seed, str(path))


@pytest.fixture
def result(tmp_path):
    path = tmp_path / "result.txt"
    assert run("sp-sp", *TINY, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-sp-check")


def test_real_output_in_detail(result):
    # at the default seed, the output the tests below change
    proc = check(result)
    assert proc.returncode == 0, proc.stderr
    assert result.read_text().count("\nsample ") == 64


def test_perturbed_sample_fails(result):
    lines = result.read_text().splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("sample"))
    words = lines[i].split()
    words[5] = repr(float(words[5]) + 1e-6)
    lines[i] = " ".join(words)
    result.write_text("\n".join(lines) + "\n")
    assert_fails(check(result), "exact")


def test_unconverged_run_fails(tmp_path):
    path = tmp_path / "r.txt"
    args = ["-n", "12", "-i", "15"]
    assert run("sp-sp", *args, "-o", str(path)).returncode == 0
    assert_fails(check(path, args), "above")


def test_other_seed_fails(tmp_path):
    path = tmp_path / "r.txt"
    assert run("sp-sp", *TINY, "-s", "7", "-o", str(path)).returncode == 0
    assert check(path, seed="7").returncode == 0
    assert_fails(check(path, seed="42"), "seed")
    path.write_text(path.read_text().replace("seed 7\n", "seed 42\n"))
    assert_fails(check(path, seed="42"))


def test_truncated_and_wrong_size_fail(result):
    text = result.read_text()
    assert_fails(check(result, ["-n", "13", "-i", "120"]), "n is 12")
    result.write_text(text[:text.index("sample 5")] if "sample 5" in text
                      else text[:-40])
    assert_fails(check(result), "truncated")


def test_mb_picks_n(tmp_path):
    path = tmp_path / "r.txt"
    assert run("sp-sp", "--mb", "1", "-o", str(path)).returncode == 0
    # 1 MiB / (41 doubles x 8 B) = 3196 points: n = 14
    assert path.read_text().startswith("n 14\niters 150\n")
    assert check(path, ["--mb", "1"]).returncode == 0


def test_manifest_run_leaves_only_its_result(tiny):
    assert os.listdir(tiny.folders(MANIFEST)["out"]) == ["result.txt"]


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["paper"]["args"][:2] == ["-n", "36"]
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}"]
    assert 15 <= sizes["ref"]["ref_ratio"] < 16
