"""The paper's published tables (results/reference/*.csv), read for the comparison: table 1
(best case), table 2 (single-size speedup), table 3 (single-size dTLB miss reduction), and how
our policies map onto its page sizes."""

import csv
import os

REFERENCE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "results", "reference")

TABLE1 = "table1-best-case.csv"
TABLE2 = "table2-single-size-speedup.csv"
TABLE3 = "table3-single-size-miss-reduction.csv"

# our policy -> the paper's column; 2 MB is nearest to the Alpha's 4 MB
SINGLE_SIZE = (
    ("mthp-64K", "only_64KB", "64KB"),
    ("mthp-512K", "only_512KB", "512KB"),
    ("mthp-2M", "only_4MB", "4MB"),
    ("mthp-all", "all_sizes", "all"),
)
SIZE_MAP_NOTE = ("ours ~ paper: mthp-64K ~ 64 KB, mthp-512K ~ 512 KB, mthp-2M ~ 4 MB "
                 "(nearest size), mthp-all ~ all sizes")


class PaperDataMissing(Exception):
    """A reference table is missing or unreadable; str() is one line."""


def _read(name, folder):
    path = os.path.join(folder, name)
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        msg = f"{path}: cannot read the paper's table: {e.strerror}"
        raise PaperDataMissing(msg) from None
    out = {}
    for i, row in enumerate(rows, 2):
        workload = (row.get("workload") or "").strip().lower()
        if not workload:
            raise PaperDataMissing(f"{path} line {i}: no workload")
        vals = {}
        for k, v in row.items():
            if k in ("workload", "group"):
                vals[k] = v
            elif v is None or v.strip() == "":
                vals[k] = None
            else:
                try:
                    vals[k] = float(v)
                except ValueError:
                    msg = f"{path} line {i}: {k}={v!r} is not a number"
                    raise PaperDataMissing(msg) from None
        out[workload] = vals
    return out


class Paper:
    """The three tables, keyed by lower-case workload name."""

    def __init__(self, folder=REFERENCE):
        self.folder = folder
        self.table1 = _read(TABLE1, folder)
        self.table2 = _read(TABLE2, folder)
        self.table3 = _read(TABLE3, folder)

    def speedup(self, workload):
        return (self.table1.get(workload.lower()) or {}).get("speedup")

    def miss_reduction(self, workload):
        return (self.table1.get(workload.lower()) or {}).get("dtlb_miss_reduction_pct")

    def group(self, workload):
        """The paper's group of a workload (CINT2000, CFP2000, other), or None."""
        g = (self.table1.get(workload.lower()) or {}).get("group")
        return None if g == "summary" else g

    def members(self, group):
        """The workloads the paper lists under group, in its order."""
        return [w for w, v in self.table1.items() if v.get("group") == group]

    def summary(self, group):
        """The paper's summary speedup of a group (its geometric mean), or None."""
        row = self.table1.get(group.lower()) or {}
        return row.get("speedup") if row.get("group") == "summary" else None

    def single_speedup(self, workload, column):
        return (self.table2.get(workload.lower()) or {}).get(column)

    def single_reduction(self, workload, column):
        return (self.table3.get(workload.lower()) or {}).get(column)
