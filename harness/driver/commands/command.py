"""spbench command: the exact command a run of a workload executes, its inputs prepared."""
import os
import shlex

from harness.driver import manifest
from harness.driver.engine.experiment import build
from harness.driver.engine.inputs import prepare_inputs, workload_values
from harness.driver.engine import refsize
from harness.driver.system import hostinfo

NAME = "command"


def add_parser(sub):
    c = sub.add_parser(NAME, help="print the exact command a run of WORKLOAD executes")
    c.add_argument("workload", metavar="WORKLOAD")
    c.add_argument("--size", default="test", choices=manifest.SIZES)
    c.add_argument("--seed", type=int, default=42)
    c.add_argument("--out-dir", required=True, help="folder for the workload's output")


def run(args):
    """Inputs are prepared as for a run, so the printed command works as is."""
    w = manifest.find(args.workload)
    build()
    ref_mb = (refsize.ref_mb(w, refsize.reach_kb(hostinfo.host()), refsize.memory_cap_mb())
              if args.size == "ref" else None)
    values = workload_values(w, args.size, os.path.abspath(args.out_dir), args.seed, ref_mb)
    prepare_inputs(w, args.size, values)
    print(shlex.join(w.expand(w.run, args.size, **values)))
    return 0
