"""What the monitors recorded over a folder's runs (the folder's monitor records, written
by spstat's coverage series and /proc monitors): huge-page coverage over a run's lifetime
per policy, and free memory by buddy order over a whole stage, with the sampling's own
cost. matplotlib draws the plots, imported only when plotting."""
from __future__ import annotations

import datetime
from typing import Any, Optional

from harness.records import MonitorRecord, ResultFolder

PAGE_KB = 4


def _latest(recs: list[MonitorRecord]) -> dict[Any, MonitorRecord]:
    """One record per run (a resumed run may have left an earlier one): the last."""
    return {r.key: r for r in recs if not r.warmup}


def coverage_over_time(folder: str, workload: Optional[str] = None) \
        -> tuple[Optional[str], dict[str, list[tuple[float, float, float]]]]:
    """(workload, {policy: [(t_s, rss_mb, huge_pct)]}) of the first measured run of each
    policy of one workload (the given one, else the first with a series under two or
    more policies, else under one). huge_pct: AnonHugePages / Anonymous."""
    recs = [r for r in _latest(ResultFolder(folder, warn=None).monitors()).values()
            if r.coverage_series and r.coverage_series.get("samples")]
    by: dict[str, dict[str, MonitorRecord]] = {}
    for r in sorted(recs, key=lambda r: r.rep):
        by.setdefault(r.workload, {}).setdefault(r.policy, r)
    if workload is None:
        ranked = sorted(by, key=lambda w: (-min(len(by[w]), 2), w))
        workload = ranked[0] if ranked else None
    if workload not in by:
        return workload, {}
    out = {}
    for policy, r in by[workload].items():
        assert r.coverage_series is not None
        fields = r.coverage_series.get("fields") or []
        idx = {f: i for i, f in enumerate(fields)}
        pts = []
        for row in r.coverage_series["samples"]:
            anon, huge = row[idx["anon_kb"]], row[idx["anon_huge_kb"]]
            pts.append((row[0], row[idx["rss_kb"]] / 1024,
                        100.0 * huge / anon if anon else 0.0))
        out[policy] = pts
    return workload, out


def _started_s(rec: MonitorRecord) -> Optional[float]:
    try:
        return datetime.datetime.strptime(rec.started or "", "%Y-%m-%dT%H:%M:%SZ") \
            .replace(tzinfo=datetime.timezone.utc).timestamp()
    except ValueError:
        return None


def free_by_order(folder: str) -> tuple[list[float], dict[int, list[float]], list[str]]:
    """Free memory per buddy order (MB, summed over zones) over every run of a folder, on
    one clock: seconds since the first run started (each run's start to the second, its
    samples to the ms); the runs' labels in order. Between runs nothing is sampled."""
    recs = [r for r in _latest(ResultFolder(folder, warn=None).monitors()).values()
            if r.monitors and (r.monitors.get("buddyinfo") or {}).get("available")]
    recs = [r for r in recs if _started_s(r) is not None]
    recs.sort(key=lambda r: (_started_s(r), r.rep))
    times: list[float] = []
    orders: dict[int, list[float]] = {}
    labels = []
    t0 = _started_s(recs[0]) if recs else 0.0
    for r in recs:
        assert r.monitors is not None
        b = r.monitors["buddyinfo"]
        n, zones = b["orders"], len(b["zones"])
        start = (_started_s(r) or 0.0) - (t0 or 0.0)
        labels.append(f"{r.workload} {r.policy} {r.rep + 1}")
        for row in b["samples"]:
            times.append(start + row[0])
            for k in range(n):
                blocks = sum(row[1 + z * n + k] for z in range(zones))
                orders.setdefault(k, []).append(blocks * (PAGE_KB << k) / 1024)
    return times, orders, labels


def cost(folder: str) -> dict[str, Any]:
    """What the monitors cost over a folder's runs: samples taken and spstat's CPU seconds
    per source, and whether pagetypeinfo could be read (and why not)."""
    out: dict[str, Any] = {"runs": 0, "period_ms": set(), "sources": {}, "unavailable": {}}
    for r in _latest(ResultFolder(folder, warn=None).monitors()).values():
        if not r.monitors:
            continue
        out["runs"] += 1
        out["period_ms"].add(r.monitors.get("interval_ms"))
        for name in ("vmstat", "buddyinfo", "pagetypeinfo"):
            s = r.monitors.get(name) or {}
            if not s.get("available"):
                out["unavailable"][name] = s.get("reason")
                continue
            agg = out["sources"].setdefault(name, {"samples": 0, "cost_s": 0.0})
            agg["samples"] += len(s.get("samples") or [])
            agg["cost_s"] += s.get("cost_s") or 0.0
    return out


def plot_coverage(plt: Any, workload: str, series: dict[str, list[tuple[float, float, float]]],
                  path: str) -> None:
    """Resident memory and the 2 MB share of anonymous memory over one run per policy."""
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 5), sharex=True)
    for policy, pts in sorted(series.items()):
        t = [p[0] for p in pts]
        top.plot(t, [p[1] for p in pts], label=policy)
        bottom.plot(t, [p[2] for p in pts], label=policy)
    top.set(ylabel="resident MB", title=f"{workload}: coverage over one run per policy")
    bottom.set(xlabel="seconds since exec", ylabel="% of anon in 2 MB pages", ylim=(0, 100))
    top.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)


def plot_free_by_order(plt: Any, title: str, times: list[float],
                       orders: dict[int, list[float]], path: str) -> None:
    """Free memory stacked by buddy order over a stage's runs (4 kB pages: order 9 is 2 MB,
    10 is 4 MB)."""
    fig, ax = plt.subplots(figsize=(8, 4))
    ks = sorted(orders)
    cmap = plt.get_cmap("viridis", max(len(ks), 2))
    ax.stackplot(times, *[orders[k] for k in ks], colors=[cmap(i) for i in range(len(ks))],
                 labels=[f"order {k} ({PAGE_KB << k} kB)" for k in ks], lw=0)
    ax.set(xlabel="seconds since the stage's first run (samples during runs only)",
           ylabel="free MB", title=title)
    ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
