"""Tests of run planning: interleaving, warm-ups, resuming, output folder,
and the plan file a guest kernel is handed."""
import json

import pytest

from harness.driver.engine import experiment, plan
from harness.driver.kernel import guest as guest_run
from harness.driver import manifest
from harness.driver.system import policies
from harness.driver.errors import UserError


class W:
    def __init__(self, name):
        self.name = name


class P:
    def __init__(self, name):
        self.name = name


def _plan(runs=2, warmup=1):
    return plan.Plan([W("a")], [P("base"), P("thp")], ["clean"], "test", runs, warmup, 42, 100)


def _names(steps):
    return [(s.workload.name, s.state, s.rep, s.warmup, s.policy.name) for s in steps]


def test_steps_interleave_policies_after_warmup():
    assert _names(_plan().steps()) == [
        ("a", "clean", 0, True, "base"), ("a", "clean", 0, True, "thp"),
        ("a", "clean", 0, False, "base"), ("a", "clean", 0, False, "thp"),
        ("a", "clean", 1, False, "base"), ("a", "clean", 1, False, "thp")]


def test_shared_warmups_run_under_the_first_policy_only():
    p = plan.Plan([W("a"), W("b")], [P("base"), P("thp"), P("resv")], ["clean"], "test", 1, 2,
                  42, 100, shared_warmup=True)
    assert _names(p.steps()) == [
        (w, "clean", rep, warm, pol) for w in ("a", "b")
        for rep, warm, pol in ((0, True, "base"), (1, True, "base"), (0, False, "base"),
                               (0, False, "thp"), (0, False, "resv"))]
    assert p.as_dict()["shared_warmup"] is True
    assert "shared_warmup" not in _plan().as_dict()


def test_bad_counts_are_refused():
    with pytest.raises(UserError, match="--runs must be >= 1"):
        _plan(runs=0)
    with pytest.raises(UserError, match="--warmup >= 0"):
        _plan(warmup=-1)


def test_done_keys_ignore_warmups_and_torn_lines(tmp_path):
    path = tmp_path / "runs.jsonl"
    rec = {"schema": "spbench-run/1", "workload": "a", "size": "test", "state": "clean",
           "policy": "thp", "kernel": "host", "rep": 1, "warmup": False}
    path.write_text(json.dumps(rec) + "\n" + json.dumps(dict(rec, rep=0, warmup=True))
                    + "\n{\"workload\": \"a\", \"si")
    assert plan.done_keys(str(tmp_path)) == {("a", "test", "clean", "thp", "host", 1)}


def test_resume_runs_warmups_and_only_missing_runs(tmp_path):
    p = _plan()
    path = tmp_path / "runs.jsonl"
    rec = {"schema": "spbench-run/1", "workload": "a", "size": "test", "state": "clean",
           "kernel": "host", "warmup": False}
    path.write_text("".join(json.dumps(dict(rec, policy=pol, rep=rep)) + "\n"
                            for pol, rep in (("base", 0), ("thp", 0), ("base", 1))))
    todo, recorded = plan.pending(p, list(p.steps()), str(tmp_path))
    assert recorded == 3
    assert _names(todo) == [("a", "clean", 0, True, "base"), ("a", "clean", 0, True, "thp"),
                            ("a", "clean", 1, False, "thp")]
    path.write_text(path.read_text() + json.dumps(dict(rec, policy="thp", rep=1)) + "\n")
    assert plan.pending(p, list(p.steps()), str(tmp_path)) == ([], 4)


def test_unwritable_out(tmp_path):
    f = tmp_path / "file"
    f.write_text("")
    with pytest.raises(UserError, match="cannot write results to"):
        experiment.writable(str(f / "sub"), "results")


def test_rerun_with_other_size_is_refused(tmp_path):
    (tmp_path / "meta.json").write_text(json.dumps({
        "schema": "spbench-meta/1", "plan": {"size": "paper", "kernel": "host", "seed": 42}}))
    with pytest.raises(UserError, match="size=paper"):
        plan.check_against_folder(str(tmp_path), _plan(runs=1, warmup=0))


def test_plan_file_round_trip(tmp_path):
    """What the host writes is what the guest runs: same plan, same context."""
    p = plan.Plan([manifest.find("matrix"), manifest.find("tree")],
                  [policies.resolve("base")], ["asis"], "test", 2, 1, 7, 50, kernel="stock",
                  shared_warmup=True)
    ctx = experiment.Context(virt="tcg", tlb_reach_kb=1536, scratch="/tmp/s", build=False)
    path = guest_run.write_plan(str(tmp_path), p, ["spbench", "run", "matrix"], ctx)
    got, out, argv, got_ctx = guest_run.read_plan(path)
    assert got.as_dict() == p.as_dict()
    assert got.shared_warmup
    assert [w.name for w in got.workloads] == ["matrix", "tree"]
    assert (out, argv, got_ctx) == (str(tmp_path), ["spbench", "run", "matrix"], ctx)


@pytest.mark.parametrize("text,message", [
    ("{", "invalid JSON"),
    ('{"schema": "other"}', "not an spbench guest job"),
    ('{"schema": "spbench-guest-job/1", "kind": "plan", "plan": {"size": "test"}}',
     "not a valid plan"),
    ('{"schema": "spbench-guest-job/1", "kind": "plan", "plan": {}}',
     "a plan job lacks its plan"),
    ('{"schema": "spbench-guest-job/1", "kind": "exec", "argv": ["x"]}',
     "a exec job, not a plan"),
    ('{"schema": "spbench-guest-job/1", "kind": "plan", "argv": [], "context": {"virt": null,'
     ' "tlb_reach_kb": null, "scratch": null, "build": true}, "plan": {"workloads": ["nope"],'
     ' "policies": ["base"], "states": ["asis"], "size": "test", "runs": 1, "warmup": 0,'
     ' "seed": 1, "sample_ms": 100}}', "unknown workload 'nope'"),
])
def test_bad_plan_file(tmp_path, text, message):
    path = tmp_path / "plan.json"
    path.write_text(text)
    with pytest.raises(UserError, match=message):
        guest_run.read_plan(str(path))
