"""spbench run: workloads under page-size policies, on this kernel or in a booted one."""
import os
import sys

from harness.driver.commands import common
from harness.driver.engine.experiment import Context, default_out
from harness.driver.errors import UserError

NAME = "run"


def add_parser(sub):
    r = sub.add_parser(NAME, help="run workloads under page-size policies")
    r.add_argument("workloads", nargs="*", metavar="WORKLOAD")
    common.add_run_options(r, default_size="test")


def run(args):
    names = common.named_workloads(args, "run", "'spbench run matrix' or "
                                   "'spbench run --group CINT2000'")
    plan = common.make_plan(args, names)
    out = os.path.abspath(args.out or default_out())
    argv = ["spbench"] + sys.argv[1:]
    if plan.kernel != "host":
        if plan.auto:
            raise UserError("--runs auto runs on the host kernel only; give --runs N "
                            "with --kernel")
        from harness.driver.kernel import guest
        return guest.run_in_guest(plan, out, argv, args.guest_mem, args.guest_timeout)
    return common.execute(plan, out, argv, Context())
