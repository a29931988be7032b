"""spbench kernel test: builds the test variant (the patched series with
CONFIG_DEBUG_VM) and runs kernel-patch/tests inside it; the guest's
"N passed, N failed" line is the verdict."""
import os
import re
import sys

from . import kernel_boot, kernel_build, paths

SUITE = os.path.join(paths.REPO, "kernel-patch", "tests", "run-in-guest.sh")
SUMMARY = re.compile(r"(\d+) passed, (\d+) failed")


def run(timeout, accel, reservations=True):
    """reservations=False leaves the knob off: the tests that need
    reservations must then fail, which shows that they can."""
    kernel_build.build("test")
    command = [SUITE] if reservations else ["env", "RESV_TEST_KNOB=0", SUITE]
    result = kernel_boot.boot("test", command, mem="2G", timeout=timeout, accel=accel,
                              numa_nodes=2)
    summary = [m for m in map(SUMMARY.search, result.output) if m]
    if not summary:
        print(f"spbench: the in-guest suite printed no summary; console log: {result.log}",
              file=sys.stderr)
        return 1
    passed, failed = map(int, summary[-1].groups())
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and result.status == 0 else 1
