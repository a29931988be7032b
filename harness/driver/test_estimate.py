"""Tests of the time estimates: a workload's own earlier runs on this host (median, most
specific key first), the defaults when there are none, and time left scaled by how the steps
so far compared with their estimate."""
import json

from harness.driver import estimate, manifest
from harness.driver.plan import Plan
from harness.driver.policies import Policy


def _rec(workload, size, policy, wall, passed=True, kernel="host"):
    return {"workload": workload, "size": size, "policy": policy, "kernel": kernel,
            "check": {"passed": passed}, "spstat": {"time": {"wall_s": wall}}}


def _folder(path, recs):
    path.mkdir(parents=True)
    (path / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))


def test_medians_of_earlier_runs(tmp_path):
    _folder(tmp_path / "results" / "a", [_rec("sp", "ref", "base", w) for w in (50, 60, 55)]
            + [_rec("sp", "ref", "thp", 40), _rec("sp", "ref", "thp", 99, passed=False)])
    _folder(tmp_path / "new" / "table1", [_rec("sp", "ref", "thp", 44)])
    est = estimate.Estimator(str(tmp_path / "results"), str(tmp_path / "new"))
    assert est.run_seconds("sp", "ref", "base") == 55
    assert est.run_seconds("sp", "ref", "thp") == 42          # median of 40 and 44
    # no run under this policy: any policy of the workload at that size
    assert est.run_seconds("sp", "ref", "mthp-all") == 50
    assert est.run_seconds("web", "paper", "thp") == estimate.DEFAULT_RUN_S["paper"]
    assert est.run_seconds("sp", "ref", "thp", kernel="patched") == (
        42 * estimate.GUEST_FACTOR)


def _plan(names):
    ws = [manifest.find(n) for n in names]
    return Plan(ws, [Policy("base", [], [], False, ""), Policy("thp", [], [], False, "")], ["asis"],
                "test", 1, 0, 42, 100)


def test_time_left_follows_the_steps_ahead(tmp_path):
    _folder(tmp_path / "r", [_rec("tree", "test", "base", 1.0), _rec("tree", "test", "thp", 1.0),
                             _rec("matrix", "test", "base", 10.0),
                             _rec("matrix", "test", "thp", 10.0)])
    est = estimate.Estimator(str(tmp_path / "r"))
    plan = _plan(["tree", "matrix"])
    steps = list(plan.steps())
    oh = estimate.STEP_OVERHEAD_S
    # nothing done: the four steps as expected
    assert est.left(plan, [], 0.0, steps) == 2 * (1 + oh) + 2 * (10 + oh)
    # tree's two steps took twice their estimate: matrix's are scaled by 2
    done_s = 2 * 2 * (1 + oh)
    assert est.left(plan, steps[:2], done_s, steps[2:]) == 2 * 2 * (10 + oh)
    est.after_s = 100
    assert est.left(plan, steps[:2], done_s, steps[2:]) == 2 * 2 * (10 + oh) + 100


def test_clock():
    assert estimate.clock(59.6) == "1m00s"
    assert estimate.clock(3 * 3600 + 125) == "3h02m"
