"""Test support, so that tests state only what they vary: builds small synthetic result folders
(meta.json + runs.jsonl with minimal spstat/1 objects) in a test's tmp_path, and finds a row
in a rendered table."""

import json

import pytest

NO_PMU = "no hardware PMU (virtualized host: /sys/bus/event_source/devices/cpu missing)"


def meta(**over):
    m = {
        "schema": "spbench-meta/1",
        "created": "2026-12-03T05:00:00Z",
        "finished": "2026-12-03T05:10:00Z",
        "argv": ["spbench", "run"],
        "plan": {"workloads": ["matrix", "mcf"], "policies": ["base", "thp"],
                 "states": ["clean"], "size": "test", "runs": 3, "warmup": 1,
                 "kernel": "host", "seed": 42},
        "host": {"cpu": {"vendor": "AuthenticAMD", "model_name": "AMD EPYC"},
                 "tlb": [{"level": "L1", "type": "data", "page_kb": 4, "entries": 64,
                          "ways": 0}],
                 "pmu": {"available": False, "reason": NO_PMU}},
        "kernel": {"release": "6.18.0", "cmdline": "ro quiet", "virt": "kvm"},
        "settings": {"thp_enabled": "madvise"},
        "tools": {"python": "3.11.2"},
        "revision": "v0-1-gabc",
    }
    m.update(over)
    return m


def counter(value):
    """A supported counter with value, or unsupported (value None)."""
    if value is None:
        return {"supported": False, "reason": NO_PMU}
    return {"supported": True, "value": value, "raw": value, "enabled_ns": 1000,
            "running_ns": 1000, "scaled": False}


def record(workload, policy, wall, state="clean", size="test", rep=0, warmup=False,
           passed=True, load=None, store=None, anon_kb=1000, huge_kb=0, hist=None,
           kernel="host", minor=None, major=None, vmstat=None, settings=None,
           tlbsim=None, user=None, sys_s=0.0, rss_kb=None):
    """vmstat: the vmstat_delta object (default: no THP event); tlbsim: the simulator's
    object, absent by default."""
    counters = {"dTLB-load-misses": counter(load), "dTLB-store-misses": counter(store)}
    if minor is not None:
        counters["minor-faults"] = counter(minor)
    if major is not None:
        counters["major-faults"] = counter(major)
    spstat = {
        "schema": "spstat/1",
        "command": [workload],
        "exit": {"code": 0, "signal": None, "exec_error": None},
        "time": {"wall_s": wall, "user_s": wall if user is None else user, "sys_s": sys_s},
        "max_rss_kb": anon_kb,
        "counters": counters,
        "coverage": {
            "interval_ms": 100, "samples": 3,
            "peak": {"rss_kb": anon_kb if rss_kb is None else rss_kb, "anon_kb": anon_kb,
                     "anon_huge_kb": huge_kb,
                     "shmem_pmd_kb": 0, "file_pmd_kb": 0},
            "histogram": hist or {"available": False, "reason": "needs root"}},
        "vmstat_delta": {"thp_fault_alloc": 0, "thp_fault_fallback": 0,
                         "thp_collapse_alloc": 0} if vmstat is None else vmstat,
    }
    rec = {"schema": "spbench-run/1", "workload": workload, "size": size, "policy": policy,
           "state": state, "kernel": kernel, "rep": rep, "warmup": warmup, "seed": 42,
           "started": "2026-12-03T05:00:01Z",
           "check": {"passed": passed, "message": "" if passed else "wrong checksum"},
           "settings": settings or {}, "spstat": spstat}
    if tlbsim is not None:
        rec["tlbsim"] = tlbsim
    return rec


def histogram(kb, pages):
    """An available page-size histogram from {size_kb: kB mapped} and {size_kb: folios}."""
    return {"available": True, "reason": None,
            "pages": {f"{s}kB": n for s, n in pages.items()},
            "kb": {f"{s}kB": n for s, n in kb.items()},
            "rss_kb": sum(kb.values()), "taken": 1, "cost_s": 0.01}


def write(folder, records, meta_obj=None):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "meta.json").write_text(json.dumps(meta_obj or meta()))
    (folder / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return folder


def series(workload, policy, walls, **kw):
    """One record per wall time, reps numbered, plus nothing else."""
    out = []
    for i, w in enumerate(walls):
        extra = {k: (v[i] if isinstance(v, list) else v) for k, v in kw.items()}
        out.append(record(workload, policy, w, rep=i, **extra))
    return out


def table_row(out, *words):
    """The line of a rendered table whose first cells are words."""
    for line in out.splitlines():
        if line.split()[:len(words)] == list(words):
            return line
    raise AssertionError(f"no row {words} in:\n{out}")


class Builder:
    NO_PMU = NO_PMU
    meta = staticmethod(meta)
    record = staticmethod(record)
    series = staticmethod(series)
    histogram = staticmethod(histogram)

    def __init__(self, tmp_path):
        self.tmp_path = tmp_path

    def folder(self, name, records, meta_obj=None):
        return write(self.tmp_path / name, records, meta_obj)


@pytest.fixture
def build(tmp_path):
    return Builder(tmp_path)
