"""Tests of the records' writes and reads: a line appended after one a crash cut short is
whole, a short write is undone and said, a full disk is one line with the earlier records
intact, and a damaged line is skipped and named, the rest of the file read."""
import errno
import json
import os
import subprocess

import pytest

from harness.records import lines
from harness.records.lines import BadLine, FolderError


def test_a_line_after_a_cut_one_is_whole(tmp_path):
    path = str(tmp_path / "r.jsonl")
    lines.append_json(path, {"a": 1})
    with open(path, "a") as f:
        f.write('{"b": {"c": 3}')            # a crash in the middle of a record
    lines.append_json(path, {"d": 4})
    bad = []
    got = lines.read_json_lines(path, warn=None, bad=bad)
    assert got == [{"a": 1}, {"d": 4}]
    assert [(b.number, b.reason.split(" (")[0]) for b in bad] == [(2, "not JSON")]
    assert open(path).read() == '{"a":1}\n{"b": {"c": 3}\n{"d":4}\n'


def test_a_short_write_is_undone_and_said(tmp_path, monkeypatch):
    path = str(tmp_path / "r.jsonl")
    lines.append_json(path, {"a": 1})
    before = open(path).read()
    real = os.write
    calls = []

    def short(fd, data):
        calls.append(len(data))
        return real(fd, data[:5]) if len(calls) == 1 else 0
    monkeypatch.setattr(os, "write", short)
    with pytest.raises(FolderError, match="a short write") as e:
        lines.append_json(path, {"b": 2})
    assert e.value.status == 1
    monkeypatch.setattr(os, "write", real)
    assert open(path).read() == before


def test_a_full_disk_is_one_line_and_keeps_what_was_there(tmp_path, monkeypatch):
    path = str(tmp_path / "r.jsonl")
    lines.append_json(path, {"a": 1})

    def full(fd, data=None):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "write", full)
    with pytest.raises(FolderError) as e:
        lines.append_json(path, {"b": 2})
    assert "the disk is full" in str(e.value) and "\n" not in str(e.value)
    assert e.value.status == 1
    monkeypatch.undo()
    assert lines.read_json_lines(path) == [{"a": 1}]
    meta = str(tmp_path / "meta.json")
    lines.write_text(meta, "old\n")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(FolderError, match="its earlier content is kept"):
        lines.write_text(meta, "new\n")
    monkeypatch.undo()
    assert open(meta).read() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["meta.json", "r.jsonl"]   # no temporary left


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_a_real_full_tmpfs(tmp_path):
    mnt = tmp_path / "small"
    mnt.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(mnt)], check=True)
    try:
        path = str(mnt / "r.jsonl")
        written = 0
        with pytest.raises(FolderError, match="the disk is full"):
            for i in range(100):
                lines.append_json(path, {"i": i, "pad": "x" * 1000})
                written += 1
        assert written >= 5
        assert [r["i"] for r in lines.read_json_lines(path)] == list(range(written))
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_bad_lines_are_skipped_named_and_warned_once(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    path.write_text('{"a": 1}\n[1, 2]\n\n{"b": \n{"c": 3}\n')
    bad = []
    assert lines.read_json_lines(str(path), bad=bad) == [{"a": 1}, {"c": 3}]
    assert [b.number for b in bad] == [2, 4]
    assert bad[0].reason == "not a JSON object"
    lines.read_json_lines(str(path))
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2, err      # each bad line once per process, however often read
    assert err[0] == f"spbench: warning: {path} line 2: not a JSON object; skipped"


def test_a_missing_file_has_no_lines_and_an_unreadable_one_is_one_line(tmp_path):
    assert lines.read_json_lines(str(tmp_path / "none")) == []
    (tmp_path / "dir.jsonl").mkdir()
    with pytest.raises(FolderError, match="cannot read"):
        lines.read_json_lines(str(tmp_path / "dir.jsonl"))
    assert str(BadLine("p", 3, "why")) == "p line 3: why; skipped"


def test_json_dumps_of_a_record_is_one_line():
    assert "\n" not in json.dumps({"s": "a\nb"}, separators=(",", ":"))
