"""spbench tlbsim: simulated TLB misses of any command under every page-size policy."""
import argparse

from harness.driver.engine.experiment import build

NAME = "tlbsim"


def add_parser(sub):
    ts = sub.add_parser(NAME, help="simulated TLB misses of any command under every "
                        "page-size policy (sptlb, a Valgrind tool)")
    ts.add_argument("--model", action="append", help="alpha21264, x86-modern or a model file")
    ts.add_argument("--out", help="write the JSON here, not stdout")
    ts.add_argument("tlbsim_command", nargs=argparse.REMAINDER, metavar="-- COMMAND")


def run(args):
    from harness.tlbsim import sptlb
    build()
    cmd = args.tlbsim_command
    argv = (["--model=" + m for m in args.model or []]
            + (["--out", args.out] if args.out else [])
            + ["--"] + cmd[1 if cmd[:1] == ["--"] else 0:])
    return sptlb.main(argv)
