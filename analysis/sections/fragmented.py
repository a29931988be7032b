"""The fragmented stage in the report: speedups with memory fragmented beside the clean
ones, the contiguity each run started from, the claim that fragmentation removes the
benefit, and fragmented.csv."""
from __future__ import annotations

import csv
import io
from typing import Any

from .. import stats, table, text
from ..verdict import NOT_MEASURED, cell, difference_rule, side, width
from .common import claim_row, contiguity_span, f4, sig

PART = "fragmented"
CLEAN = "table1"


def _csv(clean: Any, frag: Any) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["workload", "policy", "runs", "clean_speedup", "speedup", "ci_lo", "ci_hi",
                "significant", "huge_pct", "contiguity_before_min", "contiguity_before_max"])
    cb = table.best(clean) if clean else {}
    for name, r in sorted(table.best(frag, "fragmented").items()):
        c, s = cb.get(name), r.speedup
        lo, hi = contiguity_span(frag, name)
        w.writerow([name, r.group.policy, len(r.group.records),
                    f4(c.speedup.value if c else None), f4(s.value), f4(s.lo), f4(s.hi),
                    sig(r), f4(r.cov.huge_pct), f4(lo), f4(hi)])
    return out.getvalue()


def csvs(rep: Any) -> list[tuple[str, str, Any]]:
    frag = rep.load(PART)
    if not frag:
        return []
    return [("fragmented.csv", "the fragmented stage, with the clean speedup and the "
             "contiguity runs started from", lambda: _csv(rep.load(CLEAN), frag))]


def section(rep: Any) -> str:
    clean, frag = rep.load(CLEAN), rep.load(PART)
    if not frag:
        return ""
    out = ["## Fragmented memory\n",
           "The paper: with memory fragmented, superpages bring little unless the system "
           "restores contiguity. Each workload ran with one fragmented state held across "
           "its runs (spfrag's page-cache fill, proactive compaction off); `contiguity "
           "before` is spstat's measure of free memory in aligned 2 MB blocks at the start "
           "of each run, the range over the workload's runs.\n",
           "| workload | clean speedup | fragmented speedup | huge (fragmented) | "
           "contiguity before |", "| --- | ---: | ---: | ---: | --- |"]
    cb, fb = (table.best(clean) if clean else {}), table.best(frag, "fragmented")
    for name, r in sorted(fb.items()):
        c = cb.get(name)
        lo, hi = contiguity_span(frag, name)
        span = f"{lo:.3f} to {hi:.3f}" if lo is not None else "not measured"
        out.append(f"| {name} | {text.ratio(c.speedup.value) if c else 'n/a'} | "
                   f"{text.ratio(r.speedup.value)} | {text.pct(r.cov.huge_pct)} | {span} |")
    return "\n".join(out) + "\n\n"


def claims(rep: Any) -> list[tuple[str, ...]]:
    """Clean over fragmented speedup, the geometric mean over the workloads with its interval
    from the per-workload ratios (verdict.difference_rule), where clean memory surely gains
    more than the line: else there is nothing sure to remove."""
    claim = rep.ref.claim("fragmented")
    line = claim.figure - claim.tolerance
    t1, frag = rep.load(CLEAN), rep.load(PART)
    if t1 is None or frag is None:
        return [claim_row(claim, "stage fragmented or table1 did not run", NOT_MEASURED)]
    c, f = table.best(t1), table.best(frag, "fragmented")
    both = [n for n in f if n in c and c[n].speedup.value and f[n].speedup.value]
    if not both:
        return [claim_row(claim, "no workload has both", NOT_MEASURED)]
    clean = stats.geomean_interval(c[n].speedup.value for n in both)
    fragd = stats.geomean_interval(f[n].speedup.value for n in both)
    drop = stats.geomean_interval(c[n].speedup.value / f[n].speedup.value for n in both)
    # coverage is often 0: an arithmetic mean, where a geometric one means nothing
    hc = sum(c[n].cov.huge_pct or 0 for n in both) / len(both)
    hf = sum(f[n].cov.huge_pct or 0 for n in both) / len(both)
    ours = (f"clean over fragmented {cell(drop)}; geomean speedup {cell(clean)} clean, "
            f"{cell(fragd)} fragmented; mean 2 MB coverage {hc:.1f}% clean, {hf:.1f}% "
            f"fragmented ({len(both)} workloads)")
    where = side(clean, line)
    if where == "below":
        return [claim_row(claim, ours, f"inconclusive: clean memory gains {line:.2f} or "
                          "less, there is little to remove")]
    if where == "undecided":
        return [claim_row(claim, ours, f"inconclusive: clean memory's gain is not surely "
                          f"above {line:.2f} ({width(clean)})")]
    return [claim_row(claim, ours, difference_rule(drop, line).verdict)]
