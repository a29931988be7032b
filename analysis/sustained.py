"""The sustained-benefit experiment's report (the paper's figures 4 and 5): per scheme and run,
FFTW's THP speedup over base pages and the 2 MB pages it got, the contiguity timeline, and the
paper's values beside them.  Plots need Debian's python3-matplotlib, imported only when
plotting."""

import os

from harness.records import ResultFolder
from harness.records.folder import EVENTS, TIMELINE

from . import paper, stats, text


def paper_figures(ref=None):
    """Navarro et al. 2002, section 6.5, as the table and the plots show it, from
    results/reference: the 4 MB regions FFTW got per run of 60 it wanted (figure 4), the
    speedups and the contiguity each scheme recovered (claims.csv)."""
    ref = ref or paper.Paper()
    fig4 = ref.figure4
    out = {"wanted": fig4["daemon"]["wanted"]}
    for scheme in ("cache", "daemon"):
        out[scheme] = {"regions": fig4[scheme]["regions"],
                       "recovered": ref.claim(f"recovered-{scheme}").figure}
    out["cache"]["speedup"] = ref.claim("sustained-cache").value
    out["daemon"]["speedup_from_run2"] = ref.claim("sustained-daemon").figure
    return out


def load(folder):
    """{scheme: {"base": [s...], "thp": [(rep, wall_s, huge_2m, wanted_2m, passed)]}}, the
    timeline [(t, contiguity)] and the events."""
    runs = {}
    rf = ResultFolder(folder)
    for r in rf.runs():
        scheme = r.state.replace("sustained-", "")
        d = runs.setdefault(scheme, {"base": [], "thp": []})
        if r.policy == "base":
            if r.passed:
                d["base"].append(r.wall_s)
            continue
        peak = r.spstat["coverage"]["peak"]
        d["thp"].append((r.rep, r.wall_s, peak["anon_huge_kb"] // 2048,
                         -(-peak["anon_kb"] // 2048), r.passed))
    timeline = [(s["t_s"], s["contiguity"]["contiguity"])
                for s in rf.lines_of(TIMELINE) if "contiguity" in s]
    events = rf.lines_of(EVENTS)
    return runs, timeline, events


def recovered(timeline, events, scheme):
    """Contiguity right after fragmenting and its highest value while the scheme's runs went
    on: up to the end of its last run, not into the release (which frees all of spfrag's
    memory)."""
    t = {e["event"]: e["t_s"] for e in events if e["scheme"] == scheme}
    if "fragmented" not in t:
        return None, None
    end = t.get("run-end", t.get("released", float("inf")))
    frag = next((e["spfrag"]["after"]["contiguity"] for e in events
                 if e["scheme"] == scheme and e["event"] == "fragmented"), None)
    during = [c for ts, c in timeline if t["fragmented"] <= ts <= end]
    return frag, (max(during) if during else None)


def rows(folder):
    runs, timeline, events = load(folder)
    out = []
    for scheme, d in runs.items():
        base = stats.summarize(d["base"])
        for rep, wall, huge, wanted, passed in sorted(d["thp"]):
            sp = base.mean / wall if base and passed else None
            out.append({"scheme": scheme, "run": rep + 1, "speedup": sp, "huge_2m": huge,
                        "wanted_2m": wanted, "passed": passed})
    return out, timeline, events


def _paper_cells(figs, scheme, run):
    p = figs.get(scheme)
    if not p or run > len(p["regions"]):
        return "-", "-"
    regions = f"{p['regions'][run - 1]}/{figs['wanted']}"
    if scheme == "cache":
        lo, hi = p["speedup"]
        return f"{lo:.2f}-{hi:.2f}", regions
    return (f"~{p['speedup_from_run2']:.2f}" if run >= 2 else "n/a"), regions


def _share(r):
    """The 2 MB pages a run got, in % of those it wanted; None when it wanted none."""
    return r["huge_2m"] / r["wanted_2m"] * 100 if r["wanted_2m"] else None


def render(folder, ref=None):
    figs = paper_figures(ref)
    rs, timeline, events = rows(folder)
    header = ["scheme", "run", "speedup", "paper", "2 MB pages", "share",
              "paper 4 MB regions"]
    table = []
    for r in rs:
        ps, pr = _paper_cells(figs, r["scheme"], r["run"])
        table.append([r["scheme"], str(r["run"]),
                      text.ratio(r["speedup"]) if r["passed"] else "check failed", ps,
                      f"{r['huge_2m']}/{r['wanted_2m']}", text.pct(_share(r)), pr])
    out = [f"results: {folder}",
           "sustained benefit (paper figure 4): FFTW under THP after fragmentation; "
           "speedup = mean base-page time / run time", ""]
    out.append(text.columns(header, table, "lrrrrrr") if table else "no runs recorded")
    out += ["", "contiguity (paper figure 5): right after fragmenting, and the highest it "
            "came back to during the runs"]
    crow = []
    for scheme in dict.fromkeys(e["scheme"] for e in events):
        frag, best = recovered(timeline, events, scheme)
        p = figs.get(scheme, {}).get("recovered")
        crow.append([scheme, text.ratio(frag), text.ratio(best), text.ratio(p)])
    out.append(text.columns(["scheme", "fragmented", "recovered to", "paper recovered"],
                            crow, "lrrr"))
    out += ["", "schemes: cache = compaction_proactiveness 0, THP defrag never, khugepaged "
            "defrag 0; daemon = proactiveness 20, defrag always, khugepaged defrag 1",
            "paper: 4 MB superpages of an Alpha; ours: 2 MB THP (shares compare, counts do "
            "not)"]
    return "\n".join(out) + "\n"


def plot(folder):
    """Writes figure4.png and figure5.png into folder; returns the paths (none, with a
    message, when matplotlib is missing)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("analysis: python3-matplotlib is not installed: no plots "
              "(apt-get install python3-matplotlib)")
        return []
    figs = paper_figures()
    rs, timeline, events = rows(folder)
    paths = []
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    for i, scheme in enumerate(("cache", "daemon")):
        mine = [r for r in rs if r["scheme"] == scheme]
        if not mine:
            continue
        x = [r["run"] + (i - 0.5) * 0.35 for r in mine]
        a1.bar(x, [r["speedup"] or 0 for r in mine], 0.35, label=f"{scheme} (ours)")
        a2.bar(x, [_share(r) or 0 for r in mine], 0.35, label=f"{scheme} (ours, 2 MB)")
        p = figs[scheme]
        a2.plot(range(1, len(p["regions"]) + 1),
                [v / figs["wanted"] * 100 for v in p["regions"]], "o--",
                label=f"{scheme} (paper, 4 MB)")
    a1.axhspan(*figs["cache"]["speedup"], color="grey", alpha=0.3, label="paper cache")
    a1.plot([2, 3, 4], [figs["daemon"]["speedup_from_run2"]] * 3, "k^--",
            label="paper daemon")
    a1.set(xlabel="run", ylabel="speedup over base pages", title="FFTW speedup per run")
    a2.set(xlabel="run", ylabel="% of wanted superpages obtained",
           title="superpages obtained per run")
    for a in (a1, a2):
        a.set_xticks([1, 2, 3, 4])
        a.legend(fontsize=7)
    fig.tight_layout()
    paths.append(os.path.join(folder, "figure4.png"))
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(10, 4))
    if timeline:
        ax.plot([t for t, _ in timeline], [c for _, c in timeline], lw=1,
                label="contiguity (ours)")
    for e in events:
        if e["event"] in ("fragmented", "released"):
            ax.axvline(e["t_s"], color="grey", lw=0.5, ls=":")
            ax.text(e["t_s"], 1.01, f"{e['scheme']} {e['event']}", fontsize=6, rotation=90,
                    va="bottom")
        elif e["event"] == "run-start" and e.get("policy") == "thp":
            ax.axvline(e["t_s"], color="green", lw=0.5)
    for scheme, color in (("cache", "tab:orange"), ("daemon", "tab:red")):
        recovered_pct = figs[scheme]["recovered"] * 100
        ax.axhline(figs[scheme]["recovered"], color=color, ls="--", lw=1,
                   label=f"paper: {scheme} recovered {recovered_pct:.1f}%")
    ax.set(xlabel="time (s)", ylabel="contiguity (1 = all free)", ylim=(0, 1.1),
           title="free-memory contiguity over the experiment (green: THP runs)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    paths.append(os.path.join(folder, "figure5.png"))
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    return paths
