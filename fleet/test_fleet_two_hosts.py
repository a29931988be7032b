"""The fleet playbook run for real over SSH: two hosts, each a network namespace with its own
sshd and its own copy of the project; both result folders fetched, checked and reported;
a fleet whose second host loses its sshd while it runs (named failed at run, its job going
on there, the other complete); then the first fleet again with that host still down: named
unreachable with ssh's reason, the other complete (its folder resumed, nothing run twice)."""
import fcntl
import os
import re
import shutil
import statistics
import subprocess
import time

import pytest

from fleet.netns_hosts import NetnsHosts, NetnsUnavailable
from harness.driver import config
from harness.driver.system import settings
from harness.records import ResultFolder, read_json

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPBENCH = os.path.join(REPO, "harness", "spbench")
# the two shortest workloads at test size on these machines (about 0.35 s and 0.45 s a run)
WORKLOADS = ["sp", "art"]
POLICIES = ["base", "thp"]
RUNS = 2
# the controller's build, copied into each host's folder first so that its make is a check
BUILT = ("bin", "obj", "lib", "tests", "tlbsim", "kernel-tests")


def _require():
    if os.geteuid() != 0:
        pytest.fail("the fleet test needs root: it makes network namespaces and runs sshd")
    missing = [t for t in ("ansible-playbook", "ip", "rsync", "ssh-keygen", "/usr/sbin/sshd")
               if not shutil.which(t)]
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: run 'make deps'")


def _seed_build(host):
    os.makedirs(os.path.join(host.spbench_dir, "build"), exist_ok=True)
    for d in BUILT:
        src = os.path.join(REPO, "build", d)
        if os.path.isdir(src):
            subprocess.run(["cp", "-a", src, os.path.join(host.spbench_dir, "build")],
                           check=True)


def _wait_for_the_settings_lock(timeout=300):
    """Another spbench run on this machine (the hosts share its kernel) holds the settings
    lock while it runs, and a host's run would fail on it: wait until it is free."""
    os.makedirs(config.state_dir(), exist_ok=True)
    fd = os.open(os.path.join(config.state_dir(), settings.LOCK), os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + timeout
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(fd, fcntl.LOCK_UN)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    pytest.fail(f"another spbench run held the settings lock for {timeout} s")
                time.sleep(1)
    finally:
        os.close(fd)


# what a host's run says when a run outside the test holds this machine's settings lock
LOCK_HELD = "is changing system settings; wait for it to finish"


def _fleet(inventory, out, name, log, lose=None):
    """spbench fleet run, its output kept in log; run again (it resumes) where a run
    outside the test took the settings lock from a host, as the message says to."""
    for _ in range(3):
        p = _fleet_once(inventory, out, name, log, lose)
        if lose or LOCK_HELD not in p.stdout:
            return p
    return p


def _fleet_once(inventory, out, name, log, lose):
    """lose=(hosts, host): that host's sshd stopped once its run has recorded a first run."""
    _wait_for_the_settings_lock()
    cmd = [SPBENCH, "fleet", "run", "--name", name, "--out", out, "--one-at-a-time",
           "--connect-timeout", "5", inventory, "--", "run", *WORKLOADS,
           "--policy", ",".join(POLICIES), "--runs", str(RUNS), "--warmup", "0"]
    with open(log, "w+") as f:
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.PIPE, text=True)
        if lose:
            hosts, host = lose
            runs = ResultFolder(os.path.join(host.spbench_dir, "results", "fleet", name))
            while p.poll() is None and not (os.path.exists(runs.runs_path)
                                            and os.path.getsize(runs.runs_path)):
                time.sleep(0.1)
            hosts.stop_sshd(host)
        _, err = p.communicate(timeout=600)
        f.seek(0)
        return subprocess.CompletedProcess(cmd, p.returncode, f.read(), err)


def _tasks(stdout):
    """{task title: the hosts named in its lines} of ansible-playbook's output."""
    out, title = {}, None
    for line in stdout.splitlines():
        m = re.match(r"TASK \[(.+?)\] \*+", line)
        if m:
            title = m.group(1)
            out.setdefault(title, set())
        elif title:
            out[title] |= set(re.findall(r"\[(host[a-z])\b", line))
    return out


def _measured(folder):
    return [r for r in ResultFolder(folder).runs() if not r.warmup]


def _speedup(records, workload):
    """base mean / thp mean of the wall times, computed here from the records alone."""
    def mean(policy):
        return statistics.fmean(r.spstat["time"]["wall_s"] for r in records
                                if r.workload == workload and r.policy == policy)
    return mean("base") / mean("thp")


def _check_complete(out, host):
    folder = os.path.join(out, host.name)
    assert ResultFolder(folder).meta().finished
    recs = _measured(folder)
    assert len(recs) == len(WORKLOADS) * len(POLICIES) * RUNS
    assert {r.workload for r in recs} == set(WORKLOADS)
    # each host ran its own copy, in its own folder
    assert all(r.spstat["command"][0].startswith(host.spbench_dir + "/") for r in recs)
    return recs


def _report_row(stdout, workload):
    m = re.search(rf"^{workload}\s+clean\s+thp\s+(.*)$", stdout, re.M)
    assert m, stdout
    return re.findall(r"(\d+\.\d{3})[* ]\s+(?:\[|n/a)", m.group(1))


def test_two_hosts_then_one_lost_mid_run_then_unreachable(tmp_path):
    _require()
    try:
        with NetnsHosts(2, tmp_path / "hosts") as hosts:
            _run_both(hosts, tmp_path)
    except NetnsUnavailable as e:
        pytest.skip(f"this machine cannot make network namespaces: {e}")


def _run_both(hosts, tmp_path):
    a, b = hosts.hosts
    for h in hosts.hosts:
        _seed_build(h)
    inventory = hosts.write_inventory(tmp_path / "inventory.ini", fleet_poll_s=2)
    out = str(tmp_path / "fleet")

    first = _fleet(inventory, out, "t", tmp_path / "first.log")
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-2000:]
    tasks = _tasks(first.stdout)
    for role in ("install", "run", "fetch"):
        seen = set().union(*(v for k, v in tasks.items() if k.startswith(f"{role} : ")))
        assert seen >= {"hosta", "hostb"}, (role, tasks)
    recs = {h.name: _check_complete(out, h) for h in hosts.hosts}
    for w in WORKLOADS:
        printed = _report_row(first.stdout, w)
        assert printed == [f"{_speedup(recs[h.name], w):.3f}" for h in hosts.hosts]
    with open(os.path.join(out, "speedup-by-host.png"), "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    diff = subprocess.run([SPBENCH, "diff", os.path.join(out, "hosta"),
                           os.path.join(out, "hostb")], capture_output=True, text=True)
    assert diff.returncode == 0, diff.stderr

    # a host lost mid-run (the second: the hosts share a kernel, and its job, going on
    # there, holds the settings lock): named failed at run, the other complete
    mid_out = str(tmp_path / "fleet-mid")
    mid = _fleet(inventory, mid_out, "mid", tmp_path / "mid.log", lose=(hosts, b))
    assert mid.returncode != 0
    assert "1 of 2 hosts did not complete: hostb" in mid.stderr, mid.stdout[-3000:]
    status = read_json(os.path.join(mid_out, "hostb", "fleet-host.json"))
    assert (status["status"], status["stage"]) == ("failed", "run")
    # ssh's own words depend on the moment: a refused connection, or a session cut short
    assert f"lost the host ({b.address}) while spbench ran" in status["reason"]
    assert "ssh" in status["reason"]
    assert re.search(r"^hosta\s+complete", mid.stdout, re.M)
    _check_complete(mid_out, a)

    # the first fleet again with host b still down: unreachable, a complete and resumed
    second = _fleet(inventory, out, "t", tmp_path / "second.log")
    left_there = ResultFolder(os.path.join(b.spbench_dir, "results", "fleet", "mid"))
    assert left_there.finished()
    assert len(_measured(left_there.path)) == len(WORKLOADS) * len(POLICIES) * RUNS
    assert second.returncode != 0
    assert "1 of 2 hosts did not complete: hostb" in second.stderr, second.stdout[-3000:]
    status = read_json(os.path.join(out, "hostb", "fleet-host.json"))
    assert (status["status"], status["stage"]) == ("unreachable", "connect")
    assert f"connect to host {b.address} port 22: Connection refused" in status["reason"]
    assert re.search(r"^hostb\s+unreachable", second.stdout, re.M)
    assert re.search(r"^hosta\s+complete", second.stdout, re.M)
    assert "hostb: unreachable at connect: " in second.stdout
    again = _check_complete(out, a)
    assert [r.started for r in again] == [r.started for r in recs["hosta"]]
