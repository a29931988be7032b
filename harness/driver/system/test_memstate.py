"""Memory states: the fragmented states parse and plan; a Fragmenter starts
spfrag, holds what the state needs through the settings journal while
spfrag fills, reads its report and releases it; the per-CPU lists drain
through the journal. A stand-in spfrag and stand-in knob files here, so no
root is needed."""
import json
import subprocess
import sys
import time

import pytest

from harness.driver.system import memstate, settings
from harness.driver import paths
from harness.driver.engine import sustained
from harness.driver.errors import UserError
from harness.driver.engine.plan import Plan
from harness.testing.procs import kill_session


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
    steps = [(s.state, s.policy.name) for s in plan.steps()]
    assert steps == [("clean", "base"), ("clean", "thp")] * 2 + \
        [("fragmented", "base"), ("fragmented", "thp")] * 2


# A stand-in spfrag: 'measure' prints a report; otherwise it records the
# knobs it finds at start (KNOBS: files to read), prints a ready line and
# holds until stdin closes, answering each 'refresh' line with a refreshed
# one after recording the knobs it finds then.
FAKE = """#!/bin/sh
if [ "$1" = measure ]; then
    echo '{"contiguity":{"contiguity":0.9,"free_kb":2}}'
    exit 0
fi
for k in $KNOBS; do printf '%s ' "$(cat $k)"; done > "$SEEN"
echo '{"event":"ready","reached":true,"mode":"'$2'","after":{"contiguity":0.01,"free_kb":1}}'
while read line; do
    [ "$line" = refresh ] || continue
    for k in $KNOBS; do printf '%s ' "$(cat $k)"; done > "$SEEN.refresh"
    echo '{"event":"refreshed","reached":true,"time_s":2.5,"after":{"contiguity":0.012}}'
done
echo '{"event":"released","contiguity":{"contiguity":0.5}}'
"""


@pytest.fixture
def fake(tmp_path, monkeypatch):
    path = tmp_path / "spfrag"
    path.write_text(FAKE)
    path.chmod(0o755)
    monkeypatch.setenv("KNOBS", "")
    monkeypatch.setenv("SEEN", str(tmp_path / "seen"))
    return str(path)


@pytest.fixture
def knobs(tmp_path, monkeypatch):
    """Stand-ins for the knobs a fragmented state sets, at the values a
    fresh system has; the per-CPU lists empty at once."""
    d = tmp_path / "sys"
    d.mkdir()
    values = {"PCP_FRACTION": "0", "PROACTIVE": "20", "PIPE_MAX": "1048576",
              "DROP_CACHES": "", "COMPACT_MEMORY": ""}
    made = {}
    for name, value in values.items():
        (d / name).write_text(value + "\n")
        made[name] = str(d / name)
        monkeypatch.setattr(memstate, name, made[name])
    monkeypatch.setattr(memstate, "pcp_kb", lambda: 0)
    monkeypatch.setenv("KNOBS", " ".join(made[n] for n in ("PCP_FRACTION", "PROACTIVE",
                                                           "PIPE_MAX")))
    return made


def read(path):
    return open(path).read().strip()


@pytest.fixture
def journal(tmp_path):
    with settings.Journal(str(tmp_path / "state")) as j:
        yield j


def test_fragmenter_holds_until_released(fake):
    f = memstate.Fragmenter("anon", spfrag=fake)
    with f:
        assert f.ready["mode"] == "anon"
        assert f.proc.poll() is None        # still holding
    assert f.released["event"] == "released"
    # without a journal nothing is drained: the lists are as they were
    assert f.released["pcp_drained"] is False
    assert f.released["pcp_kb"] == f.released["pcp_kb_drained"] >= 0
    assert f.released["contiguity"] == {"contiguity": 0.5}
    assert f.proc is None


@pytest.mark.parametrize("mode,pipe_held", [("unmovable", "4194304"), ("pagecache", "1048576")])
def test_fragmenter_holds_the_state_s_settings_until_ready(fake, knobs, journal, tmp_path,
                                                           mode, pipe_held):
    """While spfrag fills: per-CPU lists pinned small, proactive compaction
    off, and (unmovable) pipes allowed 4 MB; at the ready line each is back
    to what it was before, and the journal holds the originals."""
    f = memstate.Fragmenter(mode, spfrag=fake, journal=journal)
    with f:
        seen = (tmp_path / "seen").read_text().split()
        assert seen == [memstate.PCP_PINNED, "0", pipe_held]
        assert [read(knobs[n]) for n in ("PCP_FRACTION", "PROACTIVE", "PIPE_MAX")] == \
            ["0", "20", "1048576"]
        saved = dict(json.loads((tmp_path / "state" / settings.JOURNAL).read_text())["settings"])
        assert saved == {knobs["PCP_FRACTION"]: "0", knobs["PROACTIVE"]: "20",
                         **({knobs["PIPE_MAX"]: "1048576"} if mode == "unmovable" else {})}


def test_fragmenter_refreshes_under_the_state_s_settings(fake, knobs, journal, tmp_path):
    """A refresh holds what a fill holds (lists pinned small, proactive
    compaction off) while spfrag works, puts each back after its line, and
    the Fragmenter holds on until released."""
    f = memstate.Fragmenter("pagecache", spfrag=fake, journal=journal)
    with f:
        for _ in range(2):
            r = f.refresh()
            assert r["event"] == "refreshed" and r["after"]["contiguity"] == 0.012
            assert (tmp_path / "seen.refresh").read_text().split() == \
                [memstate.PCP_PINNED, "0", "1048576"]
            assert [read(knobs[n]) for n in ("PCP_FRACTION", "PROACTIVE")] == ["0", "20"]
        assert f.proc.poll() is None
    assert f.released["event"] == "released"
    with pytest.raises(ValueError, match="not holding"):
        f.refresh()


def test_fragmenter_refresh_after_spfrag_went_is_one_line(fake, journal):
    f = memstate.Fragmenter("pagecache", spfrag=fake, journal=journal)
    with f:
        f.proc.kill()
        f.proc.wait()
        with pytest.raises(UserError, match="spfrag stopped holding"):
            f.refresh()


def test_fragmenter_puts_back_the_caller_s_value(fake, knobs, journal, tmp_path):
    """A caller that holds proactive compaction (off for a fragmented run, 20
    for the sustained daemon scheme) finds it as it set it after the ready
    line."""
    for value in ("0", "20"):
        journal.set(knobs["PROACTIVE"], value)
        with memstate.Fragmenter("pagecache", spfrag=fake, journal=journal):
            assert (tmp_path / "seen").read_text().split()[1] == "0"
            assert read(knobs["PROACTIVE"]) == value
    journal.restore()
    assert read(knobs["PROACTIVE"]) == "20"


def test_fragmenter_drains_the_lists_after_release(fake, knobs, journal, monkeypatch):
    seen = []

    def pcp_kb():               # the lists shrink once the small mark is set
        seen.append(read(knobs["PCP_FRACTION"]))
        return 1000 if memstate.PCP_PINNED in seen else 40000
    f = memstate.Fragmenter("pagecache", spfrag=fake, journal=journal)
    with f:
        monkeypatch.setattr(memstate, "pcp_kb", pcp_kb)
    assert (f.released["pcp_kb"], f.released["pcp_drained"], f.released["pcp_kb_drained"]) \
        == (40000, True, 1000)
    assert seen[0] == "0" and seen[1] == memstate.PCP_PINNED
    assert read(knobs["PCP_FRACTION"]) == "0"
    # measured again once drained, by spfrag measure
    assert f.released["contiguity"] == {"contiguity": 0.9, "free_kb": 2}


def test_proactive_compaction_is_off_while_fragmented_then_back(knobs, journal):
    with memstate.proactive_compaction_off(journal):
        assert read(knobs["PROACTIVE"]) == "0"
    assert read(knobs["PROACTIVE"]) == "20"
    with pytest.raises(RuntimeError):
        with memstate.proactive_compaction_off(journal):
            raise RuntimeError("the run failed")
    assert read(knobs["PROACTIVE"]) == "20"


def test_fragmenter_failure_is_one_line(tmp_path, knobs, journal):
    fake = tmp_path / "spfrag"
    fake.write_text("#!/bin/sh\necho 'spfrag: --dir /x: No such file' >&2\nexit 2\n")
    fake.chmod(0o755)
    with pytest.raises(UserError, match="spfrag failed: spfrag: --dir /x"):
        memstate.Fragmenter("unmovable", spfrag=str(fake), journal=journal).start()
    assert [read(knobs[n]) for n in ("PCP_FRACTION", "PROACTIVE", "PIPE_MAX")] == \
        ["0", "20", "1048576"]


STOPPED_BEFORE_READY = """
import signal, sys
from harness.driver.system import memstate, settings
class Stop(BaseException):
    pass
def stop(signum, frame):
    raise Stop()
signal.signal(signal.SIGTERM, stop)
memstate.PROACTIVE, memstate.PCP_FRACTION = sys.argv[2], sys.argv[3]
with settings.Journal(sys.argv[4]) as j:
    f = memstate.Fragmenter("pagecache", spfrag=sys.argv[1], journal=j)
    try:
        f.start()
        print("not stopped")
    except Stop:
        print("stopped", f.proc.returncode, open(sys.argv[2]).read().strip(),
              open(sys.argv[3]).read().strip())
"""


def test_fragmenter_stopped_before_ready_ends_spfrag_first(tmp_path):
    """A stop (SIGTERM, Ctrl-C) while spfrag is still fragmenting: spfrag
    is ended while the settings it fills under are still held, and they go
    back after it. In a process of its own, with a time limit."""
    mark = tmp_path / "at-end"
    proactive, fraction = tmp_path / "proactive", tmp_path / "fraction"
    proactive.write_text("20\n")
    fraction.write_text("0\n")
    fake = tmp_path / "spfrag"
    # the stop comes once the fake has its trap set: no race with its start
    fake.write_text("#!/bin/sh\n"
                    f"trap 'echo $(cat {proactive}) $(cat {fraction}) > {mark}; exit 143' TERM\n"
                    "kill -TERM $PPID\nwhile :; do sleep 0.05; done\n")
    fake.chmod(0o755)
    p = subprocess.Popen([sys.executable, "-c", STOPPED_BEFORE_READY, str(fake),
                          str(proactive), str(fraction), str(tmp_path / "state")],
                         cwd=paths.REPO, stdout=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=30)
    finally:
        kill_session(p)
    assert out.split() == ["stopped", "143", "20", "0"]
    assert mark.read_text().split() == ["0", memstate.PCP_PINNED]


PARENT_KILLED = """
import sys
from harness.driver.system import memstate
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
        kill_session(p)


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


def test_drain_pcp_holds_a_small_high_mark_then_puts_the_value_back(knobs, journal,
                                                                    monkeypatch, tmp_path):
    seen = []

    def pcp_kb():               # the lists shrink while the manual value is set
        seen.append(read(knobs["PCP_FRACTION"]))
        return 10 ** 6 if len(seen) < 3 else memstate.pcp_drained_kb()
    monkeypatch.setattr(memstate, "pcp_kb", pcp_kb)
    assert memstate.drain_pcp(journal) is True
    assert seen == [memstate.PCP_PINNED] * 3 and read(knobs["PCP_FRACTION"]) == "0"
    assert json.loads((tmp_path / "state" / settings.JOURNAL).read_text())["settings"] == \
        [[knobs["PCP_FRACTION"], "0"]]


def test_drain_pcp_gives_up_after_its_wait(knobs, journal, monkeypatch):
    monkeypatch.setattr(memstate, "pcp_kb", lambda: 10 ** 6)
    t0 = time.monotonic()
    assert memstate.drain_pcp(journal, wait_s=0.3) is True
    assert 0.3 <= time.monotonic() - t0 < 3
    assert read(knobs["PCP_FRACTION"]) == "0"


def test_drain_pcp_without_the_knob(knobs, journal, monkeypatch, tmp_path):
    monkeypatch.setattr(memstate, "PCP_FRACTION", str(tmp_path / "absent"))
    assert memstate.drain_pcp(journal) is False
    with pytest.raises(ValueError, match="needs the settings journal"):
        memstate.drain_pcp(None)


def test_clean_state_goes_through_the_journal(knobs, journal, monkeypatch):
    """Caches dropped, lists drained, memory compacted, in that order; the
    two actions are written but not journaled, the drained lists' mark is
    journaled and back."""
    order = []
    real_trigger = journal.trigger

    def trigger(path, value="1"):
        order.append((path, value))
        real_trigger(path, value)
    monkeypatch.setattr(journal, "trigger", trigger)
    monkeypatch.setattr(memstate, "drain_pcp", lambda j: order.append("drain"))
    memstate.prepare("clean", journal)
    assert order == [(knobs["DROP_CACHES"], "3"), "drain", (knobs["COMPACT_MEMORY"], "1")]
    assert read(knobs["DROP_CACHES"]) == "3" and read(knobs["COMPACT_MEMORY"]) == "1"
    assert journal.saved == []
    with pytest.raises(ValueError, match="needs the settings journal"):
        memstate.prepare("clean", None)
    memstate.prepare("asis", None)
