"""The verdict rules of report.md's claims (docs/reproduce.md, "Verdicts"), one per kind of
claim in results/reference/claims.csv: each takes our figures with their 95% intervals
(stats.Ratio) and says agrees, differs, inconclusive, no interval or not comparable, naming
the sets or the interval's width that decided it. No rule decides from a point estimate."""
from dataclasses import dataclass

from . import text


@dataclass(frozen=True)
class Verdict:
    ours: str           # our figures as report.md's claims table shows them
    verdict: str


NOT_MEASURED = "not measured"
NO_INTERVAL = "no interval"
EMULATED = "emulator times"


def has_interval(r):
    return r is not None and r.lo is not None and r.hi is not None


def cell(r):
    """A figure with its interval: 1.234 [1.200, 1.270], or why it has none."""
    if r is None or r.value is None:
        return "n/a" + (f": {r.reason}" if r is not None and r.reason else "")
    return f"{text.ratio(r.value)} {text.interval(r.lo, r.hi, r.reason)}"


def width(r):
    return f"the interval {text.interval(r.lo, r.hi)} is {r.hi - r.lo:.3f} wide"


def names(xs):
    return ", ".join(xs) if xs else "none"


def side(r, line):
    """Where a speedup's interval lies against line: 'above' (wholly above), 'below' (wholly
    at or below), 'undecided' (across it) or 'no interval'."""
    if not has_interval(r):
        return NO_INTERVAL
    if r.lo > line:
        return "above"
    if r.hi <= line:
        return "below"
    return "undecided"


def set_rule(ours, paper, line):
    """Which rows gain more than line, ours (by interval) against the paper's (by its
    figure), over the rows both have. ours {name: Ratio}, paper {name: figure}."""
    rows = sorted(n for n in ours if n in paper and ours[n].value is not None)
    if not rows:
        return Verdict("none of them ran", NOT_MEASURED)
    where = {n: side(ours[n], line) for n in rows}
    gains = [n for n in rows if paper[n] > line]
    both = [n for n in rows if where[n] == "above" and n in gains]
    neither = [n for n in rows if where[n] == "below" and n not in gains]
    ours_only = [n for n in rows if where[n] == "above" and n not in gains]
    paper_only = [n for n in rows if where[n] == "below" and n in gains]
    undecided = [n for n in rows if where[n] == "undecided"]
    bare = [n for n in rows if where[n] == NO_INTERVAL]
    above = [n for n in rows if where[n] == "above"]
    said = (f"ours: {len(above)} of {len(rows)} surely above {line:.2f} ({names(above)}); "
            f"the paper's: {len(gains)} of these {len(rows)} ({names(gains)}); agree on "
            f"{len(both) + len(neither)} (both: {names(both)}; neither: {names(neither)}); "
            f"ours only: {names(ours_only)}; the paper's only: {names(paper_only)}; "
            f"undecided: {names(undecided)}")
    if bare:
        said += f"; no interval: {names(bare)}"
    if ours_only or paper_only:
        return Verdict(said, f"differs: ours only: {names(ours_only)}; the paper's only: "
                       f"{names(paper_only)}")
    if len(bare) == len(rows):
        return Verdict(said, NO_INTERVAL)
    decided = len(both) + len(neither)
    if bare or decided <= len(undecided):
        return Verdict(said, f"inconclusive: undecided (interval across {line:.2f}): "
                       f"{names(undecided)}; no interval: {names(bare)}")
    return Verdict(said, "agrees" + (f" (undecided: {names(undecided)})" if undecided else ""))


def largest_rule(ours, expected):
    """Which row gains most: the set of rows that could be the largest (the top row by its
    mean, and every row whose interval reaches that row's lower end) against the paper's
    one. ours {name: Ratio}."""
    rows = {n: r for n, r in ours.items() if r.value is not None}
    if not rows:
        return Verdict("no speedups", NOT_MEASURED)
    top = max(rows, key=lambda n: rows[n].value)
    said = f"{top}, {cell(rows[top])}"
    if expected not in rows:
        return Verdict(said, f"{NOT_MEASURED}: {expected} did not run")
    if not has_interval(rows[top]):
        return Verdict(said, NO_INTERVAL)
    floor = rows[top].lo
    rivals = [n for n, r in sorted(rows.items())
              if n != top and (not has_interval(r) or r.hi >= floor)]
    said += f"; could be the largest: {names([top] + rivals)}"
    if top != expected and has_interval(rows[expected]) and rows[expected].hi < floor:
        return Verdict(said, f"differs: {top} lies wholly above {expected} "
                       f"{cell(rows[expected])}")
    if top == expected and not rivals:
        return Verdict(said, "agrees")
    return Verdict(said, f"inconclusive: could be the largest: {names([top] + rivals)}")


def numeric_rule(r, lo, hi, tol):
    """Our figure against the paper's (lo..hi, lo == hi for one number), tol a fraction of
    it: agrees where our interval lies inside lo*(1-tol)..hi*(1+tol)."""
    if r is None or r.value is None:
        return Verdict(cell(r), NOT_MEASURED)
    if not has_interval(r):
        return Verdict(cell(r), NO_INTERVAL)
    a, b = lo * (1 - tol), hi * (1 + tol)
    band = f"{a:.3f} to {b:.3f}"
    if a <= r.lo and r.hi <= b:
        return Verdict(cell(r), "agrees")
    if r.hi < a or r.lo > b:
        where = "below" if r.hi < a else "above"
        return Verdict(cell(r), f"differs: the interval lies wholly {where} {band}")
    return Verdict(cell(r), f"inconclusive: {width(r)}, reaching outside {band}")


def overhead_rule(r, bound, tol, not_comparable=""):
    """A time ratio over the unmodified system against the paper's bound: judged by the
    interval's upper end against bound + tol; not at all where not_comparable says why
    (emulator times, or how the guests ran unknown)."""
    if r is None or r.value is None:
        return Verdict(cell(r), NOT_MEASURED)
    if not_comparable:
        said = cell(r) + (f" ({EMULATED})" if not_comparable == EMULATED else "")
        return Verdict(said, f"not comparable: {not_comparable}")
    if not has_interval(r):
        return Verdict(cell(r), NO_INTERVAL)
    limit = bound + tol
    if r.hi <= limit:
        return Verdict(cell(r), f"agrees: at most {limit:.3f}")
    if r.lo > limit:
        return Verdict(cell(r), f"differs: the interval lies wholly above {limit:.3f}")
    return Verdict(cell(r), f"inconclusive: {width(r)}, reaching above {limit:.3f}")


def difference_rule(r, line):
    """A ratio of two of our own figures (A over B) that the paper has at least line:
    agrees where its interval lies wholly at or above line, differs wholly below."""
    if r is None or r.value is None:
        return Verdict(cell(r), NOT_MEASURED)
    if not has_interval(r):
        return Verdict(cell(r), NO_INTERVAL)
    if r.lo >= line:
        return Verdict(cell(r), "agrees")
    if r.hi < line:
        return Verdict(cell(r), f"differs: the interval lies wholly below {line:.3f}")
    return Verdict(cell(r), f"inconclusive: {width(r)}, across {line:.3f}")
