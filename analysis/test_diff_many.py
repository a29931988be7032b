"""Tests of the N-folder diff: its numbers are those of the two-folder diffs of each folder
against the baseline, its ratios are the ones worked out by hand, and folders of different
hosts are never compared."""

import csv
import io
import os
import subprocess
import sys

import pytest

from analysis import diff, diff_many, results
from analysis.conftest import table_row

REPO = __file__.rsplit("/analysis/", 1)[0]


def _meta(build, hostname):
    m = build.meta()
    m["host"] = dict(m["host"], hostname=hostname)
    return m


def _three(build, hosts=("h1", "h1", "h1")):
    base = build.series("matrix", "base", [2.0, 2.2, 1.8]) \
        + build.series("matrix", "thp", [1.0, 1.1, 0.9])
    a = build.series("matrix", "base", [2.0, 2.1, 1.9]) \
        + build.series("matrix", "thp", [0.5, 0.55, 0.45])
    b = build.series("matrix", "base", [4.0, 4.4, 3.6]) \
        + build.series("matrix", "thp", [1.5, 1.6, 1.4])
    return [results.load(build.folder(n, recs, _meta(build, h)))
            for n, recs, h in zip(("base", "a", "b"), (base, a, b), hosts)]


def _rows(text_csv):
    return list(csv.reader(io.StringIO(text_csv)))


def test_n_way_numbers_are_the_two_folder_diffs(build):
    sets = _three(build)
    many = _rows(diff_many.render_many(sets, fmt="csv"))
    assert many[0][:3] == ["baseline", "folder", "host"]
    for other in ("a", "b"):
        two = _rows(diff.render_diff(sets[0], sets[("a", "b").index(other) + 1], fmt="csv"))
        mine = [r[3:] for r in many[1:] if r[1] == other]
        assert mine == two[1:] and mine, other
        assert all(r[0] == "base" for r in many[1:] if r[1] == other)


def test_n_way_text_shows_each_ratio_worked_out_by_hand(build):
    out = diff_many.render_many(_three(build), ["time"])
    thp = table_row(out, "matrix", "test", "clean", "thp", "wall")
    cells = thp.split()[6:]             # after: matrix test clean thp wall s
    # baseline thp 1.0 s; a's 0.5 s: a/base 0.500 (-50.0%); b's 1.5 s: 1.500 (+50.0%)
    assert cells[0:3] == ["3", "1.000", "0.248"]      # 4.3027 * 0.1 / sqrt(3)
    assert cells[3:7] == ["3", "0.500", "0.124", "0.500"]
    assert cells[9] == "-50.0%*"
    assert cells[10:14] == ["3", "1.500", "0.248", "1.500"] and cells[16] == "+50.0%*"
    # wall rows: base policy 1.000, thp 0.500: geomean sqrt(0.5) = 0.707
    assert "h1 (AMD EPYC): baseline base; a/base wall time geomean 0.707 over 2 rows; " \
        "b/base wall time geomean 1.732 over 2 rows" in out


def test_folders_of_other_hosts_are_compared_within_their_host(build):
    sets = _three(build, hosts=("h1", "h2", "h2"))
    out = diff_many.render_many(sets, ["time"])
    # a is h2's baseline, b compared with a; nothing is compared with base
    assert "b/a" in out and "a/base" not in out and "b/base" not in out
    summary = out.split("summary by host")[1]
    assert "h2 (AMD EPYC): baseline a; b/a wall time geomean" in summary
    two = _rows(diff.render_diff(sets[1], sets[2], ["time"], fmt="csv"))
    many = _rows(diff_many.render_many(sets, ["time"], fmt="csv"))
    assert [r[3:] for r in many[1:]] == two[1:]


def test_a_folder_alone_on_its_host_is_named_not_compared(build):
    sets = _three(build, hosts=("h1", "h1", "h3"))
    out = diff_many.render_many(sets, ["time"])
    assert "b (h3 (AMD EPYC)): the only folder of its host, compared with none" in out
    assert "b/base" not in out
    with pytest.raises(diff.DiffError, match="no two folders ran on the same host"):
        diff_many.render_many(_three(build, hosts=("h1", "h2", "h3")))


def test_spbench_diff_of_three_folders(build, tmp_path):
    sets = _three(build)
    p = subprocess.run([sys.executable, os.path.join(REPO, "harness", "spbench"), "diff",
                        *(rs.folder for rs in sets), "--metric", "time", "--format", "md"],
                       capture_output=True, text=True, cwd=REPO)
    assert p.returncode == 0, p.stderr
    assert "| a/base |" in p.stdout and "| b/base |" in p.stdout
    assert "## Summary by host (never pooled)" in p.stdout
