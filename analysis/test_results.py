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
    with pytest.raises(results.NotAResultFolder, match="no runs"):
        results.load(f)


def test_bad_meta(build):
    f = build.folder("r", [])
    (f / "meta.json").write_text("{not json")
    with pytest.raises(results.NotAResultFolder, match="invalid JSON"):
        results.load(f)
    (f / "meta.json").write_text(json.dumps({"schema": "other/1"}))
    with pytest.raises(results.NotAResultFolder, match="spbench-meta"):
        results.load(f)


def test_malformed_line_is_skipped_and_named(build):
    """A line a crash cut short loses that line alone: the records before and after it
    are read, and the line is named with its number."""
    f = build.folder("r", build.series("matrix", "base", [1.0, 1.1]))
    with open(f / "runs.jsonl", "a") as out:
        out.write("\n{\"schema\": \"spbench-run/1\", \"work\n")
        out.write(json.dumps(build.record("matrix", "base", 1.2, rep=2)) + "\n")
    warned = []
    rs = results.load(f, warn=warned.append)
    assert rs.group("matrix", "test", "clean", "base", "host").times() == [1.0, 1.1, 1.2]
    assert [(b.number, b.reason.startswith("not JSON")) for b in rs.bad_lines] == [(4, True)]
    assert warned == rs.bad_lines
    assert "line 4" in str(warned[0]) and "\n" not in str(warned[0])


def test_record_lacking_fields_is_skipped_and_named(build):
    rec = build.record("matrix", "base", 1.0)
    del rec["policy"]
    rs = results.load(build.folder("r", [rec, build.record("matrix", "base", 1.5, rep=1)]),
                      warn=None)
    assert [(b.number, b.reason) for b in rs.bad_lines] == [(1, "record lacks policy")]
    assert rs.group("matrix", "test", "clean", "base", "host").times() == [1.5]
    rec = build.record("matrix", "base", 1.0)
    del rec["spstat"]["time"]
    rs = results.load(build.folder("s", [rec]), warn=None)
    assert [(b.number, b.reason) for b in rs.bad_lines] == [
        (1, "spstat.time.wall_s is not a number")]
    assert rs.groups == {}


def test_failed_record_need_not_carry_spstat(build):
    rec = build.record("matrix", "base", 1.0, passed=False)
    del rec["spstat"]
    rs = results.load(build.folder("r", [rec]))
    assert rs.failed == 1
