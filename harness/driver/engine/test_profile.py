"""--profile: perf's report read back (a report perf wrote on this host, its sample total
against the count perf record printed), the events chosen from what spstat finds countable
(with a PMU and without one, where the fallback must be said), and, end to end, a profile of
tree whose top symbols include tree's own hot functions, named from its source."""
import json
import os
import re
import shutil
import subprocess

import pytest

from harness.driver import paths
from harness.driver.engine import profile
from harness.records import ResultFolder

HERE = os.path.dirname(os.path.abspath(__file__))
NO_PMU = ("no hardware PMU: /sys/bus/event_source/devices/cpu is missing (CPUID hypervisor "
          "bit set: the hypervisor gives this guest no PMU)")


def _listing(supported, walk_type=4):
    return {"events": [
        {"name": "cycles", "type": 0, "config": "0x0", "supported": supported,
         "reason": None if supported else NO_PMU},
        {"name": "dTLB-load-misses", "event": None, "type": 3, "config": "0x10003",
         "supported": supported, "reason": None if supported else NO_PMU},
        {"name": "page-walk-cycles", "event": "DTLB_LOAD_MISSES:WALK_ACTIVE",
         "type": walk_type, "config": "0x1001008", "supported": supported,
         "reason": None if supported else NO_PMU},
        {"name": "task-clock", "type": 1, "config": "0x1", "supported": True}]}


def test_report_of_tree_read_back():
    with open(os.path.join(HERE, "fixtures", "perf-report-tree.txt")) as f:
        samples, top = profile.parse_report(f.read())
    # perf record said: "Captured and wrote 0.049 MB t.data (1264 samples)"
    assert samples == {"cpu-clock": 1264}
    assert top["cpu-clock"][0] == {"symbol": "rb_next", "pct": 62.9, "samples": 795,
                                   "where": "[.]"}
    assert [r["symbol"] for r in top["cpu-clock"][:3]] == ["rb_next", "main", "rb_insert"]
    assert top["cpu-clock"][3]["where"] == "[k]" and len(top["cpu-clock"]) == profile.TOP


def test_one_block_per_event():
    text = ("# Samples: 2K of event 'cpu-clock'\n#\n    60.00%   6  [.] walk_list  -  -\n"
            "    40.00%   4  [k] clear_page_erms\n"
            "# Samples: 300  of event 'dTLB-load-misses'\n"
            "    90.00%   9  [.] operator new(unsigned long)  -  -\n"
            "    10.00%   1  [.] walk_list\n")
    samples, top = profile.parse_report(text)
    assert samples == {"cpu-clock": 10, "dTLB-load-misses": 10}
    assert top["dTLB-load-misses"][0]["symbol"] == "operator new(unsigned long)"


def test_without_a_pmu_cpu_clock_only_and_the_reason_said():
    events, tlb, why = profile.choose_events(_listing(False))
    assert events == ["cpu-clock"] and tlb == []
    assert why.startswith("cpu-clock only, no TLB event: dTLB-load-misses: no hardware PMU")
    assert "page-walk-cycles: no hardware PMU" in why


def test_with_a_pmu_the_tlb_events_in_perf_spelling():
    events, tlb, why = profile.choose_events(_listing(True))
    assert events == ["cpu-clock", "dTLB-load-misses",
                      "cpu/config=0x1001008,name=page-walk-cycles/"]
    assert tlb == events[1:] and why is None
    user = _listing(True)
    for e in user["events"]:
        e["scope"] = "user"
    assert profile.choose_events(user)[0] == ["cpu-clock:u", "dTLB-load-misses:u",
                                              "cpu/config=0x1001008,name=page-walk-cycles/u"]


def _hot_functions_of_tree():
    """The functions tree defines, from its C source: evidence apart from perf."""
    names = set()
    for f in os.listdir(os.path.join(paths.REPO, "workloads", "tree")):
        if f.endswith(".c") and not f.startswith("test"):
            with open(os.path.join(paths.REPO, "workloads", "tree", f)) as src:
                names |= set(re.findall(r"^(?:static )?[\w ]+?\**(\w+)\(", src.read(), re.M))
    return names


@pytest.mark.skipif(shutil.which("perf") is None, reason="perf missing (make deps)")
def test_run_tree_with_profile(tmp_path):
    out = tmp_path / "out"
    p = subprocess.run([os.path.join(paths.REPO, "harness", "spbench"), "run", "tree",
                        "--profile", "--size", "test", "--policy", "base", "--state", "asis",
                        "--runs", "1", "--warmup", "0", "--out", str(out)],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    [rec] = ResultFolder(out).profiles()
    assert rec.error is None and rec.check["passed"]
    top = [r["symbol"] for r in rec.top["cpu-clock"][:5]]
    assert set(top) & _hot_functions_of_tree() - {"main"}, top
    assert os.path.getsize(out / rec.perf_data) > 0
    assert "profiles (perf record" in p.stdout and top[0] in p.stdout
    listed = json.loads(subprocess.run([paths.SPSTAT, "--list-events"], capture_output=True,
                                       text=True).stdout)
    if not os.path.exists("/sys/bus/event_source/devices/cpu"):
        # no PMU here: the record and the printed notes say so, not only an empty column
        assert rec.tlb_events == [] and "no hardware PMU" in rec.tlb_reason
        assert "profile events: cpu-clock only, no TLB event: dTLB-load-misses: no " \
               "hardware PMU" in p.stdout
        assert "TLB misses: not sampled (see notes)" in p.stdout
    elif any(e["name"] == "dTLB-load-misses" and e["supported"] for e in listed["events"]):
        assert "dTLB-load-misses" in " ".join(rec.tlb_events)
