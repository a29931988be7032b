"""The playbook as Ansible reads it: its plays over an inventory with a host in each group,
and every task file (the kernel role's included, which the two-host test cannot run)
imported statically so that Ansible parses each task, since the roles include their steps
dynamically."""
import glob
import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ENV = dict(os.environ, ANSIBLE_CONFIG=os.path.join(HERE, "ansible.cfg"))


def _playbook(*args):
    if not shutil.which("ansible-playbook"):
        pytest.fail("ansible-playbook not found: run 'make deps'")
    return subprocess.run(["ansible-playbook", *args], capture_output=True, text=True, env=ENV)


def _inventory(tmp_path):
    inventory = tmp_path / "inventory.ini"
    inventory.write_text("[fleet]\na ansible_host=192.0.2.1\n[spbench_kernel]\na\n")
    return str(inventory)


def test_the_plays_are_the_four_roles(tmp_path):
    p = _playbook("--list-tasks", "-i", _inventory(tmp_path), os.path.join(HERE, "site.yml"))
    assert p.returncode == 0, p.stderr
    plays = [line.split(": ", 1)[1].split("\t")[0].strip() for line in p.stdout.splitlines()
             if line.strip().startswith("play #")]
    assert plays == ["pack the controller's tree", "install spbench", "kernel",
                     "run spbench", "fetch the result folders"]


@pytest.mark.parametrize("tasks", sorted(
    os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "roles", "*", "tasks",
                                                             "*.yml"))
    + glob.glob(os.path.join(HERE, "tasks", "*.yml"))))
def test_every_task_file_parses(tmp_path, tasks):
    play = tmp_path / "play.yml"
    play.write_text(f"- hosts: all\n  gather_facts: false\n  tasks:\n"
                    f"    - ansible.builtin.import_tasks: {os.path.join(HERE, tasks)}\n")
    p = _playbook("--syntax-check", "-i", _inventory(tmp_path), str(play))
    assert p.returncode == 0, p.stderr
