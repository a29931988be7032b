"""Tests of the in-guest suite's counting, run on the host against a copy of
run-in-guest.sh beside fake tests: a skip is not a pass, a test not built is
a failure, a crash without a TAP failure is one, and the summary adds up."""
import os
import shutil
import stat
import subprocess

from harness.driver import paths

SUITE = os.path.join(paths.REPO, "kernel-patch", "tests", "run-in-guest.sh")


def _exe(path, text):
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _tree(tmp_path, tests, dmesg=""):
    """A repo copy: kernel-patch/tests/ with the suite and resv_*.c, build/kernel-tests/ with
    the fake programs given as {name: shell body or None for not built}, and a fake dmesg."""
    here = tmp_path / "kernel-patch" / "tests"
    here.mkdir(parents=True)
    shutil.copy(SUITE, here / "run-in-guest.sh")
    (here / "resv_common.c").write_text("")
    built = tmp_path / "build" / "kernel-tests"
    built.mkdir(parents=True)
    for name, body in tests.items():
        (here / f"{name}.c").write_text("")
        if body is not None:
            _exe(built / name, "#!/bin/sh\n" + body + "\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _exe(bin_dir / "dmesg", f"#!/bin/sh\nprintf '%s' '{dmesg}'\n")
    return here / "run-in-guest.sh", dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")


def _run(tmp_path, tests, dmesg=""):
    suite, env = _tree(tmp_path, tests, dmesg)
    p = subprocess.run(["sh", str(suite)], env=env, capture_output=True, text=True,
                       timeout=60)
    return p.returncode, p.stdout.strip().splitlines()[-1], p.stdout


def test_passes_and_skips_are_counted_apart(tmp_path):
    rc, last, _ = _run(tmp_path, {
        "resv_a": "echo 'ok 1 - one'; echo 'ok 2 - two'",
        "resv_b": "echo 'ok 1 # SKIP no swap'; echo 'ok 2 - x #SKIP not here'; echo 'ok 3'"})
    # 3 real passes, 2 skips, plus the kernel log check
    assert last == "kernel tests: 4 passed, 0 failed, 2 skipped"
    assert rc == 0


def test_a_test_not_built_is_a_failure(tmp_path):
    rc, last, out = _run(tmp_path, {"resv_a": "echo 'ok 1'", "resv_gone": None})
    assert "not ok - resv_gone is not built" in out
    assert last == "kernel tests: 2 passed, 1 failed, 0 skipped"
    assert rc != 0


def test_a_crash_with_no_tap_failure_is_one_failure(tmp_path):
    rc, last, out = _run(tmp_path, {"resv_a": "echo 'ok 1'; exit 3"})
    assert "not ok - resv_a exited 3" in out
    assert last == "kernel tests: 2 passed, 1 failed, 0 skipped"
    assert rc != 0


def test_a_warning_in_the_kernel_log_fails(tmp_path):
    rc, last, _ = _run(tmp_path, {"resv_a": "echo 'ok 1'"},
                       dmesg="WARNING: CPU: 0 PID: 1 at mm/huge_memory.c:1")
    assert last == "kernel tests: 1 passed, 1 failed, 0 skipped"
    assert rc != 0
