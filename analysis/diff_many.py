"""`spbench diff BASE A B ...`: every folder beside a baseline, one table per metric. Each
comparison is the two-folder diff (diff.build_report) of the folder against the baseline of
its own host, so its numbers and interval rules are those of `diff BASE A`. Folders from
different hosts are never compared or pooled: BASE is the baseline of its host, and the
first folder given from any other host is that host's; the summary lists each host apart."""

import csv
import io
import os
from dataclasses import dataclass, field

from . import diff, render, text


@dataclass
class Column:
    """One folder against its host's baseline."""
    name: str
    base: str                       # the baseline's name
    host: str
    report: diff.Report


@dataclass
class Row:
    key: tuple
    label: str
    base: str
    cells: dict = field(default_factory=dict)       # column name -> diff.Comparison


@dataclass
class Many:
    names: list                     # every folder's name, in the order given
    folders: dict                   # name -> path
    hosts: dict                     # name -> host
    baselines: dict                 # host -> name of its baseline
    columns: list
    alone: list                     # names of folders alone on their host, not the baseline
    keycols: list
    metrics: list                   # [(metric, title)]


def host_of(rs):
    """What tells machines apart: the host name recorded with the run (host kernel runs),
    with the CPU; a folder without a name (older, or a guest kernel's) by its CPU alone."""
    h = rs.meta.host or {}
    cpu = (h.get("cpu") or {}).get("model_name") or "?"
    return f"{h['hostname']} ({cpu})" if h.get("hostname") else f"cpu {cpu}"


def _names(sets):
    base = [os.path.basename(os.path.normpath(rs.folder)) for rs in sets]
    if len(set(base)) == len(base):
        return base
    return [f"{i}:{b}" for i, b in enumerate(base)]


def build(sets, metric_names=None, pairs=(), paired_only=False):
    """The comparisons of sets[1:] with their hosts' baselines (sets[0] for its own host)."""
    if len(sets) < 2:
        raise diff.DiffError("diff needs a baseline and at least one folder to compare")
    names = _names(sets)
    by_name = dict(zip(names, sets))
    hosts = {n: host_of(rs) for n, rs in by_name.items()}
    baselines = {}
    for n in names:
        baselines.setdefault(hosts[n], n)
    columns, alone = [], []
    for n in names[1:]:
        b = baselines[hosts[n]]
        if b == n:
            if not any(hosts[m] == hosts[n] for m in names if m != n):
                alone.append(n)
            continue
        rep = diff.build_report(by_name[b], by_name[n], metric_names, pairs, paired_only)
        columns.append(Column(n, b, hosts[n], rep))
    if not columns:
        raise diff.DiffError("no two folders ran on the same host: nothing is compared "
                             "(folders of different hosts are never compared; give two of "
                             "one host, or 'diff A B' for exactly two)")
    metrics = []
    for c in columns:
        for sec in c.report.sections:
            if (sec.metric, sec.title) not in metrics:
                metrics.append((sec.metric, sec.title))
    keycols = max((c.report.keycols for c in columns), key=len)
    return Many(names, {n: rs.folder for n, rs in by_name.items()}, hosts, baselines,
                columns, alone, keycols, metrics)


def rows(many, metric):
    """The metric's rows: one per (key, item, baseline), every column's comparison in it."""
    out = {}
    for col in many.columns:
        for sec in col.report.sections:
            if sec.metric != metric:
                continue
            for c in sec.rows:
                k = (c.key, c.item.label, col.base)
                out.setdefault(k, Row(c.key, c.item.label, col.base)).cells[col.name] = c
    return list(out.values())


def _header(many):
    head = list(many.keycols) + ["item"]
    for b in _bases(many):
        head += [f"n {b}", b, "±95%"]
        for col in _columns_of(many, b):
            head += [f"n {col.name}", col.name, "±95%", f"{col.name}/{b}", "95% CI",
                     "change"]
    return head


def _bases(many):
    return list(dict.fromkeys(c.base for c in many.columns))


def _columns_of(many, base):
    return [c for c in many.columns if c.base == base]


def _cells(many, row):
    """A row's cells: the baseline's n, mean, ±, then per column n, mean, ±, ratio, CI,
    change, as the two-folder diff prints them; '-' where a column lacks the row."""
    out = list(row.key) + [""] * (len(many.keycols) - len(row.key)) + [row.label]
    for b in _bases(many):
        cols = _columns_of(many, b)
        mine = row.cells if b == row.base else {}
        have = [mine[c.name] for c in cols if c.name in mine]
        out += render.cells(have[0])[1:4] if have else ["-", "", ""]
        for col in cols:
            c = mine.get(col.name)
            if c is None:
                out += ["-", "", "", "", "", ""]
                continue
            cells = render.cells(c)
            out += cells[4:7] + cells[8:11]
    return out


def _geomean_rows(many, metric):
    out = []
    labels = {}
    for col in many.columns:
        for sec in col.report.sections:
            if sec.metric == metric:
                for g in sec.geomeans:
                    labels.setdefault(g.item.label, {})[col.name] = g
    width = len(_header(many))
    for label, by_col in labels.items():
        row = ["geomean"] + [""] * (len(many.keycols) - 1) + [label]
        for b in _bases(many):
            row += ["", "", ""]
            for col in _columns_of(many, b):
                g = by_col.get(col.name)
                if g is None:
                    row += ["", "", "", "", "", ""]
                elif g.value is None:
                    row += [str(g.pairs), "", "", "n/a", g.reason, ""]
                else:
                    row += [str(g.pairs), "", "", text.ratio(g.value), "",
                            text.pct(100 * (g.value - 1), signed=True)]
        out.append(row[:width])
    return out


def _align(many):
    a = "l" * len(many.keycols) + "l"
    for b in _bases(many):
        a += "rrr" + "rrrrlr" * len(_columns_of(many, b))
    return a


def summary(many):
    """Per host, never pooled: its baseline, and each folder's time geomean against it."""
    out = []
    for host, base in many.baselines.items():
        cols = [c for c in many.columns if c.host == host]
        if not cols:
            continue
        parts = []
        for c in cols:
            g = next((g for s in c.report.sections if s.metric == "time"
                      for g in s.geomeans if g.item.label.split()[0] == "wall"), None)
            if g is None:
                how = "none (a geomean needs 2 rows or more)"
            elif g.value is None:
                how = f"n/a ({g.reason})"
            else:
                how = f"{text.ratio(g.value)} over {g.pairs} rows"
            parts.append(f"{c.name}/{base} wall time geomean {how}")
        out.append(f"{host}: baseline {base}; " + "; ".join(parts))
    out += [f"{n} ({many.hosts[n]}): the only folder of its host, compared with none"
            for n in many.alone]
    return out


def _short(s, width=60):
    return s if len(s) <= width else s[:width - 3] + "..."


def _md_table(header, body, align):
    def cell(s):
        return s.strip().replace("|", "\\|") or " "
    lines = ["| " + " | ".join(cell(h) for h in header) + " |",
             "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"]
    return "\n".join(lines + ["| " + " | ".join(cell(c) for c in row) + " |" for row in body])


def _context(many):
    out = []
    for c in many.columns:
        out += [f"{c.name} vs {c.base}: {k}: {_short(a)} | {_short(b)}"
                for k, a, b in c.report.context]
    return out


def _notes(many):
    seen, out = set(), []
    for c in many.columns:
        for n in c.report.notes + [f"present in one folder only: {x}" for x in c.report.only]:
            line = n if n in diff.RULES else f"{c.name} vs {c.base}: {n}"
            if n in diff.RULES:
                if n in seen:
                    continue
                seen.add(n)
            out.append(line)
    return out


def _text(many):
    out = [f"baseline: {many.names[0]} = {many.folders[many.names[0]]}"]
    out += [f"{n} = {many.folders[n]}  [{many.hosts[n]}]" for n in many.names[1:]]
    for metric, title in many.metrics:
        body = [_cells(many, r) for r in rows(many, metric)] + _geomean_rows(many, metric)
        out += ["", f"== {metric}: {title} =="]
        out.append(text.columns(_header(many), body, _align(many)) if body else "   no data")
    out += ["", "summary by host (never pooled across hosts):"]
    out += [f"  {s}" for s in summary(many)]
    out += ["", "context that differs from the baseline:"]
    out += [f"  {x}" for x in _context(many) or ["none"]]
    out += ["", "notes (in each comparison's own, A is the baseline and B the folder):"]
    out += [f"  {x}" for x in _notes(many)]
    return "\n".join(out).rstrip() + "\n"


def _md(many):
    out = ["# spbench diff: each folder beside its host's baseline", ""]
    out += [f"- `{n}`: `{many.folders[n]}` ({many.hosts[n]})"
            + (" (baseline)" if n in many.baselines.values() else "") for n in many.names]
    for metric, title in many.metrics:
        body = [_cells(many, r) for r in rows(many, metric)] + _geomean_rows(many, metric)
        out += ["", f"## {metric}: {title}", ""]
        out.append(_md_table(_header(many), body, _align(many)) if body else "no data")
    out += ["", "## Summary by host (never pooled)", ""] + [f"- {s}" for s in summary(many)]
    out += ["", "## Context that differs", ""] + [f"- {x}" for x in _context(many) or ["none"]]
    out += ["", "## Notes", "", "In each comparison's own notes A is the baseline and B "
            "the folder.", ""] + [f"- {x}" for x in _notes(many)]
    return "\n".join(out) + "\n"


def _csv(many):
    """The two-folder diff's CSV of each comparison, with the baseline and the folder in
    front: the same numbers, one row per (comparison, table row)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["baseline", "folder", "host"] + render.CSV_HEADER)
    for c in many.columns:
        lines = list(csv.reader(io.StringIO(render.render(c.report, "csv"))))
        for line in lines[1:]:
            w.writerow([c.base, c.name, c.host] + line)
    return buf.getvalue()


def render_many(sets, metric_names=None, pairs=(), fmt="text", paired_only=False):
    if fmt not in render.FORMATS:
        raise diff.DiffError(f"unknown format '{fmt}'; known: {', '.join(render.FORMATS)}")
    many = build(sets, metric_names, pairs, paired_only)
    return {"csv": _csv, "md": _md}.get(fmt, _text)(many)
