"""spbench's command line: parses the arguments, hands plans to the experiment
engine, and prints tables and one-line errors."""
import argparse
import os
import shlex
import signal
import socket
import sys

from . import (config, hostinfo, manifest, memstate, paths, policies, settings, spec2000,
               state_cli)
from .errors import UserError
from .experiment import Context, Experiment, build, default_out, writable
from .inputs import prepare_inputs, workload_values
from .plan import Plan

sys.path.insert(0, paths.REPO)


class Terminated(BaseException):
    """SIGTERM, turned into an exception so that every cleanup runs. Like
    KeyboardInterrupt it is no Exception: library code that swallows those
    (shutil.rmtree(ignore_errors=True) does) must not swallow a stop."""


def _on_sigterm(signum, frame):
    raise Terminated()


def parser():
    p = argparse.ArgumentParser(prog="spbench", description=(
        "Measure what superpages do to real workloads (a reproduction of "
        "Navarro et al., OSDI 2002)."))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("list", help="the workloads, their groups, sizes and footprints")
    sub.add_parser("doctor", help="what this host can measure, and what is missing")
    sub.add_parser("restore", help="put back settings an interrupted run left changed")

    r = sub.add_parser("run", help="run workloads under page-size policies")
    r.add_argument("workloads", nargs="*", metavar="WORKLOAD")
    add_run_options(r, default_size="test")

    d = sub.add_parser("diff", help="compare two result folders (B relative to A)")
    d.add_argument("a", metavar="A")
    d.add_argument("b", metavar="B")
    d.add_argument("--metric", metavar="LIST",
                   help="comma list of time, huge, faults, rss, thp, resv, dtlb, sim "
                   "(default: every metric both folders have)")
    d.add_argument("--pair-policy", action="append", default=[], metavar="PA:PB",
                   help="compare policy PA of A with policy PB of B, e.g. thp:resv "
                   "(repeatable)")
    d.add_argument("--format", default="text", metavar="FORMAT",
                   help="text (default), md (Markdown) or csv")

    c = sub.add_parser("command", help="print the exact command a run of WORKLOAD executes")
    c.add_argument("workload", metavar="WORKLOAD")
    c.add_argument("--size", default="test", choices=manifest.SIZES)
    c.add_argument("--seed", type=int, default=42)
    c.add_argument("--out-dir", required=True, help="folder for the workload's output")

    k = sub.add_parser("kernel", help="build and boot Linux 6.12 (stock or patched) under qemu")
    ksub = k.add_subparsers(dest="kernel_command", metavar="ACTION")
    kb = ksub.add_parser("build", help="build a kernel variant")
    kb.add_argument("--variant", default="stock", help="stock, patched or test "
                    "(patched + CONFIG_DEBUG_VM)")
    kb.add_argument("--source", help="a Linux source tree (default: Debian's linux-source-6.12)")
    kb.add_argument("--config", action="append", default=[], metavar="FRAGMENT",
                    help="an extra config fragment (repeatable)")
    kboot = ksub.add_parser("boot", help="boot a built kernel and run COMMAND inside")
    kboot.add_argument("--variant", default="stock")
    kboot.add_argument("--mem", default="2G")
    kboot.add_argument("--cpus", type=int, default=2)
    kboot.add_argument("--timeout", type=float, default=600)
    kboot.add_argument("--accel", default="auto", choices=("auto", "kvm", "tcg"))
    kboot.add_argument("guest_command", nargs=argparse.REMAINDER, metavar="-- COMMAND")
    kt = ksub.add_parser("test", help="build the test variant and run the in-guest tests")
    # the whole suite took 7.5 min under TCG with the test variant's lockdep;
    # an hour leaves room for a slow or busy host
    kt.add_argument("--timeout", type=float, default=3600)
    kt.add_argument("--accel", default="auto", choices=("auto", "kvm", "tcg"))
    kt.add_argument("--reservations-off", action="store_true",
                    help="leave the reservation knob off (tests that need it must fail)")
    kt.add_argument("--no-upstream", dest="upstream", action="store_false",
                    help="skip the upstream mm selftests, run with reservations off and on "
                    "(about 5 minutes under TCG)")

    kc = ksub.add_parser("check-series", help="apply the patches one by one: each must "
                         "build (mm/ and the C files it touches) and pass checkpatch --strict")
    kc.add_argument("--variant", default="test", choices=("patched", "test"),
                    help="whose config to compile with (test: with CONFIG_DEBUG_VM, lockdep)")
    kc.add_argument("--source", help="a Linux source tree (default: Debian's linux-source-6.12)")

    ka = ksub.add_parser("adversary", help="the paper's overhead adversaries: stock and "
                         "patched kernel in the same VM, times as ratios")
    ka.add_argument("--out", help="result folder (default: results/<date>-adversary); "
                    "a folder given again resumes it")
    ka.add_argument("--reps", type=int, default=5)
    ka.add_argument("--mem", default="4G", help="guest memory (preempt spans twice it)")
    ka.add_argument("--timeout", type=float, default=1800)
    ka.add_argument("--accel", default="auto", choices=("auto", "kvm", "tcg"))

    pr = sub.add_parser("run-plan", help="run a plan file written by 'run --kernel' "
                        "(what a booted guest kernel runs)")
    pr.add_argument("plan", metavar="PLAN.json")

    state_cli.add_parsers(sub)

    ts = sub.add_parser("tlbsim", help="simulated TLB misses of any command under every "
                        "page-size policy (sptlb, a Valgrind tool)")
    ts.add_argument("--model", action="append", help="alpha21264, x86-modern or a model file")
    ts.add_argument("--out", help="write the JSON here, not stdout")
    ts.add_argument("tlbsim_command", nargs=argparse.REMAINDER, metavar="-- COMMAND")

    rp = sub.add_parser("reproduce", help="the paper's whole evaluation in stages, "
                        "resumable, ending in report.md")
    rp.add_argument("--stages", metavar="LIST",
                    help="comma list of table1, fragmented, table2, sustained, kernel "
                    "(default: all)")
    rp.add_argument("--quick", action="store_true",
                    help="test size, one run, no warm-up: every stage in minutes")
    rp.add_argument("--resume", metavar="DIR", help="go on with the reproduction in DIR")
    rp.add_argument("--group", metavar="NAME", help="only the workloads of a group")
    rp.add_argument("--size", default="ref", choices=manifest.SIZES)
    rp.add_argument("--runs", type=int, default=3, help="measured runs per policy")
    rp.add_argument("--warmup", type=int, default=1, help="warm-up runs per policy")
    rp.add_argument("--out", help="the reproduction folder (default: "
                    "results/reproduce-<size>-<host>; the same command resumes it)")
    rp.add_argument("--seed", type=int, default=42)
    rp.add_argument("--sample-ms", type=int, default=100)
    rp.add_argument("--guest-mem", default="4G", help="guest memory of the kernel stage")
    rp.add_argument("--guest-timeout", type=float, default=7200)
    rp.add_argument("--tlbsim", action="store_true",
                    help="table1 and table2 also run each workload once under sptlb: "
                    "simulated miss reductions (16-134x a run's time, docs/tlbsim.md)")

    rep = sub.add_parser("report", help="write a reproduction folder's report.md again "
                         "from its records")
    rep.add_argument("folder", metavar="DIR")

    pp = sub.add_parser("pressure", help="simulated base-page TLB misses per access: the "
                        "Alpha at paper size beside this host's TLBs at ref")
    pp.add_argument("workloads", nargs="*", metavar="WORKLOAD")
    pp.add_argument("--group", metavar="NAME", help="also every workload of a group")
    pp.add_argument("--out", help="folder of pressure.jsonl (default: "
                    "results/pressure-<host>; the same command goes on with it)")
    pp.add_argument("--seed", type=int, default=42)
    return p


def add_run_options(r, default_size):
    r.add_argument("--group", metavar="NAME",
                   help="also run every workload of a group: " + ", ".join(manifest.GROUPS))
    r.add_argument("--policy", default="base,thp",
                   help="comma list: base, thp, mthp-<size> (e.g. mthp-64K), mthp-all")
    r.add_argument("--state", default="clean",
                   help="comma list: " + ", ".join(memstate.STATES))
    r.add_argument("--size", default=default_size, choices=manifest.SIZES)
    r.add_argument("--runs", type=int, default=3, help="measured runs per policy")
    r.add_argument("--warmup", type=int, default=1, help="warm-up runs per policy")
    r.add_argument("--out", help="result folder (default: a new one under results/)")
    r.add_argument("--seed", type=int, default=42, help="input seed")
    r.add_argument("--sample-ms", type=int, default=100,
                   help="superpage coverage sampling interval")
    r.add_argument("--kernel", default="host",
                   help="host (the running kernel), or a built variant booted under "
                   "qemu: stock, patched, test")
    r.add_argument("--tlbsim", action="store_true",
                   help="also run each workload once under sptlb, the TLB simulator "
                   "(untimed; simulated miss columns)")
    r.add_argument("--spec2000", metavar="DIR",
                   help="a licensed SPEC CPU2000 tree with its reference runs set up: its "
                   "CINT2000 benchmarks replace our stand-ins (size paper; default: "
                   "$SPEC2000)")
    r.add_argument("--guest-mem", default="4G", help="guest memory with --kernel")
    r.add_argument("--guest-timeout", type=float, default=7200,
                   help="seconds before a guest running the plan is stopped")


def cmd_list(args):
    reach = _tlb_reach_kb()
    loaded = [manifest.find(n) for n in manifest.available()]
    # by group, in the paper's order (CINT2000, CFP2000, other), then by name
    loaded.sort(key=lambda w: (manifest.GROUPS.index(w.group), w.name))
    rows = [("workload", "group", "test MB", "paper MB", "ref MB", "description")]
    for w in [v for w in loaded for v in [w] + [w.variant(n) for n in sorted(w.variants)]]:
        ref = str(w.ref_mb(reach)) if reach else "?"
        rows.append((w.name, w.group, str(w.footprint_mb("test")), str(w.footprint_mb("paper")),
                     ref, w.description))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        print("  ".join(c.ljust(widths[i]) if i in (0, 1) else c.rjust(widths[i])
                        for i, c in enumerate(r[:5])) + "  " + r[5])
    if any(":" in r[0] for r in rows):
        print("\nWORKLOAD:VARIANT runs only when named, not in a group or make reproduce")
    if reach:
        print(f"\nref: footprint = paper footprint / 1 MB (its TLB reach) x this host's "
              f"base-page TLB reach ({reach} kB, from CPUID)")
    return 0


def _tlb_reach_kb():
    try:
        return hostinfo.host().get("tlb_reach_4k_kb")
    except UserError:
        return None


def make_plan(args, workload_names):
    workloads = [manifest.find(n) for n in workload_names]
    guest_patched = None
    if args.kernel != "host":
        from .kernel_build import VARIANTS
        if args.kernel not in VARIANTS:
            raise UserError(f"unknown kernel '{args.kernel}'; known: host, "
                            + ", ".join(VARIANTS))
        guest_patched = VARIANTS[args.kernel][0]
    return Plan(workloads, policies.parse_list(args.policy, guest_patched),
                memstate.parse_list(args.state), args.size, args.runs, args.warmup,
                args.seed, args.sample_ms, kernel=args.kernel,
                tlbsim=getattr(args, "tlbsim", False),
                spec2000=spec2000.root(getattr(args, "spec2000", None)))


def group_workloads(group, names):
    """names, then every workload of group (any case) not among them."""
    wanted = {g.lower(): g for g in manifest.GROUPS}.get(group.lower())
    if wanted is None:
        raise UserError(f"unknown group '{group}'; groups: {', '.join(manifest.GROUPS)}")
    members = [n for n in manifest.available() if manifest.find(n).group == wanted]
    if not members:
        raise UserError(f"group {wanted} has no workloads")
    return list(names) + [n for n in members if n not in names]


def cmd_run(args, workload_names=None):
    if workload_names is None:
        workload_names = getattr(args, "workloads", [])
        if args.group:
            workload_names = group_workloads(args.group, workload_names)
        if not workload_names:
            raise UserError("run needs workloads or --group NAME, e.g. 'spbench run matrix' "
                            "or 'spbench run --group CINT2000'")
    plan = make_plan(args, workload_names)
    out = os.path.abspath(args.out or default_out())
    argv = ["spbench"] + sys.argv[1:]
    if plan.kernel != "host":
        from . import guest_run
        return guest_run.run_in_guest(plan, out, argv, args.guest_mem, args.guest_timeout)
    return _execute(plan, out, argv, Context())


def cmd_run_plan(args):
    from . import guest_run
    plan, out, argv, context = guest_run.read_plan(args.plan)
    return _execute(plan, out, argv, context)


def _failed_exit(failed):
    """Exit status 1 with one line when runs failed their output check, else 0."""
    if failed:
        print(f"spbench: {failed} runs failed their output check (kept, and left out of "
              "the tables)", file=sys.stderr)
        return 1
    return 0


def _execute(plan, out, argv, context):
    exp = Experiment(plan, out, argv, context).open()
    with exp:
        exp.run()
    exp.simulate()
    failed = exp.finish()
    from analysis import results, table
    rs = results.load(out)
    print(table.render_run_table(rs))
    if plan.tlbsim:
        print(table.render_sim_table(out))
    return _failed_exit(failed)


def cmd_reproduce(args):
    from . import reproduce
    from analysis import report
    if args.resume:
        out = os.path.abspath(args.resume)
        s = reproduce.resumed(out)
        if args.stages:
            s.stages = reproduce.parse_stages(args.stages)
        s.tlbsim = s.tlbsim or args.tlbsim
    else:
        names = group_workloads(args.group, []) if args.group else manifest.available()
        s = reproduce.settings_from(args, names)
        suffix = f"{s.size}{'-quick' if s.quick else ''}-{socket.gethostname()}"
        out = os.path.abspath(args.out or os.path.join(paths.RESULTS, f"reproduce-{suffix}"))
    failed, broken = reproduce.run(s, out, ["spbench"] + sys.argv[1:])
    print(f"spbench: report: {report.write(out)}", file=sys.stderr)
    if broken:
        print(f"spbench: reproduce: {', '.join(broken)} did not finish (see above); the same "
              "command runs what is missing", file=sys.stderr)
    return _failed_exit(failed) or (1 if broken else 0)


def cmd_report(args):
    from analysis import report
    if not os.path.exists(os.path.join(args.folder, "reproduce.json")):
        raise UserError(f"{args.folder}: not a reproduction folder (no reproduce.json)")
    print(report.write(args.folder))
    return 0


def cmd_diff(args):
    from analysis import results, diff
    try:
        if args.format not in diff.render.FORMATS:
            raise diff.DiffError(f"--format {args.format}: give one of "
                                 + ", ".join(diff.render.FORMATS))
        names = diff.parse_metrics(args.metric)
        pairs = diff.parse_pairs(args.pair_policy)
        a = results.load(args.a)
        b = results.load(args.b)
        out = diff.render_diff(a, b, names, pairs, args.format)
    except (results.NotAResultFolder, diff.DiffError) as e:
        raise UserError(str(e))
    sys.stdout.write(out)
    return 0


def cmd_restore(args):
    state_dir = config.state_dir()
    path = os.path.join(state_dir, settings.JOURNAL)
    record = settings.load_journal(path)
    if record is None:
        print("spbench: no saved settings: nothing to restore")
        return 0
    if settings.owner_alive(record) and record.get("pid") != os.getpid():
        raise UserError(f"spbench run pid {record['pid']} is still running and owns the "
                        "settings; stop it (it restores them itself)")
    restored = settings.recover(state_dir, quiet=True)
    for p, v in restored:
        print(f"restored {p} = {v}")
    return 0


def cmd_command(args):
    """Inputs are prepared as for a run, so the printed command works as is."""
    w = manifest.find(args.workload)
    build()
    ref_mb = w.ref_mb(hostinfo.host()["tlb_reach_4k_kb"]) if args.size == "ref" else None
    values = workload_values(w, args.size, os.path.abspath(args.out_dir), args.seed, ref_mb)
    prepare_inputs(w, args.size, values)
    print(shlex.join(w.expand(w.run, args.size, **values)))
    return 0


def cmd_kernel(args):
    from . import kernel_build, kernel_boot, kernel_test
    if args.kernel_command == "build":
        info = kernel_build.build(args.variant, args.source, args.config)
        print(f"{info['variant']}: {info['release']} {info['bzImage']}")
        return 0
    if args.kernel_command == "boot":
        cmd = args.guest_command[1:] if args.guest_command[:1] == ["--"] else args.guest_command
        if not cmd:
            raise UserError("kernel boot needs a command: spbench kernel boot -- COMMAND")
        return kernel_boot.boot(args.variant, cmd, mem=args.mem, cpus=args.cpus,
                                timeout=args.timeout, accel=args.accel).status
    if args.kernel_command == "test":
        return kernel_test.run(args.timeout, args.accel, not args.reservations_off,
                               args.upstream)
    if args.kernel_command == "check-series":
        from . import kernel_series
        return kernel_series.check(args.variant, args.source)
    if args.kernel_command == "adversary":
        from . import adversary
        from analysis import adversary as adversary_table
        out = os.path.abspath(args.out or default_out("adversary"))
        failed = adversary.run(out, args.reps, args.mem, args.timeout, args.accel)
        print(adversary_table.render(out) or "no adversary run finished", end="")
        print(f"spbench: results in {out}", file=sys.stderr)
        return 1 if failed else 0
    raise UserError("spbench kernel needs an action: build, boot, test, adversary or "
                    "check-series")


def cmd_tlbsim(args):
    from harness.tlbsim import sptlb
    build()
    cmd = args.tlbsim_command
    argv = (["--model=" + m for m in args.model or []]
            + (["--out", args.out] if args.out else []) + ["--"] + cmd[1 if cmd[:1] == ["--"] else 0:])
    return sptlb.main(argv)


def cmd_pressure(args):
    from . import pressure
    names = list(args.workloads)
    if args.group:
        names = group_workloads(args.group, names)
    if not names:
        raise UserError("pressure needs workloads or --group NAME, e.g. "
                        "'spbench pressure matrix'")
    for n in names:
        manifest.find(n)
    out = os.path.abspath(args.out or os.path.join(paths.RESULTS,
                                                   f"pressure-{socket.gethostname()}"))
    writable(out, "results")
    build()
    recs = pressure.run(names, out, args.seed)
    print(pressure.render(names, recs))
    return 0


def cmd_doctor(args):
    from . import doctor
    return doctor.report()


COMMANDS = {"list": cmd_list, "doctor": cmd_doctor, "run": cmd_run, "diff": cmd_diff,
            "restore": cmd_restore, "reproduce": cmd_reproduce, "command": cmd_command,
            "run-plan": cmd_run_plan, "tlbsim": cmd_tlbsim, "pressure": cmd_pressure,
            "kernel": cmd_kernel, "report": cmd_report, **state_cli.COMMANDS}


def main(argv):
    signal.signal(signal.SIGTERM, _on_sigterm)
    args = parser().parse_args(argv)
    if not args.command:
        parser().print_help()
        return 2
    try:
        if args.command != "restore":
            settings.recover_if_stale(config.state_dir())
        return COMMANDS[args.command](args)
    except UserError as e:
        print(f"spbench: {e}", file=sys.stderr)
        return e.status
    except (KeyboardInterrupt, Terminated) as e:
        what = "SIGTERM" if isinstance(e, Terminated) else "interrupt"
        print(f"\nspbench: stopped by {what}; settings restored; recorded runs are kept",
              file=sys.stderr)
        return 143 if isinstance(e, Terminated) else 130
    except BrokenPipeError:
        # the reader of our output went away (spbench ... | head): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
