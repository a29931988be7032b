"""spbench experiment sustained: the paper's figures 4 and 5 on Linux.
Memory is fragmented with spfrag's pagecache mode (the web server's cached
files), then FFTW runs four times under THP, with base-page runs before and
after for the speedup; contiguity is sampled every second throughout.
It is done once per scheme, the paper's two mapped onto Linux knobs."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import IO, Any, Optional, Sequence

from harness.records import ResultFolder
from harness.records.folder import EVENTS
from harness.driver import config, manifest, paths
from harness.driver.system import memstate, policies, settings
from harness.driver.errors import UserError
from harness.driver.engine.experiment import Experiment
from harness.driver.engine.plan import Plan, Step
from harness.driver.manifest import Workload
from harness.driver.system.policies import Policy

SCHEMES = ("cache", "daemon")


def scheme_settings(name: str, thp_root: Optional[str] = None) -> list[tuple[str, str]]:
    """(path, value) for a scheme. cache: cached pages only count as free,
    nothing moves them (proactive compaction off, no defrag at fault or in
    khugepaged). daemon: the kernel works to restore contiguity (proactive
    compaction on, THP faults compact directly, khugepaged defrags)."""
    root = thp_root or policies.thp_root()
    if name == "cache":
        values = ("0", "never", "0")
    elif name == "daemon":
        values = ("20", "always", "1")
    else:
        raise UserError(f"unknown scheme '{name}'; known: cache, daemon")
    return [(settings.PROACTIVE, values[0]),
            (os.path.join(root, "defrag"), values[1]),
            (os.path.join(root, "khugepaged", "defrag"), values[2])]


def state_label(scheme: str) -> str:
    return f"sustained-{scheme}"


def scheme_steps(w: Workload, scheme: str, base: Policy, thp: Policy,
                 nruns: int) -> list[Step]:
    """Base pages once, THP nruns times, base pages again."""
    label = state_label(scheme)
    return ([Step(w, label, base, 0, False)]
            + [Step(w, label, thp, i, False) for i in range(nruns)]
            + [Step(w, label, base, 1, False)])


class Timeline:
    """A monitor: spfrag watch in the background, one JSON line a second,
    and the experiment's events on the same clock."""

    def __init__(self, out: str) -> None:
        self.folder = ResultFolder(out)
        self.path = self.folder.timeline_path
        self.proc: Optional[subprocess.Popen[bytes]] = None
        self.file: Optional[IO[str]] = None
        self.t0: Optional[float] = None

    def start(self) -> None:
        self.file = open(self.path, "w")
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen([paths.SPFRAG, "watch", "--interval-ms", "1000"],
                                     stdout=self.file, stdin=subprocess.DEVNULL)

    def event(self, scheme: str, what: str, **extra: Any) -> None:
        assert self.t0 is not None
        rec = {"t_s": round(time.monotonic() - self.t0, 3), "scheme": scheme,
               "event": what, **extra}
        self.folder.append_line_to(EVENTS, rec)

    def step_started(self, step: Step) -> None:
        scheme = step.state.removeprefix("sustained-")
        _say(scheme, f"{step.policy.name} run {step.rep + 1}")
        self.event(scheme, "run-start", policy=step.policy.name, rep=step.rep)

    def step_ended(self, step: Step) -> None:
        self.event(step.state.removeprefix("sustained-"), "run-end",
                   policy=step.policy.name, rep=step.rep)

    def stop(self) -> None:
        if self.proc:
            self.proc.terminate()
            self.proc.wait()
            self.proc = None
            assert self.file is not None
            self.file.close()


def _say(scheme: str, message: str) -> None:
    print(f"spbench: {scheme}: {message}", file=sys.stderr, flush=True)


def experiment(out: str, schemes: Sequence[str], size: str, runs: int, seed: int,
               sample_ms: int, argv: list[str]) -> int:
    """The experiment into out (a new folder); returns the number of failed checks."""
    w = manifest.find("fftw")
    base, thp = policies.resolve("base"), policies.resolve("thp")
    plan = Plan([w], [base, thp], [state_label(s) for s in schemes], size, runs, 0, seed,
                sample_ms)
    desc = {"name": "sustained",
            "schemes": {s: dict(scheme_settings(s)) for s in schemes},
            "fragmenter": ["spfrag", "--mode", "pagecache", *config.frag_args()]}
    timeline = Timeline(out)
    exp = Experiment(plan, out, argv, resume=False, extra_meta={"experiment": desc},
                     monitors=[timeline], quiet=True)

    def body(exp: Experiment) -> None:
        exp.prepare_inputs()
        for s in schemes:
            _scheme(exp, timeline, w, s, base, thp, runs)
    return exp.execute(body)


def _scheme(exp: Experiment, timeline: Timeline, w: Workload, scheme: str, base: Policy,
            thp: Policy, nruns: int) -> None:
    for path, value in scheme_settings(scheme):
        exp.set(path, value)
    memstate.prepare("clean", exp.journal)
    timeline.event(scheme, "clean")
    _say(scheme, "fragmenting memory (spfrag --mode pagecache)")
    frag = memstate.Fragmenter("pagecache", config.frag_args(), journal=exp.journal)
    with exp.holding(frag):
        r = frag.ready
        assert r is not None        # spfrag's ready report, once the state is entered
        timeline.event(scheme, "fragmented", spfrag=r)
        _say(scheme, f"contiguity {r['before']['contiguity']:.3f} -> "
             f"{r['after']['contiguity']:.3f}, free {r['after']['free_kb'] // 1024} MB, "
             f"{r['time_s']:.0f} s")
        exp.run(scheme_steps(w, scheme, base, thp, nruns))
    timeline.event(scheme, "released", spfrag=frag.released)
