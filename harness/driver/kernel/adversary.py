"""spbench kernel adversary: the paper's overhead adversaries (sections 6.6-6.7) run by
resv_adversary inside one guest per kernel, the stock kernel with base pages (the paper's
baseline) and with THP, the patched kernel with reservations, all with the same qemu
options; each kernel's lines land in the folder as raw/<kernel>-<setting>-<mode>.jsonl."""
import os
import sys
import time

from harness.records import ADVERSARY_MODES as MODES, GuestJob, ResultFolder
from harness.driver.kernel import boot as kernel_boot, build as kernel_build, jobs
from harness.driver import paths
from harness.driver.errors import UserError
from harness.driver.engine.experiment import build, writable

PROGRAM = os.path.join(paths.BUILD, "kernel-bench", "resv_adversary")
# (kernel, setting): resv_adversary's knob options for it
SETTINGS = {("stock", "base"): ["--thp", "never"],
            ("stock", "thp"): ["--thp", "always"],
            ("patched", "resv"): ["--thp", "always", "--resv", "1"]}
# Fault-time THP maps a whole 2 MB page at each touch and has nothing to preempt: over
# twice the guest's memory it can only end in the OOM killer, so preempt skips it.
SKIP = {("stock", "thp", "preempt")}


def runs():
    """(kernel, setting, mode) of every run the folder should hold."""
    return [(k, setting, mode) for (k, setting) in SETTINGS for mode in MODES
            if (k, setting, mode) not in SKIP]


def complete(folder, kernel, setting, mode):
    """Whether a raw file ends in resv_adversary's summary line."""
    lines = ResultFolder(folder).adversary_lines(kernel, setting, mode)
    return bool(lines) and bool(lines[-1].get("summary"))


def missing(folder):
    """The share of the (kernel, setting, mode) runs that folder does not hold yet."""
    todo = [r for r in runs() if not complete(folder, *r)]
    return len(todo) / len(runs())


def guest_job(folder, kernel, reps):
    """The guest's job: every mode under each setting of kernel that is not done, each
    file written whole (a .part renamed); None when nothing is left."""
    commands = []
    for k, setting, mode in runs():
        if k != kernel or complete(folder, k, setting, mode):
            continue
        commands.append({"argv": [PROGRAM, "--reps", str(reps), *SETTINGS[k, setting], mode],
                         "out": ResultFolder(folder).adversary_raw(k, setting, mode)})
    return GuestJob("commands", commands=commands) if commands else None


def run(folder, reps=5, mem="4G", timeout=1800, accel="auto"):
    """Runs what folder does not hold yet; returns the number of kernels whose guest failed."""
    folder = os.path.abspath(folder)
    if reps < 2:
        raise UserError(f"--reps {reps}: give at least 2, so that times have an interval")
    writable(folder, "the adversary results")
    os.makedirs(os.path.join(folder, "raw"), exist_ok=True)
    build()
    failed, accels, t0 = 0, {}, time.monotonic()
    for kernel in ("stock", "patched"):
        job = guest_job(folder, kernel, reps)
        if job is None:
            continue
        if not os.path.exists(kernel_build.bzimage(kernel)):
            kernel_build.build(kernel)
        image = kernel_build.bzimage(kernel)
        use = accel if accel != "auto" else kernel_boot.probe_accel(image)[0]
        accels[kernel] = use
        print(f"spbench: adversaries in the {kernel} kernel under {use.upper()}",
              file=sys.stderr, flush=True)
        result = kernel_boot.boot(kernel, jobs.guest_command(job, folder), mem=mem, accel=use,
                                  share=folder, timeout=timeout, echo=False)
        if result.status != 0:
            failed += 1
            print(f"spbench: an adversary run in the {kernel} kernel failed (exit "
                  f"{result.status}); console log: {result.log}", file=sys.stderr)
    _record(folder, reps, mem, accels, time.monotonic() - t0)
    return failed


def _record(folder, reps, mem, accels, seconds):
    """How the guests ran (kept from earlier calls where this one booted none), so that the
    report can say what the times are."""
    f = ResultFolder(folder)
    info = f.adversary_info()
    info.accel.update(accels)
    info.reps, info.guest_mem = reps, mem
    info.program = os.path.relpath(PROGRAM, paths.REPO)
    info.kernels = {k: kernel_build.recorded_build(k) for k in ("stock", "patched")}
    info.seconds = round((info.seconds or 0) + seconds, 1)
    f.write_adversary_info(info)
