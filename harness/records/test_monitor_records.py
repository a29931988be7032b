"""The monitor and profile records: read back as written, named by the run they belong to,
refused with the reason when a field is wrong; the folder keeps them in their own files."""
import pytest

from harness.records import MonitorRecord, ProfileRecord, RecordError, ResultFolder

MON = {"schema": "spbench-monitor/1", "workload": "tree", "size": "test", "policy": "thp",
       "state": "fragmented", "kernel": "host", "rep": 1, "warmup": False,
       "started": "2026-12-07T20:00:00Z",
       "coverage_series": {"fields": ["t_s", "rss_kb", "anon_kb", "anon_huge_kb"],
                           "samples": [[0.1, 10, 8, 0]]},
       "monitors": {"interval_ms": 1000}}
PROF = {"schema": "spbench-profile/1", "workload": "tree", "size": "test", "policy": "base",
        "state": "clean", "kernel": "host", "seed": 42, "started": "s",
        "events": ["cpu-clock"], "tlb_events": [], "tlb_reason": "no hardware PMU",
        "perf_data": "profiles/tree-clean-base.data", "samples": {"cpu-clock": 10},
        "top": {"cpu-clock": [{"symbol": "insert", "pct": 50.0, "where": "[.]"}]},
        "check": {"passed": True}, "error": None}


@pytest.mark.parametrize("cls,d", [(MonitorRecord, MON), (ProfileRecord, PROF)])
def test_round_trip(cls, d):
    assert cls.from_json(d).to_json() == d


def test_keys_name_the_run():
    assert MonitorRecord.from_json(MON).key == ("tree", "test", "fragmented", "thp", "host", 1)
    assert ProfileRecord.from_json(PROF).key == ("tree", "test", "clean", "base", "host")


@pytest.mark.parametrize("cls,d,why", [
    (MonitorRecord, {**MON, "schema": "spbench-run/1"}, "not an spbench-monitor/1"),
    (MonitorRecord, {**MON, "monitors": [1]}, "monitors is not dict"),
    (ProfileRecord, {k: v for k, v in PROF.items() if k != "policy"}, "lacks policy"),
    (ProfileRecord, {**PROF, "tlb_reason": 3}, "tlb_reason is not str"),
])
def test_refused_with_the_reason(cls, d, why):
    with pytest.raises(RecordError, match=why):
        cls.from_json(d)


def test_the_folder_keeps_them_apart_from_the_runs(tmp_path):
    f = ResultFolder(tmp_path)
    f.append_monitor(MonitorRecord.from_json(MON))
    f.append_profile(ProfileRecord.from_json(PROF))
    assert [r.to_json() for r in f.monitors()] == [MON]
    assert [r.to_json() for r in f.profiles()] == [PROF]
    assert not f.has_runs()
    assert f.profile_data("tree", "clean", "base").startswith(str(tmp_path))
