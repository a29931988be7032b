"""The paper's published tables and claims (results/reference/*.csv), read for the comparison:
table 1 (best case), table 2 (single-size speedup), table 3 (single-size dTLB miss reduction),
figure 4's superpages per run, the claims the report judges (claims.csv), and how our policies
map onto its page sizes."""

import csv
import os
import re
from dataclasses import dataclass

REFERENCE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "results", "reference")

TABLE1 = "table1-best-case.csv"
TABLE2 = "table2-single-size-speedup.csv"
TABLE3 = "table3-single-size-miss-reduction.csv"
CLAIMS = "claims.csv"
FIGURE4 = "figure4-sustained.csv"
RULES = ("set", "numeric", "overhead", "difference")

# table 1's page-count columns and their sizes in KB
PAGE_KB = {"8KB": 8, "64KB": 64, "512KB": 512, "4MB": 4096}

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


def _rows(path):
    try:
        with open(path, newline="", encoding="utf-8") as f:
            return list(csv.DictReader(f))
    except OSError as e:
        msg = f"{path}: cannot read the paper's table: {e.strerror}"
        raise PaperDataMissing(msg) from None


def _read(name, folder):
    path = os.path.join(folder, name)
    rows = _rows(path)
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
    """The three tables, keyed by lower-case workload name, figure 4's regions and the
    claims."""

    def __init__(self, folder=REFERENCE):
        self.folder = folder
        self.table1 = _read(TABLE1, folder)
        self.table2 = _read(TABLE2, folder)
        self.table3 = _read(TABLE3, folder)
        self.claims = read_claims(folder)
        self.figure4 = read_figure4(folder)

    def speedup(self, workload):
        return (self.table1.get(workload.lower()) or {}).get("speedup")

    def footprint_mb(self, workload):
        """The row's footprint by table 1's page counts (8 KB, 64 KB, 512 KB and 4 MB pages
        the best case used), in MB; None for a row without counts."""
        row = self.table1.get(workload.lower()) or {}
        counts = [row.get(f"pages_{size}") for size in PAGE_KB]
        if any(c is None for c in counts):
            return None
        return sum(c * kb for c, kb in zip(counts, PAGE_KB.values())) / 1024

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

    def claim(self, claim_id):
        """The Claim of that id (PaperDataMissing where claims.csv has none)."""
        try:
            return self.claims[claim_id]
        except KeyError:
            raise PaperDataMissing(f"{os.path.join(self.folder, CLAIMS)}: no claim "
                                   f"{claim_id!r}") from None

    def gains(self, line):
        """{workload: speedup} of table 1's rows (not the summaries), and the names of those
        above line."""
        rows = {w: v["speedup"] for w, v in self.table1.items()
                if v.get("group") != "summary" and v.get("speedup") is not None}
        return rows, sorted(w for w, v in rows.items() if v > line)


@dataclass(frozen=True)
class Claim:
    """One row of claims.csv: a claim of the paper and how a verdict on it is reached."""
    id: str
    rule: str                   # set, numeric, overhead or difference (RULES)
    claim: str                  # the claim in words, as report.md names it
    paper: str                  # the paper's figure, as report.md shows it
    value: tuple | None         # (lo, hi) of the figure the rule uses; lo == hi for one
    tolerance: float
    workloads: tuple            # the workloads it is about; () for all or none
    where: str                  # where the paper states it

    @property
    def figure(self):
        return self.value[0] if self.value else None


_VALUE = re.compile(r"^\s*([0-9.]+)\s*(?:-\s*([0-9.]+))?\s*$")


def _claim(row, path, line):
    def bad(why):
        return PaperDataMissing(f"{path} line {line}: {why}")
    cid, rule = (row.get("id") or "").strip(), (row.get("rule") or "").strip()
    if not cid or rule not in RULES:
        raise bad(f"a claim needs an id and a rule of {', '.join(RULES)}")
    value = None
    if (row.get("value") or "").strip():
        m = _VALUE.match(row["value"])
        if not m:
            raise bad(f"value={row['value']!r} is neither a number nor LO-HI")
        value = (float(m.group(1)), float(m.group(2) or m.group(1)))
    if rule != "set" and value is None:
        raise bad(f"a {rule} claim needs a value")
    try:
        tol = float(row.get("tolerance") or 0)
    except ValueError:
        raise bad(f"tolerance={row.get('tolerance')!r} is not a number") from None
    words = (row.get("workloads") or "").split()
    return Claim(cid, rule, (row.get("claim") or "").strip(), (row.get("paper") or "").strip(),
                 value, tol, () if words == ["all"] else tuple(w.lower() for w in words),
                 (row.get("where") or "").strip())


def read_claims(folder=REFERENCE):
    """{id: Claim} of claims.csv, in its order."""
    path = os.path.join(folder, CLAIMS)
    out = {}
    for i, row in enumerate(_rows(path), 2):
        c = _claim(row, path, i)
        if c.id in out:
            raise PaperDataMissing(f"{path} line {i}: claim {c.id!r} twice")
        out[c.id] = c
    return out


def read_figure4(folder=REFERENCE):
    """{scheme: {"regions": [per run], "wanted": n}}: the 4 MB regions FFTW got per run."""
    path = os.path.join(folder, FIGURE4)
    out = {}
    for i, row in enumerate(_rows(path), 2):
        try:
            run, got, wanted = int(row["run"]), int(row["regions_4MB"]), int(row["wanted_4MB"])
        except (KeyError, TypeError, ValueError):
            raise PaperDataMissing(f"{path} line {i}: run, regions_4MB and wanted_4MB must "
                                   "be whole numbers") from None
        d = out.setdefault(row["scheme"].strip(), {"regions": [], "wanted": wanted})
        if run != len(d["regions"]) + 1:
            raise PaperDataMissing(f"{path} line {i}: runs must count up from 1")
        d["regions"].append(got)
    return out
