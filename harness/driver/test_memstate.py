"""Memory states: the fragmented states parse and plan, and a Fragmenter
starts spfrag, reads its report and releases it (a stand-in spfrag here,
so no root is needed)."""
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from harness.driver import memstate, paths, sustained
from harness.driver.errors import UserError
from harness.driver.runner import Plan


def test_states_parse():
    assert memstate.parse_list("clean,fragmented") == ["clean", "fragmented"]
    assert memstate.parse_list("fragmented-anon") == ["fragmented-anon"]
    with pytest.raises(UserError, match="unknown state 'broken'"):
        memstate.parse_list("clean,broken")


def test_plan_runs_both_states_interleaving_policies():
    class W:
        name = "fftw"

    class P:
        def __init__(self, n):
            self.name = n
    plan = Plan([W()], [P("base"), P("thp")], ["clean", "fragmented"], "test", 2, 0, 1, 100)
    steps = [(s, p.name) for _, s, _, _, p in plan.steps()]
    assert steps == [("clean", "base"), ("clean", "thp")] * 2 + \
        [("fragmented", "base"), ("fragmented", "thp")] * 2


FAKE = """#!/bin/sh
echo '{"event":"ready","reached":true,"mode":"'$2'","after":{"contiguity":0.01,"free_kb":1}}'
read line
echo '{"event":"released"}'
"""


def test_fragmenter_holds_until_released(tmp_path):
    fake = tmp_path / "spfrag"
    fake.write_text(FAKE)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    f = memstate.Fragmenter("anon", spfrag=str(fake))
    with f:
        assert f.ready["mode"] == "anon"
        assert f.proc.poll() is None        # still holding
    assert f.released == {"event": "released"}
    assert f.proc is None


def test_fragmenter_journals_what_spfrag_changes(tmp_path):
    fake = tmp_path / "spfrag"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    knob = tmp_path / "compaction_proactiveness"
    knob.write_text("20\n")
    held = []

    class Journal:
        def hold(self, path):
            held.append((path, open(path).read().strip()))
    f = memstate.Fragmenter("pagecache", spfrag=str(fake), journal=Journal(),
                            settings=(str(knob), str(tmp_path / "absent")))
    with f:
        assert held == [(str(knob), "20")]


def test_proactive_compaction_is_off_while_fragmented_then_back(tmp_path, monkeypatch):
    knob = tmp_path / "compaction_proactiveness"
    knob.write_text("20\n")
    monkeypatch.setattr(memstate, "PROACTIVE", str(knob))
    with memstate.proactive_compaction_off():
        assert knob.read_text().strip() == "0"
    assert knob.read_text().strip() == "20"
    with pytest.raises(RuntimeError):
        with memstate.proactive_compaction_off():
            raise RuntimeError("the run failed")
    assert knob.read_text().strip() == "20"


def test_fragmenter_failure_is_one_line(tmp_path):
    fake = tmp_path / "spfrag"
    fake.write_text("#!/bin/sh\necho 'spfrag: --dir /x: No such file' >&2\nexit 2\n")
    fake.chmod(0o755)
    with pytest.raises(UserError, match="spfrag failed: spfrag: --dir /x"):
        memstate.Fragmenter("pagecache", spfrag=str(fake)).start()


STOPPED_BEFORE_READY = """
import signal, sys
from harness.driver import memstate
class Stop(BaseException):
    pass
def stop(signum, frame):
    raise Stop()
signal.signal(signal.SIGTERM, stop)
f = memstate.Fragmenter("pagecache", spfrag=sys.argv[1])
try:
    f.start()
    print("not stopped")
except Stop:
    print("stopped", f.proc.returncode)
"""


def test_fragmenter_stopped_before_ready_ends_spfrag_first(tmp_path):
    """A stop (SIGTERM, Ctrl-C) while spfrag is still fragmenting: spfrag
    is ended, and has put its settings back, before the caller goes on to
    put back its own; left to die with its parent, it would write its
    values back after them. In a process of its own, with a time limit."""
    mark = tmp_path / "put-back"
    fake = tmp_path / "spfrag"
    # the stop comes once the fake has its trap set: no race with its start
    fake.write_text(f"#!/bin/sh\ntrap 'echo done > {mark}; exit 143' TERM\n"
                    "kill -TERM $PPID\nwhile :; do sleep 0.05; done\n")
    fake.chmod(0o755)
    p = subprocess.Popen([sys.executable, "-c", STOPPED_BEFORE_READY, str(fake)],
                         cwd=paths.REPO, stdout=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=30)
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
    assert out.split() == ["stopped", "143"]
    assert mark.read_text() == "done\n"


PARENT_KILLED = """
import sys
from harness.driver import memstate
memstate.Fragmenter("pagecache", spfrag=sys.argv[1]).start()
"""


def test_spfrag_gets_sigterm_when_its_parent_is_killed(tmp_path):
    """The run is SIGKILLed right after spfrag's exec, before spfrag could
    ask for its parent's death signal itself: it is asked for before the
    exec, so spfrag still hears of it at once."""
    mark, pidfile = tmp_path / "terminated", tmp_path / "pid"
    fake = tmp_path / "spfrag"
    fake.write_text(f"#!/bin/sh\ntrap 'echo done > {mark}; exit 143' TERM\n"
                    f"echo $$ > {pidfile}\nwhile :; do sleep 0.05; done\n")
    fake.chmod(0o755)
    p = subprocess.Popen([sys.executable, "-c", PARENT_KILLED, str(fake)],
                         cwd=paths.REPO, start_new_session=True)
    try:
        deadline = time.time() + 20
        while not pidfile.exists() and time.time() < deadline:
            time.sleep(0.02)
        assert pidfile.exists(), "the fake spfrag never started"
        p.kill()
        p.wait()
        deadline = time.time() + 10
        while not mark.exists() and time.time() < deadline:
            time.sleep(0.05)
        assert mark.exists(), "spfrag outlived its parent without a SIGTERM"
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_frag_args_from_environment(monkeypatch):
    monkeypatch.setenv("SPBENCH_FRAG_CEILING", "0.02")
    monkeypatch.setenv("SPBENCH_FRAG_FLOOR_MB", "2048")
    assert memstate.frag_args() == ["--ceiling", "0.02", "--floor-mb", "2048"]


def test_scheme_settings():
    cache = dict(sustained.scheme_settings("cache", "/thp"))
    daemon = dict(sustained.scheme_settings("daemon", "/thp"))
    assert cache["/proc/sys/vm/compaction_proactiveness"] == "0"
    assert cache["/thp/defrag"] == "never"
    assert daemon["/thp/defrag"] == "always"
    assert int(daemon["/proc/sys/vm/compaction_proactiveness"]) > 0
    with pytest.raises(UserError):
        sustained.scheme_settings("other")


ZONEINFO = """Node 0, zone   Normal
  pages free     5037953
  pagesets
    cpu: 0
              count:    20881
              high:     90516
    cpu: 1
              count:    315137
              high:     315367
"""


def test_pcp_kb_sums_the_per_cpu_counts(tmp_path):
    z = tmp_path / "zoneinfo"
    z.write_text(ZONEINFO)
    assert memstate.pcp_kb(str(z)) == 4 * (20881 + 315137)
    assert memstate.pcp_kb(str(tmp_path / "missing")) == 0


def test_drain_pcp_holds_a_small_high_mark_then_puts_the_value_back(tmp_path, monkeypatch):
    knob = tmp_path / "percpu_pagelist_high_fraction"
    knob.write_text("0\n")
    monkeypatch.setattr(memstate, "PCP_FRACTION", str(knob))
    seen = []

    def pcp_kb():               # the lists shrink while the manual value is set
        seen.append(knob.read_text().strip())
        return 10 ** 6 if len(seen) < 3 else 0
    monkeypatch.setattr(memstate, "pcp_kb", pcp_kb)
    memstate.drain_pcp()
    assert seen == ["1000000"] * 3 and knob.read_text().strip() == "0"

    class Journal:
        def __init__(self):
            self.saved = []

        def set(self, path, value):
            self.saved.append((path, open(path).read().strip()))
            open(path, "w").write(value)
    seen.clear()
    j = Journal()
    memstate.drain_pcp(j)
    assert j.saved == [(str(knob), "0")] and knob.read_text().strip() == "0"
