"""Stage kernel: the patched kernel in a guest under thp (reservations off) and resv, each
kernel built where it is missing, then the paper's adversaries in the stock and the patched
kernel."""
from __future__ import annotations

import dataclasses
import os
from typing import Any

from analysis.sections import kernel as kernel_report
from harness.driver import config
from harness.driver.engine.estimate import clock
from harness.driver.engine.plan import pending
from harness.driver.kernel import adversary, build as kernel_build, guest
from harness.records import ResultFolder
from harness.reproduce import plans, registry
from harness.reproduce.stage import Expected, Outcome, RunContext, Stage

# --quick's guest: the paper's largest gain (an array) and a pointer structure
QUICK_GUEST = ("matrix", "tree")
PATCHED = "kernel-patched"
ADVERSARY = "kernel-adversary"


def guest_workloads(s: Any) -> list[str]:
    """The guest's workloads: all of them, or with --quick those of QUICK_GUEST present
    (else the first), since under an emulator every workload would take over an hour of
    the quick run's twenty minutes."""
    if not s.quick:
        return list(s.workloads)
    return [n for n in s.workloads if n in QUICK_GUEST] or list(s.workloads[:1])


def guest_plans(s: Any) -> dict[str, Any]:
    """The guest run: the patched kernel under thp (reservations off: stock THP's paths) and
    resv, so that the two differ by the knob alone, at test size and one run each, no
    warm-up: the guest may run under an emulator, where a run takes ten to thirty times as
    long, and what this stage compares (coverage, the kernel's counters, memory) does not
    need warm caches. The stock kernel runs the adversaries only (the paper's ratios are
    against the unmodified system)."""
    k = dataclasses.replace(s, size="test", runs=1, warmup=0)
    return {PATCHED: plans.plan(k, guest_workloads(s), ["thp", "resv"], ["clean"],
                                kernel="patched")}


def _failed_checks(folder: str, since: int) -> int:
    """Measured runs after the first `since` records of folder whose output check failed."""
    return sum(1 for r in ResultFolder(folder).runs()[since:]
               if not r.warmup and not r.check.get("passed"))


class Kernel(Stage):
    name = "kernel"
    folders = ("kernel-stock", PATCHED)
    report_part = kernel_report
    optional_folders = ("kernel-stock",)    # reproduce boots stock for the adversaries alone
    paced = False

    def expected(self, ctx: RunContext) -> Expected:
        """Each guest part builds its kernel where it is missing, and the adversaries the
        other (they need both): each build is a part of its own, in the order they run."""
        est, gplans = ctx.estimator, guest_plans(ctx.settings)
        builds = {}
        unpack = not os.path.isdir(os.path.join(config.kernel_dir(), "src"))
        for v in dict.fromkeys([p.kernel for p in gplans.values()] + ["stock", "patched"]):
            if os.path.exists(kernel_build.bzimage(v)):
                builds[v] = 0.0
                continue
            builds[v] = est.kernel_build_seconds([v], unpack)     # the first build unpacks
            unpack = False
        parts = {}
        for name, p in gplans.items():
            parts[f"kernel-build-{p.kernel}"] = builds.pop(p.kernel)
            parts[name] = est.plan_seconds(p, ctx.folder(name), guest=True)
        parts.update({f"kernel-build-{v}": secs for v, secs in builds.items()})
        parts[ADVERSARY] = est.adversary_seconds(adversary.missing(ctx.folder(ADVERSARY)))
        return Expected(parts, set(parts))

    def _guest(self, ctx: RunContext, name: str, plan: Any, out: Outcome) -> None:
        folder = ctx.folder(name)
        todo, _ = pending(plan, list(plan.steps()), folder)
        if not todo:
            ctx.progress.begin(name)
            return
        ctx.say(f"stage kernel: {plan.kernel} kernel in a guest, {len(todo)} runs; "
                f"about {clock(ctx.progress.parts_left())} left")
        ctx.progress.begin(f"kernel-build-{plan.kernel}", name)
        since = len(ResultFolder(folder).runs())
        after = ctx.progress.parts_left()
        s = ctx.settings
        # the guest's progress lines count what comes after it here
        status = guest.run_in_guest(plan, folder, ctx.argv, s.guest_mem, s.guest_timeout,
                                    relay=lambda line: ctx.progress.relay(line, after))
        checks = _failed_checks(folder, since)
        out.failed += checks
        if status != 0 and not checks:
            out.broken.append(name)

    def run(self, ctx: RunContext) -> Outcome:
        out = Outcome()
        for name, plan in guest_plans(ctx.settings).items():
            self._guest(ctx, name, plan, out)
        folder = ctx.folder(ADVERSARY)
        if adversary.missing(folder):
            ctx.say("stage kernel: the paper's adversaries, stock and patched kernel; "
                    f"about {clock(ctx.progress.parts_left())} left")
            ctx.progress.begin(*[k for k in ctx.progress.remaining if k.startswith("kernel")])
            s = ctx.settings
            if adversary.run(folder, 3 if s.quick else 5, s.guest_mem, s.guest_timeout):
                out.broken.append(ADVERSARY)
        return out


registry.register(Kernel())
