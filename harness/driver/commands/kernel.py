"""spbench kernel: build Linux 6.12 (stock or patched), boot it under qemu, run the patch's
in-guest tests, check the series patch by patch, run the paper's adversaries."""
import argparse
import os
import sys

from harness.driver.engine.experiment import default_out
from harness.driver.errors import UserError

NAME = "kernel"
ACCELS = ("auto", "kvm", "tcg")


def add_parser(sub):
    k = sub.add_parser(NAME, help="build and boot Linux 6.12 (stock or patched) under qemu")
    ksub = k.add_subparsers(dest="kernel_command", metavar="ACTION")
    kb = ksub.add_parser("build", help="build a kernel variant")
    kb.add_argument("--variant", default="stock", help="stock, patched or test "
                    "(patched + CONFIG_DEBUG_VM)")
    kb.add_argument("--source", help="a Linux source tree (default: Debian's linux-source-6.12)")
    kb.add_argument("--config", action="append", default=[], metavar="FRAGMENT",
                    help="an extra config fragment (repeatable)")
    kb.add_argument("--for-host", action="store_true",
                    help="a kernel for this machine: its running kernel's configuration "
                    "(drivers and all) with the series, as Debian packages (bindeb-pkg)")
    kb.add_argument("--host-config", metavar="FILE",
                    help="with --for-host: the configuration to start from instead of "
                    "/proc/config.gz or /boot/config-RELEASE (plain, .gz or .xz)")
    kboot = ksub.add_parser("boot", help="boot a built kernel and run COMMAND inside")
    kboot.add_argument("--variant", default="stock")
    kboot.add_argument("--mem", default="2G")
    kboot.add_argument("--cpus", type=int, default=2)
    kboot.add_argument("--timeout", type=float, default=600)
    kboot.add_argument("--accel", default="auto", choices=ACCELS)
    kboot.add_argument("guest_command", nargs=argparse.REMAINDER, metavar="-- COMMAND")
    kt = ksub.add_parser("test", help="build the test variant and run the in-guest tests")
    # the whole suite took 7.5 min under TCG with the test variant's lockdep;
    # an hour leaves room for a slow or busy host
    kt.add_argument("--timeout", type=float, default=3600)
    kt.add_argument("--accel", default="auto", choices=ACCELS)
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
    ka.add_argument("--accel", default="auto", choices=ACCELS)


def _build(args):
    from harness.driver.kernel import build
    if args.host_config and not args.for_host:
        raise UserError("--host-config goes with --for-host")
    if args.for_host:
        from harness.driver.kernel import host
        for deb in host.build_packages(args.variant, args.source, args.host_config,
                                       args.config):
            print(deb)
        return 0
    info = build.build(args.variant, args.source, args.config)
    print(f"{info['variant']}: {info['release']} {info['bzImage']}")
    return 0


def _boot(args):
    from harness.driver.kernel import boot
    cmd = args.guest_command[1:] if args.guest_command[:1] == ["--"] else args.guest_command
    if not cmd:
        raise UserError("kernel boot needs a command: spbench kernel boot -- COMMAND")
    return boot.boot(args.variant, cmd, mem=args.mem, cpus=args.cpus, timeout=args.timeout,
                     accel=args.accel).status


def _test(args):
    from harness.driver.kernel import selftest
    return selftest.run(args.timeout, args.accel, not args.reservations_off, args.upstream)


def _check_series(args):
    from harness.driver.kernel import series
    return series.check(args.variant, args.source)


def _adversary(args):
    from analysis import adversary as adversary_table
    from harness.driver.kernel import adversary
    out = os.path.abspath(args.out or default_out("adversary"))
    failed = adversary.run(out, args.reps, args.mem, args.timeout, args.accel)
    print(adversary_table.render(out) or "no adversary run finished", end="")
    print(f"spbench: results in {out}", file=sys.stderr)
    return 1 if failed else 0


ACTIONS = {"build": _build, "boot": _boot, "test": _test, "check-series": _check_series,
           "adversary": _adversary}


def run(args):
    action = ACTIONS.get(args.kernel_command)
    if action is None:
        raise UserError("spbench kernel needs an action: " + ", ".join(ACTIONS))
    return action(args)
