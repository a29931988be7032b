"""Tests of the web workload: a tiny site served by merecat to httperf passes
sp-web-check; a damaged report or server log fails it, as does a file of
the site whose served bytes differ from what the generator wrote (the
check's content pass); a failing run (a
missing file, a load generator that cannot start or hangs) exits non-zero
and leaves no server or load generator behind; the run and check refuse
bad arguments; the generator is seeded and its expectation matches its
trace; and the manifest names httperf a helper. (test_contract.py holds
what every workload's tests share.)"""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import time

import pytest

from testkit import BIN, TINY_ARGS, expand, manifest

MANIFEST = manifest(__file__)
TINY = TINY_ARGS["web"]


def prog(name, *args, **kw):
    return subprocess.run([os.path.join(BIN, name)] + list(args),
                          capture_output=True, text=True, **kw)


def leftovers(*paths):
    """Processes whose command line names one of paths (the run's folders)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().decode(errors="replace")
        except OSError:
            continue
        if any(str(p) in cmd for p in paths):
            found.append((pid, cmd.replace("\0", " ")))
    return found


@pytest.fixture(scope="module")
def site(tiny):
    """The manifest's prepare on TINY (shared): the site's folder."""
    return pathlib.Path(tiny.folders(MANIFEST)["input"])


def serve(site, out, *extra):
    out.mkdir(exist_ok=True)
    cmd = expand(MANIFEST["run"]["command"], TINY, input=str(site), out=str(out))
    proc = subprocess.run(cmd + list(extra), capture_output=True, text=True,
                          timeout=60)
    assert leftovers(out, site) == []
    return proc


@pytest.fixture(scope="module")
def served(tiny):
    """The manifest's run of the site (shared): its output folder."""
    return pathlib.Path(tiny.folders(MANIFEST)["out"])


def check(site, out, *extra, **kw):
    return prog("sp-web-check", "-s", "7", *extra, str(site), str(out), **kw)


@pytest.fixture
def copy(served, tmp_path):
    for name in ("httperf.txt", "server.log"):
        (tmp_path / name).write_bytes((served / name).read_bytes())
    return tmp_path


def expect(site):
    return dict((k, int(v)) for k, v in
                (ln.split() for ln in (site / "expect.txt").read_text().split("\n") if ln))


def assert_check_fails(proc, what):
    assert proc.returncode == 1
    assert proc.stderr.startswith("sp-web-check: ")
    assert proc.stderr.count("\n") == 1
    assert what in proc.stderr, proc.stderr


def test_real_run_in_detail(site, served):
    assert leftovers(served, site) == []
    report = (served / "httperf.txt").read_text()
    assert f"2xx={expect(site)['requests']} " in report


def test_changed_status_count_fails(site, copy):
    path = copy / "httperf.txt"
    n = expect(site)["requests"]
    path.write_text(path.read_text().replace(f"2xx={n} 3xx=0 4xx=0",
                                             f"2xx={n - 1} 3xx=0 4xx=1"))
    assert_check_fails(check(site, copy), "were 2xx")


def test_errors_fail(site, copy):
    path = copy / "httperf.txt"
    path.write_text(path.read_text().replace("Errors: total 0 ",
                                             "Errors: total 2 "))
    assert_check_fails(check(site, copy), "2 errors")


def test_changed_mean_content_fails(site, copy):
    path = copy / "httperf.txt"
    text = path.read_text()
    i = text.index(" content ") + 9
    j = text.index(".", i)
    path.write_text(text[:i] + str(int(text[i:j]) + 1) + text[j:])
    assert_check_fails(check(site, copy), "mean content")


def test_changed_server_bytes_fail(site, copy):
    path = copy / "server.log"
    b = expect(site)["bytes"]
    path.write_text(path.read_text().replace(f" {b} bytes", f" {b - 1} bytes"))
    assert_check_fails(check(site, copy), f"sent {b - 1} bytes")


def test_truncated_report_fails(site, copy):
    path = copy / "httperf.txt"
    text = path.read_text()
    path.write_text(text[:text.index("Reply status")])
    assert_check_fails(check(site, copy), "no 'Reply status' line")


def test_missing_server_statistics_fail(site, copy):
    (copy / "server.log").write_text("merecat[1]: Exiting due to signal 9\n")
    assert_check_fails(check(site, copy), "no statistics line")


def test_other_trace_fails(site, copy, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    assert prog("sp-web-gen", "--mb", "1", "-r", "301", "-o",
                str(other)).returncode == 0
    assert_check_fails(check(other, copy), "expected 301 of each")


def most_requested(site):
    paths = (site / "trace.wlog").read_bytes().rstrip(b"\0").split(b"\0")
    counts = {}
    for p in paths:
        counts[p.decode()] = counts.get(p.decode(), 0) + 1
    return max(counts, key=lambda p: counts[p])


def changed_site(site, tmp_path, change, path=None):
    """A copy of the site (at tmp_path/site) whose file path (the one the
    trace requests most often, unless given) change() turned into other
    bytes after generation: what the check's own server then serves."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    path = path or most_requested(site)
    victim = copy / ("docs" + path)
    victim.write_bytes(change(victim.read_bytes()))
    return copy, path


def flip_middle_byte(data):
    at = len(data) // 2
    return data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:]


def test_content_pass_serves_the_generators_bytes(site, served, tmp_path):
    # a server of the check's own; none left behind, nor its folder
    proc = check(site, served, env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert proc.returncode == 0, proc.stderr
    files = len((site / "files.txt").read_text().splitlines())
    assert f"; {files} files served as generated (the 10 most requested, " \
        f"{files - 10} sampled)" in proc.stdout
    assert leftovers(site) == [] and list(tmp_path.iterdir()) == []


def test_one_changed_byte_served_fails(site, served, tmp_path):
    copy, path = changed_site(site, tmp_path, flip_middle_byte)
    proc = check(copy, served, env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert_check_fails(proc, f"content pass: GET {path}: byte ")
    assert "differs from what the generator wrote" in proc.stderr
    assert leftovers(copy) == [] and sorted(tmp_path.iterdir()) == [copy]


def test_sampled_file_changed_fails(site, served, tmp_path):
    # the tiny site has fewer files than the sample: every file is fetched
    last = (site / "files.txt").read_text().split()[-2]
    assert last != most_requested(site)
    copy, _ = changed_site(site, tmp_path, flip_middle_byte, last)
    assert_check_fails(check(copy, served), f"GET {last}: byte ")


def test_short_file_served_fails(site, served, tmp_path):
    copy, path = changed_site(site, tmp_path, lambda data: data[:-1])
    proc = check(copy, served)
    assert_check_fails(proc, f"GET {path}: ")
    assert "bytes served, the generator wrote" in proc.stderr


def test_missing_file_served_fails(site, served, tmp_path):
    copy, path = changed_site(site, tmp_path, lambda data: data)
    os.unlink(str(copy / "docs") + path)
    assert_check_fails(check(copy, served), f"GET {path}: status 404")


def test_content_pass_without_server_fails(site, served):
    assert_check_fails(check(site, served, "--merecat", "/nonexistent/merecat"),
                       "content pass: cannot run /nonexistent/merecat")


def test_content_pass_without_listing_fails(site, served, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    (copy / "files.txt").write_text(
        (site / "files.txt").read_text().replace(" ", " 1", 1))
    assert_check_fails(check(copy, served), "files.txt: ")
    (copy / "files.txt").unlink()
    assert_check_fails(check(copy, served), "run the prepare step again")


def test_missing_file_fails_run_and_stops_server(site, tmp_path):
    broken = tmp_path / "broken"
    os.symlink(site / "trace.wlog", tmp_path / "trace.wlog")
    os.symlink(site / "expect.txt", tmp_path / "expect.txt")
    docs = tmp_path / "docs"
    subprocess.run(["cp", "-r", str(site / "docs"), str(docs)], check=True)
    victim = (site / "trace.wlog").read_bytes().split(b"\0")[0].decode()
    os.unlink(str(docs) + victim)
    proc = serve(tmp_path, broken)
    assert proc.returncode == -signal.SIGKILL
    assert proc.stderr.splitlines()[-1].startswith("sp-web-run: ")
    assert "were 2xx" in proc.stderr
    assert check(tmp_path, broken).returncode == 1


def test_httperf_that_cannot_start_stops_server(site, tmp_path):
    proc = serve(site, tmp_path / "out", "--httperf", "/nonexistent/httperf")
    assert proc.returncode == -signal.SIGKILL
    assert "httperf failed" in proc.stderr.splitlines()[-1]


def test_hung_httperf_times_out_and_everything_stops(site, tmp_path):
    fake = tmp_path / "fake-httperf"
    # named by its path in its command line, so leftovers() would see it
    fake.write_text("#!/bin/sh\nexec /usr/bin/python3 -c "
                    "'import time; time.sleep(60)' \"$0\"\n")
    fake.chmod(0o755)
    start = time.monotonic()
    proc = serve(site, tmp_path / "out", "--httperf", str(fake),
                 "--timeout", "1")
    assert time.monotonic() - start < 30    # not the fake's 60 s
    assert proc.returncode == -signal.SIGKILL
    assert "longer than 1 s" in proc.stderr
    assert leftovers(fake) == []


def test_server_that_cannot_start(site, tmp_path):
    proc = serve(site, tmp_path / "out", "--merecat", "/nonexistent/merecat")
    assert proc.returncode == 1
    assert "cannot run /nonexistent/merecat" in proc.stderr


def test_missing_input_fails(tmp_path):
    proc = prog("sp-web-run", "-i", str(tmp_path), "-o", str(tmp_path))
    assert proc.returncode == 1 and "prepare" in proc.stderr
    assert leftovers(tmp_path) == []


def test_generator_is_seeded_and_consistent(tmp_path):
    dirs = []
    for seed in ("1", "1", "2"):
        d = tmp_path / f"g{len(dirs)}"
        d.mkdir()
        assert prog("sp-web-gen", *TINY, "-s", seed, "-o", str(d)).returncode == 0
        dirs.append(d)
    traces = [(d / "trace.wlog").read_bytes() for d in dirs]
    assert traces[0] == traces[1] != traces[2]
    e = expect(dirs[0])
    paths = traces[0].rstrip(b"\0").split(b"\0")
    sizes = {}
    for root, _, names in os.walk(dirs[0] / "docs"):
        for n in names:
            p = os.path.join(root, n)
            sizes[p[len(str(dirs[0] / "docs")):]] = os.path.getsize(p)
    assert len(paths) == e["requests"] == 300
    assert len(sizes) == e["files"] and set(p.decode() for p in paths) == set(sizes)
    assert sum(sizes.values()) == e["tree_bytes"]
    pages = [-(-b // 4096) * 4096 for b in sizes.values()]
    assert sum(pages) >= 2**20 > sum(pages) - max(pages)   # --mb 1: 1 MiB
    assert sum(sizes[p.decode()] for p in paths) == e["bytes"]
    listed = [ln.split() for ln in (dirs[0] / "files.txt").read_text().splitlines()]
    assert {p: int(b) for p, b in listed} == sizes
    # in the generator's order: file 0, 1, 2, ...
    assert [int(p.split("/f")[1].split(".")[0]) for p, _ in listed] == \
        list(range(len(sizes)))
    ordered = sorted(sizes.values())
    assert ordered[-1] > 10 * ordered[len(ordered) // 2]   # a heavy tail


def test_default_requests_twice_the_files(tmp_path):
    assert prog("sp-web-gen", "--mb", "1", "-o", str(tmp_path)).returncode == 0
    e = expect(tmp_path)
    assert e["requests"] == 2 * e["files"]


# the run and check take no size arguments, so the contract test gives
# them none
@pytest.mark.parametrize("name,args", [
    ("sp-web-run", ["-i", "/tmp", "-o", "/tmp", "--timeout", "0"]),
    ("sp-web-run", ["-i", "/tmp", "-o", "/tmp", "extra"]),
    ("sp-web-check", []),
    ("sp-web-check", ["-s", "x", "/tmp", "/tmp"]),
    ("sp-web-check", ["--bogus", "/tmp", "/tmp"]),
])
def test_bad_run_or_check_arguments_exit_2(name, args):
    proc = prog(name, *args)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1


def test_manifest_sizes():
    m = MANIFEST
    assert m["sizes"]["paper"]["args"][-2:] == ["-r", "50000"]
    assert m["sizes"]["paper"]["footprint_mb"] == 315
    ref = {k: v for k, v in m["sizes"]["ref"].items() if k != "seconds"}
    assert ref == {"ref_ratio": 315, "args": ["--mb", "{ref_mb}"]}


@pytest.mark.parametrize("at_once", [False, True])
def test_signal_to_controller_stops_everything(site, tmp_path, at_once):
    """at_once: the signal comes as soon as the controller exists."""
    fake = tmp_path / "fake-httperf"
    fake.write_text("#!/bin/sh\nexec /usr/bin/python3 -c "
                    "'import time; time.sleep(60)' \"$0\"\n")
    fake.chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    cmd = expand(MANIFEST["run"]["command"], TINY, input=str(site), out=str(out))
    server = subprocess.Popen(cmd + ["--httperf", str(fake)],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        controller = None
        for _ in range(2000):     # the controller is the server's child
            kids = open(f"/proc/{server.pid}/task/{server.pid}/children").read()
            if kids.split() and (at_once or any(
                    "time.sleep" in c for _, c in leftovers(fake))):
                controller = int(kids.split()[0])
                break
            time.sleep(0.01)
        assert controller, "no controller and load generator seen"
        os.kill(controller, signal.SIGTERM)
        _, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == -signal.SIGKILL
    assert "stopped by signal 15" in err
    assert leftovers(out, site, fake) == []


def under_valgrind(site, out, *extra):
    """The run with its controller under Valgrind 3.19, which has no
    pidfd_open: the controller must watch the server and httperf without
    pidfds (merecat itself runs natively: no --trace-children)."""
    out.mkdir(exist_ok=True)
    cmd = expand(MANIFEST["run"]["command"], TINY, input=str(site), out=str(out))
    proc = subprocess.run(["valgrind", "-q", "--tool=none"] + cmd + list(extra),
                          capture_output=True, text=True, timeout=120)
    assert leftovers(out, site) == []
    return proc


def test_run_without_pidfd_serves_and_stops(site, tmp_path):
    proc = under_valgrind(site, tmp_path / "out")
    assert "unhandled amd64-linux syscall: 434" in proc.stderr   # pidfd_open
    assert proc.returncode == 0, proc.stderr
    assert check(site, tmp_path / "out").returncode == 0


def test_failure_without_pidfd_still_kills_server(site, tmp_path):
    proc = under_valgrind(site, tmp_path / "out", "--httperf", "/nonexistent/httperf")
    assert proc.returncode == -signal.SIGKILL
    assert "httperf failed" in proc.stderr.splitlines()[-1]


def test_manifest_names_httperf_a_helper():
    # sptlb follows execs; the load generator must stay outside the tool
    assert MANIFEST["run"]["helpers"] == ["*/httperf"]


def test_simulated_counts_are_the_servers(site, tmp_path):
    """Under sptlb, following execs, the counts are merecat's; httperf, a
    helper, stays outside; the run still serves the whole trace."""
    out = tmp_path / "out"
    out.mkdir()
    cmd = expand(MANIFEST["run"]["command"], TINY, input=str(site), out=str(out))
    native = [a for h in MANIFEST["run"]["helpers"] for a in ("--native", h)]
    proc = subprocess.run([os.path.join(BIN, "sptlb"), "--timeout", "120", *native,
                           "--out", str(tmp_path / "sim.json"), "--"] + cmd,
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert leftovers(out, site) == []
    assert check(site, out).returncode == 0
    data = json.loads((tmp_path / "sim.json").read_text())
    assert data["process"]["image"] == "/usr/sbin/merecat"
    assert [p["image"] for p in data["other_processes"]] == [cmd[0]]  # the controller
