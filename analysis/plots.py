"""The PNG plots of a reproduction's report: per-workload speedups with their intervals beside
the paper's, ours against the paper's with the diagonal, coverage by page size, and the
sustained experiment's figures 4 and 5. matplotlib (Debian's python3-matplotlib) draws them."""

import os

from harness.records import ResultFolder

from . import monitors, sustained, table

NO_METADATA = {"Software": None}


def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        return None


def _best(rs):
    return sorted((n, r) for n, r in table.best(rs).items() if r.speedup.value is not None)


def _save(fig, plt, path):
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata=NO_METADATA)
    plt.close(fig)


SPEEDUP_TICKS = (0.5, 0.8, 1, 1.25, 1.5, 2, 4, 8)


def _log_ticks(ax, values):
    """Label a log axis at SPEEDUP_TICKS within the values' range, and nowhere else."""
    from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator
    vals = [v for v in values if v is not None and v > 0]
    lo, hi = min(vals + [1.0]) / 1.1, max(vals + [1.0]) * 1.1
    ax.set_ylim(lo, hi)
    ticks = [t for t in SPEEDUP_TICKS if lo <= t <= hi]
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_major_formatter(FixedFormatter([f"{t:g}" for t in ticks]))
    ax.yaxis.set_minor_locator(NullLocator())


def speedup_axes(plt, rows, ref):
    """The figure of speedup.png: ours with the 95% interval, rows with no interval (n < 2)
    hatched and without an error bar, beside the paper's; a log axis labelled at
    SPEEDUP_TICKS."""
    names = [n for n, _ in rows]
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(names) + 2), 4))
    sure = [(i, r.speedup) for i, (_, r) in enumerate(rows)
            if r.speedup.lo is not None and r.speedup.hi is not None]
    bare = [(i, r.speedup) for i, (_, r) in enumerate(rows)
            if r.speedup.lo is None or r.speedup.hi is None]
    if sure:
        ax.bar([i - 0.2 for i, _ in sure], [s.value for _, s in sure], 0.4,
               yerr=[[s.value - s.lo for _, s in sure], [s.hi - s.value for _, s in sure]],
               capsize=2, color="tab:blue", label="ours (95% CI)")
    if bare:
        ax.bar([i - 0.2 for i, _ in bare], [s.value for _, s in bare], 0.4, color="white",
               edgecolor="tab:blue", hatch="//", label="ours, no interval (n < 2)")
    theirs = [ref.speedup(n) for n in names]
    ax.bar([i + 0.2 for i, t in enumerate(theirs) if t], [t for t in theirs if t], 0.4,
           color="tab:orange", label="paper")
    ax.axhline(1.0, color="black", lw=0.8)
    ax.set_xticks(list(range(len(names))))
    ax.set_xticklabels(names, rotation=60, ha="right", fontsize=8)
    ax.set(ylabel="speedup over base pages", yscale="log",
           title="table 1: speedup per workload, ours beside the paper's")
    _log_ticks(ax, [s.lo for _, s in sure] + [s.hi for _, s in sure]
               + [s.value for _, s in sure + bare] + theirs)
    ax.legend(fontsize=8)
    return fig, ax


def speedup_bars(plt, rows, ref, path):
    fig, _ = speedup_axes(plt, rows, ref)
    _save(fig, plt, path)


def scatter(plt, rows, ref, path):
    pts = [(ref.speedup(n), r.speedup.value, n) for n, r in rows if ref.speedup(n)]
    fig, ax = plt.subplots(figsize=(5, 5))
    if pts:
        ax.scatter([p[0] for p in pts], [p[1] for p in pts])
        for p in pts:
            ax.annotate(p[2], (p[0], p[1]), fontsize=7)
        top = max(max(p[0], p[1]) for p in pts) * 1.2
        ax.plot([0.8, top], [0.8, top], "k--", lw=0.8, label="ours = paper")
        ax.set(xscale="log", yscale="log")
        ax.legend(fontsize=8)
    ax.set(xlabel="paper speedup", ylabel="our speedup", title="ours against the paper")
    _save(fig, plt, path)


def coverage(plt, rows, path):
    """Share of memory by page size at the peak, from the histogram where there is one,
    else 2 MB (AnonHugePages) against the rest."""
    names, parts, sizes = [], [], []
    for n, r in rows:
        kb = {}
        for rec in r.group.records:
            h = (rec.spstat.get("coverage") or {}).get("histogram") or {}
            if h.get("available"):
                for k, v in (h.get("kb") or {}).items():
                    kb[k] = kb.get(k, 0) + (v or 0)
        if not kb and r.cov.huge_pct is not None:
            kb = {"2048kB": r.cov.huge_pct, "4kB": 100 - r.cov.huge_pct}
        total = sum(kb.values())
        if not total:
            continue
        names.append(n)
        parts.append({k: 100.0 * v / total for k, v in kb.items()})
        sizes += [k for k in kb if k not in sizes]
    sizes.sort(key=lambda k: int(k[:-2]))
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(names) + 2), 4))
    bottom = [0.0] * len(names)
    for s in sizes:
        vals = [p.get(s, 0.0) for p in parts]
        if any(vals):
            ax.bar(range(len(names)), vals, 0.6, bottom=bottom, label=s)
            bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=60, ha="right", fontsize=8)
    ax.set(ylabel="% of mapped memory", ylim=(0, 100),
           title="coverage by page size at the peak (the table 1 policy)")
    if names:
        ax.legend(fontsize=7)
    _save(fig, plt, path)


def write(folder, t1, ref):
    """{section: [(title, path)]} of the plots written; none without matplotlib."""
    plt = _pyplot()
    out = {}
    if plt is None:
        return out
    if t1 is not None:
        rows = _best(t1)
        made = []
        for title, name, draw in (
                ("speedup per workload", "speedup.png",
                 lambda p: speedup_bars(plt, rows, ref, p)),
                ("ours against the paper", "scatter.png", lambda p: scatter(plt, rows, ref, p)),
                ("coverage by page size", "coverage.png", lambda p: coverage(plt, rows, p))):
            path = os.path.join(folder, name)
            draw(path)
            made.append((title, path))
        out["table1"] = made
    sus = os.path.join(folder, "sustained")
    if ResultFolder(sus).has_runs():
        paths = sustained.plot(sus)
        out["sustained"] = [(os.path.splitext(os.path.basename(p))[0], p) for p in paths]
    made = monitor_plots(plt, folder)
    if made:
        out["monitors"] = made
    return out


def monitor_plots(plt, folder):
    """[(title, path)]: coverage over one run per policy (table 1's clean runs, else the
    fragmented ones), free memory by order over the fragmented stage; where recorded."""
    made = []
    for part in ("table1", "fragmented"):
        workload, series = monitors.coverage_over_time(os.path.join(folder, part))
        if series:
            path = os.path.join(folder, "coverage-over-time.png")
            monitors.plot_coverage(plt, f"{workload} ({part})", series, path)
            made.append((f"coverage over time, {workload} ({part})", path))
            break
    times, orders, _ = monitors.free_by_order(os.path.join(folder, "fragmented"))
    if times:
        path = os.path.join(folder, "free-by-order.png")
        monitors.plot_free_by_order(plt, "free memory by order, fragmented stage", times,
                                    orders, path)
        made.append(("free memory by order over the fragmented stage", path))
    return made
