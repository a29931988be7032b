"""spbench run --kernel VARIANT: the same plan, run by spbench inside a
booted guest; the host builds and prepares inputs first (the guest sees the
host's tree read-only), and the result folder is the guest's writable share."""
import os
import shlex
import sys

from . import hostinfo, kernel_boot, kernel_build, paths
from .errors import UserError
from .runner import prepare_inputs, prepare_out, check_plan_against_folder, workload_values


def run_in_guest(args, plan, out):
    from .cli import _build
    prepare_out(out)
    check_plan_against_folder(out, plan)
    _build()
    if not os.path.exists(kernel_build.bzimage(plan.kernel)):
        if plan.kernel not in kernel_build.VARIANTS:
            raise UserError(f"unknown kernel '{plan.kernel}'; known: host, "
                            + ", ".join(kernel_build.VARIANTS))
        kernel_build.build(plan.kernel)
    ref_kb = hostinfo.host()["tlb_reach_4k_kb"] if plan.size == "ref" else None
    for w in plan.workloads:
        ref_mb = w.ref_mb(ref_kb) if ref_kb else None
        prepare_inputs(w, plan.size, workload_values(w, plan.size, "", plan.seed, ref_mb))
    image = kernel_build.bzimage(plan.kernel)
    accel, reason = kernel_boot.probe_accel(image)
    print(f"spbench: running the plan in the {plan.kernel} kernel under {accel.upper()} "
          f"({reason})", file=sys.stderr)
    inner = [os.path.join(paths.REPO, "harness", "spbench"), "run",
             *[w.name for w in plan.workloads],
             "--policy", ",".join(p.name for p in plan.policies),
             "--state", ",".join(plan.states), "--size", plan.size,
             "--runs", str(plan.runs), "--warmup", str(plan.warmup), "--seed", str(plan.seed),
             "--sample-ms", str(plan.sample_ms), "--out", out]
    env = ["env", f"SPBENCH_GUEST_KERNEL={plan.kernel}", f"SPBENCH_GUEST_ACCEL={accel}",
           "SPBENCH_SCRATCH=/tmp/spbench-scratch"]
    if ref_kb:
        env.append(f"SPBENCH_TLB_REACH_KB={ref_kb}")
    result = kernel_boot.boot(plan.kernel, env + inner, mem=args.guest_mem, accel=accel,
                              share=out, timeout=args.guest_timeout)
    if result.status != 0:
        print(f"spbench: the run inside the guest exited {result.status}; console log: "
              f"{result.log}", file=sys.stderr)
    elif not os.path.exists(os.path.join(out, "runs.jsonl")):
        raise UserError(f"the run inside the guest finished but left no records in {out}; "
                        f"console log: {result.log}")
    return result.status
