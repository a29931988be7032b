"""Tests of the sixtrack workload: sp-sixtrack's result passes
sp-sixtrack-check on a full ring and on a linear one (whose measured tunes
match the transfer matrices' closely); a changed probe record, final
coordinate or lost turn, a particle kept or lost wrongly, a changed
one-turn matrix, a probe of another tune, a probe end where the map is not
smooth, a run of another input, and malformed or mismatched files fail
it. (test_contract.py holds what every workload's tests share.)"""
import functools
import math
import re

import pytest

from testkit import (TINY_ARGS, assert_check_fails,
                     assert_run_refuses_inputs, assert_section_passes,
                     changed_input, check_with_input, manifest,
                     prepare_and_run, read_text, run, run_on_input)

MANIFEST = manifest(__file__)
# Two cells, 400 turns, 20 particles: 8 of them lost, at turns 1 to 60.
TINY = TINY_ARGS["sixtrack"]
# The test size's ring made linear (sextupoles, octupoles, errors off).
LINEAR = MANIFEST["sizes"]["test"]["args"] + ["-l", "linear"]
LINEAR_TURNS = int(LINEAR[LINEAR.index("-t") + 1])
COORDS = ["x", "px", "y", "py", "sigma", "delta"]


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


@pytest.fixture(scope="module")
def linear(tmp_path_factory):
    """The same on the linear ring."""
    base = tmp_path_factory.mktemp("sixtrack-linear")
    prepare_and_run(MANIFEST, LINEAR, base)
    return base


def check(base, text, tmp_path, args=TINY, seed="7"):
    (tmp_path / "r.txt").write_text(text)
    return check_with_input("sp-sixtrack-check", base, "sixtrack.in",
                            tmp_path / "r.txt", args, seed)


assert_fails = functools.partial(assert_check_fails, "sp-sixtrack-check")


def result(base):
    return read_text(str(base / "out"), "result.txt")


def lines_of(text, key):
    """The (index, words) of text's lines that start with key."""
    return [(i, ln.split()) for i, ln in enumerate(text.splitlines())
            if ln.startswith(key + " ")]


def replace_line(text, i, words):
    lines = text.splitlines()
    lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def particles(text):
    """{j: words} of the particle lines."""
    return {int(w[1]): (i, w) for i, w in lines_of(text, "particle")}


def survivors(text):
    return [j for j, (_, w) in particles(text).items() if w[2] == "0"]


def lost(text):
    return {j: int(w[2]) for j, (_, w) in particles(text).items()
            if w[2] != "0"}


def change_probe(text, turn, k, how):
    for i, w in lines_of(text, "probe"):
        if w[1] == str(turn):
            w[2 + k] = repr(how(float(w[2 + k])))
            return replace_line(text, i, w)
    raise AssertionError(turn)


def change_particle(text, j, k, how):
    i, w = particles(text)[j]
    w[3 + k] = repr(how(float(w[3 + k])))
    return replace_line(text, i, w)


def test_real_output_in_detail(done, tmp_path):
    # through check(), as the tests below give it their changed results
    proc = check(done, result(done), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(
        "ok 20 particles, 400 turns, 233 entries, 8 lost; 20 tracked again;"
        " one-turn matrix within ")
    within = re.search(r"matrix within (\S+) of", proc.stdout).group(1)
    assert float(within) < 1e-12
    det, symp = re.search(r"\|det - 1\| <= (\S+), symplectic defect <= "
                          r"(\S+);", proc.stdout).groups()
    assert float(det) < 1e-8 and float(symp) < 1e-7
    assert "full ring's tunes" in proc.stdout


def test_result_layout(done):
    text = result(done)
    assert text.startswith("cells 2\nturns 400\nparticles 20\nseed 7\n"
                           "lattice full\nentries 233\n# one-turn matrix")
    assert [int(w[1]) for _, w in lines_of(text, "matrix")] == list(range(1, 7))
    assert [int(w[1]) for _, w in lines_of(text, "probe")] == list(range(401))
    assert sorted(particles(text)) == list(range(1, 21))
    # the probe's record 0 is particle 1's start; losses come at large
    # amplitudes, the probe and the smallest survive
    start = lines_of((done / "in" / "sixtrack.in").read_text(), "particle")
    assert lines_of(text, "probe")[0][1][2:] == start[0][1][2:]
    assert len(lost(text)) == 8 and min(lost(text)) > 10
    assert {1, 2, 3} <= set(survivors(text))


def test_linear_ring_matches_its_transfer_matrices(linear, tmp_path):
    proc = assert_section_passes(MANIFEST, "check", LINEAR,
                                 input=str(linear / "in"),
                                 out=str(linear / "out"))
    got = re.search(r"linear ring's tunes (\S+) (\S+), the probe's (\S+) "
                    r"(\S+)$", proc.stdout.strip()).groups()
    q = [float(v) for v in got]
    # the design tunes, .28 and .31, to the matrices' precision
    assert q[0] == pytest.approx(0.28, abs=1e-6)
    assert q[1] == pytest.approx(0.31, abs=1e-6)
    assert abs(q[2] - q[0]) < 5e-5 and abs(q[3] - q[1]) < 5e-5
    text = result(linear)
    assert "lattice linear" in text and not lost(text)
    # a probe of a tune 1e-4 off passes the full ring's bound, not this
    # one (the first and last records, which the window leaves out, kept)
    amp = max(abs(float(w[2])) for _, w in lines_of(text, "probe"))
    for turn in range(1, LINEAR_TURNS):
        text = change_probe(text, turn, 0, lambda _, t=turn: amp * math.cos(
            2 * math.pi * (q[2] + 1e-4) * t))
    assert_fails(check(linear, text, tmp_path, args=LINEAR),
                 "the probe's x tune is")


def test_few_turns_leave_the_tunes_unmeasured(tmp_path):
    args = ["-n", "2", "-t", "20", "-p", "4"]
    assert run("sp-sixtrack-gen", *args, "-o", str(tmp_path)).returncode == 0
    inp, out = str(tmp_path / "sixtrack.in"), str(tmp_path / "r.txt")
    assert run("sp-sixtrack", *args, "-i", inp, "-o", out).returncode == 0
    proc = run("sp-sixtrack-check", *args, "-i", inp, out)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok 4 particles, 20 turns, 233 entries")
    assert proc.stdout.endswith("not measured in fewer than 64 turns\n")


@pytest.mark.parametrize("turn,k,how,what", [
    # the probe is at 2 um: 1e-6 of it is 2 pm, over the 1 pm floor
    (123, 0, lambda v: v * (1 + 1e-6), "the probe 1 after turn 123: x is"),
    (399, 5, lambda v: v + 1e-12, "the probe 1 after turn 399: delta is"),
    (400, 5, lambda v: v + 1e-12, "the probe's last record is not particle"),
    (1, 3, lambda v: v * (1 - 1e-5), "the probe 1 after turn 1: py is"),
    (0, 4, lambda v: v + 1e-9, "record 0 is not particle 1's start"),
])
def test_changed_probe_record_fails(done, tmp_path, turn, k, how, what):
    assert_fails(check(done, change_probe(result(done), turn, k, how),
                       tmp_path), what)


@pytest.mark.parametrize("k", range(6))
def test_changed_final_coordinate_fails(done, tmp_path, k):
    text = result(done)
    j = survivors(text)[-1]
    assert_fails(check(done, change_particle(text, j, k,
                                             lambda v: v * (1 + 1e-7) + 1e-15),
                       tmp_path),
                 f"particle {j} after turn 400: {COORDS[k]} is")


def test_wrong_loss_fails(done, tmp_path):
    text = result(done)
    parts = particles(text)
    j, t = max(lost(text).items(), key=lambda kv: kv[1])
    # lost a turn late
    i, w = parts[j]
    assert_fails(check(done, replace_line(text, i, w[:2] + [str(t + 1)]),
                       tmp_path),
                 f"particle {j} was lost at turn {t + 1}; the C tracker "
                 f"loses it at turn {t}")
    # kept, with a survivor's coordinates
    s = survivors(text)[-1]
    assert_fails(check(done, replace_line(text, i, w[:2] + ["0"] +
                                          parts[s][1][3:]), tmp_path),
                 f"particle {j} survived; the C tracker loses it at turn {t}")
    # a survivor reported lost
    i, w = parts[s]
    assert_fails(check(done, replace_line(text, i, w[:2] + ["400"]),
                       tmp_path),
                 f"particle {s} was lost at turn 400; the C tracker keeps it")
    # a survivor outside the aperture
    assert_fails(check(done, change_particle(text, s, 0, lambda v: 0.03),
                       tmp_path), f"particle {s} survived outside the aperture")


@pytest.mark.parametrize("row,col,factor,what", [
    (1, 2, 1.01, "the one-turn matrix has determinant"),
    (6, 5, 1.5, "the one-turn matrix has determinant"),
    # within the bounds on the determinant and the form, not the C
    # tracker's differences
    (1, 1, 1 + 1e-7, "the one-turn matrix's entry 1,1 is"),
    (3, 4, 1 - 1e-7, "the one-turn matrix's entry 3,4 is"),
])
def test_changed_matrix_fails(done, tmp_path, row, col, factor, what):
    text = result(done)
    i, w = lines_of(text, "matrix")[row - 1]
    w[1 + col] = repr(float(w[1 + col]) * factor)
    assert_fails(check(done, replace_line(text, i, w), tmp_path), what)


def test_non_symplectic_matrix_fails(done, tmp_path):
    # rows x and y scaled by s and 1 / s keep the determinant, not the form
    text = result(done)
    rows = lines_of(text, "matrix")
    for (i, w), s in ((rows[0], 1.01), (rows[2], 1 / 1.01)):
        text = replace_line(text, i, w[:2] + [repr(float(v) * s)
                                              for v in w[2:]])
    assert_fails(check(done, text, tmp_path),
                 "the one-turn matrix is not symplectic")


def test_probe_of_another_tune_fails(done, tmp_path):
    text = result(done)
    for turn in range(1, 400):
        text = change_probe(text, turn, 2, lambda _, t=turn: 1e-6 * math.cos(
            2 * math.pi * 0.25 * t))
    assert_fails(check(done, text, tmp_path),
                 "the probe's y tune is 0.250000, the ring's transfer "
                 "matrices give 0.31")


def test_probe_end_where_the_map_is_not_smooth_fails(done, tmp_path):
    # at the edge of the aperture the next turn loses the particle
    text = result(done)
    for k, v in ((0, 0.0219), (2, 0.0174)):
        text = change_probe(text, 400, k, lambda _, v=v: v)
        text = change_particle(text, 1, k, lambda _, v=v: v)
    assert_fails(check(done, text, tmp_path),
                 "the one-turn map at the probe's end is not smooth")


def test_missing_or_extra_lines_fail(done, tmp_path):
    text = result(done)
    lines = text.splitlines(keepends=True)
    probes = [i for i, _ in lines_of(text, "probe")]
    cut = lines[:probes[-1]] + lines[probes[-1] + 1:]
    assert_fails(check(done, "".join(cut), tmp_path),
                 "the probe has 399 records of 400 turns")
    swapped = list(lines)
    swapped[probes[5]], swapped[probes[6]] = lines[probes[6]], lines[probes[5]]
    assert_fails(check(done, "".join(swapped), tmp_path),
                 "probe records out of order")
    assert_fails(check(done, text + lines[-1], tmp_path),
                 "more particles than the run had")
    assert_fails(check(done, "".join(lines[:-1]), tmp_path),
                 "missing 'particle'")


def test_malformed_result_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, text.replace("probe 20 ", "probe 20 nan ", 1),
                       tmp_path), "not a finite number")
    assert_fails(check(done, text[:-3], tmp_path), "unterminated")
    assert_fails(check(done, text.replace("entries", "entry"), tmp_path),
                 "expected 'entries'")
    assert_fails(check(done, text.replace("entries 233", "entries 232"),
                       tmp_path), "a table of 232 entries; the ring has 233")
    assert_fails(check(done, "", tmp_path), "missing 'cells'")


def test_result_of_other_arguments_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, text.replace("turns 400", "turns 500"),
                       tmp_path), "not of these arguments")
    assert_fails(check(done, text.replace("lattice full", "lattice linear"),
                       tmp_path), "not of these arguments")
    assert_fails(check(done, text, tmp_path, seed="8"),
                 "was not made for -n 2 -t 400 -p 20 -l full -s 8")
    assert_fails(check(done, text, tmp_path,
                       args=["-n", "2", "-t", "400", "-p", "21"]),
                 "was not made for -n 2 -t 400 -p 21")


def test_run_of_a_changed_input_fails(done, tmp_path):
    # the run given a stronger QF: the check, reading the real input,
    # computes another one-turn matrix
    inp = (done / "in" / "sixtrack.in").read_text()
    line = next(ln for ln in inp.splitlines() if ln.startswith("element QF"))
    words = line.split()
    words[-1] = repr(float(words[-1]) * (1 + 1e-6))
    inputs = changed_input(done, "sixtrack.in", tmp_path, line, " ".join(words))
    text = run_on_input("sp-sixtrack", TINY, inputs, "sixtrack.in", tmp_path)
    assert_fails(check(done, text, tmp_path), "the one-turn matrix's entry")


def test_run_refuses_an_input_of_other_arguments(done, tmp_path):
    assert_run_refuses_inputs("sp-sixtrack", TINY, done / "in" / "sixtrack.in",
                              ("cells 2\nturns x\n", "is not a sixtrack.in"),
                              tmp_path, more=[[*TINY, "-s", "7", "-l", "linear"]])


@pytest.mark.parametrize("old,new,what", [
    ("seed 7", "seed 9", "was not made"),
    ("entry MB ", "entry MX ", "no element MX"),
    ("r0 0.017", "r0 x", "not a finite number"),
    ("mmul 11\n", "", "expected 'mmul'"),
])
def test_changed_input_fails(done, tmp_path, old, new, what):
    inputs = changed_input(done, "sixtrack.in", tmp_path, old, new)
    assert_fails(check(inputs, result(done), tmp_path), what)


def test_input_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-sixtrack-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "sixtrack.in").read_text().splitlines()
    b = (tmp_path / "2" / "sixtrack.in").read_text().splitlines()
    assert a[:3] == ["cells 2", "turns 400", "particles 20"]
    assert a[3:] != b[3:] and a[4:-20] == b[4:-20]
    # the probe is the same small particle; the others move
    assert a[-20] == b[-20] and a[-1] != b[-1]
    assert len([ln for ln in a if ln.startswith("entry ")]) == 116


def test_mb_picks_the_cells(tmp_path):
    # 26 MB less 2.7 MB of runtimes, over 116 entries of 208 bytes a cell
    assert run("sp-sixtrack-gen", "--mb", "26", "-t", "5", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "sixtrack.in").read_text().startswith("cells 1012\n")


def test_paper_size():
    assert MANIFEST["sizes"]["paper"]["args"][:2] == ["-n", "1000"]
