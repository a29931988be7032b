"""Stage table1: every workload in clean memory under base pages and THP (and the
reservation knob where this kernel has it), optionally simulated once under sptlb."""
from __future__ import annotations

from typing import Any

from analysis.sections import table1 as table1_report
from harness.reproduce import plans, registry
from harness.reproduce.stage import Expected, Outcome, RunContext, Stage


class Table1(Stage):
    name = "table1"
    folders = ("table1",)
    report_part = table1_report

    def plan(self, s: Any) -> Any:
        pols = ["base", "thp"] + (["resv"] if plans.has_resv() else [])
        return plans.plan(s, s.workloads, pols, ["clean"], tlbsim=s.tlbsim)

    def expected(self, ctx: RunContext) -> Expected:
        return plans.expected_host(ctx, self.name, self.plan(ctx.settings))

    def run(self, ctx: RunContext) -> Outcome:
        return Outcome(plans.run_host(ctx, self.name, self.plan(ctx.settings)))


registry.register(Table1())
