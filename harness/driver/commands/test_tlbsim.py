"""spbench tlbsim passes --models, --policies and --brk-max on to sptlb; spbench run
takes the models and policies --tlbsim simulates, and refuses one there is not with
one line before anything runs."""
import json
import os
import subprocess

from harness.driver import paths

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")


def spbench(*args):
    return subprocess.run([SPBENCH, *args], capture_output=True, text=True, timeout=300)


def test_tlbsim_passes_models_policies_and_brk_max():
    p = spbench("tlbsim", "--models", "x86-modern", "--policies", "base", "--brk-max", "0",
                "--", "/bin/true")
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout.strip().splitlines()[-1])
    assert {m: list(v["policies"]) for m, v in report["models"].items()} == \
        {"x86-modern": ["base"]}
    # --brk-max 0 keeps Valgrind's own cap
    assert report["heap"]["brk_cap"] == report["heap"]["valgrind_brk_cap"]
    lifted = json.loads(spbench("tlbsim", "--policies", "base", "--", "/bin/true")
                        .stdout.strip().splitlines()[-1])
    assert lifted["heap"]["brk_cap"] > lifted["heap"]["valgrind_brk_cap"]
    assert set(lifted["models"]) == {"alpha21264", "x86-modern"}


def test_run_refuses_a_policy_no_model_has(tmp_path):
    p = spbench("run", "matrix", "--size", "test", "--policy", "base",
                "--tlbsim-policies", "2M", "--out", str(tmp_path / "out"))
    assert p.returncode != 0
    assert p.stderr.strip().splitlines() == \
        ["spbench: --tlbsim-policies: no model of alpha21264 has the policy 2M"]
    assert not (tmp_path / "out").exists()
