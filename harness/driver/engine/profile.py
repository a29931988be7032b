"""--profile: each workload once more per state and policy under `perf record`, never timed,
after its measured runs. perf samples cpu-clock (where the time goes) and, where the PMU
counts them, dTLB load misses and the CPU's page-walk event (where the misses come from);
where it does not, the record says why TLB events were left out. The perf.data is kept in
the folder and `perf report --stdio --sort symbol` is parsed into each event's top symbols.
perf does the sampling and the symbol resolution; only reading its report is written here."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from typing import TYPE_CHECKING, Any, Iterable, Optional

from harness.records import ProfileRecord, ResultFolder
from harness.driver import paths
from harness.driver.engine.measure import Measurement, _spstat, now_iso
from harness.driver.engine.plan import Step

if TYPE_CHECKING:
    from harness.driver.engine.plan import Plan

FREQ_HZ = 999           # perf's samples per second of each event's clock (odd: no lockstep)
TOP = 10                # symbols kept per event
TLB_NAMES = ("dTLB-load-misses", "page-walk-cycles", "page-walks")
_SAMPLES = re.compile(r"^# Samples: \S+\s+of event '([^']+)'")
_ROW = re.compile(r"^\s*([\d.]+)%\s+(\d+)\s+\[(.)\]\s+(.+?)(?:\s{2,}.*)?$")


def perf_event(e: dict[str, Any]) -> Optional[str]:
    """perf's spelling of an event spstat resolved (spstat --list-events): a generic name
    as it is, a raw CPU event by its config; None where perf has no spelling for it."""
    scope = ":u" if e.get("scope") == "user" else ""
    if e.get("type") in (0, 1, 3) and not e.get("event"):
        return e["name"] + scope
    if e.get("type") == 4 and e.get("config"):
        return f"cpu/config={e['config']},name={e['name']}/{scope.lstrip(':')}"
    return None


def choose_events(listed: dict[str, Any]) -> tuple[list[str], list[str], Optional[str]]:
    """(events, tlb_events, tlb_reason) from spstat --list-events: cpu-clock always, the TLB
    events that can be counted here, and why the others cannot (None when all can)."""
    user_only = any(e.get("scope") == "user" for e in listed.get("events", []))
    events = ["cpu-clock:u" if user_only else "cpu-clock"]
    tlb, why = [], []
    for e in listed.get("events", []):
        if e.get("name") not in TLB_NAMES:
            continue
        spelled = perf_event(e) if e.get("supported") else None
        if spelled:
            tlb.append(spelled)
        else:
            why.append(f"{e['name']}: {e.get('reason') or 'perf has no name for it'}")
    if not any(e.get("name") in TLB_NAMES for e in listed.get("events", [])):
        why.append("spstat lists no TLB event for this CPU")
    reason = "; ".join(why) if why else None
    if not tlb:
        reason = f"cpu-clock only, no TLB event: {reason}"
    return events + tlb, tlb, reason


def probe_events() -> tuple[list[str], list[str], Optional[str]]:
    p = subprocess.run([paths.SPSTAT, "--list-events"], capture_output=True, text=True)
    try:
        listed = json.loads(p.stdout)
    except ValueError:
        return ["cpu-clock"], [], f"cpu-clock only: spstat --list-events failed: {p.stderr}"
    return choose_events(listed)


def parse_report(text: str, top: int = TOP) -> tuple[dict[str, int], dict[str, list[Any]]]:
    """({event: samples}, {event: [{symbol, pct, samples, where}]}) from `perf report
    --stdio -n --sort symbol`: one block per event, rows by overhead; where is perf's
    [.] (user) or [k] (kernel)."""
    samples: dict[str, int] = {}
    tops: dict[str, list[Any]] = {}
    event = None
    for line in text.splitlines():
        m = _SAMPLES.match(line)
        if m:
            event = m.group(1)
            samples[event] = 0
            tops[event] = []
            continue
        m = _ROW.match(line)
        if m and event is not None:
            samples[event] += int(m.group(2))
            if len(tops[event]) < top:
                tops[event].append({"symbol": m.group(4), "pct": float(m.group(1)),
                                    "samples": int(m.group(2)), "where": f"[{m.group(3)}]"})
    return samples, tops


def todo(plan: Plan, steps: Iterable[Step], out: str) -> list[Step]:
    """One step per (workload, state, policy) of the measured steps given, that the folder
    has not profiled yet."""
    done = {r.key for r in ResultFolder(out, warn=None).profiles() if r.error is None}
    seen, out_steps = set(), []
    for s in steps:
        key = (s.workload.name, plan.size, s.state, s.policy.name, plan.kernel)
        if s.warmup or key in done or key in seen:
            continue
        seen.add(key)
        out_steps.append(Step(s.workload, s.state, s.policy, 0, False))
    return out_steps


class Profiler:
    """Runs profile steps into one result folder (Experiment.one hands it each step)."""

    def __init__(self, measurement: Measurement) -> None:
        self.measurement = measurement
        self.plan = measurement.plan
        self.folder = measurement.folder
        self.events: Optional[tuple[list[str], list[str], Optional[str]]] = None

    def run(self, step: Step, outdir: str) -> None:
        if self.events is None:
            self.events = probe_events()
        events, tlb, reason = self.events
        plan, w, pol = self.plan, step.workload, step.policy
        rec = ProfileRecord(w.name, plan.size, pol.name, step.state, plan.kernel, plan.seed,
                            now_iso(), events=events, tlb_events=tlb, tlb_reason=reason)
        if shutil.which("perf") is None:
            rec.error = "perf is not installed (Debian package linux-perf: make deps)"
            self.folder.append_profile(rec)
            return
        values = self.measurement.values(w, outdir)
        data = os.path.join(outdir, "perf.data")
        stat_path = os.path.join(outdir, "spstat.json")
        cmd = ["perf", "record", "-q", "-F", str(FREQ_HZ), "-e", ",".join(events), "-o", data,
               "--", *w.expand(w.run, plan.size, **values)]
        rc = _spstat([paths.SPSTAT, "-o", stat_path, "--sample-ms", str(plan.sample_ms),
                      "--no-histogram", *pol.spstat_flags, *w.spstat_flags, "--", *cmd],
                     outdir)
        try:
            with open(stat_path) as f:
                stat = json.load(f)
        except (OSError, ValueError):
            stat = {}
        passed, message = self.measurement.verify(w, values, stat, rc, outdir)
        rec.check = {"passed": passed, "message": message}
        self._report(rec, data, step)
        self.folder.append_profile(rec)

    def _report(self, rec: ProfileRecord, data: str, step: Step) -> None:
        """The report of data parsed into rec, and data kept in the folder."""
        if not os.path.isfile(data):
            rec.error = f"perf record wrote no profile ({rec.check.get('message') or '?'})"
            return
        p = subprocess.run(["perf", "report", "-i", data, "--stdio", "-n", "--sort", "symbol"],
                           capture_output=True, text=True)
        rec.samples, rec.top = parse_report(p.stdout)
        if p.returncode != 0 or not rec.samples:
            lines = (p.stderr or p.stdout).strip().splitlines()
            rec.error = "perf report: " + (lines[-1] if lines else f"exit {p.returncode}")
        kept = self.folder.profile_data(rec.workload, step.state, rec.policy)
        os.makedirs(os.path.dirname(kept), exist_ok=True)
        shutil.move(data, kept)
        rec.perf_data = os.path.relpath(kept, self.folder.path)
