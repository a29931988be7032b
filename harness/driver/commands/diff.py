"""spbench diff: two result folders compared, B relative to A."""
import sys

from harness.driver.errors import UserError

NAME = "diff"


def add_parser(sub):
    d = sub.add_parser(NAME, help="compare two result folders (B relative to A)")
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


def run(args):
    from analysis import diff, results
    try:
        if args.format not in diff.render.FORMATS:
            raise diff.DiffError(f"--format {args.format}: give one of "
                                 + ", ".join(diff.render.FORMATS))
        names = diff.parse_metrics(args.metric)
        pairs = diff.parse_pairs(args.pair_policy)
        a = results.load(args.a)
        b = results.load(args.b)
        out = diff.render_diff(a, b, names, pairs, args.format)
    except diff.DiffError as e:
        raise UserError(str(e))
    sys.stdout.write(out)
    return 0
