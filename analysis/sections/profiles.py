"""The report's perf profiles: for every stage part that was profiled, each row's top
symbols and where its TLB misses come from, or why they could not be sampled."""
from __future__ import annotations

from typing import Any, Sequence

from .. import profiles
from .common import code


def section(rep: Any, parts: Sequence[str]) -> str:
    """The section, or "" where no part holds profiles."""
    blocks = [(p, profiles.render(rep.part_path(p))) for p in parts]
    blocks = [(p, text) for p, text in blocks if text]
    if not blocks:
        return ""
    out = ["## Profiles\n",
           "Each workload ran once more per state and policy under `perf record`, untimed. "
           "cpu-clock shows where the time goes; dTLB-load-misses and the page-walk event, "
           "where the PMU counts them, show where the misses come from. Where they could "
           "not be sampled, the notes say why.\n"]
    for part, text in blocks:
        out += [f"### {part}\n", code(text)]
    return "\n".join(out) + "\n"
