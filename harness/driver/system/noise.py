"""Sources of run-to-run noise outside the workload: the CPU frequency governor, boost
(turbo), address-space randomisation, SMT, and the CPUs a measured process may use. read()
records them for every run's meta record; tune() sets them, through the settings journal,
for `--tune`; pinning() keeps the measured process off the CPU where spstat samples.

What --tune sets, and why (docs/running.md, "Noise"): the governor to performance and
boost off (a clock that moves with load or heat moves the times); ASLR off, unlike pyperf,
which keeps full randomisation and averages it out over many processes: here a run is
one process of few, and where its heap and stack fall against 2 MB boundaries changes how
much of it superpages can back. A host without the knob (a VM has no cpufreq) is named
with the reason, never silently skipped."""
from __future__ import annotations

import dataclasses
import os
import shutil
from typing import Any, Optional

from harness.driver.errors import UserError
from harness.driver.system.settings import read_setting

CPU_ROOT = "/sys/devices/system/cpu"
ASLR = "/proc/sys/kernel/randomize_va_space"
ASLR_MEANING = {"0": "off", "1": "conservative (stack, mmap, vdso)", "2": "full (also heap)"}


@dataclasses.dataclass(frozen=True)
class Target:
    """One value --tune writes: its name in the record, the file, the value."""
    name: str
    path: str
    value: str


def parse_cpu_list(text: str) -> list[int]:
    """'0-3,8,10-11' (the kernel's cpu list format) as a sorted list."""
    cpus: set[int] = set()
    for part in text.strip().split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return sorted(cpus)


def _read(path: str) -> Optional[str]:
    try:
        return read_setting(path)
    except OSError:
        return None


def online_cpus(root: str = CPU_ROOT) -> list[int]:
    text = _read(os.path.join(root, "online"))
    return parse_cpu_list(text) if text else sorted(os.sched_getaffinity(0))


def _governor_files(root: str) -> dict[int, str]:
    return {c: os.path.join(root, f"cpu{c}", "cpufreq", "scaling_governor")
            for c in online_cpus(root)}


NO_CPUFREQ = ("no cpufreq driver ({root}/cpuN/cpufreq absent): the frequency is the "
              "host's or the firmware's to set (a virtual machine, or cpufreq off)")


def governors(root: str = CPU_ROOT) -> dict[str, Any]:
    """{'cpuN': governor} or {'unavailable': why}."""
    found = {f"cpu{c}": v for c, p in _governor_files(root).items()
             if (v := _read(p)) is not None}
    return found or {"unavailable": NO_CPUFREQ.format(root=root)}


def _boost_knob(root: str) -> Optional[tuple[str, str, str]]:
    """(file, value meaning boost off, how it reads) of the first boost knob present."""
    for rel, off, kind in (("cpufreq/boost", "0", "boost"),
                           ("intel_pstate/no_turbo", "1", "no_turbo")):
        path = os.path.join(root, rel)
        if os.path.exists(path):
            return path, off, kind
    return None


def boost(root: str = CPU_ROOT) -> dict[str, Any]:
    knob = _boost_knob(root)
    if knob is None:
        return {"unavailable": f"neither {root}/cpufreq/boost nor {root}/intel_pstate/"
                "no_turbo exists: boost is not under this kernel's control here"}
    path, off, _ = knob
    value = _read(path)
    return {"file": path, "value": value, "on": None if value is None else value != off}


def aslr(path: str = ASLR) -> dict[str, Any]:
    value = _read(path)
    if value is None:
        return {"unavailable": f"{path} unreadable"}
    return {"value": value, "meaning": ASLR_MEANING.get(value, "unknown")}


def siblings(root: str = CPU_ROOT) -> dict[int, list[int]]:
    """Each online CPU's SMT siblings, itself included."""
    out = {}
    for c in online_cpus(root):
        text = _read(os.path.join(root, f"cpu{c}", "topology", "thread_siblings_list"))
        out[c] = parse_cpu_list(text) if text else [c]
    return out


def smt(root: str = CPU_ROOT) -> dict[str, Any]:
    groups = sorted({tuple(s) for s in siblings(root).values()})
    return {"control": _read(os.path.join(root, "smt", "control")) or "absent",
            "sibling_groups": [list(g) for g in groups if len(g) > 1]}


def pinning(allowed: list[int], sibling_map: dict[int, list[int]]) -> dict[str, Any]:
    """Where spstat (whose one thread samples coverage) and the measured process run: the
    sampler on the first allowed CPU, the process on the others, its SMT siblings left out
    too while that leaves one. {'unavailable': why} with fewer than two CPUs."""
    if len(allowed) < 2:
        return {"unavailable": f"one CPU allowed ({allowed}): nothing to keep apart"}
    sampler = allowed[0]
    rest = [c for c in allowed[1:] if c not in sibling_map.get(sampler, [sampler])]
    return {"sampler": sampler, "measured": rest or allowed[1:]}


def pinning_here(root: str = CPU_ROOT) -> dict[str, Any]:
    """pinning() for this process's CPUs; unavailable without taskset, which applies it."""
    if shutil.which("taskset") is None:
        return {"unavailable": "taskset (util-linux) not found"}
    return pinning(sorted(os.sched_getaffinity(0)), siblings(root))


def targets(root: str = CPU_ROOT, aslr_path: str = ASLR) -> tuple[list[Target], dict[str, str]]:
    """What --tune would write here, and {setting: why not} for what it cannot."""
    out, refused = [], {}
    files = {c: p for c, p in _governor_files(root).items() if os.path.exists(p)}
    if not files:
        refused["governor"] = NO_CPUFREQ.format(root=root)
    for c, p in files.items():
        avail = _read(os.path.join(os.path.dirname(p), "scaling_available_governors")) or ""
        if "performance" in avail.split():
            out.append(Target(f"governor cpu{c}", p, "performance"))
        else:
            refused[f"governor cpu{c}"] = f"'performance' not among its governors ({avail})"
    knob = _boost_knob(root)
    if knob is None:
        refused["boost"] = boost(root)["unavailable"]
    else:
        out.append(Target("boost", knob[0], knob[1]))
    if os.path.exists(aslr_path):
        out.append(Target("aslr", aslr_path, "0"))
    else:
        refused["aslr"] = f"{aslr_path} absent"
    return out, refused


def tune(journal: Any, root: str = CPU_ROOT, aslr_path: str = ASLR) -> dict[str, Any]:
    """Writes every target through the journal (saved first, put back on every way out);
    {'set': {name: {'from': value before, 'to': value}}, 'refused': {name: why}}: a refusal
    is recorded, not fatal."""
    wanted, refused = targets(root, aslr_path)
    done = {}
    for t in wanted:
        try:
            before = _read(t.path)
            journal.set(t.path, t.value)
            done[t.name] = {"from": before, "to": t.value}
        except UserError as e:
            refused[t.name] = str(e)
    return {"set": done, "refused": refused}


def read(root: str = CPU_ROOT, aslr_path: str = ASLR) -> dict[str, Any]:
    """The noise sources as they are now, for the meta record."""
    allowed = sorted(os.sched_getaffinity(0))
    return {"governor": governors(root), "boost": boost(root), "aslr": aslr(aslr_path),
            "smt": smt(root), "cpus": {"online": online_cpus(root), "allowed": allowed}}


def untuned() -> dict[str, Any]:
    """The meta record's noise of a run without --tune: its process may use every CPU
    allowed, spstat's included."""
    now = read()
    return {**now, "tune": None, "measured_cpus": now["cpus"]["allowed"]}


def tuned(outcome: dict[str, Any], pin: dict[str, Any]) -> dict[str, Any]:
    """The meta record's noise once tune() has run: as read after it, what it set and what
    the host refused, and where spstat and the measured process run."""
    now = read()
    return {**now, "tune": outcome, "pinning": pin,
            "measured_cpus": pin.get("measured", now["cpus"]["allowed"])}


def writable_reason(path: str) -> Optional[str]:
    """Why this process cannot write path, or None (for doctor)."""
    if os.geteuid() != 0:
        return "needs root"
    if not os.access(path, os.W_OK):
        return f"{path} is read-only here"
    return None
