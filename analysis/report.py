"""report.md of a reproduction folder (`spbench reproduce`), built from its records alone, so
that `spbench report DIR` writes the same file again byte for byte: what ran where, each
stage's section (the stages are handed in: the registry in harness/reproduce), the paper's
claims checked one by one, one CSV per table, and every damaged line that was skipped."""
from __future__ import annotations

import json
import os
from typing import Any, Optional, Sequence

from harness.records import BadLine, FolderError, ReproductionFolder, ResultFolder
from harness.records.lines import warn_stderr, write_text

from . import outliers, paper as paper_mod, plots, results
from .sections import monitors as monitors_section, profiles as profiles_section


class ReportData:
    """What the sections read: the folder, its settings, the paper's tables, the plots made,
    and each part's records, loaded once; lines skipped on the way are kept to be listed."""

    def __init__(self, folder: str, plot_paths: Optional[dict[str, Any]] = None,
                 exclude_outliers: bool = False) -> None:
        self.folder = os.path.abspath(folder)
        self.exclude_outliers = exclude_outliers     # flagged runs left out of every table
        self.ref = paper_mod.Paper()
        self.plot_paths = plot_paths or {}
        try:
            self.settings = ReproductionFolder(self.folder).settings()
        except FolderError:
            self.settings = {}
        self.bad_lines: list[BadLine] = []
        self._sets: dict[str, Any] = {}

    def _warn(self, bad: BadLine) -> None:
        if bad not in self.bad_lines:
            self.bad_lines.append(bad)
        warn_stderr(bad)

    def part_path(self, part: str) -> str:
        return os.path.join(self.folder, part)

    def has_runs(self, part: str) -> bool:
        return ResultFolder(self.part_path(part)).has_runs()

    def load(self, part: str) -> Optional[results.ResultSet]:
        """The part's records, or None where it has none or cannot be read."""
        if part not in self._sets:
            rs = None
            if self.has_runs(part):
                try:
                    rs = results.load(self.part_path(part), warn=self._warn)
                    if self.exclude_outliers:
                        rs = outliers.excluding(rs)
                except FolderError:
                    rs = None
            self._sets[part] = rs
        return self._sets[part]

    def count(self, part: str) -> int:
        return len(ResultFolder(self.part_path(part), warn=self._warn).runs())


def _warmups(n: Any, shared: Any) -> str:
    if n == 0:
        return "policy, no warm-up"
    return f"policy after {n} warm-up " + ("per workload (under its first policy)" if shared
                                           else "per policy")


def _where(rs: Any, settings: dict[str, Any]) -> str:
    m = rs.meta
    host, k = m.host, m.kernel
    cpu = host.get("cpu") or {}
    pmu = host.get("pmu") or {}
    tlb = ", ".join(f"{t.get('level')} {t.get('type')} {t.get('entries')} x "
                    f"{t.get('page_kb')} kB" for t in host.get("tlb") or [])
    lines = [
        f"- CPU: {cpu.get('model_name', '?')} ({cpu.get('vendor', '?')})",
        f"- TLBs (CPUID): {tlb or 'not reported'}; base-page reach "
        f"{host.get('tlb_reach_4k_kb', '?')} kB",
        f"- kernel: {k.get('release', '?')}, virtualisation: {k.get('virt', '?')}",
        "- PMU: " + ("available" if pmu.get("available") else
                     f"none: {pmu.get('reason', 'unknown')}; dTLB miss columns say n/a"),
        f"- THP settings at start: {json.dumps(m.settings, sort_keys=True)}",
        f"- size {settings.get('size', '?')}, {settings.get('runs', '?')} measured runs per "
        + _warmups(settings.get("warmup", "?"), m.plan.get("shared_warmup"))
        + (" (--quick)" if settings.get("quick") else ""),
        f"- spbench revision: {m.revision or 'unknown'}",
    ]
    return "\n".join(lines) + "\n"


def _ran_where(rep: ReportData, stages: Sequence[Any]) -> list[str]:
    first = next((rs for st in stages for part in st.folders
                  for rs in [rep.load(part)] if rs is not None), None)
    out = ["## What ran where\n",
           _where(first, rep.settings) if first else "No stage has records yet.\n",
           "\n| stage | folder | records |\n| --- | --- | ---: |"]
    for st in stages:
        for part in st.folders:
            if part in getattr(st, "optional_folders", ()) and \
                    not os.path.isdir(rep.part_path(part)):
                continue
            n = rep.count(part)
            out.append(f"| {part} | `{part}/` | {n if n else 'not run'} |")
    return out + [""]


def _claims(rep: ReportData, stages: Sequence[Any]) -> list[str]:
    out = ["## The paper's claims\n",
           "| claim | paper | ours | verdict |\n| --- | --- | --- | --- |"]
    for st in stages:
        out += ["| " + " | ".join(claim) + " |" for claim in st.claims(rep)]
    out.append("\nThe claims and the paper's figures are results/reference/claims.csv; `[lo, "
               "hi]` is the 95% interval of our figure. A verdict follows the claim's rule "
               "(docs/reproduce.md, \"Verdicts\") and never a point estimate alone: "
               "inconclusive names the interval's width or the undecided rows, \"no "
               "interval\" means a figure of one run.\n")
    return out


def _data(rep: ReportData, csvs: list[tuple[str, str, Any]]) -> list[str]:
    out = []
    if csvs or rep.bad_lines:
        out.append("## Data\n")
    out += [f"- [{name}]({name}): {what}" for name, what, _ in csvs]
    if rep.bad_lines:
        out.append("\nDamaged lines, skipped (each file's other records are all used):\n")
        out += [f"- `{os.path.relpath(b.path, rep.folder)}` line {b.number}: {b.reason}"
                for b in rep.bad_lines]
    return out + ([""] if out else [])


def build(folder: str, stages: Sequence[Any], plot_paths: Optional[dict[str, Any]] = None,
          exclude_outliers: bool = False) -> str:
    """The report's text; plot_paths {name: [(title, path)]} as plots.write() made them."""
    rep = ReportData(folder, plot_paths, exclude_outliers)
    out = ["# spbench: a reproduction of Navarro et al., OSDI 2002\n",
           "Practical, Transparent Operating System Support for Superpages (FreeBSD 4.3 on an "
           "Alpha 21264: 8 KB base pages; 64 KB, 512 KB and 4 MB superpages), reproduced on "
           "Linux with THP and mTHP (4 KB base pages; 2 MB PMD pages, smaller mTHP sizes "
           "mapped by PTEs).\n"]
    out += _ran_where(rep, stages)
    if exclude_outliers:
        out.append("Runs flagged as outliers are left out of every table and claim here "
                   "(`spbench report --exclude-outliers`): " + outliers.SCORE + ".\n")
    out += [s for s in (st.section(rep) for st in stages) if s]
    parts = [p for st in stages for p in st.folders]
    out += [s for s in [monitors_section.section(rep, parts),
                        profiles_section.section(rep, parts)] if s]
    out += _claims(rep, stages)
    out += _data(rep, [c for st in stages for c in st.csvs(rep)])
    return "\n".join(out).rstrip() + "\n"


def write(folder: str, stages: Sequence[Any], exclude_outliers: bool = False) -> str:
    """Writes report.md, its plots and CSVs into folder; returns report.md's path."""
    rep = ReportData(folder, exclude_outliers=exclude_outliers)
    plot_paths = plots.write(rep.folder, rep.load("table1"), rep.ref)
    for st in stages:
        for name, _, make in st.csvs(rep):
            write_text(os.path.join(rep.folder, name), make())
    path = ReproductionFolder(rep.folder).report_path
    write_text(path, build(rep.folder, stages, plot_paths, exclude_outliers))
    return path
