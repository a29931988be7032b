"""Figures 4 and 5 in the report: the sustained-benefit experiment, its claims (recovered
contiguity restores the benefit; each scheme's speedup and recovered contiguity), and
sustained.csv."""
from __future__ import annotations

import csv
import io
import os
from typing import Any

from .. import stats, sustained, verdict
from .common import claim_row, code, f4, judged

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
    out = ["## Figures 4 and 5: sustained benefit\n", code(sustained.render(folder, rep.ref))]
    for title, path in rep.plot_paths.get("sustained", []):
        out.append(f"![{title}]({os.path.relpath(path, rep.folder)})\n")
    return "\n".join(out) + "\n"


IDS = ("sustained", "sustained-daemon", "sustained-cache", "recovered-daemon",
       "recovered-cache")


def _speedups(folder: str) -> dict[str, dict[int, float]]:
    """{scheme: {run: speedup}} of the runs that passed."""
    rs, _, _ = sustained.rows(folder)
    by: dict[str, dict[int, float]] = {}
    for r in rs:
        if r["speedup"] is not None:
            by.setdefault(r["scheme"], {})[r["run"]] = r["speedup"]
    return by


def _recovered(folder: str, claim: Any, scheme: str) -> tuple[str, ...]:
    _, timeline, events = sustained.load(folder)
    _, best = sustained.recovered(timeline, events, scheme)
    # one timeline per scheme: a single figure, no interval
    r = stats.Ratio(best, reason="one timeline") if best is not None else None
    return judged(claim, verdict.numeric_rule(r, *claim.value, claim.tolerance))


def claims(rep: Any) -> list[tuple[str, ...]]:
    """Daemon over cache from run 2 on, a ratio of geometric means with Welch's interval from
    the per-run speedups (verdict.difference_rule); each scheme's speedup and the contiguity
    it recovered against the paper's figures (verdict.numeric_rule)."""
    claim = {i: rep.ref.claim(i) for i in IDS}
    if not _ran(rep):
        return [claim_row(c, "stage sustained did not run", verdict.NOT_MEASURED)
                for c in claim.values()]
    folder = rep.part_path(PART)
    by = _speedups(folder)
    later = {s: [v for run, v in runs.items() if run >= 2] for s, runs in by.items()}
    c = claim["sustained"]
    if later.get("cache") and later.get("daemon"):
        v = verdict.difference_rule(stats.geomean_ratio(later["daemon"], later["cache"]),
                                    c.figure - c.tolerance)
        out = [claim_row(c, f"daemon over cache, geomean of runs 2 on: {v.ours} "
                         f"({len(later['daemon'])} and {len(later['cache'])} runs)",
                         v.verdict)]
    else:
        out = [claim_row(c, "a scheme has no run after the first", verdict.NOT_MEASURED)]
    for i, what, r in (
            ("sustained-daemon", "runs 2 on",
             stats.geomean_interval(later.get("daemon", []))),
            ("sustained-cache", "all runs", stats.geomean_interval(by.get("cache", {}).values()))):
        c = claim[i]
        v = verdict.numeric_rule(r if r.value else None, *c.value, c.tolerance)
        out.append(claim_row(c, f"geomean of {what}: {v.ours}", v.verdict))
    return out + [_recovered(folder, claim[f"recovered-{s}"], s) for s in ("daemon", "cache")]
