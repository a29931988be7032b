"""spbench reproduce: the paper's evaluation as stages, each a result folder of its own under
one reproduction folder, run in order and resumable (a rerun of the same command, or
--resume DIR, runs what is missing), then report.md rebuilt from the records alone.

Stages: table1 (clean memory, base vs thp, and resv where this kernel has the knob), fragmented
(the same with memory fragmented by spfrag, one fragmented state held per workload), table2
(the single-size policies for the paper's table 2 workloads), sustained (figures 4 and 5) and
kernel (the patched kernel in a guest: stock thp against patched resv)."""
import contextlib
import dataclasses
import json
import os
import sys
import time

from . import (adversary, atomic, config, estimate, guest_run, kernel_build, manifest,
               memstate, paths, policies, pressure, sustained)
from .errors import UserError
from .experiment import Context, Experiment
from .plan import Plan, pending

STAGES = ("table1", "fragmented", "table2", "sustained", "kernel")
FILE = "reproduce.json"
SCHEMA = "spbench-reproduce/1"
# the paper's single sizes as policies (2 MB stands for its 4 MB), largest last
SINGLE = ("mthp-64K", "mthp-512K", "mthp-2M", "mthp-all")
# --quick's kernel stage: the paper's largest gain (an array) and a pointer structure
QUICK_GUEST = ("matrix", "tree")


@dataclasses.dataclass
class Settings:
    """What the stages share; saved in reproduce.json so that a resumed run is the same."""
    workloads: list
    size: str
    runs: int
    warmup: int
    seed: int
    sample_ms: int
    stages: list
    quick: bool = False
    guest_mem: str = "4G"
    guest_timeout: float = 7200
    tlbsim: bool = False        # table1 and table2 also simulate each workload once


def parse_stages(text):
    names = [s.strip() for s in (text or ",".join(STAGES)).split(",") if s.strip()]
    for n in names:
        if n not in STAGES:
            raise UserError(f"unknown stage '{n}'; stages: {', '.join(STAGES)}")
    if not names:
        raise UserError("--stages needs at least one stage")
    return [s for s in STAGES if s in names]


def settings_from(args, workloads):
    if args.quick:
        size, runs, warmup = "test", 1, 0
    else:
        size, runs, warmup = args.size, args.runs, args.warmup
    return Settings(workloads, size, runs, warmup, args.seed, args.sample_ms,
                    parse_stages(args.stages), args.quick, args.guest_mem, args.guest_timeout,
                    args.tlbsim)


def load_or_save(out, wanted):
    """The settings of the reproduction in out: a new folder saves wanted; an old one must
    have been started with the same workloads, size and runs (its stages may differ)."""
    path = os.path.join(out, FILE)
    if os.path.exists(path):
        try:
            with open(path) as f:
                doc = json.load(f)
            old = Settings(**doc["settings"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise UserError(f"{path}: not a reproduction's settings ({e})")
        for field in ("workloads", "size", "runs", "warmup", "seed"):
            if getattr(old, field) != getattr(wanted, field):
                raise UserError(f"{out} holds a reproduction with {field} "
                                f"{getattr(old, field)}, not {getattr(wanted, field)}; "
                                "use another --out, or --resume DIR to go on with it")
        old.stages = wanted.stages
        old.tlbsim = old.tlbsim or wanted.tlbsim
        return old
    os.makedirs(out, exist_ok=True)
    atomic.write_text(path, json.dumps({"schema": SCHEMA,
                                        "settings": dataclasses.asdict(wanted)}, indent=1)
                      + "\n")
    return wanted


def resumed(out):
    """The settings saved in out, for --resume."""
    path = os.path.join(out, FILE)
    try:
        with open(path) as f:
            return Settings(**json.load(f)["settings"])
    except OSError:
        raise UserError(f"--resume {out}: no {FILE} there (not a reproduction folder)")
    except (ValueError, KeyError, TypeError) as e:
        raise UserError(f"{path}: not a reproduction's settings ({e})")


# -- the plans of the stages ------------------------------------------------

def _workloads(names):
    return [manifest.find(n) for n in names]


def _has_resv():
    try:
        policies.resolve("resv")
        return True
    except UserError:
        return False


def _plan(s, names, policy_names, states, kernel="host", tlbsim=False):
    guest_patched = None
    if kernel != "host":
        from .kernel_build import VARIANTS
        guest_patched = VARIANTS[kernel][0]
    return Plan(_workloads(names), policies.parse_list(",".join(policy_names), guest_patched),
                states, s.size, s.runs, s.warmup, s.seed, s.sample_ms, kernel=kernel,
                tlbsim=tlbsim, shared_warmup=True)


def table2_workloads(names):
    from analysis import paper
    rows = paper.Paper().table2
    return [n for n in names if n in rows and rows[n].get("group") != "summary"]


def single_policies():
    """The single-size policies this kernel offers, in the paper's order."""
    have = set(policies.mthp_sizes_kb())
    out = []
    for name in SINGLE:
        if name == "mthp-all" and have:
            out.append(name)
        elif name != "mthp-all" and int(name[5:-1]) * (1024 if name.endswith("M") else 1) \
                in have:
            out.append(name)
    return out


def host_plans(s):
    """{stage: plan} of the stages that run on this kernel."""
    plans = {}
    pols = ["base", "thp"] + (["resv"] if _has_resv() else [])
    if "table1" in s.stages:
        plans["table1"] = _plan(s, s.workloads, pols, ["clean"], tlbsim=s.tlbsim)
    if "fragmented" in s.stages:
        plans["fragmented"] = _plan(s, s.workloads, ["base", "thp"], ["fragmented"])
    if "table2" in s.stages:
        names, single = table2_workloads(s.workloads), single_policies()
        if names and single:
            plans["table2"] = _plan(s, names, ["base"] + single, ["clean"], tlbsim=s.tlbsim)
    return plans


def guest_workloads(s):
    """The kernel stage's workloads: all of them, or with --quick those of QUICK_GUEST
    present (else the first), since under an emulator every workload would take over an
    hour of the quick run's twenty minutes."""
    if not s.quick:
        return list(s.workloads)
    return [n for n in s.workloads if n in QUICK_GUEST] or list(s.workloads[:1])


def kernel_plans(s):
    """The kernel stage's guest run: the patched kernel under thp (reservations off: stock
    THP's paths) and resv, so that the two differ by the knob alone, at test size and one
    run each, no warm-up: the guest may run under an emulator, where a run takes ten to
    thirty times as long, and what this stage compares (coverage, the kernel's counters,
    memory) does not need warm caches. The stock kernel runs the adversaries only (the
    paper's ratios are against the unmodified system); its 35 runs of thp would add a
    quarter of an hour under TCG for what the knob already shows."""
    if "kernel" not in s.stages:
        return {}
    k = dataclasses.replace(s, size="test", runs=1, warmup=0)
    return {"kernel-patched": _plan(k, guest_workloads(s), ["thp", "resv"], ["clean"],
                                    kernel="patched")}


# -- running -----------------------------------------------------------------

@contextlib.contextmanager
def _fragmented(exp, held):
    """One fragmented state (clean first, then spfrag's page-cache fill, proactive compaction
    off), its ready report put in held."""
    with memstate.entered("fragmented", exp.journal, ready=held):
        yield "fragmented"


def _still_fragmented(ready):
    """Whether free memory is still as scattered as spfrag left it: contiguity now within
    twice its target ceiling. Runs under THP compact page cache into 2 MB blocks and free
    them at exit, so the state may drift; spstat records contiguity before and after every
    run, which the report shows."""
    now = memstate.contiguity_now()
    if now is None or not ready:
        return False
    ceiling = (ready.get("target") or {}).get("ceiling", 0.01)
    return now <= max(2 * ceiling, ceiling + 0.01)


def _refragmented(held, after):
    """After a workload left the held state less fragmented: spfrag fragments it again in
    place (seconds); whether that brought it back, by the same test as before. A new fill
    (a minute or more) is the way out where it did not."""
    try:
        r = held["fragmenter"].refresh()
    except (KeyError, ValueError, UserError) as e:
        _say(f"fragmented: contiguity rose after {after}, and fragmenting in place failed "
             f"({e}); filling again")
        return False
    if _still_fragmented(held.get("ready")):
        _say(f"fragmented: contiguity rose after {after}; fragmented again in place in "
             f"{r.get('time_s', 0):.0f} s (contiguity {r['after']['contiguity']:.3f})")
        return True
    why = r.get("error") or f"contiguity {r.get('after', {}).get('contiguity', 1):.3f}"
    _say(f"fragmented: contiguity rose after {after}; in place it stayed above target "
         f"({why}); filling again")
    return False


def _run_fragmented(exp, plan):
    """The fragmented stage: one state held across workloads, fragmented again in place when
    a workload's runs left it less fragmented, and made anew only when that fails (spfrag's
    fill takes a minute or more, too long to repeat for every run of 35 workloads)."""
    ahead = [w for w in plan.workloads
             if pending(plan, [st for st in plan.steps() if st.workload is w],
                        exp.runs_path)[0]]
    while ahead:
        held = {}
        with exp.holding(_fragmented(exp, held)):
            while ahead:
                w = ahead.pop(0)
                exp.run([st for st in plan.steps() if st.workload is w])
                if ahead and not _still_fragmented(held.get("ready")) and \
                        not _refragmented(held, w.name):
                    break


def _run_host_stage(name, plan, out, argv, est):
    exp = Experiment(plan, out, argv, Context(), estimate=est)
    exp.open()
    with exp:
        if name == "fragmented":
            _run_fragmented(exp, plan)
        else:
            exp.run()
    exp.simulate()
    return exp.finish()


def _sustained_done(folder):
    try:
        with open(os.path.join(folder, "meta.json")) as f:
            return bool(json.load(f).get("finished"))
    except (OSError, ValueError):
        return False


def _run_sustained(s, folder, argv):
    """Figures 4 and 5 as `experiment sustained` runs them. The stage is one piece: the
    timeline must be continuous, so an interrupted one starts again (its partial folder is
    kept beside it)."""
    if _sustained_done(folder):
        return 0
    if os.path.exists(folder):
        n = 1
        while os.path.exists(f"{folder}.interrupted-{n}"):
            n += 1
        os.rename(folder, f"{folder}.interrupted-{n}")
    return sustained.experiment(folder, sustained.SCHEMES, s.size if s.quick else "paper",
                                2 if s.quick else 4, s.seed, s.sample_ms, argv)


def _say(message):
    print(f"spbench: reproduce: {message}", file=sys.stderr, flush=True)


def expected(s, out, est, hplans, kplans):
    """({part: expected seconds}, {stage: seconds of its runs under sptlb}) for what out
    does not hold yet, the kernels still to be built included."""
    total = {name: est.plan_seconds(p, os.path.join(out, name)) for name, p in hplans.items()}
    sim_s = {name: est.sim_seconds(p, os.path.join(out, name))
             for name, p in hplans.items() if p.tlbsim}
    for name, secs in sim_s.items():
        total[name] += secs
    if kplans:
        # each guest stage builds its kernel where it is missing, and the adversaries the
        # other (they need both): each build is a part of its own, in the order they run
        builds = {}
        unpack = not os.path.isdir(os.path.join(config.kernel_dir(), "src"))
        for v in dict.fromkeys([p.kernel for p in kplans.values()] + ["stock", "patched"]):
            if os.path.exists(kernel_build.bzimage(v)):
                builds[v] = 0.0
                continue
            builds[v] = est.kernel_build_seconds([v], unpack)     # the first build unpacks
            unpack = False
        for name, p in kplans.items():
            total[f"kernel-build-{p.kernel}"] = builds.pop(p.kernel)
            total[name] = est.plan_seconds(p, os.path.join(out, name), guest=True)
        total.update({f"kernel-build-{v}": secs for v, secs in builds.items()})
        total["kernel-adversary"] = est.adversary_seconds(
            adversary.missing(os.path.join(out, "kernel-adversary")))
    if "sustained" in s.stages and not _sustained_done(os.path.join(out, "sustained")):
        total["sustained"] = est.sustained_seconds(s.size if s.quick else "paper",
                                                   2 if s.quick else 4)
    return total, sim_s


def _say_pressure(out, s):
    """The report explains each row by its TLB pressure where the folder has it: counts
    simulated earlier with this host's TLB geometry are taken, not simulated again."""
    have = pressure.from_measured(out, s.workloads, s.seed)
    if have:
        _say(f"TLB pressure: {len(have)} of {len(s.workloads)} workloads simulated earlier "
             f"with this host's TLB geometry ({os.path.relpath(pressure.MEASURED, paths.REPO)})")
    else:
        _say("TLB pressure: no earlier simulation matches this host's TLB geometry; "
             f"'spbench pressure --out {out}' adds it (hours)")


def _failed_checks(folder, since):
    """Measured runs after the first `since` records of folder whose output check failed."""
    records = atomic.read_records(os.path.join(folder, "runs.jsonl"))[since:]
    return sum(1 for r in records
               if not r.get("warmup") and not (r.get("check") or {}).get("passed"))


def run(s, out, argv):
    """Runs the stages of s into out; returns (the number of failed checks, the parts that
    did not finish for another reason: a guest that exited without its records, an
    adversary run that failed)."""
    out = os.path.abspath(out)
    s = load_or_save(out, s)
    est = estimate.Estimator(paths.RESULTS, out)
    hplans, kplans = host_plans(s), kernel_plans(s)
    total, sim_s = expected(s, out, est, hplans, kplans)
    _say(f"{len(s.workloads)} workloads, size {s.size}, {s.runs} runs after {s.warmup} "
         f"warm-up; stages {', '.join(s.stages)}; expected {estimate.clock(sum(total.values()))}"
         " (" + ", ".join(f"{k} {estimate.clock(v)}" for k, v in total.items()) + ")")
    if "table2" in s.stages and "table2" not in hplans:
        _say("table2: no workload of the paper's table 2 or no single mTHP size here; skipped")
    if s.size == "ref":
        _say_pressure(out, s)
    remaining = dict(total)

    def ahead():
        """The expected seconds of the parts not begun: the host stages', and the kernel
        builds' and guest stages' apart."""
        kernel = sum(v for k, v in remaining.items() if k.startswith("kernel"))
        return sum(remaining.values()) - kernel, kernel

    def begin(*parts):
        """Drops parts from the expected time still ahead and tells the estimator the rest."""
        for part in parts:
            remaining.pop(part, None)
        est.after_s, est.after_fixed_s = ahead()
        est.sim_ahead_s = sim_s.get(parts[-1], 0.0)

    def left():
        """The parts not begun, the host stages at the pace the host stages so far had."""
        host, kernel = ahead()
        return host * est.scale + kernel

    failed, broken = 0, []
    for name in STAGES:
        if name not in s.stages:
            continue
        t0 = time.monotonic()
        if name in hplans:
            begin(name)
            _say(f"stage {name}")
            failed += _run_host_stage(name, hplans[name], os.path.join(out, name), argv, est)
        elif name == "sustained" and os.geteuid() == 0:
            begin(name)
            _say("stage sustained (figures 4 and 5)")
            failed += _run_sustained(s, os.path.join(out, "sustained"), argv)
        elif name == "sustained":
            _say("stage sustained: needs root; skipped")
        elif name == "kernel":
            for kname, plan in kplans.items():
                folder = os.path.join(out, kname)
                todo, _ = pending(plan, list(plan.steps()), os.path.join(folder, "runs.jsonl"))
                if not todo:
                    begin(kname)
                    continue
                _say(f"stage kernel: {plan.kernel} kernel in a guest, {len(todo)} runs; "
                     f"about {estimate.clock(left())} left")
                begin(f"kernel-build-{plan.kernel}", kname)
                since = len(atomic.read_records(os.path.join(folder, "runs.jsonl")))
                # the guest's progress lines count what comes after it here
                status = guest_run.run_in_guest(plan, folder, argv, s.guest_mem,
                                                s.guest_timeout, after_s=left())
                checks = _failed_checks(folder, since)
                failed += checks
                if status != 0 and not checks:
                    broken.append(kname)
            folder = os.path.join(out, "kernel-adversary")
            if adversary.missing(folder):
                _say("stage kernel: the paper's adversaries, stock and patched kernel; "
                     f"about {estimate.clock(left())} left")
                begin(*[k for k in remaining if k.startswith("kernel")])
                if adversary.run(folder, 3 if s.quick else 5, s.guest_mem, s.guest_timeout):
                    broken.append("kernel-adversary")
        if name in hplans or name == "sustained":
            est.note_stage(name, time.monotonic() - t0, total.get(name))
    return failed, broken
