"""Tables 2 and 3 in the report: one superpage size at a time beside all sizes together,
the claim that one size does less than all, and table2.csv."""
from __future__ import annotations

import csv
import io
from typing import Any

from .. import compare, notes as notes_mod, paper as paper_mod, table
from .common import code, f4, sig

PART = "table2"


def _csv(t2: Any, ref: Any) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["workload", "state", "policy", "runs", "speedup", "ci_lo", "ci_hi",
                "significant", "paper_speedup"])
    column = {policy: col for policy, col, _ in paper_mod.SINGLE_SIZE}
    for g in t2.ordered():
        if g.policy not in column:
            continue
        r = compare.row(t2, g)
        s = r.speedup
        paper = ref.single_speedup(g.workload, column[g.policy]) if g.state == "clean" else None
        w.writerow([g.workload, g.state, g.policy, len(g.records), f4(s.value), f4(s.lo),
                    f4(s.hi), sig(r), f4(paper if isinstance(paper, (int, float)) else None)])
    return out.getvalue()


def csvs(rep: Any) -> list[tuple[str, str, Any]]:
    t2 = rep.load(PART)
    if not t2:
        return []
    return [("table2.csv", "table 2, each single size and all sizes beside the paper's",
             lambda: _csv(t2, rep.ref))]


def section(rep: Any) -> str:
    t2 = rep.load(PART)
    if not t2:
        return ""
    block = table.single_size(t2, rep.ref, [], notes_mod.Notes(), table.simulated(t2))
    return "## Tables 2 and 3: one superpage size\n\n" + code(block or "no single-size runs")


def claims(rep: Any) -> list[tuple[str, ...]]:
    claim = ("one superpage size does less than all sizes together",
             "table 2: all sizes at least the best single size")
    t2 = rep.load(PART)
    if t2 is None:
        return [(*claim, "stage table2 did not run", "not measured")]
    agree = total = 0
    for w in sorted(t2.values("workload")):
        sp = {}
        for g in t2.groups.values():
            if g.workload == w and g.policy.startswith("mthp-"):
                r = compare.row(t2, g)
                if r.speedup.value is not None:
                    sp[g.policy] = r.speedup.value
        if "mthp-all" in sp and len(sp) > 1:
            total += 1
            single = max(v for k, v in sp.items() if k != "mthp-all")
            agree += sp["mthp-all"] >= single * 0.98
    if not total:
        return [(*claim, "no workload has mthp-all and a single size", "not measured")]
    return [(*claim, f"{agree} of {total} workloads: all sizes within 2% of or above the best "
             "single size", "agrees" if agree == total else "partly")]
