"""Command line for the tables without the driver: python3 -m analysis table DIR | paper DIR |
diff A B | runs DIR (every run with its outlier score)."""

import argparse
import sys

from . import diff, diff_many, outliers, paper, results, table


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m analysis",
                                 description="Tables of spbench result folders.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    parsers = [sub.add_parser("table", help="the run table of one folder"),
               sub.add_parser("paper", help="one folder beside the paper's tables"),
               sub.add_parser("runs", help="every run of one folder, outliers flagged")]
    for p in parsers:
        p.add_argument("dir")
    p = sub.add_parser("diff", help="compare folder B with folder A (more folders: each "
                       "beside the baseline A of its host)")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("more", nargs="*")
    for p in parsers[:2] + [p]:
        p.add_argument("--exclude-outliers", action="store_true",
                       help="leave out runs flagged as outliers (modified z-score > 3.5)")
    args = ap.parse_args(argv)

    def load(path):
        rs = results.load(path)
        return outliers.excluding(rs) if getattr(args, "exclude_outliers", False) else rs
    try:
        if args.cmd == "diff" and args.more:
            out = diff_many.render_many([load(f) for f in [args.a, args.b] + args.more])
        elif args.cmd == "diff":
            out = diff.render_diff(load(args.a), load(args.b))
        elif args.cmd == "paper":
            out = table.render_paper_table(load(args.dir))
        elif args.cmd == "runs":
            out = outliers.render_runs(load(args.dir))
        else:
            out = table.render_run_table(load(args.dir))
    except (results.NotAResultFolder, paper.PaperDataMissing, diff.DiffError) as e:
        print(f"analysis: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
