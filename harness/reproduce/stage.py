"""What a reproduce stage is: a name, the result folders it fills, what it expects to take,
how it runs, and what it adds to report.md. The runner hands it a RunContext; the report
hands it a ReportData (analysis/report.py)."""
from __future__ import annotations

import dataclasses
import os
import sys
from typing import Any, Optional

from harness.driver.engine.estimate import Estimator
from harness.driver.engine.progress import Progress


def say(message: str) -> None:
    print(f"spbench: reproduce: {message}", file=sys.stderr, flush=True)


@dataclasses.dataclass
class RunContext:
    """What every stage runs with: the reproduction's settings, its folder, the command line
    that started it, the estimator and the progress the runner owns."""
    settings: Any
    out: str
    argv: list[str]
    estimator: Estimator
    progress: Progress

    def folder(self, part: str) -> str:
        return os.path.join(self.out, part)

    def say(self, message: str) -> None:
        say(message)


@dataclasses.dataclass
class Expected:
    """A stage's parts not yet in its folders, with their expected seconds; fixed parts
    (kernel builds, guests) are not scaled by the host's pace; sims are the seconds of a
    part's runs under sptlb, within its own."""
    parts: dict[str, float] = dataclasses.field(default_factory=dict)
    fixed: set[str] = dataclasses.field(default_factory=set)
    sims: dict[str, float] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Outcome:
    """What a stage's run left: failed output checks, and parts that did not finish for
    another reason (a guest that exited without its records)."""
    failed: int = 0
    broken: list[str] = dataclasses.field(default_factory=list)


class Stage:
    """The protocol, with defaults: a stage overrides what it has."""
    name: str = ""
    folders: tuple[str, ...] = ()           # its result folders, listed in report.md
    optional_folders: tuple[str, ...] = ()  # of these, listed only where they exist
    paced: bool = True      # its time teaches the runner this host's pace
    # a module of analysis/sections with section(rep), claims(rep) and csvs(rep), which the
    # report methods below hand over to; a stage may override them instead
    report_part: Any = None

    def expected(self, ctx: RunContext) -> Expected:
        return Expected()

    def skipped(self, ctx: RunContext) -> Optional[str]:
        """Why the stage does not run here, or None."""
        return None

    def run(self, ctx: RunContext) -> Outcome:
        return Outcome()

    def section(self, rep: Any) -> str:
        return self.report_part.section(rep) if self.report_part else ""

    def claims(self, rep: Any) -> list[tuple[str, ...]]:
        return self.report_part.claims(rep) if self.report_part else []

    def csvs(self, rep: Any) -> list[tuple[str, str, Any]]:
        return self.report_part.csvs(rep) if self.report_part else []
