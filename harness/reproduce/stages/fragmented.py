"""Stage fragmented: every workload under base pages and THP with free memory fragmented by
spfrag, one fragmented state held across workloads and fragmented again where a workload's
runs left it contiguous."""
from __future__ import annotations

import contextlib
from typing import Any, Iterator

from analysis.sections import fragmented as fragmented_report
from harness.driver.engine.experiment import Experiment
from harness.driver.engine.plan import pending
from harness.driver.errors import UserError
from harness.driver.system import memstate
from harness.reproduce import plans, registry
from harness.reproduce.stage import Expected, Outcome, RunContext, Stage


@contextlib.contextmanager
def _fragmented(exp: Experiment, held: dict[str, Any]) -> Iterator[str]:
    """One fragmented state (clean first, then spfrag's page-cache fill, proactive compaction
    off), its ready report put in held."""
    with memstate.entered("fragmented", exp.journal, ready=held):
        yield "fragmented"


def still_fragmented(ready: Any) -> bool:
    """Whether free memory is still as scattered as spfrag left it: contiguity now within
    twice its target ceiling. Runs under THP compact page cache into 2 MB blocks and free
    them at exit, so the state may drift; spstat records contiguity before and after every
    run, which the report shows."""
    now = memstate.contiguity_now()
    if now is None or not ready:
        return False
    ceiling = (ready.get("target") or {}).get("ceiling", 0.01)
    return now <= max(2 * ceiling, ceiling + 0.01)


def refragmented(ctx: RunContext, held: dict[str, Any], after: str) -> bool:
    """After a workload left the held state less fragmented: spfrag fragments it again in
    place (seconds); whether that brought it back, by the same test as before. A new fill
    (a minute or more) is the way out where it did not."""
    try:
        r = held["fragmenter"].refresh()
    except (KeyError, ValueError, UserError) as e:
        ctx.say(f"fragmented: contiguity rose after {after}, and fragmenting in place failed "
                f"({e}); filling again")
        return False
    if still_fragmented(held.get("ready")):
        ctx.say(f"fragmented: contiguity rose after {after}; fragmented again in place in "
                f"{r.get('time_s', 0):.0f} s (contiguity {r['after']['contiguity']:.3f})")
        return True
    why = r.get("error") or f"contiguity {r.get('after', {}).get('contiguity', 1):.3f}"
    ctx.say(f"fragmented: contiguity rose after {after}; in place it stayed above target "
            f"({why}); filling again")
    return False


def run_fragmented(ctx: RunContext, exp: Experiment) -> None:
    """One state held across workloads, fragmented again in place when a workload's runs
    left it less fragmented, and made anew only when that fails (spfrag's fill takes a
    minute or more, too long to repeat for every run of 35 workloads)."""
    plan = exp.plan
    ahead = [w for w in plan.workloads
             if pending(plan, [st for st in plan.steps() if st.workload is w], exp.out)[0]]
    while ahead:
        held: dict[str, Any] = {}
        with exp.holding(_fragmented(exp, held)):
            while ahead:
                w = ahead.pop(0)
                exp.run([st for st in plan.steps() if st.workload is w])
                if ahead and not still_fragmented(held.get("ready")) and \
                        not refragmented(ctx, held, w.name):
                    break


class Fragmented(Stage):
    name = "fragmented"
    folders = ("fragmented",)
    report_part = fragmented_report

    def plan(self, s: Any) -> Any:
        return plans.plan(s, s.workloads, ["base", "thp"], ["fragmented"])

    def expected(self, ctx: RunContext) -> Expected:
        return plans.expected_host(ctx, self.name, self.plan(ctx.settings))

    def run(self, ctx: RunContext) -> Outcome:
        return Outcome(plans.run_host(ctx, self.name, self.plan(ctx.settings),
                                      lambda exp: run_fragmented(ctx, exp)))


registry.register(Fragmented())
