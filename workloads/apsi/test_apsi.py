"""Tests of the apsi workload: sp-apsi's result passes sp-apsi-check; a
changed sum, extreme, probe value, pressure or temperature value, a
missing, extra or misplaced record, a malformed result, a run of another
input or of other arguments fail it; bad arguments are refused; and the
manifest's commands work end to end."""
import functools
import re

import pytest

from testkit import (assert_check_fails, assert_manifest_basics,
                     assert_section_passes, manifest, prepare_and_run,
                     read_text, run)

MANIFEST = manifest(__file__)
TINY = ["-n", "16", "-t", "25"]
# a record's words: "record", the step, then sum, min, max of theta and
# of each of the nine species
SUM, MIN, MAX = 2, 3, 4


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    """The manifest's prepare and run commands on TINY."""
    base = tmp_path_factory.mktemp("apsi")
    prepare_and_run(MANIFEST, TINY, base)
    return base


def check(base, text, tmp_path, args=TINY, seed="7"):
    (tmp_path / "r.txt").write_text(text)
    return run("sp-apsi-check", *args, "-s", seed, "-i",
               str(base / "in" / "apsi.in"), str(tmp_path / "r.txt"))


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


def test_real_output_passes(done, tmp_path):
    assert_section_passes(MANIFEST, "check", TINY, input=str(done / "in"),
                          out=str(done / "out"))
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
    inp = (done / "in" / "apsi.in").read_text()
    assert old in inp
    (tmp_path / "apsi.in").write_text(inp.replace(old, new, 1))
    proc = run("sp-apsi", *TINY, "-s", "7", "-i", str(tmp_path / "apsi.in"),
               "-o", str(tmp_path / "changed.txt"))
    assert proc.returncode == 0, proc.stderr
    assert_fails(check(done, (tmp_path / "changed.txt").read_text(),
                       tmp_path), msg)


def test_run_refuses_an_input_of_other_arguments(done, tmp_path):
    for args in (["-n", "16", "-t", "26", "-s", "7"],
                 ["-n", "17", "-t", "25", "-s", "7"],
                 [*TINY, "-s", "8"]):
        proc = run("sp-apsi", *args, "-i", str(done / "in" / "apsi.in"),
                   "-o", str(tmp_path / "r.txt"))
        assert proc.returncode == 1
        assert proc.stderr.endswith("was made for other arguments\n")
    (tmp_path / "bad.in").write_text("nx 16\nny x\n")
    proc = run("sp-apsi", *TINY, "-i", str(tmp_path / "bad.in"), "-o",
               str(tmp_path / "r.txt"))
    assert proc.returncode == 1 and "line 2: not a number" in proc.stderr
    proc = run("sp-apsi", *TINY, "-i", str(tmp_path / "none.in"), "-o",
               str(tmp_path / "r.txt"))
    assert proc.returncode == 1 and "cannot open" in proc.stderr
    assert not (tmp_path / "r.txt").exists()


def test_changed_input_fails(done, tmp_path):
    inp = (done / "in" / "apsi.in").read_text()
    (tmp_path / "in").mkdir()
    for old, new, what in (("kv 5", "kv 6", "was not made"),
                           ("probe ", "probe 1", "was not made"),
                           ("beta 0", "beta x", "not a number"),
                           ("dt ", "dt 1 ", "'dt' wants 1 numbers"),
                           ("roll ", "roll 2 ", "'roll' wants 3 numbers"),
                           ("dz 50\n", "", "expected 'dz'")):
        (tmp_path / "in" / "apsi.in").write_text(inp.replace(old, new, 1))
        assert_fails(check(tmp_path, result(done), tmp_path), what)


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


@pytest.mark.parametrize("args", [
    [], ["-n", "16"], ["-t", "25"], ["-n", "7", "-t", "25"],
    ["-n", "16", "-t", "0"], ["-n", "x", "-t", "25"],
    ["-n", "16", "--mb", "1", "-t", "25"], ["-n", "16", "-t", "25", "-q"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    for prog, more in (("sp-apsi-gen", ["-o", str(tmp_path)]),
                       ("sp-apsi", ["-i", "x", "-o", str(tmp_path / "r")]),
                       ("sp-apsi-check", ["-i", "x", str(tmp_path / "r")])):
        proc = run(prog, *args, *more)
        assert proc.returncode == 2, prog
        assert proc.stderr.count("\n") == 1


def test_run_and_check_need_the_input(tmp_path):
    for prog, more in (("sp-apsi", ["-o", str(tmp_path / "r")]),
                       ("sp-apsi-check", [str(tmp_path / "r")])):
        proc = run(prog, *TINY, *more)
        assert proc.returncode == 2 and "-i INPUT" in proc.stderr


def test_manifest_keys():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["paper_row"] == m["name"] and m["group"] == "CFP2000"
    assert m["run"]["command"][0] == "{bin}/sp-apsi"
    # 112 x 112 x 64 at paper size
    assert m["sizes"]["paper"]["args"][:2] == ["-n", "112"]
    assert m["sizes"]["ref"]["args"][:2] == ["--mb", "{ref_mb}"]
    for section in ("prepare", "run", "check"):
        assert "{seed}" in m[section]["command"]
