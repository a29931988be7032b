"""Tests of analysis.diff and of the command line."""

import subprocess
import sys

import pytest

from analysis import __main__ as cli, diff, results
from analysis.conftest import table_row


def _load(build, name, recs, meta=None):
    return results.load(build.folder(name, recs, meta))


def test_diff_ratio_significance_and_geomean(build):
    a = build.series("matrix", "thp", [2.0, 2.02, 1.98])
    a += build.series("mcf", "thp", [1.0, 1.2, 0.8])
    b = build.series("matrix", "thp", [1.0, 1.01, 0.99])
    b += build.series("mcf", "thp", [1.0, 1.2, 0.8])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b))
    m = table_row(out, "matrix", "test", "clean", "thp", "time")
    assert "0.500" in m and "-50.0%*" in m
    c = table_row(out, "mcf", "test", "clean", "thp", "time")
    assert "1.000" in c and "+0.0% " in c + " " and "*" not in c
    g = table_row(out, "geomean")
    assert "0.707" in g     # sqrt(0.5 * 1.0)
    assert "do not overlap" in out


def test_diff_welch_p_needs_spread(build):
    a = build.series("matrix", "thp", [2.0, 2.0, 2.0])
    b = build.series("matrix", "thp", [1.0, 1.0, 1.0])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b))
    row = table_row(out, "matrix", "test", "clean", "thp", "time")
    # no spread on either side: the ratio is exact, Welch's t is undefined
    assert "[0.500, 0.500]" in row
    assert row.split()[-2:] == ["-50.0%*", "n/a"]


def test_diff_dtlb_rows_only_when_supported_in_both(build):
    a = build.series("matrix", "thp", [2.0, 2.1], load=[1000, 1100])
    b = build.series("matrix", "thp", [2.0, 2.1], load=[500, 550])
    out = diff.render_diff(_load(build, "a", a), _load(build, "b", b))
    assert "0.500" in table_row(out, "matrix", "test", "clean", "thp", "dTLB")
    c = build.series("matrix", "thp", [2.0, 2.1])
    out = diff.render_diff(_load(build, "a2", a), _load(build, "c", c))
    assert "dTLB miss" not in out.split("context")[0].replace("dTLB misses: not supported", "")
    assert "n/a in B: no hardware PMU" in out


def test_context_that_differs(build):
    recs = build.series("matrix", "thp", [1.0, 1.1])
    ma = build.meta()
    mb = build.meta(kernel={"release": "6.12.0-resv", "cmdline": "ro quiet", "virt": "tcg"},
                    revision="v0-2-gdef")
    mb["settings"] = {"thp_enabled": "always"}
    out = diff.render_diff(
        _load(build, "a", recs, ma),
        _load(build, "b", recs + build.series("fftw", "thp", [3.0, 3.1]), mb))
    ctx = out.split("context that differs")[1]
    assert "kernel.release: 6.18.0 | 6.12.0-resv" in ctx
    assert "kernel.virt: kvm | tcg" in ctx
    assert "settings.thp_enabled: madvise | always" in ctx
    assert "revision: v0-1-gabc | v0-2-gdef" in ctx
    assert "kernel.cmdline" not in ctx
    assert "workload fftw: B only" in ctx
    assert "B: kernel ran under TCG emulation" in out


def test_diff_refuses_non_result_folder(build, tmp_path):
    good = _load(build, "a", build.series("matrix", "thp", [1.0]))
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "notes.txt").write_text("hello")
    with pytest.raises(results.NotAResultFolder) as e:
        diff.render_diff(good, results.load(tmp_path / "junk"))
    assert "\n" not in str(e.value) and "junk" in str(e.value)


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
    root = __file__.rsplit("/analysis/", 1)[0]
    p = subprocess.run([sys.executable, "-m", "analysis", "table", str(tmp_path)], cwd=root,
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.strip().endswith("no meta.json (not an spbench result folder)")
