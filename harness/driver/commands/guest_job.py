"""spbench guest-job: what a booted guest kernel runs, the one job file the host wrote."""
import os

from harness.driver.commands import common
from harness.driver.kernel import guest, jobs

NAME = "guest-job"


def add_parser(sub):
    pr = sub.add_parser(NAME, help="run the job file a host wrote for a booted guest kernel "
                        "(a plan, the adversaries or the patch's tests)")
    pr.add_argument("job", metavar="JOB.json")


def run(args):
    job = jobs.read(args.job)
    jobs.check_kernel(job)
    if job.kind == "plan":
        plan, context = guest.plan_of(job, args.job)
        out = os.path.dirname(os.path.abspath(args.job))
        return common.execute(plan, out, job.argv, context)
    if job.kind == "commands":
        return jobs.run_commands(job)
    return jobs.run_exec(job)
