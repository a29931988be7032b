"""Tests of the perlbmk workload: perl running sp-perlbmk.pl on the
seeded mailbox writes a report sp-perlbmk-check accepts; a changed count,
sum, diff, folder or word line, a missing or extra line, or another seed
fail it; the manifest runs the script with perl. (test_contract.py holds
what every workload's tests share.)"""
import functools
import re
import subprocess

import pytest

from testkit import (TINY_ARGS, assert_check_fails, expand, manifest,
                     read_text, run, run_on_text)

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["perlbmk"]


@pytest.fixture(scope="module")
def report(tiny):
    """The manifest's prepare and run commands on TINY (shared); the
    report."""
    return read_text(tiny.folders(MANIFEST)["out"], "report.txt")


def check(tmp_path, text, args=TINY, seed="7"):
    return run_on_text("sp-perlbmk-check", tmp_path / "report.txt", text, *args,
                       "-s", seed)


assert_fails = functools.partial(assert_check_fails, "sp-perlbmk-check")


def test_real_report_in_detail(report, tiny):
    assert tiny.check(MANIFEST).stdout == "ok 120 messages\n"
    lines = report.splitlines()
    assert lines[-1] == "messages 120" and len(
        [ln for ln in lines if ln.startswith("word ")]) == 20
    # some senders wrote twice, and their messages share lines
    assert re.search(r"removed [1-9]\d* common [1-9]", report)


@pytest.mark.parametrize("field", ["lines", "words", "sum", "added",
                                   "removed", "common"])
def test_changed_message_field_fails(report, tmp_path, field):
    m = re.search(r"(message 7 [^\n]* %s )(\d+)" % field, report)
    changed = report[:m.start(2)] + str(int(m.group(2)) + 1) + \
        report[m.end(2):]
    assert_fails(check(tmp_path, changed), "line 7 is")


def test_changed_folder_or_word_fails(report, tmp_path):
    for pattern in (r"(sender \S+ messages )(\d+)", r"(word \S+ )(\d+)"):
        m = re.search(pattern, report)
        changed = report[:m.start(2)] + str(int(m.group(2)) + 1) + \
            report[m.end(2):]
        assert_fails(check(tmp_path, changed), "expected")


def test_swapped_messages_fail(report, tmp_path):
    lines = report.splitlines(keepends=True)
    lines[2], lines[3] = lines[3], lines[2]
    assert_fails(check(tmp_path, "".join(lines)), "line 3 is")


def test_missing_or_extra_line_fails(report, tmp_path):
    assert_fails(check(tmp_path, report[:report.rindex("messages ")]),
                 "ends at line")
    assert_fails(check(tmp_path, report + "messages 120\n"), "text after")


def test_other_seed_fails(report, tmp_path):
    assert_fails(check(tmp_path, report, seed="8"), "line 1 is")


def test_script_refuses_a_bad_mailbox(tmp_path):
    (tmp_path / "bad.mbox").write_text("From x\nSubject: no sender\n\nbody\n")
    proc = subprocess.run(["/usr/bin/perl", expand(["{bin}/sp-perlbmk.pl"],
                                                   [])[0],
                           str(tmp_path / "bad.mbox"),
                           str(tmp_path / "r.txt")], capture_output=True,
                          text=True)
    assert proc.returncode != 0 and "without a sender" in proc.stderr
    assert not (tmp_path / "r.txt").exists()


def test_mailbox_is_seeded(tmp_path):
    for seed in ("1", "2"):
        assert run("sp-perlbmk-gen", *TINY, "-s", seed, "-o",
                   str(tmp_path / seed)).returncode == 0
    a = (tmp_path / "1" / "mail.mbox").read_text()
    b = (tmp_path / "2" / "mail.mbox").read_text()
    assert a != b and a.count("\nFrom: ") + a.startswith("From: ") == 120
    assert a.count("Message-Id: ") == 120


def test_manifest_runs_the_script_with_perl():
    m = MANIFEST
    assert m["run"]["command"][:2] == ["/usr/bin/perl", "{bin}/sp-perlbmk.pl"]
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
