"""spbench kernel test: builds the test variant (the patched series with
CONFIG_DEBUG_VM) and runs kernel-patch/tests inside it; the guest's
"N passed, N failed, N skipped" line is the verdict (a skip is neither)."""
import os
import re
import subprocess
import sys

from harness.driver import config, paths
from harness.driver.kernel import boot as kernel_boot, build as kernel_build, jobs
from harness.records import GuestJob
from harness.driver.errors import UserError

SUITE = os.path.join(paths.REPO, "kernel-patch", "tests", "run-in-guest.sh")
SUMMARY = re.compile(r"(\d+) passed, (\d+) failed, (\d+) skipped")
# what the suite prints before the upstream selftests' part
UPSTREAM_HEADER = "# run-in-guest.sh"


def upstream_dir():
    return os.path.join(config.kernel_dir(), "selftests-mm")


def _build_upstream_selftests(info):
    """The upstream mm selftests of the same tree, run in the guest with
    reservations off and on."""
    script = os.path.join(paths.REPO, "kernel-patch", "tests", "upstream", "build.sh")
    obj = os.path.join(kernel_build.variant_dir(info["variant"]), "obj")
    p = subprocess.run([script, info["source"], obj, upstream_dir()], capture_output=True,
                       text=True)
    if p.returncode != 0:
        raise UserError(p.stderr.strip().splitlines()[-1] if p.stderr.strip()
                        else "building the upstream mm selftests failed", status=1)


def run(timeout, accel, reservations=True, upstream=True):
    """reservations=False leaves the knob off: the tests that need
    reservations must then fail, which shows that they can. upstream adds
    the upstream mm selftests, run with reservations off and on (not with
    reservations=False, which leaves nothing to compare)."""
    info = kernel_build.build("test")
    env = {}
    if upstream and reservations:
        _build_upstream_selftests(info)
        env["RESV_UPSTREAM"] = upstream_dir()
    if not reservations:
        env["RESV_TEST_KNOB"] = "0"
    command = jobs.guest_command(GuestJob("exec", argv=[SUITE], env=env),
                                 kernel_build.variant_dir("test"))
    # Two nodes of two CPUs: the upstream migration selftest moves pages
    # between nodes while at least two other threads use them.
    result = kernel_boot.boot("test", command, mem="2G", cpus=4, timeout=timeout,
                              accel=accel, numa_nodes=2)
    summary = [m for m in map(SUMMARY.search, result.output) if m]
    if not summary:
        print(f"spbench: the in-guest suite printed no summary; console log: {result.log}",
              file=sys.stderr)
        return 1
    passed, failed, skipped = map(int, summary[-1].groups())
    if upstream and reservations and UPSTREAM_HEADER not in result.output:
        print("spbench: the upstream mm selftests were built but did not run in the guest; "
              f"console log: {result.log}", file=sys.stderr)
        failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 and result.status == 0 else 1
