"""spbench fleet's bad input: one line on stderr and a non-zero exit, before Ansible runs or
anything is written."""
import os
import subprocess

import pytest

from harness.driver import paths

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")


def _spbench(*args):
    return subprocess.run([SPBENCH, *args], capture_output=True, text=True, timeout=120)


@pytest.fixture
def inventory(tmp_path):
    p = tmp_path / "inventory.ini"
    p.write_text("[fleet]\nhost-a ansible_host=192.0.2.1\n")
    return str(p)


@pytest.mark.parametrize("args, says", [
    (["--", "list"], "the hosts run 'run reproduce', not 'list'"),
    (["--", "run", "tree", "--out", "x"], "leave out --out"),
    (["--", "run", "tree", "--out=x"], "leave out --out"),
])
def test_what_the_hosts_run_is_checked(inventory, tmp_path, args, says):
    p = _spbench("fleet", "run", "--out", str(tmp_path / "f"), inventory, *args)
    assert p.returncode != 0
    assert says in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "f").exists()


def test_a_missing_or_empty_inventory_is_refused(tmp_path):
    p = _spbench("fleet", "run", "--out", str(tmp_path / "f"), str(tmp_path / "none.ini"))
    assert p.returncode != 0 and "no such inventory file" in p.stderr
    empty = tmp_path / "empty.ini"
    empty.write_text("[fleet]\n")
    p = _spbench("fleet", "run", "--out", str(tmp_path / "f"), str(empty))
    assert p.returncode != 0 and "no hosts in it" in p.stderr
    assert not (tmp_path / "f").exists()


def test_report_of_what_is_not_a_fleet_folder(tmp_path):
    p = _spbench("fleet", "report", str(tmp_path / "nowhere"))
    assert p.returncode != 0 and p.stderr.strip().endswith("no such folder")
    (tmp_path / "empty").mkdir()
    p = _spbench("fleet", "report", str(tmp_path / "empty"))
    assert p.returncode != 0 and "no host folders" in p.stderr
