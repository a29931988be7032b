"""Tests of how a --runs auto folder is shown: the stop column per row, the rule, and the
closing line per row with its n, its widest interval and its wall time."""

from analysis import results, table
from analysis.conftest import table_row


def test_stop_column_rule_and_closing_lines(build):
    recs = build.series("matrix", "base", [2.0, 2.0, 2.0])
    recs += build.series("matrix", "thp", [1.0, 1.0, 1.0])
    recs += build.series("mcf", "base", [1.0, 1.2, 0.8])
    recs += build.series("mcf", "thp", [0.95, 1.15, 0.9])
    meta = build.meta(runs_auto={
        "rule": {"target_halfwidth": 0.02, "min_runs": 3, "max_runs": 3, "max_time_s": None},
        "rows": {"matrix/clean": {"stopped": "concluded", "n": 3, "halfwidth": 0.0,
                                  "seconds": 9.0},
                 "mcf/clean": {"stopped": "max-runs", "n": 3, "halfwidth": 0.5,
                               "seconds": 12.5}}})
    out = table.render_run_table(results.load(build.folder("r", recs, meta)))
    assert table_row(out, "matrix", "clean", "thp").split()[3:5] == ["3", "ok"]
    assert table_row(out, "mcf", "clean", "base").split()[3:6] == ["3", "cap", "runs"]
    assert "half-width of at most 2% of the speedup, after at least 3 runs; at most 3 " \
        "runs per policy" in out
    # matrix: no variance, a zero-width interval at 2.000
    assert "matrix/clean: concluded, n 3, thp speedup 2.000 [2.000, 2.000], half-width " \
        "0.00%, 9.0 s" in out
    assert "mcf/clean: max-runs, n 3, thp speedup" in out and ", 12.5 s" in out


def test_a_fixed_number_of_runs_has_no_stop_column(build):
    recs = build.series("matrix", "base", [2.0, 2.1, 1.9])
    out = table.render_run_table(results.load(build.folder("r", recs)))
    assert "stop" not in out.splitlines()[3]
