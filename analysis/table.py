"""Text tables of one result set: the run table (every group against its base policy) and the
paper table (ours beside the paper's tables 1-3)."""

from . import (compare, metrics, notes as notes_mod, outliers, paper as paper_mod, runs_auto,
               stats, text)

RULES = (
    "time: mean wall time (s) and the half-width of its 95% CI (Student's t)",
    "speedup: base mean time / policy mean time; 95% CI by Fieller's theorem (n/a when the "
    "denominator's CI includes 0)",
    "*: significant: the 95% CIs of the two mean times do not overlap (the compare-kernels "
    "rule of mmtests); no mark with n < 2",
    "dTLB: mean per run of dTLB-load-misses + dTLB-store-misses (those supported); red.: "
    "1 - policy/base",
    "huge: anon_huge_kb / anon_kb at peak RSS; >4k: share of mapped memory in pages above "
    "4 kB (pagemap histogram at peak)",
)


def _varying(rs):
    """Key columns beyond workload/state/policy worth showing."""
    return [a for a in ("size", "kernel") if len(rs.values(a)) > 1]


def _key_cells(g, extra):
    return [g.workload, g.state, g.policy] + [getattr(g, a) for a in extra]


def _speedup_cells(r):
    if r.is_base:
        return ["1.000 ", ""]
    s = r.speedup
    if s.value is None:
        return ["n/a ", s.reason]
    return [text.ratio(s.value) + text.mark(r.sig), text.interval(s.lo, s.hi, s.reason)]


def _reduction_cell(r):
    return text.pct(r.reduction) if r.reduction is not None else r.reduction_reason


def _dtlb_cells(r):
    d = r.dtlb
    cell = text.count(d.summary.mean) if d.supported else d.cell()
    return [cell, "base" if r.is_base else _reduction_cell(r)]


def _cov_cells(r):
    return [text.pct(r.cov.huge_pct), text.pct(r.cov.big_pct)]


def render_run_table(rs):
    extra = _varying(rs)
    header = ["workload", "state", "policy"] + extra + [
        "n", "out", "time s", "±95%", "speedup", "95% CI", "dTLB miss", "red.", "huge", ">4k"]
    align = "lll" + "l" * len(extra) + "rrrrrlrrrr"
    auto = runs_auto.recorded(rs) is not None
    if auto:
        header.insert(len(extra) + 4, "stop")
        align = align[:len(extra) + 4] + "l" + align[len(extra) + 4:]
    notes = notes_mod.Notes()
    rows = []
    for g in rs.ordered():
        r = compare.row(rs, g)
        t = r.time
        rows.append(_key_cells(g, extra) + [str(len(g.records))]
                    + ([runs_auto.stop_cell(rs, g)] if auto else []) + [
            outliers.cell(g),
            text.secs(t.mean) if t else "n/a",
            text.secs(t.half, t.mean) if t and t.half is not None else "n/a",
        ] + _speedup_cells(r) + _dtlb_cells(r) + _cov_cells(r))
        notes_mod.counter(r, notes)
        if t is None:
            notes.add(f"{'/'.join(g.key[:4])}: no passed runs")
    out = [f"results: {rs.folder}", _context_line(rs), ""]
    if rows:
        out.append(text.columns(header, rows, align))
    else:
        out.append("no measured records")
    for rule in RULES + (outliers.RULE,):
        notes.add(rule)
    outliers.notes(rs, notes)
    runs_auto.notes(rs, notes)
    notes_mod.context(rs, notes)
    out += ["", notes.render()]
    return "\n".join(out).rstrip() + "\n"


def render_sim_table(folder):
    """The simulated TLBs of run --tlbsim: per workload, model and policy, the data-TLB
    misses that reach the page table and their reduction against base (sim miss red.)."""
    header = ["workload", "size", "model", "policy", "sim dTLB miss", "sim miss red."]
    rows, errors = [], []
    for rec in sorted(metrics.sim_records(folder), key=lambda r: r.workload):
        if rec.tlbsim is None:
            errors.append(f"{rec.workload}: not simulated: {rec.error}")
            continue
        for model, pols in metrics.sim_reductions(rec).items():
            for policy, (misses, red) in pols.items():
                rows.append([rec.workload, rec.size, model, policy, text.count(misses),
                             "base" if policy == "base" else text.pct(red, digits=2)])
    out = ["simulated TLBs (sptlb: a Valgrind replay of each workload's address stream, "
           "deterministic, not timed)", ""]
    out.append(text.columns(header, rows, "llllrr") if rows else "no simulated records")
    out += [""] + errors + ["sim miss red.: 1 - policy/base of simulated data-TLB misses "
                            "that reach the page table (last level)"]
    return "\n".join(out).rstrip() + "\n"


def _context_line(rs):
    m = rs.meta
    k = m.kernel
    cpu = m.host.get("cpu") or {}
    plan = m.plan
    parts = [f"kernel {k.get('release', '?')} ({k.get('virt', '?')})",
             f"cpu {cpu.get('model_name', '?')}",
             f"size {plan.get('size', '?')}"]
    if m.revision:
        parts.append(f"rev {m.revision}")
    tuned = (m.noise or {}).get("tune")
    if tuned:
        parts.append("--tune: set " + (", ".join(tuned.get("set") or {}) or "nothing")
                     + (f"; refused {', '.join(tuned['refused'])}" if tuned.get("refused")
                        else ""))
    return ", ".join(parts)


def pick(rs):
    """Per (workload, size, state, kernel) with a base run: the thp row, else the non-base
    policy with the largest speedup."""
    picked = {}
    for g in rs.ordered():
        single = g.policy.startswith("mthp-") and g.policy != "mthp-all"
        if g.policy == compare.BASE or single:
            continue
        if compare.base_of(rs, g) is None:
            continue
        k = (g.workload, g.size, g.state, g.kernel)
        r = compare.row(rs, g)
        cur = picked.get(k)
        if cur is None or cur.group.policy != "thp" and (
                g.policy == "thp"
                or (r.speedup.value or 0) > (cur.speedup.value or 0)):
            picked[k] = r
    return list(picked.values())


def best(rs, state="clean"):
    """{workload: compare.Row} of the table-1 pick in one memory state."""
    return {r.group.workload: r for r in pick(rs) if r.group.state == state}


def _paper_pct(v):
    return text.pct(v, digits=2)


def _paper_num(v, fmt):
    return "no paper value" if v is None else fmt(v)


GROUP_ORDER = ("CINT2000", "CFP2000", "other")


def _group_rank(name):
    return GROUP_ORDER.index(name) if name in GROUP_ORDER else len(GROUP_ORDER)


SIM_MODEL = "alpha21264"
# our policy -> the policy simulated on the paper's Alpha (2 MB stands for its 4 MB)
SIM_POLICY = {"thp": "all", "resv": "all", "mthp-all": "all", "mthp-64K": "64K",
              "mthp-512K": "512K", "mthp-2M": "4M"}
SIM_NOTE = ("sim: no PMU count, so the dTLB miss reduction of sptlb's replay on the paper's "
            "Alpha 21264 TLB model (8 KB base pages; 'all' by the paper's promotion rule); "
            "run --tlbsim records it")


def simulated(rs):
    """{(workload, size): {Alpha policy: miss reduction %}} of the folder's tlbsim records."""
    out = {}
    for rec in metrics.sim_records(rs.folder):
        red = metrics.sim_reductions(rec).get(SIM_MODEL)
        if red:
            out[(rec.workload, rec.size)] = {p: v[1] for p, v in red.items()}
    return out


def _reduction_or_sim(r, sim, notes):
    """The measured reduction's cell, else the simulated one marked sim; (cell, simulated)."""
    g = r.group
    if r.reduction is None:
        v = (sim.get((g.workload, g.size)) or {}).get(SIM_POLICY.get(g.policy))
        if v is not None:
            notes.add(SIM_NOTE)
            return text.pct(v, digits=2) + " sim", True
    return _reduction_cell(r), False


def _table1_row(r, ref, extra, notes, pair, sim=None):
    """One workload's row; its (ours, paper's) speedups go into pair when both exist."""
    g = r.group
    sp = _speedup_cells(r)
    if g.state == "clean":
        ps = ref.speedup(g.workload)
        p_sp = _paper_num(ps, text.ratio)
        p_mr = _paper_num(ref.miss_reduction(g.workload), _paper_pct)
        if ps is not None and r.speedup.value is not None:
            pair.append((g.workload, r.speedup.value, ps))
    else:
        p_sp = p_mr = "-"
        notes.add("paper values are for plenty of free contiguous memory: shown for "
                  "state clean only")
    notes_mod.counter(r, notes)
    return _key_cells(g, extra) + [
        str(len(g.records)), sp[0], sp[1], p_sp, _reduction_or_sim(r, sim or {}, notes)[0],
        p_mr, text.pct(r.cov.huge_pct)]


def _summary_row(label, pair, paper_value, extra):
    ours = stats.geomean(p[1] for p in pair)
    n = len(pair)
    return [label, f"({n} workload{'' if n == 1 else 's'})", ""] + [""] * len(extra) + [
        "", text.ratio(ours) + " ", "", text.ratio(paper_value), "", "", ""]


def _group_summary(name, pair, ref, extra, notes):
    """The group's geometric mean, ours beside the paper's: its published summary row when
    every workload it lists is here, else the geometric mean of its values for ours."""
    members = ref.members(name)
    present = {p[0].lower() for p in pair}
    published = ref.summary(name)
    if published is not None and members and present >= set(members):
        paper_value = published
    else:
        paper_value = stats.geomean(p[2] for p in pair)
        if published is not None:
            notes.add(f"{name} geomean: the paper's over the same {len(pair)} of its "
                      f"{len(members)} workloads (its summary row, over all, is "
                      f"{text.ratio(published)})")
    return _summary_row(f"{name} geomean", pair, paper_value, extra)


def _table1(rs, ref, extra, notes, sim=None):
    header = ["workload", "state", "policy"] + extra + [
        "n", "speedup", "95% CI", "paper", "dTLB red.", "paper", "huge"]
    align = "lll" + "l" * len(extra) + "rrlrrrr"
    by_group = {}
    for r in pick(rs):
        by_group.setdefault(ref.group(r.group.workload) or "other", []).append(r)
    if not by_group:
        return "table 1: no workload has both a base and another policy"
    rows, everything = [], []
    for name in sorted(by_group, key=_group_rank):
        pair, order = [], ref.members(name)
        rows.append([f"{name}:"] + [""] * (len(header) - 1))
        in_paper_order = sorted(by_group[name], key=lambda r: (
            order.index(r.group.workload.lower()) if r.group.workload.lower() in order
            else len(order)))
        rows += [_table1_row(r, ref, extra, notes, pair, sim) for r in in_paper_order]
        if pair:
            rows.append(_group_summary(name, pair, ref, extra, notes))
        everything += pair
    if everything:
        rows.append(_summary_row("all geomean", everything,
                                 stats.geomean(p[2] for p in everything), extra))
    title = ("table 1 (best case): speedup and dTLB miss reduction, ours (thp, else the "
             "fastest policy) beside the paper's, by the paper's groups with their "
             "geometric means")
    return title + "\n" + text.columns(header, rows, align)


def single_size(rs, ref, extra, notes, sim=None):
    present = {g.policy for g in rs.groups.values()}
    sizes = [s for s in paper_mod.SINGLE_SIZE if s[0] in present]
    if not sizes:
        return ""
    keys = []
    for g in rs.ordered():
        k = (g.workload, g.size, g.state, g.kernel)
        if g.policy.startswith("mthp-") and k not in keys:
            keys.append(k)
    sp_rows, mr_rows, any_dtlb, why = [], [], False, ""
    for w, size, state, kernel in keys:
        key = [w, state] + [dict(size=size, kernel=kernel)[a] for a in extra]
        sp, mr = list(key), list(key)
        for policy, column, _ in sizes:
            g = rs.group(w, size, state, policy, kernel)
            if g is None:
                sp.append("-")
                mr.append("-")
            else:
                r = compare.row(rs, g)
                sp.append(_speedup_cells(r)[0])
                cell, simulated = _reduction_or_sim(r, sim or {}, notes)
                if r.reduction is not None or simulated:
                    any_dtlb = True
                else:
                    why = why or r.reduction_reason
                mr.append(cell)
                notes_mod.counter(r, notes)
            if state == "clean":
                sp.append(_paper_num(ref.single_speedup(w, column), text.ratio))
                mr.append(_paper_num(ref.single_reduction(w, column), _paper_pct))
            else:
                sp.append("-")
                mr.append("-")
        sp_rows.append(sp)
        mr_rows.append(mr)
    header = ["workload", "state"] + extra
    for policy, _, label in sizes:
        header += [policy, f"paper {label}"]
    align = "ll" + "l" * len(extra) + "r" * (2 * len(sizes))
    out = ["table 2 (one superpage size only): speedup, ours beside the paper's; "
           + paper_mod.SIZE_MAP_NOTE,
           text.columns(header, sp_rows, align), ""]
    if any_dtlb:
        out += ["table 3 (one size only): dTLB miss reduction, ours beside the paper's",
                text.columns(header, mr_rows, align)]
    else:
        out.append("table 3 (one size only): dTLB miss reduction: " + (why or "n/a"))
    return "\n".join(out)


def render_paper_table(rs, ref=None):
    """Ours beside the paper's tables 1-3; ref defaults to the CSVs in results/reference
    (paper.PaperDataMissing when they are missing)."""
    ref = ref or paper_mod.Paper()
    extra = _varying(rs)
    notes = notes_mod.Notes()
    sim = simulated(rs)
    out = [f"results: {rs.folder}", _context_line(rs),
           "paper: Navarro et al., OSDI 2002, FreeBSD 4.3 on Alpha 21264 (8 KB base pages; "
           "64 KB, 512 KB, 4 MB superpages)", "",
           _table1(rs, ref, extra, notes, sim)]
    block = single_size(rs, ref, extra, notes, sim)
    if block:
        out += ["", block]
    for rule in RULES[1:4]:
        notes.add(rule)
    outliers.notes(rs, notes)
    runs_auto.notes(rs, notes)
    notes_mod.context(rs, notes)
    out += ["", notes.render()]
    return "\n".join(out).rstrip() + "\n"
