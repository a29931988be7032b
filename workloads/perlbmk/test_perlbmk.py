"""Tests of the perlbmk workload: perl running sp-perlbmk.pl on the
seeded mailbox writes a report sp-perlbmk-check accepts; a changed count,
sum, diff, folder or word line, a missing or extra line, or another seed
fail it; bad arguments are refused; and the manifest's commands work end
to end with perl as the program."""
import functools
import re
import subprocess

import pytest

from testkit import (assert_check_fails, assert_manifest_basics,
                     assert_section_passes, expand, manifest,
                     prepare_and_run, read_text, run, run_on_text)

MANIFEST = manifest(__file__)
TINY = ["-n", "120"]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The manifest's prepare and run commands on TINY; the report."""
    made = prepare_and_run(MANIFEST, TINY, tmp_path_factory.mktemp("perlbmk"))
    return read_text(made["out"], "report.txt")


def check(tmp_path, text, args=TINY, seed="7"):
    return run_on_text("sp-perlbmk-check", tmp_path / "report.txt", text, *args,
                       "-s", seed)


assert_fails = functools.partial(assert_check_fails, "sp-perlbmk-check")


def test_real_report_passes(report, tmp_path):
    proc = check(tmp_path, report)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "ok 120 messages\n"
    lines = report.splitlines()
    assert lines[-1] == "messages 120" and len(
        [ln for ln in lines if ln.startswith("word ")]) == 20
    # some senders wrote twice, and their messages share lines
    assert re.search(r"removed [1-9]\d* common [1-9]", report)


def test_manifest_check_command_passes(report, tmp_path):
    (tmp_path / "report.txt").write_text(report)
    assert_section_passes(MANIFEST, "check", TINY, out=str(tmp_path))


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


@pytest.mark.parametrize("args", [
    [], ["-n", "0"], ["-n", "x"], ["-n", "2", "--mb", "1"],
    ["-n", "2", "-s"], ["-n", "2", "-q"],
])
def test_bad_arguments_exit_2(tmp_path, args):
    proc = run("sp-perlbmk-gen", *args, "-o", str(tmp_path / "in"))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    proc = run("sp-perlbmk-check", *args, str(tmp_path / "r.txt"))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1


def test_manifest_keys():
    m = MANIFEST
    assert_manifest_basics(m, __file__)
    assert m["paper_row"] == m["name"] and m["group"] == "CINT2000"
    assert m["run"]["command"][:2] == ["/usr/bin/perl", "{bin}/sp-perlbmk.pl"]
    assert m["sizes"]["ref"]["args"] == ["--mb", "{ref_mb}"]
    for section in ("prepare", "check"):
        assert "{seed}" in m[section]["command"]
