"""The experiment engine. An Experiment owns one result folder: it checks
and builds what the plan needs, writes the folder's meta record, holds the settings
journal (the one writer of system settings) and the memory state, runs its
monitors, and walks the plan's Steps, resuming where a folder left off.
spbench run, reproduce, experiment sustained and a plan run inside a guest
kernel all hand it a plan; the command line only parses and prints."""
from __future__ import annotations

import contextlib
import dataclasses
import datetime
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from typing import (TYPE_CHECKING, Any, Callable, ContextManager, Iterable, Iterator, Literal,
                    Optional, Protocol, Sequence, TypeVar)

from harness.records import Meta, ResultFolder
from harness.driver import config, paths
from harness.driver.system import hostinfo, memstate, noise, settings
from harness.driver.errors import UserError
from harness.driver.engine.estimate import Estimator, clock
from harness.driver.engine.progress import Progress
from harness.driver.engine.inputs import prepare_inputs, workload_values
from harness.driver.engine.measure import Measurement, now_iso, simulate, simulated_done
from harness.driver.engine.plan import Plan, Step, check_against_folder, pending
from harness.driver.engine import profile
from harness.driver.engine import refsize

if TYPE_CHECKING:
    from harness.driver.manifest import Workload

SIM_TIMEOUT_MIN_S = 600         # a run under sptlb is never stopped as hung before this

H = TypeVar("H")


@dataclasses.dataclass
class Context:
    """Where a plan runs. On the host every field is found out here; a guest
    kernel is handed them by the host in plan.json."""
    virt: Optional[str] = None          # kvm or tcg for a guest; None: detected
    tlb_reach_kb: Optional[int] = None  # for ref sizes: a guest's CPUID is the emulator's
    scratch: Optional[str] = None       # workload output; None: SPBENCH_SCRATCH or build/scratch
    build: bool = True                  # a guest sees the host's build read-only
    # the booted variant's build record, as the host read it
    kernel_build: Optional[dict[str, Any]] = None


class Monitor(Protocol):
    """What an Experiment's monitors have (sustained.Timeline is one)."""

    def start(self) -> None: ...

    def step_started(self, step: Step) -> None: ...

    def step_ended(self, step: Step) -> None: ...

    def stop(self) -> None: ...


def default_out(suffix: Optional[str] = None) -> str:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return os.path.join(paths.RESULTS, f"{stamp}-{suffix or socket.gethostname()}")


def build() -> None:
    p = subprocess.run(["make", "-s", "-C", paths.REPO, "all"], capture_output=True, text=True)
    if p.returncode != 0:
        lines = (p.stderr or p.stdout).strip().splitlines()
        raise UserError("build failed: " + (lines[-1] if lines else f"make exited {p.returncode}"))


def writable(folder: str, what: str, hint: str = "") -> None:
    """Checked before anything is written: one line if folder cannot be."""
    try:
        os.makedirs(folder, exist_ok=True)
        probe = os.path.join(folder, f".write-test.{os.getpid()}")
        with open(probe, "w"):
            pass
        os.unlink(probe)
    except OSError as e:
        raise UserError(f"cannot write {what} to {folder}: {e.strerror}{hint}")


class Experiment:
    """Use: exp.execute(), which is exp.open(); with exp: exp.run(); exp.simulate();
    exp.finish(). A monitor has
    start(), step_started(step), step_ended(step) and stop(): started once
    the journal is held, stopped before the settings go back."""

    def __init__(self, plan: Plan, out: str, argv: list[str], context: Optional[Context] = None,
                 extra_meta: Optional[dict[str, Any]] = None, resume: bool = True,
                 monitors: Iterable[Monitor] = (), progress: Optional[Progress] = None,
                 quiet: bool = False) -> None:
        self.plan = plan
        self.out = os.path.abspath(out)
        self.argv = argv
        self.context = context or Context()
        self.extra_meta = extra_meta or {}
        self.resume = resume
        self.monitors = list(monitors)
        self.progress = progress    # None: one of its own, unless quiet
        self.quiet = quiet
        self.scratch = self.context.scratch or config.scratch()
        self.folder = ResultFolder(self.out)
        self.journal: Optional[settings.Journal] = None
        self.held: Optional[object] = None
        # across the run() calls of one experiment (a stage run workload by workload): the
        # steps still to run at the first call, and those done since, with their seconds
        self._stage_todo: Optional[list[Step]] = None
        self._done: list[Step] = []
        self._done_s = 0.0
        self.ref_mb: dict[str, int] = {}
        self.meta: Optional[Meta] = None
        self.measurement: Optional[Measurement] = None

    # -- before the journal: checks, build, the meta record --------------

    def open(self) -> Experiment:
        self.plan.check_root()
        writable(self.scratch, "workload output",
                 " (set SPBENCH_SCRATCH to a writable folder)")
        writable(self.out, "results")
        old = check_against_folder(self.out, self.plan)
        if not self.resume and self.folder.has_runs():
            raise UserError(f"{self.out} already holds results; choose another --out")
        if self.context.build:
            build()
        host = hostinfo.host()
        if self.plan.kernel == "host":      # a guest's own name says nothing of the machine
            host["hostname"] = socket.gethostname()
        ref_sizing: dict[str, Any] = {}
        if self.plan.size == "ref":
            self.ref_mb, ref_sizing = self._size_ref(host)
        meta = Meta(created=old.created if old else now_iso(), argv=self.argv,
                    plan=self.plan.as_dict(), extra=dict(self.extra_meta), host=host,
                    kernel=hostinfo.kernel(self.plan.kernel, self.context.virt,
                                           self.context.kernel_build),
                    settings=hostinfo.thp_settings(), tools=hostinfo.tools(),
                    revision=hostinfo.revision(), ref_mb=self.ref_mb,
                    noise=noise.untuned(), ref_sizing=ref_sizing)
        if old:
            for key in ("workloads", "policies"):
                meta.plan[key] = sorted(set(old.plan.get(key) or []) | set(meta.plan[key]))
        self.meta = meta
        self._write_meta()
        print(f"spbench: results in {self.out}", file=sys.stderr)
        self.measurement = Measurement(self.plan, self.out, self.values)
        return self

    def _size_ref(self, host: dict[str, Any]) -> tuple[dict[str, int], dict[str, Any]]:
        """On the host: the reach chosen here (measured or CPUID) and the memory cap. In a
        guest, whose CPUID is the emulator's: the host's reach, uncapped, as the host
        prepared the inputs."""
        if self.context.tlb_reach_kb:
            given = {"reach_kb": self.context.tlb_reach_kb, "source": "host",
                     "why": "chosen by the host that booted this guest"}
            return refsize.sizes(self.plan.workloads, given, None)
        return refsize.sizes(self.plan.workloads, refsize.choose(host), refsize.memory_cap_mb())

    def execute(self, body: Optional[Callable[[Experiment], object]] = None) -> int:
        """The whole experiment: open, then body(self) (default: run the plan's steps) with
        the journal held, the simulations, finish; returns the number of failed checks."""
        self.open()
        with self:
            if body is None:
                self.run()
            else:
                body(self)
        self.simulate()
        return self.finish()

    def values(self, w: Workload, outdir: str) -> dict[str, str]:
        return workload_values(w, self.plan.size, outdir, self.plan.seed,
                               self.ref_mb.get(w.name))

    def prepare_inputs(self, workloads: Optional[Sequence[Workload]] = None) -> None:
        for w in workloads or self.plan.workloads:
            prepare_inputs(w, self.plan.size, self.values(w, ""))

    def finish(self) -> int:
        """Marks the meta record finished; returns the number of failed checks."""
        assert self.meta is not None and self.measurement is not None
        self.meta.finished = now_iso()
        self._write_meta()
        return self.measurement.failed_checks

    def _write_meta(self) -> None:
        assert self.meta is not None
        self.folder.write_meta(self.meta)

    # -- while the journal is held ---------------------------------------

    def __enter__(self) -> Experiment:
        self.journal = settings.Journal(config.state_dir())
        self.journal.acquire()
        try:
            if self.plan.tune:
                self._tune()
            for m in self.monitors:
                m.start()
        except BaseException:
            self._close()
            raise
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        self._close()
        return False

    def _close(self) -> None:
        assert self.journal is not None
        try:
            for m in reversed(self.monitors):
                m.stop()
        finally:
            # settings go back before anything else may fail
            try:
                self.journal.restore()
            finally:
                self.journal.release()
                self.journal = None

    def _tune(self) -> None:
        """--tune: the noise settings written through the journal and the measured process
        kept off spstat's CPU; the meta record says what was set and what the host refused."""
        assert self.journal is not None
        outcome = noise.tune(self.journal)
        pin = noise.pinning_here()
        if self.measurement is not None:
            self.measurement.pin = pin if "sampler" in pin else None
        if self.meta is not None:
            self.meta.noise = noise.tuned(outcome, pin)
            self._write_meta()

    def set(self, path: str, value: str) -> None:
        assert self.journal is not None
        self.journal.set(path, value)

    @contextlib.contextmanager
    def holding(self, state: ContextManager[H]) -> Iterator[H]:
        """Holds a memory state (a context manager, such as a Fragmenter)
        across the steps run inside; without one, each step enters its own."""
        with state as held:
            self.held = held
            try:
                yield held
            finally:
                self.held = None

    def run(self, steps: Optional[Iterable[Step]] = None) -> None:
        """Runs steps (default: the plan's); a resumed folder runs only the
        (workload, state) groups that miss a measured run."""
        steps = list(self.plan.steps() if steps is None else steps)
        todo = steps
        if self.resume:
            todo, recorded = pending(self.plan, steps, self.out)
            if not todo:
                print(f"spbench: every run of this plan is already in {self.out}",
                      file=sys.stderr)
                self.profile(steps)
                return
            if recorded:
                print(f"spbench: resuming: {recorded} runs already recorded", file=sys.stderr)
        if self._stage_todo is None:
            self._stage_todo = pending(self.plan, list(self.plan.steps()), self.out)[0]
        self.prepare_inputs(list({s.workload.name: s.workload for s in todo}.values()))
        if self.progress is None and not self.quiet:
            self.progress = Progress(Estimator(paths.RESULTS, self.out))
        for i, step in enumerate(todo):
            self._show_progress(i, todo)
            t0 = time.monotonic()
            self.one(step)
            self._done.append(step)
            self._done_s += time.monotonic() - t0
        self.profile(steps)
        if self.progress is not None and self._redraws():
            self.progress.say("")

    def profile(self, steps: Iterable[Step]) -> None:
        """--profile: each (workload, state, policy) of steps once under perf record,
        untimed, in the same state and policy as its runs; one the folder has is kept."""
        if not self.plan.profile:
            return
        assert self.measurement is not None
        profiler = profile.Profiler(self.measurement)
        for step in profile.todo(self.plan, steps, self.out):
            print(f"spbench: {step.workload.name} {self.plan.size} {step.state} "
                  f"{step.policy.name} under perf record (profile, not timed)",
                  file=sys.stderr)
            self.one(step, profiler.run)

    def simulate(self) -> None:
        """--tlbsim: each workload of the plan once under sptlb, after the
        timed runs and never timed itself; a folder that has a workload's
        counts already is not asked again."""
        if not self.plan.tlbsim:
            return
        done = simulated_done(self.out)
        todo = [w for w in self.plan.workloads if (w.name, self.plan.size) not in done]
        self.prepare_inputs(todo)
        est = self.progress.estimator if self.progress else Estimator(paths.RESULTS, self.out)
        for i, w in enumerate(todo):
            if self.progress is not None:
                left = clock(self.progress.sims_left(self.plan, todo[i:]))
                self.progress.say(f"spbench: {w.name} {self.plan.size} under sptlb (simulated "
                                  f"TLBs, not timed), about {left} left")
            outdir = tempfile.mkdtemp(prefix=f"{w.name}-sim-", dir=self.scratch)
            try:
                # stopped as hung at 20 times what it should take
                timeout = max(SIM_TIMEOUT_MIN_S, 20 * est.sim_run_seconds(w.name, self.plan.size))
                simulate(self.plan, w, self.values(w, outdir), self.out, timeout=timeout)
            finally:
                shutil.rmtree(outdir, ignore_errors=True)

    def one(self, step: Step, run: Optional[Callable[[Step, str], None]] = None) -> None:
        assert self.journal is not None and self.measurement is not None
        run = run or self.measurement.run
        for path, value in step.policy.settings:
            self.journal.set(path, value)
        outdir = tempfile.mkdtemp(prefix=f"{step.workload.name}-", dir=self.scratch)
        try:
            for m in self.monitors:
                m.step_started(step)
            if self.held is not None:
                run(step, outdir)
            else:
                with memstate.entered(step.state, self.journal):
                    run(step, outdir)
            for m in self.monitors:
                m.step_ended(step)
        finally:
            shutil.rmtree(outdir, ignore_errors=True)

    def _redraws(self) -> bool:
        """One progress line redrawn in place on a terminal. A guest's console is a terminal
        too, but the host reads it a line at a time and would see nothing until the end."""
        stream = self.progress.stream if self.progress else None
        return bool(stream and stream.isatty()) and self.context.virt is None

    def _show_progress(self, i: int, todo: list[Step]) -> None:
        """One line per step; the time left is what the steps ahead took on this host before
        (estimate.py), scaled by how the steps so far compared with that. The steps ahead
        are those of the whole experiment, also when it runs a group at a time."""
        if self.progress is None:
            return
        step = todo[i]
        taken = {_ident(s) for s in self._done} | {_ident(s) for s in todo}
        ahead = todo[i:] + [s for s in self._stage_todo or () if _ident(s) not in taken]
        secs = self.progress.left(self.plan, self._done, self._done_s, ahead)
        left = f", about {clock(secs)} left"
        what = "warm-up" if step.warmup else f"run {step.rep + 1}/{self.plan.runs}"
        line = (f"[{len(self._done) + 1}/{len(self._done) + len(ahead)}] "
                f"{step.workload.name} {self.plan.size} {step.state} "
                f"{step.policy.name} {what}{left}")
        self.progress.say(line, redraw=self._redraws())


def _ident(step: Step) -> tuple[str, str, str, int, bool]:
    """A step's identity across plan.steps() calls, warm-ups apart from measured runs."""
    return (step.workload.name, step.state, step.policy.name, step.rep, step.warmup)
