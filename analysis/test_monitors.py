"""The monitors' figures from a folder's monitor records, against values worked out by hand:
free memory per order summed over zones on one clock across runs, coverage as the share of
anonymous memory in 2 MB pages; and the report's section naming what was sampled."""
import types

from harness.records import MonitorRecord, ResultFolder

from analysis import monitors
from analysis.sections import monitors as section


def _rec(policy, rep, started, cov_rows, bi_rows, warmup=False):
    return MonitorRecord(
        "tree", "test", policy, "fragmented", "host", rep, warmup, started,
        {"fields": ["t_s", "rss_kb", "anon_kb", "anon_huge_kb"], "samples": cov_rows},
        {"interval_ms": 1000,
         "vmstat": {"available": True, "samples": [[0, 1]], "cost_s": 0.001},
         "buddyinfo": {"available": True, "zones": ["0/DMA32", "0/Normal"], "orders": 2,
                       "samples": bi_rows, "cost_s": 0.0005},
         "pagetypeinfo": {"available": False,
                          "reason": "cannot read /proc/pagetypeinfo: Permission denied"}})


def _folder(tmp_path):
    f = ResultFolder(tmp_path)
    # a warm-up, then base at 20:00:00 and thp 10 s later; rows: [t, z0o0, z0o1, z1o0, z1o1]
    f.append_monitor(_rec("base", 0, "2026-12-07T19:59:50Z", [[0.1, 1, 1, 0]],
                          [[0, 9, 9, 9, 9]], warmup=True))
    f.append_monitor(_rec("base", 0, "2026-12-07T20:00:00Z",
                          [[0.1, 1024, 1000, 0], [0.2, 2048, 2000, 0]],
                          [[0, 256, 0, 0, 128], [1.5, 0, 128, 256, 0]]))
    f.append_monitor(_rec("thp", 0, "2026-12-07T20:00:10Z",
                          [[0.1, 2048, 2000, 1024]], [[0.5, 0, 0, 0, 0]]))
    return str(tmp_path)


def test_free_by_order_sums_zones_on_one_clock(tmp_path):
    times, orders, labels = monitors.free_by_order(_folder(tmp_path))
    assert times == [0, 1.5, 10.5]
    # order 0: 4 kB blocks, order 1: 8 kB; 256 x 4 kB = 1 MB, 128 x 8 kB = 1 MB
    assert orders[0] == [1.0, 1.0, 0.0]
    assert orders[1] == [1.0, 1.0, 0.0]
    assert labels == ["tree base 1", "tree thp 1"]


def test_coverage_over_time_per_policy(tmp_path):
    workload, series = monitors.coverage_over_time(_folder(tmp_path))
    assert workload == "tree"
    assert series["base"] == [(0.1, 1.0, 0.0), (0.2, 2.0, 0.0)]
    assert series["thp"] == [(0.1, 2.0, 51.2)]


def test_the_section_says_what_was_sampled_and_what_was_not(tmp_path):
    (tmp_path / "part").mkdir()
    folder = _folder(tmp_path / "part")
    rep = types.SimpleNamespace(part_path=lambda p: folder, folder=str(tmp_path),
                                plot_paths={"monitors": [("free", str(tmp_path / "f.png"))]})
    text = section.section(rep, ["fragmented"])
    assert "| fragmented | 2 | 1000 ms | buddyinfo: 3 samples, 1.0 ms, vmstat: 2 samples" in text
    assert "| pagetypeinfo: cannot read /proc/pagetypeinfo: Permission denied |" in text
    assert "![free](f.png)" in text
    empty = types.SimpleNamespace(part_path=lambda p: str(tmp_path / "none"))
    assert section.section(empty, ["table1"]) == ""


def test_the_report_draws_both_plots_where_recorded(tmp_path):
    from analysis import plots
    plt = plots._pyplot()
    if plt is None:
        import pytest
        pytest.skip("python3-matplotlib is not installed")
    for part in ("table1", "fragmented"):
        (tmp_path / part).mkdir()
        _folder(tmp_path / part)
    made = plots.monitor_plots(plt, str(tmp_path))
    assert [title for title, _ in made] == ["coverage over time, tree (table1)",
                                            "free memory by order over the fragmented stage"]
    assert all(open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n" for _, path in made)
    assert plots.monitor_plots(plt, str(tmp_path / "table1")) == []
