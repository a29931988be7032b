"""Tables 2 and 3 in the report: one superpage size at a time beside all sizes together,
the claim that one size does less than all, and table2.csv."""
from __future__ import annotations

import csv
import io
from typing import Any

from .. import compare, notes as notes_mod, paper as paper_mod, stats, table, verdict
from .common import claim_row, code, f4, sig

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


def _all_over_single(t2: Any, w: str) -> Any:
    """(the best single size by its mean, mthp-all's speedup over it with its interval) of a
    workload: the ratio of the single size's mean time to mthp-all's (the base cancels), by
    Fieller's theorem; None where it lacks mthp-all or a single size."""
    rows = {g.policy: compare.row(t2, g) for g in t2.groups.values()
            if g.workload == w and g.state == "clean" and g.policy.startswith("mthp-")}
    rows = {p: r for p, r in rows.items() if r.speedup.value is not None}
    single = [p for p in rows if p != "mthp-all"]
    if "mthp-all" not in rows or not single:
        return None
    best = max(single, key=lambda p: rows[p].speedup.value)
    return best, stats.ratio(rows[best].time, rows["mthp-all"].time)


def claims(rep: Any) -> list[tuple[str, ...]]:
    """Per workload, mthp-all over the best single size (verdict.difference_rule against the
    claim's figure less its tolerance); the claim differs where one workload does."""
    claim = rep.ref.claim("single-size")
    line = claim.figure - claim.tolerance
    t2 = rep.load(PART)
    if t2 is None:
        return [claim_row(claim, "stage table2 did not run", verdict.NOT_MEASURED)]
    found = {w: x for w in sorted(t2.values("workload"))
             if not claim.workloads or w in claim.workloads
             for x in [_all_over_single(t2, w)] if x is not None}
    if not found:
        return [claim_row(claim, "no workload has mthp-all and a single size",
                          verdict.NOT_MEASURED)]
    judged = {w: verdict.difference_rule(r, line).verdict for w, (_, r) in found.items()}
    ours = "all sizes over the best single size: " + "; ".join(
        f"{w} {verdict.cell(r)} (over {p})" for w, (p, r) in found.items())
    by: dict[str, list[str]] = {}
    for w, v in judged.items():
        by.setdefault(v.split(":")[0], []).append(w)
    if "differs" in by:
        said = f"differs: all sizes wholly below {line:.2f} of the best single size: " \
            + verdict.names(by["differs"])
    elif set(by) == {verdict.NO_INTERVAL}:
        said = verdict.NO_INTERVAL
    elif set(by) == {"agrees"}:
        said = "agrees"
    else:
        said = "inconclusive: " + "; ".join(
            f"{w}: {judged[w].split(': ', 1)[-1]}" for w in found if judged[w] != "agrees")
    return [claim_row(claim, ours, said)]
