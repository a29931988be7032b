"""Tests of one workload's run under sptlb from the driver: a run that
hangs is stopped at the timeout with one line and a record saying why, a
workload's helpers run outside the tool, the plan's models and policies are
what is simulated (the Alpha model alone by default), and a model or policy
there is not is refused before anything runs."""
import json
import types

import pytest

from harness.driver import manifest
from harness.driver.engine import measure
from harness.driver.errors import UserError
from harness.driver.test_manifest import GOOD, write

PLAN = types.SimpleNamespace(size="test", kernel="host", seed=42,
                             tlbsim_models=("alpha21264",), tlbsim_policies=())


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


def test_the_plans_models_and_policies_are_simulated(tmp_path):
    w = workload(tmp_path, 'command = ["/bin/true"]')
    values = {"out": "", "input": "", "seed": "42"}
    measure.simulate(PLAN, w, values, tmp_path)
    [alpha] = records(tmp_path)
    assert list(alpha["tlbsim"]["models"]) == ["alpha21264"]
    assert set(alpha["tlbsim"]["models"]["alpha21264"]["policies"]) == \
        {"base", "64K", "512K", "4M", "all"}
    (tmp_path / "b").mkdir()
    plan = types.SimpleNamespace(size="test", kernel="host", seed=42,
                                 tlbsim_models=("alpha21264", "x86-modern"),
                                 tlbsim_policies=("base", "x86-modern:2M"))
    measure.simulate(plan, w, values, tmp_path / "b")
    [both] = records(tmp_path / "b")
    models = both["tlbsim"]["models"]
    assert {m: set(models[m]["policies"]) for m in models} == \
        {"alpha21264": {"base"}, "x86-modern": {"base", "2M"}}
    assert models["alpha21264"]["policies"]["base"] == \
        alpha["tlbsim"]["models"]["alpha21264"]["policies"]["base"]


def test_tlbsim_choice():
    assert measure.tlbsim_choice(None, None) == (("alpha21264",), ())
    assert measure.tlbsim_choice("alpha21264,x86-modern", "base,x86-modern:thp-always") \
        == (("alpha21264", "x86-modern"), ("base", "x86-modern:thp-always"))
    assert measure.tlbsim_choice("host", "2M") == (("host",), ("2M",))


@pytest.mark.parametrize("models, policies, why", [
    ("alpha", None, "--tlbsim-models: no model 'alpha' (known: alpha21264, host, "
     "x86-modern)"),
    (None, "2M", "--tlbsim-policies: no model of alpha21264 has the policy 2M"),
    ("alpha21264,x86-modern", "alpha21264:thp-always",
     "--tlbsim-policies: no model of alpha21264, x86-modern has the policy "
     "alpha21264:thp-always"),
])
def test_tlbsim_choice_refuses(models, policies, why):
    with pytest.raises(UserError) as refused:
        measure.tlbsim_choice(models, policies)
    assert str(refused.value) == why


def test_the_plan_keeps_what_tlbsim_simulates():
    from harness.driver.engine.plan import Plan
    from harness.driver.system import policies
    p = Plan([manifest.find("matrix")], [policies.resolve("base")], ["asis"], "test", 1, 0,
             42, 100, tlbsim=True, tlbsim_models=("alpha21264", "x86-modern"),
             tlbsim_policies=("base",))
    got = Plan.from_dict(p.as_dict())
    assert (got.tlbsim_models, got.tlbsim_policies) == (("alpha21264", "x86-modern"), ("base",))
    old = {k: v for k, v in p.as_dict().items() if not k.startswith("tlbsim_")}
    assert Plan.from_dict(old).tlbsim_models == ("alpha21264",)
