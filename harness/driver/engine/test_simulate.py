"""Tests of one workload's run under sptlb from the driver: a run that
hangs is stopped at the timeout with one line and a record saying why, and
a workload's helpers run outside the tool."""
import json
import types

from harness.driver import manifest
from harness.driver.engine import measure
from harness.driver.test_manifest import GOOD, write

PLAN = types.SimpleNamespace(size="test", kernel="host", seed=42)


def workload(tmp_path, run):
    text = GOOD.replace('command = ["{bin}/sp-demo", "{args}", "-o", "{out}/r"]\n'
                        "[check]", run + "\n[check]")
    return manifest.load(write(tmp_path, text))


def records(out):
    return [json.loads(line) for line in open(out / "tlbsim.jsonl")]


def test_hung_workload_stops_at_the_timeout(tmp_path, capsys):
    w = workload(tmp_path, 'command = ["/bin/sh", "-c", "sleep 40.5 & wait"]')
    measure.simulate(PLAN, w, {"out": "", "input": "", "seed": "42"}, tmp_path, timeout=2)
    [r] = records(tmp_path)
    assert r["error"] == "/bin/sh did not finish within 2 s under the tool; stopped, no counts"
    assert "tlbsim" not in r
    assert capsys.readouterr().err.strip() == "spbench: demo: tlbsim: " + r["error"]


def test_helpers_run_outside_the_tool(tmp_path):
    run = 'command = ["/bin/sh", "-c", "/bin/true; exit 0"]'
    (tmp_path / "a").mkdir()
    w = workload(tmp_path / "a", run)
    measure.simulate(PLAN, w, {"out": "", "input": "", "seed": "42"}, tmp_path / "a")
    [listed] = records(tmp_path / "a")
    assert [p["image"] for p in listed["tlbsim"]["other_processes"]] == ["/bin/true"]
    (tmp_path / "b").mkdir()
    w = workload(tmp_path / "b", run + '\nhelpers = ["*/true"]')
    measure.simulate(PLAN, w, {"out": "", "input": "", "seed": "42"}, tmp_path / "b")
    [native] = records(tmp_path / "b")
    assert native["tlbsim"]["other_processes"] == []
