"""spbench report: a reproduction folder's report.md written again from its records."""
from harness.driver.errors import UserError
from harness.records import ReproductionFolder

NAME = "report"


def add_parser(sub):
    rep = sub.add_parser(NAME, help="write a reproduction folder's report.md again "
                         "from its records")
    rep.add_argument("folder", metavar="DIR")
    rep.add_argument("--exclude-outliers", action="store_true",
                     help="leave runs flagged as outliers (modified z-score > 3.5 in their "
                     "row) out of every table; the report says so")


def run(args):
    from analysis import report
    from harness.reproduce import registry
    if not ReproductionFolder(args.folder).exists():
        raise UserError(f"{args.folder}: not a reproduction folder (no settings saved there)")
    print(report.write(args.folder, registry.stages(), args.exclude_outliers))
    return 0
