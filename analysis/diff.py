"""Compares two result sets (say a stock and a patched kernel): per metric -- time, coverage,
faults, memory, THP and reservation counters, TLB misses -- the means of paired groups with
their CIs, B/A with Fieller's interval, B-A, the compare-kernels significance mark, a
geometric mean, and the context (the folders' meta records, run settings) that differs."""

import dataclasses
import json
from dataclasses import dataclass, field

from . import diff_metrics as dm, notes as notes_mod, outliers, render, stats

# meta record parts whose differences explain a difference in results
CONTEXT = (("kernel",), ("settings",), ("host", "cpu"), ("host", "tlb"),
           ("host", "tlb_reach_4k_kb"), ("host", "pmu"), ("tools",),
           ("revision",), ("plan", "size"), ("plan", "kernel"))
# flattened keys the context leaves out: the series' file names (its hash stays)
CONTEXT_SKIP = ("kernel.series",)

RULES = (
    "B/A: mean of B / mean of A, 95% CI by Fieller's theorem; change: (B/A - 1) in % (for "
    "time, + is slower); B-A: difference of the means (for a share: percentage points)",
    "*: significant: the 95% CIs of the two means do not overlap (the compare-kernels rule "
    "of mmtests); no mark with n < 2; it follows change, or B-A where B/A is n/a (A is 0)",
    "p: Welch's two-sided t-test, for reference only",
    "geomean: of B/A over the pairs, for time, faults, memory and TLB misses; n/a when a "
    "pair's ratio is 0 or n/a",
)


class DiffError(ValueError):
    """Bad input to a diff; str() is one line."""


@dataclass
class Comparison:
    """One item of one pair of groups."""
    key: tuple                      # the row's key cells
    policies: tuple                 # (policy in A, policy in B)
    item: dm.Item
    a: stats.Summary | None
    b: stats.Summary | None
    a_reason: str = ""
    b_reason: str = ""
    ratio: stats.Ratio | None = None
    diff: float | None = None
    sig: bool | None = None
    p: float | None = None


@dataclass
class Geomean:
    item: dm.Item
    pairs: int
    value: float | None
    reason: str = ""


@dataclass
class Section:
    metric: str
    title: str
    notes: list = field(default_factory=list)
    rows: list = field(default_factory=list)
    geomeans: list = field(default_factory=list)
    empty_reason: str = ""


@dataclass
class Report:
    a_folder: str
    b_folder: str
    a_label: str
    b_label: str
    pairing: list                   # [(policy of A, policy of B)] given by the user
    keycols: list
    sections: list
    context: list                   # [(key, A, B)]
    only: list
    notes: list


def parse_metrics(text):
    """Metric names from a comma list (None or '' for the default)."""
    if not text:
        return None
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        if n not in dm.TITLES:
            raise DiffError(f"unknown metric '{n}'; known: {', '.join(dm.TITLES)}")
    if not names:
        raise DiffError(f"--metric needs a name; known: {', '.join(dm.TITLES)}")
    return list(dict.fromkeys(names))


def parse_pairs(texts):
    """[(A's policy, B's policy)] from 'PA:PB' items, comma-separated or repeated."""
    pairs = []
    for t in texts or ():
        for item in t.split(","):
            parts = item.strip().split(":")
            if len(parts) != 2 or not all(p.strip() for p in parts):
                raise DiffError(f"--pair-policy '{item.strip()}': give POLICY_A:POLICY_B, "
                                "e.g. thp:resv")
            pa, pb = parts[0].strip(), parts[1].strip()
            if any(pa == x for x, _ in pairs):
                raise DiffError(f"--pair-policy pairs A's policy {pa} twice")
            pairs.append((pa, pb))
    return pairs


def _flatten(value, prefix, out):
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(value, list):
        out[prefix] = json.dumps(value, sort_keys=True)
    else:
        out[prefix] = "null" if value is None else str(value)


def _tlb(entries, out):
    """One key per TLB of the CPUID list, e.g. host.tlb.L1 data 4kB: 96 entries, 0 ways."""
    for e in entries:
        if not isinstance(e, dict):
            continue
        name = f"host.tlb.{e.get('level')} {e.get('type')} {e.get('page_kb')}kB"
        ways = e.get("ways")
        assoc = "fully assoc." if ways == 0 else f"{ways}-way"
        out[name] = f"{e.get('entries')} entries, {assoc}"


def context(meta):
    """The context keys of a meta object, flattened to dotted names."""
    out = {}
    for path in CONTEXT:
        v, ok = meta, True
        for p in path:
            if not isinstance(v, dict) or p not in v:
                ok = False
                break
            v = v[p]
        if not ok:
            continue
        if path == ("host", "tlb") and isinstance(v, list):
            _tlb(v, out)
        else:
            _flatten(v, ".".join(path), out)
    for k in CONTEXT_SKIP:
        out.pop(k, None)
    return out


def _differ(ca, cb, prefix=""):
    keys = list(ca) + [k for k in cb if k not in ca]
    return [(prefix + k, ca.get(k, "(absent)"), cb.get(k, "(absent)"))
            for k in keys if ca.get(k) != cb.get(k)]


def context_diff(a, b):
    """[(key, value in A, value in B)] for each context key that differs; a key missing on
    one side shows '(absent)'."""
    return _differ(context(a.meta.to_json()), context(b.meta.to_json()))


def _run_settings(pairs):
    """The THP and reservation knobs during the runs of each pair of policies, where they
    differ (the meta record holds them as found before the runs)."""
    out, seen = [], set()
    for _, ga, gb, _ in pairs:
        if (ga.policy, gb.policy) in seen or not ga.records or not gb.records:
            continue
        seen.add((ga.policy, gb.policy))
        sa, sb = {}, {}
        _flatten(ga.records[0].settings, "", sa)
        _flatten(gb.records[0].settings, "", sb)
        pol = ga.policy if ga.policy == gb.policy else f"{ga.policy}:{gb.policy}"
        out += _differ(sa, sb, f"runs {pol}: ")
    return out


def _label(rs):
    k = rs.meta.kernel
    return (f"kernel {k.get('variant', '?')} {k.get('release', '?')}, "
            f"virt {k.get('virt', '?')}")


def restrict(rs, policies):
    """A copy of a result set holding only the groups of those policies."""
    return dataclasses.replace(rs, groups={k: g for k, g in rs.groups.items()
                                           if g.policy in policies})


def _only_pairs(a, b, pairs):
    if not pairs:
        raise DiffError("paired_only needs --pair-policy pairs")
    return restrict(a, {pa for pa, _ in pairs}), restrict(b, {pb for _, pb in pairs})


def _pair(a, b, pairs):
    """[(row key, group of A, group of B, policies)] and the 'one folder only' lines."""
    pol_a, pol_b = a.values("policy"), b.values("policy")
    for pa, pb in pairs:
        if pa not in pol_a:
            raise DiffError(f"--pair-policy {pa}:{pb}: A has no policy {pa} (it has "
                            f"{', '.join(pol_a) or 'none'})")
        if pb not in pol_b:
            raise DiffError(f"--pair-policy {pa}:{pb}: B has no policy {pb} (it has "
                            f"{', '.join(pol_b) or 'none'})")
    with_kernel = len(a.values("kernel")) > 1 or len(b.values("kernel")) > 1
    width = 5 if with_kernel else 4
    ib = {g.key[:width]: g for g in b.ordered()}
    mapping = dict(pairs)
    out, used = [], set()
    for ga in a.ordered():
        pb = mapping.get(ga.policy, ga.policy)
        kb = (ga.workload, ga.size, ga.state, pb) + ga.key[4:width]
        gb = ib.get(kb)
        if gb is None:
            continue
        used.add(kb)
        pol = ga.policy if ga.policy == pb else f"{ga.policy}:{pb}"
        out.append(((ga.workload, ga.size, ga.state, pol) + ga.key[4:width], ga, gb,
                    (ga.policy, pb)))
    if not out:
        hint = ""
        if not pairs and set(pol_a) != set(pol_b):
            hint = (f" (A has policies {', '.join(pol_a)}, B has {', '.join(pol_b)}: "
                    "--pair-policy A:B pairs two of them)")
        raise DiffError(f"{a.folder} and {b.folder} have no (workload, size, state, "
                        "policy) in common" + hint)
    paired_a = {ga.key for _, ga, _, _ in out}
    only = []
    wa, wb = a.values("workload"), b.values("workload")
    only += [f"workload {w}: A only" for w in wa if w not in wb]
    only += [f"workload {w}: B only" for w in wb if w not in wa]
    only += [f"{'/'.join(g.key[:4])}: A only" for g in a.ordered()
             if g.key not in paired_a and g.workload in wb]
    only += [f"{'/'.join(g.key[:4])}: B only" for k, g in ib.items()
             if k not in used and g.workload in wa]
    keycols = ["workload", "size", "state", "policy"] + (["kernel"] if with_kernel else [])
    return out, only, keycols


def _summary(item, group):
    """(Summary or None, reason, tag) of an item over a group's passed records."""
    if not group.records:
        return None, "no passed runs", None
    if item.per_group:
        return item.per_group(group)
    values = []
    for rec in group.records:
        v, why = item.value(rec)
        if v is None:
            return None, why, None
        values.append(v)
    return stats.summarize(values), "", None


def _compare(item, key, pols, ga, gb):
    sa, ra, ta = _summary(item, ga)
    sb, rb, tb = _summary(item, gb)
    if sa is not None and sb is not None and ta != tb:
        sa = sb = None
        ra = rb = "different events: " + ", ".join(ta) + " | " + ", ".join(tb)
    c = Comparison(key, pols, item, sa, sb, ra, rb)
    if sa is not None and sb is not None:
        c.ratio = stats.ratio(sb, sa)
        c.diff = sb.mean - sa.mean
        c.sig = stats.significant(sa, sb)
        w = stats.welch(sa, sb)
        c.p = w.p if w else None
    return c


def _zero(s):
    return s is not None and s.mean == 0 and not s.sd


def _geomean(item, rows):
    both = [c for c in rows if c.item is item and c.a is not None and c.b is not None]
    if len(both) < 2:
        return None
    ratios = [c.ratio.value for c in both]
    gm = stats.geomean(ratios)
    if gm is None:
        bad = sum(1 for r in ratios if r is None or r <= 0)
        return Geomean(item, len(both), None, f"B/A is 0 or n/a in {bad}")
    return Geomean(item, len(both), gm)


def _virt(rs):
    return rs.meta.kernel.get("virt")


def _section_notes(metric, a, b, recs_a, recs_b):
    notes = []
    if metric == "time":
        va, vb = _virt(a), _virt(b)
        if va == "tcg" and vb == "tcg":
            notes.append("both ran under TCG emulation: these ratios are emulator times, "
                         "no evidence about TLBs")
        elif "tcg" in (va, vb):
            notes.append(("A" if va == "tcg" else "B") + " ran under TCG emulation and the "
                         "other did not: these times do not compare")
    elif metric == "huge":
        notes.append("huge 2M: AnonHugePages / anonymous memory (PMD-mapped only); >4k and "
                     "per size: share of mapped memory in folios above 4 kB (pagemap), "
                     "where a reservation's pages count before promotion")
    elif metric == "rss":
        notes.append("folios: the whole of every folio mapped at the histogram sample, so "
                     "frames reserved but not yet mapped count; unmapped: folios - mapped")
    elif metric in ("thp", "resv"):
        notes.append("system-wide deltas: they count every process during the run")
        if metric == "resv":
            for side, recs in (("A", recs_a), ("B", recs_b)):
                if recs and all(dm.kernel_lacks_resv(r) for r in recs):
                    notes.append(f"{side}'s kernel has no reservations (no thp_resv_* in "
                                 "/proc/vmstat): counted as 0")
    elif metric == "sim":
        notes.append("simulated: tlbsim's modelled TLBs, not this machine's")
    return notes


def _records(groups):
    return [r for g in groups for r in g.records]


def build_report(a, b, metric_names=None, pairs=(), paired_only=False):
    """The Report of B against A; DiffError on bad input. paired_only: only the pairs' own
    policies are compared (A's first of each pair with B's second), so that a folder diffed
    against itself shows the pairing and not each policy against itself."""
    pairs = list(pairs or ())
    if paired_only:
        a, b = _only_pairs(a, b, pairs)
    paired, only, keycols = _pair(a, b, pairs)
    recs_a = _records(ga for _, ga, _, _ in paired)
    recs_b = _records(gb for _, _, gb, _ in paired)
    notes = notes_mod.Notes()
    emulated = _virt(a) == "tcg" and _virt(b) == "tcg"
    if metric_names is None:
        order = dm.EMULATED_ORDER if emulated else tuple(dm.TITLES)
        metric_names, skipped = [], []
        for m in order:
            ha, hb = dm.has_data(m, recs_a), dm.has_data(m, recs_b)
            if (ha and hb) or (m == "resv" and (ha or hb)):
                metric_names.append(m)
            else:
                skipped.append(m + ("" if not (ha or hb) else
                                    " (only " + ("A" if ha else "B") + " has it)"))
        if skipped:
            notes.add("not compared, no data in both: " + ", ".join(skipped)
                      + " (ask with --metric)")
    sections = []
    for m in metric_names:
        items = dm.items(m, recs_a + recs_b)
        sec = Section(m, dm.TITLES[m], _section_notes(m, a, b, recs_a, recs_b))
        reasons, zeros = [], 0
        if m == "resv" and not (dm.has_data(m, recs_a) or dm.has_data(m, recs_b)):
            sec.notes = []
            sec.empty_reason = ("neither kernel has reservations (no thp_resv_* in "
                                "/proc/vmstat)")
            sections.append(sec)
            continue
        for key, ga, gb, pols in paired:
            for it in items:
                c = _compare(it, key, pols, ga, gb)
                if c.a is None and c.b is None:
                    reasons += [f"A: {c.a_reason}", f"B: {c.b_reason}"]
                    continue
                if _zero(c.a) and _zero(c.b):
                    zeros += 1
                    continue
                sec.rows.append(c)
                for side, s, why in (("A", c.a, c.a_reason), ("B", c.b, c.b_reason)):
                    if s is None:
                        notes.add(f"{side}: {m} {it.label}: {why}")
        for it in items:
            if it.geomean:
                g = _geomean(it, sec.rows)
                if g:
                    sec.geomeans.append(g)
        if not items:
            reasons.append(f"no record carries {m} data")
        if zeros:
            sec.notes.append(f"{zeros} row(s) left out: 0 in every run of A and of B")
        sec.empty_reason = "; ".join(dict.fromkeys(reasons)) or "0 in every run of A and B"
        for why in dict.fromkeys(reasons):
            if sec.rows:
                notes.add(f"{m}: some items n/a in both: {why}")
        sections.append(sec)
    for _, ga, gb, _ in paired:
        for side, g in (("A", ga), ("B", gb)):
            if not g.records:
                notes.add(f"{'/'.join(g.key[:4])}: no passed runs in {side}")
    for rule in RULES:
        notes.add(rule)
    notes_mod.context(a, notes, "A")
    notes_mod.context(b, notes, "B")
    outliers.notes(a, notes, "A")
    outliers.notes(b, notes, "B")
    ctx = context_diff(a, b) + _run_settings(paired)
    return Report(a.folder, b.folder, _label(a), _label(b), pairs, keycols, sections, ctx,
                  only, notes.lines)


def render_diff(a, b, metric_names=None, pairs=(), fmt="text", paired_only=False):
    """The diff of two loaded result sets as text, md or csv."""
    if fmt not in render.FORMATS:
        raise DiffError(f"unknown format '{fmt}'; known: {', '.join(render.FORMATS)}")
    return render.render(build_report(a, b, metric_names, pairs, paired_only), fmt)
