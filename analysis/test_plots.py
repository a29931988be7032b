"""Tests of speedup.png's axes: a log axis labelled at the speedups a reader looks for, and rows
without an interval marked as such rather than drawn with a zero error bar."""

import pytest

from analysis import paper, plots, results

plt = pytest.importorskip("matplotlib.pyplot")


def _rows(build, walls):
    recs = []
    for w, (base, thp) in walls.items():
        recs += build.series(w, "base", base) + build.series(w, "thp", thp)
    return plots._best(results.load(build.folder("t1", recs), warn=None))


def test_speedup_axis_is_labelled_at_the_usual_speedups_within_range(build):
    rows = _rows(build, {"matrix": ([3.0, 3.1], [1.0, 1.0]), "tree": ([1.2, 1.3], [1.0, 1.0])})
    fig, ax = plots.speedup_axes(plt, rows, paper.Paper())
    lo, hi = ax.get_ylim()
    labels = [t.get_text() for t in ax.get_yticklabels()]
    # tree's interval reaches down to 0.615, the paper's matrix up to 7.546
    assert 0.5 < lo < 0.615 and 7.546 < hi < 16
    assert labels == [f"{t:g}" for t in plots.SPEEDUP_TICKS if lo <= t <= hi]
    assert labels == ["0.8", "1", "1.25", "1.5", "2", "4", "8"]
    assert ax.yaxis.get_minorticklocs().size == 0
    plt.close(fig)


def test_rows_without_an_interval_are_hatched_not_given_a_zero_error_bar(build):
    rows = _rows(build, {"matrix": ([3.0, 3.1], [1.0, 1.0]), "tree": ([1.2], [1.0])})
    fig, ax = plots.speedup_axes(plt, rows, paper.Paper())
    hatched = [p for p in ax.patches if p.get_hatch()]
    assert len(hatched) == 1 and abs(hatched[0].get_height() - 1.2) < 1e-9
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "ours, no interval (n < 2)" in legend
    # one error bar, matrix's
    bars = [c for c in ax.containers if getattr(c, "errorbar", None) is not None]
    segs = [s for c in bars for lc in c.errorbar.lines[2] for s in lc.get_segments()]
    assert len(segs) == 1
    plt.close(fig)
