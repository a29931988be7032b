"""Memory states a run starts from. clean: page cache dropped and memory
compacted, so free memory is as contiguous as this kernel can make it.
asis: nothing prepared (no root needed). fragmented: spfrag fills memory
with interleaved page cache and drops part of it, so that memory is free
but scattered (the paper's method), and holds it for the run, with
proactive compaction off; fragmented-anon and fragmented-unmovable use its
other two modes."""
import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import time

from . import paths, stops
from .errors import UserError

FRAG_MODES = {"fragmented": "pagecache", "fragmented-anon": "anon",
              "fragmented-unmovable": "unmovable"}
STATES = ("clean", "asis") + tuple(FRAG_MODES)
SPFRAG = os.path.join(paths.BIN, "spfrag")


def _poke(path, value):
    try:
        with open(path, "w") as f:
            f.write(value)
    except PermissionError:
        raise UserError(f"states clean and fragmented need root (writes {path}); run as root "
                        "or use --state asis")
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror}")


def _wait_readable(f, tick=0.2):
    """Waits for f to have data, returning to Python every tick: a stop whose
    handler is due when a read starts would otherwise wait for the read."""
    while not select.select([f], [], [], tick)[0]:
        pass


def frag_args():
    """spfrag's target options, from SPBENCH_FRAG_CEILING / _FLOOR_MB."""
    args = []
    if os.environ.get("SPBENCH_FRAG_CEILING"):
        args += ["--ceiling", os.environ["SPBENCH_FRAG_CEILING"]]
    if os.environ.get("SPBENCH_FRAG_FLOOR_MB"):
        args += ["--floor-mb", os.environ["SPBENCH_FRAG_FLOOR_MB"]]
    return args


PCP_FRACTION = "/proc/sys/vm/percpu_pagelist_high_fraction"
PCP_DRAINED_KB = 64 * 1024
PROACTIVE = "/proc/sys/vm/compaction_proactiveness"
# The sysctls spfrag changes while it fragments and puts back itself.
SPFRAG_SETTINGS = (PCP_FRACTION, PROACTIVE, "/proc/sys/fs/pipe-max-size")


class Fragmenter:
    """A running spfrag: started and fragmenting in start(), holding until
    release(). Its stdin is a pipe: closing it releases the memory, and
    spfrag also goes when this process dies (PR_SET_PDEATHSIG). With a
    journal, the settings spfrag changes for a while are journaled first,
    so that they come back even when both are killed."""

    def __init__(self, mode, extra_args=(), spfrag=None, journal=None,
                 settings=SPFRAG_SETTINGS):
        self.cmd = [spfrag or SPFRAG, "--mode", mode, *extra_args]
        self.journal = journal
        self.settings = settings
        self.proc = None
        self.ready = None
        self.released = None

    def start(self):
        if self.journal is not None:
            for path in self.settings:
                if os.path.exists(path):
                    self.journal.hold(path)
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
            line = self.proc.stdout.readline()
        except OSError as e:
            raise UserError(f"cannot run {self.cmd[0]}: {e.strerror} (run make)")
        except BaseException:
            # stopped before the ready line: spfrag puts its settings back
            # now, before the caller puts back its own
            if self.proc is None:
                raise
            self.proc.terminate()
            self._reap()
            raise
        if not line:
            err = self.proc.stderr.read().strip().splitlines()
            self.proc.wait()
            raise UserError("spfrag failed: " + (err[-1] if err else
                            f"exit {self.proc.returncode}"), status=1)
        self.ready = json.loads(line)
        return self.ready

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
        return self.released

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


last_fragmenter = None      # the latest spfrag's report, for the caller


@contextlib.contextmanager
def entered(state, journal=None):
    """The state held for the duration of one run, released after it."""
    global last_fragmenter
    if state in FRAG_MODES:
        prepare("clean", journal)    # each run fragments the same starting point
        frag = Fragmenter(FRAG_MODES[state], frag_args(), journal=journal)
        last_fragmenter = frag
        with proactive_compaction_off(journal), frag:
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
def proactive_compaction_off(journal=None):
    """Holds kcompactd's proactive compaction off while a fragmented state
    is held: on its own it rebuilds free 2 MB blocks from the scattered
    page cache within seconds (109 to 585 of them during one 1 s run), and
    the run would no longer start from memory that is free but scattered.
    Compaction on demand (the THP defrag setting) and khugepaged still work;
    the daemon's recovery is what `experiment sustained` measures."""
    if not os.path.exists(PROACTIVE):
        yield
        return
    with open(PROACTIVE) as f:
        old = f.read().strip()
    put = journal.set if journal is not None else _poke
    put(PROACTIVE, "0")
    try:
        yield
    finally:
        put(PROACTIVE, old)


def pcp_kb(zoneinfo="/proc/zoneinfo"):
    """Free pages cached on the per-CPU lists, in kB: free, but not in the
    buddy lists /proc/buddyinfo (and so the metric) shows."""
    try:
        with open(zoneinfo) as f:
            return 4 * sum(int(line.split()[1]) for line in f
                           if line.lstrip().startswith("count:"))
    except OSError:
        return 0


def drain_pcp(journal=None, wait_s=5.0):
    """Gives the per-CPU free lists back to the buddy allocator, where freed
    pages merge (kernels since 6.7 grow those lists with demand, up to 1/8
    of a zone): a manual percpu_pagelist_high_fraction gives them a small
    high mark, the kernel trims them to it within a second or two, and the
    old value goes back (the journal also holds it, in case of a crash)."""
    if not os.path.exists(PCP_FRACTION):
        return
    with open(PCP_FRACTION) as f:
        old = f.read().strip()
    try:
        if journal is not None:
            journal.set(PCP_FRACTION, "1000000")
        else:
            _poke(PCP_FRACTION, "1000000")
        deadline = time.monotonic() + wait_s
        while pcp_kb() > PCP_DRAINED_KB and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        _poke(PCP_FRACTION, old)


def prepare(state, journal=None):
    if state == "clean":
        os.sync()
        _poke("/proc/sys/vm/drop_caches", "3")
        drain_pcp(journal)
        _poke("/proc/sys/vm/compact_memory", "1")
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
