"""Footnotes shared by the tables: what a record set leaves out and what its context says
about trusting it."""


class Notes:
    """Ordered, de-duplicated footnote lines."""

    def __init__(self):
        self.lines = []

    def add(self, line):
        if line and line not in self.lines:
            self.lines.append(line)

    def render(self, title="notes"):
        if not self.lines:
            return ""
        return "\n".join([f"{title}:"] + [f"  {x}" for x in self.lines])


def context(rs, notes, label=""):
    """Notes about a result set as a whole."""
    pre = f"{label}: " if label else ""
    kern = rs.meta.kernel
    if kern.get("virt_note"):
        notes.add(pre + "virt: " + str(kern["virt_note"]))
    elif kern.get("virt") == "tcg":
        notes.add(pre + "kernel ran under TCG emulation: times under TCG emulation are not "
                  "TLB evidence")
    if any(c.get("scope") == "user"
           for g in rs.groups.values() for r in g.records
           for c in (r.spstat.get("counters") or {}).values()):
        notes.add(pre + "counters count user space only (counting the kernel was denied: "
                  "perf_event_paranoid); they do not compare with counts that include the "
                  "kernel")
    if not rs.meta.finished:
        notes.add(pre + "the folder's meta record has no finish time: the run was interrupted "
                  "or is still going")
    if rs.warmups or rs.failed:
        where = ", ".join(f"line {num} {'/'.join(k[:4])}" + (f" ({m})" if m else "")
                          for num, k, m in rs.failed_where[:5])
        if len(rs.failed_where) > 5:
            where += f", {len(rs.failed_where) - 5} more"
        notes.add(pre + f"left out: {rs.warmups} warm-up record(s), {rs.failed} whose check "
                  "failed" + (f": {where}" if where else ""))


def counter(row, notes, label=""):
    """Full reasons behind a row's shortened n/a cells."""
    pre = f"{label}: " if label else ""
    d = row.dtlb
    by_reason = {}
    for ev, why in d.missing.items():
        by_reason.setdefault(why, []).append(ev)
    for why, evs in by_reason.items():
        line = f"{', '.join(evs)}: {why}"
        if d.supported:
            line = f"dTLB counts only {', '.join(d.events)}; " + line
        notes.add(pre + line)
    if row.cov.big_pct is None and row.cov.big_reason:
        notes.add(pre + "page-size histogram: " + row.cov.big_reason)
