"""Figures 4 and 5 in the report: the sustained-benefit experiment, its claim that recovered
contiguity restores the benefit, and sustained.csv."""
from __future__ import annotations

import csv
import io
import os
from typing import Any

from .. import stats, sustained, text
from .common import code, f4

PART = "sustained"


def _ran(rep: Any) -> bool:
    return bool(rep.has_runs(PART))


def _csv(folder: str) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["scheme", "run", "speedup", "huge_2m", "wanted_2m", "passed"])
    rs, _, _ = sustained.rows(folder)
    for r in rs:
        w.writerow([r["scheme"], r["run"], f4(r["speedup"]), r["huge_2m"], r["wanted_2m"],
                    int(bool(r["passed"]))])
    return out.getvalue()


def csvs(rep: Any) -> list[tuple[str, str, Any]]:
    if not _ran(rep):
        return []
    folder = rep.part_path(PART)
    return [("sustained.csv", "figure 4: each THP run's speedup and 2 MB pages",
             lambda: _csv(folder))]


def section(rep: Any) -> str:
    if not _ran(rep):
        return ""
    folder = rep.part_path(PART)
    out = ["## Figures 4 and 5: sustained benefit\n", code(sustained.render(folder))]
    for title, path in rep.plot_paths.get("sustained", []):
        out.append(f"![{title}]({os.path.relpath(path, rep.folder)})\n")
    return "\n".join(out) + "\n"


def claims(rep: Any) -> list[tuple[str, ...]]:
    claim = ("recovery of contiguity restores the benefit",
             "daemon: ~1.55 from run 2; cache: 1.00-1.03")
    if not _ran(rep):
        return [(*claim, "stage sustained did not run", "not measured")]
    rs, _, _ = sustained.rows(rep.part_path(PART))
    by: dict[str, list[float]] = {}
    for r in rs:
        if r["speedup"] is not None and r["run"] >= 2:
            by.setdefault(r["scheme"], []).append(r["speedup"])
    if "cache" not in by or "daemon" not in by:
        return [(*claim, "a scheme has no run after the first", "not measured")]
    gc, gd = stats.geomean(by["cache"]), stats.geomean(by["daemon"])
    return [(*claim, f"runs 2 on: daemon {text.ratio(gd)}, cache {text.ratio(gc)}",
             "agrees" if gd > gc else "differs")]
