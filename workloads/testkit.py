"""What every workload's tests share: the manifest of the workload a test
file sits beside, running its programs, and its manifest commands with the
placeholders filled in. (workloads/conftest.py builds the programs.)"""
import os
import subprocess
import tomllib

from harness.driver.manifest import fill_command

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(REPO, "build", "bin")


def manifest(test_file):
    """The workload.toml beside test_file, parsed."""
    with open(os.path.join(os.path.dirname(test_file), "workload.toml"), "rb") as f:
        return tomllib.load(f)


def run(name, *args):
    return subprocess.run([os.path.join(BIN, name)] + list(args),
                          capture_output=True, text=True)


def expand(cmd, args, **values):
    """A manifest command as the driver fills it, with args for {args},
    {bin}, {seed} (7 unless given) and the placeholders named in values."""
    return fill_command(cmd, args, {"bin": BIN, "seed": "7", **values})
