"""What several commands share: the run options, workloads named by group, an experiment
run and printed, and the exit status of runs whose output check failed."""
import argparse
import sys

from harness.driver import manifest
from harness.driver.engine import measure, spec2000
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
    r.add_argument("--runs", type=runs_count, default=3,
                   help="measured runs per policy, or auto: until the speedup's 95%% "
                   "interval is narrow enough (--target-halfwidth) or a cap is hit")
    r.add_argument("--target-halfwidth", type=float, default=2.0, metavar="PCT",
                   help="--runs auto: stop a row when every speedup's 95%% interval has a "
                   "half-width of at most PCT%% of it (default 2)")
    r.add_argument("--max-runs", type=int, default=30,
                   help="--runs auto: at most this many runs per policy (default 30)")
    r.add_argument("--max-time", type=float, metavar="SECONDS",
                   help="--runs auto: stop a row's rounds after this many seconds")
    r.add_argument("--warmup", type=int, default=1, help="warm-up runs per policy")
    r.add_argument("--out", help="result folder (default: a new one under results/)")
    r.add_argument("--seed", type=int, default=42, help="input seed")
    r.add_argument("--sample-ms", type=int, default=100,
                   help="superpage coverage sampling interval")
    r.add_argument("--monitor-ms", type=int, default=1000, metavar="N",
                   help="read /proc/vmstat, buddyinfo and pagetypeinfo every N ms during "
                   "each run, kept beside the runs (0: monitors off)")
    r.add_argument("--profile", action="store_true",
                   help="also run each workload once per state and policy under perf record "
                   "(untimed): its top symbols, and where TLB misses come from where the "
                   "PMU counts them")
    r.add_argument("--kernel", default="host",
                   help="host (the running kernel), or a built variant booted under "
                   "qemu: stock, patched, test")
    r.add_argument("--tlbsim", action="store_true",
                   help="also run each workload once under sptlb, the TLB simulator "
                   "(untimed; simulated miss columns)")
    r.add_argument("--tlbsim-models", metavar="NAME,...",
                   help="the models --tlbsim simulates (implies it): alpha21264, x86-modern, "
                   "host or a model file (default alpha21264, what the report uses)")
    r.add_argument("--tlbsim-policies", metavar="P,...",
                   help="only these of their policies (implies --tlbsim): NAME, or "
                   "MODEL:NAME (default all)")
    r.add_argument("--spec2000", metavar="DIR",
                   help="a licensed SPEC CPU2000 tree with its reference runs set up: its "
                   "CINT2000 benchmarks replace our stand-ins (size paper; default: "
                   "$SPEC2000)")
    r.add_argument("--tune", action="store_true",
                   help="cut noise for the run: CPU governor performance, boost off, ASLR "
                   "off, the measured process pinned away from spstat's CPU; every setting "
                   "put back after (docs/running.md)")
    r.add_argument("--guest-mem", default="4G", help="guest memory with --kernel")
    r.add_argument("--guest-timeout", type=float, default=7200,
                   help="seconds before a guest running the plan is stopped")


def runs_count(text):
    """--runs: a number, or auto."""
    if text == "auto":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is neither a number nor auto")


def auto_rule(args):
    """The --runs auto rule of the options, or None for a fixed number of runs."""
    if getattr(args, "runs", None) != "auto":
        return None
    from harness.driver.commands import auto_runs
    return auto_runs.Rule(args.target_halfwidth / 100, args.max_runs, args.max_time)


def make_plan(args, workload_names):
    workloads = [manifest.find(n) for n in workload_names]
    rule = auto_rule(args)
    sim_models = getattr(args, "tlbsim_models", None)
    sim_policies = getattr(args, "tlbsim_policies", None)
    models, sim_only = measure.tlbsim_choice(sim_models, sim_policies)
    return Plan(workloads, policies.parse_list(args.policy, guest_patched(args.kernel)),
                memstate.parse_list(args.state), args.size,
                rule.max_runs if rule else args.runs, args.warmup,
                args.seed, args.sample_ms, kernel=args.kernel,
                tlbsim=getattr(args, "tlbsim", False) or bool(sim_models or sim_policies),
                tlbsim_models=models, tlbsim_policies=sim_only,
                spec2000=spec2000.root(getattr(args, "spec2000", None)),
                tune=getattr(args, "tune", False),
                monitor_ms=getattr(args, "monitor_ms", 1000),
                profile=getattr(args, "profile", False),
                auto=rule.as_dict() if rule else None)


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
    body = None
    if plan.auto:
        from harness.driver.commands import auto_runs
        body = auto_runs.body(auto_runs.Rule.from_dict(plan.auto))
    failed = Experiment(plan, out, argv, context).execute(body)
    from analysis import results, table
    rs = results.load(out)
    print(table.render_run_table(rs))
    if plan.tlbsim:
        print(table.render_sim_table(out))
    if plan.profile:
        from analysis import profiles
        print(profiles.render(out))
    return failed_exit(failed)
