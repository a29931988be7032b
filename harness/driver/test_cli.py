"""End-to-end tests of the spbench command: bad input gets one line and a
non-zero exit with nothing recorded; SIGTERM, Ctrl-C and SIGKILL in the
middle of a thp run leave THP settings as they were, also when the run is
killed while spfrag holds memory fragmented or lands inside library code
that swallows every Exception."""
import json
import os
import shutil
import signal
import stat
import subprocess
import time

import pytest

from harness.driver import cli, paths
from harness.driver.commands import common
from harness.driver.system import memstate
from harness.testing.procs import kill_session

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")
THP = "/sys/kernel/mm/transparent_hugepage"
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="needs root")


@pytest.fixture
def env(tmp_path):
    e = dict(os.environ, SPBENCH_STATE_DIR=str(tmp_path / "state"))
    return e


def spbench(args, env, **kw):
    return subprocess.run([SPBENCH, *args], env=env, capture_output=True, text=True,
                          timeout=600, **kw)


def one_line_error(p, *words):
    assert p.returncode != 0
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    for w in words:
        assert w in lines[0]


def test_unknown_workload(env, tmp_path):
    out = tmp_path / "out"
    one_line_error(spbench(["run", "nosuch", "--out", str(out)], env), "unknown workload 'nosuch'")
    assert not out.exists()


def test_resv_on_a_kernel_without_the_patch(env, tmp_path):
    out = tmp_path / "out"
    one_line_error(spbench(["run", "matrix", "--kernel", "stock", "--policy", "base,resv",
                            "--out", str(out)], env),
                   "policy 'resv' needs the patched kernel")
    one_line_error(spbench(["run", "matrix", "--kernel", "mainline", "--out", str(out)], env),
                   "unknown kernel 'mainline'")
    assert not out.exists()


def test_unknown_policy(env, tmp_path):
    out = tmp_path / "out"
    one_line_error(spbench(["run", "matrix", "--policy", "base,gigantic", "--out", str(out)], env),
                   "unknown policy 'gigantic'")
    assert not out.exists()


def test_malformed_manifest(env, tmp_path):
    wl = tmp_path / "wl" / "broken"
    wl.mkdir(parents=True)
    (wl / "workload.toml").write_text('name = "broken"\ngroup = [\n')
    env["SPBENCH_WORKLOADS"] = str(tmp_path / "wl")
    one_line_error(spbench(["run", "broken", "--out", str(tmp_path / "o")], env),
                   "workload.toml", "not valid TOML")
    assert not (tmp_path / "o").exists()


def test_unwritable_out(env):
    one_line_error(spbench(["run", "matrix", "--policy", "base", "--state", "asis",
                            "--out", "/proc/spbench-out"], env), "cannot write results to")


def test_unwritable_scratch(env, tmp_path):
    env["SPBENCH_SCRATCH"] = "/proc/spbench-scratch"
    one_line_error(spbench(["run", "matrix", "--policy", "base", "--state", "asis",
                            "--out", str(tmp_path / "o")], env),
                   "cannot write workload output to /proc/spbench-scratch", "SPBENCH_SCRATCH")
    assert not (tmp_path / "o").exists()


def _readable_by_others(path):
    """Whether another user can run the script at path: every folder above
    it searchable by others (a clone under /root is not)."""
    d = os.path.dirname(os.path.realpath(path))
    while True:
        if not os.stat(d).st_mode & stat.S_IXOTH:
            return False
        if d == "/":
            return os.stat(path).st_mode & stat.S_IROTH != 0
        d = os.path.dirname(d)


def test_thp_without_root_in_process(env, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(os, "geteuid", lambda: 65534)
    monkeypatch.setenv("SPBENCH_STATE_DIR", env["SPBENCH_STATE_DIR"])
    old = signal.getsignal(signal.SIGTERM)
    try:
        rc = cli.main(["run", "matrix", "--policy", "base,thp", "--out", str(tmp_path / "o")])
    finally:
        signal.signal(signal.SIGTERM, old)
    err = capsys.readouterr().err.strip().splitlines()
    assert rc != 0 and len(err) == 1 and "policy 'thp' needs root" in err[0]
    assert not (tmp_path / "o").exists()


@root_only
def test_thp_without_root(env, tmp_path):
    if not _readable_by_others(SPBENCH):
        pytest.skip("this clone cannot be read by another user")
    p = spbench(["run", "matrix", "--policy", "base,thp", "--out", str(tmp_path / "o")], env,
                user=65534, group=65534, extra_groups=[])
    one_line_error(p, "policy 'thp' needs root")
    assert not (tmp_path / "o").exists()


def test_diff_refuses_non_results(env, tmp_path):
    (tmp_path / "a").mkdir()
    p = spbench(["diff", str(tmp_path / "a"), str(tmp_path / "a")], env)
    assert p.returncode != 0 and len(p.stderr.strip().splitlines()) == 1


def _records(out):
    path = out / "runs.jsonl"
    if not path.exists():
        return []
    # the piece after the last newline is empty, or a record being written
    return [json.loads(line) for line in path.read_text().split("\n")[:-1]]


@pytest.fixture
def started(env):
    """The runs a test starts: whatever a failing test leaves running is
    killed at teardown and its settings put back, so that THP is not left
    'always' for the tests after it."""
    procs = []
    yield procs
    for p in procs:
        kill_session(p)
    if procs:
        spbench(["restore"], env)


def _default_sigint():
    # a shell runs background jobs with SIGINT ignored, and an ignored
    # signal stays ignored across exec: give the run what a terminal gives
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_thp_run(env, out, started):
    p = subprocess.Popen([SPBENCH, "run", "matrix", "--size", "test", "--policy", "thp,base",
                          "--runs", "20", "--warmup", "0", "--out", str(out)],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         start_new_session=True, preexec_fn=_default_sigint)
    started.append(p)
    deadline = time.time() + 300
    while time.time() < deadline:
        if "[always]" in open(f"{THP}/enabled").read() and len(_records(out)) >= 1:
            return p
        time.sleep(0.05)
    pytest.fail("the thp run never started")


@root_only
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_mid_run_restores_thp(env, tmp_path, started, sig):
    before = open(f"{THP}/enabled").read()
    if "[always]" in before:
        pytest.skip("THP is already 'always': a change could not be seen")
    out = tmp_path / "out"
    p = _start_thp_run(env, out, started)
    kept = len(_records(out))
    os.killpg(p.pid, sig)
    _, err = p.communicate(timeout=120)
    assert p.returncode in (130, 143), err[-2000:]
    assert "settings restored" in err
    assert open(f"{THP}/enabled").read() == before
    recs = _records(out)
    assert len(recs) >= kept and all(r["check"]["passed"] for r in recs)
    assert not os.path.exists(os.path.join(env["SPBENCH_STATE_DIR"], "saved-settings.json"))


def test_sigterm_survives_library_cleanup(tmp_path, monkeypatch):
    """SIGTERM landing while the runner removes a run's scratch folder:
    shutil.rmtree(ignore_errors=True) catches every Exception around its
    os.lstat, and the stop must come through it all the same."""
    scratch = tmp_path / "scratch"
    (scratch / "sub").mkdir(parents=True)
    real_lstat = os.lstat

    def lstat_then_sigterm(*args, **kw):
        st = real_lstat(*args, **kw)
        os.kill(os.getpid(), signal.SIGTERM)
        return st
    old = signal.signal(signal.SIGTERM, cli._on_sigterm)
    try:
        monkeypatch.setattr(os, "lstat", lstat_then_sigterm)
        with pytest.raises(cli.Terminated):
            shutil.rmtree(scratch, ignore_errors=True)
    finally:
        monkeypatch.undo()
        signal.signal(signal.SIGTERM, old)
    assert scratch.exists()


@root_only
def test_sigkill_then_next_command_restores(env, tmp_path, started):
    before = open(f"{THP}/enabled").read()
    if "[always]" in before:
        pytest.skip("THP is already 'always': a change could not be seen")
    p = _start_thp_run(env, tmp_path / "out", started)
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    assert "[always]" in open(f"{THP}/enabled").read()
    q = spbench(["list"], env)
    assert q.returncode == 0
    assert "restored settings left by an interrupted run" in q.stderr
    assert open(f"{THP}/enabled").read() == before


def _spfrag_pids(sid):
    pids = []
    for d in os.listdir("/proc"):
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if fields[0] != "Z" and int(fields[3]) == sid and \
                    os.readlink(f"/proc/{d}/exe").endswith("/spfrag"):
                pids.append(int(d))
        except (OSError, ValueError, IndexError):
            pass
    return pids


@root_only
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_killed_while_fragmented(env, tmp_path, started, sig):
    """The run is killed while spfrag holds memory: no spfrag is left, and
    the settings come back (at once, or by the next command after SIGKILL):
    THP's, and the sysctls that spbench and spfrag hold while fragmenting."""
    before = open(f"{THP}/enabled").read()
    if "[always]" in before:
        pytest.skip("THP is already 'always': a change could not be seen")
    sysctls = [f for f in memstate.FRAGMENTER_KNOBS if os.path.exists(f)]
    sysctls_before = {f: open(f).read() for f in sysctls}
    p = subprocess.Popen([SPBENCH, "run", "matrix", "--size", "test", "--policy", "thp",
                          "--state", "fragmented", "--runs", "1", "--warmup", "0",
                          "--out", str(tmp_path / "out")],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    started.append(p)
    deadline = time.time() + 300
    while not _spfrag_pids(p.pid) and time.time() < deadline and p.poll() is None:
        time.sleep(0.05)
    assert _spfrag_pids(p.pid), "spfrag never started"
    os.kill(p.pid, sig)             # spbench only: spfrag must follow by itself
    p.communicate(timeout=120)
    deadline = time.time() + 60
    while _spfrag_pids(p.pid) and time.time() < deadline:
        time.sleep(0.1)
    assert not _spfrag_pids(p.pid)
    if sig == signal.SIGKILL:
        assert spbench(["restore"], env).returncode == 0
    assert open(f"{THP}/enabled").read() == before
    assert {f: open(f).read() for f in sysctls} == sysctls_before
    assert not os.path.exists(os.path.join(env["SPBENCH_STATE_DIR"], "saved-settings.json"))


def test_a_plan_job_runs_what_the_host_wrote(env, tmp_path):
    """What a booted guest runs, run here: the job file alone decides the
    workloads, the kernel label, the scratch folder and the virtualisation
    recorded; the host's command line is what meta.json keeps."""
    out = tmp_path / "out"
    out.mkdir()
    plan = {"workloads": ["matrix"], "policies": ["base"], "states": ["asis"],
            "size": "test", "runs": 2, "warmup": 0, "seed": 42, "sample_ms": 100, "monitor_ms": 0,
            "kernel": "stock"}
    doc = {"schema": "spbench-guest-job/1", "kind": "plan", "plan": plan,
           "argv": ["spbench", "run", "matrix", "--kernel", "stock"],
           "context": {"virt": "tcg", "tlb_reach_kb": None, "build": False,
                       "scratch": str(tmp_path / "scratch")}}
    (out / "guest-job.json").write_text(json.dumps(doc))
    p = spbench(["guest-job", str(out / "guest-job.json")], env)
    assert p.returncode == 0, p.stderr
    records = [json.loads(line) for line in open(out / "runs.jsonl")]
    assert [(r["workload"], r["policy"], r["kernel"], r["rep"], r["check"]["passed"])
            for r in records] == [("matrix", "base", "stock", 0, True),
                                  ("matrix", "base", "stock", 1, True)]
    meta = json.loads((out / "meta.json").read_text())
    assert meta["argv"] == doc["argv"]
    assert meta["plan"] == plan
    assert meta["kernel"]["variant"] == "stock" and meta["kernel"]["virt"] == "tcg"
    assert "TCG" in meta["kernel"]["virt_note"]
    assert (tmp_path / "scratch").is_dir() and not os.listdir(tmp_path / "scratch")
    assert meta["finished"]


def test_a_guest_job_runs_commands_each_output_whole(env, tmp_path):
    """The adversaries' kind: each command's output lands whole in its file; a failing
    command leaves only its .part and makes the exit status 1."""
    doc = {"schema": "spbench-guest-job/1", "kind": "commands", "commands": [
        {"argv": ["echo", "one"], "out": str(tmp_path / "a")},
        {"argv": ["sh", "-c", "echo half; exit 3"], "out": str(tmp_path / "b")},
        {"argv": ["echo", "three"], "out": str(tmp_path / "c")}]}
    (tmp_path / "job.json").write_text(json.dumps(doc))
    p = spbench(["guest-job", str(tmp_path / "job.json")], env)
    assert p.returncode == 1
    assert (tmp_path / "a").read_text() == "one\n" and (tmp_path / "c").read_text() == "three\n"
    assert not (tmp_path / "b").exists() and (tmp_path / "b.part").read_text() == "half\n"


def test_a_guest_job_execs_its_program_with_its_environment(env, tmp_path):
    """The test suite's kind: the program replaces spbench, with the job's variables."""
    doc = {"schema": "spbench-guest-job/1", "kind": "exec",
           "argv": ["sh", "-c", "echo $RESV_TEST_KNOB; exit 7"], "env": {"RESV_TEST_KNOB": "0"}}
    (tmp_path / "job.json").write_text(json.dumps(doc))
    p = spbench(["guest-job", str(tmp_path / "job.json")], env)
    assert (p.returncode, p.stdout) == (7, "0\n")


def test_a_bad_guest_job_is_one_line(env, tmp_path):
    (tmp_path / "job.json").write_text('{"schema": "spbench-meta/1"}')
    one_line_error(spbench(["guest-job", str(tmp_path / "job.json")], env),
                   "not an spbench guest job")
    (tmp_path / "job.json").write_text('{"schema": "spbench-guest-job/1", "kind": "shell"}')
    one_line_error(spbench(["guest-job", str(tmp_path / "job.json")], env),
                   "kind 'shell' is not one of plan, commands, exec")
    one_line_error(spbench(["guest-job", str(tmp_path / "none.json")], env),
                   "cannot read the guest job")


def test_group_adds_its_workloads_after_the_named_ones():
    import tomllib
    folder = os.path.join(paths.REPO, "workloads")
    cint = sorted(d for d in os.listdir(folder)
                  if os.path.exists(os.path.join(folder, d, "workload.toml"))
                  and tomllib.load(open(os.path.join(folder, d, "workload.toml"), "rb"))
                  ["group"] == "CINT2000")
    assert len(cint) >= 4
    got = common.group_workloads("cint2000", ["matrix", cint[0]])
    assert got[:2] == ["matrix", cint[0]]
    assert sorted(got[2:]) == cint[1:]


def test_bad_group_or_no_workload(env, tmp_path):
    out = tmp_path / "out"
    one_line_error(spbench(["run", "--group", "nope", "--out", str(out)], env),
                   "unknown group 'nope'")
    one_line_error(spbench(["run", "--out", str(out)], env), "run needs workloads")
    assert not out.exists()
