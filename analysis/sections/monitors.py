"""The report's monitors: per stage, what spstat's monitors sampled during the runs and what
that cost, and the plots of coverage over a run and of free memory by order over the
fragmented stage (drawn by analysis/plots.py from analysis/monitors.py)."""
from __future__ import annotations

import os
from typing import Any, Sequence

from .. import monitors


def _part_line(rep: Any, part: str) -> str:
    c = monitors.cost(rep.part_path(part))
    if not c["runs"]:
        return ""
    period = ", ".join(f"{p} ms" for p in sorted(p for p in c["period_ms"] if p))
    srcs = ", ".join(f"{name}: {s['samples']} samples, {1e3 * s['cost_s']:.1f} ms"
                     for name, s in sorted(c["sources"].items()))
    missing = "; ".join(f"{name}: {why}" for name, why in
                        sorted(c["unavailable"].items()))
    return (f"| {part} | {c['runs']} | {period} | {srcs or 'none'} | "
            f"{missing or 'none'} |")


def section(rep: Any, parts: Sequence[str]) -> str:
    """The section, or "" where no part has monitor records."""
    rows = [line for line in (_part_line(rep, p) for p in parts) if line]
    if not rows:
        return ""
    out = ["## Monitors over time\n",
           "During every measured run spstat read /proc/vmstat, /proc/buddyinfo and "
           "/proc/pagetypeinfo once a period and at exit, and kept the coverage "
           "(smaps_rollup) of every sample, not only the peak; each series is bounded "
           "(harness/core/SCHEMA.md, `monitors` and `coverage.series`). The cost is "
           "spstat's own CPU time for those reads, on top of the run's (docs/overhead.md "
           "measures what it does to the run's time).\n",
           "| stage | runs | period | samples, spstat's CPU time reading them | not read, "
           "and why |", "| --- | ---: | --- | --- | --- |",
           *rows, ""]
    for title, path in rep.plot_paths.get("monitors", []):
        out.append(f"![{title}]({os.path.relpath(path, rep.folder)})\n")
    return "\n".join(out) + "\n"
