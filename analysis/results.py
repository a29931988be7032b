"""Loads one result folder (meta.json + runs.jsonl) and groups its measured records by
(workload, size, state, policy, kernel), so that every table reads the same groups."""

import json
import os
from dataclasses import dataclass, field

META_SCHEMA = "spbench-meta/"
RUN_SCHEMA = "spbench-run/"
# policies missing from the plan are listed in this order, then by name
POLICY_ORDER = ("base", "thp", "mthp-64K", "mthp-512K", "mthp-2M", "mthp-all", "resv")


class NotAResultFolder(Exception):
    """The folder cannot be read as a result folder; str() is one line."""


@dataclass
class Group:
    """The records of one (workload, size, state, policy, kernel): those measured and passed
    in `records`, the others only counted."""
    workload: str
    size: str
    state: str
    policy: str
    kernel: str
    records: list = field(default_factory=list)
    warmups: int = 0
    failed: int = 0

    @property
    def key(self):
        return (self.workload, self.size, self.state, self.policy, self.kernel)

    def times(self):
        return [r["spstat"]["time"]["wall_s"] for r in self.records]


@dataclass
class ResultSet:
    folder: str
    meta: dict
    groups: dict    # key tuple -> Group, in order of first appearance
    warmups: int = 0
    failed: int = 0
    failed_where: list = field(default_factory=list)    # (line number, key, message)

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
        plan = self.meta.get("plan") or {}

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


def _read_meta(folder):
    path = os.path.join(folder, "meta.json")
    if not os.path.isfile(path):
        raise NotAResultFolder(f"{folder}: no meta.json (not an spbench result folder)")
    try:
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, UnicodeDecodeError) as e:
        raise NotAResultFolder(f"{path}: cannot read: {e}") from None
    except json.JSONDecodeError as e:
        raise NotAResultFolder(f"{path}: invalid JSON: {e}") from None
    if not isinstance(meta, dict) or not str(meta.get("schema", "")).startswith(META_SCHEMA):
        raise NotAResultFolder(f"{path}: not an {META_SCHEMA}1 object")
    return meta


def _field(rec, where, *names):
    v = rec
    for n in names:
        if not isinstance(v, dict) or n not in v:
            raise NotAResultFolder(f"{where}: record lacks {'.'.join(names)}")
        v = v[n]
    return v


def _passed(rec):
    check = rec.get("check")
    if not isinstance(check, dict) or check.get("passed") is not True:
        return False
    ex = (rec.get("spstat") or {}).get("exit") or {}
    return ex.get("code", 0) == 0 and ex.get("signal") is None


def load(folder):
    """Read a result folder; raise NotAResultFolder with one line when it is missing, lacks
    meta.json or runs.jsonl, or holds a bad line."""
    folder = os.fspath(folder)
    if not os.path.isdir(folder):
        raise NotAResultFolder(f"{folder}: no such folder")
    meta = _read_meta(folder)
    path = os.path.join(folder, "runs.jsonl")
    if not os.path.isfile(path):
        raise NotAResultFolder(f"{folder}: no runs.jsonl (not an spbench result folder)")
    rs = ResultSet(folder, meta, {})
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        raise NotAResultFolder(f"{path}: cannot read: {e}") from None
    for num, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path} line {num}"
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise NotAResultFolder(f"{where}: invalid JSON ({e.msg})") from None
        if not isinstance(rec, dict) or not str(rec.get("schema", "")).startswith(RUN_SCHEMA):
            raise NotAResultFolder(f"{where}: not an {RUN_SCHEMA}1 record")
        key = tuple(str(_field(rec, where, k))
                    for k in ("workload", "size", "state", "policy"))
        key += (str(rec.get("kernel", "host")),)
        g = rs.groups.get(key)
        if g is None:
            g = rs.groups[key] = Group(*key)
        if rec.get("warmup"):
            g.warmups += 1
            rs.warmups += 1
            continue
        if not _passed(rec):
            g.failed += 1
            rs.failed += 1
            msg = (rec.get("check") or {}).get("message") or ""
            rs.failed_where.append((num, key, msg))
            continue
        wall = _field(rec, where, "spstat", "time", "wall_s")
        if not isinstance(wall, (int, float)) or isinstance(wall, bool):
            raise NotAResultFolder(f"{where}: spstat.time.wall_s is not a number")
        g.records.append(rec)
    return rs
