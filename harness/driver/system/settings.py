"""Every system setting a run changes goes through this journal: the original
value is saved to a state file before the first change, and put back at exit,
on SIGINT/SIGTERM, or by the next spbench command after a crash. It is the
one writer of /proc/sys and /sys/kernel/mm in the harness (spfrag only reads
them); test_one_writer.py keeps it so."""
import contextlib
import fcntl
import json
import os

from harness.driver.errors import UserError
from harness.records import lines as atomic
from harness.driver.system import stops

JOURNAL = "saved-settings.json"
LOCK = "lock"

# The knobs the harness writes. Settings, saved and put back:
PROACTIVE = "/proc/sys/vm/compaction_proactiveness"
PCP_FRACTION = "/proc/sys/vm/percpu_pagelist_high_fraction"
PIPE_MAX = "/proc/sys/fs/pipe-max-size"
THP_ROOT = "/sys/kernel/mm/transparent_hugepage"     # its files: policies.py
# One-shot actions (trigger): written, nothing to save or put back.
DROP_CACHES = "/proc/sys/vm/drop_caches"
COMPACT_MEMORY = "/proc/sys/vm/compact_memory"


def read_setting(path):
    """The current value of a sysfs/procfs knob; for choice files such as
    'always [madvise] never' the bracketed word."""
    with open(path) as f:
        text = f.read().strip()
    if "[" in text:
        return text[text.index("[") + 1:text.index("]")]
    return text


def write_setting(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def _process_start(pid):
    """Start time of pid in clock ticks (None when it is gone): pid plus start
    time names a process even if the pid is reused."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    return int(stat[stat.rindex(")") + 2:].split()[19])


class Journal:
    """Owns the saved-settings file for the lifetime of one spbench command."""

    def __init__(self, state_dir):
        self.dir = state_dir
        self.path = os.path.join(state_dir, JOURNAL)
        self.lock_fd = None
        self.saved = []          # [[path, original], ...] in change order

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.restore()
        self.release()
        return False

    def acquire(self):
        try:
            os.makedirs(self.dir, exist_ok=True)
            fd = os.open(os.path.join(self.dir, LOCK), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise UserError(f"cannot create the settings journal in {self.dir}: "
                            f"{e.strerror} (run as root, or set SPBENCH_STATE_DIR)")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            owner = load_journal(self.path)
            who = f" (pid {owner['pid']})" if owner else ""
            raise UserError(f"another spbench run{who} is changing system settings; "
                            "wait for it to finish")
        self.lock_fd = fd
        recover(self.dir, quiet=False)

    def release(self):
        if self.lock_fd is not None:
            os.close(self.lock_fd)
            self.lock_fd = None

    def set(self, path, value):
        """Save path's original value (once), then write value."""
        try:
            current = read_setting(path)
        except OSError as e:
            raise UserError(f"cannot read {path}: {e.strerror}")
        if not any(p == path for p, _ in self.saved):
            if current == str(value):
                return
            self.saved.append([path, current])
            self._save()
        if current != str(value):
            try:
                write_setting(path, value)
            except OSError as e:
                raise UserError(f"cannot set {path} to {value}: {e.strerror}")

    @contextlib.contextmanager
    def temporarily(self, path, value):
        """Holds path at value for a with-block, then puts back the value it
        had before the block (which may be one this run set); the original
        stays journaled for the run's end. Yields that value."""
        try:
            before = read_setting(path)
        except OSError as e:
            raise UserError(f"cannot read {path}: {e.strerror}")
        self.set(path, value)
        try:
            yield before
        finally:
            self.set(path, before)

    def trigger(self, path, value="1"):
        """Writes an action file (drop_caches, compact_memory): it starts
        something in the kernel and has no value to save or put back."""
        try:
            write_setting(path, value)
        except PermissionError as e:
            raise UserError(f"cannot write {path}: {e.strerror} (needs root)")
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror}")

    def _save(self):
        record = {"pid": os.getpid(), "start": _process_start(os.getpid()),
                  "settings": self.saved}
        atomic.write_text(self.path, json.dumps(record, indent=1) + "\n")

    def restore(self):
        """Put back every saved value, newest first; forget them only once
        all are back. SIGINT and SIGTERM wait until it is done: a second
        Ctrl-C must not cut it short."""
        with stops.held():
            failures = restore_entries(self.saved)
            if failures:
                raise UserError("could not restore: " + "; ".join(failures), status=1)
            self.saved = []
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass


def restore_entries(entries):
    failures = []
    for path, original in reversed(entries):
        try:
            if read_setting(path) != original:
                write_setting(path, original)
        except OSError as e:
            failures.append(f"{path}={original} ({e.strerror})")
    return failures


def load_journal(path):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return {"pid": None, "start": None, "settings": [], "corrupt": True}


def owner_alive(record):
    pid = record.get("pid")
    return pid is not None and _process_start(pid) == record.get("start")


def recover(state_dir, quiet=True):
    """Restore what a dead spbench left changed. Returns the restored
    [path, value] pairs; a journal whose owner still runs is left alone."""
    path = os.path.join(state_dir, JOURNAL)
    record = load_journal(path)
    if record is None or (record.get("pid") != os.getpid() and owner_alive(record)):
        return []
    if record.get("pid") == os.getpid():
        return []
    entries = record.get("settings", [])
    failures = restore_entries(entries)
    if failures:
        raise UserError("an interrupted run left settings changed and they could "
                        "not be restored: " + "; ".join(failures)
                        + " (run 'spbench restore' as root)", status=1)
    os.unlink(path)
    if entries and not quiet:
        import sys
        print("spbench: restored settings left by an interrupted run: "
              + ", ".join(f"{p}={v}" for p, v in entries), file=sys.stderr)
    return entries


def recover_if_stale(state_dir):
    """Run first by every spbench command: restore what a killed run left,
    unless a live run still holds the lock."""
    if not os.path.exists(os.path.join(state_dir, JOURNAL)):
        return []
    try:
        fd = os.open(os.path.join(state_dir, LOCK), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        fd = None
    if fd is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return []
    try:
        return recover(state_dir, quiet=False)
    finally:
        if fd is not None:
            os.close(fd)
