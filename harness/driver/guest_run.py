"""spbench run --kernel VARIANT: the host builds, prepares the inputs (the
guest sees the host's tree read-only) and writes the plan as plan.json into
the result folder, which is the guest's writable share; the booted guest
runs `spbench run-plan` on that file, and nothing else tells it what to do."""
import dataclasses
import json
import os
import sys

from . import atomic, hostinfo, kernel_boot, kernel_build, paths
from .errors import UserError
from .experiment import Context, build, writable
from .inputs import prepare_inputs, workload_values
from .plan import Plan, check_against_folder

PLAN_FILE = "plan.json"
SCHEMA = "spbench-plan/1"
GUEST_SCRATCH = "/tmp/spbench-scratch"


def run_in_guest(plan, out, argv, mem, timeout, after_s=0.0):
    writable(out, "results")
    check_against_folder(out, plan)
    build()
    if not os.path.exists(kernel_build.bzimage(plan.kernel)):
        kernel_build.build(plan.kernel)
    reach = hostinfo.host()["tlb_reach_4k_kb"] if plan.size == "ref" else None
    for w in plan.workloads:
        ref_mb = w.ref_mb(reach) if reach else None
        prepare_inputs(w, plan.size, workload_values(w, plan.size, "", plan.seed, ref_mb))
    image = kernel_build.bzimage(plan.kernel)
    accel, reason = kernel_boot.probe_accel(image)
    print(f"spbench: running the plan in the {plan.kernel} kernel under {accel.upper()} "
          f"({reason})", file=sys.stderr)
    plan_path = os.path.join(out, PLAN_FILE)
    write_plan(plan_path, plan, argv, Context(
        virt=accel, tlb_reach_kb=reach, scratch=GUEST_SCRATCH, build=False,
        kernel_build=kernel_build.recorded_build(plan.kernel), after_s=after_s))
    inner = [os.path.join(paths.REPO, "harness", "spbench"), "run-plan", plan_path]
    result = kernel_boot.boot(plan.kernel, inner, mem=mem, accel=accel, share=out,
                              timeout=timeout)
    if result.status != 0:
        print(f"spbench: the run inside the guest exited {result.status}; console log: "
              f"{result.log}", file=sys.stderr)
    elif not os.path.exists(os.path.join(out, "runs.jsonl")):
        raise UserError(f"the run inside the guest finished but left no records in {out}; "
                        f"console log: {result.log}")
    return result.status


def write_plan(path, plan, argv, context):
    doc = {"schema": SCHEMA, "plan": plan.as_dict(), "argv": argv,
           "context": dataclasses.asdict(context)}
    atomic.write_text(path, json.dumps(doc, indent=1) + "\n")


def read_plan(path):
    """(plan, result folder, argv, context) from a plan file; the plan's
    names are resolved against the kernel this runs on."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except OSError as e:
        raise UserError(f"cannot read the plan {path}: {e.strerror}")
    except ValueError as e:
        raise UserError(f"{path} is not valid JSON: {e}")
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise UserError(f"{path} is not an spbench plan (schema {SCHEMA})")
    try:
        context = Context(**doc["context"])
        plan = Plan.from_dict(doc["plan"])
        argv = list(doc["argv"])
    except (KeyError, TypeError) as e:
        raise UserError(f"{path}: not a valid plan: {e}")
    return plan, os.path.dirname(os.path.abspath(path)), argv, context
