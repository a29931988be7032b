"""Tests of the noise sources and --tune: the kernel's cpu-list format, what is read and
written on a fake sysfs tree, pinning, refusals recorded, and a real `spbench run --tune`
killed with SIGKILL whose ASLR setting the next spbench command puts back."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from harness.driver.errors import UserError
from harness.driver.system import noise, settings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_parse_cpu_list():
    assert noise.parse_cpu_list("0-3,8,10-11\n") == [0, 1, 2, 3, 8, 10, 11]
    assert noise.parse_cpu_list("5") == [5]


def test_pinning_keeps_the_sampler_and_its_siblings_apart():
    assert noise.pinning([0, 1], {0: [0], 1: [1]}) == {"sampler": 0, "measured": [1]}
    # SMT: CPU 2 shares a core with the sampler's CPU 0, so it is left out
    sib = {0: [0, 2], 2: [0, 2], 1: [1, 3], 3: [1, 3]}
    assert noise.pinning([0, 1, 2, 3], sib) == {"sampler": 0, "measured": [1, 3]}
    # only the sampler's sibling left: it is used rather than nothing
    assert noise.pinning([0, 2], sib) == {"sampler": 0, "measured": [2]}
    assert "unavailable" in noise.pinning([3], sib)


def test_pinned_commands():
    from harness.driver.engine import measure
    assert measure.pinned(None) == ([], [])
    assert measure.pinned({"sampler": 0, "measured": [1, 3]}) == (
        ["taskset", "-c", "0"], ["taskset", "-c", "1,3"])


def fake_sysfs(tmp_path, governors=True, boost="cpufreq"):
    root = tmp_path / "cpu"
    (root / "smt").mkdir(parents=True)
    (root / "online").write_text("0-1\n")
    (root / "smt" / "control").write_text("on\n")
    for c, sib in ((0, "0"), (1, "1")):
        (root / f"cpu{c}" / "topology").mkdir(parents=True)
        (root / f"cpu{c}" / "topology" / "thread_siblings_list").write_text(sib + "\n")
        if governors:
            f = root / f"cpu{c}" / "cpufreq"
            f.mkdir()
            (f / "scaling_governor").write_text("powersave\n")
            (f / "scaling_available_governors").write_text(
                "performance powersave\n" if c == 0 else "schedutil\n")
    if boost == "cpufreq":
        (root / "cpufreq").mkdir()
        (root / "cpufreq" / "boost").write_text("1\n")
    elif boost == "intel":
        (root / "intel_pstate").mkdir()
        (root / "intel_pstate" / "no_turbo").write_text("0\n")
    aslr = tmp_path / "randomize_va_space"
    aslr.write_text("2\n")
    return str(root), str(aslr)


def test_read_a_host_with_cpufreq(tmp_path):
    root, aslr = fake_sysfs(tmp_path)
    r = noise.read(root, aslr)
    assert r["governor"] == {"cpu0": "powersave", "cpu1": "powersave"}
    assert r["boost"]["on"] is True
    assert r["aslr"] == {"value": "2", "meaning": "full (also heap)"}
    assert r["smt"] == {"control": "on", "sibling_groups": []}
    assert r["cpus"]["online"] == [0, 1]


def test_tune_sets_through_the_journal_and_puts_everything_back(tmp_path):
    root, aslr = fake_sysfs(tmp_path, boost="intel")
    with settings.Journal(str(tmp_path / "state")) as j:
        out = noise.tune(j, root, aslr)
        assert out["set"] == {"governor cpu0": {"from": "powersave", "to": "performance"},
                              "boost": {"from": "0", "to": "1"},
                              "aslr": {"from": "2", "to": "0"}}
        # cpu1 offers no performance governor: refused, with what it offers
        assert "schedutil" in out["refused"]["governor cpu1"]
        assert open(os.path.join(root, "cpu0/cpufreq/scaling_governor")).read() == "performance"
        assert open(os.path.join(root, "intel_pstate/no_turbo")).read() == "1"
        assert open(aslr).read() == "0"
    assert open(os.path.join(root, "cpu0/cpufreq/scaling_governor")).read() == "powersave"
    assert open(os.path.join(root, "intel_pstate/no_turbo")).read() == "0"
    assert open(aslr).read() == "2"


def test_a_host_without_cpufreq_says_why(tmp_path):
    root, aslr = fake_sysfs(tmp_path, governors=False, boost=None)
    r = noise.read(root, aslr)
    assert "no cpufreq driver" in r["governor"]["unavailable"]
    assert "not under this kernel's control" in r["boost"]["unavailable"]
    with settings.Journal(str(tmp_path / "state")) as j:
        out = noise.tune(j, root, aslr)
    assert set(out["refused"]) == {"governor", "boost"}
    assert list(out["set"]) == ["aslr"]


def test_a_write_the_host_refuses_is_recorded_not_fatal(tmp_path):
    root, aslr = fake_sysfs(tmp_path)

    class Refusing:
        def set(self, path, value):
            raise UserError(f"cannot set {path} to {value}: Permission denied")
    out = noise.tune(Refusing(), root, aslr)
    assert out["set"] == {}
    assert "Permission denied" in out["refused"]["aslr"]
    assert "Permission denied" in out["refused"]["boost"]


def _wait_for(cond, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(os.geteuid() != 0 or not os.access(noise.ASLR, os.W_OK),
                    reason="needs root and a writable randomize_va_space")
def test_run_tune_killed_is_restored_by_the_next_command(tmp_path):
    """The acceptance: `spbench run --tune` SIGKILLed mid-run leaves ASLR off; the next
    spbench command (here `spbench list`) puts it back. governor and boost are either set
    or refused with a reason in meta.json (this VM has no cpufreq: refused)."""
    before = settings.read_setting(noise.ASLR)
    if before == "0":
        pytest.skip("ASLR is already off here: a change could not be seen")
    # the killed run's own journal, and its scratch (left behind by the kill) under tmp_path
    env = dict(os.environ, SPBENCH_STATE_DIR=str(tmp_path / "state"),
               SPBENCH_SCRATCH=str(tmp_path / "scratch"))
    out = tmp_path / "out"
    spbench = [sys.executable, os.path.join(REPO, "harness", "spbench")]
    p = subprocess.Popen(spbench + ["run", "tree", "--size", "test", "--policy", "base",
                                    "--state", "asis", "--warmup", "0", "--runs", "50",
                                    "--tune", "--out", str(out)],
                         env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "err", "w"),
                         start_new_session=True)
    try:
        runs = out / "runs.jsonl"
        # the first run waits for the build (make all) the command starts with
        assert _wait_for(lambda: runs.exists() and runs.stat().st_size > 0, 300), \
            "no run recorded: " + (tmp_path / "err").read_text()[-500:]
        assert settings.read_setting(noise.ASLR) == "0"
    finally:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    try:
        _check_killed_run(out, before, spbench, env)
    finally:                    # whatever failed, the host gets its ASLR back
        settings.recover_if_stale(env["SPBENCH_STATE_DIR"])


def _check_killed_run(out, before, spbench, env):
    assert settings.read_setting(noise.ASLR) == "0"          # left changed by the kill
    meta = json.loads((out / "meta.json").read_text())
    tuned = meta["noise"]["tune"]
    assert tuned["set"]["aslr"] == {"from": before, "to": "0"}
    for name in ("governor", "boost"):
        done = [k for k in tuned["set"] if k.startswith(name)]
        refused = {k: v for k, v in tuned["refused"].items() if k.startswith(name)}
        assert done or all(refused.values()), f"{name}: neither set nor refused with a reason"
    pin = meta["noise"]["pinning"]
    assert "sampler" in pin or pin["unavailable"]
    if "sampler" in pin:            # the measured command ran under taskset, off spstat's CPU
        first = json.loads((out / "runs.jsonl").read_text().splitlines()[0])
        cpus = ",".join(map(str, pin["measured"]))
        assert first["spstat"]["command"][:3] == ["taskset", "-c", cpus]
        assert pin["sampler"] not in pin["measured"]
        assert meta["noise"]["measured_cpus"] == pin["measured"]
    q = subprocess.run(spbench + ["list"], env=env, capture_output=True, text=True)
    assert q.returncode == 0, q.stderr
    assert "restored settings left by an interrupted run" in q.stderr
    assert settings.read_setting(noise.ASLR) == before
