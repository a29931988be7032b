"""Tests of the apsi workload: sp-apsi's result passes sp-apsi-check; a
changed sum, extreme, probe value, pressure or temperature value, a
missing, extra or misplaced record, a malformed result, a run of another
input or of other arguments fail it. (test_contract.py holds what every
workload's tests share.)"""
import functools
import re

import pytest

from testkit import (TINY_ARGS, assert_check_fails,
                     assert_run_refuses_inputs, changed_input,
                     check_with_input, manifest, read_text, run,
                     run_on_input)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["apsi"]
# a record's words: "record", the step, then sum, min, max of theta and
# of each of the nine species
SUM, MIN, MAX = 2, 3, 4


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(base, text, tmp_path, args=TINY, seed="7"):
    (tmp_path / "r.txt").write_text(text)
    return check_with_input("sp-apsi-check", base, "apsi.in",
                            tmp_path / "r.txt", args, seed)


assert_fails = functools.partial(assert_check_fails, "sp-apsi-check")


def result(base):
    return read_text(str(base / "out"), "result.txt")


def change_record(text, step, field, what, how):
    """text with record step's what (SUM, MIN or MAX) of field (0 theta,
    s species s) replaced by how(value)."""
    lines = text.splitlines()
    for i, ln in enumerate(lines):
        words = ln.split()
        if words[0] == "record" and words[1] == str(step):
            k = what + 3 * field
            words[k] = repr(how(float(words[k])))
            lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def change_row(text, section, key, row, col, how):
    """text with value col of row `key row` after the line `section`
    (e.g. "probe 1" or "plane 5") replaced by how(value)."""
    lines = text.splitlines()
    start = lines.index(section)
    for i in range(start + 1, len(lines)):
        words = lines[i].split()
        if words[0] == key and words[1] == str(row):
            words[2 + col] = repr(how(float(words[2 + col])))
            lines[i] = " ".join(words)
            break
    return "\n".join(lines) + "\n"


def test_real_output_in_detail(done, tmp_path):
    # through check(), as the tests below give it their changed results
    proc = check(done, result(done), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok 25 steps on 16 x 16 x 9 cells, "
                                  "4 records")
    # the sums move by rounding only, far inside the bound
    drift = float(re.search(r"sum drift ([0-9.e+-]+)", proc.stdout).group(1))
    assert drift < 1e-14


def test_records_and_sums(done):
    text = result(done)
    assert text.startswith("nx 16\nny 16\nnz 9\nsteps 25\nmprint 10\n"
                           "nprobe 10\n# record step theta_sum ")
    recs = [[float(w) for w in ln.split()[1:]] for ln in text.splitlines()
            if ln.startswith("record ")]
    assert [int(r[0]) for r in recs] == [0, 10, 20, 25]
    # theta is conserved; each species grows by its source
    assert recs[-1][1] == pytest.approx(recs[0][1], rel=1e-14)
    for s in range(1, 10):
        assert recs[-1][1 + 3 * s] > recs[0][1 + 3 * s]
    # the flow moves the puffs: maxima change by more than rounding
    assert abs(recs[-1][6] / recs[0][6] - 1) > 1e-3


@pytest.mark.parametrize("step,field,what,how,msg", [
    # a sum off by a part in 10^12: over the rounding bound
    (20, 0, SUM, lambda x: x * (1 + 1e-12), "theta's sum at step 20"),
    (25, 4, SUM, lambda x: x * (1 - 1e-12), "species 4's sum at step 25"),
    (0, 9, SUM, lambda x: x * (1 + 1e-12), "species 9's sum at step 0"),
    (10, 2, MIN, lambda x: x * 0.99, "maximum principle"),
    (25, 0, MAX, lambda x: x + 1, "maximum principle"),
    (20, 7, MAX, lambda x: x * 1.5, "maximum principle"),
    (0, 3, MAX, lambda x: x * (1 - 1e-12), "extremes at step 0"),
])
def test_changed_record_fails(done, tmp_path, step, field, what, how, msg):
    assert_fails(check(done, change_record(result(done), step, field, what,
                                           how), tmp_path), msg)


def test_changed_probe_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, change_row(text, "probe 1", "q", 3, 5,
                                        lambda x: x + 1e-12), tmp_path),
                 "the probe's mode is off the scheme's decay")
    assert_fails(check(done, text.replace("probe 1\n", "probe 2\n"),
                       tmp_path), "the probe is of level 2, not 1")


def test_changed_pressure_fails(done, tmp_path):
    text = result(done)
    # one value a part in 10^9 off: the residual shows it
    assert_fails(check(done, change_row(text, "plane 5", "p", 7, 2,
                                        lambda x: x * (1 + 1e-9)), tmp_path),
                 "the pressure on level 5 leaves a residual")
    # a temperature the pressure was not solved for
    assert_fails(check(done, change_row(text, "plane 9", "theta", 1, 0,
                                        lambda x: x - 1e-6), tmp_path),
                 "the pressure on level 9 leaves a residual")
    assert_fails(check(done, change_row(text, "plane 1", "theta", 4, 4,
                                        lambda x: x + 100), tmp_path),
                 "outside the last record's")
    # the whole plane shifted: the residual is the same, the mean not
    lines = text.splitlines()
    start = lines.index("plane 1")
    for i in range(start + 1, len(lines)):
        words = lines[i].split()
        if words[0] == "p":
            lines[i] = " ".join(words[:2] + [repr(float(w) + 1.0)
                                             for w in words[2:]])
    assert_fails(check(done, "\n".join(lines) + "\n", tmp_path),
                 "the pressure on level 1 has mean")
    assert_fails(check(done, text.replace("plane 5\n", "plane 4\n"),
                       tmp_path), "plane 2 is of level 4, not 5")


def test_missing_extra_or_misplaced_record_fails(done, tmp_path):
    text = result(done)
    lines = text.splitlines(keepends=True)
    recs = [i for i, ln in enumerate(lines) if ln.startswith("record ")]
    without = lines[:recs[-1]] + lines[recs[-1] + 1:]
    assert_fails(check(done, "".join(without), tmp_path),
                 "3 records, the last of step 20; expected one of step 25")
    extra = lines[:recs[-1] + 1] + [lines[recs[-1]]] + lines[recs[-1] + 1:]
    assert_fails(check(done, "".join(extra), tmp_path),
                 "more records than steps")
    swapped = list(lines)
    swapped[recs[1]], swapped[recs[2]] = lines[recs[2]], lines[recs[1]]
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
    assert_fails(check(done, text + "p 1 2\n", tmp_path),
                 "more than the result holds")
    assert_fails(check(done, text.replace("q 3 ", "q 4 ", 1), tmp_path),
                 "a row out of order")
    assert_fails(check(done, "", tmp_path), "missing 'nx'")


def test_result_of_other_arguments_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, text.replace("steps 25", "steps 30"),
                       tmp_path), "not of -n 16 -t 25")
    assert_fails(check(done, text, tmp_path, seed="8"),
                 "was not made for -n 16 -t 25 -s 8")
    assert_fails(check(done, text, tmp_path, args=["-n", "16", "-t", "30"]),
                 "was not made for -n 16 -t 30")


@pytest.mark.parametrize("old,new,msg", [
    # a faster diffusion: the probe decays faster than the scheme should
    ("kh 50\n", "kh 60\n", "the probe's mode is off"),
    # a shorter step: the sources emit less than they should
    ("dt 7.", "dt 6.", "sum at step 10"),
])
def test_run_of_a_changed_input_fails(done, tmp_path, old, new, msg):
    inputs = changed_input(done, "apsi.in", tmp_path, old, new)
    text = run_on_input("sp-apsi", TINY, inputs, "apsi.in", tmp_path)
    assert_fails(check(done, text, tmp_path), msg)


def test_run_refuses_an_input_of_other_arguments(done, tmp_path):
    assert_run_refuses_inputs("sp-apsi", TINY, done / "in" / "apsi.in",
                              ("nx 16\nny x\n", "line 2: not a number"),
                              tmp_path)


@pytest.mark.parametrize("old,new,what", [
    ("kv 5", "kv 6", "was not made"), ("probe ", "probe 1", "was not made"),
    ("beta 0", "beta x", "not a number"), ("dt ", "dt 1 ", "'dt' wants 1 numbers"),
    ("roll ", "roll 2 ", "'roll' wants 3 numbers"), ("dz 50\n", "", "expected 'dz'"),
])
def test_changed_input_fails(done, tmp_path, old, new, what):
    inputs = changed_input(done, "apsi.in", tmp_path, old, new)
    assert_fails(check(inputs, result(done), tmp_path), what)


def test_input_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-apsi-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "apsi.in").read_text().splitlines()
    b = (tmp_path / "2" / "apsi.in").read_text().splitlines()
    keys = [ln.split()[0] for ln in a]
    assert keys[:7] == ["nx", "ny", "nz", "steps", "mprint", "nprobe", "dx"]
    assert keys[17:] == (["seed"] + ["wind"] * 3 + ["roll"] +
                         ["bubble"] * 2 + ["puff", "source"] * 9 + ["probe"])
    assert a[:3] == ["nx 16", "ny 16", "nz 9"]
    assert a[17:] != b[17:]


def test_mb_picks_the_grid(tmp_path):
    # 31 arrays of 8-byte values: 1 MB holds 19 x 19 x 11 of each, 190
    # MB the paper's 112 x 112 x 64
    for mb, head in (("1", "nx 19\nny 19\nnz 11\n"),
                     ("190", "nx 112\nny 112\nnz 64\n")):
        assert run("sp-apsi-gen", "--mb", mb, "-t", "5", "-o",
                   str(tmp_path / mb)).returncode == 0
        assert (tmp_path / mb / "apsi.in").read_text().startswith(head)


def test_paper_size():
    # 112 x 112 x 64 at paper size
    assert MANIFEST["sizes"]["paper"]["args"][:2] == ["-n", "112"]
