"""Tests of the fma3d workload: sp-fma3d's state passes sp-fma3d-check;
changed velocities, displacements, stresses, plastic strains, hourglass
forces or probe values, a cut, padded or malformed state, a state of other
arguments and a changed input fail it; sp-fma3d refuses inputs of other
arguments; the mesh is seeded and its elements permuted.
(test_contract.py holds what every workload's tests share.)"""
import array
import functools
import struct

import pytest

from testkit import (TINY_ARGS, assert_check_fails,
                     assert_run_refuses_inputs, changed_input,
                     check_with_input, manifest, read_bytes, run)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["fma3d"]
NODES = 41 * 41 * 7
ELEMS = 40 * 40 * 6
PNODES, PELEMS = 7 * 6 * 4, 6 * 5 * 3
ES = 19                      # doubles per element: stress 6, ep, Q 12


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


assert_fails = functools.partial(assert_check_fails, "sp-fma3d-check")


def load(base):
    """The state's header (bytes, through "end\\n") and its doubles."""
    raw = read_bytes(str(base / "out"), "state.bin")
    cut = raw.index(b"\nend\n") + 5
    values = array.array("d")
    values.frombytes(raw[cut:])
    return raw[:cut], values


def check(base, tmp_path, head, values, args=TINY, seed="7"):
    (tmp_path / "s.bin").write_bytes(head + values.tobytes())
    return check_with_input("sp-fma3d-check", base, "fma3d.in",
                            tmp_path / "s.bin", args, seed)


def node(k, i):
    """Index of value i (ux uy uz vx vy vz) of plate node k."""
    return 6 * k + i


def elem(e, i):
    return 6 * NODES + ES * e + i


def probe_node(k, i):
    return 6 * NODES + ES * ELEMS + 6 * k + i


def on_yield(values):
    """The element whose stress is nearest its yield surface (one on it)."""
    def ratio(e):
        st = [values[elem(e, i)] for i in range(7)]
        mean = sum(st[:3]) / 3
        ss = sum((x - mean) ** 2 for x in st[:3]) + 2 * sum(x * x for x in st[3:6])
        return (1.5 * ss) ** 0.5 / (250e6 + 1e9 * st[6])
    return max(range(ELEMS), key=ratio)


def test_real_output_in_detail(done, tmp_path):
    # rebuilt from load()'s parts, as the tests below rebuild it changed
    head, values = load(done)
    proc = check(done, tmp_path, head, values)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("plate: initial kinetic ")
    assert lines[1] == "probe: 400 steps of 6x5x3 elements as the C scheme's to 1e-08"
    assert lines[2] == "ok 60 steps on 40x40x6 elements"
    # the balance is far inside its 1% bound
    balance = float(lines[0].split("balance ")[1].split("%")[0])
    assert abs(balance) < 0.5


def test_state_layout(done):
    head, values = load(done)
    text = head.decode()
    assert text.startswith("fma3d-state 1\nnx 40\nny 40\nnz 6\nsteps 60\nseed 7\n")
    assert f"nodes {NODES}\nelements {ELEMS}\n" in text
    assert "probe_steps 400\n" in text and f"probe_nodes {PNODES}\n" in text
    assert len(values) == 6 * NODES + ES * ELEMS + 6 * PNODES + ES * PELEMS
    # the impacts yielded the plate, and the probe stayed elastic
    assert max(values[elem(e, 6)] for e in range(ELEMS)) > 1e-3
    base = 6 * NODES + ES * ELEMS + 6 * PNODES
    assert all(values[base + ES * e + 6] == 0 for e in range(PELEMS))


def test_changed_velocity_fails(done, tmp_path):
    head, values = load(done)
    # one node 1 mm/s faster: momentum moves far past rounding
    values[node(NODES // 2, 5)] += 1e-3
    assert_fails(check(done, tmp_path, head, values), "momentum along z")
    head, values = load(done)
    for k in range(NODES):
        for i in range(3, 6):
            values[node(k, i)] *= 1.1
    assert_fails(check(done, tmp_path, head, values), "momentum along x")


def test_changed_displacement_fails(done, tmp_path):
    head, values = load(done)
    values[node(123, 0)] += 1e-6
    assert_fails(check(done, tmp_path, head, values),
                 "the centre of mass moved")


def test_changed_energies_fail(done, tmp_path):
    # halved stresses stay inside the yield surface, doubled hourglass
    # forces too: only the energy balance sees them
    for lo, hi, scale in ((0, 6, 0.5), (7, 19, 2.0)):
        head, values = load(done)
        for e in range(ELEMS):
            for i in range(lo, hi):
                values[elem(e, i)] *= scale
        assert_fails(check(done, tmp_path, head, values),
                     "is not the initial kinetic")


def test_stress_outside_yield_fails(done, tmp_path):
    head, values = load(done)
    e = on_yield(values)
    for i in range(6):
        values[elem(e, i)] *= 1.001
    assert_fails(check(done, tmp_path, head, values),
                 f"element {e + 1}'s stress is outside its yield surface")
    head, values = load(done)
    values[elem(e, 6)] = -values[elem(e, 6)]
    assert_fails(check(done, tmp_path, head, values), "is negative")


def test_changed_probe_fails(done, tmp_path):
    head, values = load(done)
    values[probe_node(50, 4)] *= 1 + 1e-6
    assert_fails(check(done, tmp_path, head, values),
                 "probe node velocity 51[1]")
    head, values = load(done)
    values[6 * NODES + ES * ELEMS + 6 * PNODES + ES * 10 + 2] *= 1 + 1e-6
    assert_fails(check(done, tmp_path, head, values),
                 "probe element stress 11[2]")
    head, values = load(done)
    t = head.split(b"probe_time ")[1].split(b"\n")[0]
    head = head.replace(b"probe_time " + t, b"probe_time %r" % (float(t) * 1.001))
    assert_fails(check(done, tmp_path, head, values), "probe time")


def test_malformed_state_fails(done, tmp_path):
    head, values = load(done)
    assert_fails(check(done, tmp_path, head, values[:-1]), "cut short")
    assert_fails(check(done, tmp_path, head, values + array.array("d", [0])),
                 "bytes after")
    bad = array.array("d", values)
    bad[elem(5, 0)] = float("nan")
    assert_fails(check(done, tmp_path, head, bad), "not finite")
    assert_fails(check(done, tmp_path, head.replace(b"time ", b"tme ", 1),
                       values), "expected 'time'")
    assert_fails(check(done, tmp_path, b"", array.array("d")),
                 "missing 'fma3d-state'")


def test_state_of_other_arguments_fails(done, tmp_path):
    head, values = load(done)
    assert_fails(check(done, tmp_path, head.replace(b"steps 60", b"steps 61"),
                       values), "the state is not of -n 40 -t 60 -s 7")
    assert_fails(check(done, tmp_path, head, values, seed="8"),
                 "was not made for -n 40 -t 60 -s 8")
    assert_fails(check(done, tmp_path, head, values,
                       args=["-n", "40", "-t", "50"]),
                 "was not made for -n 40 -t 50")


@pytest.mark.parametrize("name,old,new", [
    ("fma3d.in", b"yield 250000000", b"yield 250000001"),
    ("mesh.bin", b"FMA3DMSH", b"FMA3DMSX"),
])
def test_changed_input_fails(done, tmp_path, name, old, new):
    head, values = load(done)
    inputs = changed_input(done, name, tmp_path, old, new)
    assert_fails(check(inputs, tmp_path, head, values),
                 f"{name} was not made for -n 40 -t 60 -s 7")


def test_run_refuses_an_input_of_other_arguments(done, tmp_path):
    assert_run_refuses_inputs("sp-fma3d", TINY, done / "in" / "fma3d.in",
                              ("nx 40\nny x\n", "is not an fma3d.in"), tmp_path)
    # a good fma3d.in beside no meshes
    (tmp_path / "fma3d.in").write_bytes((done / "in" / "fma3d.in").read_bytes())
    proc = run("sp-fma3d", *TINY, "-s", "7", "-i", str(tmp_path / "fma3d.in"),
               "-o", str(tmp_path / "s.bin"))
    assert proc.returncode == 1 and "mesh that is missing" in proc.stderr
    assert not (tmp_path / "s.bin").exists()


def mesh_elements(path):
    raw = path.read_bytes()
    nn, ne = struct.unpack_from("<qq", raw, 8)
    ix = array.array("i")
    ix.frombytes(raw[24 + 48 * nn:])
    assert len(ix) == 8 * ne
    return [tuple(ix[8 * e:8 * e + 8]) for e in range(ne)]


def test_mesh_is_seeded_and_permuted(done, tmp_path):
    els = mesh_elements(done / "in" / "mesh.bin")
    assert len(els) == ELEMS
    # grid cell 0 is nodes 1, 2, 43, 42 and those 41 x 41 above them
    cell0 = (1, 2, 43, 42, 1682, 1683, 1724, 1723)
    assert cell0 in els and els[0] != cell0
    # consecutive elements are seldom grid neighbours
    near = sum(abs(a[0] - b[0]) <= 1 for a, b in zip(els, els[1:]))
    assert near < ELEMS // 100
    assert run("sp-fma3d-gen", *TINY, "-s", "8", "-o",
               str(tmp_path)).returncode == 0
    assert mesh_elements(tmp_path / "mesh.bin") != els
    a = (done / "in" / "fma3d.in").read_text().splitlines()
    b = (tmp_path / "fma3d.in").read_text().splitlines()
    assert a[:4] == b[:4] and a[4] == "seed 7" and a[-3:] != b[-3:]
    assert [ln.split()[0] for ln in a[-4:]] == ["drift"] + ["impact"] * 3


def test_mb_picks_the_plate_size(tmp_path):
    # 6 elements of 216 bytes and 7 nodes of 112 per column: 4 MB holds
    # 44 x 44 of them
    assert run("sp-fma3d-gen", "--mb", "4", "-t", "5", "-o",
               str(tmp_path)).returncode == 0
    assert (tmp_path / "fma3d.in").read_text().startswith("nx 44\nny 44\n")
