"""--runs auto: each (workload, state) runs rounds of interleaved runs (every policy once, in
the plan's order) until every speedup's 95% interval is narrow enough, or a cap in runs or
in time is reached. The interval is the one the tables print (analysis/stats.py: Fieller's
ratio of the mean times), which is why the rule lives among the commands, the one part of
the driver that may import analysis. The outcome of each row goes to the meta record."""
import dataclasses
import time

from analysis import results, stats
from harness.driver.engine.plan import done_keys
from harness.driver.errors import UserError

MIN_RUNS = 3        # no interval is trusted, nor an outlier flagged, on fewer
BASE = "base"


@dataclasses.dataclass(frozen=True)
class Rule:
    target: float = 0.02            # relative half-width of the speedup's 95% interval
    max_runs: int = 30              # per policy
    max_time_s: float | None = None  # per (workload, state) row, this command's share

    def __post_init__(self):
        if not 0 < self.target < 1:
            raise UserError("--target-halfwidth must be between 0 and 100 (%)")
        if self.max_runs < MIN_RUNS:
            raise UserError(f"--max-runs must be at least {MIN_RUNS} with --runs auto")
        if self.max_time_s is not None and self.max_time_s <= 0:
            raise UserError("--max-time must be a positive number of seconds")

    def as_dict(self):
        return {"target_halfwidth": self.target, "min_runs": MIN_RUNS,
                "max_runs": self.max_runs, "max_time_s": self.max_time_s}

    @classmethod
    def from_dict(cls, d):
        return cls(d["target_halfwidth"], d["max_runs"], d.get("max_time_s"))


def worst_halfwidth(times):
    """The largest relative half-width among the row's speedups ({policy: [times]}, base
    against each other policy); with base alone, its mean time's. None while any has no
    interval."""
    base = stats.summarize(times.get(BASE, []))
    others = [p for p in times if p != BASE]
    if not others:
        if base is None or base.half is None or base.mean == 0:
            return None
        return base.half / base.mean
    widths = [stats.relative_halfwidth(stats.ratio(base, stats.summarize(times[p])))
              for p in others]
    return None if any(w is None for w in widths) else max(widths)


def run_row(rule, run_round, times, clock=time.monotonic):
    """Runs rounds (run_round(i) for i = 0, 1, ...) until the rule stops; times() gives
    {policy: [times]} of the row so far. Returns its outcome for the meta record."""
    start = clock()
    reason, width, n = "max-runs", None, 0
    for i in range(rule.max_runs):
        run_round(i)
        t = times()
        n = min((len(v) for v in t.values()), default=0)
        width = worst_halfwidth(t)
        if n >= MIN_RUNS and width is not None and width <= rule.target:
            reason = "concluded"
            break
        if rule.max_time_s is not None and clock() - start >= rule.max_time_s \
                and i + 1 < rule.max_runs:
            reason = "max-time"
            break
    return {"stopped": reason, "n": n, "halfwidth": width,
            "seconds": round(clock() - start, 3)}


def body(rule):
    """The Experiment body of a plan whose runs are the rule's max_runs."""
    def run(exp):
        plan = exp.plan
        outcomes = {}
        for w in plan.workloads:
            for state in plan.states:
                steps = [s for s in plan.steps() if s.workload.name == w.name
                         and s.state == state]
                outcomes[f"{w.name}/{state}"] = run_row(
                    rule, _round_runner(exp, steps), lambda: _times(exp, w.name, state))
                exp.meta.extra["runs_auto"] = {"rule": rule.as_dict(), "rows": outcomes}
                exp.folder.write_meta(exp.meta)     # each row's outcome kept as it ends
    return run


def _round_runner(exp, steps):
    """run_round(i) for one row: its warm-ups before the first round this command runs,
    and only the runs the folder does not hold yet (a resumed folder goes on)."""
    warm = [s for s in steps if s.warmup]
    warmed = []

    def run_round(i):
        todo = [s for s in steps if not s.warmup and s.rep == i]
        done = done_keys(exp.out)
        if all(s.key(exp.plan) in done for s in todo):
            return
        exp.run(([] if warmed else warm) + todo)
        warmed.append(True)
    return run_round


def _times(exp, workload, state):
    rs = results.load(exp.out, warn=lambda bad: None)
    return {g.policy: g.times() for g in rs.groups.values()
            if g.workload == workload and g.state == state and g.size == exp.plan.size
            and g.kernel == exp.plan.kernel}
