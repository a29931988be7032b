"""Tests of the typed records: each kind read from JSON is written back as the same JSON,
a record of another kind or lacking a field is refused with the reason, and what a run
record passes on (its key, whether it passed) is what its fields say."""
import pytest

from harness.records import (AdversaryInfo, GuestJob, Meta, PressureRecord, RecordError,
                             ReproductionDoc, RunRecord, SimRecord)

RUN = {"schema": "spbench-run/1", "workload": "tree", "size": "test", "policy": "thp",
       "state": "clean", "kernel": "host", "rep": 2, "warmup": False, "seed": 42,
       "started": "2026-12-07T20:00:00Z", "check": {"passed": True, "message": ""},
       "settings": {"thp_enabled": "always"},
       "spstat": {"exit": {"code": 0, "signal": None}, "time": {"wall_s": 1.5}},
       "spec2000": {"benchmark": "181.mcf"}}
META = {"schema": "spbench-meta/1", "created": "c", "finished": None, "argv": ["spbench"],
        "plan": {"size": "test"}, "experiment": {"name": "sustained"}, "host": {"cpu": {}},
        "kernel": {"release": "6.12"}, "settings": {}, "tools": {}, "revision": "abc",
        "ref_mb": {}}


@pytest.mark.parametrize("cls,d", [
    (RunRecord, RUN),
    (Meta, META),
    (Meta, {**META, "noise": {"tune": None},
            "ref_sizing": {"reach": {"source": "probe", "measured_kb": 6144, "cpuid_kb": 512},
                           "memory_cap_mb": 6144, "capped": {}}}),
    (SimRecord, {"schema": "spbench-tlbsim/1", "simulated": True, "workload": "tree",
                 "size": "test", "kernel": "host", "seed": 42, "started": "s",
                 "tlbsim": {"models": {}}}),
    (SimRecord, {"schema": "spbench-tlbsim/1", "simulated": True, "workload": "tree",
                 "size": "test", "kernel": "host", "seed": 42, "started": "s",
                 "error": "refused"}),
    (PressureRecord, {"schema": "spbench-pressure/1", "workload": "tree", "size": "ref",
                      "model": "host", "seed": 42, "args": ["-n", "1"], "tlbs": ["pages 4K"],
                      "ref_mb": 5, "data_accesses": 10, "data_misses": 2, "exit_status": 0}),
    (AdversaryInfo, {"schema": "spbench-adversary/1", "accel": {"stock": "tcg"}, "reps": 5,
                     "guest_mem": "4G", "program": "p", "kernels": {}, "seconds": 29.7}),
    (GuestJob, {"schema": "spbench-guest-job/1", "kind": "plan", "plan": {"size": "test"},
                "context": {"virt": "tcg"}, "argv": ["spbench"], "commands": [], "env": {}}),
    (GuestJob, {"schema": "spbench-guest-job/1", "kind": "commands", "plan": {},
                "context": {}, "argv": [], "commands": [{"argv": ["a"], "out": "/o"}],
                "env": {}}),
    (ReproductionDoc, {"schema": "spbench-reproduce/1", "settings": {"size": "ref"}}),
])
def test_json_round_trip(cls, d):
    assert cls.from_json(d).to_json() == d
    assert list(cls.from_json(d).to_json()) == list(d)     # the same key order too


@pytest.mark.parametrize("change,reason", [
    (lambda d: d.pop("policy"), "record lacks policy"),
    (lambda d: d.update(schema="spbench-meta/1"), "not an spbench-run/1 record"),
    (lambda d: d.update(rep="2"), "rep is not int"),
    (lambda d: d.update(rep=True), "rep is not int"),
    (lambda d: d["spstat"].pop("time"), "spstat.time.wall_s is not a number"),
    (lambda d: d["spstat"]["time"].update(wall_s="1.5"), "spstat.time.wall_s is not a number"),
])
def test_a_run_record_that_is_not_one_is_refused(change, reason):
    import copy
    d = copy.deepcopy(RUN)
    change(d)
    with pytest.raises(RecordError, match=reason):
        RunRecord.from_json(d)


def test_what_a_run_record_says():
    r = RunRecord.from_json(RUN)
    assert r.key == ("tree", "test", "clean", "thp", "host", 2)
    assert r.group_key == r.key[:5]
    assert r.passed and r.wall_s == 1.5 and r.extra == {"spec2000": {"benchmark": "181.mcf"}}
    r.spstat["exit"]["signal"] = 9
    assert not r.passed
    failed = RunRecord.from_json(dict(RUN, check={"passed": False}, spstat={}))
    assert not failed.passed and failed.wall_s is None      # a failed run needs no time
    assert RunRecord.from_json({k: v for k, v in RUN.items() if k != "kernel"}).kernel == "host"


def test_pressure_per_thousand():
    p = PressureRecord("tree", "ref", "host", data_accesses=4000, data_misses=6)
    assert p.misses_per_1k() == 1.5 and p.measured
    assert PressureRecord("tree", "ref", "host", error="refused").misses_per_1k() is None
    assert PressureRecord("tree", "ref", "host", data_accesses=0,
                          data_misses=0).misses_per_1k() is None
