"""What the report's sections share: code blocks, CSV cells, the contiguity a fragmented
run started from, a claim's row in the claims table."""
from __future__ import annotations

from typing import Any, Optional


def code(block: str) -> str:
    return "```\n" + block.rstrip() + "\n```\n"


def f4(x: Optional[float]) -> str:
    return "" if x is None else f"{x:.4f}"


def sig(r: Any) -> Any:
    return "" if r.sig is None else int(r.sig)


def contiguity(group: Any) -> Optional[tuple[float, float]]:
    vals = [(rec.spstat.get("contiguity_before") or {}).get("contiguity")
            for rec in group.records]
    vals = [v for v in vals if isinstance(v, (int, float))]
    return (min(vals), max(vals)) if vals else None


def contiguity_span(frag: Any, name: str) -> tuple[Optional[float], Optional[float]]:
    """(lowest, highest) contiguity name's fragmented runs started from; (None, None)."""
    cont = [c for c in (contiguity(g) for g in frag.groups.values() if g.workload == name) if c]
    if not cont:
        return None, None
    return min(c[0] for c in cont), max(c[1] for c in cont)


def claim_row(claim: Any, ours: str, verdict: str) -> tuple[str, ...]:
    """The claims table's row of a claim (analysis.paper.Claim): its words, the paper's
    figure and where the paper states it, ours, the verdict."""
    return (claim.claim, f"{claim.paper} ({claim.where})", ours, verdict)


def judged(claim: Any, v: Any) -> tuple[str, ...]:
    """The row of a claim and its verdict.Verdict."""
    return claim_row(claim, v.ours, v.verdict)
