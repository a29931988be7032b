"""Runs a plan: for each workload and state, warm-ups then runs of every
policy interleaved (A B A B ...), each under spstat, each output checked,
each record appended to runs.jsonl as soon as it exists."""
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from . import atomic, hostinfo, memstate, paths, stops
from .errors import UserError


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Plan:
    def __init__(self, workloads, policies, states, size, runs, warmup, seed,
                 sample_ms, kernel="host"):
        self.workloads = workloads
        self.policies = policies
        self.states = states
        self.size = size
        self.runs = runs
        self.warmup = warmup
        self.seed = seed
        self.sample_ms = sample_ms
        self.kernel = kernel

    def as_dict(self):
        return {"workloads": [w.name for w in self.workloads],
                "policies": [p.name for p in self.policies],
                "states": self.states, "size": self.size, "runs": self.runs,
                "warmup": self.warmup, "kernel": self.kernel, "seed": self.seed,
                "sample_ms": self.sample_ms}

    def steps(self):
        """(workload, state, rep, warmup, policy) in execution order."""
        for w in self.workloads:
            for state in self.states:
                for i in range(self.warmup):
                    for p in self.policies:
                        yield w, state, i, True, p
                for rep in range(self.runs):
                    for p in self.policies:
                        yield w, state, rep, False, p


def record_key(workload, size, state, policy, kernel, rep):
    return (workload, size, state, policy, kernel, rep)


def done_keys(runs_path):
    """Keys of the measured runs already recorded (for resuming)."""
    keys = set()
    if not os.path.exists(runs_path):
        return keys
    with open(runs_path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if not r.get("warmup"):
                keys.add(record_key(r["workload"], r["size"], r["state"], r["policy"],
                                    r["kernel"], r["rep"]))
    return keys


def _writable(folder, what, hint=""):
    try:
        os.makedirs(folder, exist_ok=True)
        probe = os.path.join(folder, f".write-test.{os.getpid()}")
        with open(probe, "w"):
            pass
        os.unlink(probe)
    except OSError as e:
        raise UserError(f"cannot write {what} to {folder}: {e.strerror}{hint}")


def prepare_out(out):
    _writable(out, "results")


def check_scratch():
    """Each run's workload output goes to the scratch folder: checked
    before anything is written, like the results folder."""
    _writable(paths.scratch(), "workload output",
              " (set SPBENCH_SCRATCH to a writable folder)")


def check_plan_against_folder(out, plan):
    """A rerun into an existing folder must be the same experiment."""
    meta_path = os.path.join(out, "meta.json")
    if not os.path.exists(meta_path):
        return None
    try:
        with open(meta_path) as f:
            old = json.load(f)
    except (OSError, ValueError):
        raise UserError(f"{meta_path} is not valid JSON; choose another --out")
    op = old.get("plan", {})
    for key in ("size", "kernel", "seed"):
        if op.get(key) != plan.as_dict()[key]:
            raise UserError(f"{out} holds a run with {key}={op.get(key)}; this one has "
                            f"{key}={plan.as_dict()[key]}: choose another --out")
    return old


def prepare_inputs(w, size, values):
    """Runs the workload's prepare step once per size; the result is cached in
    build/inputs and keyed by the expanded command."""
    folder = values["input"]
    os.makedirs(folder, exist_ok=True)
    if not w.prepare:
        return
    cmd = w.expand(w.prepare, size, **values)
    stamp = os.path.join(folder, ".prepared")
    key = json.dumps(cmd)
    if os.path.exists(stamp) and open(stamp).read() == key:
        return
    print(f"spbench: preparing {w.name} inputs ({size})", file=sys.stderr)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise UserError(f"{w.name}: preparing inputs failed (exit {p.returncode}): "
                        f"{(p.stderr.strip().splitlines() or [''])[-1]}", status=1)
    atomic.write_text(stamp, key)


def workload_values(w, size, outdir, seed, ref_mb):
    """The placeholder values of workloads/FORMAT.md for one run."""
    v = {"input": os.path.join(paths.INPUTS, w.name, f"{size}-seed{seed}"), "out": outdir,
         "seed": str(seed)}
    if size == "ref":
        v["ref_mb"] = str(ref_mb)
        v["input"] += f"-{ref_mb}mb"
    return v


class Runner:
    def __init__(self, plan, out, journal, ref_mb, progress=sys.stderr):
        self.plan = plan
        self.out = out
        self.journal = journal
        self.ref_mb = ref_mb
        self.progress = progress
        self.runs_path = os.path.join(out, "runs.jsonl")
        self.failed_checks = 0
        self.current = None

    def values(self, w, size, outdir):
        return workload_values(w, size, outdir, self.plan.seed, self.ref_mb.get(w.name))

    def execute(self):
        plan = self.plan
        done = done_keys(self.runs_path)

        def key(step):
            w, state, rep, _, pol = step
            return record_key(w.name, plan.size, state, pol.name, plan.kernel, rep)
        steps = list(plan.steps())
        pending = [s for s in steps if not s[3] and key(s) not in done]
        if not pending:
            print(f"spbench: every run of this plan is already in {self.runs_path}",
                  file=sys.stderr)
            return
        skipped = sum(1 for s in steps if not s[3]) - len(pending)
        if skipped:
            print(f"spbench: resuming: {skipped} runs already recorded", file=sys.stderr)
        groups = {(s[0].name, s[1]) for s in pending}
        todo = [s for s in steps
                if (s[0].name, s[1]) in groups and (s[3] or key(s) not in done)]
        prepared = set()
        durations = []
        for i, (w, state, rep, warm, pol) in enumerate(todo):
            if w.name not in prepared:
                prepare_inputs(w, plan.size, self.values(w, plan.size, ""))
                prepared.add(w.name)
            self.show_progress(i, len(todo), w, state, rep, warm, pol, durations)
            t0 = time.monotonic()
            self.one(w, state, rep, warm, pol)
            durations.append(time.monotonic() - t0)
        if self.progress and self.progress.isatty():
            print(file=self.progress)

    def show_progress(self, i, total, w, state, rep, warm, pol, durations):
        if not self.progress:
            return
        left = ""
        if durations:
            secs = sum(durations) / len(durations) * (total - i)
            left = f", about {int(secs // 60)}m{int(secs % 60):02d}s left"
        what = "warm-up" if warm else f"run {rep + 1}/{self.plan.runs}"
        line = f"[{i + 1}/{total}] {w.name} {self.plan.size} {state} {pol.name} {what}{left}"
        if self.progress.isatty():
            print("\r\033[K" + line, end="", file=self.progress, flush=True)
        else:
            print(line, file=self.progress, flush=True)

    def one(self, w, state, rep, warm, pol):
        for path, value in pol.settings:
            self.journal.set(path, value)
        outdir = tempfile.mkdtemp(prefix=f"{w.name}-", dir=self.scratch())
        try:
            with memstate.entered(state, self.journal):
                self.measure(w, state, rep, warm, pol, outdir)
        finally:
            shutil.rmtree(outdir, ignore_errors=True)

    def measure(self, w, state, rep, warm, pol, outdir):
        values = self.values(w, self.plan.size, outdir)
        cmd = w.expand(w.run, self.plan.size, **values)
        stat_path = os.path.join(outdir, "spstat.json")
        spstat = [paths.SPSTAT, "-o", stat_path, "--sample-ms", str(self.plan.sample_ms),
                  *pol.spstat_flags, "--", *cmd]
        started = now_iso()
        with open(os.path.join(outdir, "stdout"), "w") as so, \
                open(os.path.join(outdir, "stderr"), "w") as se:
            try:
                with stops.held() as mask:
                    self.current = stops.popen(spstat, mask, stdout=so, stderr=se)
                rc = self.current.wait()
            finally:
                if self.current is not None and self.current.poll() is None:
                    self.current.terminate()
                    self.current.wait()
                self.current = None
        try:
            with open(stat_path) as f:
                stat = json.load(f)
        except (OSError, ValueError):
            raise UserError(f"{w.name}: spstat wrote no result "
                            f"(exit {rc}); see {self.keep(outdir, w, pol, rep)}", status=1)
        passed, message = self.verify(w, values, stat, rc, outdir)
        record = {"schema": "spbench-run/1", "workload": w.name, "size": self.plan.size,
                  "policy": pol.name, "state": state, "kernel": self.plan.kernel,
                  "rep": rep, "warmup": warm, "seed": self.plan.seed, "started": started,
                  "check": {"passed": passed, "message": message},
                  "settings": hostinfo.thp_settings(), "spstat": stat}
        if not passed:
            self.failed_checks += 1
            kept = self.keep(outdir, w, pol, rep)
            record["check"]["kept_output"] = kept
            print(f"\nspbench: {w.name} {pol.name} run {rep + 1}: check FAILED: {message}"
                  f" (output kept in {kept})", file=sys.stderr)
        atomic.append_line(self.runs_path, json.dumps(record, separators=(",", ":")))

    def verify(self, w, values, stat, rc, outdir):
        exit_ = stat.get("exit", {})
        if exit_.get("exec_error"):
            return False, f"cannot run: {exit_['exec_error']}"
        if exit_.get("signal"):
            return False, f"killed by signal {exit_['signal']}"
        if rc != 0:
            err = open(os.path.join(outdir, "stderr")).read().strip().splitlines()
            return False, f"exit status {rc}: {err[-1] if err else ''}"
        p = subprocess.run(w.expand(w.check, self.plan.size, **values),
                           capture_output=True, text=True)
        if p.returncode != 0:
            lines = (p.stderr or p.stdout).strip().splitlines()
            return False, lines[-1] if lines else f"check exited {p.returncode}"
        return True, ""

    def scratch(self):
        d = paths.scratch()
        os.makedirs(d, exist_ok=True)
        return d

    def keep(self, outdir, w, pol, rep):
        dest = os.path.join(self.out, "failed", f"{w.name}-{pol.name}-{rep}-{os.getpid()}")
        if not os.path.exists(dest):
            shutil.copytree(outdir, dest)
        return dest
