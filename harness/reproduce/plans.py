"""What the host stages share: a stage's plan from the reproduction's settings, whether this
kernel has the reservation knob, and a host stage's experiment run to its end."""
from __future__ import annotations

from typing import Any, Callable, Optional

from harness.driver import manifest
from harness.driver.engine.experiment import Context, Experiment
from harness.driver.engine.plan import Plan
from harness.driver.errors import UserError
from harness.driver.kernel.build import guest_patched
from harness.driver.system import policies
from harness.reproduce.stage import Expected, RunContext


def has_resv() -> bool:
    try:
        policies.resolve("resv")
        return True
    except UserError:
        return False


def plan(s: Any, names: list[str], policy_names: list[str], states: list[str],
         kernel: str = "host", tlbsim: bool = False) -> Plan:
    return Plan([manifest.find(n) for n in names],
                policies.parse_list(",".join(policy_names), guest_patched(kernel)),
                states, s.size, s.runs, s.warmup, s.seed, s.sample_ms, kernel=kernel,
                tlbsim=tlbsim, shared_warmup=True, tune=getattr(s, "tune", False))


def expected_host(ctx: RunContext, name: str, p: Optional[Plan]) -> Expected:
    """A host stage's steps and simulations not yet in its folder."""
    if p is None:
        return Expected()
    folder = ctx.folder(name)
    secs = ctx.estimator.plan_seconds(p, folder)
    sims = {name: ctx.estimator.sim_seconds(p, folder)} if p.tlbsim else {}
    return Expected({name: secs + sims.get(name, 0.0)}, set(), sims)


def run_host(ctx: RunContext, name: str, p: Plan,
             body: Optional[Callable[[Experiment], None]] = None) -> int:
    """The stage's experiment into its folder; the number of failed checks."""
    ctx.progress.begin(name)
    ctx.say(f"stage {name}")
    exp = Experiment(p, ctx.folder(name), ctx.argv, Context(), progress=ctx.progress)
    return exp.execute(body)
