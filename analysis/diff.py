"""Compares two result sets (say two kernels): per group the mean times, their ratio with CI
and significance, dTLB misses, a geometric mean, and the context (meta.json) that differs."""

import json

from . import metrics, notes as notes_mod, stats, text

# meta.json parts whose differences explain a difference in results
CONTEXT = (("kernel",), ("settings",), ("host", "cpu"), ("host", "tlb"),
           ("host", "tlb_reach_4k_kb"), ("host", "pmu"), ("tools",),
           ("revision",), ("plan", "size"), ("plan", "kernel"))

RULES = (
    "B/A: mean of B / mean of A, 95% CI by Fieller's theorem; change: (B/A - 1) in % (for "
    "time, + is slower)",
    "*: significant: the 95% CIs of the two means do not overlap (the compare-kernels rule "
    "of mmtests); no mark with n < 2",
    "p: Welch's two-sided t-test, for reference only",
)


def _flatten(value, prefix, out):
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(value, list):
        out[prefix] = json.dumps(value, sort_keys=True)
    else:
        out[prefix] = "null" if value is None else str(value)


def context(meta):
    """The context keys of a meta object, flattened to dotted names."""
    out = {}
    for path in CONTEXT:
        v, ok = meta, True
        for p in path:
            if not isinstance(v, dict) or p not in v:
                ok = False
                break
            v = v[p]
        if ok:
            _flatten(v, ".".join(path), out)
    return out


def _short(s, width=70):
    return s if len(s) <= width else s[:width - 3] + "..."


def context_diff(a, b):
    """[(key, value in A, value in B)] for each context key that differs; a key missing on
    one side shows '(absent)'."""
    ca, cb = context(a.meta), context(b.meta)
    keys = list(ca) + [k for k in cb if k not in ca]
    return [(k, ca.get(k, "(absent)"), cb.get(k, "(absent)"))
            for k in keys if ca.get(k) != cb.get(k)]


def _index(rs, with_kernel):
    out = {}
    for g in rs.ordered():
        out[g.key if with_kernel else g.key[:4]] = g
    return out


def _value(x, mean):
    """A time, or for a mean of 1e5 and more an event count; mean picks the format."""
    return text.secs(x, mean) if mean < 1e5 else text.count(x)


def _half(s):
    return "n/a" if s.half is None else _value(s.half, s.mean)


def _cells(sa, sb):
    """nA, A, ±, nB, B, ±, B/A, CI, change, p for two Summaries."""
    r = stats.ratio(sb, sa)
    sig = stats.significant(sa, sb)
    w = stats.welch(sa, sb)
    change = text.pct(100 * (r.value - 1), signed=True) if r.value is not None else "n/a"
    return r, [
        str(sa.n), _value(sa.mean, sa.mean), _half(sa),
        str(sb.n), _value(sb.mean, sb.mean), _half(sb),
        text.ratio(r.value), text.interval(r.lo, r.hi, r.reason),
        change + text.mark(sig),
        f"{w.p:.3f}" if w else "n/a"]


def _not_comparable(da, db):
    """Why the dTLB misses of two groups, one of them supported, do not compare."""
    if da.supported and db.supported:
        return "different events"
    if da.supported:
        return "n/a in B: " + db.reason
    return "n/a in A: " + da.reason


def render_diff(a, b):
    with_kernel = len(a.values("kernel")) > 1 or len(b.values("kernel")) > 1
    ia, ib = _index(a, with_kernel), _index(b, with_kernel)
    keycols = ["workload", "size", "state", "policy"] + (["kernel"] if with_kernel else [])
    header = keycols + ["metric", "nA", "A", "±95%", "nB", "B", "±95%", "B/A", "95% CI",
                        "change", "p"]
    align = "l" * (len(keycols) + 1) + "rrrrrrrlrr"
    rows, notes = [], notes_mod.Notes()
    time_ratios, dtlb_ratios = [], []
    for k, ga in ia.items():
        gb = ib.get(k)
        if gb is None:
            continue
        ta, tb = metrics.time(ga), metrics.time(gb)
        if ta is None or tb is None:
            notes.add(f"{'/'.join(k[:4])}: no passed runs in " + ("A" if ta is None else "B"))
            continue
        r, cells = _cells(ta, tb)
        rows.append(list(k) + ["time s"] + cells)
        if r.value is not None:
            time_ratios.append(r.value)
        da, db = metrics.dtlb(ga), metrics.dtlb(gb)
        if da.supported and db.supported and da.events == db.events:
            r, cells = _cells(da.summary, db.summary)
            rows.append(list(k) + ["dTLB miss"] + cells)
            if r.value is not None and r.value > 0:
                dtlb_ratios.append(r.value)
        elif da.supported or db.supported:
            notes.add(f"{'/'.join(k[:4])}: dTLB misses not comparable: "
                      + _not_comparable(da, db))
    for label, ratios in (("time s", time_ratios), ("dTLB miss", dtlb_ratios)):
        gm = stats.geomean(ratios)
        if gm is not None:
            change = text.pct(100 * (gm - 1), signed=True) + " "
            rows.append(["geomean", f"({len(ratios)} pairs)", "", ""]
                        + [""] * (len(keycols) - 4) + [label] + [""] * 6
                        + [text.ratio(gm), "", change, ""])
    out = [f"A: {a.folder}", f"B: {b.folder}", ""]
    if rows:
        out.append(text.columns(header, rows, align))
    else:
        out.append("no (workload, size, state, policy) measured in both")
    if not any(r[len(keycols)] == "dTLB miss" for r in rows):
        out.append("dTLB misses: not supported in both, not compared")
    out += ["", "context that differs (A | B):"]
    diffs = context_diff(a, b)
    for key, va, vb in diffs:
        out.append(f"  {key}: {_short(va)} | {_short(vb)}")
    if not diffs:
        out.append("  none")
    only = _only(a, b)
    if only:
        out += ["", "present in one folder only:"] + [f"  {x}" for x in only]
    for rule in RULES:
        notes.add(rule)
    notes_mod.context(a, notes, "A")
    notes_mod.context(b, notes, "B")
    out += ["", notes.render()]
    return "\n".join(out).rstrip() + "\n"


def _only(a, b):
    out = []
    wa, wb = a.values("workload"), b.values("workload")
    for w in wa:
        if w not in wb:
            out.append(f"workload {w}: A only")
    for w in wb:
        if w not in wa:
            out.append(f"workload {w}: B only")
    ka = {g.key[:4] for g in a.groups.values()}
    kb = {g.key[:4] for g in b.groups.values()}
    for k in sorted(ka - kb):
        if k[0] in wb:
            out.append(f"{'/'.join(k)}: A only")
    for k in sorted(kb - ka):
        if k[0] in wa:
            out.append(f"{'/'.join(k)}: B only")
    return out
