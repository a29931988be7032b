"""spbench diff: result folders compared, B relative to A; with more than two, every folder
beside the baseline (the first), each within its own host."""
import sys

from harness.driver.errors import UserError

NAME = "diff"


def add_parser(sub):
    d = sub.add_parser(NAME, help="compare result folders: B relative to A, or every "
                       "folder beside a baseline (diff BASE A B ...)")
    d.add_argument("a", metavar="A", help="the baseline")
    d.add_argument("b", metavar="B")
    d.add_argument("more", nargs="*", metavar="C",
                   help="more folders, each compared with the baseline of its host")
    d.add_argument("--metric", metavar="LIST",
                   help="comma list of time, huge, faults, rss, thp, resv, dtlb, sim "
                   "(default: every metric both folders have)")
    d.add_argument("--pair-policy", action="append", default=[], metavar="PA:PB",
                   help="compare policy PA of A with policy PB of B, e.g. thp:resv "
                   "(repeatable)")
    d.add_argument("--format", default="text", metavar="FORMAT",
                   help="text (default), md (Markdown) or csv")
    d.add_argument("--exclude-outliers", action="store_true",
                   help="leave out runs flagged as outliers (modified z-score > 3.5 in "
                   "their row); the notes say how many")


def run(args):
    from analysis import diff, diff_many, outliers, results
    try:
        if args.format not in diff.render.FORMATS:
            raise diff.DiffError(f"--format {args.format}: give one of "
                                 + ", ".join(diff.render.FORMATS))
        names = diff.parse_metrics(args.metric)
        pairs = diff.parse_pairs(args.pair_policy)
        sets = [results.load(f) for f in [args.a, args.b] + args.more]
        if args.exclude_outliers:
            sets = [outliers.excluding(rs) for rs in sets]
        if len(sets) == 2:
            out = diff.render_diff(sets[0], sets[1], names, pairs, args.format)
        else:
            out = diff_many.render_many(sets, names, pairs, args.format)
    except diff.DiffError as e:
        raise UserError(str(e))
    sys.stdout.write(out)
    return 0
