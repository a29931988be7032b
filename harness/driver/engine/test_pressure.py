"""Tests of spbench pressure: the base-only model copies, the table, going on from
the folder's pressure records, and (with the tool built) that a base-only model counts exactly what
the full model counts for base pages."""
import json
import os
import subprocess
import sys

import pytest

from harness.driver import manifest, paths
from harness.driver.engine import pressure
from harness.driver.errors import UserError
from harness.driver.system import tlbprobe
from harness.records import PressureRecord, ResultFolder

SCHEMA = {"schema": "spbench-pressure/1", "model": "m"}

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")


def test_base_only_changes_the_policies_line_alone(tmp_path):
    src = tmp_path / "m.model"
    src.write_text("# a comment\nname m1\npages 4K 2M\npolicies base 2M thp-always\n"
                   "tlb d data 64 4 lru 4K\n")
    dest, name = pressure.base_only(str(src), str(tmp_path / "out.model"))
    assert name == "m1"
    assert open(dest).read() == ("# a comment\nname m1\npages 4K 2M\npolicies base\n"
                                 "tlb d data 64 4 lru 4K\n")
    (tmp_path / "bad.model").write_text("name x\npages 4K\n")
    with pytest.raises(UserError, match="no 'name' or 'policies' line"):
        pressure.base_only(str(tmp_path / "bad.model"), str(tmp_path / "o2.model"))


def test_the_table_gives_misses_per_thousand_and_their_ratio():
    recs = {("tree", "paper"): PressureRecord("tree", "paper", "m", data_accesses=10000,
                                              data_misses=1000),
            ("tree", "ref"): PressureRecord("tree", "ref", "m", data_accesses=20000,
                                            data_misses=100, ref_mb=5),
            ("sp", "paper"): PressureRecord("sp", "paper", "m", error="refused")}
    table = pressure.render(["tree", "sp"], recs).splitlines()
    assert table[1].split() == ["tree", "100.00", "5.00", "5", "0.05"]
    assert table[2].split() == ["sp", "n/a", "n/a", "?", "n/a"]


def test_a_second_call_simulates_only_what_is_missing(tmp_path, monkeypatch):
    calls = []

    out = _fake_runs(monkeypatch, tmp_path, calls)
    pressure.run(["tree"], out, 42)
    assert calls == [("tree", "paper"), ("tree", "ref")]
    tree = manifest.find("tree")
    paper = {**SCHEMA, "workload": "tree", "size": "paper", "seed": 42,
             "args": tree.sizes["paper"]["args"], "data_accesses": 10, "data_misses": 1}
    with open(ResultFolder(out).pressure_path, "w") as f:
        f.write(json.dumps(paper) + "\n")
    calls.clear()
    recs = pressure.run(["tree"], out, 42)
    assert calls == [("tree", "ref")]
    assert set(recs) == {("tree", "paper"), ("tree", "ref")}


def _fake_runs(monkeypatch, tmp_path, calls):
    def fake(w, size, model, seed, ref_mb, timeout, scratch):
        calls.append((w.name, size))
        return PressureRecord(w.name, size, "m", seed, w.sizes[size]["args"], ref_mb=ref_mb,
                              data_accesses=10, data_misses=1)
    monkeypatch.setattr(pressure, "measure", fake)
    monkeypatch.setattr(pressure, "model_files",
                        lambda tmp: {"alpha21264": ("a", "alpha21264"), "host": ("h", "host")})
    monkeypatch.setattr("harness.tlbsim.sptlb.tool_ready", lambda: None)
    return str(tmp_path / "p")


def test_a_record_of_other_args_or_seed_is_measured_again(tmp_path, monkeypatch):
    calls = []
    out = _fake_runs(monkeypatch, tmp_path, calls)
    tree = manifest.find("tree")
    recs = [{**SCHEMA, "workload": "tree", "size": "paper", "seed": 42, "args": ["-n", "7"],
             "data_accesses": 10, "data_misses": 1},
            {**SCHEMA, "workload": "tree", "size": "ref", "seed": 7,
             "args": tree.sizes["ref"]["args"], "ref_mb": 5, "data_accesses": 10,
             "data_misses": 1}]
    os.makedirs(out)
    with open(ResultFolder(out).pressure_path, "w") as f:
        f.write("".join(json.dumps(r) + "\n" for r in recs))
    pressure.run(["tree"], out, 42)
    assert calls == [("tree", "paper"), ("tree", "ref")]


def test_an_unknown_workload_is_one_line():
    p = subprocess.run([sys.executable, SPBENCH, "pressure", "no-such-thing"],
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.strip().count("\n") == 0 and "no-such-thing" in p.stderr


def test_base_only_counts_what_the_full_model_counts_for_base(tmp_path):
    """The same command under the base-only copy and under the full alpha21264 model: the
    same data accesses and base-page misses (the other policies share nothing with base)."""
    from harness.tlbsim import sptlb
    from harness.driver.engine.inputs import prepare_inputs, workload_values
    why = sptlb.tool_ready()
    assert why is None, why
    w = manifest.find("tree")
    model, name = pressure.base_only(sptlb.model_path("alpha21264"),
                                     str(tmp_path / "a.model"))
    out = str(tmp_path / "out")
    os.makedirs(out)
    values = workload_values(w, "paper", out, 42, None)
    prepare_inputs(w, "paper", values)
    cmd = w.expand(w.run, "paper", **values)
    counts = []
    for m in (model, "alpha21264"):
        with open(os.devnull, "w") as null:
            status, data = sptlb.run(cmd, [m], stdout=null, stderr=null, timeout=600)
        assert status == 0
        counts.append((data["accesses"]["data"],
                       data["models"]["alpha21264"]["policies"]["base"]["data_misses"],
                       sorted(data["models"]["alpha21264"]["policies"])))
    (acc_a, miss_a, pols_a), (acc_b, miss_b, pols_b) = counts
    assert pols_a == ["base"] and len(pols_b) > 1
    assert acc_a == acc_b > 0 and miss_a == miss_b > 0


def test_measure_records_one_side(tmp_path):
    from harness.tlbsim import sptlb
    w = manifest.find("tree")
    model = pressure.base_only(sptlb.model_path("alpha21264"), str(tmp_path / "a.model"))
    scratch = str(tmp_path / "scratch")
    os.makedirs(scratch)
    rec = pressure.measure(w, "paper", model, 42, None, 600, scratch)
    assert rec.error is None and rec.exit_status == 0 and rec.model == "alpha21264"
    assert 0 < rec.data_misses < rec.data_accesses
    assert os.listdir(scratch) == []


def _geometry_models(tmp_path, monkeypatch, host_tlb):
    """model_files() giving an Alpha-like and a host model of the given host TLB line."""
    models = {}
    for name, tlb in (("alpha21264", "tlb dtb data 128 128 nlu 8K"), ("host", host_tlb)):
        path = tmp_path / f"{name}.model"
        path.write_text(f"name {name}\npages 8K\n{tlb}\npolicies base\n")
        models[name] = (str(path), name)
    monkeypatch.setattr(pressure, "model_files", lambda tmp: models)
    monkeypatch.setattr(pressure.hostinfo, "host", lambda: {"tlb_reach_4k_kb": 512})
    # ref sized from CPUID's 512 kB: no probe result
    monkeypatch.setattr(tlbprobe, "measured", lambda: (None, "not probed here"))


def _measured(tmp_path, monkeypatch, recs):
    d = tmp_path / "measured"
    d.mkdir()
    (d / "vm.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    monkeypatch.setattr(pressure, "MEASURED", str(d))


def _rec(size, tlb, **kw):
    tree = manifest.find("tree")
    r = {**SCHEMA, "workload": "tree", "size": size, "seed": 42,
         "args": tree.sizes[size]["args"],
         "tlbs": ["pages 8K", tlb], "data_accesses": 1000, "data_misses": 7}
    if size == "ref":
        r["ref_mb"] = tree.ref_mb(512)
    r.update(kw)
    return r


def test_counts_of_the_same_geometry_are_taken_once(tmp_path, monkeypatch):
    _geometry_models(tmp_path, monkeypatch, "tlb l2 data 128 8 lru 8K")
    _measured(tmp_path, monkeypatch, [_rec("paper", "tlb dtb data 128 128 nlu 8K"),
                                      _rec("ref", "tlb l2 data 128 8 lru 8K")])
    out = str(tmp_path / "r")
    assert pressure.from_measured(out, ["tree", "sp"], 42) == ["tree"]
    assert pressure.from_measured(out, ["tree", "sp"], 42) == ["tree"]
    assert pressure.from_measured(out, ["tree"], 7) == []     # counted with seed 42
    lines = open(ResultFolder(out).pressure_path).read().splitlines()
    assert len(lines) == 2
    assert all(json.loads(ln)["source"] == os.path.relpath(
        str(tmp_path / "measured" / "vm.jsonl"), paths.REPO) for ln in lines)


def test_counts_of_another_geometry_args_or_seed_are_not_taken(tmp_path, monkeypatch):
    _geometry_models(tmp_path, monkeypatch, "tlb l2 data 2048 8 lru 8K")
    _measured(tmp_path, monkeypatch, [
        _rec("paper", "tlb dtb data 128 128 nlu 8K", args=["--nodes", "1"]),
        _rec("paper", "tlb dtb data 128 128 nlu 8K", seed=7),
        _rec("ref", "tlb l2 data 128 8 lru 8K")])       # this host has 2048 entries
    out = str(tmp_path / "r")
    assert pressure.from_measured(out, ["tree"], 42) == []
    assert not os.path.exists(ResultFolder(out).pressure_path)
