"""Tests of resv_adversary on the host kernel, knobs kept: each mode writes
the number of pages its access pattern implies, each repetition's line
agrees with itself and the summary with the repetitions, only counters
/proc/vmstat has are reported, SIGTERM still ends it, bad arguments are
refused with one line, and --resv is refused where the kernel has no
reservations. The program is built once for the file (make)."""
import json
import math
import os
import signal
import statistics
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = "build/kernel-bench/resv_adversary"
PROG = os.path.join(REPO, TARGET)
RESV_DIR = "/sys/kernel/mm/transparent_hugepage/reservation"
THP_ENABLED = "/sys/kernel/mm/transparent_hugepage/enabled"
PAGES_PER_MB = 256          # 4 KB pages
PAGES_PER_HUGE = 512        # 4 KB pages in 2 MB


@pytest.fixture(scope="module", autouse=True)
def built():
    subprocess.run(["make", "-s", "-C", REPO, TARGET], check=True,
                   stdout=subprocess.DEVNULL)


def run(*args, timeout=120):
    return subprocess.run([PROG, *args], capture_output=True, text=True,
                          timeout=timeout)


def lines(*args):
    """The JSON lines of a run that must succeed: (repetitions, summary)."""
    p = run(*args)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert out and out[-1].get("summary") is True
    assert all("summary" not in o for o in out[:-1])
    return out[:-1], out[-1]


def vmstat_names():
    with open("/proc/vmstat") as f:
        return {line.split()[0] for line in f}


def check_rep(o, mode, rep, mb, pages):
    assert o["mode"] == mode
    assert o["rep"] == rep
    assert o["mb"] == mb
    assert o["pages_touched"] == pages
    assert o["seconds"] > 0
    # Printed to 1 ns and 0.001 ns/page: equal within that rounding.
    assert math.isclose(o["ns_per_page"], o["seconds"] * 1e9 / pages,
                        rel_tol=1e-6, abs_tol=1e-3 + 0.5 / pages)
    names = vmstat_names()
    assert set(o["vmstat"]) <= names
    assert all(isinstance(v, int) for v in o["vmstat"].values())
    # Counters this kernel does not have are left out, not reported as 0.
    if not os.path.isdir(RESV_DIR):
        assert not any(k.startswith("thp_resv") for k in o["vmstat"])
    assert ("thp_fault_alloc" in o["vmstat"]) == ("thp_fault_alloc" in names)


def test_incremental_one_write_per_page_and_summary():
    reps, summary = lines("incremental", "--reps", "2", "--mb", "4")
    assert len(reps) == 2
    for i, o in enumerate(reps, 1):
        check_rep(o, "incremental", i, 4, 4 * PAGES_PER_MB)
    assert summary["mode"] == "incremental"
    assert summary["reps"] == 2
    secs = [o["seconds"] for o in reps]
    assert math.isclose(summary["mean_seconds"], statistics.mean(secs),
                        abs_tol=2e-9)
    assert math.isclose(summary["sd_seconds"], statistics.stdev(secs),
                        abs_tol=2e-9)


def test_nopromote_skips_last_page_of_each_2mb():
    reps, summary = lines("nopromote", "--mb", "4", "--reps", "1")
    assert len(reps) == 1 and summary["reps"] == 1
    check_rep(reps[0], "nopromote", 1, 4, 2 * (PAGES_PER_HUGE - 1))
    assert summary["sd_seconds"] == 0


def test_nopromote_odd_mb_partial_range_all_touched():
    # 3 MB: one full 2 MB range less its last page, then 1 MB all written.
    reps, _ = lines("nopromote", "--mb", "3", "--reps", "1")
    check_rep(reps[0], "nopromote", 1, 3, (PAGES_PER_HUGE - 1) + PAGES_PER_MB)


def test_preempt_one_write_per_2mb():
    reps, summary = lines("preempt", "--mb=8", "--reps", "2")
    assert [o["rep"] for o in reps] == [1, 2]
    for i, o in enumerate(reps, 1):
        check_rep(o, "preempt", i, 8, 4)
    assert summary["mode"] == "preempt"


def test_default_reps_line_count():
    reps, summary = lines("preempt", "--mb", "2")
    assert len(reps) == summary["reps"] >= 1
    assert [o["rep"] for o in reps] == list(range(1, len(reps) + 1))


@pytest.mark.parametrize("args", [
    ["bogus"],
    ["--reps", "0", "incremental"],
    ["--reps", "-1", "incremental"],
    ["--mb", "x", "incremental"],
    ["--mb", "0", "preempt"],
    ["--mb", "4x", "incremental"],
    ["--frobnicate", "incremental"],
    ["--thp", "sometimes", "incremental"],
    ["--resv", "2", "incremental"],
    ["--reps"],
    [],
    ["incremental", "preempt"],
])
def test_bad_arguments_refused_with_one_line(args):
    p = run(*args)
    assert p.returncode == 2
    assert p.stdout == ""
    assert len(p.stderr.splitlines()) == 1
    assert p.stderr.startswith("resv_adversary: ")
    assert "(usage: resv_adversary " in p.stderr


@pytest.mark.skipif(os.path.isdir(RESV_DIR),
                    reason="this kernel has the reservation knobs")
@pytest.mark.parametrize("value", ["0", "1"])
def test_resv_without_reservation_kernel_refused(value):
    with open(THP_ENABLED) as f:
        before = f.read()
    p = run("--resv", value, "incremental", "--mb", "2", "--reps", "1")
    assert p.returncode == 2
    assert p.stdout == ""
    assert len(p.stderr.splitlines()) == 1
    assert "reservation" in p.stderr
    with open(THP_ENABLED) as f:
        assert f.read() == before


def test_sigterm_still_ends_it():
    # The handler restores the knobs and re-raises: death by SIGTERM.
    p = subprocess.Popen([PROG, "--reps", "1000000", "--mb", "2", "preempt"],
                         stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(p.stdout.readline())["rep"] == 1
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=30) == -signal.SIGTERM
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stdout.close()
