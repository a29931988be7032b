"""The adversary table from an adversary folder's raw lines alone: per mode, the stock
kernel's base-page and THP times and the patched kernel's reservation times, the two as
ratios over stock base pages with Fieller's interval, beside the paper's overheads."""
from harness.records import ADVERSARY_MODES as MODES, ResultFolder

from . import paper, stats, text, verdict

WHAT = {"incremental": "touch one byte per 4 kB page of 64 MB, unmap; again",
        "nopromote": "the same, skipping each 2 MB range's last page: reserved, never promoted",
        "preempt": "one byte per 2 MB over twice the guest's memory: reservations preempted"}
COUNTERS = ("thp_resv_alloc", "thp_resv_promote", "thp_resv_preempt", "thp_fault_alloc")
TCG_NOTE = ("under TCG every guest instruction is translated and its TLB is qemu's software "
            "TLB, so a page fault costs tens of times what it costs on hardware and a TLB miss "
            "costs nothing like a hardware walk: the ratios compare the two kernels' fault "
            "paths as emulated, not as a machine would run them; only KVM gives ratios to set "
            "beside the paper's")


def paper_claims(ref=None):
    """{mode: analysis.paper.Claim} of the paper's overheads (claims.csv's adversary-MODE
    rows: sections 6.6-6.7, as the time ratio over the unmodified kernel)."""
    ref = ref or paper.Paper()
    return {mode: ref.claim(f"adversary-{mode}") for mode in MODES}


def emulated(meta):
    """Why the guests' times cannot be set beside the paper's, or '' where they can: either
    kernel under TCG, or adversary.json not saying how one ran."""
    accel = meta.accel
    if "tcg" in accel.values():
        return verdict.EMULATED
    missing = [k for k in ("stock", "patched") if k not in accel]
    if missing:
        return f"adversary.json does not say how the {' and '.join(missing)} guest ran"
    return ""


def _reps(folder, kernel, setting, mode):
    return [rec for rec in ResultFolder(folder).adversary_lines(kernel, setting, mode)
            if not rec.get("summary")]


def _mean_counter(reps, name):
    vals = [r["vmstat"][name] for r in reps if name in r.get("vmstat", {})]
    return sum(vals) / len(vals) if vals else None


def summarize(folder):
    """{mode: {...}} with each setting's time Summary, the two ratios and the counters."""
    out = {}
    for mode in MODES:
        base = _reps(folder, "stock", "base", mode)
        thp = _reps(folder, "stock", "thp", mode)
        resv = _reps(folder, "patched", "resv", mode)
        times = {name: stats.summarize(r["seconds"] for r in reps)
                 for name, reps in (("base", base), ("thp", thp), ("resv", resv))}
        out[mode] = {
            "times": times,
            "resv_over_base": stats.ratio(times["resv"], times["base"]),
            "thp_over_base": stats.ratio(times["thp"], times["base"]),
            "significant": stats.significant(times["resv"], times["base"]),
            "counters": {c: _mean_counter(resv, c) for c in COUNTERS},
        }
    return out


def info(folder):
    """How the folder's guests ran (an empty record where it does not say)."""
    return ResultFolder(folder).adversary_info()


def _time(s):
    if s is None:
        return "n/a"
    if s.half is None:
        return text.secs(s.mean)
    return f"{text.secs(s.mean)} ±{text.secs(s.half, s.mean)}"


def render(folder, ref=None):
    """The table and its notes as text; '' when the folder holds no adversary line."""
    claims = paper_claims(ref)
    rows_in = summarize(folder)
    if not any(r["times"]["base"] or r["times"]["resv"] for r in rows_in.values()):
        return ""
    rows = []
    for mode, r in rows_in.items():
        t, rb, tb, c = r["times"], r["resv_over_base"], r["thp_over_base"], r["counters"]
        rows.append([mode, _time(t["base"]), _time(t["thp"]), _time(t["resv"]),
                     text.ratio(rb.value) + text.mark(r["significant"]).rstrip(),
                     text.interval(rb.lo, rb.hi, rb.reason), text.ratio(tb.value),
                     f"{claims[mode].figure:.3f}", text.count(c["thp_resv_alloc"]),
                     text.count(c["thp_resv_promote"]), text.count(c["thp_resv_preempt"])])
    table = text.columns(
        ["adversary", "stock base s", "stock thp s", "patched resv s", "resv/base",
         "95% CI", "thp/base", "paper", "resv alloc", "promote", "preempt"],
        rows, "lrrrrlrrrrr")
    meta = info(folder)
    accel = meta.accel
    notes = [f"{m}: {WHAT[m]}; paper: {claims[m].paper}" for m in MODES]
    notes.append(f"times: mean of {meta.reps or '?'} reps with the half-width of the "
                 "95% CI; ratios by Fieller's theorem; *: the CIs do not overlap")
    notes.append("counters: mean per rep of the patched kernel's vmstat deltas")
    notes.append("preempt under stock THP: not run; fault-time THP maps a whole 2 MB page at "
                 "each touch and cannot give memory back, so twice the guest's memory ends in "
                 "the OOM killer")
    notes.append("both kernels booted with the same qemu options (guest memory "
                 f"{meta.guest_mem or '?'}); "
                 + ", ".join(f"{k} under {v.upper()}" for k, v in sorted(accel.items())))
    if "tcg" in accel.values():
        notes.append(TCG_NOTE)
    return table + "\n\nnotes:\n" + "\n".join("  " + n for n in notes) + "\n"
