"""Tests of the SPEC CPU2000 adapter on a fake SPEC tree the tests build (the layout SPEC's
`runspec --action=setup` leaves, with small shell programs as the benchmarks): the driver
runs the invocations under sp-specinvoke, checks with SPEC's tolerances, and says in each
record that SPEC ran; a wrong output, a bad tree and a wrong size are refused."""
import json
import os
import subprocess

import pytest

from harness.driver import paths
from harness.spec2000 import specdiff

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")

# mcf: one invocation reading its input file, writing its output by name;
# gzip: two invocations, stdin and stdout redirected, stderr to a file
MCF = """#!/bin/sh
n=$(cat "$1")
i=0; s=0
while [ $i -lt "$n" ]; do s=$((s + i)); i=$((i + 1)); done
printf 'cost %s\\nflow 3.14159\\n' "$s" > mcf.out
"""
GZIP = """#!/bin/sh
tr a-z A-Z
echo "$1 done" >&2
"""


def _write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def fake_tree(base, mcf_flow="3.14159", mcf_tol="--reltol 0.001"):
    """A SPEC tree with prepared reference runs of mcf and gzip; SPEC's expected mcf output
    has flow mcf_flow, compared with mcf_tol."""
    spec = base / "spec"
    for bench in ("181.mcf", "164.gzip"):
        # an older, incomplete run folder that must not be chosen
        os.makedirs(spec / "benchspec/CINT2000" / bench / "run/00000001")
    run = spec / "benchspec/CINT2000/181.mcf/run/00000002"
    _write(str(run / "mcf_base.none"), MCF, 0o755)
    _write(str(run / "inp.in"), "100\n")
    _write(str(run / "speccmds.cmd"),
           f"-C {run}\n-o mcf.stdout -e mcf.err ../00000002/mcf_base.none inp.in\n")
    _write(str(run / "compare.cmd"),
           f"-C {run}\n-o mcf.out.cmp /spec/bin/specperl /spec/bin/specdiff -m -l 10 "
           f"{mcf_tol} ../../data/ref/output/mcf.out mcf.out\n")
    _write(str(spec / "benchspec/CINT2000/181.mcf/data/ref/output/mcf.out"),
           f"cost 4950\nflow {mcf_flow}\n")
    run = spec / "benchspec/CINT2000/164.gzip/run/00000002"
    _write(str(run / "gzip_base.none"), GZIP, 0o755)
    _write(str(run / "input.source"), "hello\n")
    _write(str(run / "input.log"), "log line\n")
    _write(str(run / "speccmds.cmd"),
           "-i input.source -o input.source.out -e input.source.err "
           "../00000002/gzip_base.none input.source 60\n"
           "-i input.log -o input.log.out -e input.log.err "
           "../00000002/gzip_base.none input.log 60\n")
    _write(str(run / "compare.cmd"),
           "-o a.cmp specdiff -m -l 10 ../../data/ref/output/input.source.out "
           "input.source.out\n"
           "-o b.cmp specdiff -m -l 10 --cw ../../data/ref/output/input.log.err "
           "input.log.err\n")
    out = spec / "benchspec/CINT2000/164.gzip/data/ref/output"
    _write(str(out / "input.source.out"), "HELLO\n")
    _write(str(out / "input.log.err"), "input.log   60 done\n".replace("60 ", ""))
    return spec


def spbench(*args, spec_env=""):
    """spbench with its own settings journal, so that another run on the machine does not
    hold it."""
    state = os.path.join(os.path.dirname(args[-1]), "state")
    return subprocess.run([SPBENCH, *args], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, SPEC2000=spec_env, SPBENCH_STATE_DIR=state))


def run_args(spec, out, *names):
    return ["run", *names, "--spec2000", str(spec), "--size", "paper", "--policy", "base",
            "--state", "asis", "--runs", "1", "--warmup", "0", "--out", str(out)]


def records(out):
    with open(out / "runs.jsonl") as f:
        return {r["workload"]: r for r in map(json.loads, f)}


def test_spec_benchmarks_run_in_place_of_the_stand_ins(tmp_path):
    spec = fake_tree(tmp_path)
    p = spbench(*run_args(spec, tmp_path / "r", "mcf", "gzip"))
    assert p.returncode == 0, p.stderr
    recs = records(tmp_path / "r")
    mcf, gz = recs["mcf"], recs["gzip"]
    assert mcf["check"]["passed"] and gz["check"]["passed"]
    assert mcf["spec2000"] == {
        "benchmark": "181.mcf", "invocations": 1,
        "run_folder": str(spec / "benchspec/CINT2000/181.mcf/run/00000002")}
    assert gz["spec2000"]["invocations"] == 2
    assert mcf["spstat"]["coverage"]["sampled"] == "leaf"
    # the SPEC tree is only read: outputs went to the run's own folder
    assert not os.path.exists(spec / "benchspec/CINT2000/181.mcf/run/00000002/mcf.out")
    with open(tmp_path / "r" / "meta.json") as f:
        assert json.load(f)["plan"]["spec2000"] == str(spec)


def test_an_output_outside_specs_tolerance_fails_its_check(tmp_path):
    # 3.14159 against 3.1416 is within reltol 0.001 (passed above with equal values)
    spec = fake_tree(tmp_path, mcf_flow="3.1416")
    assert spbench(*run_args(spec, tmp_path / "ok", "mcf")).returncode == 0
    spec = fake_tree(tmp_path / "b", mcf_flow="3.1416", mcf_tol="--abstol 1e-6")
    p = spbench(*run_args(spec, tmp_path / "bad", "mcf"))
    assert p.returncode == 1
    rec = records(tmp_path / "bad")["mcf"]
    assert not rec["check"]["passed"]
    assert "line 2: '3.14159', expected '3.1416'" in rec["check"]["message"]


def test_a_failing_invocation_fails_the_run(tmp_path):
    spec = fake_tree(tmp_path)
    run = spec / "benchspec/CINT2000/164.gzip/run/00000002"
    _write(str(run / "gzip_base.none"), "#!/bin/sh\nexit 3\n", 0o755)
    p = spbench(*run_args(spec, tmp_path / "r", "gzip"))
    assert p.returncode == 1
    assert "exit status 3: sp-specinvoke: invocation 1" in records(tmp_path / "r")[
        "gzip"]["check"]["message"]


@pytest.mark.parametrize("args, words", [
    (["--spec2000", "/nonexistent"], "not a SPEC CPU2000 tree"),
    (["--size", "test"], "use --size paper"),
])
def test_bad_spec_arguments_are_one_line(tmp_path, args, words):
    spec = fake_tree(tmp_path)
    argv = run_args(spec, tmp_path / "r", "mcf")
    for i in range(0, len(args), 2):
        argv[argv.index(args[i]) + 1] = args[i + 1]
    p = spbench(*argv)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], p.stderr
    assert not os.path.exists(tmp_path / "r" / "runs.jsonl")


def test_a_benchmark_without_a_prepared_run_is_named(tmp_path):
    spec = fake_tree(tmp_path)
    p = spbench(*run_args(spec, tmp_path / "r", "vortex"))
    assert p.returncode == 2
    assert "255.vortex: no prepared reference run" in p.stderr
    assert "runspec --size=ref --action=setup 255.vortex" in p.stderr


def test_the_environment_names_the_tree(tmp_path):
    spec = fake_tree(tmp_path)
    argv = run_args(spec, tmp_path / "r", "mcf")
    del argv[argv.index("--spec2000"):argv.index("--spec2000") + 2]
    p = spbench(*argv, spec_env=str(spec))
    assert p.returncode == 0, p.stderr
    assert records(tmp_path / "r")["mcf"]["spec2000"]["benchmark"] == "181.mcf"


# specdiff's rules, against answers worked out by hand
@pytest.mark.parametrize("tol, expected, ours, ok", [
    ({}, "a 1.0", "a 1.0", True),
    ({}, "a 1.0", "a 1.00", False),                 # no tolerance: text must match
    ({"--reltol": 0.01}, "x 100", "x 100.9", True),
    ({"--reltol": 0.01}, "x 100", "x 101.1", False),
    ({"--abstol": 0.5}, "x 100", "x 100.5", True),
    ({"--abstol": 0.5, "--reltol": 1e-9}, "x 100", "x 100.6", False),
    ({"--obiwan": True}, "n 41", "n 42", True),
    ({"--obiwan": True}, "n 41", "n 43", False),
    ({"--cw": True}, "a  b", "a b", True),
    ({"--ignorecase": True}, "Done", "DONE", True),
    ({"--reltol": 0.5}, "a b", "a b c", False),     # fields must be as many
    ({"--reltol": 0.5}, "1.0D+00", "1.1", True),    # Fortran exponent
])
def test_specdiff_field_rules(tol, expected, ours, ok):
    assert (specdiff.compare([expected], [ours], tol) is None) == ok


def test_specdiff_line_counts_and_skiptol():
    assert "2 lines, expected 1" in specdiff.compare(["a"], ["a", "b"], {})
    assert specdiff.compare(["1 2 3"], ["1 9 3"], {"--skiptol": 1}) is None
    assert specdiff.compare(["1 2 3"], ["1 9 9"], {"--skiptol": 1}) is not None


def test_specdiff_refuses_an_unknown_option(tmp_path):
    with pytest.raises(specdiff.Usage, match="unknown specdiff option '--bogus'"):
        specdiff.parse_group(["--bogus", "a", "b"])


def test_the_benchmarks_are_the_papers_spec_rows():
    from analysis import paper
    from harness.driver.engine import spec2000
    ref = paper.Paper()
    for suite in ("CINT2000", "CFP2000"):
        ours = sorted(n for n, (s, _) in spec2000.BENCHMARKS.items() if s == suite)
        assert ours == sorted(ref.members(suite))
    assert spec2000.BENCHMARKS["swim"] == ("CFP2000", "171.swim")
    assert spec2000.BENCHMARKS["twolf"] == ("CINT2000", "300.twolf")
