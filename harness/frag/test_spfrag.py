"""spfrag on the live machine (root only): each mode lowers contiguity with
a small fill, the free floor holds, and it releases on SIGTERM and when its
parent is SIGKILLed. spfrag writes no sysctl: through memstate's Fragmenter
a settings journal (in a temporary state folder) holds what the state needs
while spfrag fills and puts it back however the run ends; run by hand,
spfrag reports what it found and warns."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from harness.driver.system import memstate, settings
from harness.testing.procs import kill_session

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPFRAG = os.path.join(REPO, "build", "bin", "spfrag")

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root (pagemap PFNs, pipes, oom_score_adj)"),
    pytest.mark.skipif(not os.path.exists(SPFRAG), reason="build/bin/spfrag not built (make)"),
]

KNOBS = {"vm.percpu_pagelist_high_fraction": settings.PCP_FRACTION,
         "vm.compaction_proactiveness": settings.PROACTIVE,
         "fs.pipe-max-size": settings.PIPE_MAX}


def sysctls():
    return {name: open(path).read() for name, path in KNOBS.items() if os.path.exists(path)}


@pytest.fixture
def journal(tmp_path):
    """A settings journal of the test's own; the sysctls are as they were
    after it, whatever the test did."""
    before = sysctls()
    with settings.Journal(str(tmp_path / "state")) as j:
        yield j
    assert sysctls() == before


def by_hand(*args, timeout=120):
    """spfrag run as a user runs it, without spbench: (ready, released, stderr)."""
    p = subprocess.Popen([SPFRAG, *args, "--hold", "none"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.terminate()
        p.communicate(timeout=60)
        raise
    assert p.returncode == 0, err
    ready, released = [json.loads(line) for line in out.splitlines()]
    return ready, released, err


def measure():
    out = subprocess.run([SPFRAG, "measure"], capture_output=True, text=True).stdout
    return json.loads(out)["contiguity"]


def can_size_pipes_past_the_limit():
    """CAP_SYS_RESOURCE: F_SETPIPE_SZ past fs.pipe-max-size."""
    with open("/proc/self/status") as f:
        caps = next(line for line in f if line.startswith("CapEff:"))
    return bool(int(caps.split()[1], 16) >> 24 & 1)


@pytest.mark.parametrize("mode", ["pagecache", "anon", "unmovable"])
def test_mode_lowers_contiguity_to_target(mode, journal):
    # small free pieces are filled first: compacting them away keeps this fast
    journal.trigger(settings.COMPACT_MEMORY, "1")
    # a fixed 1 GB fill (a ceiling of 0 is never reached): a drop of several
    # percent, well clear of what other activity moves
    now = measure()
    ceiling = 0.0
    floor_mb = max(now["free_kb"] // 1024 - 2048, 512)
    frag = memstate.Fragmenter(mode, ["--ceiling", f"{ceiling:.4f}", "--floor-mb",
                                      str(floor_mb), "--max-mb", "1024"], spfrag=SPFRAG,
                               journal=journal)
    with frag:
        ready = frag.ready
    released = frag.released
    before, after = ready["before"], ready["after"]
    assert after["contiguity"] < before["contiguity"]
    assert ready["reached"] == (after["contiguity"] <= ceiling and
                                after["free_kb"] >= ready["target"]["floor_kb"])
    assert ready["holding"]["kb"] > 0
    # spfrag filled under what the driver held
    seen = ready["settings_seen"]
    assert seen["vm.compaction_proactiveness"] in (0, None)
    assert seen["vm.percpu_pagelist_high_fraction"] in (int(memstate.PCP_PINNED), None)
    if mode == "unmovable":
        assert seen["fs.pipe-max-size"] >= memstate.SPFRAG_PIPE_BYTES
        assert ready["holding"]["pages_per_pipe"] == memstate.SPFRAG_PIPE_BYTES // 4096
    assert released["event"] == "released"
    # released, and the per-CPU free lists drained (a few MB may stay there,
    # so a small hold need not show): contiguity does not stay lower
    assert released["pcp_drained"]
    assert released["pcp_kb_drained"] <= max(released["pcp_kb"], memstate.pcp_drained_kb())
    assert released["contiguity"]["contiguity"] >= after["contiguity"]


def test_free_floor_kept(journal):
    # The fill takes memory 256 MB past the floor, so thinning must give it
    # back.  Other tasks may take memory meanwhile: if even dropping every
    # page leaves the floor short, that is theirs, and the ready line says
    # nothing is held and that the target was not reached.
    floor_mb = measure()["free_kb"] // 1024 - 256
    frag = memstate.Fragmenter("pagecache", ["--max-mb", "512", "--floor-mb", str(floor_mb)],
                               spfrag=SPFRAG, journal=journal)
    with frag:
        ready = frag.ready
    held, after = ready["holding"], ready["after"]
    assert ready["target"]["floor_kb"] == floor_mb * 1024
    # the fill went under the floor by more than other tasks free in a moment
    if ready["before"]["free_kb"] - held["filled_kb"] < (floor_mb - 128) * 1024:
        assert held["pages_dropped"] > 0, ready
    assert after["free_kb"] >= floor_mb * 1024 or held["kb"] == 0, ready
    if after["free_kb"] < floor_mb * 1024:
        assert not ready["reached"], ready


def test_bad_options(journal):
    # held as spbench holds them, so that the error is all spfrag says
    with memstate.pcp_drained(journal), memstate.proactive_compaction_off(journal):
        for args in (["--mode", "nope"], ["--ceiling", "2"], ["--stride-kb", "12"],
                     ["--dir", "/dev/shm"]):
            p = subprocess.run([SPFRAG, *args, "--max-mb", "8", "--hold", "none"],
                               capture_output=True, text=True)
            assert p.returncode != 0
            assert len(p.stderr.strip().splitlines()) == 1, p.stderr
            assert "warning" not in p.stderr


def test_by_hand_it_reports_and_warns_but_changes_nothing(journal):
    """Without spbench: spfrag fills all the same, names in its ready line
    what it found, warns in one line about what the state lacks, and leaves
    every sysctl as it was."""
    with journal.temporarily(settings.PROACTIVE, "20"), \
            journal.temporarily(settings.PCP_FRACTION, "0"), \
            journal.temporarily(settings.PIPE_MAX, "1048576"):
        found = sysctls()
        ready, _, err = by_hand("--mode", "unmovable", "--max-mb", "64")
        assert sysctls() == found
    assert ready["settings_seen"] == {"vm.compaction_proactiveness": 20,
                                      "vm.percpu_pagelist_high_fraction": 0,
                                      "fs.pipe-max-size": 1048576}
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("spfrag: warning: "), err
    assert "vm.compaction_proactiveness is 20" in err and "spbench" in err
    assert "vm.percpu_pagelist_high_fraction is 0" in err
    full = can_size_pipes_past_the_limit()
    assert ("fs.pipe-max-size is 1048576" in err) != full
    assert ready["holding"]["pages_per_pipe"] == (1024 if full else 256)


def test_by_hand_with_the_settings_held_it_is_silent(journal):
    with memstate.pcp_drained(journal), memstate.proactive_compaction_off(journal), \
            journal.temporarily(settings.PIPE_MAX, str(memstate.SPFRAG_PIPE_BYTES)):
        ready, _, err = by_hand("--mode", "unmovable", "--max-mb", "64")
    assert err == ""
    assert ready["settings_seen"] == {
        "vm.compaction_proactiveness": 0,
        "vm.percpu_pagelist_high_fraction": int(memstate.PCP_PINNED),
        "fs.pipe-max-size": memstate.SPFRAG_PIPE_BYTES}
    assert ready["holding"]["pages_per_pipe"] == 1024


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def test_sigterm_releases():
    p = subprocess.Popen([SPFRAG, "--mode", "anon", "--max-mb", "64", "--hold", "signal"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
         " stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,"
         " text=True)\n"
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


# A fragmented state entered as a run enters it, stopped by the test while
# spfrag fills: SIGTERM becomes an exception, as in spbench's cli.
ENTERED = """
import signal, sys
sys.path.insert(0, sys.argv[1])
from harness.driver.system import memstate, settings
class Terminated(BaseException):
    pass
def stop(signum, frame):
    raise Terminated()
signal.signal(signal.SIGTERM, stop)
with settings.Journal(sys.argv[2]) as j:
    try:
        with memstate.entered("fragmented-unmovable", j):
            print("entered", flush=True)
    except Terminated:
        print("terminated", flush=True)
"""


def _children_spfrag(ppid):
    pids = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == ppid and fields[0] != "Z" and \
                    os.readlink(f"/proc/{d}/exe") == os.path.realpath(SPFRAG):
                pids.append(int(d))
        except (OSError, ValueError, IndexError):
            pass
    return pids


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_settings_come_back_however_a_fill_is_stopped(tmp_path, sig):
    """memstate.entered with a journal, stopped while spfrag fills (held:
    the lists' small mark, proactive compaction off, pipes allowed 4 MB):
    after SIGTERM every sysctl is back when the run ends; after SIGKILL
    spfrag goes with the run and settings.recover puts them back."""
    before = sysctls()
    state = tmp_path / "state"
    env = dict(os.environ, SPBENCH_FRAG_CEILING="0")     # fills until stopped
    env.pop("SPBENCH_FRAG_FLOOR_MB", None)
    p = subprocess.Popen([sys.executable, "-c", ENTERED, REPO, str(state)], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not _children_spfrag(p.pid) and time.monotonic() < deadline:
            assert p.poll() is None, p.communicate()
            time.sleep(0.05)
        spfrag = _children_spfrag(p.pid)
        assert spfrag, "spfrag never started"
        time.sleep(1)                            # into the fill
        held = sysctls()
        assert held["vm.compaction_proactiveness"].strip() == "0"
        assert held["vm.percpu_pagelist_high_fraction"].strip() == memstate.PCP_PINNED
        assert int(held["fs.pipe-max-size"]) >= memstate.SPFRAG_PIPE_BYTES
        os.kill(p.pid, sig)
        out, err = p.communicate(timeout=120)
        deadline = time.monotonic() + 60
        while any(_alive(pid) for pid in spfrag) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in spfrag)
        if sig == signal.SIGTERM:
            assert out.split() == ["terminated"], (out, err)
            assert not (state / settings.JOURNAL).exists()
        else:
            changed = {KNOBS[n] for n in before if held[n] != before[n]}
            assert {KNOBS[n] for n in before if sysctls()[n] != before[n]} == changed
            assert {path for path, _ in settings.recover(str(state))} == changed
        assert sysctls() == before
    finally:
        kill_session(p)
        settings.recover(str(state))


def test_refresh_needs_a_fill_that_filled_memory(journal):
    """A mode without refresh, and a pagecache fill cut by --max-mb, answer
    with an error in the refreshed line and go on holding."""
    for mode in ("anon", "pagecache"):
        frag = memstate.Fragmenter(mode, ["--max-mb", "64"], spfrag=SPFRAG, journal=journal)
        with frag:
            r = frag.refresh()
            assert r["event"] == "refreshed" and not r["reached"], r
            assert ("cannot refresh" if mode == "anon" else "did not fill memory") in r["error"]
            assert frag.proc.poll() is None
        assert frag.released["event"] == "released"


def free_2m_blocks():
    """Free blocks of 2 MB and more, in 2 MB units, from /proc/buddyinfo
    (order 9 up): counted apart from spfrag's own metric."""
    n = 0
    with open("/proc/buddyinfo") as f:
        for line in f:
            counts = [int(c) for c in line.split()[4:]]
            n += sum(c << (order - 9) for order, c in enumerate(counts) if order >= 9)
    return n


TOUCH_HUGE = """
import mmap, sys
n = int(sys.argv[1]) << 20
m = mmap.mmap(-1, n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
m.madvise(mmap.MADV_HUGEPAGE)
for i in range(0, n, 4096):
    m[i] = 1
"""


def test_refresh_fragments_again_what_a_run_compacted(journal):
    """The reproduction's fragmented stage, once: a full fill (a minute or
    more), then a run whose MADV_HUGEPAGE faults compact free 2 MB blocks
    out of the scattered memory and free them at exit; refresh takes them
    again, and the contiguity test the stage uses holds once more."""
    thp = settings.THP_ROOT
    journal.trigger(settings.COMPACT_MEMORY, "1")
    with journal.temporarily(os.path.join(thp, "enabled"), "madvise"), \
            journal.temporarily(os.path.join(thp, "defrag"), "madvise"), \
            memstate.proactive_compaction_off(journal):
        frag = memstate.Fragmenter("pagecache", [], spfrag=SPFRAG, journal=journal)
        with frag:
            ready = frag.ready
            ceiling = ready["target"]["ceiling"]
            assert ready["reached"], ready
            blocks_ready = free_2m_blocks()
            # a third of the free memory left: room for the run without reclaim
            mb = ready["after"]["free_kb"] // 1024 // 3
            subprocess.run([sys.executable, "-c", TOUCH_HUGE, str(mb)], check=True)
            memstate.drain_pcp(journal)
            blocks_run, after_run = free_2m_blocks(), measure()["contiguity"]
            assert after_run > 2 * ceiling, (blocks_ready, blocks_run, after_run)
            r = frag.refresh()
            assert r["event"] == "refreshed" and "error" not in r, r
            blocks_now, now = free_2m_blocks(), measure()["contiguity"]
            assert now <= max(2 * ceiling, ceiling + 0.01), (r, now)
            assert blocks_now * 4 < blocks_run, (blocks_ready, blocks_run, blocks_now)
            assert r["reached"] == (r["after"]["contiguity"] <= ceiling and
                                    r["after"]["free_kb"] >= ready["target"]["floor_kb"])
            print(f"refresh: {r['time_s']:.1f} s against the fill's {ready['time_s']:.1f} s; "
                  f"free 2 MB blocks {blocks_ready} ready, {blocks_run} after the run, "
                  f"{blocks_now} refreshed; contiguity {after_run:.3f} -> {now:.3f}")
