"""Tests of the run table and the paper table."""

import json
import re

from analysis import results, stats, table
from analysis.conftest import table_row


def test_run_table_speedup_and_significance(build):
    recs = build.series("matrix", "base", [2.0, 2.02, 1.98])
    recs += build.series("matrix", "thp", [1.0, 1.01, 0.99])
    recs += build.series("mcf", "base", [1.0, 1.2, 0.8])
    recs += build.series("mcf", "thp", [0.95, 1.15, 0.9])
    out = table.render_run_table(results.load(build.folder("r", recs)))
    base = table_row(out, "matrix", "clean", "base")
    assert " 1.000 " in base
    thp = table_row(out, "matrix", "clean", "thp")
    # 2.0 / 1.0 with non-overlapping CIs: marked
    assert "2.000*" in thp
    # half-width of [1.0, 1.01, 0.99]: 4.3027 * 0.01 / sqrt(3) = 0.0248
    assert " 0.025 " in thp
    m = re.search(r"\[(\d\.\d+), (\d\.\d+)\]", thp)
    assert float(m.group(1)) < 2.0 < float(m.group(2))
    mcf = table_row(out, "mcf", "clean", "thp")
    assert "*" not in mcf       # overlapping CIs: no mark
    assert "do not overlap" in out


def test_unsupported_counters_say_na_never_zero(build):
    recs = build.series("matrix", "base", [2.0, 2.1])
    recs += build.series("matrix", "thp", [1.0, 1.1])
    out = table.render_run_table(results.load(build.folder("r", recs)))
    thp = table_row(out, "matrix", "clean", "thp")
    assert "n/a: no PMU" in thp
    assert not re.search(r"\s0(\.0+)?%?\s", thp.split("n/a")[0][40:])
    assert build.NO_PMU in out  # the full reason, in a footnote


def test_supported_counters_and_reduction(build):
    recs = build.series("matrix", "base", [2.0, 2.1], load=[1e6, 1e6], store=None, huge_kb=0)
    recs += build.series("matrix", "thp", [1.0, 1.1], load=[1e5, 1e5], huge_kb=500)
    out = table.render_run_table(results.load(build.folder("r", recs)))
    thp = table_row(out, "matrix", "clean", "thp")
    assert "100k" in thp and "90.0%" in thp
    assert "50.0%" in thp       # 500 of 1000 kB anon in huge pages
    assert "dTLB counts only dTLB-load-misses" in out


def test_user_space_only_counters_are_noted(build):
    recs = build.series("matrix", "base", [2.0, 2.1], load=[1e6, 1e6])
    out = table.render_run_table(results.load(build.folder("a", recs)))
    assert "user space only" not in out
    for r in recs:
        for c in r["spstat"]["counters"].values():
            if c["supported"]:
                c["scope"] = "user"
    out = table.render_run_table(results.load(build.folder("b", recs)))
    assert "counters count user space only" in out


def test_histogram_share(build):
    hist = {"available": True, "reason": None,
            "pages": {"4kB": 64, "64kB": 2, "2048kB": 1},
            "kb": {"4kB": 256, "64kB": 128, "2048kB": 2048}}
    recs = build.series("matrix", "thp", [1.0, 1.1], hist=hist)
    out = table.render_run_table(results.load(build.folder("r", recs)))
    # (128 + 2048) / (256 + 128 + 2048) = 89.5%
    assert "89.5%" in table_row(out, "matrix", "clean", "thp")


def test_footnotes_tcg_and_exclusions(build):
    recs = [build.record("matrix", "base", 3.0, warmup=True)]
    recs += build.series("matrix", "base", [2.0, 2.1])
    recs.append(build.record("matrix", "base", 0.1, passed=False))
    meta = build.meta(kernel={"release": "6.12.0", "cmdline": "", "virt": "tcg"})
    out = table.render_run_table(results.load(build.folder("r", recs, meta)))
    assert "times under TCG emulation are not TLB evidence" in out
    assert "1 warm-up record(s), 1 whose check failed" in out
    assert "wrong checksum" in out


def test_no_base_run(build):
    recs = build.series("matrix", "thp", [1.0, 1.1])
    out = table.render_run_table(results.load(build.folder("r", recs)))
    assert "no base run" in table_row(out, "matrix", "clean", "thp")


def test_paper_values_beside_ours(build):
    recs = build.series("matrix", "base", [7.5, 7.6, 7.4])
    recs += build.series("matrix", "thp", [1.5, 1.52, 1.48])
    recs += build.series("mystery", "base", [1.0, 1.1])
    recs += build.series("mystery", "thp", [1.0, 1.1])
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    row = table_row(out, "matrix", "clean", "thp")
    assert "5.000*" in row and "7.546" in row and "99.47%" in row
    assert "no paper value" in table_row(out, "mystery", "clean", "thp")
    assert "table 2" not in out


def test_paper_single_size_block(build):
    recs = build.series("mcf", "base", [2.0, 2.1])
    for policy, wall in (("mthp-64K", 1.8), ("mthp-2M", 1.5), ("mthp-all", 1.2)):
        recs += build.series("mcf", policy, [wall, wall + 0.01])
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    assert "mthp-2M ~ 4 MB" in out
    row = out.split("table 2")[1].splitlines()
    mcf = next(line for line in row if line.startswith("mcf"))
    # paper table 2 for mcf: 1.24 (64 KB), 1.22 (4 MB), 1.68 (all)
    for v in ("1.240", "1.220", "1.680"):
        assert v in mcf
    assert "mthp-512K" not in out.split("table 2")[1].splitlines()[1]
    assert "table 3 (one size only): dTLB miss reduction: n/a: no PMU" in out
    # table 1 takes mthp-all when there is no thp run
    assert "mthp-all" in table_row(out, "mcf", "clean", "mthp-all")


def test_paper_table3_with_counters(build):
    recs = build.series("fftw", "base", [3.0, 3.1], load=[1000, 1000])
    recs += build.series("fftw", "mthp-2M", [2.0, 2.1], load=[10, 10])
    recs += build.series("fftw", "mthp-64K", [2.9, 3.0], load=[900, 900])
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    t3 = out.split("table 3")[1]
    fftw = next(x for x in t3.splitlines() if x.startswith("fftw"))
    # ours 10.0% / 99.0%, the paper's 7.41% (64 KB) / 99.59% (4 MB)
    for v in ("10.0%", "7.41%", "99.0%", "99.59%"):
        assert v in fftw


def test_paper_values_only_for_clean_state(build):
    recs = [build.record("matrix", "base", 2.0, state="fragmented", rep=i) for i in range(2)]
    recs += [build.record("matrix", "thp", 1.0, state="fragmented", rep=i) for i in range(2)]
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    assert "7.546" not in table_row(out, "matrix", "fragmented", "thp")
    assert "shown for state clean only" in out


def test_size_column_when_sizes_vary(build):
    recs = build.series("matrix", "base", [2.0, 2.1])
    recs += [build.record("matrix", "base", 20.0, size="ref", rep=i) for i in range(2)]
    out = table.render_run_table(results.load(build.folder("r", recs)))
    assert out.splitlines()[3].split()[:4] == ["workload", "state", "policy", "size"]
    assert "20.00" in table_row(out, "matrix", "clean", "base", "ref")


def test_short_reasons():
    from analysis.metrics import short_reason
    assert short_reason("no hardware PMU (virtualized host)") == "no PMU"
    assert short_reason("perf_event_paranoid is 3") == "perf_event_paranoid"
    assert short_reason("") == "unknown"
    assert len(short_reason("x" * 80)) <= 24


def _paper_pair(build, workload, speedup):
    """base and thp series of workload whose speedup is exactly speedup."""
    return (build.series(workload, "base", [speedup, speedup])
            + build.series(workload, "thp", [1.0, 1.0]))


def test_paper_table_groups_rows_under_the_papers_headings(build):
    recs = _paper_pair(build, "matrix", 4.0) + _paper_pair(build, "mcf", 1.21)
    recs += _paper_pair(build, "gzip", 1.0) + _paper_pair(build, "mystery", 1.0)
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    lines = [ln.split()[0] for ln in out.splitlines() if ln.strip()]
    cint, other = lines.index("CINT2000:"), lines.index("other:")
    assert cint < lines.index("gzip") < lines.index("mcf") < other
    assert other < lines.index("matrix") and other < lines.index("mystery")
    assert "CFP2000:" not in lines
    # ours: sqrt(1.0 * 1.21) = 1.1; the paper's over the same two: sqrt(1.007 * 1.676)
    row = table_row(out, "CINT2000", "geomean", "(2", "workloads)")
    assert row.split()[4:6] == ["1.100", f"{(1.007 * 1.676) ** 0.5:.3f}"]
    assert "the same 2 of its 12 workloads (its summary row, over all, is 1.112)" in out
    # mystery has no paper value: not in the group's or the overall mean
    assert table_row(out, "other", "geomean", "(1", "workload)").split()[4:6] == [
        "4.000", "7.546"]
    assert table_row(out, "all", "geomean", "(3", "workloads)").split()[4] == (
        f"{(4.0 * 1.21) ** (1 / 3):.3f}")


def test_a_complete_group_shows_the_papers_published_summary(build):
    from analysis import paper
    ref = paper.Paper()
    cint = ref.members("CINT2000")
    assert len(cint) == 12 and len(ref.members("CFP2000")) == 14
    # the published summary row is the geometric mean of the rows (paper: 1.112, 1.110)
    for group, published in (("CINT2000", 1.112), ("CFP2000", 1.110)):
        assert ref.summary(group) == published
        vals = [ref.speedup(w) for w in ref.members(group)]
        assert abs(stats.geomean(vals) - published) < 0.0005
    recs = []
    for w in cint:
        recs += _paper_pair(build, w, ref.speedup(w))
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    row = table_row(out, "CINT2000", "geomean", "(12", "workloads)")
    assert row.split()[4:6] == ["1.112", "1.112"]
    assert "the same" not in out


def _sim_record(workload, misses):
    """A tlbsim record whose Alpha model counted misses {policy: data misses}."""
    return {"schema": "spbench-tlbsim/1", "simulated": True, "workload": workload,
            "size": "test", "kernel": "host", "seed": 42,
            "tlbsim": {"models": {"alpha21264": {"policies": {
                p: {"data_misses": m} for p, m in misses.items()}}}}}


def test_simulated_reductions_fill_the_paper_columns_without_a_pmu(build):
    recs = build.series("matrix", "base", [4.0, 4.0])
    for pol in ("thp", "mthp-64K", "mthp-2M", "mthp-all"):
        recs += build.series("matrix", pol, [1.0, 1.0])
    folder = build.folder("r", recs)
    (folder / "tlbsim.jsonl").write_text(json.dumps(_sim_record(
        "matrix", {"base": 1000, "64K": 500, "512K": 200, "4M": 40, "all": 10})) + "\n")
    out = table.render_paper_table(results.load(folder))
    # 1 - 10/1000 = 99.00% for all sizes (the table 1 row of thp), beside the paper's 99.47%
    assert "99.00% sim" in table_row(out, "matrix", "clean", "thp")
    t3 = out[out.index("table 3"):]
    row = table_row(t3, "matrix", "clean")
    # 64K: 1 - 500/1000; 2M stands for the Alpha's 4M: 1 - 40/1000
    assert row.split()[2:4] == ["50.00%", "sim"] and "96.00% sim" in row
    assert "sptlb's replay on the paper's Alpha 21264" in out


def test_no_simulation_no_pmu_says_why(build):
    recs = build.series("matrix", "base", [4.0, 4.0]) + build.series("matrix", "thp", [1.0, 1.0])
    out = table.render_paper_table(results.load(build.folder("r", recs)))
    assert "sim" not in table_row(out, "matrix", "clean", "thp")
    assert "n/a: no PMU" in table_row(out, "matrix", "clean", "thp")


def test_tcg_is_said_once_when_the_record_explains_it(build):
    recs = build.series("matrix", "base", [2.0, 2.1])
    note = "guest under TCG software emulation: times are not evidence about TLBs"
    meta = build.meta(kernel={"release": "6.12.0", "cmdline": "", "virt": "tcg",
                              "virt_note": note})
    out = table.render_run_table(results.load(build.folder("r", recs, meta)))
    assert out.count("TCG") == 1 and "virt: " + note in out
