"""Tests of sp-sp and sp-sp-check: a converged run passes, a perturbed
sample, an unconverged run, another seed or a damaged file fail, bad
arguments are refused, and the manifest is well formed and runnable."""
import functools
import os
import subprocess

import pytest

from testkit import (BIN, assert_check_fails, assert_manifest_basics, manifest,
                     run)

MANIFEST = manifest(__file__)
TINY = ["-n", "12", "-i", "120"]


def check(path, args=TINY, seed="42"):
    return run("sp-sp-check", *args, "-s", seed, str(path))


@pytest.fixture
def result(tmp_path):
    path = tmp_path / "result.txt"
    assert run("sp-sp", *TINY, "-o", str(path)).returncode == 0
    return path


assert_fails = functools.partial(assert_check_fails, "sp-sp-check")


def test_real_output_passes(result):
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


@pytest.mark.parametrize("args", [
    [], ["-n", "5"], ["-n", "x"], ["-n", "8", "--mb", "1"],
    ["-n", "8", "-i", "0"], ["-n", "8", "-s"], ["-n", "8", "-q"],
    ["-n", "8", "extra"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-sp", *args, "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1


def test_manifest_keys_and_commands(tmp_path):
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["paper_row"] == m["name"]
    assert m["sizes"]["paper"]["args"][:2] == ["-n", "36"]
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    assert 15 <= m["sizes"]["ref"]["ref_ratio"] < 16
    out = str(tmp_path)
    for section, status in (("run", 0), ("check", 0)):
        words = []
        for w in m[section]["command"]:
            if w == "{args}":
                words += TINY
            else:
                words.append(w.replace("{bin}", BIN).replace("{out}", out)
                             .replace("{seed}", "9"))
        assert subprocess.run(words).returncode == status
    assert os.listdir(out) == ["result.txt"]
