"""spbench reproduce: the paper's whole evaluation in stages, resumable, ending in report.md."""
import os
import socket
import sys

from harness.driver import manifest, paths
from harness.driver.commands import common

NAME = "reproduce"


def add_parser(sub):
    rp = sub.add_parser(NAME, help="the paper's whole evaluation in stages, "
                        "resumable, ending in report.md")
    rp.add_argument("--stages", metavar="LIST",
                    help="comma list of table1, fragmented, table2, sustained, kernel "
                    "(default: all)")
    rp.add_argument("--quick", action="store_true",
                    help="test size, one run, no warm-up: every stage in minutes")
    rp.add_argument("--resume", metavar="DIR", help="go on with the reproduction in DIR")
    rp.add_argument("--group", metavar="NAME", help="only the workloads of a group")
    rp.add_argument("--size", default="ref", choices=manifest.SIZES)
    rp.add_argument("--runs", type=int, default=3, help="measured runs per policy")
    rp.add_argument("--warmup", type=int, default=1, help="warm-up runs per policy")
    rp.add_argument("--out", help="the reproduction folder (default: "
                    "results/reproduce-<size>-<host>; the same command resumes it)")
    rp.add_argument("--seed", type=int, default=42)
    rp.add_argument("--sample-ms", type=int, default=100)
    rp.add_argument("--guest-mem", default="4G", help="guest memory of the kernel stage")
    rp.add_argument("--guest-timeout", type=float, default=7200)
    rp.add_argument("--tune", action="store_true",
                    help="every host stage with noise cut as run --tune does (governor, "
                    "boost, ASLR, pinning; put back after)")
    rp.add_argument("--tlbsim", action="store_true",
                    help="table1 and table2 also run each workload once under sptlb: "
                    "simulated miss reductions (16-134x a run's time, docs/tlbsim.md)")


def _settings_and_out(args):
    from harness.reproduce import settings
    if args.resume:
        out = os.path.abspath(args.resume)
        s = settings.resumed(out)
        if args.stages:
            s.stages = settings.parse_stages(args.stages)
        s.tlbsim = s.tlbsim or args.tlbsim
        s.tune = args.tune
        return s, out
    names = common.group_workloads(args.group, []) if args.group else manifest.available()
    s = settings.settings_from(args, names)
    suffix = f"{s.size}{'-quick' if s.quick else ''}-{socket.gethostname()}"
    return s, os.path.abspath(args.out or os.path.join(paths.RESULTS, f"reproduce-{suffix}"))


def run(args):
    from analysis import report
    from harness.reproduce import registry, runner
    s, out = _settings_and_out(args)
    failed, broken = runner.run(s, out, ["spbench"] + sys.argv[1:])
    print(f"spbench: report: {report.write(out, registry.stages())}", file=sys.stderr)
    if broken:
        print(f"spbench: reproduce: {', '.join(broken)} did not finish (see above); the same "
              "command runs what is missing", file=sys.stderr)
    return common.failed_exit(failed) or (1 if broken else 0)
