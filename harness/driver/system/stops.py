"""Holding off a stop (SIGINT, SIGTERM) for a moment that must not be cut in
two: between a fork and the caller holding the child's handle (or the child
would be left running), or while settings go back. The stop is taken as
soon as the moment is over."""
import contextlib
import ctypes
import os
import signal
import subprocess

STOPS = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def held():
    """Yields the signal mask from before, for popen()."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        yield old
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def popen(cmd, mask, child_setup=None, **kw):
    """subprocess.Popen inside held(): the child starts with mask, the
    caller's own, instead of the held one; child_setup, if any, then runs in
    the child before its exec."""
    def setup():
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if child_setup:
            child_setup()
    return subprocess.Popen(cmd, preexec_fn=setup, **kw)


def parent_death_signal(sig, parent):
    """A child setup (runs between fork and exec): sig when parent dies, and
    exit at once if parent is already gone, so no moment after the fork is
    left uncovered."""
    def setup():
        ctypes.CDLL(None, use_errno=True).prctl(1, sig)   # PR_SET_PDEATHSIG
        if os.getppid() != parent:
            os._exit(1)
    return setup
