"""Tests of sp-mcf-gen, sp-mcf and sp-mcf-check: the optimum matches
GLPK's (glpsol on the same network in MathProg) on small instances; a real
solution passes the check; a moved unit of flow, a changed potential, a
wrong cost or vehicle count, a truncated file or another instance fail
it. (test_contract.py holds what every workload's tests share.)"""
import functools
import os
import re
import subprocess

import pytest

from testkit import TINY_ARGS, assert_check_fails, manifest, read_text, run

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["mcf"]
VEHICLE_COST = 10000000


@pytest.fixture(scope="module")
def made(tiny):
    """The manifest's prepare and run for TINY, seed 7 (shared)."""
    values = tiny.folders(MANIFEST)
    values["instance"] = os.path.join(values["input"], "timetable.txt")
    values["solution"] = os.path.join(values["out"], "solution.txt")
    return values


def check(made, path, args=TINY):
    return run("sp-mcf-check", *args, "-i", made["instance"], str(path))


assert_fails = functools.partial(assert_check_fails, "sp-mcf-check")


def network(instance):
    """Nodes, supplies and arcs (tail, head, cost) as sp-mcf builds them."""
    words = open(instance).read().split()
    assert words[0] == "sp-mcf/1"
    t, m = int(words[1]), int(words[2])
    nums = list(map(int, words[3:]))
    trips = [nums[4 * i:4 * i + 4] for i in range(t)]
    arcs = [(0, i + 1, VEHICLE_COST + trips[i][2]) for i in range(t)]
    arcs += [(t + i + 1, 0, trips[i][3]) for i in range(t)]
    rest = nums[4 * t:]
    assert len(rest) == 3 * m
    arcs += [(t + rest[3 * k], rest[3 * k + 1], rest[3 * k + 2])
             for k in range(m)]
    supply = [0] + [-1] * t + [1] * t
    return supply, arcs


def glpk_optimum(instance, tmp_path):
    supply, arcs = network(instance)
    mod = tmp_path / "mcf.mod"
    lines = ["set N := 0..%d;" % (len(supply) - 1),
             "set A within N cross N cross {0..%d};" % len(arcs),
             "param b{N}; param c{A};",
             "var x{A} >= 0;",
             "minimize cost: sum{(i, j, k) in A} c[i, j, k] * x[i, j, k];",
             "s.t. bal{v in N}: sum{(v, j, k) in A} x[v, j, k]"
             " - sum{(i, v, k) in A} x[i, v, k] = b[v];",
             "solve;",
             'printf "optimum %.0f\\n", cost;',
             "data;",
             "param b := " + " ".join(f"{i} {s}" for i, s in enumerate(supply))
             + ";",
             "param : A : c :="]
    lines += [f"  {t} {h} {k} {c}" for k, (t, h, c) in enumerate(arcs)]
    lines += [";", "end;"]
    mod.write_text("\n".join(lines) + "\n")
    proc = subprocess.run(["glpsol", "--math", str(mod)], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout[-2000:]
    return int(re.search(r"^optimum (\d+)$", proc.stdout, re.M).group(1))


def solve(tmp_path, trips, seed):
    inst, sol = tmp_path / "i.txt", tmp_path / "s.txt"
    args = ["-n", str(trips), "-s", str(seed)]
    assert run("sp-mcf-gen", *args, "-o", str(inst)).returncode == 0
    proc = run("sp-mcf", "-n", str(trips), "-i", str(inst), "-o", str(sol))
    assert proc.returncode == 0, proc.stderr
    text = sol.read_text()
    return inst, int(re.search(r"^objective (\d+)$", text, re.M).group(1))


@pytest.mark.parametrize("trips, seed", [(12, 1), (40, 2), (120, 3)])
def test_optimum_matches_glpk(tmp_path, trips, seed):
    inst, ours = solve(tmp_path, trips, seed)
    assert ours == glpk_optimum(inst, tmp_path)


def test_real_solution_in_detail(made, tiny):
    assert "optimal" in tiny.check(MANIFEST).stdout
    assert os.listdir(made["out"]) == ["solution.txt"]


def rewrite(made, tmp_path, fix):
    lines = read_text(made["out"], "solution.txt").split("\n")
    fix(lines)
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines))
    return path


def test_moved_flow_fails(made, tmp_path):
    def fix(lines):
        i = lines.index("flows") + 1
        arc, flow = lines[i].split()
        lines[i] = f"{int(arc) + 1} {flow}"
    assert_fails(check(made, rewrite(made, tmp_path, fix)))


def test_changed_potential_fails(made, tmp_path):
    def fix(lines):
        i = lines.index("potentials") + 5
        lines[i] = str(int(lines[i]) + 7)
    assert_fails(check(made, rewrite(made, tmp_path, fix)), "reduced cost")


def test_wrong_totals_fail(made, tmp_path):
    def cost(lines):
        k = next(i for i, x in enumerate(lines) if x.startswith("objective"))
        lines[k] = "objective " + str(int(lines[k].split()[1]) - 1)

    def vehicles(lines):
        k = next(i for i, x in enumerate(lines) if x.startswith("vehicles"))
        lines[k] = "vehicles " + str(int(lines[k].split()[1]) + 1)
    assert_fails(check(made, rewrite(made, tmp_path, cost)), "cost")
    assert_fails(check(made, rewrite(made, tmp_path, vehicles)), "vehicles")


def test_dropped_flow_fails(made, tmp_path):
    def fix(lines):
        del lines[lines.index("flows") + 1]
    assert_fails(check(made, rewrite(made, tmp_path, fix)))


def test_truncated_fails(made, tmp_path):
    def fix(lines):
        del lines[lines.index("end"):]
    assert_fails(check(made, rewrite(made, tmp_path, fix)), "truncated")


def test_other_instance_fails(made, tmp_path):
    assert_fails(check(made, made["solution"], ["-n", "301"]))
    other, _ = solve(tmp_path, 300, 99)
    proc = run("sp-mcf-check", *TINY, "-i", str(other), made["solution"])
    assert_fails(proc)


def test_missing_file_fails(made, tmp_path):
    assert_fails(check(made, tmp_path / "absent.txt"))


def test_mb_sets_trips(tmp_path):
    # 1 MiB / 6900 B per trip = 151 trips
    path = tmp_path / "i.txt"
    assert run("sp-mcf-gen", "--mb", "1", "-o", str(path)).returncode == 0
    assert path.read_text().split()[1] == "151"


def test_manifest_sizes():
    sizes = MANIFEST["sizes"]
    assert sizes["ref"]["args"] == ["--mb", "{ref_mb}"]
    assert 190 < sizes["ref"]["ref_ratio"] < 192
    assert 143 <= sizes["paper"]["footprint_mb"] <= 238
