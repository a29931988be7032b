"""Tests of the mgrid workload: sp-mgrid's field and residual norms pass
sp-mgrid-check on grids of both shapes (2^k and 3 x 2^k); a changed field
value, a field of other charges, a changed or cut norm, a run with a
weaker smoother or another operator, and damaged files fail it.
(test_contract.py holds what every workload's tests share.)"""
import functools
import re
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["mgrid"]
HEAD = 32           # the field file's header: magic, n, cycles, seed


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(result, field, args=TINY, seed="7"):
    return run("sp-mgrid-check", *args, "-s", seed, "-u", str(field),
               str(result))


def solve(tmp_path, args=TINY, seed="7", input=None, name="run"):
    """sp-mgrid on args (its own input unless given): result and field."""
    if input is None:
        assert run("sp-mgrid-gen", *args, "-s", seed, "-o",
                   str(tmp_path / "in")).returncode == 0
        input = tmp_path / "in" / "mgrid.in"
    result, field = tmp_path / f"{name}.txt", tmp_path / f"{name}.bin"
    proc = run("sp-mgrid", *args, "-s", seed, "-i", str(input), "-u",
               str(field), "-o", str(result))
    assert proc.returncode == 0, proc.stderr
    return result, field


assert_fails = functools.partial(assert_check_fails, "sp-mgrid-check")


def norms(text):
    return [float(v) for v in re.findall(r"^norm_\d+ (\S+)$", text, re.M)]


def with_line(done, tmp_path, key, change):
    """The real result with key's value replaced by change(value)."""
    lines = read_text(done / "out", "result.txt").splitlines()
    for i, line in enumerate(lines):
        k, v = line.split()
        if k == key:
            lines[i] = f"{k} {change(v)}"
    path = tmp_path / "result.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    assert proc.stdout.startswith("ok grid 16^3, 12 cycles")
    got = norms(read_text(done / "out", "result.txt"))
    assert len(got) == 13
    # NAS MG's V-cycle: about a third of the residual left after each
    assert all(0.1 < b / a < 0.4 for a, b in zip(got, got[1:]))


@pytest.mark.parametrize("n", ["4", "6", "12", "24", "32"])
def test_both_grid_shapes_pass(tmp_path, n):
    args = ["-n", n, "-c", "6"]
    result, field = solve(tmp_path, args)
    proc = check(result, field, args)
    assert proc.returncode == 0, proc.stderr


def test_changed_field_value_fails(done, tmp_path):
    data = bytearray((done / "out" / "u.bin").read_bytes())
    at = HEAD + 8 * (5 + 16 * (7 + 16 * 9))
    value, = struct.unpack_from("<d", data, at)
    struct.pack_into("<d", data, at, value + 1e-6)
    (tmp_path / "u.bin").write_bytes(bytes(data))
    assert_fails(check(done / "out" / "result.txt", tmp_path / "u.bin"),
                 "the field's residual")


def test_field_of_other_charges_fails(done, tmp_path):
    # solved for seed 8, its header claiming seed 7
    result, field = solve(tmp_path, seed="8")
    data = bytearray(field.read_bytes())
    struct.pack_into("<Q", data, 24, 7)
    field.write_bytes(bytes(data))
    assert_fails(check(done / "out" / "result.txt", field),
                 "the field's residual")


def test_damaged_field_fails(done, tmp_path):
    data = (done / "out" / "u.bin").read_bytes()
    result = done / "out" / "result.txt"
    cases = [(data[:-8], "truncated"), (data + b"\0" * 8, "longer"),
             (b"X" + data[1:], "not an mgrid field"),
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


def test_changed_final_norm_fails(done, tmp_path):
    path = with_line(done, tmp_path, "norm_12", lambda v: repr(float(v) * 1.01))
    assert_fails(check(path, done / "out" / "u.bin"), "says norm_12")


def test_changed_largest_residual_fails(done, tmp_path):
    path = with_line(done, tmp_path, "max_residual",
                     lambda v: repr(float(v) * 1.01))
    assert_fails(check(path, done / "out" / "u.bin"), "largest residual")


def test_changed_early_norm_fails(done, tmp_path):
    path = with_line(done, tmp_path, "norm_2", lambda v: repr(float(v) * 1.001))
    assert_fails(check(path, done / "out" / "u.bin"), "own V-cycles")


def test_changed_first_norm_fails(done, tmp_path):
    path = with_line(done, tmp_path, "norm_0", lambda v: repr(float(v) * 1.001))
    assert_fails(check(path, done / "out" / "u.bin"), "the charges'")


def test_slow_cycle_fails(done, tmp_path):
    path = with_line(done, tmp_path, "norm_5", lambda v: repr(float(v) * 2))
    assert_fails(check(path, done / "out" / "u.bin"), "cycle 5 cut")


def test_truncated_or_bad_result_fails(done, tmp_path):
    text = read_text(done / "out", "result.txt")
    field = done / "out" / "u.bin"
    (tmp_path / "r.txt").write_text(text[:text.index("norm_7")])
    assert_fails(check(tmp_path / "r.txt", field), "missing 'norm_7'")
    (tmp_path / "r.txt").write_text(text + "norm_13 0\n")
    assert_fails(check(tmp_path / "r.txt", field), "unexpected text")
    path = with_line(done, tmp_path, "norm_4", lambda v: v + " 1")
    assert_fails(check(path, field), "malformed line: norm_4")
    path = with_line(done, tmp_path, "norm_3", lambda v: "x")
    assert_fails(check(path, field), "not a norm")
    assert_fails(check(done / "out" / "result.txt", field,
                       args=["-n", "16", "-c", "13"]), "cycles is 12")


def test_weaker_smoother_fails(done, tmp_path):
    # C halved: the residual still matches the field, but each cycle
    # cuts it by only about half
    lines = (done / "in" / "mgrid.in").read_text().splitlines()
    lines[2] = " ".join(repr(float(c) / 2) for c in lines[2].split())
    (tmp_path / "half.in").write_text("\n".join(lines) + "\n")
    result, field = solve(tmp_path, input=tmp_path / "half.in")
    assert_fails(check(result, field), "cycle 1 cut the residual")


def test_other_operator_fails(done, tmp_path):
    lines = (done / "in" / "mgrid.in").read_text().splitlines()
    lines[1] = "-2.5 0 0.15625 0.078125"
    (tmp_path / "other.in").write_text("\n".join(lines) + "\n")
    result, field = solve(tmp_path, input=tmp_path / "other.in")
    assert_fails(check(result, field), "the field's residual")


def test_input_of_other_arguments_is_refused(done, tmp_path):
    proc = run("sp-mgrid", *TINY, "-s", "8", "-i",
               str(done / "in" / "mgrid.in"), "-u", str(tmp_path / "u"),
               "-o", str(tmp_path / "r"))
    assert proc.returncode == 1
    assert "made for -n 16 -c 12 -s 7" in proc.stderr


def test_input_is_seeded(tmp_path):
    files = []
    for seed in ("1", "2"):
        assert run("sp-mgrid-gen", "-n", "8", "-c", "3", "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
        files.append((tmp_path / seed / "mgrid.in").read_text().splitlines())
    a, b = files
    assert a[0] == "SPMG0001 8 3 1" and a[1:4] == b[1:4] and a != b
    assert a[1:4] == ["-2.6666666666666665 0 0.16666666666666666 "
                      "0.083333333333333329", "-0.375 0.03125 -0.015625 0",
                      "20"]
    points = [tuple(map(int, ln.split()[:3])) for ln in a[4:]]
    assert len(set(points)) == 20 and all(0 <= x < 8 for p in points for x in p)
    assert [ln.split()[3] for ln in a[4:]] == ["1"] * 10 + ["-1"] * 10


@pytest.mark.parametrize("mb,n", [("9", "64"), ("28", "96"), ("56", "128")])
def test_mb_picks_the_nearest_grid(tmp_path, mb, n):
    assert run("sp-mgrid-gen", "--mb", mb, "-c", "1", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "mgrid.in").read_text().split()[1] == n


def test_paper_size():
    assert MANIFEST["sizes"]["paper"]["args"][:2] == ["-n", "128"]   # SPEC's 130^3
