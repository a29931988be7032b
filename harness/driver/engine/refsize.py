"""ref's footprints: the paper's footprint-to-TLB-reach ratio applied to the
base-page reach chosen for this host (measured by sptlbprobe where it found
the knee, CPUID's otherwise), capped where a row would not fit the memory or
one run of it the time a run may take."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Optional

from harness.driver.errors import UserError
from harness.driver.system import tlbprobe

if TYPE_CHECKING:
    from harness.driver.manifest import Workload

# a row's footprint may take at most this share of MemTotal: the page cache, the
# fragmented state's fill and the driver need the rest
MEMORY_SHARE = 0.25
# one base run at ref may take this long: a run's time is taken to grow in proportion to
# its footprint from the manifest's ref seconds, measured where CPUID gave a 512 kB reach
# (workloads/FORMAT.md); an upper bound for most rows (matrix's time hardly grows).  The
# default reproduction's host stages take about 28 base passes over the rows (its plan
# line at the manifests' sizes: 85 minutes against 183 s a pass); 35 rows at 10 s or less
# each keep them within about two of its three hours, the kernel stage the rest
RUN_BUDGET_S = 10.0
MANIFEST_REACH_KB = 512


def choose(host: dict[str, Any]) -> dict[str, Any]:
    """The reach that sizes ref, both reaches, and why (tlbprobe.choose_reach)."""
    result, how = tlbprobe.measured()
    choice = tlbprobe.choose_reach(host.get("tlb_reach_4k_kb"), result, how)
    if not choice["reach_kb"]:
        raise UserError(f"no TLB reach to size ref from: {choice['why']}; "
                        "CPUID lists no base-page data TLB either")
    return choice


def reach_kb(host: dict[str, Any]) -> int:
    return int(choose(host)["reach_kb"])


def memory_cap_mb(meminfo: str = "/proc/meminfo") -> Optional[int]:
    try:
        with open(meminfo) as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(int(line.split()[1]) * MEMORY_SHARE / 1024)
    except (OSError, ValueError, IndexError):
        pass
    return None


def size(w: Workload, reach: int, cap_mb: Optional[int]) -> dict[str, Any]:
    """{"mb": the footprint run, "uncapped_mb": the formula's, "cap": why capped or None}.
    cap_mb None: no caps at all (a guest runs the sizes its host prepared; a host whose
    MemTotal cannot be read is not capped either)."""
    uncapped = int(w.ref_mb(reach))
    caps = []
    if cap_mb is not None and uncapped > cap_mb:
        caps.append((cap_mb, f"{uncapped} MB would exceed {MEMORY_SHARE:.0%} of this "
                             f"machine's memory ({cap_mb} MB)"))
    seconds = w.sizes["ref"].get("seconds")
    if cap_mb is not None and seconds:
        at_mb = manifest_mb(w)
        budget_mb = max(math.ceil(at_mb), math.floor(at_mb * RUN_BUDGET_S / seconds))
        if uncapped > budget_mb:
            caps.append((budget_mb, f"a run at {uncapped} MB would take about "
                                    f"{seconds * uncapped / at_mb:.0f} s ({seconds} s at "
                                    f"{at_mb:g} MB, in proportion), over {RUN_BUDGET_S:.0f} s"))
    if caps:
        mb, why = min(caps)
        return {"mb": mb, "uncapped_mb": uncapped, "cap": why}
    return {"mb": uncapped, "uncapped_mb": uncapped, "cap": None}


def manifest_mb(w: Workload) -> float:
    """The footprint the manifest's ref seconds were measured at."""
    return float(w.sizes["ref"]["ref_ratio"]) * MANIFEST_REACH_KB / 1024


def ref_mb(w: Workload, reach: int, cap_mb: Optional[int] = None) -> int:
    return int(size(w, reach, cap_mb)["mb"])


def sizes(workloads: Iterable[Workload], choice: dict[str, Any],
          cap_mb: Optional[int]) -> tuple[dict[str, int], dict[str, Any]]:
    """(footprint MB by workload, the meta record's ref_sizing: the reaches, which one
    sized the run and why, the memory cap, and each capped row)."""
    rows = {w.name: size(w, int(choice["reach_kb"]), cap_mb) for w in workloads}
    record = {"reach": choice, "memory_cap_mb": cap_mb,
              "run_budget_s": RUN_BUDGET_S if cap_mb is not None else None,
              "capped": {n: {"uncapped_mb": r["uncapped_mb"], "mb": r["mb"], "why": r["cap"]}
                         for n, r in rows.items() if r["cap"]}}
    return {n: int(r["mb"]) for n, r in rows.items()}, record
