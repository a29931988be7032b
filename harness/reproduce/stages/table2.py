"""Stage table2: the paper's table 2 workloads under each single superpage size this kernel
offers (mTHP), and all sizes together, in clean memory."""
from __future__ import annotations

from typing import Any, Optional

from analysis import paper
from analysis.sections import table2 as table2_report
from harness.driver.system import policies
from harness.reproduce import plans, registry
from harness.reproduce.stage import Expected, Outcome, RunContext, Stage

# the paper's single sizes as policies (2 MB stands for its 4 MB), largest last
SINGLE = ("mthp-64K", "mthp-512K", "mthp-2M", "mthp-all")


def table2_workloads(names: list[str]) -> list[str]:
    rows = paper.Paper().table2
    return [n for n in names if n in rows and rows[n].get("group") != "summary"]


def single_policies() -> list[str]:
    """The single-size policies this kernel offers, in the paper's order."""
    have = set(policies.mthp_sizes_kb())
    out = []
    for name in SINGLE:
        if name == "mthp-all":
            if have:
                out.append(name)
        elif int(name[5:-1]) * (1024 if name.endswith("M") else 1) in have:
            out.append(name)
    return out


class Table2(Stage):
    name = "table2"
    folders = ("table2",)
    report_part = table2_report

    def plan(self, s: Any) -> Any:
        names, single = table2_workloads(s.workloads), single_policies()
        if not names or not single:
            return None
        return plans.plan(s, names, ["base"] + single, ["clean"], tlbsim=s.tlbsim)

    def skipped(self, ctx: RunContext) -> Optional[str]:
        if self.plan(ctx.settings) is None:
            return "no workload of the paper's table 2 or no single mTHP size here"
        return None

    def expected(self, ctx: RunContext) -> Expected:
        return plans.expected_host(ctx, self.name, self.plan(ctx.settings))

    def run(self, ctx: RunContext) -> Outcome:
        p = self.plan(ctx.settings)
        return Outcome(plans.run_host(ctx, self.name, p)) if p else Outcome()


registry.register(Table2())
