"""spbench pressure: simulated base-page TLB misses per access, the paper's Alpha at paper
size beside this host's TLBs at ref."""
import os
import socket

from harness.driver import manifest, paths
from harness.driver.commands import common
from harness.driver.engine import pressure
from harness.driver.engine.experiment import build, writable

NAME = "pressure"


def add_parser(sub):
    pp = sub.add_parser(NAME, help="simulated base-page TLB misses per access: the "
                        "Alpha at paper size beside this host's TLBs at ref")
    pp.add_argument("workloads", nargs="*", metavar="WORKLOAD")
    pp.add_argument("--group", metavar="NAME", help="also every workload of a group")
    pp.add_argument("--out", help="the folder its records go to (default: "
                    "results/pressure-<host>; the same command goes on with it)")
    pp.add_argument("--seed", type=int, default=42)


def run(args):
    names = common.named_workloads(args, "pressure", "'spbench pressure matrix'")
    for n in names:
        manifest.find(n)
    out = os.path.abspath(args.out or os.path.join(paths.RESULTS,
                                                   f"pressure-{socket.gethostname()}"))
    writable(out, "results")
    build()
    recs = pressure.run(names, out, args.seed)
    print(pressure.render(names, recs))
    return 0
