"""Runs whose time stands far from the rest of their group (workload, size, state, policy,
kernel) are flagged, never dropped: every table counts them, the run view lists each
run with its score, and only --exclude-outliers leaves them out, saying how many. The
score is the modified z-score in stats.py (median and MAD, cut at 3.5)."""

import dataclasses

from . import stats, text

SCORE = (f"a run is an outlier when its time has a modified z-score |0.6745 (t - median) / "
         f"MAD| above {stats.OUTLIER_Z} in its row (Iglewicz and Hoaglin; none with n < 3)")
RULE = ("out: runs flagged in the row; " + SCORE + "; flagged runs stay in every statistic "
        "unless --exclude-outliers, and then out shows -k for the k left out")


def flags(group):
    """[bool] per passed record of the group, in its order."""
    return stats.outlier_flags(group.times())


def flagged(group):
    """The group's flagged records."""
    return [r for r, f in zip(group.records, flags(group)) if f]


def count(rs):
    return sum(len(flagged(g)) for g in rs.groups.values())


def excluding(rs):
    """A copy of a result set whose groups hold only their unflagged records; each group
    says how many it left out. Flags are taken once, on the whole group."""
    groups = {}
    for k, g in rs.groups.items():
        keep = [r for r, f in zip(g.records, flags(g)) if not f]
        groups[k] = dataclasses.replace(g, records=keep,
                                        outliers_left_out=len(g.records) - len(keep))
    return dataclasses.replace(rs, groups=groups)


def left_out(rs):
    return sum(g.outliers_left_out for g in rs.groups.values())


def cell(group):
    """The table's out cell: flagged runs, or -k where k were left out."""
    if group.outliers_left_out:
        return f"-{group.outliers_left_out}"
    return str(len(flagged(group)))


def notes(rs, notes_, label=""):
    """The rule, and where runs were flagged or left out, as footnotes."""
    pre = f"{label}: " if label else ""
    gone = left_out(rs)
    if gone:
        notes_.add(pre + f"--exclude-outliers: {gone} flagged run(s) left out of every "
                   "statistic")
        return
    where = [f"{'/'.join(g.key[:4])} rep {r.rep + 1} ({text.secs(r.wall_s)} s)"
             for g in rs.ordered() for r in flagged(g)]
    if where:
        notes_.add(pre + f"outliers flagged (kept): {', '.join(where[:8])}"
                   + (f", {len(where) - 8} more" if len(where) > 8 else ""))


def render_runs(rs):
    """The run view: every measured run of the folder with its time, its modified z-score
    in its row and the outlier flag."""
    header = ["workload", "size", "state", "policy", "kernel", "rep", "time s", "mod. z",
              "outlier"]
    rows = []
    for g in rs.ordered():
        z = stats.modified_zscores(g.times())
        for i, r in enumerate(g.records):
            score = z[i] if z is not None else None
            rows.append(list(g.key) + [str(r.rep + 1), text.secs(r.wall_s),
                                       "n/a" if score is None else f"{score:+.2f}",
                                       "yes" if score is not None
                                       and abs(score) > stats.OUTLIER_Z else ""])
    out = [f"results: {rs.folder}", ""]
    out.append(text.columns(header, rows, "lllllrrrl") if rows else "no measured records")
    out += ["", SCORE]
    return "\n".join(out).rstrip() + "\n"
