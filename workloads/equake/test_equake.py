"""Tests of the equake workload: sp-equake's output passes sp-equake-check;
a K that is not symmetric, does not annihilate a rigid motion, or is not
the check's own assembly fails it, as do a changed structure, record,
last state or summary, truncated files, and the output of a run on another
mesh; an input with a wrong structure or an unstable time step is refused.
(test_contract.py holds what every workload's tests share.)"""
import functools
import re
import shutil
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["equake"]
HEAD = struct.Struct("<8sqq")
BLOCK = 9 * 8


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared)."""
    return tiny.base(MANIFEST)


def check(inp, out, args=TINY, seed="7"):
    return run("sp-equake-check", *args, "-s", seed, "-i", str(inp),
               str(out))


assert_fails = functools.partial(assert_check_fails, "sp-equake-check")


def copy_out(done, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(done / "out", out)
    return out


def input_path(done):
    return done / "in" / "equake.in"


def header(done):
    """The input's header values by key (the first "src" line's)."""
    values = {}
    for line in input_path(done).read_text().splitlines()[1:]:
        if line == "coords":
            break
        key, *rest = line.split()
        values.setdefault(key, rest)
    return values


class Matrix:
    """matrix.bin, read as the run wrote it."""

    def __init__(self, path):
        self.path = path
        self.data = bytearray(path.read_bytes())
        magic, self.nodes, self.blocks = HEAD.unpack_from(self.data)
        assert magic == b"SPEQKM01"
        self.rows_at = HEAD.size
        self.cols_at = self.rows_at + 4 * (self.nodes + 1)
        self.k_at = self.cols_at + 4 * self.blocks

    def row(self, i):
        return struct.unpack_from("<2i", self.data, self.rows_at + 4 * i)

    def col(self, b):
        return struct.unpack_from("<i", self.data, self.cols_at + 4 * b)[0]

    def block(self, b):
        return list(struct.unpack_from("<9d", self.data,
                                       self.k_at + BLOCK * b))

    def set_block(self, b, values):
        struct.pack_into("<9d", self.data, self.k_at + BLOCK * b, *values)

    def save(self):
        self.path.write_bytes(bytes(self.data))


def off_diagonal(m):
    """A stored block above the diagonal, near the middle."""
    for i in range(m.nodes // 2, m.nodes):
        start, end = m.row(i)
        if end - start > 1:
            return start + 1
    raise AssertionError("no off-diagonal block")


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    assert proc.stdout.startswith("ok ")
    values = dict(ln.split() for ln in
                  (done / "out" / "result.txt").read_text().splitlines())
    h = header(done)
    assert values["nodes"] == h["nodes"][0] and values["steps"] == "60"
    assert values["samples"] == "6" and float(values["peak"]) > 0
    # five tetrahedra a cell, K's blocks the diagonal and each edge once
    cells = [int(c) for c in h["cells"]]
    assert int(values["elems"]) == 5 * cells[0] * cells[1] * cells[2]
    nodes = int(values["nodes"])
    assert 5 * nodes < int(values["blocks"]) < 8 * nodes


def test_changed_block_breaks_rigid_motion(done, tmp_path):
    m = Matrix(copy_out(done, tmp_path) / "matrix.bin")
    b = off_diagonal(m)
    k = m.block(b)
    top = max(range(9), key=lambda x: abs(k[x]))
    k[top] *= 1 + 1e-6
    m.set_block(b, k)
    m.save()
    assert_fails(check(input_path(done), tmp_path / "out"),
                 "does not annihilate the rigid translation")


def test_asymmetric_diagonal_block_fails(done, tmp_path):
    m = Matrix(copy_out(done, tmp_path) / "matrix.bin")
    start, _ = m.row(m.nodes // 3)
    k = m.block(start)
    k[1] += 1e-6 * max(abs(x) for x in k)
    m.set_block(start, k)
    m.save()
    assert_fails(check(input_path(done), tmp_path / "out"),
                 "K is not symmetric")


def test_scaled_matrix_fails_the_assembly(done, tmp_path):
    # Symmetric and annihilating rigid motions still, but not K.
    m = Matrix(copy_out(done, tmp_path) / "matrix.bin")
    for b in range(m.blocks):
        m.set_block(b, [x * 1.0001 for x in m.block(b)])
    m.save()
    assert_fails(check(input_path(done), tmp_path / "out"),
                 "is not the assembly's")


def test_changed_column_fails(done, tmp_path):
    m = Matrix(copy_out(done, tmp_path) / "matrix.bin")
    b = off_diagonal(m)
    struct.pack_into("<i", m.data, m.cols_at + 4 * b, (m.col(b) + 1) %
                     m.nodes)
    m.save()
    assert_fails(check(input_path(done), tmp_path / "out"),
                 "not in the input's")


@pytest.mark.parametrize("name, what", [("matrix.bin", "bytes, expected"),
                                        ("state.bin", "bytes, expected"),
                                        ("seismo.txt", "samples, expected"),
                                        ("result.txt", "missing 'peak'")])
def test_truncated_file_fails(done, tmp_path, name, what):
    path = copy_out(done, tmp_path) / name
    data = path.read_bytes()
    if name.endswith(".txt"):
        cut = data.rstrip(b"\n").rfind(b"\n") + 1
        path.write_bytes(data[:cut])
    else:
        path.write_bytes(data[:-8])
    assert_fails(check(input_path(done), tmp_path / "out"), what)


def test_changed_record_fails(done, tmp_path):
    path = copy_out(done, tmp_path) / "seismo.txt"
    lines = path.read_text().splitlines()
    fields = lines[-1].split()
    fields[2] = "%.12e" % (float(fields[2]) * 1.001)
    lines[-1] = " ".join(fields)
    path.write_text("\n".join(lines) + "\n")
    assert_fails(check(input_path(done), tmp_path / "out"),
                 "the replay has")


def test_changed_state_fails(done, tmp_path):
    path = copy_out(done, tmp_path) / "state.bin"
    data = bytearray(path.read_bytes())
    nodes = HEAD.unpack_from(data)[1]
    disp = struct.unpack_from("<%dd" % (3 * nodes), data, HEAD.size)
    at = max(range(3 * nodes), key=lambda x: abs(disp[x]))
    struct.pack_into("<d", data, HEAD.size + 8 * at, disp[at] * 1.001)
    path.write_bytes(bytes(data))
    assert_fails(check(input_path(done), tmp_path / "out"),
                 "last displacement")


@pytest.mark.parametrize("key", ["nodes", "blocks", "dt", "samples",
                                 "peak"])
def test_changed_summary_fails(done, tmp_path, key):
    path = copy_out(done, tmp_path) / "result.txt"
    lines = path.read_text().splitlines()
    for i, ln in enumerate(lines):
        k, v = ln.split()
        if k == key:
            v = str(float(v) * 1.01) if key in ("dt", "peak") else \
                str(int(v) + 1)
            lines[i] = f"{k} {v}"
    path.write_text("\n".join(lines) + "\n")
    assert_fails(check(input_path(done), tmp_path / "out"), key)


def test_run_on_a_moved_node_fails(done, tmp_path):
    # The run given a mesh with one node moved 10 m: its K and motion are
    # of another mesh than the check's input.
    text = input_path(done).read_text().split("\n")
    at = text.index("coords") + 1
    x, y, z = (float(v) for v in text[at].split())
    text[at] = "%.6f %.6f %.6f" % (x + 0.01, y, z)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "equake.in").write_text("\n".join(text))
    (tmp_path / "out").mkdir()
    proc = run("sp-equake", *TINY, "-s", "7", "-i",
               str(tmp_path / "in" / "equake.in"), "-o",
               str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    proc = check(input_path(done), tmp_path / "out")
    assert_fails(proc)
    assert re.search(r"not the assembly's|annihilate the rigid rotation",
                     proc.stderr)


def changed_input(done, tmp_path, change):
    text = input_path(done).read_text().split("\n")
    change(text)
    path = tmp_path / "equake.in"
    path.write_text("\n".join(text))
    return path


def test_input_with_another_structure_fails(done, tmp_path):
    def change(text):
        rows_at, cols_at = text.index("rows") + 1, text.index("cols") + 1
        i = 0
        while int(text[rows_at + i + 1]) - int(text[rows_at + i]) < 3:
            i += 1
        at = cols_at + int(text[rows_at + i]) + 1
        text[at], text[at + 1] = text[at + 1], text[at]
    path = changed_input(done, tmp_path, change)
    assert_fails(check(path, done / "out"), "is not the mesh's")


def test_input_with_an_unstable_step_fails(done, tmp_path):
    def change(text):
        at = next(i for i, ln in enumerate(text) if ln.startswith("dt "))
        text[at] = "dt %.2e" % (float(text[at].split()[1]) * 4)
    path = changed_input(done, tmp_path, change)
    assert_fails(check(path, done / "out"), "above the stability limit")


def test_input_of_other_arguments_is_refused(done, tmp_path):
    out = done / "out"
    assert_fails(check(input_path(done), out, seed="8"), "other arguments")
    longer = ["-n", "600", "-t", "61"]
    assert_fails(check(input_path(done), out, args=longer), "other arguments")
    proc = run("sp-equake", "-n", "601", "-t", "60", "-s", "7", "-i",
               str(input_path(done)), "-o", str(tmp_path / "x"))
    assert proc.returncode == 1
    assert "made for -n 600 -t 60 -s 7" in proc.stderr


def test_input_is_seeded(tmp_path):
    for name, seed in (("a", "1"), ("b", "1"), ("c", "2")):
        assert run("sp-equake-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / name)).returncode == 0
    a, b, c = ((tmp_path / name / "equake.in").read_text()
               for name in "abc")
    assert a == b != c
    # the nodes are renumbered: consecutive ones are not grid neighbours
    coords = a.split("coords\n")[1].split("\n")[:50]
    xs = [float(line.split()[0]) for line in coords]
    assert sum(abs(p - q) > 5 for p, q in zip(xs, xs[1:])) > 20


def test_mb_picks_nodes(tmp_path):
    # 2 MiB / 1480 bytes a node = 1416 nodes asked for
    assert run("sp-equake-gen", "--mb", "2", "-t", "10", "-o",
               str(tmp_path)).returncode == 0
    text = (tmp_path / "equake.in").read_text()
    assert re.search(r"^request 1416$", text, re.M)
