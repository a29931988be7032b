"""What the report's sections share: code blocks, CSV cells, the contiguity a fragmented
run started from."""
from __future__ import annotations

from typing import Any, Optional

GAIN = 1.05                 # "gains": the paper counts speedups above 5%


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
