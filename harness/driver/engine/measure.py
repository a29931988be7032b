"""One step measured: the workload under spstat with the policy's flags,
its output checked, and its record appended to the folder's runs as soon as it
exists; a run whose check fails keeps its output under failed/."""
from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
from typing import TYPE_CHECKING, Any, Callable, Optional

from harness.records import ResultFolder, RunRecord, SimRecord
from harness.driver.system import hostinfo, stops
from harness.driver import paths
from harness.driver.errors import UserError
from harness.driver.engine import monitor

if TYPE_CHECKING:
    from harness.driver.engine.plan import Plan, Step
    from harness.driver.manifest import Workload

    # a workload's placeholder values for a run whose output goes to outdir
    Values = Callable[[Workload, str], dict[str, str]]


def now_iso() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Measurement:
    """Runs steps of one plan into one result folder."""

    def __init__(self, plan: Plan, out: str, values: Values) -> None:
        self.plan = plan
        self.out = out
        self.values = values            # (workload, outdir) -> placeholder values
        self.folder = ResultFolder(out)
        self.failed_checks = 0
        # --tune: {'sampler': cpu, 'measured': [cpus]} (noise.pinning), else None
        self.pin: Optional[dict[str, Any]] = None

    def run(self, step: Step, outdir: str) -> None:
        plan, w, pol = self.plan, step.workload, step.policy
        values = self.values(w, outdir)
        cmd = w.expand(w.run, plan.size, **values)
        stat_path = os.path.join(outdir, "spstat.json")
        sampler, measured = pinned(self.pin)
        spstat = [*sampler, paths.SPSTAT, "-o", stat_path, "--sample-ms", str(plan.sample_ms),
                  *monitor.spstat_flags(plan.monitor_ms),
                  *pol.spstat_flags, *w.spstat_flags, "--", *measured, *cmd]
        started = now_iso()
        rc = _spstat(spstat, outdir)
        try:
            with open(stat_path) as f:
                stat = json.load(f)
        except (OSError, ValueError):
            raise UserError(f"{w.name}: spstat wrote no result "
                            f"(exit {rc}); see {self.keep(outdir, step)}", status=1)
        monitor.store(self.folder, plan, step, started, stat)
        passed, message = self.verify(w, values, stat, rc, outdir)
        record = RunRecord(w.name, plan.size, pol.name, step.state, plan.kernel, step.rep,
                           step.warmup, plan.seed, started,
                           {"passed": passed, "message": message},
                           hostinfo.thp_settings(), stat, dict(w.record_extra))
        if not passed:
            self.failed_checks += 1
            kept = self.keep(outdir, step)
            record.check["kept_output"] = kept
            print(f"\nspbench: {w.name} {pol.name} run {step.rep + 1}: check FAILED: "
                  f"{message} (output kept in {kept})", file=sys.stderr)
        self.folder.append_run(record)

    def verify(self, w: Workload, values: dict[str, str], stat: dict[str, Any], rc: int,
               outdir: str) -> tuple[bool, str]:
        exit_ = stat.get("exit", {})
        if exit_.get("exec_error"):
            return False, f"cannot run: {exit_['exec_error']}"
        if exit_.get("signal"):
            return False, f"killed by signal {exit_['signal']}"
        if rc != 0:
            with open(os.path.join(outdir, "stderr")) as f:
                err = f.read().strip().splitlines()
            return False, f"exit status {rc}: {err[-1] if err else ''}"
        p = subprocess.run(w.expand(w.check, self.plan.size, **values),
                           capture_output=True, text=True)
        if p.returncode != 0:
            lines = (p.stderr or p.stdout).strip().splitlines()
            return False, lines[-1] if lines else f"check exited {p.returncode}"
        return True, ""

    def keep(self, outdir: str, step: Step) -> str:
        dest = os.path.join(self.folder.failed_dir, f"{step.workload.name}-{step.policy.name}-"
                            f"{step.rep}-{os.getpid()}")
        if not os.path.exists(dest):
            shutil.copytree(outdir, dest)
        return dest


def pinned(pin: Optional[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The taskset prefixes of spstat (its CPU: where it samples) and of the measured
    command (the others). taskset execs in place, so spstat still counts the process it
    forked; the command inherits the affinity with every child it starts."""
    if not pin:
        return [], []
    return (["taskset", "-c", str(pin["sampler"])],
            ["taskset", "-c", ",".join(str(c) for c in pin["measured"])])


def simulate(plan: Plan, w: Workload, values: dict[str, str], out: str,
             timeout: Optional[float] = None) -> None:
    """The workload once under sptlb (never timed); its counts go to
    tlbsim.jsonl as a record marked simulated. A program the tool cannot
    follow gets one line on stderr and a record saying why."""
    from harness.tlbsim import sptlb
    cmd = w.expand(w.run, plan.size, **values)
    record = SimRecord(w.name, plan.size, plan.kernel, plan.seed, now_iso())
    with open(os.devnull, "w") as null:
        try:
            status, data = sptlb.run(cmd, plan.tlbsim_models, stdout=null, stderr=null,
                                     timeout=timeout, native=w.helpers,
                                     policies=list(plan.tlbsim_policies))
            record.tlbsim = data
            if status != 0:
                record.error = f"exit status {status}"
        except sptlb.Refused as e:
            record.error = str(e)
            print(f"\nspbench: {w.name}: tlbsim: {e}", file=sys.stderr)
    ResultFolder(out).append_sim(record)


def tlbsim_choice(models: Optional[str],
                  policies: Optional[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """--tlbsim-models and --tlbsim-policies (comma-separated) as the plan keeps
    them, checked before anything runs: a model sptlb has, a policy one of them has."""
    from harness.tlbsim import sptlb
    names = tuple(sptlb.split_list(models)) or ("alpha21264",)
    wanted = tuple(sptlb.split_list(policies))
    try:
        have = [sptlb.model_policies(n) for n in names]
    except (sptlb.Refused, OSError) as e:
        raise UserError(f"--tlbsim-models: {e}")
    for p in wanted:
        model, _, name = p.rpartition(":")
        if not any(name in pols for n, pols in have if model in ("", n)):
            raise UserError(f"--tlbsim-policies: no model of {', '.join(names)} has the "
                            f"policy {p}")
    return names, wanted


def simulated_done(out: str) -> set[tuple[str, str]]:
    """Workloads (name, size) already simulated in the folder."""
    return {(r.workload, r.size) for r in ResultFolder(out).sims() if r.tlbsim is not None}


def _spstat(cmd: list[str], outdir: str) -> int:
    """Runs spstat, its output in outdir; a stop while it runs ends it first."""
    proc: Optional[subprocess.Popen[bytes]] = None
    with open(os.path.join(outdir, "stdout"), "w") as so, \
            open(os.path.join(outdir, "stderr"), "w") as se:
        try:
            with stops.held() as mask:
                proc = stops.popen(cmd, mask, stdout=so, stderr=se)
            assert proc is not None     # held() never swallows an exception
            return proc.wait()
        finally:
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait()
