"""The guest side of a guest job: `spbench guest-job FILE` reads the one job file the host
wrote and does what its kind says (a plan run into the folder the file lies in; programs
whose output each goes whole to a file; one program run with the environment it adds)."""
import os
import subprocess
import sys

from harness.driver import paths
from harness.driver.errors import UserError
from harness.driver.kernel import needs
from harness.records import FolderError, GuestJob, ResultFolder

SPBENCH = os.path.join(paths.REPO, "harness", "spbench")
IN_GUEST = "SPBENCH_IN_GUEST"     # set by harness/guest/init.sh
KERNEL_TESTS = os.path.join(paths.REPO, "kernel-patch", "tests", "run-in-guest.sh")


def read(path):
    try:
        return ResultFolder.read_guest_job(path)
    except FolderError as e:
        raise UserError(f"cannot read the guest job: {e}")


def need_groups(job):
    """Whose kernel needs a job has: every guest's, and the patch's test suite's when it
    runs that suite."""
    suite = job.kind == "exec" and job.argv[:1] and \
        os.path.realpath(job.argv[0]) == os.path.realpath(KERNEL_TESTS)
    return ["guest", "kernel-tests"] if suite else ["guest"]


def check_kernel(job, config_gz=needs.CONFIG_GZ):
    """The boot self-check, in a guest that init.sh started: the running kernel has every
    option the job needs, else one line naming what it lacks, before anything runs."""
    if os.environ.get(IN_GUEST) == "1":
        needs.check_running(need_groups(job), config_gz)


def run_commands(job):
    """Each command's standard output written to its .part file and renamed to its out
    once the command exits 0; 1 when any did not."""
    status = 0
    for c in job.commands:
        part = c["out"] + ".part"
        with open(part, "w") as f:
            rc = subprocess.run(c["argv"], stdout=f, stdin=subprocess.DEVNULL).returncode
        if rc == 0:
            os.replace(part, c["out"])
        else:
            print(f"spbench: guest job: {' '.join(c['argv'])} exited {rc}", file=sys.stderr)
            status = 1
    return status


def run_exec(job):
    """Replaces this process with the job's program: its output and exit status are the
    guest's."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execvpe(job.argv[0], job.argv, {**os.environ, **job.env})


def guest_command(job: GuestJob, folder):
    """Writes job into folder (a share the guest writes, or the host's tree, which the guest
    reads); the command a guest runs to do it."""
    os.makedirs(folder, exist_ok=True)
    return [SPBENCH, "guest-job", ResultFolder(folder).write_guest_job(job)]
