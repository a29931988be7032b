"""Where things live: the repository, build outputs, the saved-settings file."""
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
BUILD = os.path.join(REPO, "build")
BIN = os.path.join(BUILD, "bin")
INPUTS = os.path.join(BUILD, "inputs")
WORKLOADS = os.environ.get("SPBENCH_WORKLOADS", os.path.join(REPO, "workloads"))
RESULTS = os.path.join(REPO, "results")
SPSTAT = os.path.join(BIN, "spstat")


def state_dir():
    """Saved settings live in /run: cleared at boot, exactly like sysfs values."""
    return os.environ.get("SPBENCH_STATE_DIR", "/run/spbench")


def scratch():
    """Per-run workload output; in a guest the build tree is read-only."""
    return os.environ.get("SPBENCH_SCRATCH", os.path.join(BUILD, "scratch"))
