"""Tests of the ammp workload: sp-ammp's molecular dynamics passes
sp-ammp-check's energy, momentum and all-pairs force checks; a changed
position, velocity, force or energy record, a truncated or mislabelled
result, a run of a changed system or a result of other arguments fail it;
the input is seeded. (test_contract.py holds what every workload's tests
share.)"""
import functools
import re
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["ammp"]
HEAD = struct.Struct("<8s5Qd")
TRACE = struct.Struct("<Qdd")
STATE = struct.Struct("<9d")
NTRACE = 5          # steps 0, 10, 20, 30, 40


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def result_bytes(base):
    return bytearray((base / "out" / "result.bin").read_bytes())


def check(base, result, args=TINY, seed="7"):
    return run("sp-ammp-check", *args, "-s", seed, "-i",
               str(base / "in" / "ammp.in"), str(result))


def check_bytes(base, tmp_path, data):
    (tmp_path / "r.bin").write_bytes(bytes(data))
    return check(base, tmp_path / "r.bin")


assert_fails = functools.partial(assert_check_fails, "sp-ammp-check")


def trace_at(k):
    return HEAD.size + TRACE.size * k


def state_at(i):
    return trace_at(NTRACE) + STATE.size * i


def change(data, offset, fmt, fn):
    (v,) = struct.unpack_from(fmt, data, offset)
    struct.pack_into(fmt, data, offset, fn(v))


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    assert re.fullmatch(r"ok 1000 atoms, 40 steps: energy within \S+ of its "
                        r"bound, 256 forces match all pairs\n", proc.stdout)
    data = result_bytes(done)
    head = HEAD.unpack_from(data, 0)
    assert head[0] == b"SPAMMP01" and head[1:5] == (1000, 40, 7, NTRACE)
    assert head[5] >= 3      # list builds: the first, then every 20 steps
    assert len(data) == state_at(1000)
    steps = [TRACE.unpack_from(data, trace_at(k))[0] for k in range(NTRACE)]
    assert steps == [0, 10, 20, 30, 40]


def test_atoms_moved(done):
    data = result_bytes(done)
    text = (done / "in" / "ammp.in").read_text()
    first = next(ln for ln in text.splitlines() if ln.startswith("atom 0 "))
    x0 = float(first.split()[2])
    assert STATE.unpack_from(data, state_at(0))[0] != x0


@pytest.mark.parametrize("atom,field,what", [
    (17, 0, "potential energy at the last step"),     # a position
    (900, 4, "kinetic energy at the last step"),       # a velocity
    (500, 8, "forces sum"),                             # a force
])
def test_changed_state_fails(done, tmp_path, atom, field, what):
    data = result_bytes(done)
    change(data, state_at(atom) + 8 * field, "<d", lambda v: v + 0.01)
    assert_fails(check_bytes(done, tmp_path, data), what)


def test_forces_of_other_atoms_fail(done, tmp_path):
    # every force moved to another atom: they still sum to zero
    data = result_bytes(done)
    forces = [STATE.unpack_from(data, state_at(i))[6:] for i in range(1000)]
    for i in range(1000):
        state = list(STATE.unpack_from(data, state_at(i)))
        state[6:] = forces[999 - i]
        STATE.pack_into(data, state_at(i), *state)
    assert_fails(check_bytes(done, tmp_path, data), "all pairs give")


def test_not_finite_state_fails(done, tmp_path):
    data = result_bytes(done)
    struct.pack_into("<d", data, state_at(3) + 8, float("nan"))
    assert_fails(check_bytes(done, tmp_path, data), "not finite")


@pytest.mark.parametrize("k,field,what", [
    (0, 1, "kinetic energy at step 0"),
    (0, 2, "potential energy at step 0"),
    (NTRACE - 1, 2, "potential energy at the last step"),
    (2, 1, "total energy drifted"),
    (2, 0, "energy record 2 is of step"),
])
def test_changed_energy_record_fails(done, tmp_path, k, field, what):
    data = result_bytes(done)
    if field == 0:
        change(data, trace_at(k), "<Q", lambda v: v + 1)
    else:
        change(data, trace_at(k) + 8 * field, "<d", lambda v: v + 50.0)
    assert_fails(check_bytes(done, tmp_path, data), what)


@pytest.mark.parametrize("cut,what", [(1, "truncated"), (-1, "bytes after")])
def test_result_length_fails(done, tmp_path, cut, what):
    data = result_bytes(done)
    data = data[:-8] if cut > 0 else data + b"\0"
    assert_fails(check_bytes(done, tmp_path, data), what)


@pytest.mark.parametrize("field,value,what", [
    (0, b"SPAMMP00", "not an sp-ammp result"),
    (2, 41, "other arguments"),
    (4, 6, "another ammp.in"),
    (5, 1, "list builds"),
])
def test_changed_head_fails(done, tmp_path, field, value, what):
    data = result_bytes(done)
    head = list(HEAD.unpack_from(data, 0))
    head[field] = value
    HEAD.pack_into(data, 0, *head)
    assert_fails(check_bytes(done, tmp_path, data), what)


def test_input_of_other_arguments_fails(done, tmp_path):
    result = done / "out" / "result.bin"
    assert_fails(check(done, result, seed="8"), "other arguments")
    assert_fails(check(done, result, args=["-n", "1001", "-t", "40"]),
                 "other arguments")
    proc = run("sp-ammp", "-n", "1000", "-t", "41", "-s", "7", "-i",
               str(done / "in" / "ammp.in"), "-o", str(tmp_path / "x.bin"))
    assert proc.returncode == 1
    assert "made for -n 1000 -t 40 -s 7" in proc.stderr


def test_run_of_a_changed_system_fails(done, tmp_path):
    # the water's Lennard-Jones coefficients 1% larger for the run only
    lines = (done / "in" / "ammp.in").read_text().splitlines()
    for i, ln in enumerate(lines):
        f = ln.split()
        if f[0] == "atom" and f[8] == "0":
            f[9] = repr(float(f[9]) * 1.01)
            lines[i] = " ".join(f)
    (tmp_path / "ammp.in").write_text("\n".join(lines) + "\n")
    proc = run("sp-ammp", *TINY, "-s", "7", "-i", str(tmp_path / "ammp.in"),
               "-o", str(tmp_path / "r.bin"))
    assert proc.returncode == 0, proc.stderr
    assert_fails(check(done, tmp_path / "r.bin"), "potential energy at step 0")


def test_truncated_input_fails(done, tmp_path):
    text = (done / "in" / "ammp.in").read_text()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "ammp.in").write_text(text[:text.rindex("end")])
    assert_fails(check(tmp_path, done / "out" / "result.bin"),
                 "no end line")
    proc = run("sp-ammp", *TINY, "-s", "7", "-i",
               str(tmp_path / "in" / "ammp.in"), "-o", str(tmp_path / "r"))
    assert proc.returncode == 1 and "no end line" in proc.stderr


def test_input_is_seeded(tmp_path):
    for seed in ("1", "2", "2b"):
        assert run("sp-ammp-gen", *TINY, "-s", seed[0], "-o",
                   str(tmp_path / seed)).returncode == 0
    a, b, c = ((tmp_path / s / "ammp.in").read_text()
               for s in ("1", "2", "2b"))
    assert a != b and b == c
    records = [ln.split()[0] for ln in a.splitlines()[10:]]
    assert records.count("atom") == 1000 and records[-1] == "end"
    assert records.count("bond") > 100 and records.count("angle") > 100


def test_mb_picks_atoms(tmp_path):
    # 10 MiB / 2100 bytes an atom
    assert run("sp-ammp-gen", "--mb", "10", "-t", "5", "-o",
               str(tmp_path)).returncode == 0
    text = (tmp_path / "ammp.in").read_text()
    assert "\natoms 4993\n" in text
