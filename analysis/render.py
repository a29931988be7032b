"""Writes a diff report as aligned text, Markdown (for a report or a mail) or CSV (for a
spreadsheet): one layout of the same rows, so that the three never disagree."""

import csv
import io

from . import metrics, text

FORMATS = ("text", "md", "csv")

CELL_HEADER = ["item", "nA", "A", "±95%", "nB", "B", "±95%", "B-A", "B/A", "95% CI",
               "change", "p"]
CELL_ALIGN = "lrrrrrrrrrlr"
CSV_HEADER = ["metric", "item", "workload", "size", "state", "policy_a", "policy_b",
              "kernel", "n_a", "mean_a", "ci95_a", "n_b", "mean_b", "ci95_b", "b_minus_a",
              "ratio", "ratio_lo", "ratio_hi", "change_pct", "significant", "welch_p"]


def number(x, kind, ref):
    """x printed as its kind wants; ref (the mean) picks the decimals, so that a mean, its
    CI half-width and a difference line up."""
    if x is None:
        return "n/a"
    if kind == "secs":
        return text.secs(x, ref)
    if kind == "count":
        r = abs(ref)
        if r >= 1e4:
            return text.count(x)
        return f"{x:.0f}" if r >= 100 else f"{x:.1f}"
    return f"{x:.1f}"


def signed(x, kind, ref):
    s = number(x, kind, ref)
    return s if x is None or s.startswith("-") else "+" + s


def _side(s, reason, kind):
    """n, mean, ± cells of one side."""
    if s is None:
        return ["0", "n/a: " + metrics.short_reason(reason), ""]
    half = "n/a" if s.half is None else number(s.half, kind, s.mean)
    return [str(s.n), number(s.mean, kind, s.mean), half]


def cells(c):
    """The cells after the key of one comparison (a diff.Comparison)."""
    kind = c.item.kind
    ref = max(abs(c.a.mean) if c.a else 0, abs(c.b.mean) if c.b else 0)
    out = [c.item.label] + _side(c.a, c.a_reason, kind) + _side(c.b, c.b_reason, kind)
    if c.a is None or c.b is None:
        return out + ["", "", "", "", ""]
    r = c.ratio
    change = "n/a" if r.value is None else text.pct(100 * (r.value - 1), signed=True)
    diff = signed(c.diff, kind, ref)
    if r.value is None:
        diff += text.mark(c.sig)
    else:
        change += text.mark(c.sig)
    return out + [diff, text.ratio(r.value), text.interval(r.lo, r.hi, r.reason), change,
                  "n/a" if c.p is None else f"{c.p:.3f}"]


def geomean_cells(g, nkeys):
    key = ["geomean", f"({g.pairs} pairs)"] + [""] * (nkeys - 2)
    if g.value is None:
        return key + [g.item.label] + [""] * 7 + ["n/a", g.reason, "", ""]
    change = text.pct(100 * (g.value - 1), signed=True) + " "
    return key + [g.item.label] + [""] * 7 + [text.ratio(g.value), "", change, ""]


def _table_rows(section, nkeys):
    rows = [list(c.key) + cells(c) for c in section.rows]
    rows += [geomean_cells(g, nkeys) for g in section.geomeans]
    return rows


def render(report, fmt):
    if fmt == "csv":
        return _csv(report)
    if fmt == "md":
        return _md(report)
    return _text(report)


def _text(rep):
    out = [f"A: {rep.a_folder}  ({rep.a_label})", f"B: {rep.b_folder}  ({rep.b_label})"]
    if rep.pairing:
        out.append("pairing: " + "; ".join(f"policy {pa} of A with policy {pb} of B"
                                           for pa, pb in rep.pairing))
    header = list(rep.keycols) + CELL_HEADER
    align = "l" * len(rep.keycols) + CELL_ALIGN
    for sec in rep.sections:
        out += ["", f"== {sec.metric}: {sec.title} =="] + [f"   {n}" for n in sec.notes]
        if sec.rows:
            out.append(text.columns(header, _table_rows(sec, len(rep.keycols)), align))
        else:
            out.append(f"   no data: {sec.empty_reason}")
    out += ["", "context that differs (A | B):"]
    if rep.context:
        out.append(text.columns(["key", "A", "B"],
                                [[k, _short(a), _short(b)] for k, a, b in rep.context],
                                "lll"))
    else:
        out.append("  none")
    if rep.only:
        out += ["", "present in one folder only:"] + [f"  {x}" for x in rep.only]
    if rep.notes:
        out += ["", "notes:"] + [f"  {x}" for x in rep.notes]
    return "\n".join(out).rstrip() + "\n"


def _short(s, width=60):
    return s if len(s) <= width else s[:width - 3] + "..."


def _md_cell(s):
    return s.replace("|", "\\|") or " "


def _md_table(header, rows, align):
    lines = ["| " + " | ".join(_md_cell(h) for h in header) + " |",
             "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"]
    lines += ["| " + " | ".join(_md_cell(c.strip()) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _md(rep):
    out = ["# spbench diff: B relative to A", "",
           f"- A: `{rep.a_folder}` ({rep.a_label})", f"- B: `{rep.b_folder}` ({rep.b_label})"]
    out += [f"- pairing: policy `{pa}` of A with policy `{pb}` of B" for pa, pb in rep.pairing]
    header = list(rep.keycols) + CELL_HEADER
    align = "l" * len(rep.keycols) + CELL_ALIGN
    for sec in rep.sections:
        out += ["", f"## {sec.metric}: {sec.title}", ""]
        out += [f"*{n}*" for n in sec.notes] + ([""] if sec.notes else [])
        if sec.rows:
            out.append(_md_table(header, _table_rows(sec, len(rep.keycols)), align))
        else:
            out.append(f"no data: {sec.empty_reason}")
    out += ["", "## Context that differs", ""]
    if rep.context:
        out.append(_md_table(["key", "A", "B"],
                             [[f"`{k}`", a, b] for k, a, b in rep.context], "lll"))
    else:
        out.append("none")
    if rep.only:
        out += ["", "## Present in one folder only", ""] + [f"- {x}" for x in rep.only]
    if rep.notes:
        out += ["", "## Notes", ""] + [f"- {x}" for x in rep.notes]
    return "\n".join(out) + "\n"


def _num(x):
    return "" if x is None else f"{x:.10g}"


def _csv(rep):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    nk = len(rep.keycols)
    for sec in rep.sections:
        for c in sec.rows:
            workload, size, state, policy = c.key[:4]
            kernel = c.key[4] if nk > 4 else ""
            pa, pb = c.policies
            r = c.ratio
            change = None if r is None or r.value is None else 100 * (r.value - 1)
            sig = "" if c.sig is None else ("yes" if c.sig else "no")
            a, b = c.a, c.b
            w.writerow([sec.metric, c.item.label, workload, size, state, pa, pb, kernel,
                        a.n if a else 0, _num(a.mean if a else None),
                        _num(a.half if a else None),
                        b.n if b else 0, _num(b.mean if b else None),
                        _num(b.half if b else None),
                        _num(c.diff), _num(r.value if r else None),
                        _num(r.lo if r else None), _num(r.hi if r else None),
                        _num(change), sig, _num(c.p)])
        for g in sec.geomeans:
            change = None if g.value is None else 100 * (g.value - 1)
            w.writerow([sec.metric, g.item.label, "geomean", "", "", "", "", "", g.pairs, "",
                        "", g.pairs, "", "", "", _num(g.value), "", "", _num(change), "",
                        ""])
    return buf.getvalue()
