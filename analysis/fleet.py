"""The cross-host report of a fleet folder (results/fleet/NAME/, one folder per host): a
host table (CPU, TLB geometry from CPUID, kernel, virtualisation), each workload's speedup
per host with its 95% interval, per-host geometric means, hosts that failed named with
their stage and reason, and a plot of speedup against each host's TLB reach. Each host's
folder is read and summarised on its own, never pooled with another's (its `ref` size is
its own)."""
import os
from dataclasses import dataclass, field

from harness.records import (FolderError, ReproductionFolder, ResultFolder, RunRecord,
                             read_json, result_folders_under)

from . import plots, results, stats, table, text

# written by the playbook (fleet/tasks/host-status.yml) into each host's folder
HOST_STATUS = "fleet-host.json"
# written by `spbench fleet run` into the fleet's folder
FLEET_RECORD = "fleet.json"


@dataclass
class HostOutcome:
    name: str
    folder: str
    status: str                 # complete, incomplete, failed, unreachable, unknown
    reason: str = ""
    stage: str = ""
    result_sets: list = field(default_factory=list)     # results.ResultSet, complete only


def planned_keys(meta):
    """Every measured run a folder's plan asks for, as RunRecord keys."""
    p = meta.plan
    return {RunRecord.make_key(w, p.get("size", ""), s, pol, p.get("kernel", "host"), rep)
            for w in p.get("workloads") or [] for s in p.get("states") or []
            for pol in p.get("policies") or [] for rep in range(int(p.get("runs") or 0))}


def check_result_folder(path):
    """'' when the folder's meta says finished and it holds every planned measured run,
    else why not."""
    rf = ResultFolder(path, warn=None)
    try:
        meta = rf.meta()
    except FolderError as e:
        return str(e)
    if not meta.finished:
        return f"{path}: the run did not finish (its meta record has no finish time)"
    want = planned_keys(meta)
    have = {r.key for r in rf.runs() if not r.warmup}
    missing = want - have
    if missing:
        return (f"{path}: {len(want) - len(missing)} of the {len(want)} planned measured runs "
                "recorded")
    return ""


def result_folders_of(host_dir):
    """The result folders a host's folder holds: itself after `run`, one per stage part
    after `reproduce`."""
    if ReproductionFolder(host_dir).exists():
        return [rf.path for rf in result_folders_under(host_dir, warn=None)]
    return [host_dir]


def host_outcome(name, host_dir):
    """What became of one host: its status file, and for a fetched folder the check that it
    is complete."""
    status_path = os.path.join(host_dir, HOST_STATUS)
    try:
        st = read_json(status_path)
    except FolderError as e:
        return HostOutcome(name, host_dir, "unknown", f"no status: {e}")
    if st.get("status") != "fetched":
        return HostOutcome(name, host_dir, st.get("status") or "unknown",
                           st.get("reason") or "", st.get("stage") or "")
    folders = result_folders_of(host_dir)
    if not folders:
        return HostOutcome(name, host_dir, "incomplete", "no result folder fetched", "fetch")
    why = [w for w in (check_result_folder(f) for f in folders) if w]
    if why:
        return HostOutcome(name, host_dir, "incomplete", "; ".join(why), "check")
    return HostOutcome(name, host_dir, "complete",
                       result_sets=[results.load(f) for f in folders])


def outcomes(fleet_dir):
    """One outcome per host: the hosts the fleet record lists (those without a folder
    included), else every folder under fleet_dir."""
    if not os.path.isdir(fleet_dir):
        raise FolderError(f"{fleet_dir}: no such folder")
    try:
        hosts = list(read_json(os.path.join(fleet_dir, FLEET_RECORD)).get("hosts") or [])
    except FolderError:
        hosts = []
    hosts += sorted(d for d in os.listdir(fleet_dir)
                    if os.path.isdir(os.path.join(fleet_dir, d)) and d not in hosts)
    if not hosts:
        raise FolderError(f"{fleet_dir}: no host folders (not a fleet folder)")
    return [host_outcome(h, os.path.join(fleet_dir, h)) for h in hosts]


def tlb_cell(host):
    """The CPUID TLB geometry as 'L1d 64x4K 32x2M; L2 ...', or why there is none."""
    levels = host.get("tlb") or []
    if not levels:
        return "n/a: " + (host.get("tlb_reason") or "no CPUID TLB leaves")
    parts = []
    for e in levels:
        page = e.get("page_kb") or 0
        size = f"{page // 1024}M" if page >= 1024 else f"{page}K"
        parts.append(f"{e.get('level')}{(e.get('type') or '')[:1]} {e.get('entries')}x{size}")
    return " ".join(parts)


def reach_of(o):
    if o.status != "complete":
        return None
    return o.result_sets[0].meta.host.get("tlb_reach_4k_kb") or None


def _host_rows(outs):
    rows = []
    for o in outs:
        if o.status != "complete":
            rows.append([o.name, o.status, "", "", "", "", ""])
            continue
        m = o.result_sets[0].meta
        cpu, k = m.host.get("cpu") or {}, m.kernel
        reach = reach_of(o)
        rows.append([o.name, o.status, cpu.get("model_name") or "?", tlb_cell(m.host),
                     f"{reach} kB" if reach else "n/a", k.get("release") or "?",
                     k.get("virt") or "?"])
    return text.columns(["host", "status", "cpu", "TLB (CPUID)", "reach 4K", "kernel", "virt"],
                        rows, "lllllll")


def speedups(o):
    """{(workload, state, policy): compare.Row} of a complete host: the table-1 pick (thp,
    else the fastest policy) of each of its folders, each folder on its own; a policy in a
    booted kernel is named policy@kernel."""
    out = {}
    for rs in o.result_sets:
        for r in table.pick(rs):
            g = r.group
            policy = g.policy if g.kernel == "host" else f"{g.policy}@{g.kernel}"
            out.setdefault((g.workload, g.state, policy), r)
    return out


def _speedup_cell(r):
    s = r.speedup
    if s.value is None:
        return f"n/a: {s.reason}"
    return f"{text.ratio(s.value)}{text.mark(r.sig)} {text.interval(s.lo, s.hi, s.reason)}"


def _speedup_table(done):
    per_host = {o.name: speedups(o) for o in done}
    keys = []
    for rows in per_host.values():
        keys += [k for k in rows if k not in keys]
    rows = []
    for k in keys:
        rows.append([k[0], k[1], k[2]] + [_speedup_cell(per_host[o.name][k])
                                          if k in per_host[o.name] else "-" for o in done])
    geo = ["geomean", "", ""]
    for o in done:
        g = stats.geomean_interval(r.speedup.value for r in per_host[o.name].values())
        geo.append(f"{text.ratio(g.value)}  {text.interval(g.lo, g.hi, g.reason)}")
    rows.append(geo)
    header = ["workload", "state", "policy"] + [o.name for o in done]
    return text.columns(header, rows, "lll" + "l" * len(done)), per_host


def render(fleet_dir, plot_path=None):
    """The report as text; the plot written to plot_path where given (and matplotlib is
    there). Returns (text, outcomes, plot path or None)."""
    outs = outcomes(fleet_dir)
    done = [o for o in outs if o.status == "complete"]
    out = [f"fleet: {fleet_dir}", "", _host_rows(outs)]
    failed = [f"{o.name}: {o.status}{f' at {o.stage}' if o.stage else ''}: {o.reason}"
              for o in outs if o.status != "complete"]
    if failed:
        out += [""] + failed
    if done:
        tab, per_host = _speedup_table(done)
        out += ["", "speedup over base pages per host (95% CI, Fieller; *: significant); "
                "geomean over the host's workloads with its 95% CI (t on the logs); "
                "each host's folder on its own", tab]
        made = plot(per_host, done, plot_path) if plot_path else None
        if made:
            out += ["", f"plot: {made}"]
    else:
        made = None
        out += ["", "no host completed: no speedups to report"]
    return "\n".join(out).rstrip() + "\n", outs, made


def plot(per_host, done, path):
    """Speedup against TLB reach: one column per host, ordered by its reach (4 KB pages,
    from CPUID), hosts whose CPUID gives none to the left; each workload's speedup with its
    interval, the host's geomean as a bar."""
    plt = plots._pyplot()
    if plt is None:
        return None
    order = sorted(done, key=lambda o: (reach_of(o) is not None, reach_of(o) or 0, o.name))
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(order) + 2), 4))
    names = sorted({k for rows in per_host.values() for k in rows})
    values = []
    for j, key in enumerate(names):
        xs, ys, lo, hi = [], [], [], []
        for i, o in enumerate(order):
            r = per_host[o.name].get(key)
            if r is None or r.speedup.value is None:
                continue
            s = r.speedup
            xs.append(i + (j - (len(names) - 1) / 2) * 0.08)
            ys.append(s.value)
            lo.append(s.value - (s.lo if s.lo is not None else s.value))
            hi.append((s.hi if s.hi is not None else s.value) - s.value)
            values += [s.value, s.lo, s.hi]
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=2, label=key[0])
    for i, o in enumerate(order):
        g = stats.geomean(r.speedup.value for r in per_host[o.name].values())
        if g:
            ax.hlines(g, i - 0.35, i + 0.35, colors="black", lw=1.5)
            values.append(g)
    ax.axhline(1.0, color="grey", lw=0.8, ls="--")
    ax.set_xticks(list(range(len(order))))
    ax.set_xticklabels([f"{o.name}\n{reach_of(o)} kB" if reach_of(o) else
                        f"{o.name}\nreach n/a" for o in order], fontsize=8)
    ax.set(xlabel="host, by TLB reach of 4 KB pages (CPUID)", yscale="log",
           ylabel="speedup over base pages", title="speedup per host (bar: geomean)")
    plots._log_ticks(ax, values)
    ax.legend(fontsize=7)
    plots._save(fig, plt, path)
    return path
