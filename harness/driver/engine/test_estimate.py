"""Tests of the time estimates: a workload's own earlier runs on this host (median, most
specific key first), else its manifest's seconds, the defaults when neither says, and time
left scaled by how the steps so far compared with their estimate."""
import json
import time

from harness.driver.engine import estimate
from harness.driver import manifest
from harness.driver.errors import UserError
from harness.driver.engine.plan import Plan
from harness.driver.engine.progress import Progress
from harness.driver.system.policies import Policy


def _rec(workload, size, policy, wall, passed=True, kernel="host"):
    return {"schema": "spbench-run/1", "workload": workload, "size": size, "policy": policy,
            "state": "clean", "kernel": kernel, "rep": 0, "warmup": False,
            "check": {"passed": passed}, "spstat": {"time": {"wall_s": wall}}}


def _folder(path, recs, ref_mb=None):
    path.mkdir(parents=True)
    (path / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    if ref_mb is not None:
        (path / "meta.json").write_text(json.dumps(
            {"schema": "spbench-meta/1", "created": "2026-12-07T00:00:00Z", "ref_mb": ref_mb}))


def test_medians_of_earlier_runs(tmp_path):
    _folder(tmp_path / "results" / "a", [_rec("sp", "ref", "base", w) for w in (50, 60, 55)]
            + [_rec("sp", "ref", "thp", 40), _rec("sp", "ref", "thp", 99, passed=False)],
            ref_mb={"sp": 111})
    _folder(tmp_path / "new" / "table1", [_rec("sp", "ref", "thp", 44)], ref_mb={"sp": 111})
    est = estimate.Estimator(str(tmp_path / "results"), str(tmp_path / "new"))
    est.ref_mb["sp"] = 111          # the footprint a ref run of sp gets here now
    assert est.run_seconds("sp", "ref", "base") == 55
    assert est.run_seconds("sp", "ref", "thp") == 42          # median of 40 and 44
    # no run under this policy: any policy of the workload at that size
    assert est.run_seconds("sp", "ref", "mthp-all") == 50
    assert est.run_seconds("no-such-workload", "paper", "thp") == estimate.DEFAULT_RUN_S["paper"]
    assert est.run_seconds("sp", "ref", "thp", kernel="patched") == (
        42 * estimate.GUEST_FACTOR)


def test_ref_runs_at_another_footprint_are_not_history(tmp_path):
    """ref's footprint follows the host's TLB reach: runs at 40 MB say nothing of one at
    120 MB, which the manifest's ref seconds then give in proportion to the footprint they
    were timed at (ref_ratio x 512 kB)."""
    w = _workload("sp", {})
    w.sizes["ref"] = {"args": [], "ref_ratio": 20.0, "seconds": 2.0}
    _folder(tmp_path / "results" / "a", [_rec("sp", "ref", "base", 5)], ref_mb={"sp": 40})
    est = estimate.Estimator(str(tmp_path / "results"), find_manifest=lambda n: w)
    est.ref_basis = (6 * 1024, None)          # a 6 MB reach: 20 x 6 = 120 MB
    assert est.planned_ref_mb("sp") == 120
    # 2 s at 20 x 0.5 = 10 MB, so 24 s at 120 MB
    assert est.run_seconds("sp", "ref", "base") == 24.0
    est2 = estimate.Estimator(str(tmp_path / "results"), find_manifest=lambda n: w)
    est2.ref_basis = (2 * 1024, None)         # 40 MB: the earlier run is history
    assert est2.run_seconds("sp", "ref", "base") == 5


def _workload(name, seconds):
    """A manifest whose sizes carry the given seconds (size -> seconds)."""
    sizes = {size: {"args": [], "footprint_mb": 1} for size in ("test", "paper")}
    for size, secs in seconds.items():
        sizes[size]["seconds"] = secs
    return manifest.Workload("/nowhere", {
        "name": name, "group": "other", "paper_row": name, "description": name,
        "binaries": [], "sizes": sizes, "run": {"command": ["true"]},
        "check": {"command": ["true"]}})


class _Lookup:
    """manifest.find over a few workloads, counting its calls."""
    def __init__(self, *workloads):
        self.workloads = {w.name: w for w in workloads}
        self.calls = []

    def __call__(self, name):
        self.calls.append(name)
        if name not in self.workloads:
            raise UserError(f"unknown workload '{name}'")
        return self.workloads[name]


def test_history_then_manifest_then_default(tmp_path):
    _folder(tmp_path / "r", [_rec("ran", "test", "thp", 5.0)])
    find = _Lookup(_workload("ran", {"test": 0.5}), _workload("new", {"test": 0.46}))
    est = estimate.Estimator(str(tmp_path / "r"), find_manifest=find)
    assert est.run_seconds("ran", "test", "thp") == 5.0
    assert est.run_seconds("new", "test", "base") == 0.46    # no base run: factor 1
    assert est.run_seconds("new", "test", "thp", kernel="patched") == (
        0.46 * estimate.GUEST_FACTOR)
    # the manifest gives no seconds at this size, or cannot be read
    assert est.run_seconds("new", "paper", "base") == estimate.DEFAULT_RUN_S["paper"]
    assert est.run_seconds("gone", "test", "base") == estimate.DEFAULT_RUN_S["test"]
    assert est.run_seconds("gone", "test", "base") == estimate.DEFAULT_RUN_S["test"]
    assert sorted(find.calls) == ["gone", "new"]      # each looked up once


def test_manifest_seconds_scaled_by_how_this_host_compares(tmp_path):
    # base runs here took 0.6 and 0.5 of their manifests' seconds (another machine's)
    _folder(tmp_path / "r", [_rec("a", "test", "base", 0.6), _rec("b", "paper", "base", 5.0),
                             _rec("a", "test", "thp", 9.0), _rec("c", "test", "base", 1.0,
                                                                 kernel="patched")])
    find = _Lookup(_workload("a", {"test": 1.0}), _workload("b", {"paper": 10.0}),
                   _workload("c", {"test": 0.01}), _workload("new", {"test": 2.0}))
    est = estimate.Estimator(str(tmp_path / "r"), find_manifest=find)
    assert est.host_factor() == 0.55        # the thp run and the guest run do not count
    assert est.run_seconds("new", "test", "base") == 2.0 * 0.55
    assert est.run_seconds("a", "test", "base") == 0.6     # its own runs first


def test_host_factor_is_bounded(tmp_path):
    _folder(tmp_path / "r", [_rec("a", "test", "base", 100.0)])
    find = _Lookup(_workload("a", {"test": 1.0}), _workload("new", {"test": 2.0}))
    est = estimate.Estimator(str(tmp_path / "r"), find_manifest=find)
    assert est.run_seconds("new", "test", "base") == 2.0 * 4


def test_a_broken_lookup_gives_the_default(tmp_path):
    def find(name):
        raise OSError("workloads folder unreadable")
    est = estimate.Estimator(str(tmp_path), find_manifest=find)
    assert est.run_seconds("matrix", "paper", "base") == estimate.DEFAULT_RUN_S["paper"]


def test_shipped_manifests_feed_the_estimate(tmp_path):
    est = estimate.Estimator(str(tmp_path))
    assert est.run_seconds("matrix", "test", "base") == manifest.find("matrix").seconds("test")


def test_a_step_uses_its_plans_manifest(tmp_path):
    # as with a SPEC tree's benchmark, which replaces its stand-in under the same name
    find = _Lookup(_workload("w", {"test": 0.46}))
    est = estimate.Estimator(str(tmp_path), find_manifest=find)
    plan = Plan([_workload("w", {"test": 7.0})], [Policy("base", [], [], False, "")], ["asis"],
                "test", 1, 0, 42, 100)
    step = next(plan.steps())
    assert est.step_seconds(plan, step) == 7.0 + estimate.STEP_OVERHEAD_S


def test_simulation_time_counts_the_workloads_not_yet_simulated(tmp_path):
    est = estimate.Estimator(str(tmp_path / "none"))
    plan = _plan(["matrix", "tree"])
    folder = tmp_path / "t1"
    folder.mkdir()
    each = {n: manifest.find(n).seconds("test") * estimate.SIM_FACTOR for n in ("matrix", "tree")}
    assert est.sim_seconds(plan, str(folder)) == sum(each.values())
    (folder / "tlbsim.jsonl").write_text(json.dumps(
        {"schema": "spbench-tlbsim/1", "workload": "matrix", "size": "test", "tlbsim": {}})
        + "\n")
    assert est.sim_seconds(plan, str(folder)) == each["tree"]


def _plan(names):
    ws = [manifest.find(n) for n in names]
    return Plan(ws, [Policy("base", [], [], False, ""), Policy("thp", [], [], False, "")], ["asis"],
                "test", 1, 0, 42, 100)


def _tree_1s_matrix_10s(tmp_path):
    """An estimator whose history has tree's runs at 1 s and matrix's at 10 s."""
    _folder(tmp_path / "r", [_rec("tree", "test", "base", 1.0), _rec("tree", "test", "thp", 1.0),
                             _rec("matrix", "test", "base", 10.0),
                             _rec("matrix", "test", "thp", 10.0)])
    return estimate.Estimator(str(tmp_path / "r"))


def test_time_left_follows_the_steps_ahead(tmp_path):
    est = _tree_1s_matrix_10s(tmp_path)
    plan = _plan(["tree", "matrix"])
    steps = list(plan.steps())
    oh = estimate.STEP_OVERHEAD_S
    # nothing done: the four steps as expected
    assert Progress(est).left(plan, [], 0.0, steps) == 2 * (1 + oh) + 2 * (10 + oh)
    # tree's two steps took twice their estimate: matrix's are scaled by 2
    done_s = 2 * 2 * (1 + oh)
    assert Progress(est).left(plan, steps[:2], done_s, steps[2:]) == 2 * 2 * (10 + oh)
    prog = Progress(est, {"table2": 100})
    assert prog.left(plan, steps[:2], done_s, steps[2:]) == 2 * (2 * (10 + oh) + 100)


def test_guest_stages_and_kernel_builds_ahead_are_not_scaled(tmp_path):
    """The host's pace scales the host stages ahead only: the guest stages and kernel
    builds after the current stage are added as expected."""
    est = _tree_1s_matrix_10s(tmp_path)
    plan = _plan(["tree", "matrix"])
    steps = list(plan.steps())
    oh = estimate.STEP_OVERHEAD_S
    prog = Progress(est, {"table2": 100, "kernel-build-patched": 1000},
                    fixed={"kernel-build-patched"})
    done_s = 2 * 2 * (1 + oh)                 # twice the estimate
    assert prog.left(plan, steps[:2], done_s, steps[2:]) == (
        2 * (2 * (10 + oh) + 100) + 1000)
    assert prog.sims_left(plan, []) == 2 * 100 + 1000
    assert prog.parts_left() == 2 * 100 + 1000
    prog.begin("table2")
    assert prog.parts_left() == 1000


def test_a_guest_step_costs_more_around_its_run(tmp_path):
    est = _tree_1s_matrix_10s(tmp_path)
    plan = _plan(["tree"])
    plan.kernel = "patched"
    step = next(plan.steps())
    assert est.step_seconds(plan, step) == (
        1.0 * estimate.GUEST_FACTOR + estimate.GUEST_STEP_OVERHEAD_S)


def test_time_left_learns_from_the_stages_before(tmp_path):
    est = estimate.Estimator(str(tmp_path / "none"))
    plan = _plan(["tree"])
    steps = list(plan.steps())
    ahead = est.steps_seconds(plan, steps)
    # an earlier stage took half its expectation: this host is faster
    prog = Progress(est, {"table2": 40})
    prog.note_stage("table1", 60.0, 120.0)
    assert prog.left(plan, [], 0.0, steps) == (ahead + 40) / 2
    # a stage without an expectation teaches nothing
    prog.note_stage("other", 500.0)
    assert prog.left(plan, [], 0.0, steps) == (ahead + 40) / 2


def test_clock():
    assert estimate.clock(59.6) == "1m00s"
    assert estimate.clock(3 * 3600 + 125) == "3h02m"


def test_time_left_counts_the_stages_runs_under_sptlb(tmp_path):
    est = _tree_1s_matrix_10s(tmp_path)
    plan = _plan(["tree", "matrix"])
    steps = list(plan.steps())
    oh = estimate.STEP_OVERHEAD_S
    sims = est.sim_seconds(plan, str(tmp_path / "none"))
    assert sims == 11 * estimate.SIM_FACTOR
    prog = Progress(est, {"table1": 0, "table2": 100}, sims={"table1": sims})
    prog.begin("table1")
    # the first two steps took twice their estimate
    assert prog.left(plan, steps[:2], 2 * 2 * (1 + oh), steps[2:]) == (
        2 * (2 * (10 + oh) + 11 * estimate.SIM_FACTOR + 100))
    # the timed steps done, matrix alone left under sptlb, at the same pace
    assert prog.sims_left(plan, plan.workloads[1:]) == 2 * (10 * estimate.SIM_FACTOR + 100)


def test_progress_counts_the_whole_stage_when_it_runs_a_workload_at_a_time(tmp_path):
    """The fragmented stage calls run() once per workload: the time left must still count
    the workloads after the current one."""
    import io
    from harness.driver.engine.experiment import Experiment
    est = _tree_1s_matrix_10s(tmp_path)
    plan = _plan(["tree", "matrix"])
    out = io.StringIO()
    exp = Experiment(plan, str(tmp_path / "out"), ["spbench"],
                     progress=Progress(est, stream=out))
    exp.prepare_inputs = lambda workloads: None
    exp.one = lambda step: time.sleep(0.001)
    for name in ("tree", "matrix"):
        exp.run([s for s in plan.steps() if s.workload.name == name])
    lines = out.getvalue().splitlines()
    oh = estimate.STEP_OVERHEAD_S
    assert [line.split()[0] for line in lines] == ["[1/4]", "[2/4]", "[3/4]", "[4/4]"]
    # the first line counts matrix's steps too: 2 x 1 s + 2 x 10 s, each with its overhead
    assert lines[0].endswith(f"about {estimate.clock(2 * (1 + oh) + 2 * (10 + oh))} left")
    # tree's steps took next to no time: what is left is scaled down to the 4x floor
    assert lines[2].endswith(f"about {estimate.clock(2 * (10 + oh) / 4)} left")


def test_a_fragmented_stage_at_ref_is_made_again_after_most_workloads(tmp_path):
    """At ref, THP runs leave free memory contiguous and the stage fragments it again
    between most workloads; at test size seldom."""
    est = _tree_1s_matrix_10s(tmp_path)
    for size, each in (("test", 0), ("ref", estimate.REFRAGMENT_EACH_S)):
        plan = _plan(["tree", "matrix"])
        plan.states = ["fragmented"]
        plan.size = size
        steps = list(plan.steps())
        runs = est.runs_seconds(plan, steps)
        assert runs == sum(est.step_seconds(plan, s) for s in steps)
        assert est.steps_seconds(plan, steps) == runs + estimate.FRAGMENT_S + each
        # the state held, tree's steps done: matrix's steps and one refragmenting ahead
        assert est.steps_seconds(plan, steps[2:], current="tree") == (
            est.runs_seconds(plan, steps[2:]) + each)
        # in the middle of matrix's steps: nothing to fragment ahead
        assert est.steps_seconds(plan, steps[3:], current="matrix") == (
            est.runs_seconds(plan, steps[3:]))


def test_fragmented_progress_times_the_runs_against_runs(tmp_path):
    """The steps done are timed without the fill (the progress line times the runs only):
    runs as expected leave the scale at 1, however long the fill took."""
    est = _tree_1s_matrix_10s(tmp_path)
    plan = _plan(["tree", "matrix"])
    plan.states = ["fragmented"]
    plan.size = "ref"
    steps = list(plan.steps())
    each = estimate.REFRAGMENT_EACH_S
    done_s = est.runs_seconds(plan, steps[:2])
    prog = Progress(est)
    assert prog.left(plan, steps[:2], done_s, steps[2:]) == (
        est.runs_seconds(plan, steps[2:]) + each)
    assert prog.scale == 1.0


def test_a_guests_progress_comes_in_whole_lines_and_the_host_adds_what_follows(
        tmp_path, monkeypatch):
    """In a guest, stderr is the console: a terminal, but one the host reads a line at a
    time, so a line redrawn in place would reach the host only at the end. The host relays
    each line with the parts it runs after the guest added to the time left."""
    import io
    from harness.driver import paths
    from harness.driver.engine.experiment import Context, Experiment

    class Console(io.StringIO):
        def isatty(self):
            return True

    est = _tree_1s_matrix_10s(tmp_path)
    monkeypatch.setattr(paths, "RESULTS", str(tmp_path / "r"))
    plan = _plan(["tree", "matrix"])
    oh = estimate.STEP_OVERHEAD_S

    def progress(context):
        out = Console()
        exp = Experiment(plan, str(tmp_path / "out"), ["spbench"], context,
                         progress=Progress(est, stream=out))
        exp.prepare_inputs = lambda workloads: None
        exp.one = lambda step: None
        exp.run(list(plan.steps()))
        return out.getvalue()

    guest = progress(Context(virt="tcg"))
    assert "\r" not in guest and guest.endswith("\n")
    lines = guest.splitlines()
    assert [line.split()[0] for line in lines] == ["[1/4]", "[2/4]", "[3/4]", "[4/4]"]
    own = 2 * (1 + oh) + 2 * (10 + oh)
    assert lines[0].endswith(f"about {estimate.clock(own)} left")
    relayed = Progress(est).relay(lines[0], 600)
    assert relayed.endswith(f"about {estimate.clock(own + 600)} left")
    assert relayed.split()[:3] == lines[0].split()[:3]
    assert Progress(est).relay("about 2h05m left", 3600) == "about 3h05m left"
    assert Progress(est).relay("no time here", 600) == "no time here"
    # the host's own terminal: one line, redrawn
    host = progress(Context())
    assert host.count("\r\033[K") == 4 and host.count("\n") == 1
