"""Loads one result folder through the records module and groups its measured records by
(workload, size, state, policy, kernel), so that every table reads the same groups."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Optional

from harness.records import BadLine, FolderError, Meta, ResultFolder, RunRecord
from harness.records.lines import Warn, warn_stderr

# policies missing from the plan are listed in this order, then by name
POLICY_ORDER = ("base", "thp", "mthp-64K", "mthp-512K", "mthp-2M", "mthp-all", "resv")


# A folder that cannot be read at all (no meta, not a folder): one line for the user.
NotAResultFolder = FolderError


@dataclass
class Group:
    """The records of one (workload, size, state, policy, kernel): those measured and passed
    in `records`, the others only counted."""
    workload: str
    size: str
    state: str
    policy: str
    kernel: str
    records: list[RunRecord] = field(default_factory=list)
    warmups: int = 0
    failed: int = 0
    outliers_left_out: int = 0      # runs flagged and taken out (analysis/outliers.py)

    @property
    def key(self) -> tuple[str, str, str, str, str]:
        return (self.workload, self.size, self.state, self.policy, self.kernel)

    def times(self) -> list[float]:
        return [r.wall_s for r in self.records]


@dataclass
class ResultSet:
    folder: str
    meta: Meta
    groups: dict[tuple[str, ...], Group]    # in order of first appearance
    warmups: int = 0
    failed: int = 0
    failed_where: list[tuple[int, tuple[str, ...], str]] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)     # skipped, named

    def group(self, workload, size, state, policy, kernel):
        return self.groups.get((workload, size, state, policy, kernel))

    def values(self, attr):
        """Distinct values of one key field, in order of appearance."""
        seen = []
        for g in self.groups.values():
            v = getattr(g, attr)
            if v not in seen:
                seen.append(v)
        return seen

    def ordered(self):
        """Groups sorted by the plan's order of workloads, states and policies (base first),
        then by name."""
        plan = self.meta.plan

        def rank(order, v, first=None):
            order = list(order or [])
            if v == first:
                return (-1, 0, "")
            if v in order:
                return (order.index(v), 0, "")
            known = POLICY_ORDER.index(v) if v in POLICY_ORDER else len(POLICY_ORDER)
            return (len(order), known, str(v))

        return sorted(self.groups.values(), key=lambda g: (
            rank(plan.get("workloads"), g.workload),
            str(g.size), str(g.kernel),
            rank(plan.get("states"), g.state),
            rank(plan.get("policies"), g.policy, "base")))


def load(folder: str | os.PathLike[str], warn: Optional[Warn] = warn_stderr) -> ResultSet:
    """Read a result folder; NotAResultFolder with one line when it is missing or lacks
    its meta or its runs. A damaged line is skipped, passed to warn and listed in
    bad_lines; the rest of the folder is read."""
    path = os.fspath(folder)
    if not os.path.isdir(path):
        raise NotAResultFolder(f"{path}: no such folder")
    rf = ResultFolder(path, warn)
    meta = rf.meta()
    if not rf.has_runs():
        raise NotAResultFolder(f"{path}: no runs (not an spbench result folder)")
    rs = ResultSet(path, meta, {})
    for num, rec in rf.numbered_runs():
        _add(rs, rec, num)
    rs.bad_lines = rf.bad_lines
    return rs


def _add(rs: ResultSet, rec: RunRecord, num: int) -> None:
    key = rec.group_key
    g = rs.groups.get(key)
    if g is None:
        g = rs.groups[key] = Group(*key)
    if rec.warmup:
        g.warmups += 1
        rs.warmups += 1
    elif not rec.passed:
        g.failed += 1
        rs.failed += 1
        rs.failed_where.append((num, key, rec.check.get("message") or ""))
    else:
        g.records.append(rec)
