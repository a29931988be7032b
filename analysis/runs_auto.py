"""What a --runs auto folder says about its stopping rule, for the tables and the report:
the rule in words, each row's stop (concluded, or the cap it hit) as a cell, and a closing
note per row with its n, its widest speedup interval and its wall time. The outcome comes
from the meta record (runs_auto, written by the driver's rule); the intervals are computed
here again from the records, with the same functions the rule used."""

from . import compare, stats, text

STOP_CELL = {"concluded": "ok", "max-runs": "cap runs", "max-time": "cap time"}


def recorded(rs):
    """The meta record's {'rule': ..., 'rows': {'workload/state': outcome}}, or None."""
    auto = rs.meta.extra.get("runs_auto")
    return auto if isinstance(auto, dict) and isinstance(auto.get("rows"), dict) else None


def rule_text(rule):
    cap = f"at most {rule.get('max_runs')} runs per policy"
    if rule.get("max_time_s") is not None:
        cap += f" or {rule['max_time_s']:g} s per row"
    return (f"--runs auto: rounds of interleaved runs (every policy once) until each "
            f"speedup's 95% interval (Fieller) has a half-width of at most "
            f"{100 * rule.get('target_halfwidth', 0):g}% of the speedup, after at least "
            f"{rule.get('min_runs')} runs; {cap}; stop: ok (concluded), cap runs, cap time")


def stop_cell(rs, g):
    auto = recorded(rs)
    if auto is None:
        return None
    row = auto["rows"].get(f"{g.workload}/{g.state}")
    return STOP_CELL.get(row.get("stopped"), "?") if row else "-"


def widest(rs, workload, state):
    """(policy, Ratio, relative half-width) of the row's widest speedup interval."""
    rows = [(g.policy, compare.row(rs, g).speedup) for g in rs.ordered()
            if g.workload == workload and g.state == state and g.policy != compare.BASE]
    found = [(p, r, stats.relative_halfwidth(r)) for p, r in rows]
    return max(found, key=lambda f: float("inf") if f[2] is None else f[2], default=None)


def notes(rs, notes_):
    """The rule, then one closing line per row."""
    auto = recorded(rs)
    if auto is None:
        return
    notes_.add(rule_text(auto.get("rule") or {}))
    for key, row in auto["rows"].items():
        workload, _, state = key.partition("/")
        worst = widest(rs, workload, state)
        if worst is None:
            where = "no speedup (base only)"
        else:
            policy, r, w = worst
            where = (f"{policy} speedup {text.ratio(r.value)} "
                     f"{text.interval(r.lo, r.hi, r.reason)}, half-width "
                     + (text.pct(100 * w, digits=2) if w is not None else "n/a"))
        notes_.add(f"{key}: {row.get('stopped')}, n {row.get('n')}, {where}, "
                   f"{row.get('seconds', 0):.1f} s")
