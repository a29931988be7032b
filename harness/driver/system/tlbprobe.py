"""The host's TLB as measured by sptlbprobe (harness/tlbprobe), remembered per
host and CPU model like the KVM probe, and the choice between the measured
base-page reach and CPUID's for sizing ref."""
import json
import os
import platform
import subprocess
from typing import Any, Dict, List, Optional, Tuple

from harness.records import lines as atomic
from harness.driver import paths

PROBE = os.path.join(paths.BIN, "sptlbprobe")
PAGE_KB = 4
# a probe on a busy machine misses the knee about one time in three (20 probes at a load
# of 8 on 2 vCPUs, none in 20 on a quiet one): it is tried this many times before ref
# falls back to CPUID
TRIES = 5


def _cache_file() -> str:
    return os.path.join(paths.BUILD, "tlbprobe.json")


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _key() -> Dict[str, str]:
    return {"host": os.uname().nodename, "cpu": cpu_model()}


def measured(refresh: bool = False) -> Tuple[Optional[Dict[str, Any]], str]:
    """(the probe's JSON, how it was had) or (None, why not). Runs the probe
    (about two seconds) unless a result that found the knee is remembered for
    this host and CPU."""
    key = _key()
    if not refresh:
        try:
            with open(_cache_file()) as f:
                saved = json.load(f)
            if saved.get("key") == key:
                return saved["result"], "remembered from an earlier probe of this host"
        except (OSError, ValueError, KeyError):
            pass
    if not os.access(PROBE, os.X_OK):
        return None, f"{PROBE} is not built (make)"
    for attempt in range(1, TRIES + 1):
        p = subprocess.run([PROBE], capture_output=True, text=True)
        if p.returncode != 0:
            return None, f"sptlbprobe failed: {p.stderr.strip()}"
        try:
            result = json.loads(p.stdout)
        except ValueError:
            return None, "sptlbprobe printed no JSON"
        if measured_entries(result):
            # a run on a busy machine can miss the knee: only a found one is kept
            os.makedirs(os.path.dirname(_cache_file()), exist_ok=True)
            atomic.write_text(_cache_file(), json.dumps({"key": key, "result": result}) + "\n")
            break
    return result, "probed now" + (f" ({attempt} tries)" if attempt > 1 else "")


def measured_entries(result: Optional[Dict[str, Any]]) -> Optional[int]:
    """The largest level's 4 kB entries where the probe found its knee."""
    if not result:
        return None
    entries = result.get("tlb", {}).get("largest_level_entries")
    return int(entries) if isinstance(entries, (int, float)) and entries > 0 else None


def choose_reach(cpuid_kb: Optional[int],
                 result: Optional[Dict[str, Any]],
                 why_none: str = "") -> Dict[str, Any]:
    """Which base-page TLB reach sizes ref: the measured one when the probe
    found the knee, CPUID's otherwise, with the reason."""
    entries = measured_entries(result)
    measured_kb = entries * PAGE_KB if entries else None
    if measured_kb:
        return {"reach_kb": measured_kb, "source": "probe", "measured_kb": measured_kb,
                "cpuid_kb": cpuid_kb,
                "why": f"measured: {entries} entries of 4 kB where walks begin"}
    reason = (result or {}).get("tlb", {}).get("reason") or why_none or "no probe result"
    return {"reach_kb": cpuid_kb, "source": "cpuid", "measured_kb": None,
            "cpuid_kb": cpuid_kb, "why": f"CPUID: the probe found no knee ({reason})"}


def _cpuid_4k(tlbs: List[Dict[str, Any]]) -> List[Tuple[str, int]]:
    """(level, entries) of CPUID's base-page data TLB levels, as spstat --host
    counts them for the reach."""
    return sorted((t["level"], int(t["entries"])) for t in tlbs
                  if t.get("page_kb") == 4 and t.get("type") not in ("instruction", "store"))


def _ratio_warning(what: str, cpuid: int, measured: int) -> Optional[str]:
    if cpuid * 2 < measured:
        return (f"CPUID's {what} ({cpuid} entries) is {measured / cpuid:.1f}x smaller than "
                f"measured ({measured} entries)")
    if measured * 2 < cpuid:
        return (f"CPUID's {what} ({cpuid} entries) is {cpuid / measured:.1f}x larger than "
                f"measured ({measured} entries)")
    return None


def _measured_lines(result: Dict[str, Any]) -> List[Tuple[str, str]]:
    tlb = result["tlb"]
    entries = measured_entries(result)
    if not entries:
        return [("TLB (measured)", f"not found: {tlb.get('reason')}")]
    lines = [("TLB (measured)", f"walks begin beyond {entries} pages of 4 kB (reach "
              f"{entries * PAGE_KB} kB); first level: "
              + ("not told apart from a cache level (the 2 MB curve shares its knee)"
                 if len(tlb["levels"]) < 2 else
                 ", ".join(str(lv["entries"]) for lv in tlb["levels"][:-1])))]
    for name, label in (("l1_miss_l2_hit", "first-level miss"), ("walk", "walk")):
        c = tlb[name]
        if c["status"] == "found":
            cycles = (f"{c['cycles']} cycles" if isinstance(c["cycles"], (int, float))
                      else "cycles unknown")
            lines.append((f"TLB {label} (measured)", f"{c['ns']:.1f} ns per load ({cycles})"))
    c = result["curves"]
    last = len(c["pages"]) - 1
    lines.append(("4 kB / 2 MB pages", f"{c['4k']['best_ns'][0]:.1f} / "
                  f"{c['2m']['best_ns'][0]:.1f} ns per load at {c['pages'][0]:.0f} pages, "
                  f"{c['4k']['best_ns'][last]:.1f} / {c['2m']['best_ns'][last]:.1f} ns at "
                  f"{c['pages'][last]:.0f}"))
    return lines


def geometry_lines(tlbs: List[Dict[str, Any]], cpuid_reason: Optional[str],
                   result: Optional[Dict[str, Any]],
                   why_none: str) -> Tuple[List[Tuple[str, str]], List[str]]:
    """doctor's lines on CPUID's base-page data TLB beside the measured one,
    and the warnings where they disagree by more than a factor of two."""
    levels = _cpuid_4k(tlbs)
    none = ("none: CPUID lists no TLB at all" if not tlbs else
            "none: CPUID lists no base-page data TLB") + f" ({cpuid_reason or 'no reason given'})"
    lines = [("TLB (CPUID, 4 kB data)", "; ".join(f"{lv} {n} entries" for lv, n in levels)
              if levels else none)]
    warnings: List[str] = []
    if result is None:
        lines.append(("TLB (measured)", f"not measured: {why_none}"))
        return lines, warnings
    lines += _measured_lines(result)
    entries = measured_entries(result)
    if not entries:
        return lines, warnings
    if not levels:
        warnings.append(f"CPUID lists no data TLB at all; measured: walks begin beyond "
                        f"{entries} pages of 4 kB")
        return lines, warnings
    found = result["tlb"]["levels"]
    pairs = [(f"largest level ({levels[-1][0]})", levels[-1][1], entries)]
    if len(found) > 1 and len(levels) > 1:
        pairs.append((f"first level ({levels[0][0]})", levels[0][1], int(found[0]["entries"])))
    for what, cpuid, measured in pairs:
        w = _ratio_warning(what, cpuid, measured)
        if w:
            warnings.append(w)
    return lines, warnings
