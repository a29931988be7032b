"""Tests of the applu workload: sp-applu's field and residual norms pass
sp-applu-check on grids from the smallest up; unseeded, it gives NAS LU
class S's published norms; a changed field value, a field of other
coefficients or of fewer iterations than claimed, changed, cut or
raised norms, runs with another relaxation factor or time step, and
damaged files fail the check. (test_contract.py holds what every
workload's tests share.)"""
import functools
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["applu"]
HEAD = 32           # the field file's header: magic, n, iters, seed

# NAS LU class S (12^3, dt 0.5, 50 iterations): the reference residual
# and error norms of NPB's verification
NAS_S_RESIDUAL = [1.6196343210976702e-02, 2.1976745164821318e-03,
                  1.5179927653399185e-03, 1.5029584435994323e-03,
                  3.4264073155896461e-02]
NAS_S_ERROR = [6.4223319957960924e-04, 8.4144342047347926e-05,
               5.8588269616485186e-05, 5.8474222595157350e-05,
               1.3103347914111294e-03]
NAS_CE = ["2 0 0 4 5 3 0.5 0.02 0.01 0.03 0.5 0.4 0.3",
          "1 0 0 0 1 2 3 0.01 0.03 0.02 0.4 0.3 0.5",
          "2 2 0 0 0 2 3 0.04 0.03 0.05 0.3 0.5 0.4",
          "2 2 0 0 0 2 3 0.03 0.05 0.04 0.2 0.1 0.3",
          "5 4 3 2 0.1 0.4 0.3 0.05 0.04 0.03 0.1 0.3 0.2"]


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(result, field, args=TINY, seed="7"):
    return run("sp-applu-check", *args, "-s", seed, "-u", str(field),
               str(result))


def solve(tmp_path, args=TINY, seed="7", input=None, name="run"):
    """sp-applu on args (its own input unless given): result and field."""
    if input is None:
        assert run("sp-applu-gen", *args, "-s", seed, "-o",
                   str(tmp_path / "in")).returncode == 0
        input = tmp_path / "in" / "applu.in"
    result, field = tmp_path / f"{name}.txt", tmp_path / f"{name}.bin"
    proc = run("sp-applu", *args, "-s", seed, "-i", str(input), "-u",
               str(field), "-o", str(result))
    assert proc.returncode == 0, proc.stderr
    return result, field


def with_input_line(done, tmp_path, index, text):
    """The real input file with line index replaced by text."""
    lines = (done / "in" / "applu.in").read_text().splitlines()
    lines[index] = text
    path = tmp_path / "changed.in"
    path.write_text("\n".join(lines) + "\n")
    return path


assert_fails = functools.partial(assert_check_fails, "sp-applu-check")


def norms(text, key):
    for line in text.splitlines():
        if line.split()[0] == key:
            return [float(v) for v in line.split()[1:]]
    raise KeyError(key)


def with_line(done, tmp_path, key, change):
    """The real result with key's values replaced by change(values)."""
    lines = read_text(done / "out", "result.txt").splitlines()
    for i, line in enumerate(lines):
        k, *v = line.split()
        if k == key:
            lines[i] = " ".join([k] + change(v))
    path = tmp_path / "result.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def scaled(factor, m=None):
    """A change of with_line: every value (or value m) times factor."""
    return lambda v: [repr(float(x) * factor) if m in (None, i) else x
                      for i, x in enumerate(v)]


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    assert proc.stdout.startswith("ok grid 10^3, 20 iterations")
    text = read_text(done / "out", "result.txt")
    first, last = norms(text, "residual_0"), norms(text, "residual_20")
    # SSOR on 10^3 gains about four orders of magnitude in 20 iterations
    # (the starting field's error is ~800 in energy)
    assert all(b < 2e-4 * a for a, b in zip(first, last))
    assert max(norms(text, "error")) < 0.5


def test_unseeded_run_gives_nas_class_s(tmp_path):
    args = ["-n", "12", "-t", "50"]
    (tmp_path / "nas.in").write_text(
        "SPLU0001 12 50 42\n0.5 1.2\n" + "\n".join(NAS_CE) + "\n")
    result, _ = solve(tmp_path, args, seed="42", input=tmp_path / "nas.in")
    text = result.read_text()
    for got, want in ((norms(text, "residual_50"), NAS_S_RESIDUAL),
                      (norms(text, "error"), NAS_S_ERROR)):
        assert all(abs(g - w) <= 1e-10 * w for g, w in zip(got, want))


@pytest.mark.parametrize("n,t", [("6", "30"), ("7", "5"), ("16", "2"),
                                 ("16", "1")])
def test_grids_and_short_runs_pass(tmp_path, n, t):
    args = ["-n", n, "-t", t]
    result, field = solve(tmp_path, args)
    proc = check(result, field, args)
    assert proc.returncode == 0, proc.stderr


def changed_field(done, tmp_path, at, delta):
    data = bytearray((done / "out" / "u.bin").read_bytes())
    value, = struct.unpack_from("<d", data, HEAD + 8 * at)
    struct.pack_into("<d", data, HEAD + 8 * at, value + delta)
    (tmp_path / "u.bin").write_bytes(bytes(data))
    return tmp_path / "u.bin"


def test_changed_field_value_fails(done, tmp_path):
    # energy at interior point (5, 4, 6) of 10^3
    field = changed_field(done, tmp_path, 5 * (5 + 10 * (4 + 10 * 6)) + 4,
                          1e-6)
    assert_fails(check(done / "out" / "result.txt", field),
                 "residual_20 is not the field's")


def test_changed_face_value_fails(done, tmp_path):
    field = changed_field(done, tmp_path, 5 * (9 + 10 * (3 + 10 * 2)), 1e-9)
    assert_fails(check(done / "out" / "result.txt", field),
                 "face point (9,3,2) has density")


def test_field_of_other_coefficients_fails(done, tmp_path):
    # solved for seed 8, its header claiming seed 7
    result, field = solve(tmp_path, seed="8")
    data = bytearray(field.read_bytes())
    struct.pack_into("<Q", data, 24, 7)
    field.write_bytes(bytes(data))
    assert_fails(check(done / "out" / "result.txt", field), "face point")


def test_field_of_fewer_iterations_fails(tmp_path):
    # one iteration run, field and result dressed up as three
    result, field = solve(tmp_path, ["-n", "10", "-t", "1"])
    data = bytearray(field.read_bytes())
    struct.pack_into("<Q", data, 16, 3)
    field.write_bytes(bytes(data))
    lines = result.read_text().splitlines()
    one = lines[4].split(" ", 1)[1]
    lines[1] = "iterations 3"
    lines[5:5] = ["residual_2 " + one, "residual_3 " + one]
    result.write_text("\n".join(lines) + "\n")
    assert_fails(check(result, field, ["-n", "10", "-t", "3"]),
                 "the check's own after 2 iterations")


def test_damaged_field_fails(done, tmp_path):
    data = (done / "out" / "u.bin").read_bytes()
    result = done / "out" / "result.txt"
    cases = [(data[:-8], "truncated"), (data + b"\0" * 8, "longer"),
             (b"X" + data[1:], "not an applu field"),
             (data[:HEAD] + struct.pack("<d", float("nan")) + data[HEAD + 8:],
              "not finite")]
    for content, what in cases:
        (tmp_path / "u.bin").write_bytes(content)
        assert_fails(check(result, tmp_path / "u.bin"), what)
    assert_fails(check(result, done / "out" / "u.bin", seed="8"), "seed")


def test_field_of_other_arguments_fails(done, tmp_path):
    result, field = solve(tmp_path, seed="8")
    assert_fails(check(done / "out" / "result.txt", field),
                 "other arguments")


def test_changed_final_residual_fails(done, tmp_path):
    path = with_line(done, tmp_path, "residual_20", scaled(1.0001, 2))
    assert_fails(check(path, done / "out" / "u.bin"),
                 "residual_20 is not the field's: y-momentum")


def test_changed_error_fails(done, tmp_path):
    path = with_line(done, tmp_path, "error", scaled(1.0001, 4))
    assert_fails(check(path, done / "out" / "u.bin"),
                 "the error is not the field's: energy")


def test_changed_first_residual_fails(done, tmp_path):
    path = with_line(done, tmp_path, "residual_0", scaled(1.0001, 0))
    assert_fails(check(path, done / "out" / "u.bin"),
                 "residual_0 is not the starting field's: density")


def test_changed_replayed_residual_fails(done, tmp_path):
    path = with_line(done, tmp_path, "residual_2", scaled(1.0001, 1))
    assert_fails(check(path, done / "out" / "u.bin"),
                 "residual_2 is not the replay's: x-momentum")


def test_raised_residual_fails(done, tmp_path):
    path = with_line(done, tmp_path, "residual_9", scaled(2.0, 3))
    assert_fails(check(path, done / "out" / "u.bin"),
                 "iteration 9 raised the z-momentum residual")


def test_stalled_residual_fails(done, tmp_path):
    text = read_text(done / "out", "result.txt")
    previous = norms(text, "residual_11")
    path = with_line(done, tmp_path, "residual_12",
                     lambda v: [repr(x) for x in previous])
    assert_fails(check(path, done / "out" / "u.bin"),
                 "iteration 12 did not lower the residual")


def test_truncated_or_bad_result_fails(done, tmp_path):
    text = read_text(done / "out", "result.txt")
    field = done / "out" / "u.bin"
    (tmp_path / "r.txt").write_text(text[:text.index("residual_7")])
    assert_fails(check(tmp_path / "r.txt", field), "missing 'residual_7'")
    (tmp_path / "r.txt").write_text(text + "error 0 0 0 0 0\n")
    assert_fails(check(tmp_path / "r.txt", field), "unexpected text")
    path = with_line(done, tmp_path, "residual_4", lambda v: v + ["1"])
    assert_fails(check(path, field), "malformed line: residual_4")
    path = with_line(done, tmp_path, "residual_4", lambda v: v[:4])
    assert_fails(check(path, field), "malformed line: residual_4")
    path = with_line(done, tmp_path, "residual_3", lambda v: ["x"] + v[1:])
    assert_fails(check(path, field), "malformed line: residual_3")
    path = with_line(done, tmp_path, "residual_3", lambda v: ["-1"] + v[1:])
    assert_fails(check(path, field), "not a norm")
    assert_fails(check(done / "out" / "result.txt", field,
                       args=["-n", "10", "-t", "21"]), "iterations is 20")
    assert_fails(check(done / "out" / "result.txt", field,
                       args=["-n", "11", "-t", "20"]), "grid is 10")


def test_other_relaxation_fails(done, tmp_path):
    input = with_input_line(done, tmp_path, 1, "2 1.0")
    result, field = solve(tmp_path, input=input)
    assert_fails(check(result, field), "residual_1 is not the replay's")


def test_other_time_step_fails(done, tmp_path):
    input = with_input_line(done, tmp_path, 1, "0.5 1.2")
    result, field = solve(tmp_path, input=input)
    assert_fails(check(result, field), "residual_1 is not the replay's")


def test_other_solution_fails(done, tmp_path):
    # NAS's own coefficients, not the seed's
    lines = (done / "in" / "applu.in").read_text().splitlines()
    (tmp_path / "nas.in").write_text("\n".join(lines[:2] + NAS_CE) + "\n")
    result, field = solve(tmp_path, input=tmp_path / "nas.in")
    # (the corners hold the constant terms, which the seed keeps)
    assert_fails(check(result, field), "face point (1,0,0) has density")


def test_bad_input_is_refused(done, tmp_path):
    out = ["-u", str(tmp_path / "u"), "-o", str(tmp_path / "r")]
    cases = [("2 2.0", "relaxation factor"), ("0 1.2", "time step"),
             ("2 1.2 7", "text after the coefficients")]
    for text, what in cases:
        input = with_input_line(done, tmp_path, 1, text)
        proc = run("sp-applu", *TINY, "-s", "7", "-i", str(input), *out)
        assert proc.returncode == 1 and what in proc.stderr, proc.stderr
    cases = [("2 0 0 x", "bad coefficients"),
             ("-1 0 0 0 1 2 3 0.01 0.03 0.02 0.4 0.3 0.5", "not positive")]
    for text, what in cases:
        input = with_input_line(done, tmp_path, 2, text)
        proc = run("sp-applu", *TINY, "-s", "7", "-i", str(input), *out)
        assert proc.returncode == 1 and what in proc.stderr, proc.stderr
    proc = run("sp-applu", *TINY, "-s", "8", "-i",
               str(done / "in" / "applu.in"), *out)
    assert proc.returncode == 1
    assert "made for -n 10 -t 20 -s 7" in proc.stderr


def test_input_is_seeded(tmp_path):
    files = []
    for seed in ("1", "2"):
        assert run("sp-applu-gen", "-n", "8", "-t", "3", "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
        files.append((tmp_path / seed / "applu.in").read_text().splitlines())
    a, b = files
    assert a[0] == "SPLU0001 8 3 1" and a[1] == b[1] == "2 1.2"
    assert len(a) == 7 and a[2:] != b[2:]
    nas = [[float(x) for x in line.split()] for line in NAS_CE]
    for got in (a, b):
        rows = [[float(x) for x in line.split()] for line in got[2:]]
        for row, base in zip(rows, nas):
            # the constant terms NAS's, the others within 5% of them
            assert row[0] == base[0]
            assert all(abs(x - y) <= 0.05 * y for x, y in zip(row, base))


@pytest.mark.parametrize("mb,n", [("13", "24"), ("92", "47"), ("183", "59")])
def test_mb_picks_the_nearest_grid(tmp_path, mb, n):
    assert run("sp-applu-gen", "--mb", mb, "-t", "1", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "applu.in").read_text().split()[1] == n


def test_paper_size():
    assert MANIFEST["sizes"]["paper"]["args"][:2] == ["-n", "59"]
