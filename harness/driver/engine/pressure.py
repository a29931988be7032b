"""spbench pressure: how often base pages miss the data TLB per access, simulated: the
paper's Alpha 21264 at the paper's size beside this host's own TLBs (from CPUID) at ref.
ref scales each footprint to this host's TLB reach; this says whether that gives the
paper's pressure, apart from what a miss costs. One sptlb run per workload and side, the
base policy only (every policy costs a lookup per access), kept in the folder's pressure
records, from which a second call goes on."""
from __future__ import annotations

import dataclasses
import glob
import os
import shutil
import sys
import tempfile
from typing import Iterable, Mapping, Optional, Sequence

from harness.records import PressureRecord, ResultFolder
from harness.driver import config, manifest, paths
from harness.driver.engine import estimate, refsize
from harness.driver.system import hostinfo

from harness.driver.errors import UserError
from harness.driver.engine.inputs import prepare_inputs, workload_values
from harness.driver.manifest import Workload

# (size, model): the paper's machine at the paper's size, this host at ref
SIDES = (("paper", "alpha21264"), ("ref", "host"))
# counts simulated earlier, each record with the TLB geometry it was simulated with
MEASURED = os.path.join(paths.REPO, "harness", "tlbsim", "measured")
# a run is stopped as hung at this many times what it should take, at least 10 minutes
TIMEOUT_FACTOR = 20
TIMEOUT_MIN_S = 600.0
# a record's (workload, size)
Key = tuple[str, str]


def base_only(model_file: str, dest: str) -> tuple[str, str]:
    """A copy of model_file whose only policy is base; returns (dest, the model's name)."""
    with open(model_file) as f:
        lines = f.read().splitlines()
    name = next((ln.split()[1] for ln in lines if ln.split()[:1] == ["name"]), None)
    if name is None or not any(ln.split()[:1] == ["policies"] for ln in lines):
        raise UserError(f"{model_file}: no 'name' or 'policies' line")
    with open(dest, "w") as f:
        f.write("\n".join("policies base" if ln.split()[:1] == ["policies"] else ln
                          for ln in lines) + "\n")
    return dest, name


def geometry(model_file: str) -> list[str]:
    """A model's page sizes and TLBs (its 'pages' and 'tlb' lines): what a count depends on,
    whatever the model is called or where its file lies."""
    with open(model_file) as f:
        return [" ".join(ln.split()) for ln in f if ln.split()[:1] in (["pages"], ["tlb"])]


def model_files(tmp: str) -> dict[str, tuple[str, str]]:
    """{model: (base-only file, name)} for the models of SIDES."""
    from harness.tlbsim import sptlb
    try:
        host = sptlb.host_model_path(tmp)
        alpha = sptlb.model_path("alpha21264")
    except sptlb.Refused as e:
        raise UserError(f"pressure: {e}")
    return {"alpha21264": base_only(alpha, os.path.join(tmp, "alpha21264-base.model")),
            "host": base_only(host, os.path.join(tmp, "host-base.model"))}


def measure(w: Workload, size: str, model: tuple[str, str], seed: int, ref_mb: Optional[int],
            timeout: float, scratch: str) -> PressureRecord:
    """One run of w at size under model (file, name): base-page data misses per access."""
    from harness.tlbsim import sptlb
    path, name = model
    outdir = tempfile.mkdtemp(prefix=f"{w.name}-pressure-", dir=scratch)
    rec = PressureRecord(w.name, size, name, seed, w.sizes[size]["args"], geometry(path),
                         ref_mb)
    try:
        values = workload_values(w, size, outdir, seed, ref_mb)
        prepare_inputs(w, size, values)
        cmd = w.expand(w.run, size, **values)
        with open(os.devnull, "w") as null:
            status, data = sptlb.run(cmd, [path], stdout=null, stderr=null, timeout=timeout,
                                     native=w.helpers)
        if status != 0:
            rec.error = f"{w.name} exited with status {status} under the tool"
        else:
            base = data["models"][name]["policies"]["base"]
            rec.data_accesses = data["accesses"]["data"]
            rec.data_misses = base["data_misses"]
            rec.exit_status = status
    except sptlb.Refused as e:
        rec.error = str(e)
    finally:
        shutil.rmtree(outdir, ignore_errors=True)
    return rec


def current(rec: PressureRecord, w: Workload, seed: int, ref_mb: Optional[int]) -> bool:
    """Whether rec measured what w's manifest asks for now: a changed size (args or ref
    ratio) or seed makes an earlier record stale, and it is measured again."""
    return (rec.args == w.sizes[rec.size]["args"] and rec.seed == seed
            and rec.ref_mb == ref_mb)


def done(out: str) -> dict[Key, PressureRecord]:
    return {(r.workload, r.size): r for r in ResultFolder(out).pressure() if r.measured}


def run(names: Iterable[str], out: str, seed: int) -> dict[Key, PressureRecord]:
    """Simulates what out does not hold yet; returns the records by (workload, size)."""
    from harness.tlbsim import sptlb
    why = sptlb.tool_ready()
    if why:
        raise UserError(f"pressure: {why}")
    os.makedirs(out, exist_ok=True)
    reach = refsize.reach_kb(hostinfo.host())
    have = done(out)
    est = estimate.Estimator(paths.RESULTS, out)
    scratch = config.scratch()
    os.makedirs(scratch, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pressure-models-") as tmp:
        models = model_files(tmp)
        for name in names:
            w = manifest.find(name)
            for size, model in SIDES:
                if _current_in(have, name, size, seed, reach):
                    continue
                ref_mb = _ref_mb(name, size, reach)
                timeout = max(TIMEOUT_MIN_S,
                              TIMEOUT_FACTOR * est.sim_run_seconds(name, size))
                print(f"spbench: pressure: {name} {size} under sptlb ({models[model][1]})",
                      file=sys.stderr, flush=True)
                rec = measure(w, size, models[model], seed, ref_mb, timeout, scratch)
                ResultFolder(out).append_pressure(rec)
                if rec.error is not None:
                    print(f"spbench: pressure: {name} {size}: {rec.error}", file=sys.stderr)
                else:
                    have[(name, size)] = rec
    return have


def from_measured(out: str, names: Sequence[str], seed: int) -> list[str]:
    """Adds to out's pressure records the counts under MEASURED that were simulated with this
    host's TLB geometry (and the Alpha's), the manifests' current args and this seed: the
    simulation is exact, so the same geometry and program give the same count, and hours
    of it are not repeated. Returns the workloads of names that then have both sides."""
    with tempfile.TemporaryDirectory(prefix="pressure-models-") as tmp:
        try:
            models = model_files(tmp)
        except UserError:
            return []
        want = {size: geometry(models[model][0]) for size, model in SIDES}
    reach = refsize.reach_kb(hostinfo.host())
    have = done(out)
    found = {}
    folder = ResultFolder(out)
    for path in sorted(glob.glob(os.path.join(MEASURED, "*.jsonl"))):
        for r in folder.pressure_file(path):
            name, size = r.workload, r.size
            if name not in names or size not in want or r.tlbs != want[size]:
                continue
            if r.measured and current(r, manifest.find(name), seed, _ref_mb(name, size, reach)):
                found[(name, size)] = dataclasses.replace(
                    r, source=os.path.relpath(path, paths.REPO))
    os.makedirs(out, exist_ok=True)
    for (name, size), rec in sorted(found.items()):
        if not _current_in(have, name, size, seed, reach):
            folder.append_pressure(rec)
            have[(name, size)] = rec
    return [n for n in names if all(_current_in(have, n, size, seed, reach) for size in want)]


def _ref_mb(name: str, size: str, reach: int) -> Optional[int]:
    return refsize.ref_mb(manifest.find(name), reach, refsize.memory_cap_mb()) \
        if size == "ref" else None


def _current_in(have: Mapping[Key, PressureRecord], name: str, size: str, seed: int,
                reach: int) -> bool:
    rec = have.get((name, size))
    return rec is not None and current(rec, manifest.find(name), seed,
                                       _ref_mb(name, size, reach))


def render(names: Iterable[str], recs: Mapping[Key, PressureRecord]) -> str:
    """The table: base-page data misses per 1000 data accesses on each side, and their
    ratio (this host at ref over the Alpha at the paper's size)."""
    rows = [("workload", "alpha21264 paper", "host ref", "ref MB", "host/alpha")]
    for n in names:
        paper, ref = recs.get((n, "paper")), recs.get((n, "ref"))
        a = paper.misses_per_1k() if paper else None
        h = ref.misses_per_1k() if ref else None
        ratio = f"{h / a:.2f}" if a and h is not None else "n/a"
        ref_mb = ref.ref_mb if ref and ref.ref_mb is not None else "?"
        rows.append((n, "n/a" if a is None else f"{a:.2f}", "n/a" if h is None else f"{h:.2f}",
                     str(ref_mb), ratio))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i])
                       for i, c in enumerate(r)) for r in rows]
    lines.append("base-page data-TLB misses per 1000 data accesses (sptlb, base policy); "
                 "n/a: not simulated or refused")
    return "\n".join(lines)
