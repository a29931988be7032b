"""What several commands share: the run options, workloads named by group, an experiment
run and printed, and the exit status of runs whose output check failed."""
import sys

from harness.driver import manifest
from harness.driver.engine import spec2000
from harness.driver.engine.experiment import Experiment
from harness.driver.engine.plan import Plan
from harness.driver.errors import UserError
from harness.driver.kernel.build import guest_patched
from harness.driver.system import memstate, policies


def add_run_options(r, default_size):
    r.add_argument("--group", metavar="NAME",
                   help="also run every workload of a group: " + ", ".join(manifest.GROUPS))
    r.add_argument("--policy", default="base,thp",
                   help="comma list: base, thp, mthp-<size> (e.g. mthp-64K), mthp-all")
    r.add_argument("--state", default="clean",
                   help="comma list: " + ", ".join(memstate.STATES))
    r.add_argument("--size", default=default_size, choices=manifest.SIZES)
    r.add_argument("--runs", type=int, default=3, help="measured runs per policy")
    r.add_argument("--warmup", type=int, default=1, help="warm-up runs per policy")
    r.add_argument("--out", help="result folder (default: a new one under results/)")
    r.add_argument("--seed", type=int, default=42, help="input seed")
    r.add_argument("--sample-ms", type=int, default=100,
                   help="superpage coverage sampling interval")
    r.add_argument("--kernel", default="host",
                   help="host (the running kernel), or a built variant booted under "
                   "qemu: stock, patched, test")
    r.add_argument("--tlbsim", action="store_true",
                   help="also run each workload once under sptlb, the TLB simulator "
                   "(untimed; simulated miss columns)")
    r.add_argument("--spec2000", metavar="DIR",
                   help="a licensed SPEC CPU2000 tree with its reference runs set up: its "
                   "CINT2000 benchmarks replace our stand-ins (size paper; default: "
                   "$SPEC2000)")
    r.add_argument("--guest-mem", default="4G", help="guest memory with --kernel")
    r.add_argument("--guest-timeout", type=float, default=7200,
                   help="seconds before a guest running the plan is stopped")


def make_plan(args, workload_names):
    workloads = [manifest.find(n) for n in workload_names]
    return Plan(workloads, policies.parse_list(args.policy, guest_patched(args.kernel)),
                memstate.parse_list(args.state), args.size, args.runs, args.warmup,
                args.seed, args.sample_ms, kernel=args.kernel,
                tlbsim=getattr(args, "tlbsim", False),
                spec2000=spec2000.root(getattr(args, "spec2000", None)))


def group_workloads(group, names):
    """names, then every workload of group (any case) not among them."""
    wanted = {g.lower(): g for g in manifest.GROUPS}.get(group.lower())
    if wanted is None:
        raise UserError(f"unknown group '{group}'; groups: {', '.join(manifest.GROUPS)}")
    members = [n for n in manifest.available() if manifest.find(n).group == wanted]
    if not members:
        raise UserError(f"group {wanted} has no workloads")
    return list(names) + [n for n in members if n not in names]


def named_workloads(args, command, example):
    """The WORKLOAD arguments, then those of --group; one line when there are none."""
    names = list(args.workloads)
    if args.group:
        names = group_workloads(args.group, names)
    if not names:
        raise UserError(f"{command} needs workloads or --group NAME, e.g. {example}")
    return names


def failed_exit(failed):
    """Exit status 1 with one line when runs failed their output check, else 0."""
    if failed:
        print(f"spbench: {failed} runs failed their output check (kept, and left out of "
              "the tables)", file=sys.stderr)
        return 1
    return 0


def execute(plan, out, argv, context):
    """Runs plan into out and prints its table."""
    failed = Experiment(plan, out, argv, context).execute()
    from analysis import results, table
    rs = results.load(out)
    print(table.render_run_table(rs))
    if plan.tlbsim:
        print(table.render_sim_table(out))
    return failed_exit(failed)
