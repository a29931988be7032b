"""Memory states a run starts from. clean: page cache dropped and memory
compacted, so free memory is as contiguous as this kernel can make it.
asis: nothing prepared (no root needed)."""
import contextlib
import os

from .errors import UserError

STATES = ("clean", "asis")


def _poke(path, value):
    try:
        with open(path, "w") as f:
            f.write(value)
    except PermissionError:
        raise UserError(f"state 'clean' needs root (writes {path}); run as root "
                        "or use --state asis")
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror}")


@contextlib.contextmanager
def entered(state):
    """The state held for the duration of one run, released after it."""
    prepare(state)
    yield


def prepare(state):
    if state == "clean":
        os.sync()
        _poke("/proc/sys/vm/drop_caches", "3")
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
