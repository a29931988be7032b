"""Tests of the galgel workload: sp-galgel's sweep passes sp-galgel-check;
a changed state, eigenvalue, eigenvector, residual, Grashof number or
critical line, eigenvalues out of order or without their conjugates, a
temperature mode at Gr = 0 moved out of its analytic interval, missing or
extra lines, and a result or input of other arguments all fail it.
(test_contract.py holds what every workload's tests share.)"""
import functools
import math

import pytest

from testkit import (TINY_ARGS, assert_check_fails,
                     assert_run_refuses_inputs, changed_input,
                     check_with_input, manifest, read_text, run)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["galgel"]
ORDER = 36          # 2 x 6 x 3


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(base, text, tmp_path, args=TINY, seed="7"):
    (tmp_path / "r.txt").write_text(text)
    return check_with_input("sp-galgel-check", base, "galgel.in",
                            tmp_path / "r.txt", args, seed)


assert_fails = functools.partial(assert_check_fails, "sp-galgel-check")


def result(base):
    return read_text(str(base / "out"), "result.txt")


def step_at(lines, k):
    """The index of step k's line."""
    return next(i for i, ln in enumerate(lines) if ln.startswith(f"step {k} "))


def changed(text, k, key, nth, how, word=1):
    """text with word `word` of step k's nth line of key (from 0) replaced
    by how(value)."""
    lines = text.splitlines()
    at = step_at(lines, k)
    i = [j for j in range(at, len(lines))
         if lines[j].split()[0] == key][nth]
    words = lines[i].split()
    words[word] = repr(how(float(words[word])))
    lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def test_real_output_in_detail(done, tmp_path):
    # through check(), as the tests below give it their changed results
    proc = check(done, result(done), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"ok 4 steps of order {ORDER}; max |F| ")
    assert "analytic modes within their bounds at Gr = 0" in proc.stdout


def test_result_layout(done):
    text = result(done)
    assert text.startswith(f"nx 6\nny 3\norder {ORDER}\nsteps 4\nvectors 2\n")
    lines = text.splitlines()
    assert lines[5] == "step 0 0 1 0"
    assert lines[6:6 + ORDER] == ["x 0"] * ORDER
    steps = [ln for ln in lines if ln.startswith("step ")]
    assert len(steps) == 4
    # each step: the state, every eigenvalue, two eigenvectors
    assert sum(ln.startswith("lambda ") for ln in lines) == 4 * ORDER
    assert sum(ln.startswith("vector ") for ln in lines) == 8
    assert sum(ln.startswith("v ") for ln in lines) == 8 * ORDER
    assert lines[-1].startswith("critical ")
    # the Grashof numbers rise from 0 towards 100,000
    grs = [float(s.split()[2]) for s in steps]
    assert grs[0] == 0 and all(a < b for a, b in zip(grs, grs[1:]))
    assert 50000 < grs[-1] < 150000
    # the flow moves once Gr > 0: the state is not rest
    at = step_at(lines, 1)
    assert max(abs(float(ln.split()[1])) for ln in
               lines[at + 1:at + 1 + ORDER]) > 0.1


@pytest.mark.parametrize("k,key,nth,word,how,what", [
    # the state: off by a part in 10^7, F is no longer rounding
    (2, "x", 3, 1, lambda x: x * (1 + 1e-7), "does not solve the Galerkin"),
    (3, "x", 20, 1, lambda x: x + 1e-6, "does not solve the Galerkin"),
    # an eigenvector's entry
    (1, "v", 5, 1, lambda x: x * (1 + 1e-7), "miss J v = lambda B v"),
    (2, "v", ORDER + 7, 2, lambda x: x + 1e-7, "miss J v = lambda B v"),
    # the reported residual, the Grashof number
    (1, "step", 0, 4, lambda x: x + 1e-3, "the residual is"),
    (2, "step", 0, 2, lambda x: x + 1, "expected step 2 at Gr"),
])
def test_changed_value_fails(done, tmp_path, k, key, nth, word, how, what):
    assert_fails(check(done, changed(result(done), k, key, nth, how, word),
                       tmp_path), what)


def moved(text, k, nth, how_re, how_im=lambda y: y):
    """text with step k's nth eigenvalue (from 0) and its conjugate, if
    it has one, changed alike."""
    lines = text.splitlines()
    at = step_at(lines, k) + 1 + ORDER
    re, im = (float(w) for w in lines[at + nth].split()[1:])
    lines[at + nth] = f"lambda {how_re(re)!r} {how_im(im)!r}"
    if im:
        partner = at + nth + (1 if im > 0 else -1)
        lines[partner] = f"lambda {how_re(re)!r} {-how_im(im)!r}"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("k,nth,how_re,how_im,what", [
    # the leading eigenvalue, by a part in 10^9: J v = lambda B v fails
    (3, 0, lambda x: x * (1 + 1e-9), lambda y: y, "miss J v = lambda B v"),
    (2, 0, lambda x: x, lambda y: y * (1 + 1e-9), "miss J v = lambda B v"),
    # the last (most negative) by a part in 10^6: the sum is not the trace
    (2, ORDER - 1, lambda x: x * (1 + 1e-6), lambda y: y,
     "the eigenvalues sum to"),
])
def test_changed_eigenvalue_fails(done, tmp_path, k, nth, how_re, how_im,
                                  what):
    assert_fails(check(done, moved(result(done), k, nth, how_re, how_im),
                       tmp_path), what)


def test_spectrum_out_of_order_or_unpaired_fails(done, tmp_path):
    lines = result(done).splitlines()
    at = step_at(lines, 2) + 1 + ORDER
    lam = lines[at:at + ORDER]
    swapped = lines[:at] + [lam[-1]] + lam[1:-1] + [lam[0]] + lines[at + ORDER:]
    assert_fails(check(done, "\n".join(swapped) + "\n", tmp_path),
                 "eigenvalue 2 is not in order")
    pair = next(j for j, ln in enumerate(lam) if float(ln.split()[2]) > 0)
    words = lam[pair + 1].split()
    words[2] = repr(2 * float(words[2]))
    broken = lines[:]
    broken[at + pair + 1] = " ".join(words)
    assert_fails(check(done, "\n".join(broken) + "\n", tmp_path),
                 "has no conjugate")


def test_eigenvector_of_another_eigenvalue_or_unscaled_fails(done, tmp_path):
    text = result(done)
    lines = text.splitlines()
    at = step_at(lines, 1)
    first = next(i for i in range(at, len(lines))
                 if lines[i].startswith("vector "))
    other = lines[:first] + ["vector 9"] + lines[first + 1:]
    assert_fails(check(done, "\n".join(other) + "\n", tmp_path),
                 "eigenvector 1 is of eigenvalue 9")
    scaled = lines[:]
    for i in range(first + 1, first + 1 + ORDER):
        w = scaled[i].split()
        scaled[i] = f"v {2 * float(w[1])!r} {2 * float(w[2])!r}"
    assert_fails(check(done, "\n".join(scaled) + "\n", tmp_path),
                 "not scaled to a largest entry of 1")
    dropped = lines[:first] + lines[first + 1 + ORDER:]
    assert_fails(check(done, "\n".join(dropped) + "\n", tmp_path),
                 "1 eigenvectors, expected 2")


def test_temperature_mode_at_rest_out_of_its_bounds_fails(done, tmp_path):
    # the mode (1, 0), -(pi^2 / Pr) / 16, moved by a part in 10^7 (far
    # outside its Galerkin interval, some 4e-9 wide), and the last
    # eigenvalue by as much the other way, so the sum is kept
    lines = result(done).splitlines()
    at = step_at(lines, 0) + 1 + ORDER
    exact = -math.pi ** 2 / 0.015 / 16
    i = min(range(at, at + ORDER),
            key=lambda j: abs(float(lines[j].split()[1]) - exact))
    assert abs(float(lines[i].split()[1]) / exact - 1) < 1e-8
    shift = 1e-7 * exact
    moved = lines[:]
    moved[i] = f"lambda {float(lines[i].split()[1]) - shift!r} 0"
    last = at + ORDER - 1
    w = lines[last].split()
    moved[last] = f"lambda {float(w[1]) + shift!r} {w[2]}"
    assert_fails(check(done, "\n".join(moved) + "\n", tmp_path),
                 "at Gr = 0, 0 eigenvalues in")


def test_rest_not_at_rest_fails(done, tmp_path):
    assert_fails(check(done, changed(result(done), 0, "step", 0,
                                     lambda x: 2, 3), tmp_path),
                 "step 0 is not at rest")


def test_changed_critical_line_fails(done, tmp_path):
    text = result(done)
    last = text.splitlines()[-1]
    if last == "critical none":
        other = text.replace(last, "critical 50000 90")
        what = "never turns non-negative"
    else:
        gr, fr = (float(x) for x in last.split()[1:])
        other = text.replace(last, f"critical {gr * (1 + 1e-6)!r} {fr!r}")
        what = "the critical line should say"
    assert_fails(check(done, other, tmp_path), what)


def test_critical_line_follows_the_crossing(tmp_path):
    # at nx 9 the leading eigenvalue crosses zero below Gr 100,000
    args = ["-n", "9", "-t", "6"]
    assert run("sp-galgel-gen", *args, "-o", str(tmp_path)).returncode == 0
    proc = run("sp-galgel", *args, "-i", str(tmp_path / "galgel.in"), "-o",
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "r.txt").read_text()
    last = text.splitlines()[-1]
    assert last.startswith("critical ") and last != "critical none"
    gr = float(last.split()[1])
    assert 40000 < gr < 100000
    proc = run("sp-galgel-check", *args, "-i", str(tmp_path / "galgel.in"),
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    (tmp_path / "c.txt").write_text(text.replace(last, "critical none"))
    assert_fails(run("sp-galgel-check", *args, "-i",
                     str(tmp_path / "galgel.in"), str(tmp_path / "c.txt")),
                 "the critical line should say")


def test_missing_extra_or_malformed_lines_fail(done, tmp_path):
    text = result(done)
    lines = text.splitlines(keepends=True)
    assert_fails(check(done, "".join(lines[:-1]), tmp_path),
                 "missing 'critical'")
    assert_fails(check(done, text + lines[-1], tmp_path),
                 "more after the critical line")
    at = step_at(text.splitlines(), 3)
    assert_fails(check(done, "".join(lines[:at]) + lines[-1], tmp_path),
                 "3 steps, expected 4")
    assert_fails(check(done, text.replace("x 0\n", "x nan\n", 1), tmp_path),
                 "not a finite number")
    assert_fails(check(done, text[:-3], tmp_path), "unterminated")
    assert_fails(check(done, text.replace("order", "rank"), tmp_path),
                 "expected 'order'")
    assert_fails(check(done, "", tmp_path), "missing 'nx'")


def test_result_or_input_of_other_arguments_fails(done, tmp_path):
    text = result(done)
    assert_fails(check(done, text.replace("steps 4", "steps 5"), tmp_path),
                 "not of -n 6 -t 4")
    assert_fails(check(done, text, tmp_path, seed="8"),
                 "was not made for -n 6 -t 4 -s 8")
    assert_fails(check(done, text, tmp_path, args=["-n", "7", "-t", "4"]),
                 "was not made for -n 7 -t 4")


@pytest.mark.parametrize("old,new,what", [
    ("pr 0.0149", "pr 0.0159", "was not made"),
    ("newton_max 30", "newton_max 31", "was not made"),
    ("gr 0\n", "gr 1\n", "was not made"),
    ("aspect 4\n", "", "bad or missing aspect"),
    ("seed 7", "seed x", "bad or missing seed"),
])
def test_changed_input_fails(done, tmp_path, old, new, what):
    inputs = changed_input(done, "galgel.in", tmp_path, old, new)
    assert_fails(check(inputs, result(done), tmp_path), what)


def test_run_refuses_an_input_of_other_arguments(done, tmp_path):
    assert_run_refuses_inputs("sp-galgel", TINY, done / "in" / "galgel.in",
                              ("nx 6\nny x\n", "bad or missing ny"), tmp_path)


def test_input_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-galgel-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "galgel.in").read_text().splitlines()
    b = (tmp_path / "2" / "galgel.in").read_text().splitlines()
    assert a[:8] == b[:8] and a[8] == "seed 1" and b[8] == "seed 2"
    assert a[:3] == ["nx 6", "ny 3", "steps 4"]
    assert a[9] == b[9] == "gr 0" and a[10:] != b[10:]
    assert len(a) == 9 + 4


def test_large_steps_are_taken_in_parts(tmp_path):
    # two steps: from rest straight to Gr ~100,000, which Newton reaches
    # only through smaller steps of Gr; the check still passes
    args = ["-n", "6", "-t", "2", "-s", "5"]
    assert run("sp-galgel-gen", *args, "-o", str(tmp_path)).returncode == 0
    proc = run("sp-galgel", *args, "-i", str(tmp_path / "galgel.in"), "-o",
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr
    step1 = next(ln for ln in (tmp_path / "r.txt").read_text().splitlines()
                 if ln.startswith("step 1 "))
    assert int(step1.split()[3]) > 30
    proc = run("sp-galgel-check", *args, "-i", str(tmp_path / "galgel.in"),
               str(tmp_path / "r.txt"))
    assert proc.returncode == 0, proc.stderr


def test_mb_picks_the_basis_size(tmp_path):
    # nx 12 (n = 72: two n^3 arrays of 2.8 MB, the rest) comes to 9.9 MB,
    # nearest 10 MB; nx 15, 33 MB, nearest 31
    assert run("sp-galgel-gen", "--mb", "10", "-t", "3", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "galgel.in").read_text().startswith("nx 12\nny 6\n")
    assert run("sp-galgel-gen", "--mb", "31", "-t", "3", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "galgel.in").read_text().startswith("nx 15\nny 8\n")


def test_paper_size():
    # order 2 x 17 x 9 = 306 at paper size
    assert MANIFEST["sizes"]["paper"]["args"][:2] == ["-n", "17"]
