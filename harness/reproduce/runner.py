"""spbench reproduce: the registered stages in order, each a result folder (or several) of
its own under one reproduction folder, resumable (a rerun of the same command, or --resume
DIR, runs what is missing); the report is rebuilt from the records alone afterwards."""
from __future__ import annotations

import os
import time
from typing import Any

from harness.driver import paths
from harness.driver.engine import estimate, pressure
from harness.driver.engine.progress import Progress
from harness.reproduce import registry
from harness.reproduce.settings import Settings, load_or_save
from harness.reproduce.stage import Expected, Outcome, RunContext, say as _say


def _say_pressure(out: str, s: Settings) -> None:
    """The report explains each row by its TLB pressure where the folder has it: counts
    simulated earlier with this host's TLB geometry are taken, not simulated again."""
    have = pressure.from_measured(out, s.workloads, s.seed)
    if have:
        _say(f"TLB pressure: {len(have)} of {len(s.workloads)} workloads simulated earlier "
             f"with this host's TLB geometry ({os.path.relpath(pressure.MEASURED, paths.REPO)})")
    else:
        _say("TLB pressure: no earlier simulation matches this host's TLB geometry; "
             f"'spbench pressure --out {out}' adds it (hours)")


def expected(stages: list[Any], ctx: RunContext) -> Expected:
    """Every chosen stage's parts not yet in the folder, in the order they run."""
    total = Expected()
    for st in stages:
        e = st.expected(ctx)
        total.parts.update(e.parts)
        total.fixed |= e.fixed
        total.sims.update(e.sims)
    return total


def run(s: Settings, out: str, argv: list[str]) -> tuple[int, list[str]]:
    """Runs the stages of s into out; returns (the number of failed checks, the parts that
    did not finish for another reason: a guest that exited without its records, an
    adversary run that failed)."""
    out = os.path.abspath(out)
    s = load_or_save(out, s)
    est = estimate.Estimator(paths.RESULTS, out)
    chosen = [st for st in registry.stages() if st.name in s.stages]
    ctx = RunContext(s, out, argv, est, Progress(est))
    total = expected(chosen, ctx)
    ctx.progress = Progress(est, total.parts, total.fixed, total.sims)
    _say(f"{len(s.workloads)} workloads, size {s.size}, {s.runs} runs after {s.warmup} "
         f"warm-up; stages {', '.join(s.stages)}; expected "
         f"{estimate.clock(sum(total.parts.values()))} ("
         + ", ".join(f"{k} {estimate.clock(v)}" for k, v in total.parts.items()) + ")")
    for st in chosen:
        why = st.skipped(ctx)
        if why:
            _say(f"{st.name}: {why}; skipped")
    if s.size == "ref":
        _say_pressure(out, s)
    result = Outcome()
    for st in chosen:
        if st.skipped(ctx):
            continue
        t0 = time.monotonic()
        done = st.run(ctx)
        result.failed += done.failed
        result.broken += done.broken
        if st.paced:
            ctx.progress.note_stage(st.name, time.monotonic() - t0, total.parts.get(st.name))
    return result.failed, result.broken
