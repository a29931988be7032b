"""spbench experiment: the paper's experiments beyond the tables (figures 4 and 5)."""
import os
import sys

from harness.driver import manifest
from harness.driver.engine import sustained
from harness.driver.engine.experiment import default_out
from harness.driver.errors import UserError

NAME = "experiment"


def add_parser(sub):
    e = sub.add_parser(NAME, help="the paper's experiments beyond the tables")
    esub = e.add_subparsers(dest="experiment", metavar="NAME")
    su = esub.add_parser("sustained", help="figures 4 and 5: FFTW four times under "
                         "THP after fragmentation, compaction off (cache) and on "
                         "(daemon)")
    su.add_argument("--size", default="test", choices=manifest.SIZES)
    su.add_argument("--runs", type=int, default=4, help="THP runs per scheme")
    su.add_argument("--schemes", default="cache,daemon")
    su.add_argument("--out", help="result folder (default: a new one under results/)")
    su.add_argument("--seed", type=int, default=42)
    su.add_argument("--sample-ms", type=int, default=100)


def run(args):
    if args.experiment != "sustained":
        raise UserError("spbench experiment needs a name: sustained")
    if os.geteuid() != 0:
        raise UserError("experiment sustained needs root (THP and compaction "
                        "settings, dropping caches, /proc/pagetypeinfo)")
    schemes = [s.strip() for s in args.schemes.split(",") if s.strip()]
    for s in schemes:
        sustained.scheme_settings(s)
    if args.runs < 1:
        raise UserError("--runs must be at least 1")
    out = os.path.abspath(args.out or default_out("sustained"))
    failed = sustained.experiment(out, schemes, args.size, args.runs, args.seed,
                                  args.sample_ms, ["spbench"] + sys.argv[1:])
    from analysis import sustained as report
    print(report.render(out))
    for path in report.plot(out):
        print(f"plot: {path}")
    return 1 if failed else 0
