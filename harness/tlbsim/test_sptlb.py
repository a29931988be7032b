"""sptlb, the Valgrind tool, on real programs: the walk program's misses
differ between two pass counts by what the models' geometry gives by hand;
the same program twice gives the same counts; a program that dies by a
signal gets one line and a non-zero exit, no counts; counts follow execs
and list forked processes apart; a timeout stops the whole group; static
binaries and code written at run time (a JIT) are followed; a subset of the
models and policies counts what the full set counts for them."""
import json
import os
import subprocess
import time

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
    # 1024 pages over 16 sets of 4 ways miss the L1 every time; over 128
    # sets of 16 ways (8 a set) they stay in the STLB: no page walks.
    a, b = walks
    assert miss_delta(a, b, "x86-modern", "base", "dtlb-4k") == 3 * PAGES_4K
    assert miss_delta(a, b, "x86-modern", "base", "stlb") == 0
    assert miss_delta(a, b, "x86-modern", "base") == 0
    for policy in ("2M", "thp-always"):
        assert miss_delta(a, b, "x86-modern", policy, "dtlb-2m") == 0


def test_same_program_twice_same_counts():
    def strip(d):
        return {k: v for k, v in d.items() if k not in ("command", "process")}
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


def near(x, y):
    """Equal but for the few accesses a different environment block costs
    ld.so; a second program's counts (tens of thousands) would not be."""
    return abs(x - y) <= 0.01 * y


def test_counts_follow_execs_to_the_last_program(walks):
    # env execs the walk: the counts are the walk's, env's are gone
    a, _ = walks
    two = counts("/usr/bin/env", "SPTLB_TEST=1", WALK, "2")
    five = counts("/usr/bin/env", "SPTLB_TEST=1", WALK, "5")
    assert five["process"]["image"] == WALK
    assert five["accesses"]["data"] - two["accesses"]["data"] == 3 * PAGES_4K
    assert near(two["accesses"]["data"], a["accesses"]["data"])
    assert five["other_processes"] == []


def test_forked_children_are_listed_not_added(walks):
    a, _ = walks
    data = counts("/bin/sh", "-c", f"{WALK} 2; exit 0")
    assert data["process"]["image"] == "/bin/sh"
    kids = data["other_processes"]
    assert [k["image"] for k in kids] == [WALK]
    assert near(kids[0]["data_accesses"], a["accesses"]["data"])
    assert not near(data["accesses"]["data"],
                    a["accesses"]["data"] + kids[0]["data_accesses"])


def test_native_helpers_run_outside_the_tool():
    proc = subprocess.run([SPTLB, "--native", "*/walk", "--", "/bin/sh", "-c",
                           f"{WALK} 2; exit 0"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["other_processes"] == []


def test_timeout_stops_the_whole_group_with_one_line():
    marker = "61.25"        # a sleep no one else runs, to look for afterwards
    start = time.monotonic()
    proc = subprocess.run([SPTLB, "--timeout", "3", "--", "/bin/sh", "-c",
                           f"sleep {marker} & sleep {marker}"],
                          capture_output=True, text=True, timeout=60)
    assert time.monotonic() - start < 30
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines()[-1] == (
        "sptlb: /bin/sh did not finish within 3 s under the tool; stopped, no counts")
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if marker.encode() in f.read():
                    left.append(pid)
        except OSError:
            pass
    assert left == []


def test_static_binary_is_followed():
    a = counts(WALK + "-static", "2")
    b = counts(WALK + "-static", "5")
    assert b["accesses"]["data"] - a["accesses"]["data"] == 3 * PAGES_4K
    assert miss_delta(a, b, "alpha21264", "base") == 3 * PAGES_8K


def test_code_made_and_rewritten_at_run_time_is_followed():
    # a call per page: the return address pushed and popped, and one read;
    # after the rewrite two reads. Code seen stale would count three.
    jit = os.path.join(REPO, "build", "tlbsim", "jit")
    base, more_once, more_twice = (counts(jit, *a) for a in (("2", "0"), ("5", "0"), ("2", "3")))
    once = more_once["accesses"]["data"] - base["accesses"]["data"]
    twice = more_twice["accesses"]["data"] - base["accesses"]["data"]
    assert abs(once - 3 * PAGES_4K * 3) <= 16, once
    assert abs(twice - 3 * PAGES_4K * 4) <= 16, twice


def test_a_subset_of_models_and_policies_counts_what_the_full_set_does(tmp_path):
    heap = os.path.join(REPO, "build", "tlbsim", "heap")
    log = str(tmp_path / "log")

    def run(*opts):
        proc = subprocess.run([SPTLB, *opts, "--", heap, "12", log],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout.splitlines()[-1])
    full = run()
    alpha = run("--models", "alpha21264", "--policies", "64K,4M,all")
    x86 = run("--model", "x86-modern", "--policies", "x86-modern:thp-always")
    assert list(alpha["models"]) == ["alpha21264"]
    assert set(alpha["models"]["alpha21264"]["policies"]) == {"64K", "4M", "all"}
    for part in (alpha, x86):
        assert part["accesses"] == full["accesses"] and part["heap"] == full["heap"]
        for model, m in part["models"].items():
            for name, counts in m["policies"].items():
                assert counts == full["models"][model]["policies"][name], (model, name)
    assert alpha["models"]["alpha21264"]["policies"]["4M"]["promotions"]["4M"] >= 1
    # an 8K base page's model alone looks up no access twice in one 8K page
    assert alpha["lookups"]["data"] < full["lookups"]["data"]


def test_policies_no_model_has_are_refused():
    proc = subprocess.run([SPTLB, "--models", "alpha21264", "--policies", "2M", "--",
                           WALK, "1"], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "no model simulated has the policy 2M" in proc.stderr
