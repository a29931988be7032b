"""The monitors as spstat records them and the driver files them: the series leave the run
record for a monitor record, and on this host the values agree with what is known apart
from them (memory the child touched, free pages counted two ways by the kernel)."""
import json
import os
import subprocess

import pytest

from harness.driver import paths
from harness.driver.engine import monitor

TOUCH_64MB = ("import time; a = bytearray(64 << 20)\n"
              "for i in range(0, len(a), 4096): a[i] = 1\n"
              "time.sleep(1.0)")


def test_split_takes_the_series_out_of_the_record():
    stat = {"coverage": {"peak": {"rss_kb": 1}, "series": {"samples": [[0.1, 1, 1, 0]]}},
            "monitors": {"interval_ms": 1000}, "time": {"wall_s": 1.0}}
    series, mons = monitor.split(stat)
    assert series == {"samples": [[0.1, 1, 1, 0]]} and mons == {"interval_ms": 1000}
    assert stat == {"coverage": {"peak": {"rss_kb": 1}}, "time": {"wall_s": 1.0}}
    assert monitor.spstat_flags(0) == [] and monitor.spstat_flags(250) == ["--monitor-ms",
                                                                           "250"]


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    if not os.access(paths.SPSTAT, os.X_OK):
        pytest.skip("spstat is not built (make)")
    out = tmp_path_factory.mktemp("mon") / "r.json"
    subprocess.run([paths.SPSTAT, "-o", str(out), "--monitor-ms", "100", "--",
                    "/usr/bin/python3", "-c", TOUCH_64MB], check=True)
    return json.loads(out.read_text())


def test_coverage_series_holds_the_memory_the_child_touched(record):
    series = record["coverage"]["series"]
    rss = [row[1] for row in series["samples"]]
    # at least one sample after the touch: coverage samples keep a 1% budget, so a read
    # of 64 MB that took 1 ms puts the next 100 ms on, more on a busy host
    assert len(rss) >= 2 and series["fields"][1] == "rss_kb"
    assert max(rss) >= 64 * 1024                  # the 64 MB the child wrote to
    assert max(rss) == record["coverage"]["peak"]["rss_kb"]
    assert all(a[0] < b[0] for a, b in zip(series["samples"], series["samples"][1:]))


def test_buddyinfo_and_vmstat_count_the_same_free_memory(record):
    m = record["monitors"]
    vm, bi = m["vmstat"], m["buddyinfo"]
    assert vm["available"] and bi["available"] and m["interval_ms"] == 100
    assert len(vm["samples"]) >= 6                # 1 s and more at 100 ms, and the exit
    assert "nr_free_pages" in vm["fields"]       # 64 MB came and went: it changed
    col, n, zones = vm["fields"].index("nr_free_pages"), bi["orders"], len(bi["zones"])
    for v, b in zip(vm["samples"], bi["samples"]):
        buddy = sum(b[1 + z * n + k] << k for z in range(zones) for k in range(n))
        # two reads a few microseconds apart; the per-CPU lists are counted in neither
        assert abs(buddy - v[col]) <= 0.02 * v[col] + 4096
    if os.geteuid() == 0:
        assert m["pagetypeinfo"]["available"]
    else:
        assert "root" in m["pagetypeinfo"]["reason"]


class _Named:
    def __init__(self, name):
        self.name = name


def test_plan_checks_and_carries_the_monitor_period():
    from harness.driver.engine.plan import Plan
    from harness.driver.errors import UserError
    p = Plan([_Named("a")], [_Named("base")], ["clean"], "test", 1, 0, 42, 100)
    assert p.monitor_ms == monitor.DEFAULT_MS and p.as_dict()["monitor_ms"] == 1000
    assert "profile" not in p.as_dict()
    with pytest.raises(UserError, match="--monitor-ms"):
        Plan([_Named("a")], [_Named("base")], ["clean"], "test", 1, 0, 42, 100, monitor_ms=-1)


def test_profile_steps_one_per_workload_state_and_policy(tmp_path):
    from harness.driver.engine import profile
    from harness.driver.engine.plan import Plan
    p = Plan([_Named("a"), _Named("b")], [_Named("base"), _Named("thp")], ["clean"], "test",
             2, 1, 42, 100, profile=True)
    got = [(s.workload.name, s.state, s.policy.name, s.rep, s.warmup)
           for s in profile.todo(p, p.steps(), str(tmp_path))]
    assert got == [("a", "clean", "base", 0, False), ("a", "clean", "thp", 0, False),
                   ("b", "clean", "base", 0, False), ("b", "clean", "thp", 0, False)]
