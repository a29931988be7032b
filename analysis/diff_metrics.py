"""What `diff` can compare: each metric's items (wall time, coverage, faults, memory, THP
and reservation counters, TLB misses), and how one record gives an item's value or the
reason it has none."""

from dataclasses import dataclass
from typing import Callable

from . import metrics

MB = 1024.0

THP_EVENTS = ("thp_fault_alloc", "thp_fault_fallback", "thp_collapse_alloc")
RESV_EVENTS = ("thp_resv_alloc", "thp_resv_alloc_failed", "thp_resv_promote",
               "thp_resv_preempt", "thp_resv_pages_preempted", "nr_thp_resv_unused")
RESV_PREFIX = "thp_resv_"

# name -> title; the default order on real hardware
TITLES = {
    "time": "wall, user and system time (s)",
    "huge": "huge-page coverage at the peak sample (% of memory)",
    "faults": "page faults (perf software counters)",
    "rss": "memory (MB): max RSS, and the folios held at the histogram sample",
    "thp": "THP events (/proc/vmstat deltas)",
    "resv": "reservation events (/proc/vmstat deltas)",
    "dtlb": "data-TLB misses (hardware counters)",
    "sim": "simulated TLB misses (tlbsim)",
}
# where times are emulator times, what a kernel changes comes first
EMULATED_ORDER = ("huge", "faults", "rss", "thp", "resv", "dtlb", "sim", "time")
# metrics whose per-pair ratios a geometric mean summarises
RATIO_METRICS = ("time", "faults", "rss", "dtlb", "sim")


@dataclass(frozen=True)
class Item:
    """One row kind of a metric's table: a label, how its numbers print, and the value of
    one record as (value, None) or (None, reason)."""
    metric: str
    label: str
    kind: str                               # secs | count | pct | mb
    value: Callable
    # for a value that must be taken over a whole group: group -> (Summary or None, reason,
    # tag); values whose tags differ do not compare
    per_group: Callable | None = None

    @property
    def geomean(self):
        return self.metric in RATIO_METRICS


def _spstat(rec):
    return rec.spstat


def _path(rec, *names):
    v = _spstat(rec)
    for n in names:
        if not isinstance(v, dict):
            return None
        v = v.get(n)
    return v


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _time(part):
    def value(rec):
        v = _path(rec, "time", part)
        return (v, None) if _number(v) else (None, f"no time.{part}")
    return value


def _counter(event):
    def value(rec):
        c = (_spstat(rec).get("counters") or {}).get(event)
        if c is None:
            return None, f"{event} not measured"
        if not c.get("supported") or not _number(c.get("value")):
            return None, c.get("reason") or f"{event} not supported"
        return c["value"], None
    return value


def _vmstat(event, absent_is_zero=False):
    """A /proc/vmstat delta.  absent_is_zero: a kernel without any thp_resv_* item has no
    reservations, so its count is 0 (see kernel_lacks_resv)."""
    def value(rec):
        d = _spstat(rec).get("vmstat_delta")
        if not isinstance(d, dict):
            return None, "/proc/vmstat not read"
        if _number(d.get(event)):
            return d[event], None
        if absent_is_zero and kernel_lacks_resv(rec):
            return 0, None
        return None, f"{event} not in this kernel's /proc/vmstat"
    return value


def kernel_lacks_resv(rec):
    """True when a record's vmstat delta was read and holds no reservation item."""
    d = _spstat(rec).get("vmstat_delta")
    return isinstance(d, dict) and not any("resv" in k for k in d)


def _huge_2m(rec):
    peak = _path(rec, "coverage", "peak") or {}
    anon = peak.get("anon_kb")
    if not _number(anon) or anon <= 0:
        return None, "no anonymous memory at the peak sample"
    return 100.0 * (peak.get("anon_huge_kb") or 0) / anon, None


def size_kb(key):
    """4096 for the histogram key '4096kB'; None for any other shape."""
    if not key.endswith("kB") or not key[:-2].isdigit():
        return None
    return int(key[:-2])


def _histogram(rec):
    """(kb by size, pages by size, None) of a record's page-size histogram, or (None, None,
    reason)."""
    h = _path(rec, "coverage", "histogram") or {}
    kb, pages = h.get("kb"), h.get("pages")
    if not h.get("available") or not isinstance(kb, dict) or not isinstance(pages, dict):
        return None, None, h.get("reason") or "no page-size histogram"
    kb = {size_kb(k): v for k, v in kb.items() if size_kb(k) and _number(v)}
    pages = {size_kb(k): v for k, v in pages.items() if size_kb(k) and _number(v)}
    if sum(kb.values()) <= 0:
        return None, None, "empty page-size histogram"
    return kb, pages, None


def _share(pred):
    def value(rec):
        kb, _, why = _histogram(rec)
        if kb is None:
            return None, why
        base = min(kb)
        return 100.0 * sum(v for s, v in kb.items() if pred(s, base)) / sum(kb.values()), None
    return value


def _max_rss(rec):
    v = _spstat(rec).get("max_rss_kb")
    return (v / MB, None) if _number(v) else (None, "no max_rss_kb")


def _folios(unmapped):
    """Memory in the folios a process maps (whole folios, so a reservation's frames that
    are reserved but not yet mapped count), or only that unmapped part."""
    def value(rec):
        kb, pages, why = _histogram(rec)
        if kb is None:
            return None, why
        held = sum(n * s for s, n in pages.items())
        return ((held - sum(kb.values())) if unmapped else held) / MB, None
    return value


def _sim_misses(obj, prefix=()):
    """(label, misses) for every numeric 'misses' member of a tlbsim object, the label being
    the path to it."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "misses" and _number(v):
                out.append(("/".join(prefix) or "misses", v))
            else:
                out += _sim_misses(v, prefix + (str(k),))
    return out


def _sim(label):
    def value(rec):
        obj = rec.extra.get("tlbsim")
        if not isinstance(obj, dict):
            return None, "no tlbsim object (run without the TLB simulator)"
        found = dict(_sim_misses(obj))
        return (found[label], None) if label in found else (None, f"no {label} misses")
    return value


def _dtlb_value(rec):
    """A record's dTLB misses: the supported ones of metrics.DTLB_EVENTS, summed."""
    counters = _spstat(rec).get("counters") or {}
    found = [_counter(ev)(rec) for ev in metrics.DTLB_EVENTS if ev in counters]
    values = [v for v, _ in found if v is not None]
    if not values:
        return None, next((why for _, why in found if why), "dTLB misses not measured")
    return sum(values), None


def _dtlb_group(group):
    """metrics.dtlb's rule: an event counts only when every record of the group has it."""
    c = metrics.dtlb(group)
    return c.summary, c.reason, c.events


def items(metric, records):
    """The items of a metric, given every record either side compares (sizes of the
    page-size histogram and the simulator's members depend on them)."""
    if metric == "time":
        return [Item("time", "wall s", "secs", _time("wall_s")),
                Item("time", "user s", "secs", _time("user_s")),
                Item("time", "sys s", "secs", _time("sys_s"))]
    if metric == "huge":
        out = [Item("huge", "huge 2M %", "pct", _huge_2m),
               Item("huge", ">4k %", "pct", _share(lambda s, base: s > base))]
        sizes = set()
        for rec in records:
            kb, _, _ = _histogram(rec)
            if kb:
                sizes |= {s for s, v in kb.items() if v > 0 and s > min(kb)}
        if len(sizes) > 1:
            out += [Item("huge", f"{s}kB %", "pct", _share(lambda x, base, s=s: x == s))
                    for s in sorted(sizes)]
        return out
    if metric == "faults":
        return [Item("faults", "minor", "count", _counter("minor-faults")),
                Item("faults", "major", "count", _counter("major-faults"))]
    if metric == "rss":
        return [Item("rss", "max RSS MB", "mb", _max_rss),
                Item("rss", "folios MB", "mb", _folios(False)),
                Item("rss", "unmapped MB", "mb", _folios(True))]
    if metric == "thp":
        return [Item("thp", e, "count", _vmstat(e)) for e in THP_EVENTS]
    if metric == "resv":
        return [Item("resv", e, "count", _vmstat(e, absent_is_zero=True))
                for e in RESV_EVENTS]
    if metric == "dtlb":
        return [Item("dtlb", "dTLB miss", "count", _dtlb_value, _dtlb_group)]
    if metric == "sim":
        labels = []
        for rec in records:
            for label, _ in _sim_misses(rec.extra.get("tlbsim")):
                if label not in labels:
                    labels.append(label)
        return [Item("sim", "sim " + label, "count", _sim(label)) for label in labels]
    raise KeyError(metric)


def has_data(metric, records):
    """Whether any record gives a value for any item of the metric."""
    if metric == "resv":
        # zeros filled in for a kernel without reservations are not data of their own
        records = [r for r in records if not kernel_lacks_resv(r)]
    return any(it.value(r)[0] is not None for it in items(metric, records) for r in records)
