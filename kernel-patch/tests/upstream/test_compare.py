"""Tests of compare.py, the judge of upstream selftest runs with
reservations off and on, on logs in the selftests' own formats."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

COW_OFF = """TAP version 13
1..3
# [RUN] Basic COW after fork() ... with base page
ok 1 No leak from parent into child
# [RUN] Basic COW after fork() ... with PMD-mapped THP (2048 kB)
ok 2 No leak from parent into child
# [RUN] vmsplice() + unmap in child ... with PMD-mapped THP (2048 kB)
ok 3 No leak from child into parent
# Totals: pass:3 fail:0 xfail:0 xpass:0 skip:0 error:0
"""
COW_ON = COW_OFF.replace("ok 2 No leak from parent into child",
                         "ok 2 # SKIP Did not get a THP populated")

GREEN, RED, YELLOW = ("\x1b[32m{}\x1b[0m", "\x1b[31m{}\x1b[0m", "\x1b[33m{}\x1b[0m")
KHUGEPAGED_OFF = (
    "Save THP and khugepaged settings... " + GREEN.format("OK") + "\n"
    "Allocate huge page on fault... " + GREEN.format("OK") + "\n"
    "Split huge PMD on MADV_DONTNEED... " + GREEN.format("OK") + "\n"
    "\nRun test: collapse_full (khugepaged:anon)\n"
    "Allocate huge page... " + GREEN.format("OK") + "\n"
    "\rConstruct PTE page table full of compound pages   1/2..."
    "\rConstruct PTE page table full of compound pages   2/2... " + GREEN.format("OK") + "\n"
    "\nRun test: collapse_full (madvise:anon)\n"
    "Allocate huge page... " + GREEN.format("OK") + "\n"
    "Collapse fully populated PTE table... " + RED.format("Fail") + "\n"
    "\nRun test: collapse_swapin_single_pte (khugepaged:anon)\n"
    "Swapout one page... " + YELLOW.format("Skip") + "\n"
)
KHUGEPAGED_ON = KHUGEPAGED_OFF.replace(
    "Allocate huge page on fault... " + GREEN.format("OK"),
    "Allocate huge page on fault... " + RED.format("Fail"), 1)


@pytest.fixture(scope="module")
def rules():
    return compare.load_rules()


def results(text):
    return [(s.key, s.result, s.message) for s in compare.parse(text)]


def test_parses_tap_results_and_skip_reasons():
    text = COW_ON + "not ok 4 Leak from parent into child\nok 5 # XFAIL known\n"
    assert results(text) == [
        ("1", "pass", "No leak from parent into child"),
        ("2", "skip", "Did not get a THP populated"),
        ("3", "pass", "No leak from child into parent"),
        ("4", "fail", "Leak from parent into child"),
        ("5", "xfail", "known"),
    ]


def test_a_skip_after_a_description_is_a_skip():
    text = ("ok 1 migration.private_anon\n"
            "ok 2 migration.private_anon_thp # SKIP Not enough threads or NUMA nodes available\n")
    assert results(text) == [
        ("1", "pass", "migration.private_anon"),
        ("2", "skip", "migration.private_anon_thp: Not enough threads or NUMA nodes available"),
    ]


def test_a_subtest_that_skips_with_reservations_on_only_differs():
    off = "ok 1 migration.private_anon_thp\n"
    on = "ok 1 migration.private_anon_thp # SKIP Not enough threads\n"
    ok, _, _, details = compare.compare("migration", off, "0", on, "0", compare.load_rules())
    assert not ok
    assert details == ["unexpected: 1: pass -> skip (migration.private_anon_thp: "
                       "Not enough threads)"]


def test_parses_khugepaged_checks_under_their_test_header():
    got = results(KHUGEPAGED_OFF)
    assert got[1] == ("Allocate huge page on fault", "pass", "OK")
    assert ("collapse_full (khugepaged:anon): "
            "Construct PTE page table full of compound pages   2/2", "pass", "OK") in got
    assert ("collapse_full (madvise:anon): Collapse fully populated PTE table",
            "fail", "Fail") in got
    assert got[-1] == ("collapse_swapin_single_pte (khugepaged:anon): Swapout one page",
                       "skip", "Skip")


def test_a_check_repeated_in_one_test_gets_an_ordinal():
    text = ("Run test: t (c:o)\n" + "Check... " + GREEN.format("OK") + "\n") * 1 \
        + "Check... " + RED.format("Fail") + "\n"
    assert results(text) == [("t (c:o): Check", "pass", "OK"),
                             ("t (c:o): Check #2", "fail", "Fail")]


def test_identical_runs_are_ok_even_with_failures(rules):
    ok, _, expected, details = compare.compare("khugepaged", KHUGEPAGED_OFF, "1",
                                               KHUGEPAGED_OFF, "1", rules)
    assert ok and expected == [] and details == []


def test_the_listed_cow_skip_is_an_expected_difference(rules):
    ok, summary, expected, details = compare.compare("cow", COW_OFF, "0", COW_ON, "0", rules)
    assert ok
    assert [(a.result, b.result) for a, b in expected] == [("pass", "skip")]
    assert details == ["expected (1): pass -> skip (Did not get a THP populated): 2"]
    assert summary == ("off: 3 pass, 0 skip, 0 fail, exit 0; "
                       "on: 2 pass, 1 skip, 0 fail, exit 0")


def test_alloc_at_fault_may_fail_and_raise_the_exit_status(rules):
    ok, _, expected, _ = compare.compare("khugepaged", KHUGEPAGED_OFF, "1",
                                         KHUGEPAGED_ON, "2", rules)
    assert ok and len(expected) == 1


def test_a_rule_applies_only_to_its_own_test(rules):
    ok, _, _, details = compare.compare("migration", COW_OFF, "0", COW_ON, "0", rules)
    assert not ok and details[0].startswith("unexpected: 2: pass -> skip")


def test_an_unlisted_failure_is_a_difference(rules):
    on = COW_OFF.replace("ok 3 No leak", "not ok 3 Leak")
    ok, _, _, details = compare.compare("cow", COW_OFF, "0", on, "1", rules)
    assert not ok
    assert details == ["unexpected: 3: pass -> fail (Leak from child into parent)",
                       "unexpected: exit status 0 with reservations off, 1 with them on"]


def test_a_skip_for_another_reason_is_a_difference(rules):
    on = COW_OFF.replace("ok 2 No leak from parent into child", "ok 2 # SKIP out of memory")
    ok, _, _, _ = compare.compare("cow", COW_OFF, "0", on, "0", rules)
    assert not ok


def test_a_subtest_missing_from_one_run_is_a_difference(rules):
    on = COW_OFF.split("ok 3")[0]
    ok, _, _, details = compare.compare("cow", COW_OFF, "0", on, "139", rules)
    assert not ok and details[0] == "unexpected: 3: pass -> absent (No leak from child into parent)"


def test_an_exit_status_change_alone_is_a_difference(rules):
    ok, _, _, _ = compare.compare("cow", COW_OFF, "0", COW_ON, "1", rules)
    assert not ok
    ok, _, _, _ = compare.compare("transhuge-stress", "", "0", "", "137", rules)
    assert not ok


def test_a_malformed_rule_is_refused(tmp_path):
    bad = tmp_path / "rules"
    bad.write_text("# comment\n\ncow pass skip\n")
    with pytest.raises(ValueError, match=r"rules:3: want TEST OFF ON REGEX"):
        compare.load_rules(str(bad))


def test_command_line_prints_one_tap_line(tmp_path):
    off, on = tmp_path / "off.log", tmp_path / "on.log"
    off.write_text(COW_OFF)
    on.write_text(COW_ON)
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare.py")
    p = subprocess.run([sys.executable, script, "1", "cow", str(off), "0", str(on), "0"],
                       capture_output=True, text=True)
    assert p.returncode == 0
    assert p.stdout.splitlines()[0].startswith(
        "ok 1 - upstream cow: same results with reservations on and off, "
        "1 expected difference(s)")
    p = subprocess.run([sys.executable, script, "1", "cow", str(on), "0", str(off), "0"],
                       capture_output=True, text=True)
    assert p.returncode == 1 and p.stdout.startswith("not ok 1 - upstream cow: results differ")


def test_strict_allows_no_listed_difference(tmp_path):
    off, on = tmp_path / "off.log", tmp_path / "on.log"
    off.write_text(COW_OFF)
    on.write_text(COW_ON)
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare.py")
    run = [sys.executable, script, "--strict", "2", "cow (promote_threshold 1)"]
    p = subprocess.run(run + [str(off), "0", str(on), "0"], capture_output=True, text=True)
    assert p.returncode == 1
    assert p.stdout.startswith("not ok 2 - upstream cow (promote_threshold 1): results differ")
    assert "# unexpected: 2: pass -> skip (Did not get a THP populated)" in p.stdout
    p = subprocess.run(run + [str(off), "0", str(off), "0"], capture_output=True, text=True)
    assert p.returncode == 0 and ", 0 expected difference(s)" in p.stdout
