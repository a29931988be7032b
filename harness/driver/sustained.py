"""spbench experiment sustained: the paper's figures 4 and 5 on Linux.
Memory is fragmented with spfrag's pagecache mode (the web server's cached
files), then FFTW runs four times under THP, with base-page runs before and
after for the speedup; contiguity is sampled every second throughout.
It is done once per scheme, the paper's two mapped onto Linux knobs."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from . import atomic, hostinfo, manifest, memstate, paths, policies, settings
from .errors import UserError
from .runner import Plan, Runner, check_scratch, now_iso, prepare_inputs, prepare_out

VM = "/proc/sys/vm"


def scheme_settings(name, thp_root=None):
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
    return [(os.path.join(VM, "compaction_proactiveness"), values[0]),
            (os.path.join(root, "defrag"), values[1]),
            (os.path.join(root, "khugepaged", "defrag"), values[2])]


SCHEMES = ("cache", "daemon")


class Timeline:
    """spfrag watch in the background, one JSON line a second, and the
    experiment's events on the same clock."""

    def __init__(self, out):
        self.path = os.path.join(out, "timeline.jsonl")
        self.events_path = os.path.join(out, "events.jsonl")
        self.proc = None
        self.t0 = None

    def start(self):
        self.file = open(self.path, "w")
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen([memstate.SPFRAG, "watch", "--interval-ms", "1000"],
                                     stdout=self.file, stdin=subprocess.DEVNULL)

    def event(self, scheme, what, **extra):
        rec = {"t_s": round(time.monotonic() - self.t0, 3), "scheme": scheme,
               "event": what, **extra}
        atomic.append_line(self.events_path, json.dumps(rec, separators=(",", ":")))

    def stop(self):
        if self.proc:
            self.proc.terminate()
            self.proc.wait()
            self.proc = None
            self.file.close()


def _one(runner, w, label, rep, pol, journal):
    for path, value in pol.settings:
        journal.set(path, value)
    outdir = tempfile.mkdtemp(prefix=f"{w.name}-", dir=runner.scratch())
    try:
        runner.measure(w, label, rep, False, pol, outdir)
    finally:
        shutil.rmtree(outdir, ignore_errors=True)


def run(args):
    if os.geteuid() != 0:
        raise UserError("experiment sustained needs root (THP and compaction "
                        "settings, dropping caches, /proc/pagetypeinfo)")
    schemes = [s.strip() for s in args.schemes.split(",") if s.strip()]
    for s in schemes:
        scheme_settings(s)
    if args.runs < 1:
        raise UserError("--runs must be at least 1")
    w = manifest.find("fftw")
    base, thp = policies.resolve("base"), policies.resolve("thp")
    out = os.path.abspath(args.out or os.path.join(
        paths.RESULTS, time.strftime("%Y%m%d-%H%M%S") + "-sustained"))
    check_scratch()
    prepare_out(out)
    if os.path.exists(os.path.join(out, "runs.jsonl")):
        raise UserError(f"{out} already holds results; choose another --out")
    p = subprocess.run(["make", "-s", "-C", paths.REPO, "all"], capture_output=True,
                       text=True)
    if p.returncode != 0:
        raise UserError("build failed: " + ((p.stderr or p.stdout).strip()
                                             .splitlines() or ["make failed"])[-1])
    host = hostinfo.host()
    ref_mb = {}
    if args.size == "ref":
        ref_mb = {w.name: w.ref_mb(host["tlb_reach_4k_kb"])}
    plan = Plan([w], [base, thp], [f"sustained-{s}" for s in schemes], args.size,
                args.runs, 0, args.seed, args.sample_ms)
    meta = {"schema": "spbench-meta/1", "created": now_iso(), "finished": None,
            "argv": ["spbench"] + sys.argv[1:], "plan": plan.as_dict(),
            "experiment": {"name": "sustained", "schemes": {
                s: dict(scheme_settings(s)) for s in schemes},
                "fragmenter": ["spfrag", "--mode", "pagecache", *memstate.frag_args()]},
            "host": host, "kernel": hostinfo.kernel("host"),
            "settings": hostinfo.thp_settings(), "tools": hostinfo.tools(),
            "revision": hostinfo.revision(), "ref_mb": ref_mb}
    meta_path = os.path.join(out, "meta.json")
    atomic.write_text(meta_path, json.dumps(meta, indent=1) + "\n")
    print(f"spbench: results in {out}", file=sys.stderr)
    prepare_inputs(w, args.size, Runner(plan, out, None, ref_mb).values(w, args.size, ""))
    timeline = Timeline(out)
    with settings.Journal(paths.state_dir()) as journal:
        runner = Runner(plan, out, journal, ref_mb, progress=None)
        timeline.start()
        try:
            for s in schemes:
                _scheme(runner, w, s, base, thp, args.runs, journal, timeline)
        finally:
            timeline.stop()
            journal.restore()
    meta["finished"] = now_iso()
    atomic.write_text(meta_path, json.dumps(meta, indent=1) + "\n")
    from analysis import sustained as report
    print(report.render(out))
    for path in report.plot(out):
        print(f"plot: {path}")
    return 1 if runner.failed_checks else 0


def _scheme(runner, w, scheme, base, thp, nruns, journal, timeline):
    label = f"sustained-{scheme}"
    say = lambda m: print(f"spbench: {scheme}: {m}", file=sys.stderr, flush=True)
    for path, value in scheme_settings(scheme):
        journal.set(path, value)
    memstate.prepare("clean", journal)
    timeline.event(scheme, "clean")
    say("fragmenting memory (spfrag --mode pagecache)")
    frag = memstate.Fragmenter("pagecache", memstate.frag_args(), journal=journal)
    with frag:
        r = frag.ready
        timeline.event(scheme, "fragmented", spfrag=r)
        say(f"contiguity {r['before']['contiguity']:.3f} -> {r['after']['contiguity']:.3f}, "
            f"free {r['after']['free_kb'] // 1024} MB, {r['time_s']:.0f} s")
        runs = [(base, 0)] + [(thp, i) for i in range(nruns)] + [(base, 1)]
        for pol, rep in runs:
            say(f"{pol.name} run {rep + 1}")
            timeline.event(scheme, "run-start", policy=pol.name, rep=rep)
            _one(runner, w, label, rep, pol, journal)
            timeline.event(scheme, "run-end", policy=pol.name, rep=rep)
    timeline.event(scheme, "released", spfrag=frag.released)
