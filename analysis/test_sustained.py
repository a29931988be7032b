"""Tests of the sustained-experiment report on a synthetic result folder."""

import json

import pytest

from analysis import sustained


def _rec(scheme, policy, rep, wall, huge_kb=0, anon_kb=65536):
    return {"schema": "spbench-run/1", "workload": "fftw", "size": "test", "policy": policy,
            "state": f"sustained-{scheme}", "kernel": "host", "rep": rep, "warmup": False,
            "check": {"passed": True, "message": ""},
            "spstat": {"time": {"wall_s": wall},
                       "coverage": {"peak": {"anon_kb": anon_kb, "anon_huge_kb": huge_kb}}}}


def _jsonl(path, objs):
    path.write_text("".join(json.dumps(o) + "\n" for o in objs))


def _folder(tmp_path):
    _jsonl(tmp_path / "runs.jsonl", [
        _rec("cache", "base", 0, 2.0), _rec("cache", "base", 1, 2.0),
        _rec("cache", "thp", 0, 2.0), _rec("cache", "thp", 1, 1.9),
        _rec("daemon", "base", 0, 2.0),
        _rec("daemon", "thp", 0, 1.6, huge_kb=16384),
        _rec("daemon", "thp", 1, 1.25, huge_kb=40960)])
    _jsonl(tmp_path / "timeline.jsonl", [
        {"t_s": t, "contiguity": {"contiguity": c}}
        for t, c in ((0, 0.8), (5, 0.01), (10, 0.05), (11.5, 0.9), (20, 0.3), (24.5, 0.95),
                     (30, 0.02))])
    _jsonl(tmp_path / "events.jsonl", [
        {"t_s": 4, "scheme": "cache", "event": "fragmented",
         "spfrag": {"after": {"contiguity": 0.01}}},
        {"t_s": 11, "scheme": "cache", "event": "run-end"},
        {"t_s": 12, "scheme": "cache", "event": "released"},
        {"t_s": 15, "scheme": "daemon", "event": "fragmented",
         "spfrag": {"after": {"contiguity": 0.02}}},
        {"t_s": 24, "scheme": "daemon", "event": "run-end"},
        {"t_s": 25, "scheme": "daemon", "event": "released"}])
    return tmp_path


def test_rows_speedup_and_superpages(tmp_path):
    rs, _, _ = sustained.rows(str(_folder(tmp_path)))
    d = {(r["scheme"], r["run"]): r for r in rs}
    assert d[("cache", 1)]["speedup"] == 1.0
    assert abs(d[("daemon", 2)]["speedup"] - 1.6) < 1e-9
    assert d[("daemon", 2)]["huge_2m"] == 20
    assert d[("daemon", 2)]["wanted_2m"] == 32


def test_recovered_within_each_scheme_before_its_release(tmp_path):
    _, tl, ev = sustained.load(str(_folder(tmp_path)))
    assert sustained.recovered(tl, ev, "cache") == (0.01, 0.05)
    assert sustained.recovered(tl, ev, "daemon") == (0.02, 0.3)


def test_render_has_paper_values(tmp_path):
    out = sustained.render(str(_folder(tmp_path)))
    assert "1.00-1.03" in out and "35/60" in out and "0.424" in out
    assert "20/32" in out
    daemon2 = next(x for x in out.splitlines() if x.split()[:2] == ["daemon", "2"])
    assert daemon2.split() == ["daemon", "2", "1.600", "~1.55", "20/32", "62.5%", "35/60"]


def test_plots_written(tmp_path):
    pytest.importorskip("matplotlib")
    paths = sustained.plot(str(_folder(tmp_path)))
    assert [p.rsplit("/", 1)[1] for p in paths] == ["figure4.png", "figure5.png"]
    for p in paths:
        with open(p, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"
