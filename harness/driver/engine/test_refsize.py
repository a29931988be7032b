"""ref sized from a synthetic probe result: the measured reach when the knee
was found, CPUID's when not (and an error when neither gives one), the
formula's footprints worked by hand, and the memory cap recorded."""
import math

import pytest

from harness.driver.engine import refsize
from harness.driver.errors import UserError
from harness.driver.system import tlbprobe


class Row:
    """A manifest's ref entry and its formula (harness/driver/test_manifest.py tests it)."""
    def __init__(self, name, ratio):
        self.name = name
        self.sizes = {"ref": {"ref_ratio": ratio}}

    def ref_mb(self, reach_kb):
        return math.ceil(self.sizes["ref"]["ref_ratio"] * reach_kb / 1024)


def _probe(monkeypatch, entries):
    tlb = ({"status": "found", "largest_level_entries": entries} if entries else
           {"status": "not found", "reason": "no clear knee"})
    monkeypatch.setattr(tlbprobe, "measured", lambda: ({"tlb": tlb}, "probed now"))


def test_the_measured_reach_sizes_ref(monkeypatch):
    _probe(monkeypatch, 1536)                       # 6144 kB
    choice = refsize.choose({"tlb_reach_4k_kb": 512})
    assert (choice["source"], choice["reach_kb"], choice["cpuid_kb"]) == ("probe", 6144, 512)
    mb, record = refsize.sizes([Row("matrix", 16), Row("gcc", 180)], choice, None)
    # 16 x 6144 kB = 96 MB; 180 x 6 MB = 1080 MB
    assert mb == {"matrix": 96, "gcc": 1080}
    assert record["reach"]["source"] == "probe" and record["capped"] == {}


def test_cpuid_sizes_ref_without_a_knee(monkeypatch):
    _probe(monkeypatch, None)
    choice = refsize.choose({"tlb_reach_4k_kb": 512})
    assert choice["source"] == "cpuid" and "no clear knee" in choice["why"]
    assert refsize.sizes([Row("matrix", 16)], choice, None)[0] == {"matrix": 8}


def test_no_reach_at_all_is_an_error(monkeypatch):
    _probe(monkeypatch, None)
    with pytest.raises(UserError, match="no TLB reach"):
        refsize.choose({"tlb_reach_4k_kb": 0})


def test_a_row_too_large_for_the_memory_is_capped_and_recorded(monkeypatch, tmp_path):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:        8388608 kB\nMemFree: 1 kB\n")   # 8 GB
    cap = refsize.memory_cap_mb(str(meminfo))
    assert cap == 2048
    _probe(monkeypatch, 3072)                       # 12 MB reach
    mb, record = refsize.sizes([Row("art", 512), Row("matrix", 16)],
                               refsize.choose({"tlb_reach_4k_kb": 512}), cap)
    assert mb == {"art": 2048, "matrix": 192}
    assert record["capped"] == {"art": {"uncapped_mb": 6144, "mb": 2048, "why":
                                        "6144 MB would exceed 25% of this machine's memory "
                                        "(2048 MB)"}}
    assert record["memory_cap_mb"] == 2048


def test_a_row_too_long_for_the_run_budget_is_capped(monkeypatch):
    row = Row("gap", 200)
    row.sizes["ref"]["seconds"] = 2.5      # at 200 x 0.5 MB = 100 MB
    _probe(monkeypatch, 2048)              # 8 MB reach: 1600 MB, about 40 s
    mb, record = refsize.sizes([row], refsize.choose({}), 100000)
    # the run budget in proportion: 100 MB x 10 / 2.5 = 400 MB
    assert refsize.RUN_BUDGET_S == 10
    assert mb == {"gap": 400}
    assert record["capped"]["gap"]["why"] == ("a run at 1600 MB would take about 40 s "
                                              "(2.5 s at 100 MB, in proportion), over 10 s")
    assert refsize.sizes([row], refsize.choose({}), None)[0] == {"gap": 1600}
