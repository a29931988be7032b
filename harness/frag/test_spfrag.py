"""spfrag on the live machine (root only): each mode lowers contiguity with
a small fill, the free floor holds, and it releases on SIGTERM and when its
parent is SIGKILLed."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPFRAG = os.path.join(REPO, "build", "bin", "spfrag")

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root (pagemap PFNs, pipes, oom_score_adj)"),
    pytest.mark.skipif(not os.path.exists(SPFRAG), reason="build/bin/spfrag not built (make)"),
]


def run(*args):
    p = subprocess.Popen([SPFRAG, *args, "--hold", "none"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.terminate()       # not SIGKILL: spfrag puts its sysctls back
        p.communicate(timeout=60)
        raise
    assert p.returncode == 0, err
    ready, released = [json.loads(l) for l in out.splitlines()]
    return ready, released


def measure():
    out = subprocess.run([SPFRAG, "measure"], capture_output=True, text=True).stdout
    return json.loads(out)["contiguity"]


@pytest.mark.parametrize("mode", ["pagecache", "anon", "unmovable"])
def test_mode_lowers_contiguity_to_target(mode):
    # small free pieces are filled first: compacting them away keeps this fast
    with open("/proc/sys/vm/compact_memory", "w") as f:
        f.write("1")
    # a fixed 1 GB fill (a ceiling of 0 is never reached): a drop of several
    # percent, well clear of what other activity moves
    now = measure()
    ceiling = 0.0
    floor_mb = max(now["free_kb"] // 1024 - 2048, 512)
    ready, released = run("--mode", mode, "--ceiling", f"{ceiling:.4f}",
                          "--floor-mb", str(floor_mb), "--max-mb", "1024")
    before, after = ready["before"], ready["after"]
    assert after["contiguity"] < before["contiguity"]
    assert ready["reached"] == (after["contiguity"] <= ceiling and
                                after["free_kb"] >= ready["target"]["floor_kb"])
    assert ready["holding"]["kb"] > 0
    assert released["event"] == "released"
    # released, and the per-CPU free lists drained (a few MB may stay there,
    # so a small hold need not show): contiguity does not stay lower
    assert released["pcp_drained"] and released["pcp_kb_drained"] <= max(released["pcp_kb"], 8192)
    assert released["contiguity"]["contiguity"] >= after["contiguity"]


def test_free_floor_kept():
    # The fill takes memory 256 MB past the floor, so thinning must give it
    # back.  Other tasks may take memory meanwhile: if even dropping every
    # page leaves the floor short, that is theirs, and the ready line says
    # nothing is held and that the target was not reached.
    floor_mb = measure()["free_kb"] // 1024 - 256
    ready, _ = run("--mode", "pagecache", "--max-mb", "512", "--floor-mb", str(floor_mb))
    held, after = ready["holding"], ready["after"]
    assert ready["target"]["floor_kb"] == floor_mb * 1024
    # the fill went under the floor by more than other tasks free in a moment
    if ready["before"]["free_kb"] - held["filled_kb"] < (floor_mb - 128) * 1024:
        assert held["pages_dropped"] > 0, ready
    assert after["free_kb"] >= floor_mb * 1024 or held["kb"] == 0, ready
    if after["free_kb"] < floor_mb * 1024:
        assert not ready["reached"], ready


def test_bad_options():
    for args in (["--mode", "nope"], ["--ceiling", "2"], ["--stride-kb", "12"],
                 ["--dir", "/dev/shm"]):
        p = subprocess.run([SPFRAG, *args, "--max-mb", "8", "--hold", "none"],
                           capture_output=True, text=True)
        assert p.returncode != 0
        assert len(p.stderr.strip().splitlines()) == 1, p.stderr


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def test_sigterm_releases():
    p = subprocess.Popen([SPFRAG, "--mode", "anon", "--max-mb", "64", "--hold", "signal"],
                         stdout=subprocess.PIPE, text=True)
    ready = json.loads(p.stdout.readline())
    assert ready["event"] == "ready"
    p.send_signal(signal.SIGTERM)
    released = json.loads(p.stdout.readline())
    assert p.wait(timeout=60) == 143
    assert released["event"] == "released"


def test_parent_sigkill_leaves_no_spfrag():
    parent = subprocess.Popen(
        [sys.executable, "-c",
         "import subprocess,sys\n"
         f"p = subprocess.Popen([{SPFRAG!r}, '--mode', 'pagecache', '--max-mb', '64'],"
         " stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
         "print(p.pid, flush=True); p.stdout.readline(); print('ready', flush=True)\n"
         "import time; time.sleep(60)\n"], stdout=subprocess.PIPE, text=True)
    pid = int(parent.stdout.readline())
    assert parent.stdout.readline().strip() == "ready"
    assert _alive(pid)
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 60
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)
