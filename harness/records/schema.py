"""The records a result folder holds, one typed class each with its schema version and its
JSON form, so that the driver that writes them and the analysis that reads them spell them
once. A record whose JSON is not of its kind raises RecordError, which a reader turns into
a skipped, named line."""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Optional, TypeVar

T = TypeVar("T")


class RecordError(ValueError):
    """An object is not a record of the kind asked for; str() says why in a few words."""


def _schema_of(d: Any, schema: str) -> None:
    if not isinstance(d, dict):
        raise RecordError("not a JSON object")
    family = schema.rsplit("/", 1)[0] + "/"
    if not str(d.get("schema", "")).startswith(family):
        raise RecordError(f"not an {schema} record")


def _get(d: dict[str, Any], name: str, kind: type[T] | tuple[type, ...]) -> Any:
    if name not in d:
        raise RecordError(f"record lacks {name}")
    v = d[name]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise RecordError(f"{name} is not {getattr(kind, '__name__', kind)}")
    return v


def _opt(d: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any) -> Any:
    v = d.get(name, default)
    if v is not None and (not isinstance(v, kind) or (kind is int and isinstance(v, bool))):
        raise RecordError(f"{name} is not {getattr(kind, '__name__', kind)}")
    return v


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


@dataclasses.dataclass
class Meta:
    """meta.json: what ran, where, with what (written at the start, finished at the end)."""
    SCHEMA: ClassVar[str] = "spbench-meta/1"
    created: str
    argv: list[str]
    plan: dict[str, Any]
    host: dict[str, Any] = dataclasses.field(default_factory=dict)
    kernel: dict[str, Any] = dataclasses.field(default_factory=dict)
    settings: dict[str, Any] = dataclasses.field(default_factory=dict)
    tools: dict[str, Any] = dataclasses.field(default_factory=dict)
    revision: Optional[str] = None
    ref_mb: dict[str, Any] = dataclasses.field(default_factory=dict)
    finished: Optional[str] = None
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)   # an experiment's own
    # governor, boost, ASLR, SMT, CPUs; what --tune set and what it could not, and why
    noise: dict[str, Any] = dataclasses.field(default_factory=dict)
    # the TLB reaches (measured, CPUID), which one sized ref and why, and the capped rows
    ref_sizing: dict[str, Any] = dataclasses.field(default_factory=dict)

    FIELDS: ClassVar[tuple[str, ...]] = ("schema", "created", "finished", "argv", "plan",
                                         "host", "kernel", "settings", "tools", "revision",
                                         "ref_mb", "noise", "ref_sizing")

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "created": self.created, "finished": self.finished,
                "argv": self.argv, "plan": self.plan, **self.extra, "host": self.host,
                "kernel": self.kernel, "settings": self.settings, "tools": self.tools,
                "revision": self.revision, "ref_mb": self.ref_mb,
                **({"noise": self.noise} if self.noise else {}),
                **({"ref_sizing": self.ref_sizing} if self.ref_sizing else {})}

    @classmethod
    def from_json(cls, d: Any) -> Meta:
        _schema_of(d, cls.SCHEMA)
        return cls(created=str(d.get("created") or ""), argv=list(d.get("argv") or []),
                   plan=_opt(d, "plan", dict, None) or {},
                   host=_opt(d, "host", dict, None) or {},
                   kernel=_opt(d, "kernel", dict, None) or {},
                   settings=_opt(d, "settings", dict, None) or {},
                   tools=_opt(d, "tools", dict, None) or {},
                   revision=d.get("revision"), ref_mb=_opt(d, "ref_mb", dict, None) or {},
                   finished=d.get("finished"),
                   extra={k: v for k, v in d.items() if k not in cls.FIELDS},
                   noise=_opt(d, "noise", dict, None) or {},
                   ref_sizing=_opt(d, "ref_sizing", dict, None) or {})


@dataclasses.dataclass
class RunRecord:
    """One line of runs.jsonl: one run of a workload under a policy in a memory state, with
    spstat's measurement (its own schema, spstat/1, see harness/core/SCHEMA.md) and the
    output check's verdict."""
    SCHEMA: ClassVar[str] = "spbench-run/1"
    workload: str
    size: str
    policy: str
    state: str
    kernel: str
    rep: int
    warmup: bool
    seed: Optional[int] = None
    started: Optional[str] = None
    check: dict[str, Any] = dataclasses.field(default_factory=dict)
    settings: dict[str, Any] = dataclasses.field(default_factory=dict)
    spstat: dict[str, Any] = dataclasses.field(default_factory=dict)
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)  # a workload's own

    FIELDS: ClassVar[tuple[str, ...]] = ("schema", "workload", "size", "policy", "state",
                                         "kernel", "rep", "warmup", "seed", "started",
                                         "check", "settings", "spstat")

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "workload": self.workload, "size": self.size,
                "policy": self.policy, "state": self.state, "kernel": self.kernel,
                "rep": self.rep, "warmup": self.warmup, "seed": self.seed,
                "started": self.started, "check": self.check, "settings": self.settings,
                "spstat": self.spstat, **self.extra}

    @classmethod
    def from_json(cls, d: Any) -> RunRecord:
        _schema_of(d, cls.SCHEMA)
        rec = cls(workload=_get(d, "workload", str), size=_get(d, "size", str),
                  policy=_get(d, "policy", str), state=_get(d, "state", str),
                  kernel=_opt(d, "kernel", str, "host") or "host",
                  rep=_opt(d, "rep", int, 0) or 0, warmup=bool(d.get("warmup")),
                  seed=d.get("seed"), started=d.get("started"),
                  check=_opt(d, "check", dict, None) or {},
                  settings=_opt(d, "settings", dict, None) or {},
                  spstat=_opt(d, "spstat", dict, None) or {},
                  extra={k: v for k, v in d.items() if k not in cls.FIELDS})
        if rec.passed and not _number(rec.wall_s):
            raise RecordError("spstat.time.wall_s is not a number")
        return rec

    @staticmethod
    def make_key(workload: str, size: str, state: str, policy: str, kernel: str,
                 rep: int) -> tuple[str, str, str, str, str, int]:
        """What a measured run is known by when a folder resumes."""
        return (workload, size, state, policy, kernel, rep)

    @property
    def key(self) -> tuple[str, str, str, str, str, int]:
        return self.make_key(self.workload, self.size, self.state, self.policy, self.kernel,
                             self.rep)

    @property
    def group_key(self) -> tuple[str, str, str, str, str]:
        """The runs whose times a table row summarizes."""
        return (self.workload, self.size, self.state, self.policy, self.kernel)

    @property
    def passed(self) -> bool:
        """The output check passed and the program exited 0."""
        ex = self.spstat.get("exit") or {}
        return (self.check.get("passed") is True and ex.get("code", 0) == 0
                and ex.get("signal") is None)

    @property
    def wall_s(self) -> Any:
        return ((self.spstat.get("time") or {}).get("wall_s"))


@dataclasses.dataclass
class SimRecord:
    """One line of tlbsim.jsonl: a workload once under sptlb, never timed; its counts are
    simulated and say so."""
    SCHEMA: ClassVar[str] = "spbench-tlbsim/1"
    workload: str
    size: str
    kernel: str = "host"
    seed: Optional[int] = None
    started: Optional[str] = None
    tlbsim: Optional[dict[str, Any]] = None
    error: Optional[str] = None

    def to_json(self) -> dict[str, Any]:
        d = {"schema": self.SCHEMA, "simulated": True, "workload": self.workload,
             "size": self.size, "kernel": self.kernel, "seed": self.seed,
             "started": self.started}
        if self.tlbsim is not None:
            d["tlbsim"] = self.tlbsim
        if self.error is not None:
            d["error"] = self.error
        return d

    @classmethod
    def from_json(cls, d: Any) -> SimRecord:
        _schema_of(d, cls.SCHEMA)
        return cls(workload=_get(d, "workload", str), size=_get(d, "size", str),
                   kernel=_opt(d, "kernel", str, "host") or "host", seed=d.get("seed"),
                   started=d.get("started"), tlbsim=_opt(d, "tlbsim", dict, None),
                   error=_opt(d, "error", str, None))


@dataclasses.dataclass
class PressureRecord:
    """One line of pressure.jsonl: a workload's base-page data-TLB misses per access under
    one TLB model (simulated)."""
    SCHEMA: ClassVar[str] = "spbench-pressure/1"
    workload: str
    size: str
    model: str
    seed: Optional[int] = None
    args: Any = None
    tlbs: Any = None
    ref_mb: Optional[int] = None
    data_accesses: Optional[int] = None
    data_misses: Optional[int] = None
    exit_status: Optional[int] = None
    error: Optional[str] = None
    source: Optional[str] = None    # the file of kept counts it was taken from

    def to_json(self) -> dict[str, Any]:
        d = {"schema": self.SCHEMA, "workload": self.workload, "size": self.size,
             "model": self.model, "seed": self.seed, "args": self.args, "tlbs": self.tlbs}
        for name in ("ref_mb", "data_accesses", "data_misses", "exit_status", "error",
                     "source"):
            if getattr(self, name) is not None:
                d[name] = getattr(self, name)
        return d

    @classmethod
    def from_json(cls, d: Any) -> PressureRecord:
        _schema_of(d, cls.SCHEMA)
        return cls(workload=_get(d, "workload", str), size=_get(d, "size", str),
                   model=str(d.get("model", "")), seed=d.get("seed"), args=d.get("args"),
                   tlbs=d.get("tlbs"), ref_mb=d.get("ref_mb"),
                   data_accesses=_opt(d, "data_accesses", int, None),
                   data_misses=_opt(d, "data_misses", int, None),
                   exit_status=d.get("exit_status"), error=_opt(d, "error", str, None),
                   source=_opt(d, "source", str, None))

    @property
    def measured(self) -> bool:
        return self.error is None and self.data_misses is not None

    def misses_per_1k(self) -> Optional[float]:
        """Base-page data-TLB misses per 1000 data accesses, or None."""
        if self.error is not None or not self.data_accesses or self.data_misses is None:
            return None
        return 1000.0 * self.data_misses / self.data_accesses


@dataclasses.dataclass
class AdversaryInfo:
    """adversary.json: how the adversaries' guests ran (kept across resumed calls)."""
    SCHEMA: ClassVar[str] = "spbench-adversary/1"
    accel: dict[str, str] = dataclasses.field(default_factory=dict)
    reps: Optional[int] = None
    guest_mem: Optional[str] = None
    program: Optional[str] = None
    kernels: dict[str, Any] = dataclasses.field(default_factory=dict)
    seconds: Optional[float] = None
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)

    FIELDS: ClassVar[tuple[str, ...]] = ("schema", "accel", "reps", "guest_mem", "program",
                                         "kernels", "seconds")

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "accel": self.accel, "reps": self.reps,
                "guest_mem": self.guest_mem, "program": self.program,
                "kernels": self.kernels, "seconds": self.seconds, **self.extra}

    @classmethod
    def from_json(cls, d: Any) -> AdversaryInfo:
        if not isinstance(d, dict):
            raise RecordError("not a JSON object")
        secs = d.get("seconds")
        return cls(accel=_opt(d, "accel", dict, None) or {}, reps=d.get("reps"),
                   guest_mem=d.get("guest_mem"), program=d.get("program"),
                   kernels=_opt(d, "kernels", dict, None) or {},
                   seconds=secs if _number(secs) else None,
                   extra={k: v for k, v in d.items() if k not in cls.FIELDS})


JOB_KINDS = ("plan", "commands", "exec")


@dataclasses.dataclass
class GuestJob:
    """What a booted guest kernel is told to do, and nothing else tells it: the one job
    format of a run in a guest (kind plan: the plan, the host's command line, where it
    runs), the adversaries (kind commands: programs whose output each goes whole to a
    file) and the patch's test suite (kind exec: a program and the environment it adds)."""
    SCHEMA: ClassVar[str] = "spbench-guest-job/1"
    kind: str
    plan: dict[str, Any] = dataclasses.field(default_factory=dict)
    context: dict[str, Any] = dataclasses.field(default_factory=dict)
    argv: list[str] = dataclasses.field(default_factory=list)
    commands: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    env: dict[str, str] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "kind": self.kind, "plan": self.plan,
                "context": self.context, "argv": self.argv, "commands": self.commands,
                "env": self.env}

    @classmethod
    def from_json(cls, d: Any) -> GuestJob:
        if not isinstance(d, dict) or d.get("schema") != cls.SCHEMA:
            raise RecordError(f"not an spbench guest job (schema {cls.SCHEMA})")
        kind = _get(d, "kind", str)
        if kind not in JOB_KINDS:
            raise RecordError(f"kind {kind!r} is not one of {', '.join(JOB_KINDS)}")
        job = cls(kind, plan=_opt(d, "plan", dict, None) or {},
                  context=_opt(d, "context", dict, None) or {},
                  argv=[str(a) for a in _opt(d, "argv", list, None) or []],
                  commands=_opt(d, "commands", list, None) or [],
                  env=_opt(d, "env", dict, None) or {})
        job._check()
        return job

    def _check(self) -> None:
        if self.kind == "plan" and not self.plan:
            raise RecordError("a plan job lacks its plan")
        if self.kind == "exec" and not self.argv:
            raise RecordError("an exec job lacks its argv")
        for c in self.commands:
            if not isinstance(c, dict) or not isinstance(c.get("argv"), list) \
                    or not isinstance(c.get("out"), str):
                raise RecordError("a command lacks its argv or out")


@dataclasses.dataclass
class ReproductionDoc:
    """reproduce.json: the settings every stage of a reproduction shares."""
    SCHEMA: ClassVar[str] = "spbench-reproduce/1"
    settings: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "settings": self.settings}

    @classmethod
    def from_json(cls, d: Any) -> ReproductionDoc:
        if not isinstance(d, dict):
            raise RecordError("not a JSON object")
        return cls(settings=_get(d, "settings", dict))


@dataclasses.dataclass
class MonitorRecord:
    """One line of monitors.jsonl: what spstat sampled over one run, kept apart from its
    run record so runs.jsonl stays small: the coverage series and the /proc monitors
    (spstat's coverage.series and monitors, harness/core/SCHEMA.md). The run is named as
    in runs.jsonl (RunRecord.make_key) and by when it started."""
    SCHEMA: ClassVar[str] = "spbench-monitor/1"
    workload: str
    size: str
    policy: str
    state: str
    kernel: str
    rep: int
    warmup: bool
    started: Optional[str] = None
    coverage_series: Optional[dict[str, Any]] = None
    monitors: Optional[dict[str, Any]] = None

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "workload": self.workload, "size": self.size,
                "policy": self.policy, "state": self.state, "kernel": self.kernel,
                "rep": self.rep, "warmup": self.warmup, "started": self.started,
                "coverage_series": self.coverage_series, "monitors": self.monitors}

    @classmethod
    def from_json(cls, d: Any) -> MonitorRecord:
        _schema_of(d, cls.SCHEMA)
        return cls(workload=_get(d, "workload", str), size=_get(d, "size", str),
                   policy=_get(d, "policy", str), state=_get(d, "state", str),
                   kernel=_opt(d, "kernel", str, "host") or "host",
                   rep=_opt(d, "rep", int, 0) or 0, warmup=bool(d.get("warmup")),
                   started=_opt(d, "started", str, None),
                   coverage_series=_opt(d, "coverage_series", dict, None),
                   monitors=_opt(d, "monitors", dict, None))

    @property
    def key(self) -> tuple[str, str, str, str, str, int]:
        return RunRecord.make_key(self.workload, self.size, self.state, self.policy,
                                  self.kernel, self.rep)


@dataclasses.dataclass
class ProfileRecord:
    """One line of profiles.jsonl: a workload once under perf record in one state and
    policy, never timed. events: what perf sampled; tlb_events: the TLB events among them,
    empty with tlb_reason saying why (no PMU, say) where only cpu-clock could be used;
    top: per event, the hottest symbols of perf report --sort symbol, each {symbol, pct,
    where} (where: [.] user, [k] kernel)."""
    SCHEMA: ClassVar[str] = "spbench-profile/1"
    workload: str
    size: str
    policy: str
    state: str
    kernel: str = "host"
    seed: Optional[int] = None
    started: Optional[str] = None
    events: list[str] = dataclasses.field(default_factory=list)
    tlb_events: list[str] = dataclasses.field(default_factory=list)
    tlb_reason: Optional[str] = None
    perf_data: Optional[str] = None     # the perf.data kept, relative to the folder
    samples: dict[str, int] = dataclasses.field(default_factory=dict)
    top: dict[str, list[dict[str, Any]]] = dataclasses.field(default_factory=dict)
    check: dict[str, Any] = dataclasses.field(default_factory=dict)
    error: Optional[str] = None

    def to_json(self) -> dict[str, Any]:
        return {"schema": self.SCHEMA, "workload": self.workload, "size": self.size,
                "policy": self.policy, "state": self.state, "kernel": self.kernel,
                "seed": self.seed, "started": self.started, "events": self.events,
                "tlb_events": self.tlb_events, "tlb_reason": self.tlb_reason,
                "perf_data": self.perf_data, "samples": self.samples, "top": self.top,
                "check": self.check, "error": self.error}

    @classmethod
    def from_json(cls, d: Any) -> ProfileRecord:
        _schema_of(d, cls.SCHEMA)
        return cls(workload=_get(d, "workload", str), size=_get(d, "size", str),
                   policy=_get(d, "policy", str), state=_get(d, "state", str),
                   kernel=_opt(d, "kernel", str, "host") or "host", seed=d.get("seed"),
                   started=_opt(d, "started", str, None),
                   events=[str(e) for e in _opt(d, "events", list, None) or []],
                   tlb_events=[str(e) for e in _opt(d, "tlb_events", list, None) or []],
                   tlb_reason=_opt(d, "tlb_reason", str, None),
                   perf_data=_opt(d, "perf_data", str, None),
                   samples=_opt(d, "samples", dict, None) or {},
                   top=_opt(d, "top", dict, None) or {},
                   check=_opt(d, "check", dict, None) or {},
                   error=_opt(d, "error", str, None))

    @property
    def key(self) -> tuple[str, str, str, str, str]:
        return (self.workload, self.size, self.state, self.policy, self.kernel)
