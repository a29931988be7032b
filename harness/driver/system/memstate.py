"""Memory states a run starts from. clean: page cache dropped and memory
compacted, so free memory is as contiguous as this kernel can make it.
asis: nothing prepared (no root needed). fragmented: spfrag fills memory
with interleaved page cache and drops part of it, so that memory is free
but scattered (the paper's method), and holds it for the run, with
proactive compaction off; fragmented-anon and fragmented-unmovable use its
other two modes. Every setting these states change goes through the
settings journal."""
import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import time

from harness.driver import config, paths
from harness.driver.system import stops
from harness.driver.errors import UserError
from harness.driver.system.settings import (COMPACT_MEMORY, DROP_CACHES, PCP_FRACTION,
                                            PIPE_MAX, PROACTIVE, read_setting)

FRAG_MODES = {"fragmented": "pagecache", "fragmented-anon": "anon",
              "fragmented-unmovable": "unmovable"}
STATES = ("clean", "asis") + tuple(FRAG_MODES)
SPFRAG = paths.SPFRAG

# percpu_pagelist_high_fraction that gives the per-CPU lists the kernel's
# smallest high mark (spfrag's FRAG_PCP_FRACTION, which it checks for).
PCP_PINNED = "1000000"
# Trimmed to that mark a list holds at most 4 x batch = 252 pages, about
# 1 MB, per CPU and populated zone (DMA32, Normal). Drained means at most
# 4 MB per CPU: room for pages in flight, met 0.3 s after the mark is set on
# a 2-vCPU VM (8 MB there); a fixed figure is never met on many CPUs, or
# leaves tens of MB hidden on few.
PCP_DRAINED_KB_PER_CPU = 4 * 1024
PCP_WAIT_S = 5.0
SPFRAG_PIPE_BYTES = 4 << 20          # spfrag's FRAG_PIPE_BYTES
# The sysctls a Fragmenter holds through the journal while spfrag fills
# (fs.pipe-max-size for the unmovable mode only).
FRAGMENTER_KNOBS = (PCP_FRACTION, PROACTIVE, PIPE_MAX)


def _wait_readable(f, tick=0.2):
    """Waits for f to have data, returning to Python every tick: a stop whose
    handler is due when a read starts would otherwise wait for the read."""
    while not select.select([f], [], [], tick)[0]:
        pass


def _need_journal(journal, what):
    if journal is None:
        raise ValueError(f"{what} changes system settings: it needs the settings journal")


def pcp_kb(zoneinfo="/proc/zoneinfo"):
    """Free pages cached on the per-CPU lists, in kB: free, but not in the
    buddy lists /proc/buddyinfo (and so the metric) shows."""
    try:
        with open(zoneinfo) as f:
            return 4 * sum(int(line.split()[1]) for line in f
                           if line.lstrip().startswith("count:"))
    except OSError:
        return 0


def pcp_drained_kb():
    """What the per-CPU lists may still hold once drained, in kB."""
    return PCP_DRAINED_KB_PER_CPU * (os.cpu_count() or 1)


@contextlib.contextmanager
def pcp_drained(journal, wait_s=PCP_WAIT_S):
    """Gives the per-CPU free lists back to the buddy allocator, where freed
    pages merge, and keeps them small for the with-block (kernels since 6.7
    grow them with demand, up to 1/8 of a zone, so memory just freed can
    look scattered for minutes): the smallest high mark, which the kernel
    trims the lists to within a second or two, is set through the journal
    and put back after the block. Yields whether the kernel has the knob."""
    _need_journal(journal, "draining the per-CPU lists")
    if not os.path.exists(PCP_FRACTION):
        yield False
        return
    with journal.temporarily(PCP_FRACTION, PCP_PINNED):
        deadline = time.monotonic() + wait_s
        while pcp_kb() > pcp_drained_kb() and time.monotonic() < deadline:
            time.sleep(0.1)
        yield True


def drain_pcp(journal, wait_s=PCP_WAIT_S):
    """Drains the per-CPU lists once: pcp_drained around nothing. Returns
    whether they could be drained."""
    with pcp_drained(journal, wait_s) as drained:
        return drained


class Fragmenter:
    """A running spfrag: started and fragmenting in start(), holding until
    release(). Its stdin is a pipe: closing it releases the memory, and
    spfrag also goes when this process dies (PR_SET_PDEATHSIG).

    With a journal, what the fragmented state needs while spfrag fills is
    set through it before spfrag starts and put back at spfrag's ready line
    (spfrag itself writes no sysctl): the per-CPU lists drained and held
    small, so that the metric sees freed pages and the fill reaches them;
    proactive compaction off, since kcompactd would undo the fragmentation
    while it is made; for the unmovable mode, fs.pipe-max-size raised so
    that spfrag can size its pipes 4 MB. After release the lists are
    drained once more and the released report says how much they held.
    Without a journal spfrag runs with the system's settings, and warns."""

    def __init__(self, mode, extra_args=(), spfrag=None, journal=None):
        self.mode = mode
        self.cmd = [spfrag or SPFRAG, "--mode", mode, *extra_args]
        self.journal = journal
        self.proc = None
        self.ready = None
        self.released = None

    def _hold_settings(self, held):
        if self.journal is None:
            return
        held.enter_context(pcp_drained(self.journal))
        if os.path.exists(PROACTIVE):
            held.enter_context(self.journal.temporarily(PROACTIVE, "0"))
        if self.mode == "unmovable" and os.path.exists(PIPE_MAX) and \
                int(read_setting(PIPE_MAX)) < SPFRAG_PIPE_BYTES:
            held.enter_context(self.journal.temporarily(PIPE_MAX, str(SPFRAG_PIPE_BYTES)))

    @contextlib.contextmanager
    def _settings_held(self):
        """What spfrag fills under, held for the with-block and put back after it, also
        when a stop ends the block."""
        held = contextlib.ExitStack()
        try:
            self._hold_settings(held)
            yield
        finally:
            with stops.held():
                held.close()

    def start(self):
        with self._settings_held():
            line = self._spawn()
        if not line:
            err = self.proc.stderr.read().strip().splitlines()
            self.proc.wait()
            raise UserError("spfrag failed: " + (err[-1] if err else
                            f"exit {self.proc.returncode}"), status=1)
        self.ready = json.loads(line)
        return self.ready

    def _spawn(self):
        """Starts spfrag and returns its first line ('' if it ended first)."""
        try:
            # spfrag asks for this itself, too late if the run is killed
            # before spfrag's main reads its parent's pid
            on_death = stops.parent_death_signal(signal.SIGTERM, os.getpid())
            with stops.held() as mask:
                self.proc = stops.popen(self.cmd, mask, on_death,
                                        stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
            _wait_readable(self.proc.stdout)
            return self.proc.stdout.readline()
        except OSError as e:
            raise UserError(f"cannot run {self.cmd[0]}: {e.strerror} (run make)")
        except BaseException:
            # stopped before the ready line: spfrag ends before the
            # settings it filled under go back
            if self.proc is not None:
                self.proc.terminate()
                self._reap()
            raise

    def refresh(self):
        """Asks the holding spfrag to fragment again, in place, what runs
        have defragmented (pagecache mode; seconds where a new fill takes a
        minute), with the settings it fills under held again. Returns its
        refreshed line: 'reached' says whether the target is met again,
        'error' why it could not try."""
        if self.proc is None:
            raise ValueError("refresh: spfrag is not holding")
        try:
            with self._settings_held():
                self.proc.stdin.write("refresh\n")
                self.proc.stdin.flush()
                _wait_readable(self.proc.stdout)
                line = self.proc.stdout.readline()
        except OSError as e:
            raise UserError(f"spfrag stopped holding: {e.strerror}", status=1)
        if not line:
            raise UserError("spfrag stopped holding before it refreshed", status=1)
        return json.loads(line)

    def release(self):
        if self.proc is None:
            return None
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            line = self.proc.stdout.readline()
            self.released = json.loads(line) if line else None
        except ValueError:
            self.proc.kill()
        finally:
            self._reap()
            self.proc = None
        if self.released is not None:
            self.released.update(self._drain_after_release())
        return self.released

    def _drain_after_release(self):
        """The freed memory out of the per-CPU lists, and the contiguity
        then, as spfrag measures it."""
        report = {"pcp_kb": pcp_kb(), "pcp_drained": False}
        report["pcp_kb_drained"] = report["pcp_kb"]
        if self.journal is None or not drain_pcp(self.journal):
            return report
        report.update(pcp_drained=True, pcp_kb_drained=pcp_kb())
        now = measure(self.cmd[0])
        if now is not None and "contiguity" in now:
            report["contiguity"] = now["contiguity"]
        return report

    def _reap(self):
        """Waits for spfrag, killing it after 60 s, and closes its pipes."""
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            pipe.close()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.release()
        return False


def measure(spfrag=None):
    """spfrag measure's report (contiguity, free memory, per-CPU lists), or
    None when it fails."""
    try:
        p = subprocess.run([spfrag or SPFRAG, "measure"], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=60)
        return json.loads(p.stdout) if p.returncode == 0 else None
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None


def contiguity_now(spfrag=None):
    """The contiguity of free memory now (spfrag measure's contiguity.contiguity, 0 to 1),
    or None when it cannot be measured."""
    c = (measure(spfrag) or {}).get("contiguity")
    value = c.get("contiguity") if isinstance(c, dict) else None
    return float(value) if isinstance(value, (int, float)) else None


@contextlib.contextmanager
def entered(state, journal=None, ready=None):
    """The state held for the duration of one run, released after it; every
    state but asis changes settings through journal. A fragmented state puts
    spfrag's ready report into the dict ready, when one is given, and the
    Fragmenter holding it under 'fragmenter'."""
    if state in FRAG_MODES:
        prepare("clean", journal)    # each run fragments the same starting point
        frag = Fragmenter(FRAG_MODES[state], config.frag_args(), journal=journal)
        with proactive_compaction_off(journal), frag:
            if ready is not None:
                ready.update(ready=frag.ready, fragmenter=frag)
            if not frag.ready.get("reached"):
                c = frag.ready["after"]
                print(f"\nspbench: spfrag did not reach its target: contiguity "
                      f"{c['contiguity']:.3f} (ceiling {frag.ready['target']['ceiling']}), "
                      f"free {c['free_kb'] // 1024} MB", file=sys.stderr)
            yield
        return
    prepare(state, journal)
    yield


@contextlib.contextmanager
def proactive_compaction_off(journal):
    """Holds kcompactd's proactive compaction off while a fragmented state
    is held: on its own it rebuilds free 2 MB blocks from the scattered
    page cache within seconds (109 to 585 of them during one 1 s run), and
    the run would no longer start from memory that is free but scattered.
    Compaction on demand (the THP defrag setting) and khugepaged still work;
    the daemon's recovery is what `experiment sustained` measures."""
    _need_journal(journal, "holding proactive compaction off")
    if not os.path.exists(PROACTIVE):
        yield
        return
    with journal.temporarily(PROACTIVE, "0"):
        yield


def prepare(state, journal=None):
    if state == "clean":
        _need_journal(journal, "the clean state")
        os.sync()
        journal.trigger(DROP_CACHES, "3")
        drain_pcp(journal)
        journal.trigger(COMPACT_MEMORY, "1")
    elif state != "asis":
        raise UserError(f"unknown state '{state}'; known: {', '.join(STATES)}")


def parse_list(text):
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        if n not in STATES:
            raise UserError(f"unknown state '{n}'; known: {', '.join(STATES)}")
    if not names:
        raise UserError("--state needs at least one state")
    return names
