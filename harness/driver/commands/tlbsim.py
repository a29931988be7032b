"""spbench tlbsim: simulated TLB misses of any command under every page-size policy."""
import argparse

from harness.driver.engine.experiment import build

NAME = "tlbsim"


def add_parser(sub):
    ts = sub.add_parser(NAME, help="simulated TLB misses of any command under every "
                        "page-size policy (sptlb, a Valgrind tool)")
    ts.add_argument("--model", action="append", help="alpha21264, x86-modern, host or a "
                    "model file (default: alpha21264 and x86-modern)")
    ts.add_argument("--models", metavar="NAME,...", help="the same, comma-separated")
    ts.add_argument("--policies", metavar="P,...", help="simulate only these policies: NAME "
                    "for every model that has it, MODEL:NAME for one (default: all)")
    ts.add_argument("--brk-max", metavar="SIZE", help="how far the brk heap may grow "
                    "(default 1G; 0: Valgrind's own 8 MB cap)")
    ts.add_argument("--align-anon", metavar="SIZE", help="simulate anonymous mappings of "
                    "SIZE or more (128K: glibc's mmap threshold) at superpage-aligned "
                    "addresses")
    ts.add_argument("--out", help="write the JSON here, not stdout")
    ts.add_argument("tlbsim_command", nargs=argparse.REMAINDER, metavar="-- COMMAND")


def run(args):
    from harness.tlbsim import sptlb
    build()
    cmd = args.tlbsim_command
    argv = (["--model=" + m for m in args.model or []]
            + [f"--{opt.replace('_', '-')}={getattr(args, opt)}"
               for opt in ("models", "policies", "brk_max", "align_anon")
               if getattr(args, opt)]
            + (["--out", args.out] if args.out else [])
            + ["--"] + cmd[1 if cmd[:1] == ["--"] else 0:])
    return sptlb.main(argv)
