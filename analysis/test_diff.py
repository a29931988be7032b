"""Tests of analysis.diff, its metrics and formats, and of `spbench diff` on the command line;
expected numbers are worked out here from the fixture data."""

import csv
import io
import os
import subprocess
import sys

import pytest

from analysis import __main__ as cli, diff, results
from analysis.conftest import table_row

REPO = __file__.rsplit("/analysis/", 1)[0]
SPBENCH = os.path.join(REPO, "harness", "spbench")
T975_1 = 12.7062     # t(0.975, 1), the published table value


def _load(build, name, recs, meta=None):
    return results.load(build.folder(name, recs, meta))


def _section(out, metric):
    """The text of one metric's section, up to the next one or the context."""
    part = out.split(f"== {metric}:", 1)[1]
    return part.split("\n== ", 1)[0].split("context that differs")[0]


def _spbench(args, tmp_path):
    env = dict(os.environ, SPBENCH_STATE_DIR=str(tmp_path / "state"))
    return subprocess.run([SPBENCH, "diff", *args], env=env, capture_output=True, text=True,
                          timeout=120)


def _one_line_exit_2(p, *words):
    assert p.returncode == 2, p.stdout + p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    for w in words:
        assert w in lines[0], lines[0]
    assert p.stdout == ""


def test_time_ratio_significance_and_geomean(build):
    a = build.series("matrix", "thp", [2.0, 2.02, 1.98])
    a += build.series("mcf", "thp", [1.0, 1.2, 0.8])
    b = build.series("matrix", "thp", [1.0, 1.01, 0.99])
    b += build.series("mcf", "thp", [1.0, 1.2, 0.8])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["time"])
    m = table_row(out, "matrix", "test", "clean", "thp", "wall")
    assert "0.500" in m and "-50.0%*" in m and "-1.000" in m
    c = table_row(out, "mcf", "test", "clean", "thp", "wall")
    assert "1.000" in c and "+0.0% " in c + " " and "*" not in c
    g = table_row(out, "geomean", "(2", "pairs)", "wall")
    assert "0.707" in g     # sqrt(0.5 * 1.0)
    assert "do not overlap" in out


def test_fieller_interval_by_hand(build):
    # A has no spread, so Fieller's interval is B's t interval divided by A's mean
    a = build.series("matrix", "thp", [2.0, 2.0])
    b = build.series("matrix", "thp", [1.0, 1.2])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["time"])
    half = T975_1 * 0.1 * 2 ** 0.5 / 2 ** 0.5     # sd of (1.0, 1.2) is 0.1 * sqrt(2)
    lo, hi = (1.1 - half) / 2.0, (1.1 + half) / 2.0
    assert lo < 0       # below any ratio of two times: the interval starts at 0
    row = table_row(out, "matrix", "test", "clean", "thp", "wall")
    assert f"[0.000, {hi:.3f}]" in row and "0.550" in row


def test_welch_p_needs_spread(build):
    a = build.series("matrix", "thp", [2.0, 2.0, 2.0])
    b = build.series("matrix", "thp", [1.0, 1.0, 1.0])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["time"])
    row = table_row(out, "matrix", "test", "clean", "thp", "wall")
    assert "[0.500, 0.500]" in row
    assert row.split()[-2:] == ["-50.0%*", "n/a"]


def test_user_and_system_time_rows(build):
    a = build.series("matrix", "thp", [2.0, 2.0], user=[1.5, 1.5], sys_s=[0.4, 0.4])
    b = build.series("matrix", "thp", [2.0, 2.0], user=[1.2, 1.2], sys_s=[0.1, 0.1])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["time"])
    u = table_row(out, "matrix", "test", "clean", "thp", "user")
    assert "0.800" in u and "-20.0%*" in u          # 1.2 / 1.5
    s = table_row(out, "matrix", "test", "clean", "thp", "sys")
    assert "0.250" in s and "-75.0%*" in s and "-0.300" in s


def test_coverage_share_with_a_zero_side(build):
    hist_a = build.histogram({4: 1000}, {4: 250})
    hist_b = build.histogram({4: 200, 2048: 800}, {4: 50, 2048: 1})
    a = build.series("matrix", "thp", [1.0, 1.0], anon_kb=1000, huge_kb=0, hist=hist_a)
    b = build.series("matrix", "thp", [1.0, 1.0], anon_kb=1000, huge_kb=900, hist=hist_b)
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["huge"])
    row = table_row(out, "matrix", "test", "clean", "thp", "huge", "2M")
    # 0% against 900/1000 = 90%: no ratio, the difference in points carries the mark
    assert "n/a: denominator is 0" in row and "+90.0*" in row
    assert row.split()[7:11] == ["2", "0.0", "0.0", "2"]
    big = table_row(out, "matrix", "test", "clean", "thp", ">4k")
    assert "80.0" in big and "+80.0*" in big         # 800 of 1000 kB above 4 kB


def test_coverage_by_page_size_when_sizes_differ(build):
    hist_a = build.histogram({4: 500, 64: 500}, {4: 125, 64: 8})
    hist_b = build.histogram({4: 200, 64: 300, 2048: 500}, {4: 50, 64: 5, 2048: 1})
    a = build.series("matrix", "mthp-all", [1.0], hist=hist_a)
    b = build.series("matrix", "mthp-all", [1.0], hist=hist_b)
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["huge"])
    r64 = table_row(out, "matrix", "test", "clean", "mthp-all", "64kB")
    assert "50.0" in r64 and "30.0" in r64 and "0.600" in r64 and "-20.0" in r64
    r2m = table_row(out, "matrix", "test", "clean", "mthp-all", "2048kB")
    assert "+50.0" in r2m and "n/a: denominator is 0" in r2m


def test_faults_not_significant_when_intervals_overlap(build):
    a = build.series("matrix", "thp", [1.0, 1.0], minor=[1000, 1100], major=[2, 2])
    b = build.series("matrix", "thp", [1.0, 1.0], minor=[500, 550], major=[2, 2])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["faults"])
    row = table_row(out, "matrix", "test", "clean", "thp", "minor")
    # A: 1050 +- 12.7062 * 70.7 / sqrt 2 = 635; B: 525 +- 318: the intervals overlap
    assert "1050" in row and "525" in row and "0.500" in row
    assert "-50.0% " in row + " " and "*" not in row
    assert f"{T975_1 * 50:.0f}" in row                  # A's half-width, 635
    assert "1.000" in table_row(out, "matrix", "test", "clean", "thp", "major")


def test_memory_counts_reserved_unmapped_frames(build):
    # A: 356 base pages; B: 100 base pages and two 2 MB folios of which 1024 kB are mapped
    hist_a = build.histogram({4: 1424}, {4: 356})
    hist_b = build.histogram({4: 400, 2048: 1024}, {4: 100, 2048: 2})
    a = build.series("matrix", "thp", [1.0, 1.0], anon_kb=2048, hist=hist_a)
    b = build.series("matrix", "resv", [1.0, 1.0], anon_kb=2048, hist=hist_b)
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["rss"],
                           [("thp", "resv")])
    rss = table_row(out, "matrix", "test", "clean", "thp:resv", "max", "RSS")
    assert "2.0" in rss and "1.000" in rss
    folios = table_row(out, "matrix", "test", "clean", "thp:resv", "folios")
    a_mb, b_mb = 1424 / 1024, (400 + 2 * 2048) / 1024
    assert f"{a_mb:.1f}" in folios and f"{b_mb:.1f}" in folios
    assert f"{b_mb / a_mb:.3f}" in folios
    unmapped = table_row(out, "matrix", "test", "clean", "thp:resv", "unmapped")
    assert "+3.0*" in unmapped          # 2 x 2048 - 1024 kB = 3 MB reserved, not mapped


def test_thp_counters(build):
    a = build.series("matrix", "thp", [1.0, 1.0], vmstat=[
        {"thp_fault_alloc": 10, "thp_fault_fallback": 0, "thp_collapse_alloc": 1},
        {"thp_fault_alloc": 12, "thp_fault_fallback": 0, "thp_collapse_alloc": 1}])
    b = build.series("matrix", "thp", [1.0, 1.0], vmstat=[
        {"thp_fault_alloc": 20, "thp_fault_fallback": 3, "thp_collapse_alloc": 1},
        {"thp_fault_alloc": 24, "thp_fault_fallback": 3, "thp_collapse_alloc": 1}])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["thp"])
    row = table_row(out, "matrix", "test", "clean", "thp", "thp_fault_alloc")
    assert "11.0" in row and "22.0" in row and "2.000" in row and "+100.0%" in row
    fb = table_row(out, "matrix", "test", "clean", "thp", "thp_fault_fallback")
    assert "+3.0*" in fb and "n/a: denominator is 0" in fb
    assert "1.000" in table_row(out, "matrix", "test", "clean", "thp", "thp_collapse_alloc")
    assert "system-wide" in _section(out, "thp")


def _stock_and_patched(build, runs=2):
    stock = {"thp_fault_alloc": 29, "thp_fault_fallback": 0, "thp_collapse_alloc": 0}
    patched = {"thp_fault_alloc": 0, "thp_fault_fallback": 0, "thp_collapse_alloc": 0,
               "thp_resv_alloc": 28, "thp_resv_alloc_failed": 0, "thp_resv_promote": 28,
               "thp_resv_preempt": 0, "thp_resv_pages_preempted": 0,
               "nr_thp_resv_unused": 0}
    ma = build.meta(kernel={"release": "6.12.118", "variant": "stock", "virt": "tcg",
                            "series_sha": None})
    mb = build.meta(kernel={"release": "6.12.118", "variant": "patched", "virt": "tcg",
                            "series_sha": "1a5caec61ec7e9f9"})
    ma["plan"]["policies"] = ["thp"]
    mb["plan"]["policies"] = ["resv"]
    walls = [30.0 + i for i in range(runs)]
    a = build.series("matrix", "thp", walls, vmstat=stock, kernel="stock", minor=[900] * runs,
                     settings={"thp_enabled": "always"})
    b = build.series("matrix", "resv", walls, vmstat=patched, kernel="patched",
                     minor=[1200] * runs,
                     settings={"thp_enabled": "always", "reservation_enabled": "1"})
    return _load(build, "stock", a, ma), _load(build, "patched", b, mb)


def test_pair_policy_and_reservation_counters(build):
    a, b = _stock_and_patched(build)
    out = diff.render_diff(a, b, None, [("thp", "resv")])
    assert "pairing: policy thp of A with policy resv of B" in out
    row = table_row(out, "matrix", "test", "clean", "thp:resv", "thp_resv_alloc")
    # the stock kernel reserves nothing: its 0 against 28, no spread either side
    assert row.split()[5:11] == ["2", "0.0", "0.0", "2", "28.0", "0.0"]
    assert "+28.0*" in row
    assert "A's kernel has no reservations" in _section(out, "resv")
    assert "thp_resv_preempt" not in _section(out, "resv")      # 0 on both sides
    assert "0 in every run" in _section(out, "resv")
    faults = table_row(out, "matrix", "test", "clean", "thp:resv", "minor")
    assert "1.333" in faults and "+33.3%*" in faults            # 1200 / 900


def test_emulated_runs_put_the_kernel_first_and_say_so(build):
    a, b = _stock_and_patched(build)
    out = diff.render_diff(a, b, None, [("thp", "resv")])
    order = [out.index(f"== {m}:") for m in ("huge", "faults", "rss", "thp", "resv", "time")]
    assert order == sorted(order)
    assert "emulator times" in _section(out, "time")
    assert "dtlb" in out.split("notes:")[1]     # not compared: no PMU on either side


def test_context_side_by_side(build):
    a, b = _stock_and_patched(build)
    out = diff.render_diff(a, b, ["time"], [("thp", "resv")])
    ctx = out.split("context that differs")[1]
    assert table_row(ctx, "kernel.variant").split() == ["kernel.variant", "stock", "patched"]
    assert table_row(ctx, "kernel.series_sha").split()[1:] == ["null", "1a5caec61ec7e9f9"]
    assert table_row(ctx, "runs", "thp:resv:", "reservation_enabled").split()[-2:] == [
        "(absent)", "1"]
    assert "thp_enabled" not in ctx                 # the same on both sides


def test_context_names_tlb_geometry_and_settings(build):
    recs = build.series("matrix", "thp", [1.0, 1.1])
    ma = build.meta()
    mb = build.meta(kernel={"release": "6.12.0-resv", "cmdline": "ro quiet", "virt": "tcg"},
                    revision="v0-2-gdef")
    mb["settings"] = {"thp_enabled": "always"}
    mb["host"] = dict(mb["host"], tlb=[{"level": "L1", "type": "data", "page_kb": 4,
                                        "entries": 96, "ways": 0}])
    out = diff.render_diff(
        _load(build, "a", recs, ma),
        _load(build, "b", recs + build.series("fftw", "thp", [3.0, 3.1]), mb))
    ctx = out.split("context that differs")[1]
    assert "64 entries, fully assoc." in table_row(ctx, "host.tlb.L1", "data", "4kB")
    assert "96 entries" in table_row(ctx, "host.tlb.L1", "data", "4kB")
    assert table_row(ctx, "kernel.release").split()[1:] == ["6.18.0", "6.12.0-resv"]
    assert table_row(ctx, "settings.thp_enabled").split()[1:] == ["madvise", "always"]
    assert "kernel.cmdline" not in ctx
    assert "workload fftw: B only" in ctx
    assert "B: kernel ran under TCG emulation" in out
    assert "A ran under TCG" not in out and "B ran under TCG emulation and" in out


def test_dtlb_only_when_the_same_events_count_in_both(build):
    a = build.series("matrix", "thp", [2.0, 2.1], load=[1000, 1100])
    b = build.series("matrix", "thp", [2.0, 2.1], load=[500, 550])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b))
    assert "0.500" in table_row(out, "matrix", "test", "clean", "thp", "dTLB")
    c = build.series("matrix", "thp", [2.0, 2.1])
    out = diff.render_diff(_load(build, "a2", a), _load(build, "c", c))
    assert "== dtlb:" not in out and "dtlb (only A has it)" in out
    out = diff.render_diff(_load(build, "a3", a), _load(build, "c2", c), ["dtlb"])
    assert "n/a: no PMU" in table_row(out, "matrix", "test", "clean", "thp", "dTLB")
    d = build.series("matrix", "thp", [2.0, 2.1], load=[500, 550], store=[10, 10])
    out = diff.render_diff(_load(build, "a4", a), _load(build, "d", d), ["dtlb"])
    assert "no data: " in out and "different events" in out


def test_simulated_misses(build):
    sim_a = {"alpha21264": {"base": {"dtlb": {"accesses": 5000, "misses": 1000}}}}
    sim_b = {"alpha21264": {"base": {"dtlb": {"accesses": 5000, "misses": 250}}}}
    a = build.series("matrix", "base", [1.0], tlbsim=sim_a)
    b = build.series("matrix", "base", [1.0], tlbsim=sim_b)
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b))
    row = table_row(out, "matrix", "test", "clean", "base", "sim", "alpha21264/base/dtlb")
    assert "1000" in row and "250" in row and "0.250" in row and "-75.0%" in row
    assert "simulated" in _section(out, "sim")
    plain = build.series("matrix", "base", [1.0])
    out = diff.render_diff(_load(build, "p", plain), _load(build, "q", plain), ["sim"])
    assert "no data: no record carries sim data" in out


def test_csv(build):
    a = build.series("matrix", "thp", [2.0, 2.0]) + build.series("mcf", "thp", [1.0, 1.0])
    b = build.series("matrix", "thp", [1.0, 1.0]) + build.series("mcf", "thp", [2.0, 2.0])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b), ["time"], (), "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    wall = [r for r in rows if r["item"] == "wall s"]
    m = next(r for r in wall if r["workload"] == "matrix")
    assert (m["metric"], m["policy_a"], m["policy_b"], m["n_a"]) == ("time", "thp", "thp", "2")
    assert float(m["mean_a"]) == 2.0 and float(m["ratio"]) == 0.5
    assert float(m["b_minus_a"]) == -1.0 and m["significant"] == "yes"
    assert float(m["change_pct"]) == -50.0
    g = next(r for r in wall if r["workload"] == "geomean")
    assert float(g["ratio"]) == pytest.approx(1.0)      # sqrt(0.5 * 2)
    assert out.splitlines()[0].startswith("metric,item,workload,size,state,policy_a")


def test_markdown(build):
    a, b = _stock_and_patched(build)
    out = diff.render_diff(a, b, ["faults"], [("thp", "resv")], "md")
    lines = out.splitlines()
    assert lines[0] == "# spbench diff: B relative to A"
    assert "## faults: page faults (perf software counters)" in lines
    head = next(i for i, x in enumerate(lines) if x.startswith("| workload |"))
    assert lines[head + 1].startswith("|---|---|---|---|---|---:|")
    row = next(x for x in lines if x.startswith("| matrix |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:5] == ["matrix", "test", "clean", "thp:resv", "minor"]
    assert "1.333" in cells and "+33.3%*" in cells
    assert "| `kernel.variant` | stock | patched |" in out
    assert "- pairing: policy `thp` of A with policy `resv` of B" in lines


def test_no_rows_in_common(build):
    a = _load(build, "a", build.series("matrix", "thp", [1.0]))
    b = _load(build, "b", build.series("matrix", "resv", [1.0]))
    with pytest.raises(diff.DiffError) as e:
        diff.render_diff(a, b)
    assert "no (workload, size, state, policy) in common" in str(e.value)
    assert "--pair-policy" in str(e.value) and "\n" not in str(e.value)


def test_bad_pairing_and_metric_names():
    with pytest.raises(diff.DiffError, match="unknown metric 'tlb'"):
        diff.parse_metrics("time,tlb")
    with pytest.raises(diff.DiffError, match="POLICY_A:POLICY_B"):
        diff.parse_pairs(["thp"])
    assert diff.parse_pairs(["thp:resv,base:base"]) == [("thp", "resv"), ("base", "base")]
    assert diff.parse_metrics("huge,time,huge") == ["huge", "time"]


def test_diff_refuses_non_result_folder(build, tmp_path):
    good = _load(build, "a", build.series("matrix", "thp", [1.0]))
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "notes.txt").write_text("hello")
    with pytest.raises(results.NotAResultFolder) as e:
        diff.render_diff(good, results.load(tmp_path / "junk"))
    assert "\n" not in str(e.value) and "junk" in str(e.value)


def test_command_line_formats_and_pairing(build, tmp_path):
    a, b = _stock_and_patched(build)
    p = _spbench([a.folder, b.folder, "--pair-policy", "thp:resv", "--metric", "resv",
                  "--format", "csv"], tmp_path)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert {r["metric"] for r in rows} == {"resv"}
    alloc = next(r for r in rows if r["item"] == "thp_resv_alloc")
    assert (alloc["policy_a"], alloc["policy_b"], alloc["mean_b"]) == ("thp", "resv", "28")


@pytest.mark.parametrize("args, words", [
    (["--metric", "time,tlb"], ["unknown metric 'tlb'", "known: time"]),
    (["--format", "html"], ["--format html", "text, md, csv"]),
    (["--pair-policy", "thp"], ["POLICY_A:POLICY_B"]),
    (["--pair-policy", "mthp-64K:resv"], ["A has no policy mthp-64K"]),
    ([], ["no (workload, size, state, policy) in common", "--pair-policy"]),
])
def test_command_line_bad_input(build, tmp_path, args, words):
    a, b = _stock_and_patched(build)
    _one_line_exit_2(_spbench([a.folder, b.folder, *args], tmp_path), *words)


def test_command_line_not_a_result_folder(build, tmp_path):
    a, _ = _stock_and_patched(build)
    (tmp_path / "empty").mkdir()
    _one_line_exit_2(_spbench([a.folder, str(tmp_path / "empty")], tmp_path),
                     "no meta.json (not an spbench result folder)")
    _one_line_exit_2(_spbench([str(tmp_path / "gone"), a.folder], tmp_path),
                     "no such folder")


def test_cli(build, tmp_path, capsys):
    f = build.folder("a", build.series("matrix", "base", [1.0, 1.1])
                     + build.series("matrix", "thp", [0.5, 0.6]))
    assert cli.main(["table", str(f)]) == 0
    assert "matrix" in capsys.readouterr().out
    assert cli.main(["paper", str(f)]) == 0
    assert "7.546" in capsys.readouterr().out
    assert cli.main(["diff", str(f), str(f)]) == 0
    assert "none" in capsys.readouterr().out
    assert cli.main(["diff", str(f), str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such folder" in err


def test_cli_as_module(tmp_path):
    p = subprocess.run([sys.executable, "-m", "analysis", "table", str(tmp_path)], cwd=REPO,
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.strip().endswith("no meta.json (not an spbench result folder)")
