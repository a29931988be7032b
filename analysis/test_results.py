"""Tests of analysis.results: loading, grouping, exclusions, bad input."""

import json

import pytest

from analysis import results


def test_groups_and_exclusions(build):
    recs = [build.record("matrix", "base", 9.0, warmup=True)]
    recs += build.series("matrix", "base", [2.0, 2.2, 2.1])
    recs += build.series("matrix", "thp", [1.0, 1.1])
    recs.append(build.record("matrix", "thp", 0.1, rep=2, passed=False))
    recs.append(build.record("matrix", "thp", 1.0, state="fragmented"))
    rs = results.load(build.folder("r", recs))
    assert rs.warmups == 1 and rs.failed == 1
    base = rs.group("matrix", "test", "clean", "base", "host")
    thp = rs.group("matrix", "test", "clean", "thp", "host")
    assert base.times() == [2.0, 2.2, 2.1] and base.warmups == 1
    assert thp.times() == [1.0, 1.1] and thp.failed == 1
    assert len(rs.groups) == 3
    assert rs.failed_where[0][0] == 7   # the failed record's line number
    assert [g.policy for g in rs.ordered()][:2] == ["base", "thp"]


def test_crashed_child_counts_as_failed(build):
    rec = build.record("mcf", "base", 1.0)
    rec["spstat"]["exit"]["signal"] = 9
    rs = results.load(build.folder("r", [rec]))
    assert rs.failed == 1
    assert rs.group("mcf", "test", "clean", "base", "host").records == []


def test_missing_folder(tmp_path):
    with pytest.raises(results.NotAResultFolder) as e:
        results.load(tmp_path / "nope")
    assert "no such folder" in str(e.value)


def test_missing_meta_and_runs(tmp_path, build):
    (tmp_path / "empty").mkdir()
    with pytest.raises(results.NotAResultFolder, match="no meta.json"):
        results.load(tmp_path / "empty")
    f = build.folder("r", [])
    (f / "runs.jsonl").unlink()
    with pytest.raises(results.NotAResultFolder, match="no runs.jsonl"):
        results.load(f)


def test_bad_meta(build):
    f = build.folder("r", [])
    (f / "meta.json").write_text("{not json")
    with pytest.raises(results.NotAResultFolder, match="invalid JSON"):
        results.load(f)
    (f / "meta.json").write_text(json.dumps({"schema": "other/1"}))
    with pytest.raises(results.NotAResultFolder, match="spbench-meta"):
        results.load(f)


def test_malformed_line_reported_with_its_number(build):
    f = build.folder("r", build.series("matrix", "base", [1.0, 1.1]))
    with open(f / "runs.jsonl", "a") as out:
        out.write("\n{\"schema\": \"spbench-run/1\", \"work\n")
    with pytest.raises(results.NotAResultFolder) as e:
        results.load(f)
    msg = str(e.value)
    assert "line 4" in msg and "invalid JSON" in msg
    assert "\n" not in msg


def test_record_lacking_fields(build):
    rec = build.record("matrix", "base", 1.0)
    del rec["policy"]
    with pytest.raises(results.NotAResultFolder, match=r"line 1: record lacks policy"):
        results.load(build.folder("r", [rec]))
    rec = build.record("matrix", "base", 1.0)
    del rec["spstat"]["time"]
    with pytest.raises(results.NotAResultFolder,
                       match=r"line 1: record lacks spstat.time.wall_s"):
        results.load(build.folder("s", [rec]))


def test_failed_record_need_not_carry_spstat(build):
    rec = build.record("matrix", "base", 1.0, passed=False)
    del rec["spstat"]
    rs = results.load(build.folder("r", [rec]))
    assert rs.failed == 1
