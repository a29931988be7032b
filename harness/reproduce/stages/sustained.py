"""Stage sustained: the paper's figures 4 and 5 as `experiment sustained` runs them, in one
piece (the timeline must be continuous, so an interrupted one starts again)."""
from __future__ import annotations

import os
from typing import Any, Optional

from analysis.sections import sustained as sustained_report
from harness.driver.engine import sustained
from harness.records import ResultFolder
from harness.reproduce import registry
from harness.reproduce.stage import Expected, Outcome, RunContext, Stage


def _size_runs(s: Any) -> tuple[str, int]:
    return (s.size if s.quick else "paper"), (2 if s.quick else 4)


class Sustained(Stage):
    name = "sustained"
    folders = ("sustained",)
    report_part = sustained_report

    def skipped(self, ctx: RunContext) -> Optional[str]:
        return None if os.geteuid() == 0 else "needs root"

    def expected(self, ctx: RunContext) -> Expected:
        if self.skipped(ctx) or ResultFolder(ctx.folder(self.name)).finished():
            return Expected()
        return Expected({self.name: ctx.estimator.sustained_seconds(*_size_runs(ctx.settings))})

    def run(self, ctx: RunContext) -> Outcome:
        folder = ctx.folder(self.name)
        if self.skipped(ctx) or ResultFolder(folder).finished():
            return Outcome()
        ctx.progress.begin(self.name)
        ctx.say("stage sustained (figures 4 and 5)")
        if os.path.exists(folder):
            n = 1
            while os.path.exists(f"{folder}.interrupted-{n}"):
                n += 1
            os.rename(folder, f"{folder}.interrupted-{n}")
        s = ctx.settings
        size, runs = _size_runs(s)
        return Outcome(sustained.experiment(folder, sustained.SCHEMES, size, runs, s.seed,
                                            s.sample_ms, ctx.argv))


registry.register(Sustained())
