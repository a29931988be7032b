"""A folder's perf profiles (the records --profile leaves) as text: per workload, state and
policy, the hottest symbols by cpu-clock and, where the PMU counted TLB events, the symbols
the misses come from; where it did not, the reason, once, in the notes."""
from __future__ import annotations

from typing import Any

from harness.records import ProfileRecord, ResultFolder

SHOWN = 5


def _symbols(rows: list[dict[str, Any]], n: int = SHOWN) -> str:
    return ", ".join(f"{r['symbol']} {r['pct']:.1f}%" for r in rows[:n]) or "no samples"


def _clock(rec: ProfileRecord) -> str:
    return next((e for e in rec.top if e.startswith("cpu-clock")), "")


def lines(rec: ProfileRecord) -> list[str]:
    """One profile's lines: its name, the top symbols by time, the TLB events' or why none."""
    head = f"{rec.workload} {rec.state} {rec.policy}"
    if rec.error:
        return [f"{head}: no profile: {rec.error}"]
    check = "" if rec.check.get("passed", True) else \
        f" (its output check failed: {rec.check.get('message')})"
    clock = _clock(rec)
    out = [f"{head}{check}: {rec.samples.get(clock, 0)} {clock} samples; "
           f"perf.data in {rec.perf_data}",
           f"  time: {_symbols(rec.top.get(clock, []))}"]
    for event in rec.top:
        if event != clock:
            out.append(f"  {event}: {_symbols(rec.top[event])}")
    if not rec.tlb_events:
        out.append("  TLB misses: not sampled (see notes)")
    return out


def render(folder: str) -> str:
    """The profiles of a folder, or "" where it has none."""
    recs = ResultFolder(folder, warn=None).profiles()
    latest = {r.key: r for r in recs}
    if not latest:
        return ""
    out = ["profiles (perf record, untimed runs; perf report --sort symbol):"]
    for key in sorted(latest):
        out += ["  " + line for line in lines(latest[key])]
    reasons = sorted({r.tlb_reason for r in latest.values() if r.tlb_reason})
    if reasons:
        out.append("notes:")
        out += [f"  profile events: {why}" for why in reasons]
    return "\n".join(out) + "\n"
