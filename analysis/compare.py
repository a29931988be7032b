"""One group measured against its base-policy group: time, speedup with CI and significance,
dTLB misses and their reduction, coverage.  Shared by the run table and the paper table."""

from dataclasses import dataclass

from . import metrics, stats

BASE = "base"


@dataclass
class Row:
    group: object               # results.Group
    time: object                # stats.Summary, or None
    speedup: object             # stats.Ratio, or None for the base group itself
    sig: bool | None            # None: unknown
    dtlb: metrics.Counter
    reduction: float | None     # %
    reduction_reason: str
    cov: metrics.Coverage

    @property
    def is_base(self):
        return self.group.policy == BASE


def base_of(rs, g):
    return rs.group(g.workload, g.size, g.state, BASE, g.kernel)


def row(rs, g):
    t = metrics.time(g)
    d = metrics.dtlb(g)
    r = Row(g, t, None, None, d, None, "", metrics.coverage(g))
    if r.is_base:
        return r
    base = base_of(rs, g)
    bt = metrics.time(base) if base is not None else None
    if base is None:
        r.speedup = stats.Ratio(None, reason="no base run")
    elif t is None or bt is None:
        r.speedup = stats.Ratio(None, reason="no passed runs")
    else:
        r.speedup = stats.ratio(bt, t)
        r.sig = stats.significant(bt, t)
    r.reduction, r.reduction_reason = reduction(d, base)
    return r


def reduction(d, base):
    """dTLB miss reduction in % against the base group, or (None, why)."""
    if not d.supported:
        return None, d.cell()
    if base is None:
        return None, "n/a: no base run"
    bd = metrics.dtlb(base)
    if not bd.supported:
        return None, "n/a: base " + bd.cell()[5:]
    if bd.events != d.events:
        return None, "n/a: events differ"
    if bd.summary.mean == 0:
        return None, "n/a: base has 0"
    return 100.0 * (1 - d.summary.mean / bd.summary.mean), ""
