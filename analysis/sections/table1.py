"""Table 1 in the report: the best case in clean memory beside the paper's, why each row
differs, the TLB pressure at ref, the claims about gains, and table1.csv."""
from __future__ import annotations

import csv
import io
import os
from typing import Any

from harness.records import ResultFolder

from .. import metrics, table, text, verdict
from .common import claim_row, code, f4, judged, sig

PART = "table1"


def _csv(rs: Any, ref: Any) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["workload", "group", "policy", "runs", "speedup", "ci_lo", "ci_hi",
                "significant", "paper_speedup", "huge_pct", "above_4k_pct"])
    for name, r in sorted(table.best(rs).items()):
        s = r.speedup
        w.writerow([name, ref.group(name) or "other", r.group.policy, len(r.group.records),
                    f4(s.value), f4(s.lo), f4(s.hi), sig(r),
                    f4(ref.speedup(name)), f4(r.cov.huge_pct), f4(r.cov.big_pct)])
    return out.getvalue()


def csvs(rep: Any) -> list[tuple[str, str, Any]]:
    t1 = rep.load(PART)
    if not t1:
        return []
    return [("table1.csv", "table 1, ours beside the paper's", lambda: _csv(t1, rep.ref))]


def pressure(folder: str) -> dict[str, tuple[float, float]]:
    """{workload: (Alpha misses per 1000 accesses at paper size, this host's at ref)} from
    the folder's pressure records (`spbench pressure --out DIR`), the last of each."""
    sides = {}
    for r in ResultFolder(folder, warn=None).pressure():
        v = r.misses_per_1k()
        if v is not None:
            sides[(r.workload, r.size)] = v
    return {w: (sides[(w, "paper")], sides[(w, "ref")])
            for (w, size) in sides if size == "paper" and (w, "ref") in sides}


def pressure_reason(alpha: float, host: float) -> Any:
    if alpha <= 0:
        return None
    x = host / alpha
    if x < 0.5:
        return (f"less TLB pressure: at ref this host's TLBs miss {host:.2f} times per 1000 "
                f"accesses, the Alpha's {alpha:.2f} at the paper's size (x{x:.2f})")
    if x > 2:
        return (f"more TLB pressure: at ref this host's TLBs miss {host:.2f} times per 1000 "
                f"accesses, the Alpha's {alpha:.2f} at the paper's size (x{x:.2f})")
    return (f"the paper's TLB pressure (x{x:.2f}: {host:.2f} against {alpha:.2f} misses per "
            "1000 accesses): what differs is what a miss costs")


def pressure_section(folder: str) -> str:
    press = pressure(folder)
    head = "## TLB pressure: ref against the paper\n\n"
    if not press:
        return (head + "Not measured: `harness/spbench pressure --out DIR` adds it "
                "(docs/tlbsim.md).\n")
    rows = [f"| {w} | {a:.2f} | {h:.2f} | {h / a:.2f} |" if a else f"| {w} | {a:.2f} | "
            f"{h:.2f} | n/a |" for w, (a, h) in sorted(press.items())]
    return (head + "Base-page data-TLB misses per 1000 data accesses, simulated (sptlb, "
            "base policy): the paper's Alpha 21264 at the paper's size, this host's TLBs "
            "(CPUID) at ref.\n\n| workload | alpha21264 paper | host ref | host/alpha |\n"
            "| --- | ---: | ---: | ---: |\n" + "\n".join(rows) + "\n")


def why(name: str, r: Any, ref: Any, rs: Any, press: Any = None) -> str:
    """Why our row differs from the paper's, from what the records and manifests say."""
    p = ref.speedup(name)
    ours = r.speedup.value
    if p is None:
        return "not in the paper"
    if ours is None:
        return f"no speedup ({r.speedup.reason})"
    if abs(ours - p) <= 0.05 * p:
        return "within 5% of the paper"
    reasons = []
    host = rs.meta.host
    reach = host.get("tlb_reach_4k_kb")
    measured = (press or {}).get(name)
    said = pressure_reason(*measured) if measured else None
    if said:
        reasons.append(said)
    elif reach:
        reasons.append(f"this host's base pages reach {reach / 1024:.1f} MB of TLB against the "
                       "Alpha's 1 MB, and a miss is a hardware walk, not a PALcode trap")
    if not (host.get("pmu") or {}).get("available"):
        reasons.append("no PMU: the miss reduction cannot be compared")
    if (host.get("cpu") or {}).get("hypervisor"):
        reasons.append("a virtual machine (CPUID's hypervisor bit): with nested paging a "
                       "TLB miss walks two page tables")
    if r.cov.huge_pct is not None and r.cov.huge_pct < 50:
        reasons.append(f"only {r.cov.huge_pct:.0f}% of its memory got 2 MB pages")
    if ref.group(name) in ("CINT2000", "CFP2000"):
        reasons.append("SPEC's program is replaced by an open stand-in (docs/workloads.md)")
    return "; ".join(reasons) or "unexplained"


FOOTPRINT_TOLERANCE = 0.25   # an anonymous footprint further than this from the paper's


def memory_note(name: str, r: Any, ref: Any) -> str:
    """What a row's memory says about its comparison with the paper: an anonymous peak
    further than FOOTPRINT_TOLERANCE from the paper's footprint (table 1's page counts), or
    a resident set mostly not anonymous (file-backed pages THP does not back here)."""
    fp = metrics.footprint(r.group)
    if fp.anon_mb is None:
        return "no peak sample (the run ended before spstat's first)"
    notes = []
    paper = ref.footprint_mb(name)
    if r.group.size != "paper":
        notes.append(f"anonymous {fp.anon_mb:.1f} MB at size {r.group.size} "
                     "(compared with the paper's at paper size only)")
    elif paper and abs(fp.anon_mb - paper) > FOOTPRINT_TOLERANCE * paper:
        notes.append(f"anonymous {fp.anon_mb:.1f} MB against the paper's {paper:.1f} MB "
                     f"({100 * (fp.anon_mb / paper - 1):+.0f}%)")
    if fp.file_mb > fp.anon_mb:
        notes.append(f"mostly not anonymous: {fp.file_mb:.1f} of "
                     f"{fp.file_mb + fp.anon_mb:.1f} MB resident are file-backed or shared")
    return "; ".join(notes) or f"anonymous {fp.anon_mb:.1f} MB, as the paper's"


def section(rep: Any) -> str:
    rs = rep.load(PART)
    if not rs:
        return ""
    ref, folder = rep.ref, rep.folder
    out = ["## Table 1: best case, clean memory\n", code(table.render_paper_table(rs, ref))]
    for title, path in rep.plot_paths.get("table1", []):
        out.append(f"![{title}]({os.path.relpath(path, folder)})\n")
    rows = []
    press = pressure(folder)
    for name, r in sorted(table.best(rs).items()):
        rows.append(f"| {name} | {text.ratio(r.speedup.value)} | "
                    f"{text.ratio(ref.speedup(name))} | {memory_note(name, r, ref)} | "
                    f"{why(name, r, ref, rs, press)} |")
    out += ["### Why ours differs, row by row\n",
            "Memory: the peak sample's anonymous memory against the paper's footprint "
            "(table 1's page counts), named where they differ by more than "
            f"{FOOTPRINT_TOLERANCE:.0%} or where most of the resident set is not anonymous.\n",
            "| workload | ours | paper | memory | why |", "| --- | ---: | ---: | --- | --- |",
            *rows, ""]
    return "\n".join(out) + "\n" + pressure_section(folder)


def claims(rep: Any) -> list[tuple[str, ...]]:
    """Table 1's claims (claims.csv: gains, no-gain, largest, matrix), by the verdict rules."""
    t1, ref = rep.load(PART), rep.ref
    best = table.best(t1) if t1 else {}
    ours = {n: r.speedup for n, r in best.items() if r.speedup.value is not None}
    ids = ("gains", "no-gain", "largest", "matrix")
    if not ours:
        return [claim_row(ref.claim(i), "no speedups: stage table1 has no complete pairs",
                          verdict.NOT_MEASURED) for i in ids]
    out = []
    for c in (ref.claim("gains"), ref.claim("no-gain")):
        line = 1 + c.tolerance
        paper, _ = ref.gains(line)
        if c.workloads:
            paper = {n: v for n, v in paper.items() if n in c.workloads}
        out.append(judged(c, verdict.set_rule(ours, paper, line)))
    c = ref.claim("largest")
    out.append(judged(c, verdict.largest_rule(ours, c.workloads[0])))
    c = ref.claim("matrix")
    out.append(judged(c, verdict.numeric_rule(ours.get(c.workloads[0]), *c.value,
                                              c.tolerance)))
    return out
