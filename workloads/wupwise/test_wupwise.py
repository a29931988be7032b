"""Tests of the wupwise workload: sp-wupwise's solution passes
sp-wupwise-check's residual, recomputed with its own Wilson matrix; a
changed, non-finite, swapped, truncated or extended solution, one of
another source, seed, lattice or kappa, and a wrong reported residual fail
it; the run refuses an input file of other arguments and fails when it
does not converge. (tests/test_dirac.c holds the two Wilson matrices
gamma-5 hermitian and equal; test_contract.py what every workload's tests
share.)"""
import functools
import math
import struct

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_bytes, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["wupwise"]
SITES = 4 * 4 * 4 * 6
HEAD = struct.Struct("<8s4iQddqd")
SITE = 12 * 16


@pytest.fixture(scope="module")
def done(tiny):
    """The manifest's prepare and run commands on TINY (shared): the input
    file's and the solution's bytes."""
    values = tiny.folders(MANIFEST)
    return {"input": read_bytes(values["input"], "wupwise.in"),
            "solution": read_bytes(values["out"], "solution.bin")}


def check(path, args=TINY, seed="7"):
    return run("sp-wupwise-check", *args, "-s", seed, str(path))


assert_fails = functools.partial(assert_check_fails, "sp-wupwise-check")


def head(data):
    return list(HEAD.unpack_from(data))


def with_head(data, **fields):
    """data with header fields (magic, dims, seed, kappa, tol, iterations,
    residual) replaced."""
    h = head(data)
    names = ["magic", "d0", "d1", "d2", "d3", "seed", "kappa", "tol",
             "iterations", "residual"]
    for k, v in fields.items():
        h[names.index(k)] = v
    return HEAD.pack(*h) + data[HEAD.size:]


def write(tmp_path, data):
    path = tmp_path / "solution.bin"
    path.write_bytes(data)
    return path


def test_real_output_in_detail(done, tiny):
    proc = tiny.check(MANIFEST)
    h = head(done["solution"])
    assert h[0] == b"SPWUP001" and h[1:5] == [4, 4, 4, 6] and h[5] == 7
    assert h[7] == 1e-10 and 0 < h[9] < 1e-10 and 5 < h[8] < 200
    assert len(done["solution"]) == HEAD.size + SITES * SITE
    assert proc.stdout.startswith("residual ")


def test_input_file(done):
    lines = done["input"].decode().splitlines()
    assert [ln.split("\t")[0] for ln in lines] == [
        "4 4 4 6", "7", "0.20999999999999999", "1e-10", "2000"]


@pytest.mark.parametrize("site", [0, SITES // 2 - 1, SITES // 2, SITES - 1])
@pytest.mark.parametrize("part", [0, 8, 11 * 16 + 8])
def test_changed_value_fails(done, tmp_path, site, part):
    data = bytearray(done["solution"])
    pos = HEAD.size + site * SITE + part
    (v,) = struct.unpack_from("<d", data, pos)
    struct.pack_into("<d", data, pos, v * (1 + 1e-6) + 1e-9)
    assert_fails(check(write(tmp_path, bytes(data))), "residual")


def test_non_finite_value_fails(done, tmp_path):
    data = bytearray(done["solution"])
    struct.pack_into("<d", data, HEAD.size + 5 * SITE, math.nan)
    assert_fails(check(write(tmp_path, bytes(data))), "non-finite")


def test_swapped_parities_fail(done, tmp_path):
    data = done["solution"]
    half = SITES // 2 * SITE
    body = data[HEAD.size:]
    swapped = data[:HEAD.size] + body[half:] + body[:half]
    assert_fails(check(write(tmp_path, swapped)), "residual")


def test_zero_solution_fails(done, tmp_path):
    zero = done["solution"][:HEAD.size] + bytes(SITES * SITE)
    assert_fails(check(write(tmp_path, zero)), "residual")


def test_truncated_or_extended_fails(done, tmp_path):
    data = done["solution"]
    assert_fails(check(write(tmp_path, data[:-16])), "does not hold")
    assert_fails(check(write(tmp_path, data[:HEAD.size - 1])), "not a wupwise")
    assert_fails(check(write(tmp_path, data + b"\0")), "data after")


def test_bad_magic_fails(done, tmp_path):
    assert_fails(check(write(tmp_path, with_head(done["solution"],
                                                 magic=b"SPWUP002"))),
                 "not a wupwise solution")


def test_wrong_reported_values_fail(done, tmp_path):
    data = done["solution"]
    res = head(data)[9]
    assert_fails(check(write(tmp_path, with_head(data, residual=res * 1.01))),
                 "reported residual")
    assert_fails(check(write(tmp_path, with_head(data, iterations=0))),
                 "iterations")


def test_solution_of_other_arguments_fails(done, tmp_path):
    path = write(tmp_path, done["solution"])
    assert_fails(check(path, seed="8"), "other arguments")
    assert_fails(check(path, args=["-n", "4"]), "other arguments")
    assert_fails(check(write(tmp_path, with_head(done["solution"],
                                                 kappa=0.2))),
                 "other parameters")


def solve(tmp_path, args, seed, edit=None):
    """sp-wupwise-gen and sp-wupwise on args and seed, the input file's
    text passed through edit: the run, and the solution's bytes."""
    inp = tmp_path / f"in-{seed}.txt"
    out = tmp_path / f"sol-{seed}.bin"
    assert run("sp-wupwise-gen", *args, "-s", seed, "-o",
               str(inp)).returncode == 0
    if edit:
        inp.write_text(edit(inp.read_text()))
    proc = run("sp-wupwise", *args, "-s", seed, "-i", str(inp), "-o",
               str(out))
    return proc, out.read_bytes() if out.exists() else None


def test_solution_of_another_source_fails(tmp_path):
    # solved for seed 8 (another field and source), labelled seed 7
    proc, data = solve(tmp_path, TINY, "8")
    assert proc.returncode == 0, proc.stderr
    assert check(write(tmp_path, data), seed="8").returncode == 0
    assert_fails(check(write(tmp_path, with_head(data, seed=7))), "residual")


def test_solution_for_another_kappa_fails(tmp_path):
    proc, data = solve(tmp_path, TINY, "7",
                       lambda t: t.replace("0.20999999999999999", "0.2"))
    assert proc.returncode == 0, proc.stderr
    assert_fails(check(write(tmp_path, with_head(data, kappa=0.21))),
                 "residual")


def test_runs_are_deterministic_and_seeded(done, tmp_path):
    proc, again = solve(tmp_path, TINY, "7")
    assert proc.returncode == 0 and again == done["solution"]
    proc, other = solve(tmp_path, TINY, "9")
    assert proc.returncode == 0 and other[HEAD.size:] != again[HEAD.size:]


def test_run_without_convergence_fails(tmp_path):
    proc, data = solve(tmp_path, TINY, "7",
                       lambda t: t.replace("2000\t", "3\t"))
    assert proc.returncode == 1 and data is None
    assert proc.stderr == "sp-wupwise: no convergence to 1e-10 in 3 iterations\n"


def test_run_refuses_other_input(done, tmp_path):
    inp = tmp_path / "wupwise.in"
    inp.write_bytes(done["input"])
    proc = run("sp-wupwise", "-n", "4", "-s", "7", "-i", str(inp), "-o",
               str(tmp_path / "x.bin"))
    assert proc.returncode == 1
    assert "made for a 4x4x4x6 lattice and seed 7" in proc.stderr
    inp.write_text(done["input"].decode().replace("0.209", "x"))
    proc = run("sp-wupwise", *TINY, "-s", "7", "-i", str(inp), "-o",
               str(tmp_path / "x.bin"))
    assert proc.returncode == 1 and "bad or missing kappa" in proc.stderr
    assert proc.stderr.count("\n") == 1


@pytest.mark.parametrize("mb,dims", [("1", "4 4 4 4"), ("89", "14 14 14 22"),
                                     ("178", "18 18 18 20")])
def test_mb_picks_lattice(tmp_path, mb, dims):
    assert run("sp-wupwise-gen", "--mb", mb, "-o",
               str(tmp_path / "i")).returncode == 0
    assert (tmp_path / "i").read_text().split("\t")[0] == dims


def test_ref_size():
    assert MANIFEST["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
