"""Tests of spbench kernel adversary's guest command: what it runs for each kernel, what a
resumed folder skips, and its bad input."""
import json
import subprocess

import pytest

from harness.driver.kernel import adversary
from harness.driver import paths
from harness.driver.errors import UserError
from harness.records import ResultFolder


def _commands(job):
    """The resv_adversary argument lists of the guest job."""
    if job is None:
        return []
    assert job.kind == "commands"
    assert all(c["argv"][0] == adversary.PROGRAM for c in job.commands)
    return [c["argv"][1:] for c in job.commands]


def test_stock_runs_every_mode_with_base_pages_and_with_thp(tmp_path):
    cmds = _commands(adversary.guest_job(str(tmp_path), "stock", 3))
    assert len(cmds) == 2 * len(adversary.MODES) - 1
    assert ["--reps", "3", "--thp", "never", "incremental"] in cmds
    assert ["--reps", "3", "--thp", "never", "preempt"] in cmds
    # THP would map twice the guest's memory in 2 MB pages: OOM, nothing measured
    assert ["--reps", "3", "--thp", "always", "preempt"] not in cmds
    assert not any("--resv" in c for c in cmds)


def test_patched_runs_every_mode_with_reservations(tmp_path):
    cmds = _commands(adversary.guest_job(str(tmp_path), "patched", 5))
    assert cmds == [["--reps", "5", "--thp", "always", "--resv", "1", m]
                    for m in adversary.MODES]


def test_each_mode_goes_to_its_own_file(tmp_path):
    job = adversary.guest_job(str(tmp_path), "patched", 5)
    folder = ResultFolder(str(tmp_path))
    assert [c["out"] for c in job.commands] == [folder.adversary_raw("patched", "resv", m)
                                                for m in adversary.MODES]


def test_a_resumed_folder_runs_only_what_is_missing(tmp_path):
    (tmp_path / "raw").mkdir()
    done = ResultFolder(str(tmp_path)).adversary_raw("patched", "resv", "incremental")
    with open(done, "w") as f:
        f.write(json.dumps({"mode": "incremental", "rep": 1, "seconds": 1.0}) + "\n")
        f.write(json.dumps({"mode": "incremental", "summary": True}) + "\n")
    cut = ResultFolder(str(tmp_path)).adversary_raw("patched", "resv", "nopromote")
    with open(cut, "w") as f:
        f.write(json.dumps({"mode": "nopromote", "rep": 1, "seconds": 1.0}) + "\n")
    modes = [c[-1] for c in _commands(adversary.guest_job(str(tmp_path), "patched", 5))]
    assert modes == ["nopromote", "preempt"]


def test_missing_is_the_share_of_runs_not_done(tmp_path):
    assert adversary.missing(str(tmp_path)) == 1.0
    (tmp_path / "raw").mkdir()
    for kernel, setting, mode in adversary.runs()[:4]:
        with open(ResultFolder(str(tmp_path)).adversary_raw(kernel, setting, mode), "w") as f:
            f.write(json.dumps({"mode": mode, "summary": True}) + "\n")
    assert adversary.missing(str(tmp_path)) == 4 / 8


def test_nothing_left_means_no_boot(tmp_path):
    (tmp_path / "raw").mkdir()
    for mode in adversary.MODES:
        with open(ResultFolder(str(tmp_path)).adversary_raw("patched", "resv", mode), "w") as f:
            f.write(json.dumps({"mode": mode, "summary": True}) + "\n")
    assert adversary.guest_job(str(tmp_path), "patched", 5) is None


def test_one_rep_is_refused(tmp_path):
    with pytest.raises(UserError, match="at least 2"):
        adversary.run(str(tmp_path), reps=1)


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path):
    p = subprocess.run([f"{paths.REPO}/harness/spbench", "kernel", "adversary", "--reps", "1",
                        "--out", str(tmp_path / "a")], capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.strip().count("\n") == 0 and "at least 2" in p.stderr
