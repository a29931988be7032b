"""sptlb, the Valgrind tool, on real programs: the walk program's misses
differ between two pass counts by what the models' geometry gives by hand;
the same program twice gives the same counts; a program that dies by a
signal gets one line and a non-zero exit, no counts."""
import json
import os
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPTLB = os.path.join(REPO, "build", "bin", "sptlb")
WALK = os.path.join(REPO, "build", "tlbsim", "walk")
PAGES_4K = 1024        # the walk's 4 MB in 4 KB pages
PAGES_8K = 512


def sptlb(*cmd):
    proc = subprocess.run([SPTLB, "--"] + list(cmd), capture_output=True,
                          text=True, timeout=60)
    return proc


def counts(*cmd):
    proc = sptlb(*cmd)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def walks():
    assert os.path.exists(SPTLB) and os.path.exists(WALK), "run make first"
    return counts(WALK, "2"), counts(WALK, "5")


def miss_delta(a, b, model, policy, tlb=None):
    pa = a["models"][model]["policies"][policy]
    pb = b["models"][model]["policies"][policy]
    if tlb is None:
        return pb["data_misses"] - pa["data_misses"]
    return pb["tlbs"][tlb]["misses"] - pa["tlbs"][tlb]["misses"]


def test_walk_reads_one_byte_per_page_per_pass(walks):
    a, b = walks
    assert b["accesses"]["data"] - a["accesses"]["data"] == 3 * PAGES_4K


def test_alpha_base_misses_every_8k_page_each_pass(walks):
    # 512 pages > 128 entries, filled in turn: each 8 KB page misses once
    # a pass (its second 4 KB half hits); superpages fit and never miss.
    a, b = walks
    assert miss_delta(a, b, "alpha21264", "base") == 3 * PAGES_8K
    for policy in ("64K", "512K", "4M", "all"):
        assert miss_delta(a, b, "alpha21264", policy) == 0, policy


def test_alpha_promotes_the_walked_region(walks):
    _, b = walks
    promoted = b["models"]["alpha21264"]["policies"]
    assert promoted["4M"]["promotions"]["4M"] >= 1
    assert promoted["all"]["promotions"]["512K"] >= 8
    assert promoted["all"]["promotions"]["64K"] >= 64


def test_x86_base_misses_l1_not_stlb(walks):
    # 1024 pages over 16 sets of 6 ways miss the L1 every time; over 128
    # sets of 16 ways (8 a set) they stay in the STLB: no page walks.
    a, b = walks
    assert miss_delta(a, b, "x86-modern", "base", "dtlb-4k") == 3 * PAGES_4K
    assert miss_delta(a, b, "x86-modern", "base", "stlb") == 0
    assert miss_delta(a, b, "x86-modern", "base") == 0
    for policy in ("2M", "thp-always"):
        assert miss_delta(a, b, "x86-modern", policy, "dtlb-2m") == 0


def test_same_program_twice_same_counts():
    def strip(d):
        return {k: v for k, v in d.items() if k != "command"}
    first = counts("sort", os.path.join(REPO, "README.md"))
    again = counts("sort", os.path.join(REPO, "README.md"))
    assert strip(first) == strip(again)
    assert first["accesses"]["data"] > 0


def test_death_by_signal_is_one_line_and_fails():
    proc = sptlb("sh", "-c", "kill -SEGV $$")
    assert proc.returncode != 0
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert lines[-1] == ("sptlb: sh ended by signal SIGSEGV: its counts "
                         "would be partial, none reported")


def test_missing_command_is_refused():
    proc = sptlb("/nonexistent/prog")
    assert proc.returncode == 2
    assert "command not found" in proc.stderr
