"""spbench run-plan: what a booted guest kernel runs, the job the host wrote for it."""
from harness.driver.commands import common
from harness.driver.kernel import guest

NAME = "run-plan"


def add_parser(sub):
    pr = sub.add_parser(NAME, help="run a guest job written by 'run --kernel' "
                        "(what a booted guest kernel runs)")
    pr.add_argument("plan", metavar="PLAN.json")


def run(args):
    plan, out, argv, context = guest.read_plan(args.plan)
    return common.execute(plan, out, argv, context)
