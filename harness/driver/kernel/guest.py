"""spbench run --kernel VARIANT: the host builds, prepares the inputs (the
guest sees the host's tree read-only) and writes the plan as a guest job into
the result folder, which is the guest's writable share; the booted guest
runs `spbench guest-job` on that file, and nothing else tells it what to do."""
import dataclasses
import os
import sys

from harness.driver.kernel import jobs
from harness.records import GuestJob, ResultFolder
from harness.driver.system import hostinfo
from harness.driver.kernel import boot as kernel_boot, build as kernel_build
from harness.driver.errors import UserError
from harness.driver.engine.experiment import Context, build, writable
from harness.driver.engine.inputs import prepare_inputs, workload_values
from harness.driver.engine.plan import Plan, check_against_folder
from harness.driver.engine import refsize

GUEST_SCRATCH = "/tmp/spbench-scratch"


def run_in_guest(plan, out, argv, mem, timeout, relay=None):
    """Runs plan in a booted guest kernel; relay, where given, makes what the host prints
    of each line of the guest's output."""
    writable(out, "results")
    check_against_folder(out, plan)
    build()
    if not os.path.exists(kernel_build.bzimage(plan.kernel)):
        kernel_build.build(plan.kernel)
    # the guest sizes ref from this reach, uncapped (engine/experiment.py, _size_ref)
    reach = refsize.reach_kb(hostinfo.host()) if plan.size == "ref" else None
    for w in plan.workloads:
        ref_mb = refsize.ref_mb(w, reach) if reach else None
        prepare_inputs(w, plan.size, workload_values(w, plan.size, "", plan.seed, ref_mb))
    image = kernel_build.bzimage(plan.kernel)
    accel, reason = kernel_boot.probe_accel(image)
    print(f"spbench: running the plan in the {plan.kernel} kernel under {accel.upper()} "
          f"({reason})", file=sys.stderr)
    inner = jobs.guest_command(plan_job(plan, argv, Context(
        virt=accel, tlb_reach_kb=reach, scratch=GUEST_SCRATCH, build=False,
        kernel_build=kernel_build.recorded_build(plan.kernel))), out)
    result = kernel_boot.boot(plan.kernel, inner, mem=mem, accel=accel, share=out,
                              timeout=timeout, echo=relay or True)
    if result.status != 0:
        print(f"spbench: the run inside the guest exited {result.status}; console log: "
              f"{result.log}", file=sys.stderr)
    elif not ResultFolder(out).has_runs():
        raise UserError(f"the run inside the guest finished but left no records in {out}; "
                        f"console log: {result.log}")
    return result.status


def plan_job(plan, argv, context):
    """The guest job of a plan run."""
    return GuestJob("plan", plan=plan.as_dict(), context=dataclasses.asdict(context),
                    argv=list(argv))


def write_plan(out, plan, argv, context):
    """The guest job of a plan run, written in out; its path."""
    return ResultFolder(out).write_guest_job(plan_job(plan, argv, context))


def plan_of(job, path):
    """(plan, context) of a plan job; the plan's names are resolved against the kernel this
    runs on."""
    try:
        context = Context(**job.context)
        plan = Plan.from_dict(job.plan)
    except TypeError as e:
        raise UserError(f"{path}: not a valid plan: {e}")
    return plan, context


def read_plan(path):
    """(plan, result folder, argv, context) from a plan job's file."""
    job = jobs.read(path)
    if job.kind != "plan":
        raise UserError(f"{path}: a {job.kind} job, not a plan")
    plan, context = plan_of(job, path)
    return plan, os.path.dirname(os.path.abspath(path)), job.argv, context
