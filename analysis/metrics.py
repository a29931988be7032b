"""Per-group metrics taken from the spstat objects of a group's records: wall time, data-TLB
misses (or why they are missing) and superpage coverage."""

import statistics
from dataclasses import dataclass, field

from harness.records import ResultFolder

from . import stats

DTLB_EVENTS = ("dTLB-load-misses", "dTLB-store-misses")

# (substring of a counter's reason, short form), first match wins
_SHORT = (
    ("pmu", "no PMU"),
    ("paranoid", "perf_event_paranoid"),
    ("permission", "no permission"),
    ("eacces", "no permission"),
    ("not supported", "not supported"),
    ("root", "needs root"),
    ("kpageflags", "no kpageflags"),
)


def short_reason(reason):
    """A few words for a table cell; the full text goes to a footnote."""
    text = (reason or "").strip()
    low = text.lower()
    for needle, short in _SHORT:
        if needle in low:
            return short
    if not text:
        return "unknown"
    for stop in (":", "(", ";", ","):
        text = text.split(stop)[0]
    text = text.strip()
    return text if len(text) <= 24 else text[:23].rstrip() + "~"


@dataclass
class Counter:
    """A summary of a counter over a group, or why there is none."""
    summary: stats.Summary | None = None
    reason: str = ""                # the full reason when summary is None
    events: tuple = ()              # the events summed
    missing: dict = field(default_factory=dict)     # event -> reason

    @property
    def supported(self):
        return self.summary is not None

    def cell(self):
        if self.supported:
            return None
        return "n/a: " + short_reason(self.reason)


def dtlb(group):
    """Data-TLB misses per run: dTLB-load-misses + dTLB-store-misses, each only where
    supported (AMD has no store-miss event).  An event must be supported in every record to
    be counted."""
    if not group.records:
        return Counter(reason="no passed runs")
    usable, missing = [], {}
    for ev in DTLB_EVENTS:
        reason = None
        for rec in group.records:
            sp = rec.spstat
            c = (sp.get("counters") or {}).get(ev)
            if c is None:
                reason = reason or f"{ev} not measured"
            elif not c.get("supported") or not isinstance(c.get("value"), (int, float)):
                reason = reason or c.get("reason") or f"{ev} not supported"
        if reason is None:
            usable.append(ev)
        else:
            missing[ev] = reason
    if not usable:
        reasons = list(dict.fromkeys(missing.values()))
        return Counter(reason="; ".join(reasons), missing=missing)
    values = [sum(rec.spstat["counters"][ev]["value"] for ev in usable)
              for rec in group.records]
    return Counter(stats.summarize(values), events=tuple(usable), missing=missing)


def time(group):
    return stats.summarize(group.times()) if group.records else None


@dataclass
class Coverage:
    huge_pct: float | None = None   # mean of anon_huge_kb / anon_kb, %
    big_pct: float | None = None    # mean share of memory mapped above 4 kB, %
    big_reason: str = ""            # why big_pct is None


def coverage(group):
    """Superpage coverage at the peak sample: anon_huge_kb / anon_kb, and the page-size
    histogram's share of memory mapped above 4 kB."""
    cov = Coverage()
    huge, big, hist_reason = [], [], None
    for rec in group.records:
        c = rec.spstat.get("coverage") or {}
        peak = c.get("peak") or {}
        anon = peak.get("anon_kb") or 0
        if anon > 0:
            huge.append(100.0 * (peak.get("anon_huge_kb") or 0) / anon)
        h = c.get("histogram") or {}
        kb = h.get("kb") or {}
        total = sum(v for v in kb.values() if isinstance(v, (int, float)))
        if h.get("available") and total > 0:
            small = kb.get("4kB") or 0
            big.append(100.0 * (total - small) / total)
        elif hist_reason is None:
            hist_reason = h.get("reason") or (
                "empty histogram" if h.get("available") else "no histogram")
    if not group.records:
        cov.big_reason = "no passed runs"
        return cov
    if len(huge) == len(group.records):
        cov.huge_pct = statistics.mean(huge)
    if len(big) == len(group.records):
        cov.big_pct = statistics.mean(big)
    else:
        cov.big_reason = hist_reason or "no histogram"
    return cov


@dataclass
class Footprint:
    anon_mb: float | None = None    # median over runs of the peak sample's anonymous memory
    file_mb: float | None = None    # the same sample's resident memory that is not anonymous


def footprint(group):
    """Peak memory of a group's runs in MB: anonymous, and the rest of the resident set
    (file-backed and shared), at the sample with the largest RSS, median over runs; None
    where a run has no sample (it ended before spstat's first)."""
    anon, other = [], []
    for rec in group.records:
        peak = (rec.spstat.get("coverage") or {}).get("peak") or {}
        if not peak.get("rss_kb"):
            return Footprint()
        anon.append((peak.get("anon_kb") or 0) / 1024)
        other.append(max(0, peak["rss_kb"] - (peak.get("anon_kb") or 0)) / 1024)
    if not anon:
        return Footprint()
    return Footprint(statistics.median(anon), statistics.median(other))


def sim_records(folder):
    """The simulated-TLB records of a result folder (written by run --tlbsim), the last per
    (workload, size); none when it has none."""
    found = {(r.workload, r.size): r for r in ResultFolder(folder).sims()}
    return list(found.values())


def sim_reductions(record):
    """{model: {policy: (data misses, reduction % against base or None)}} of
    one simulated record: the data-TLB misses that went to the page table."""
    out = {}
    for model, m in (record.tlbsim or {}).get("models", {}).items():
        base = m["policies"].get("base", {}).get("data_misses")
        out[model] = {}
        for policy, p in m["policies"].items():
            misses = p["data_misses"]
            red = (100.0 * (1 - misses / base)) if base else None
            out[model][policy] = (misses, red)
    return out
