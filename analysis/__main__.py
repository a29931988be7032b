"""Command line for the tables without the driver: python3 -m analysis table DIR | paper DIR |
diff A B."""

import argparse
import sys

from . import diff, paper, results, table


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m analysis",
                                 description="Tables of spbench result folders.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("table", help="the run table of one folder").add_argument("dir")
    sub.add_parser("paper", help="one folder beside the paper's tables").add_argument("dir")
    p = sub.add_parser("diff", help="compare folder B with folder A")
    p.add_argument("a")
    p.add_argument("b")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "diff":
            out = diff.render_diff(results.load(args.a), results.load(args.b))
        elif args.cmd == "paper":
            out = table.render_paper_table(results.load(args.dir))
        else:
            out = table.render_run_table(results.load(args.dir))
    except (results.NotAResultFolder, paper.PaperDataMissing, diff.DiffError) as e:
        print(f"analysis: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
