"""Tests of the swim workload: sp-swim's records pass sp-swim-check; a
changed mass, energy, enstrophy or |U| sum, a missing, extra or misplaced
record, a run of another input or of other arguments fail it; records
beyond the check's recomputing budget are still held to the conservation
bounds. (test_contract.py holds what every workload's tests share.)"""
import functools
import math
import re

import pytest

from testkit import (TINY_ARGS, assert_check_fails,
                     assert_run_refuses_inputs, changed_input,
                     check_with_input, manifest, read_text, run,
                     run_on_input)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["swim"]
FIELDS = {"mass": 2, "energy": 3, "enstrophy": 4, "usum": 5, "vsum": 6}


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(base, text, tmp_path, args=TINY, seed="7"):
    (tmp_path / "r.txt").write_text(text)
    return check_with_input("sp-swim-check", base, "swim.in",
                            tmp_path / "r.txt", args, seed)


assert_fails = functools.partial(assert_check_fails, "sp-swim-check")


def result(base):
    return read_text(str(base / "out"), "result.txt")


def change(text, step, field, how):
    """text with the record of step's field replaced by how(value)."""
    lines = text.splitlines()
    for i, ln in enumerate(lines):
        words = ln.split()
        if words[0] == "record" and words[1] == str(step):
            words[FIELDS[field]] = repr(how(float(words[FIELDS[field]])))
            lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def test_real_output_in_detail(done, tmp_path):
    # through check(), as the tests below give it their changed results
    proc = check(done, result(done), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(
        "ok 40 steps on 24 x 24 arrays, 5 records (5 recomputed)")
    # the mass moves by rounding only, far inside the bound
    mass = float(re.search(r"mass ([0-9.e+-]+)", proc.stdout).group(1))
    assert mass < 1e-14


def test_records_and_sums(done):
    text = result(done)
    assert text.startswith("n1 24\nn2 24\nitmax 40\nmprint 10\n# record ")
    recs = [ln.split()[1:] for ln in text.splitlines()
            if ln.startswith("record ")]
    assert [int(r[0]) for r in recs] == [0, 10, 20, 30, 40]
    # P is 50000 at every one of the 23 x 23 points, on average
    assert float(recs[0][1]) == pytest.approx(50000 * 23 * 23, rel=1e-12)
    # the flow moves: the sums of |U| change by more than rounding
    assert abs(float(recs[-1][4]) / float(recs[0][4]) - 1) > 1e-6


@pytest.mark.parametrize("field,step,how,what", [
    # a mass off by far less than a part in 10^12: the rounding bound
    ("mass", 30, lambda x: x * (1 + 1e-12), "over its rounding bound"),
    ("enstrophy", 40, lambda x: x * 1.01, "potential enstrophy at step 40 moved"),
    ("energy", 20, lambda x: x * 1.5, "energy at step 20 moved"),
    # within what the scheme conserves, but not what the C model computes
    ("energy", 20, lambda x: x * (1 + 1e-8), "energy at step 20 is"),
    ("enstrophy", 10, lambda x: x * (1 + 1e-8), "enstrophy at step 10 is"),
    ("usum", 30, lambda x: x * (1 + 1e-9), "usum at step 30 is"),
    ("vsum", 0, lambda x: x * (1 - 1e-9), "vsum at step 0 is"),
    ("usum", 40, lambda x: -x, "not positive"),
    ("mass", 0, lambda x: x + 1, "mass at step 10"),
])
def test_changed_sum_fails(done, tmp_path, field, step, how, what):
    assert_fails(check(done, change(result(done), step, field, how),
                       tmp_path), what)


def test_missing_extra_or_misplaced_record_fails(done, tmp_path):
    text = result(done)
    lines = text.splitlines(keepends=True)
    assert_fails(check(done, "".join(lines[:-1]), tmp_path),
                 "4 records, the last of step 30; expected one of step 40")
    assert_fails(check(done, text + lines[-1], tmp_path),
                 "1 records after the last step's")
    swapped = lines[:6] + [lines[7], lines[6]] + lines[8:]
    assert_fails(check(done, "".join(swapped), tmp_path),
                 "record 2 is of step 20, expected 10")


def test_malformed_result_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, text.replace("record 20 ", "record 20 nan ",
                                          1), tmp_path),
                 "not a finite number")
    assert_fails(check(done, text[:-5], tmp_path), "unterminated")
    assert_fails(check(done, text.replace("mprint", "print"), tmp_path),
                 "expected 'mprint'")
    assert_fails(check(done, "", tmp_path), "missing 'n1'")


def test_result_of_other_arguments_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, text.replace("itmax 40", "itmax 50"),
                       tmp_path), "not of -n 24 -t 40")
    assert_fails(check(done, text, tmp_path, seed="8"),
                 "was not made for -n 24 -t 40 -s 8")
    assert_fails(check(done, text, tmp_path, args=["-n", "24", "-t", "30"]),
                 "was not made for -n 24 -t 30")


def test_run_of_a_changed_input_fails(done, tmp_path):
    # the run given a shorter time step: the check, reading the real
    # input, recomputes other values
    inputs = changed_input(done, "swim.in", tmp_path, "dt 90", "dt 80")
    text = run_on_input("sp-swim", TINY, inputs, "swim.in", tmp_path)
    assert_fails(check(done, text, tmp_path), "the C model's")


def test_run_refuses_an_input_of_other_arguments(done, tmp_path):
    assert_run_refuses_inputs("sp-swim", TINY, done / "in" / "swim.in",
                              ("n1 24\nn2 x\n", "is not a swim.in"), tmp_path)


@pytest.mark.parametrize("old,new,what", [
    ("alpha 0.001", "alpha 0.002", "was not made"),
    ("mode ", "mode 1", "was not made"),
    ("p0 50000", "p0 x", "not a finite number"),
    ("dt 90\n", "", "expected 'dt'"),
])
def test_changed_input_fails(done, tmp_path, old, new, what):
    inputs = changed_input(done, "swim.in", tmp_path, old, new)
    assert_fails(check(inputs, result(done), tmp_path), what)


def test_records_beyond_the_budget_are_held_to_conservation(tmp_path):
    # 400 x 400: the C model recomputes 314 steps of 330, so the records
    # of steps 320 and 330 are judged by the conservation bounds alone
    args = ["-n", "400", "-t", "330"]
    assert run("sp-swim-gen", *args, "-o", str(tmp_path)).returncode == 0
    proc = run("sp-swim", *args, "-i", str(tmp_path / "swim.in"), "-o",
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "r.txt").read_text()
    proc = run("sp-swim-check", *args, "-i", str(tmp_path / "swim.in"),
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    assert "34 records (32 recomputed)" in proc.stdout
    for field, how, what in (
            ("mass", lambda x: x * (1 + 1e-11), "mass at step 330"),
            ("enstrophy", lambda x: x * (1 + 1e-4), "enstrophy at step 330"),
            ("energy", lambda x: x * 1.01, "energy at step 330")):
        (tmp_path / "c.txt").write_text(change(text, 330, field, how))
        assert_fails(run("sp-swim-check", *args, "-i",
                         str(tmp_path / "swim.in"), str(tmp_path / "c.txt")),
                     what)


def test_input_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-swim-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "swim.in").read_text().splitlines()
    b = (tmp_path / "2" / "swim.in").read_text().splitlines()
    assert a[:10] == b[:10] and a[10:] != b[10:]
    assert a[:3] == ["n1 24", "n2 24", "itmax 40"]
    assert [ln.split()[0] for ln in a[10:]] == ["seed", "modes"] + ["mode"] * 3
    amp = float(a[-1].split()[3])
    assert 0.1 <= amp <= 0.3 and math.isfinite(float(a[7].split()[1]))


def test_mb_picks_the_array_order(tmp_path):
    # 14 arrays of 8-byte values: 1 MB holds 96 x 96 of each
    assert run("sp-swim-gen", "--mb", "1", "-t", "5", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "swim.in").read_text().startswith("n1 96\nn2 96\n")


def test_paper_size():
    # SPEC's 1335 x 1335 arrays
    assert MANIFEST["sizes"]["paper"]["args"][:2] == ["-n", "1335"]
