"""The environment knobs spbench reads, all of them, each read when it is
asked for (so that a test or a caller may change one between calls). The
table of environment variables in docs/running.md lists exactly these."""
import os

from harness.driver import paths
from harness.driver.system import settings

# name -> what it sets; the defaults are in the functions below
KNOBS = {
    "SPBENCH_WORKLOADS": "folder of workload manifests",
    "SPBENCH_STATE_DIR": "where the saved-settings journal lives",
    "SPBENCH_SCRATCH": "per-run workload output folder",
    "SPBENCH_THP_ROOT": "the THP sysfs folder",
    "SPBENCH_KERNEL_DIR": "kernel build folder",
    "SPBENCH_KERNEL_PATCHES": "the patch series folder",
    "SPBENCH_FRAG_CEILING": "spfrag's contiguity target for fragmented states",
    "SPBENCH_FRAG_FLOOR_MB": "free memory spfrag leaves, in MB",
    "SPEC2000": "a licensed SPEC CPU2000 tree whose reference runs replace the CINT2000 "
                "stand-ins (as run --spec2000)",
}


def _get(name, default=None):
    assert name in KNOBS, name
    return os.environ.get(name) or default


def workloads_dir():
    return _get("SPBENCH_WORKLOADS", os.path.join(paths.REPO, "workloads"))


def state_dir():
    """Saved settings live in /run: cleared at boot, exactly like sysfs values."""
    return _get("SPBENCH_STATE_DIR", "/run/spbench")


def scratch():
    return _get("SPBENCH_SCRATCH", os.path.join(paths.BUILD, "scratch"))


def thp_root():
    return _get("SPBENCH_THP_ROOT", settings.THP_ROOT)


def kernel_dir():
    return _get("SPBENCH_KERNEL_DIR", os.path.join(paths.BUILD, "kernel"))


def kernel_patches():
    return _get("SPBENCH_KERNEL_PATCHES",
                os.path.join(paths.REPO, "kernel-patch", "linux-6.12"))


def spec2000():
    return _get("SPEC2000")


def frag_args():
    """spfrag's target options: its own defaults unless the environment names one."""
    args = []
    if _get("SPBENCH_FRAG_CEILING"):
        args += ["--ceiling", _get("SPBENCH_FRAG_CEILING")]
    if _get("SPBENCH_FRAG_FLOOR_MB"):
        args += ["--floor-mb", _get("SPBENCH_FRAG_FLOOR_MB")]
    return args
