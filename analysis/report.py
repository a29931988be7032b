"""report.md of a reproduction folder (`spbench reproduce`), built from its records alone, so
that `spbench report DIR` writes the same file again byte for byte: what ran where, every
table beside the paper's, the plots, one CSV per table, why each row differs from the paper's,
and the paper's claims checked one by one."""

import csv
import io
import json
import os

from . import adversary, compare, diff, paper as paper_mod, plots, results, stats, sustained, table, text

STAGE_FOLDERS = ("table1", "fragmented", "table2", "sustained", "kernel-stock",
                 "kernel-patched")
ADVERSARY_FOLDER = "kernel-adversary"
GAIN = 1.05                 # "gains": the paper counts speedups above 5%
NO_GAIN = ("eon", "mgrid", "mesa", "fma3d")   # the paper's rows at or below 1.00


def _load(folder, name):
    path = os.path.join(folder, name)
    if not os.path.exists(os.path.join(path, "runs.jsonl")):
        return None
    try:
        return results.load(path)
    except results.NotAResultFolder:
        return None


def _settings(folder):
    try:
        with open(os.path.join(folder, "reproduce.json")) as f:
            return json.load(f).get("settings", {})
    except (OSError, ValueError):
        return {}


def _count_lines(path):
    """Lines in path, 0 when it does not exist."""
    try:
        with open(path) as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def _code(block):
    return "```\n" + block.rstrip() + "\n```\n"


def _warmups(n, shared):
    if n == 0:
        return "policy, no warm-up"
    return f"policy after {n} warm-up " + ("per workload (under its first policy)" if shared
                                           else "per policy")


def _where(rs, settings):
    m = rs.meta
    host, k = m.get("host") or {}, m.get("kernel") or {}
    cpu = host.get("cpu") or {}
    pmu = host.get("pmu") or {}
    tlb = ", ".join(f"{t.get('level')} {t.get('type')} {t.get('entries')} x "
                    f"{t.get('page_kb')} kB" for t in host.get("tlb") or [])
    lines = [
        f"- CPU: {cpu.get('model_name', '?')} ({cpu.get('vendor', '?')})",
        f"- TLBs (CPUID): {tlb or 'not reported'}; base-page reach "
        f"{host.get('tlb_reach_4k_kb', '?')} kB",
        f"- kernel: {k.get('release', '?')}, virtualisation: {k.get('virt', '?')}",
        "- PMU: " + ("available" if pmu.get("available") else
                     f"none: {pmu.get('reason', 'unknown')}; dTLB miss columns say n/a"),
        f"- THP settings at start: {json.dumps(m.get('settings') or {}, sort_keys=True)}",
        f"- size {settings.get('size', '?')}, {settings.get('runs', '?')} measured runs per "
        + _warmups(settings.get("warmup", "?"), (m.get("plan") or {}).get("shared_warmup"))
        + (" (--quick)" if settings.get("quick") else ""),
        f"- spbench revision: {m.get('revision') or 'unknown'}",
    ]
    return "\n".join(lines) + "\n"


def _table1_csv(rs, ref):
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["workload", "group", "policy", "runs", "speedup", "ci_lo", "ci_hi",
                "significant", "paper_speedup", "huge_pct", "above_4k_pct"])
    for name, r in sorted(table.best(rs).items()):
        s = r.speedup
        w.writerow([name, ref.group(name) or "other", r.group.policy, len(r.group.records),
                    _f(s.value), _f(s.lo), _f(s.hi), _sig(r),
                    _f(ref.speedup(name)), _f(r.cov.huge_pct), _f(r.cov.big_pct)])
    return out.getvalue()


def _fragmented_csv(clean, frag):
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["workload", "policy", "runs", "clean_speedup", "speedup", "ci_lo", "ci_hi",
                "significant", "huge_pct", "contiguity_before_min", "contiguity_before_max"])
    cb = table.best(clean) if clean else {}
    for name, r in sorted(table.best(frag, "fragmented").items()):
        c, s = cb.get(name), r.speedup
        lo, hi = _contiguity_span(frag, name)
        w.writerow([name, r.group.policy, len(r.group.records),
                    _f(c.speedup.value if c else None), _f(s.value), _f(s.lo), _f(s.hi),
                    _sig(r), _f(r.cov.huge_pct), _f(lo), _f(hi)])
    return out.getvalue()


def _table2_csv(t2, ref):
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["workload", "state", "policy", "runs", "speedup", "ci_lo", "ci_hi",
                "significant", "paper_speedup"])
    column = {policy: col for policy, col, _ in paper_mod.SINGLE_SIZE}
    for g in t2.ordered():
        if g.policy not in column:
            continue
        r = compare.row(t2, g)
        s = r.speedup
        paper = ref.single_speedup(g.workload, column[g.policy]) if g.state == "clean" else None
        w.writerow([g.workload, g.state, g.policy, len(g.records), _f(s.value), _f(s.lo),
                    _f(s.hi), _sig(r),
                    _f(paper if isinstance(paper, (int, float)) else None)])
    return out.getvalue()


def _sustained_csv(folder):
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["scheme", "run", "speedup", "huge_2m", "wanted_2m", "passed"])
    rs, _, _ = sustained.rows(folder)
    for r in rs:
        w.writerow([r["scheme"], r["run"], _f(r["speedup"]), r["huge_2m"], r["wanted_2m"],
                    int(bool(r["passed"]))])
    return out.getvalue()


def _csvs(folder, t1, frag, t2, ref):
    """[(file name, what it holds, a function making its text)]: one CSV per table the
    folder has; the report lists them, write() makes them."""
    out = []
    if t1:
        out.append(("table1.csv", "table 1, ours beside the paper's",
                    lambda: _table1_csv(t1, ref)))
    if frag:
        out.append(("fragmented.csv", "the fragmented stage, with the clean speedup and "
                    "the contiguity runs started from", lambda: _fragmented_csv(t1, frag)))
    if t2:
        out.append(("table2.csv", "table 2, each single size and all sizes beside the "
                    "paper's", lambda: _table2_csv(t2, ref)))
    sus = os.path.join(folder, "sustained")
    if os.path.exists(os.path.join(sus, "runs.jsonl")):
        out.append(("sustained.csv", "figure 4: each THP run's speedup and 2 MB pages",
                    lambda: _sustained_csv(sus)))
    return out


def _f(x):
    return "" if x is None else f"{x:.4f}"


def _sig(r):
    return "" if r.sig is None else int(r.sig)


PRESSURE_FILE = "pressure.jsonl"


def misses_per_1k(rec):
    """Base-page data-TLB misses per 1000 data accesses of a pressure record, or None."""
    if not isinstance(rec, dict) or "error" in rec or not rec.get("data_accesses"):
        return None
    return 1000.0 * rec["data_misses"] / rec["data_accesses"]


def _pressure(folder):
    """{workload: (Alpha misses per 1000 accesses at paper size, this host's at ref)} from
    the folder's pressure.jsonl (`spbench pressure --out DIR`), the last record of each."""
    sides = {}
    try:
        with open(os.path.join(folder, PRESSURE_FILE)) as f:
            lines = f.read().splitlines()
    except OSError:
        return {}
    for line in lines:
        try:
            r = json.loads(line)
            if misses_per_1k(r) is not None:
                sides[(r["workload"], r["size"])] = misses_per_1k(r)
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return {w: (sides[(w, "paper")], sides[(w, "ref")])
            for (w, size) in sides if size == "paper" and (w, "ref") in sides}


def _pressure_reason(alpha, host):
    if alpha <= 0:
        return None
    x = host / alpha
    if x < 0.5:
        return (f"less TLB pressure: at ref this host's TLBs miss {host:.2f} times per 1000 "
                f"accesses, the Alpha's {alpha:.2f} at the paper's size (x{x:.2f})")
    if x > 2:
        return (f"more TLB pressure: at ref this host's TLBs miss {host:.2f} times per 1000 "
                f"accesses, the Alpha's {alpha:.2f} at the paper's size (x{x:.2f})")
    return (f"the paper's TLB pressure (x{x:.2f}: {host:.2f} against {alpha:.2f} misses per "
            "1000 accesses): what differs is what a miss costs")


def _pressure_section(folder):
    press = _pressure(folder)
    head = "## TLB pressure: ref against the paper\n\n"
    if not press:
        return (head + "Not measured: `harness/spbench pressure --out DIR` adds it "
                "(docs/tlbsim.md).\n")
    rows = [f"| {w} | {a:.2f} | {h:.2f} | {h / a:.2f} |" if a else f"| {w} | {a:.2f} | "
            f"{h:.2f} | n/a |" for w, (a, h) in sorted(press.items())]
    return (head + "Base-page data-TLB misses per 1000 data accesses, simulated (sptlb, "
            "base policy): the paper's Alpha 21264 at the paper's size, this host's TLBs "
            "(CPUID) at ref.\n\n| workload | alpha21264 paper | host ref | host/alpha |\n"
            "| --- | ---: | ---: | ---: |\n" + "\n".join(rows) + "\n")


def _why(name, r, ref, rs, press=None):
    """Why our row differs from the paper's, from what the records and manifests say."""
    p = ref.speedup(name)
    ours = r.speedup.value
    if p is None:
        return "not in the paper"
    if ours is None:
        return f"no speedup ({r.speedup.reason})"
    if abs(ours - p) <= 0.05 * p:
        return "within 5% of the paper"
    reasons = []
    host = rs.meta.get("host") or {}
    reach = host.get("tlb_reach_4k_kb")
    measured = (press or {}).get(name)
    said = _pressure_reason(*measured) if measured else None
    if said:
        reasons.append(said)
    elif reach:
        reasons.append(f"this host's base pages reach {reach / 1024:.1f} MB of TLB against the "
                       "Alpha's 1 MB, and a miss is a hardware walk, not a PALcode trap")
    if not (host.get("pmu") or {}).get("available"):
        reasons.append("no PMU: the miss reduction cannot be compared")
    if (host.get("cpu") or {}).get("hypervisor"):
        reasons.append("a virtual machine (CPUID's hypervisor bit): with nested paging a "
                       "TLB miss walks two page tables")
    if r.cov.huge_pct is not None and r.cov.huge_pct < 50:
        reasons.append(f"only {r.cov.huge_pct:.0f}% of its memory got 2 MB pages")
    if ref.group(name) in ("CINT2000", "CFP2000"):
        reasons.append("SPEC's program is replaced by an open stand-in (docs/workloads.md)")
    return "; ".join(reasons) or "unexplained"


def _table1_section(rs, ref, folder, plot_paths):
    out = ["## Table 1: best case, clean memory\n",
           _code(table.render_paper_table(rs, ref))]
    for title, path in plot_paths:
        out.append(f"![{title}]({os.path.relpath(path, folder)})\n")
    rows = []
    press = _pressure(folder)
    for name, r in sorted(table.best(rs).items()):
        rows.append(f"| {name} | {text.ratio(r.speedup.value)} | "
                    f"{text.ratio(ref.speedup(name))} | {_why(name, r, ref, rs, press)} |")
    out += ["### Why ours differs, row by row\n",
            "| workload | ours | paper | why |", "| --- | ---: | ---: | --- |", *rows, ""]
    return "\n".join(out) + "\n"


def _contiguity(group):
    vals = [((rec.get("spstat") or {}).get("contiguity_before") or {}).get("contiguity")
            for rec in group.records]
    vals = [v for v in vals if isinstance(v, (int, float))]
    return (min(vals), max(vals)) if vals else None


def _contiguity_span(frag, name):
    """(lowest, highest) contiguity name's fragmented runs started from; (None, None)."""
    cont = [c for c in (_contiguity(g) for g in frag.groups.values() if g.workload == name) if c]
    if not cont:
        return None, None
    return min(c[0] for c in cont), max(c[1] for c in cont)


def _fragmented_section(clean, frag):
    out = ["## Fragmented memory\n",
           "The paper: with memory fragmented, superpages bring little unless the system "
           "restores contiguity. Each workload ran with one fragmented state held across "
           "its runs (spfrag's page-cache fill, proactive compaction off); `contiguity "
           "before` is spstat's measure of free memory in aligned 2 MB blocks at the start "
           "of each run, the range over the workload's runs.\n",
           "| workload | clean speedup | fragmented speedup | huge (fragmented) | "
           "contiguity before |", "| --- | ---: | ---: | ---: | --- |"]
    cb, fb = (table.best(clean) if clean else {}), table.best(frag, "fragmented")
    for name, r in sorted(fb.items()):
        c = cb.get(name)
        lo, hi = _contiguity_span(frag, name)
        span = f"{lo:.3f} to {hi:.3f}" if lo is not None else "not measured"
        out.append(f"| {name} | {text.ratio(c.speedup.value) if c else 'n/a'} | "
                   f"{text.ratio(r.speedup.value)} | {text.pct(r.cov.huge_pct)} | {span} |")
    return "\n".join(out) + "\n\n"


def _claims(t1, frag, t2, sus_folder, ref, folder):
    """[(claim, paper, ours, verdict)]."""
    out = []
    best = table.best(t1) if t1 else {}
    sp = {n: r.speedup.value for n, r in best.items() if r.speedup.value is not None}
    if sp:
        gains = sorted(n for n, v in sp.items() if v > GAIN)
        sure = [n for n in gains if best[n].sig]
        in_paper = [n for n in sp if ref.speedup(n) is not None]
        paper_gains = [n for n in in_paper if ref.speedup(n) > GAIN]
        out.append(("workloads that gain more than 5%", "18 of 35",
                    f"{len(gains)} of {len(sp)} ({', '.join(gains) or 'none'}), "
                    f"{len(sure)} of them significant; the paper's "
                    f"rows for these {len(in_paper)}: {len(paper_gains)}",
                    "agrees" if len(gains) == len(paper_gains) else "differs"))
        top = max(sp, key=sp.get)
        out.append(("the largest gain", "matrix, 7.546",
                    f"{top}, {text.ratio(sp[top])}",
                    "agrees (same workload)" if top == "matrix" else "differs"))
        mine = [n for n in NO_GAIN if n in sp]
        if mine:
            above = [n for n in mine if sp[n] > GAIN]
            sure = [n for n in above if best[n].sig]
            if not above:
                verdict = "agrees"
            elif sure:
                verdict = "differs"
            else:
                verdict = "inconclusive: no gain above 5% is significant"
            out.append(("no gain for eon, mgrid, mesa, fma3d", "at or below 1.00",
                        ", ".join(f"{n} {text.ratio(sp[n])}"
                                  f"{'*' if best[n].sig else ''}" for n in mine),
                        verdict))
        else:
            out.append(("no gain for eon, mgrid, mesa, fma3d", "at or below 1.00",
                        "none of them ran", "not measured"))
    else:
        out.append(("table 1", "-", "no speedups: stage table1 has no complete pairs",
                    "not measured"))
    out.append(_single_size_claim(t2, ref))
    out.append(_fragmented_claim(t1, frag))
    out.append(_sustained_claim(sus_folder))
    out += _adversary_claims(os.path.join(folder, ADVERSARY_FOLDER))
    return out


def _adversary_claims(folder):
    """The three adversaries: our resv/base time ratio, agreeing when its interval reaches
    the paper's overhead or lies below it."""
    rows = adversary.summarize(folder)
    where = adversary.info(folder).get("accel") or {}
    emulated = " (emulator times)" if "tcg" in where.values() else ""
    out = []
    for mode, claim in (("incremental", "the adversary's worst case (incremental promotion)"),
                        ("nopromote", "no regression with promotion skipped"),
                        ("preempt", "the preemption adversary")):
        paper, said = adversary.PAPER[mode]
        r = rows[mode]["resv_over_base"]
        if r.value is None:
            out.append((claim, said, "not run (`spbench reproduce --stages kernel`)",
                        "not measured"))
            continue
        ours = (f"{text.ratio(r.value)} {text.interval(r.lo, r.hi, r.reason)}"
                f"{emulated}")
        if r.lo is None:
            verdict = "no interval"
        elif r.lo <= 0:
            verdict = "inconclusive"    # a time ratio is positive: the interval says nothing
        else:
            verdict = "agrees" if r.lo <= paper else "differs"
        out.append((claim, said, ours, verdict))
    return out


def _adversary_section(folder):
    block = adversary.render(os.path.join(folder, ADVERSARY_FOLDER))
    if not block:
        return ""
    return ("## The paper's adversaries\n\nresv_adversary in the stock kernel (base "
            "pages, the paper's baseline; and THP) and in the patched kernel (reservations), "
            "the same VM for both (`spbench kernel adversary`):\n\n" + _code(block) + "\n")


def _single_size_claim(t2, ref):
    claim = ("one superpage size does less than all sizes together",
             "table 2: all sizes at least the best single size")
    if t2 is None:
        return (*claim, "stage table2 did not run", "not measured")
    agree = total = 0
    for w in sorted(t2.values("workload")):
        sp = {}
        for g in t2.groups.values():
            if g.workload == w and g.policy.startswith("mthp-"):
                r = compare.row(t2, g)
                if r.speedup.value is not None:
                    sp[g.policy] = r.speedup.value
        if "mthp-all" in sp and len(sp) > 1:
            total += 1
            single = max(v for k, v in sp.items() if k != "mthp-all")
            agree += sp["mthp-all"] >= single * 0.98
    if not total:
        return (*claim, "no workload has mthp-all and a single size", "not measured")
    return (*claim, f"{agree} of {total} workloads: all sizes within 2% of or above the best "
            "single size", "agrees" if agree == total else "partly")


def _fragmented_claim(t1, frag):
    claim = ("fragmentation removes the benefit", "speedups fall to about 1.0")
    if t1 is None or frag is None:
        return (*claim, "stage fragmented or table1 did not run", "not measured")
    c, f = table.best(t1), table.best(frag, "fragmented")
    both = [n for n in f if n in c and c[n].speedup.value and f[n].speedup.value]
    if not both:
        return (*claim, "no workload has both", "not measured")
    gc = stats.geomean(c[n].speedup.value for n in both)
    gf = stats.geomean(f[n].speedup.value for n in both)
    # coverage is often 0: an arithmetic mean, where a geometric one means nothing
    hc = sum(c[n].cov.huge_pct or 0 for n in both) / len(both)
    hf = sum(f[n].cov.huge_pct or 0 for n in both) / len(both)
    if gc <= GAIN:
        verdict = "inconclusive: clean memory gains 5% or less, there is little to remove"
    else:
        verdict = "agrees" if gf < gc and gf <= GAIN else "differs"
    return (*claim, f"geomean speedup {text.ratio(gc)} clean, {text.ratio(gf)} fragmented; "
            f"mean 2 MB coverage {hc:.1f}% clean, {hf:.1f}% fragmented "
            f"({len(both)} workloads)", verdict)


def _sustained_claim(folder):
    claim = ("recovery of contiguity restores the benefit",
             "daemon: ~1.55 from run 2; cache: 1.00-1.03")
    if not folder or not os.path.exists(os.path.join(folder, "runs.jsonl")):
        return (*claim, "stage sustained did not run", "not measured")
    rs, _, _ = sustained.rows(folder)
    by = {}
    for r in rs:
        if r["speedup"] is not None and r["run"] >= 2:
            by.setdefault(r["scheme"], []).append(r["speedup"])
    if "cache" not in by or "daemon" not in by:
        return (*claim, "a scheme has no run after the first", "not measured")
    gc, gd = stats.geomean(by["cache"]), stats.geomean(by["daemon"])
    return (*claim, f"runs 2 on: daemon {text.ratio(gd)}, cache {text.ratio(gc)}",
            "agrees" if gd > gc else "differs")


def _kernel_diff(a, b, pair):
    try:
        return _code(diff.render_diff(a, b, None, [pair], "text"))
    except diff.DiffError as e:
        return f"no comparison: {e}\n"


def _kernel_section(folder):
    stock, patched = _load(folder, "kernel-stock"), _load(folder, "kernel-patched")
    out = ["## The reservation kernel\n"]
    if patched is None:
        out.append("Not run here: the kernel stage boots the patched kernel under qemu "
                   "(`spbench reproduce --stages kernel`).\n")
        return "\n".join(out) + "\n"
    out.append("The patched kernel under `thp` (reservations off: Linux THP's own paths) "
               "against the same kernel under `resv`, in one boot, so that the two differ "
               "by the reservation knob alone (`spbench diff --pair-policy thp:resv`):\n")
    out.append(_kernel_diff(patched, patched, ("thp", "resv")))
    if stock is not None:
        out.append("Stock Linux 6.12 under `thp` against the patched kernel under `thp`: "
                   "what the patch changes with reservations off "
                   "(`spbench diff --pair-policy thp:thp`):\n")
        out.append(_kernel_diff(stock, patched, ("thp", "thp")))
    return "\n".join(out) + "\n"


def build(folder, plot_paths=None):
    """The report's text; plot_paths {name: [(title, path)]} as plots.write() made them."""
    folder = os.path.abspath(folder)
    plot_paths = plot_paths or {}
    ref = paper_mod.Paper()
    settings = _settings(folder)
    t1, frag, t2 = (_load(folder, n) for n in ("table1", "fragmented", "table2"))
    sus = os.path.join(folder, "sustained")
    first = next((x for x in (t1, frag, t2) if x is not None), None)
    out = ["# spbench: a reproduction of Navarro et al., OSDI 2002\n",
           "Practical, Transparent Operating System Support for Superpages (FreeBSD 4.3 on an "
           "Alpha 21264: 8 KB base pages; 64 KB, 512 KB and 4 MB superpages), reproduced on "
           "Linux with THP and mTHP (4 KB base pages; 2 MB PMD pages, smaller mTHP sizes "
           "mapped by PTEs).\n",
           "## What ran where\n"]
    out.append(_where(first, settings) if first else "No stage has records yet.\n")
    out.append("\n| stage | folder | records |\n| --- | --- | ---: |")
    for name in STAGE_FOLDERS:
        if name == "kernel-stock" and not os.path.isdir(os.path.join(folder, name)):
            continue        # reproduce boots the stock kernel for the adversaries alone
        path = os.path.join(folder, name, "runs.jsonl")
        n = _count_lines(path)
        out.append(f"| {name} | `{name}/` | {n if n else 'not run'} |")
    out.append("")
    if t1:
        out.append(_table1_section(t1, ref, folder, plot_paths.get("table1", [])))
        out.append(_pressure_section(folder))
    if frag:
        out.append(_fragmented_section(t1, frag))
    if t2:
        block = table.single_size(t2, ref, [], table.notes_mod.Notes(), table.simulated(t2))
        out.append("## Tables 2 and 3: one superpage size\n")
        out.append(_code(block or "no single-size runs"))
    if os.path.exists(os.path.join(sus, "runs.jsonl")):
        out.append("## Figures 4 and 5: sustained benefit\n")
        out.append(_code(sustained.render(sus)))
        for title, path in plot_paths.get("sustained", []):
            out.append(f"![{title}]({os.path.relpath(path, folder)})\n")
    out.append(_kernel_section(folder))
    out.append(_adversary_section(folder))
    out.append("## The paper's claims\n")
    out.append("| claim | paper | ours | verdict |\n| --- | --- | --- | --- |")
    for claim in _claims(t1, frag, t2, sus if os.path.isdir(sus) else None, ref, folder):
        out.append("| " + " | ".join(claim) + " |")
    out.append("\n`*`: significant, the 95% intervals of the base and the policy's mean times "
               "do not overlap. A verdict is inconclusive where the numbers cannot tell.\n")
    csvs = _csvs(folder, t1, frag, t2, ref)
    if csvs:
        out.append("## Data\n")
        out += [f"- [{name}]({name}): {what}" for name, what, _ in csvs]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def write(folder):
    """Writes report.md, its plots and CSVs into folder; returns report.md's path."""
    folder = os.path.abspath(folder)
    ref = paper_mod.Paper()
    t1 = _load(folder, "table1")
    plot_paths = plots.write(folder, t1, ref)
    frag, t2 = _load(folder, "fragmented"), _load(folder, "table2")
    for name, _, make in _csvs(folder, t1, frag, t2, ref):
        with open(os.path.join(folder, name), "w") as f:
            f.write(make())
    path = os.path.join(folder, "report.md")
    with open(path + ".tmp", "w") as f:
        f.write(build(folder, plot_paths))
    os.replace(path + ".tmp", path)
    return path
