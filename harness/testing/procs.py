"""For tests that start a program in a session of its own: ending it and
whatever it left running, whatever state the test left it in."""
import os
import signal


def kill_session(p):
    """SIGKILLs p's process group (p started with start_new_session) and reaps p."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()
