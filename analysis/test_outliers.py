"""Tests of the outlier flags: the modified z-score against hand-worked values, the flags in
the run table and the run view, and --exclude-outliers' effect on a row's statistics."""

import re

import pytest

from analysis import __main__ as cli, outliers, results, stats, table
from analysis.conftest import table_row


def test_modified_zscores_by_hand():
    # median 3, |x - 3| = 2 1 0 1 97, MAD 1: scores 0.6745 (x - 3)
    z = stats.modified_zscores([1, 2, 3, 4, 100])
    assert z == pytest.approx([-1.349, -0.6745, 0.0, 0.6745, 65.4265])
    assert stats.outlier_flags([1, 2, 3, 4, 100]) == [False, False, False, False, True]


def test_a_run_just_inside_and_just_outside_the_cut():
    # median 10, MAD 1: 0.6745 * 5.1 = 3.44 (kept), 0.6745 * 5.3 = 3.57 (flagged)
    assert stats.outlier_flags([9, 10, 11, 10, 15.1]) == [False] * 5
    assert stats.outlier_flags([9, 10, 11, 10, 15.3]) == [False] * 4 + [True]


def test_mad_zero_falls_back_to_the_mean_absolute_deviation():
    # median 10, MAD 0; mean |x - 10| = 3/5 = 0.6: 13 scores 0.7979 * 3 / 0.6 = 3.99
    z = stats.modified_zscores([10, 10, 10, 10, 13])
    assert z[-1] == pytest.approx(3.9895)
    assert stats.outlier_flags([10, 10, 10, 10, 13]) == [False] * 4 + [True]
    # mean |x - 10| = 0.5: 12 scores 0.7979 * 2 / 0.5 = 3.19, under the cut
    assert stats.outlier_flags([10, 10, 10, 12]) == [False] * 4


def test_no_score_without_three_different_values():
    assert stats.modified_zscores([1.0, 50.0]) is None
    assert stats.modified_zscores([2.0, 2.0, 2.0]) is None
    assert stats.outlier_flags([1.0, 50.0]) == [False, False]


def _folder(build):
    recs = build.series("matrix", "base", [2.0, 2.02, 1.98, 2.01, 3.0])
    recs += build.series("matrix", "thp", [1.0, 1.01, 0.99, 1.0, 1.02])
    return build.folder("r", recs)


def test_the_run_table_counts_flagged_runs_and_keeps_them(build):
    out = table.render_run_table(results.load(_folder(build)))
    # columns: workload state policy n out time ...; 3.0 s scores 0.6745 * 0.99 / 0.01 = 66.8
    assert table_row(out, "matrix", "clean", "base").split()[3:6] == ["5", "1", "2.202"]
    assert table_row(out, "matrix", "clean", "thp").split()[3:5] == ["5", "0"]
    assert "outliers flagged (kept): matrix/test/clean/base rep 5 (3.000 s)" in out


def test_exclude_outliers_leaves_them_out_and_says_so(build):
    rs = outliers.excluding(results.load(_folder(build)))
    out = table.render_run_table(rs)
    base = table_row(out, "matrix", "clean", "base").split()
    # mean of 2.0, 2.02, 1.98, 2.01 = 2.0025
    assert base[3:5] == ["4", "-1"] and float(base[5]) == pytest.approx(2.0025, abs=6e-4)
    assert "1 flagged run(s) left out" in out
    g = rs.group("matrix", "test", "clean", "base", "host")
    assert stats.summarize(g.times()).mean == pytest.approx(2.0025)


def test_the_run_view_lists_each_run_with_its_score(build, capsys):
    assert cli.main(["runs", str(_folder(build))]) == 0
    out = capsys.readouterr().out
    row = table_row(out, "matrix", "test", "clean", "base", "host", "5")
    assert row.split()[6:] == ["3.000", "+66.78", "yes"]
    assert table_row(out, "matrix", "test", "clean", "base", "host", "1").split()[7] == "-0.67"
    assert cli.main(["table", str(_folder(build)), "--exclude-outliers"]) == 0
    assert "left out" in capsys.readouterr().out


def test_report_exclude_outliers_changes_the_tables_and_says_so(build, tmp_path):
    import json
    from analysis import report
    from harness.reproduce import registry
    root = tmp_path / "rep"
    root.mkdir()
    (root / "reproduce.json").write_text(json.dumps({
        "schema": "spbench-reproduce/1",
        "settings": {"workloads": ["matrix"], "size": "test", "runs": 5, "warmup": 0,
                     "seed": 42, "sample_ms": 100, "stages": ["table1"], "quick": False}}))
    build.folder("rep/table1", build.series("matrix", "base", [3.0, 3.02, 2.98, 3.01, 9.0])
                 + build.series("matrix", "thp", [1.0, 1.0, 1.0, 1.0, 1.0]))
    kept = report.build(str(root), registry.stages())
    # 12.01 + 9 = 21.01 s over 5 runs against 1 s: 4.202; without the 9 s run 3.0025
    assert "4.202" in kept and "outliers flagged (kept): matrix/test/clean/base rep 5" in kept
    left = report.build(str(root), registry.stages(), exclude_outliers=True)
    assert "4.202" not in left
    assert re.search(r"matrix +clean +thp +5 +3\.00[23]", left)   # 3.0025 / 1.0
    assert "Runs flagged as outliers are left out of every table" in left
