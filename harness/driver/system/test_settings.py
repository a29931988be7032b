"""Tests of the settings journal: save before change, restore, a setting
held for a while, one-shot actions, recovery after a killed run, refusal
while another run holds the lock."""
import json
import os
import signal
import subprocess
import sys

import pytest

from harness.driver.system import settings
from harness.driver.errors import UserError

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def knob(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text + "\n")
    return str(p)


def test_read_setting_takes_bracketed_choice(tmp_path):
    assert settings.read_setting(knob(tmp_path, "e", "always [madvise] never")) == "madvise"
    assert settings.read_setting(knob(tmp_path, "n", "20")) == "20"


def test_journal_saves_first_then_restores(tmp_path):
    state = tmp_path / "state"
    k = knob(tmp_path, "enabled", "always [madvise] never")
    with settings.Journal(str(state)) as j:
        j.set(k, "always")
        saved = json.loads((state / settings.JOURNAL).read_text())
        assert saved["settings"] == [[k, "madvise"]]
        assert open(k).read() == "always"
        j.set(k, "never")                      # the original stays the first one
        assert json.loads((state / settings.JOURNAL).read_text())["settings"] == [[k, "madvise"]]
    assert open(k).read() == "madvise"
    assert not (state / settings.JOURNAL).exists()


def test_ctrl_c_waits_until_every_setting_is_back(tmp_path, monkeypatch):
    """Ctrl-C pressed again while settings go back: all of them still do,
    and the interrupt comes after."""
    state = tmp_path / "state"
    a = knob(tmp_path, "a", "1")
    b = knob(tmp_path, "b", "2")
    j = settings.Journal(str(state))
    j.acquire()
    j.set(a, "10")
    j.set(b, "20")
    real_write = settings.write_setting

    def write_then_interrupt(path, value):
        real_write(path, value)
        os.kill(os.getpid(), signal.SIGINT)
    monkeypatch.setattr(settings, "write_setting", write_then_interrupt)
    # a background job (CI) may run with SIGINT ignored: act like a terminal
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            j.restore()
    finally:
        signal.signal(signal.SIGINT, old)
    j.release()
    assert (open(a).read(), open(b).read()) == ("1", "2")
    assert not (state / settings.JOURNAL).exists()


def test_unchanged_value_is_not_journaled(tmp_path):
    state = tmp_path / "state"
    k = knob(tmp_path, "n", "20")
    with settings.Journal(str(state)) as j:
        j.set(k, "20")
        assert not (state / settings.JOURNAL).exists()


def test_temporarily_puts_back_the_value_from_before_the_block(tmp_path):
    state = tmp_path / "state"
    k = knob(tmp_path, "proactiveness", "20")
    with settings.Journal(str(state)) as j:
        j.set(k, "0")                           # the run's own value
        with j.temporarily(k, "5") as before:
            assert before == "0" and open(k).read() == "5"
        assert open(k).read() == "0"            # the run's, not the original
        with pytest.raises(RuntimeError):
            with j.temporarily(k, "7"):
                raise RuntimeError("stopped inside")
        assert open(k).read() == "0"
        assert json.loads((state / settings.JOURNAL).read_text())["settings"] == [[k, "20"]]
    assert open(k).read() == "20"


def test_temporarily_journals_first_so_a_killed_run_is_recovered(tmp_path):
    state = tmp_path / "state"
    k = knob(tmp_path, "fraction", "0")
    code = ("import os, signal, sys; sys.path.insert(0, %r);"
            "from harness.driver.system import settings;"
            "j = settings.Journal(%r); j.acquire();"
            "cm = j.temporarily(%r, '1000000'); cm.__enter__();"
            "os.kill(os.getpid(), signal.SIGKILL)") % (REPO, str(state), k)
    assert subprocess.run([sys.executable, "-c", code]).returncode == -9
    assert open(k).read() == "1000000"
    assert settings.recover(str(state)) == [[k, "0"]]
    assert open(k).read() == "0"


def test_trigger_writes_an_action_and_saves_nothing(tmp_path):
    state = tmp_path / "state"
    action = knob(tmp_path, "compact_memory", "")
    with settings.Journal(str(state)) as j:
        j.trigger(action, "1")
        assert open(action).read() == "1"
        assert not (state / settings.JOURNAL).exists()
        assert j.saved == []
        with pytest.raises(UserError, match="cannot write .*missing"):
            j.trigger(str(tmp_path / "missing" / "drop_caches"), "3")


def _killed_run(tmp_path, k):
    """A process that changes a knob through the journal and is SIGKILLed."""
    state = tmp_path / "state"
    code = ("import sys, os, signal; sys.path.insert(0, %r);"
            "from harness.driver.system import settings;"
            "j = settings.Journal(%r); j.acquire(); j.set(%r, 'always');"
            "os.kill(os.getpid(), signal.SIGKILL)") % (REPO, str(state), k)
    p = subprocess.run([sys.executable, "-c", code])
    assert p.returncode == -9
    return state


def test_recovery_after_sigkill(tmp_path):
    k = knob(tmp_path, "enabled", "always [madvise] never")
    state = _killed_run(tmp_path, k)
    assert open(k).read() == "always"
    restored = settings.recover_if_stale(str(state))
    assert restored == [[k, "madvise"]]
    assert open(k).read() == "madvise"
    assert settings.recover_if_stale(str(state)) == []


def test_live_owner_is_left_alone(tmp_path):
    state = tmp_path / "state"
    k = knob(tmp_path, "enabled", "always [madvise] never")
    holder = settings.Journal(str(state))
    holder.acquire()
    holder.set(k, "always")
    try:
        assert settings.recover_if_stale(str(state)) == []
        assert open(k).read() == "always"
        with pytest.raises(UserError, match="another spbench run"):
            settings.Journal(str(state)).acquire()
    finally:
        holder.restore()
        holder.release()
    assert open(k).read() == "madvise"


def test_unwritable_state_dir_is_one_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(UserError, match="cannot create the settings journal"):
        settings.Journal(str(blocker / "sub")).acquire()
