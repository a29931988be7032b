"""What an experiment runs: a Plan (workloads x policies x states, size,
runs) and the typed Steps it expands to, in execution order; its form in
the meta record and in the job a guest kernel is handed; and which of its
runs a result folder already holds."""
from __future__ import annotations

import dataclasses
import os
from typing import Any, Iterator, Optional, Sequence

from harness.records import FolderError, Meta, ResultFolder, RunRecord
from harness.driver import manifest
from harness.driver.system import memstate, policies
from harness.driver.engine import spec2000
from harness.driver.errors import UserError
from harness.driver.manifest import Workload
from harness.driver.system.policies import Policy

# what a measured run is known by when a folder resumes (RunRecord.make_key)
RunKey = tuple[str, str, str, str, str, int]


@dataclasses.dataclass(frozen=True)
class Step:
    """One run: a workload in a memory state under a policy."""
    workload: Workload
    state: str
    policy: Policy
    rep: int
    warmup: bool

    def key(self, plan: Plan) -> RunKey:
        return RunRecord.make_key(self.workload.name, plan.size, self.state,
                                  self.policy.name, plan.kernel, self.rep)


@dataclasses.dataclass
class Plan:
    workloads: list[Workload]
    policies: list[Policy]
    states: list[str]
    size: str
    runs: int
    warmup: int
    seed: int
    sample_ms: int
    kernel: str = "host"
    tlbsim: bool = False            # each workload once more under sptlb, untimed
    spec2000: Optional[str] = None  # a SPEC CPU2000 tree run instead of the CINT2000 stand-ins
    shared_warmup: bool = False     # warm-ups under the first policy only, for all of them
    tune: bool = False              # noise settings set and the process pinned (noise.py)
    monitor_ms: int = 1000          # /proc monitors' period during each run; 0: off
    profile: bool = False           # each workload once more under perf record, untimed
    # what tlbsim simulates: the report's tables need the Alpha model alone
    tlbsim_models: tuple[str, ...] = ("alpha21264",)
    tlbsim_policies: tuple[str, ...] = ()   # () every policy of those models
    # --runs auto: the stopping rule (commands/auto_runs.py); runs is then its cap
    auto: Optional[dict[str, Any]] = None

    def __post_init__(self) -> None:
        if self.runs < 1 or self.warmup < 0 or self.sample_ms < 1:
            raise UserError("--runs must be >= 1, --warmup >= 0, --sample-ms >= 1")
        if not 0 <= self.monitor_ms <= 3600000:
            raise UserError("--monitor-ms must be 0 (off) to 3600000")
        self.workloads = spec2000.substitute(self.workloads, self.spec2000, self.size)

    def as_dict(self) -> dict[str, Any]:
        return {"workloads": [w.name for w in self.workloads],
                "policies": [p.name for p in self.policies],
                "states": self.states, "size": self.size, "runs": self.runs,
                "warmup": self.warmup, "kernel": self.kernel, "seed": self.seed,
                "sample_ms": self.sample_ms, **({"tlbsim": True} if self.tlbsim else {}),
                **({"spec2000": self.spec2000} if self.spec2000 else {}),
                **({"shared_warmup": True} if self.shared_warmup else {}),
                **({"tune": True} if self.tune else {}),
                "monitor_ms": self.monitor_ms, **({"profile": True} if self.profile else {}),
                **({"runs_auto": self.auto} if self.auto else {}),
                **({"tlbsim_models": list(self.tlbsim_models),
                    "tlbsim_policies": list(self.tlbsim_policies)} if self.tlbsim else {})}

    @classmethod
    def from_dict(cls, d: dict[str, Any], guest_patched: Optional[bool] = None) -> Plan:
        """A plan from as_dict()'s form, its names resolved here: against this
        kernel's sysfs, or by name only when guest_patched says the plan is
        for a guest kernel (with or without the reservation patch)."""
        try:
            return cls([manifest.find(n) for n in d["workloads"]],
                       policies.parse_list(",".join(d["policies"]), guest_patched),
                       memstate.parse_list(",".join(d["states"])), d["size"], d["runs"],
                       d["warmup"], d["seed"], d["sample_ms"], d.get("kernel", "host"),
                       d.get("tlbsim", False), d.get("spec2000"),
                       d.get("shared_warmup", False), d.get("tune", False),
                       d.get("monitor_ms", 0), d.get("profile", False),
                       tlbsim_models=tuple(d.get("tlbsim_models", ("alpha21264",))),
                       tlbsim_policies=tuple(d.get("tlbsim_policies", ())), auto=d.get("runs_auto"))
        except (KeyError, TypeError) as e:
            raise UserError(f"not a valid plan: missing or wrong field {e}")

    def steps(self) -> Iterator[Step]:
        """Per workload and state: the warm-ups, then the runs, each with every
        policy in turn (A B A B ...), so that drift hits all of them. With
        shared_warmup the warm-ups run under the first policy only: what they
        warm (the binary, the inputs in the page cache) is the same for every
        policy."""
        for w in self.workloads:
            for state in self.states:
                for i in range(self.warmup):
                    for p in self.policies[:1] if self.shared_warmup else self.policies:
                        yield Step(w, state, p, i, True)
                for rep in range(self.runs):
                    for p in self.policies:
                        yield Step(w, state, p, rep, False)

    def check_root(self) -> None:
        """One line naming what needs root, before anything is written."""
        if os.geteuid() == 0:
            return
        for p in self.policies:
            if p.needs_root:
                raise UserError(f"policy '{p.name}' needs root (it writes "
                                f"{p.settings[0][0]}); run as root or use --policy base")
        for state in self.states:
            if state != "asis":
                raise UserError(f"state '{state}' needs root (it drops caches, compacts or "
                                "fragments memory); run as root or use --state asis")


def done_keys(folder: str) -> set[RunKey]:
    """Keys of the measured runs already recorded in a result folder (for resuming)."""
    return {r.key for r in ResultFolder(folder).runs() if not r.warmup}


def pending(plan: Plan, steps: Sequence[Step], folder: str) -> tuple[list[Step], int]:
    """The steps still to run: for every (workload, state) that misses a
    measured run, its warm-ups and its missing runs; and how many measured
    runs the folder already holds."""
    done = done_keys(folder)
    missing = [s for s in steps if not s.warmup and s.key(plan) not in done]
    recorded = sum(1 for s in steps if not s.warmup) - len(missing)
    groups = {(s.workload.name, s.state) for s in missing}
    todo = [s for s in steps if (s.workload.name, s.state) in groups
            and (s.warmup or s.key(plan) not in done)]
    return todo, recorded


def check_against_folder(out: str, plan: Plan) -> Optional[Meta]:
    """A rerun into an existing folder must be the same experiment; returns
    the folder's meta record, or None for a new folder."""
    folder = ResultFolder(out)
    if not folder.has_meta():
        return None
    try:
        old = folder.meta()
    except FolderError as e:
        raise UserError(f"{e}; choose another --out")
    op = old.plan
    for key in ("size", "kernel", "seed"):
        if op.get(key) != plan.as_dict()[key]:
            raise UserError(f"{out} holds a run with {key}={op.get(key)}; this one has "
                            f"{key}={plan.as_dict()[key]}: choose another --out")
    return old
