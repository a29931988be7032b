"""How long runs will take, from each workload's own earlier runs on this host (the records
under results/ and in the folder being filled), else its manifest's measured seconds, so that
a plan's estimate and the progress line's time left follow the workloads still ahead, not an
average of those behind."""
from __future__ import annotations

import os
import statistics
from typing import TYPE_CHECKING, Callable, Collection, Iterable, Optional, Sequence

from harness import records
from harness.driver import manifest
from harness.driver.engine import refsize
from harness.driver.system import hostinfo

if TYPE_CHECKING:
    from harness.driver.engine.plan import Plan, Step
    from harness.driver.manifest import Workload

# seconds of one run when neither this host's records nor the manifest say
DEFAULT_RUN_S = {"test": 3.0, "paper": 20.0, "ref": 20.0}
# per step around the run: spstat, the output check, the clean state (drop caches, compact)
STEP_OVERHEAD_S = 2.0
# a fragmented state made: spfrag's fill and release (86-89 s on a quiet 24 GB VM); and
# between workloads, fragmented again where a workload's runs left free memory contiguous:
# at ref, 25 of 34 times, 20 of them in place (2 s each) and 5 by a new fill: 376 s in
# all between the 35 workloads, input preparation included (2026-12-07, 24 GB VM)
FRAGMENT_S = 90.0
REFRAGMENT_EACH_S = 11.0
# a guest under TCG runs this many times slower than the host when no earlier guest run
# says, and spends this much more per step around the run (spstat, the check, the clean
# state): 35 test-size runs in the stock guest took 428 s against their manifests' 21.6 s
# (web left out: its server was not reachable there), 655 s from the first run's start to
# the last's, 2026-12-07 on a 2-vCPU VM
GUEST_FACTOR = 20.0
GUEST_STEP_OVERHEAD_S = 5.0
GUEST_BOOT_S = 30.0
# the adversaries in both guests (TCG), when no earlier adversary.json says: measured
# 29.7 s with 5 reps and 23.4 s with 3 (4 GB guests, 2-vCPU host)
ADVERSARY_S = 30.0
# a run under sptlb against the native run: 16x (tree) to 134x (matrix) at paper size
SIM_FACTOR = 100.0
# the sustained experiment per scheme: clean, spfrag's fill and release
SCHEME_S = 90.0
# one kernel variant built from scratch with make -j2 on a 2-vCPU VM, allnoconfig +
# guest.config, 2026-12-07: stock 5 min 41 s with other jobs on the VM (load 2.5 to 3),
# 8 min 25 s of CPU, so about 4 min 15 s on two idle vCPUs; test 9 min 36 s of CPU
# (defconfig-based before: 10 to 11 min); make -jN elsewhere taken as N/2 times faster;
# and, once, Debian's source unpacked (15 s) and copied for the patched variant (7 s)
KERNEL_BUILD_S = 330.0
KERNEL_BUILD_CPUS = 2
KERNEL_SOURCE_S = 30.0


def _sized(size: str, ref_mb: Optional[int]) -> str:
    """A size as history keys it: ref runs by their footprint, which differs by host."""
    return f"ref:{ref_mb}" if size == "ref" and ref_mb else size


def clock(secs: float) -> str:
    secs = int(round(secs))
    if secs >= 3600:
        return f"{secs // 3600}h{secs % 3600 // 60:02d}m"
    return f"{secs // 60}m{secs % 60:02d}s"


class Estimator:
    def __init__(self, results_root: str, *folders: str,
                 find_manifest: Optional[Callable[[str], Workload]] = None) -> None:
        # (workload, size, policy, kernel) and (workload, size, kernel) -> wall seconds
        self.history: dict[tuple[str, ...], list[float]] = {}
        self.find_manifest: Callable[[str], Workload] = find_manifest or manifest.find
        # workload name -> its Workload, or None when unreadable
        self.manifests: dict[str, Optional[Workload]] = {}
        self.adversary_history: list[float] = []
        self._host_factor: Optional[float] = None
        for secs in records.adversary_seconds_under(results_root):
            if secs > 0:
                self.adversary_history.append(secs)
        # what earlier folders hold is history, not this run's data: their damaged lines are
        # skipped without a word
        for folder in records.result_folders_under(results_root, *folders, warn=None):
            meta = folder.meta_or_none()
            ref_mb = meta.ref_mb if meta else {}
            for r in folder.runs():
                if r.wall_s is None or not r.passed:
                    continue
                size = _sized(r.size, ref_mb.get(r.workload))
                for k in ((r.workload, size, r.policy, r.kernel),
                          (r.workload, size, r.kernel)):
                    self.history.setdefault(k, []).append(r.wall_s)
        # workload -> the footprint a ref run gets here now (refsize), asked once
        self.ref_mb: dict[str, Optional[int]] = {}
        # (the reach ref is sized from, the memory cap): set to skip the probe (tests)
        self.ref_basis: Optional[tuple[int, Optional[int]]] = None

    def run_seconds(self, workload: str, size: str, policy: str, kernel: str = "host") -> float:
        """The median of this host's earlier runs, the most specific that exists (at ref,
        runs at the footprint a ref run gets now); else the manifest's seconds at that size
        (at ref, in proportion to the footprint); else a default."""
        sized = _sized(size, self.planned_ref_mb(workload)) if size == "ref" else size
        for k in ((workload, sized, policy, kernel), (workload, sized, kernel)):
            if k in self.history:
                return statistics.median(self.history[k])
        if kernel != "host":
            return self.run_seconds(workload, size, policy) * GUEST_FACTOR
        secs = self.manifest_seconds(workload, size)
        if secs is None:
            return DEFAULT_RUN_S.get(size, DEFAULT_RUN_S["paper"])
        return secs * self.host_factor() * self.ref_scale(workload, size)

    def planned_ref_mb(self, workload: str) -> Optional[int]:
        if workload not in self.ref_mb:
            w = self.manifest(workload)
            try:
                if self.ref_basis is None:
                    self.ref_basis = (int(refsize.choose(hostinfo.host())["reach_kb"]),
                                      refsize.memory_cap_mb())
                self.ref_mb[workload] = (refsize.ref_mb(w, *self.ref_basis)
                                         if w is not None else None)
            except Exception:       # an estimate never stops a run
                self.ref_mb[workload] = None
        return self.ref_mb[workload]

    def ref_scale(self, workload: str, size: str) -> float:
        """A ref run's footprint here against the one its manifest's seconds were timed at."""
        mb, w = self.planned_ref_mb(workload), self.manifest(workload)
        if size != "ref" or mb is None or w is None:
            return 1.0
        return mb / refsize.manifest_mb(w)

    def host_factor(self) -> float:
        """How this host's base runs compare with the manifests' seconds (measured on
        another machine): the median ratio over the workloads that have both, within 4x
        either way; 1 with no such workload."""
        if self._host_factor is None:
            ratios: list[float] = []
            for key, walls in self.history.items():
                if len(key) != 4 or key[2] != "base" or key[3] != "host":
                    continue
                secs = self.manifest_seconds(key[0], key[1])
                if secs:
                    ratios.append(statistics.median(walls) / secs)
            self._host_factor = (min(4.0, max(0.25, statistics.median(ratios)))
                                 if ratios else 1.0)
        return self._host_factor

    def manifest(self, workload: str) -> Optional[Workload]:
        if workload not in self.manifests:
            try:
                self.manifests[workload] = self.find_manifest(workload)
            except Exception:       # an estimate never stops a run
                self.manifests[workload] = None
        return self.manifests[workload]

    def manifest_seconds(self, workload: str, size: str) -> Optional[float]:
        w = self.manifest(workload)
        return w.seconds(size) if w is not None else None

    def step_seconds(self, plan: Plan, step: Step) -> float:
        # the plan's own manifest: a SPEC tree's benchmark replaces its stand-in's seconds
        self.manifests[step.workload.name] = step.workload
        return (self.run_seconds(step.workload.name, plan.size, step.policy.name, plan.kernel)
                + (STEP_OVERHEAD_S if plan.kernel == "host" else GUEST_STEP_OVERHEAD_S))

    def runs_seconds(self, plan: Plan, steps: Iterable[Step]) -> float:
        """The steps alone: what the progress line's steps done are timed against."""
        return sum(self.step_seconds(plan, s) for s in steps)

    def steps_seconds(self, plan: Plan, steps: Sequence[Step],
                      current: Optional[str] = None) -> float:
        """The steps, and for fragmented ones the state they run in: one fragmented state
        is held across a stage, made first (unless current names the workload whose steps
        ran last in it) and fragmented again between workloads when their runs drift it:
        at paper and ref size their THP runs compact and free enough memory that this
        happens after most workloads, at test size seldom (once in 35 workloads)."""
        total = self.runs_seconds(plan, steps)
        fragmented = list(dict.fromkeys(s.workload.name for s in steps
                                        if s.state.startswith("fragmented")))
        if not fragmented:
            return total
        each = 0.0 if plan.size == "test" else REFRAGMENT_EACH_S
        if current is None:
            return total + FRAGMENT_S + (len(fragmented) - 1) * each
        return total + sum(each for w in fragmented if w != current)

    def plan_seconds(self, plan: Plan, folder: str, guest: bool = False) -> float:
        """The steps of plan that folder does not hold yet."""
        from harness.driver.engine.plan import pending
        todo, _ = pending(plan, list(plan.steps()), folder)
        if not todo:
            return 0.0
        return self.steps_seconds(plan, todo) + (GUEST_BOOT_S if guest else 0.0)

    def sim_seconds(self, plan: Plan, folder: str) -> float:
        """The workloads of plan that folder has no sptlb counts for, once each."""
        from harness.driver.engine.measure import simulated_done
        done = simulated_done(folder)
        return sum(self.sim_run_seconds(w.name, plan.size)
                   for w in plan.workloads if (w.name, plan.size) not in done)

    def sim_run_seconds(self, workload: str, size: str) -> float:
        """One run of workload under sptlb."""
        return self.run_seconds(workload, size, "base") * SIM_FACTOR

    def adversary_seconds(self, share_missing: float) -> float:
        """The adversary runs still missing (a share of all): this host's earlier adversary
        folders' median time, else a default."""
        full = (statistics.median(self.adversary_history) if self.adversary_history
                else ADVERSARY_S)
        return full * share_missing

    @staticmethod
    def kernel_build_seconds(variants_missing: Collection[str], source_missing: bool,
                             cpus: Optional[int] = None) -> float:
        """Building the kernel variants not built yet, with make -j(cpus)."""
        if not variants_missing:
            return 0.0
        cpus = cpus or os.cpu_count() or 1
        return (KERNEL_BUILD_S * KERNEL_BUILD_CPUS / cpus * len(variants_missing)
                + (KERNEL_SOURCE_S if source_missing else 0.0))

    def sustained_seconds(self, size: str, runs: int) -> float:
        fftw = self.run_seconds("fftw", size, "thp")
        return 2 * (SCHEME_S + (runs + 2) * (fftw + STEP_OVERHEAD_S))
