"""Tests of the lucas workload: sp-lucas's residues pass sp-lucas-check and
equal Python's exact big-integer Lucas-Lehmer residues (full tests of the
known Mersenne exponents included); a changed low word, checksum, residue,
rounding error, line or input fails the check, each in its own words.
(test_contract.py holds what every workload's tests share.)"""
import functools
import os
import re
import shutil

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
# The big run at length 4096 (p ~ 80,000 bits), 120 iterations, the residue
# after 100 of them (the value wraps 2^p - 1 from iteration 16 on) exact in
# the check; full tests of the odd primes up to 600.
TINY = TINY_ARGS["lucas"]
MAGIC = b"SPLUCAS1"
M61 = (1 << 61) - 1
MERSENNE = {3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279, 2203,
            2281, 3217, 4253, 4423, 9689, 9941, 11213, 19937}

assert_fails = functools.partial(assert_check_fails, "sp-lucas-check")


def odd_primes(upto):
    return [p for p in range(3, upto + 1, 2)
            if all(p % d for d in range(3, int(p ** 0.5) + 1, 2))]


def lucas(p, *iters):
    """s_i of the Lucas-Lehmer recurrence modulo 2^p - 1, exactly, for each
    i of iters (ascending)."""
    m, s, done, out = (1 << p) - 1, 4, 0, []
    for i in iters:
        for _ in range(i - done):
            s = (s * s - 2) % m
        done = i
        out.append(s)
    return out[0] if len(out) == 1 else out


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def input_runs(base):
    """The input's runs as (p, iterations, at, factor)."""
    with open(base / "in" / "lucas.in") as f:
        return [tuple(map(int, ln.split())) for ln in f
                if not ln.startswith("#")]


def read_residues(path, runs):
    """residues.bin as a list of [at, end] integers, one pair a run."""
    data = path.read_bytes()
    assert data[:8] == MAGIC
    out, off = [], 8
    for p, *_ in runs:
        size = (p + 63) // 64 * 8
        pair = []
        for _ in range(2):
            pair.append(int.from_bytes(data[off:off + size], "little"))
            off += size
        out.append(pair)
    assert off == len(data)
    return out


def write_residues(path, runs, residues):
    with open(path, "wb") as f:
        f.write(MAGIC)
        for (p, *_), pair in zip(runs, residues):
            for v in pair:
                f.write(v.to_bytes((p + 63) // 64 * 8, "little"))


def copy_out(done, tmp_path):
    """A copy of the run's output folder, to be spoiled."""
    out = tmp_path / "out"
    shutil.copytree(done / "out", out)
    return out


def check(done, out, args=TINY, seed="7"):
    return run("sp-lucas-check", *args, "-s", seed, "-i",
               str(done / "in" / "lucas.in"), str(out / "result.txt"))


def set_residue(done, out, index, which, value):
    """Puts value as run index's residue (which: 0 at, 1 end) in the
    residue file and its low word and checksum in the result line, so that
    the two agree and only the check's own arithmetic can object."""
    runs = input_runs(done)
    residues = read_residues(out / "residues.bin", runs)
    residues[index][which] = value
    write_residues(out / "residues.bin", runs, residues)
    lines = (out / "result.txt").read_text().splitlines()
    words = lines[3 + index].split()
    key = ("res64_at", "res64")[which]
    words[words.index(key) + 1] = "%016x" % (value & (2 ** 64 - 1))
    key = ("sum_at", "sum")[which]
    words[words.index(key) + 1] = "%016x" % (value % M61)
    lines[3 + index] = " ".join(words)
    (out / "result.txt").write_text("\n".join(lines) + "\n")


def edit_line(out, index, key, value):
    lines = (out / "result.txt").read_text().splitlines()
    words = lines[3 + index].split()
    words[words.index(key) + 1] = value
    lines[3 + index] = " ".join(words)
    (out / "result.txt").write_text("\n".join(lines) + "\n")


def test_real_output_in_detail(tiny):
    proc = tiny.check(MANIFEST)
    full = odd_primes(600)
    found = len([p for p in full if p in MERSENNE])
    assert proc.stdout.startswith(f"ok {len(full)} full tests ({found} "
                                  "Mersenne primes), p = ")
    assert "exact to iteration 100 and modulo" in proc.stdout


def test_residues_equal_python_big_integers(done):
    runs = input_runs(done)
    residues = read_residues(done / "out" / "residues.bin", runs)
    assert [r[0] for r in runs[:-1]] == odd_primes(600)
    for (p, iters, at, _), (got_at, got_end) in zip(runs, residues):
        assert [got_at, got_end] == lucas(p, at, iters), p
        if iters == p - 2:
            assert (got_end == 0) == (p in MERSENNE), p


def test_big_run_is_seeded_and_has_a_factor(done):
    p, iters, at, q = input_runs(done)[-1]
    assert (iters, at) == (120, 100)
    assert 4096 * 17 < p < 4096 * 21 and pow(2, p, q) == 1
    assert (q - 1) % (2 * p) == 0
    line = (done / "out" / "result.txt").read_text().splitlines()[-1]
    assert re.match(rf"run {p} length 4096 iterations 120 at 100 factor {q} ",
                    line)
    assert float(line.split()[-1]) < 0.2


def test_known_mersenne_exponents_full_test(tmp_path):
    # The program on an input of its own: full tests of the Mersenne
    # exponents past the check's size and composite neighbours.
    args = ["-n", "4096", "-r", "1", "-k", "1"]
    exps = [3217, 3221, 4253, 4259, 4423, 4441, 9689, 9697, 9941, 11213,
            11239, 19937]
    head = " ".join(args + ["-f", "0", "-s", "42"])
    text = f"# sp-lucas input for {head}\n# mine\n" + "".join(
        f"{p} {p - 2} 50 0\n" for p in exps)
    (tmp_path / "lucas.in").write_text(text)
    proc = run("sp-lucas", *args, "-i", str(tmp_path / "lucas.in"), "-o",
               str(tmp_path / "result.txt"))
    assert proc.returncode == 0, proc.stderr
    runs = [(p, p - 2, 50, 0) for p in exps]
    for (p, *_), (at, end) in zip(runs, read_residues(
            tmp_path / "residues.bin", runs)):
        assert (end == 0) == (p in MERSENNE), p
        assert at == lucas(p, 50), p
        if p < 5000:    # Python's own full test takes seconds above
            assert end == lucas(p, p - 2), p


@pytest.mark.parametrize("key,what", [("res64", "res64 at the end"),
                                      ("res64_at", "res64 after"),
                                      ("sum", "checksum at the end"),
                                      ("sum_at", "checksum after")])
def test_changed_low_word_or_checksum_fails(done, tmp_path, key, what):
    out = copy_out(done, tmp_path)
    last = len(input_runs(done)) - 1
    words = (out / "result.txt").read_text().splitlines()[-1].split()
    value = words[words.index(key) + 1]
    edit_line(out, last, key, value[:-1] + ("1" if value[-1] == "0" else "0"))
    assert_fails(check(done, out), what)


def test_wrong_big_final_residue_fails_modulo_the_factor(done, tmp_path):
    out = copy_out(done, tmp_path)
    runs = input_runs(done)
    end = read_residues(out / "residues.bin", runs)[-1][1]
    set_residue(done, out, len(runs) - 1, 1, end ^ (1 << 5000))
    assert_fails(check(done, out), "modulo")


def test_wrong_residue_after_k_fails_exactly(done, tmp_path):
    out = copy_out(done, tmp_path)
    runs = input_runs(done)
    at = read_residues(out / "residues.bin", runs)[-1][0]
    set_residue(done, out, len(runs) - 1, 0, at ^ 1)
    assert_fails(check(done, out), "after 100 iterations")


def test_wrong_full_test_residue_fails_exactly(done, tmp_path):
    out = copy_out(done, tmp_path)
    runs = input_runs(done)
    i = [r[0] for r in runs].index(523)
    end = read_residues(out / "residues.bin", runs)[i][1]
    set_residue(done, out, i, 1, end + 1)
    assert_fails(check(done, out), "exactly")


@pytest.mark.parametrize("p,value,what", [(523, 0, "composite but"),
                                          (521, 1, "prime but")])
def test_wrong_primality_verdict_fails(done, tmp_path, p, value, what):
    out = copy_out(done, tmp_path)
    runs = input_runs(done)
    set_residue(done, out, [r[0] for r in runs].index(p), 1, value)
    assert_fails(check(done, out), what)


def test_unreduced_residue_fails(done, tmp_path):
    out = copy_out(done, tmp_path)
    runs = input_runs(done)
    i = [r[0] for r in runs].index(521)
    set_residue(done, out, i, 1, (1 << 521) - 1)
    assert_fails(check(done, out), "not reduced")
    set_residue(done, out, i, 1, 1 << 521)
    assert_fails(check(done, out), "bits above p")


def test_large_rounding_error_fails(done, tmp_path):
    out = copy_out(done, tmp_path)
    edit_line(out, 0, "maxerr", "0.500000")
    assert_fails(check(done, out), "rounding error")


def test_missing_run_or_residue_fails(done, tmp_path):
    out = copy_out(done, tmp_path)
    lines = (out / "result.txt").read_text().splitlines()
    (out / "result.txt").write_text("\n".join(lines[:-1]) + "\n")
    assert_fails(check(done, out), "missing")
    out = copy_out(done, tmp_path / "b")
    data = (out / "residues.bin").read_bytes()
    (out / "residues.bin").write_bytes(data[:-8])
    assert_fails(check(done, out), "truncated")
    (out / "residues.bin").write_bytes(data + b"\0")
    assert_fails(check(done, out), "longer")
    os.remove(out / "residues.bin")
    assert_fails(check(done, out), "cannot open")


def test_other_arguments_fail(done, tmp_path):
    assert_fails(check(done, done / "out", seed="8"), "other arguments")
    other = ["-n", "4096", "-r", "120", "-k", "99", "-f", "600"]
    assert_fails(check(done, done / "out", args=other), "other arguments")
    proc = run("sp-lucas", *TINY, "-s", "8", "-i",
               str(done / "in" / "lucas.in"), "-o", str(tmp_path / "r.txt"))
    assert proc.returncode == 1 and "made for other arguments" in proc.stderr
    assert not os.listdir(tmp_path)


def test_changed_input_fails(done, tmp_path):
    runs = input_runs(done)
    head = (done / "in" / "lucas.in").read_text().splitlines()[:2]
    p, iters, at, q = runs[-1]
    (tmp_path / "in").mkdir()
    for rows, what in ((runs[:-1] + [(p, iters, at, q + 2 * p)],
                        "does not divide"),
                       (runs[:-1] + [(p + 1, iters, at, q)], "big run"),
                       (runs + [runs[-1]], "runs, expected"),
                       (runs[:-1], "full test of 599"),
                       ([r for r in runs if r[0] != 523], "full test of 523")):
        (tmp_path / "in" / "lucas.in").write_text("\n".join(
            head + [" ".join(map(str, r)) for r in rows]) + "\n")
        assert_fails(check(tmp_path, done / "out"), what)


def test_inputs_are_seeded(tmp_path):
    ps = set()
    for seed in ("1", "2"):
        assert run("sp-lucas-gen", "-n", "4096", "-r", "3", "-k", "1", "-s",
                   seed, "-o", str(tmp_path / seed)).returncode == 0
        text = (tmp_path / seed / "lucas.in").read_text().splitlines()
        assert len(text) == 3
        ps.add(int(text[2].split()[0]))
    assert len(ps) == 2


def test_mb_picks_length(tmp_path):
    # 36 bytes a word: 1 MiB holds 28,672 words (7 x 2^12), not 32,768
    assert run("sp-lucas-gen", "--mb", "1", "-r", "2", "-k", "1", "-o",
               str(tmp_path)).returncode == 0
    head = (tmp_path / "lucas.in").read_text().splitlines()[0]
    assert head == "# sp-lucas input for -n 28672 -r 2 -k 1 -f 0 -s 42"
