"""The time left of what a runner runs, held in one object that the runner owns: the parts
not begun with their expected seconds, the pace of the host stages so far, and the progress
line an Experiment prints for each step. A guest's own progress lines are relayed with what
the host runs after it added, so that nothing about progress travels into the guest."""
from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Iterable, Optional, Sequence, TextIO

from harness.driver.engine.estimate import Estimator, clock

if TYPE_CHECKING:
    from harness.driver.engine.plan import Plan, Step
    from harness.driver.manifest import Workload

LEFT_RE = re.compile(r"about (?:(\d+)h(\d\d)m|(\d+)m(\d\d)s) left")


def parse_clock(m: re.Match[str]) -> int:
    """Seconds of a clock() text matched by LEFT_RE."""
    if m.group(1) is not None:
        return int(m.group(1)) * 3600 + int(m.group(2)) * 60
    return int(m.group(3)) * 60 + int(m.group(4))


class Progress:
    """Parts are named ("table1", "kernel-build-stock", ...) with their expected seconds;
    those in `fixed` (kernel builds, guest runs) are added as expected, the others scaled
    by how the host stages so far compared with what was expected of them."""

    def __init__(self, estimator: Estimator, expected: Optional[dict[str, float]] = None,
                 fixed: Iterable[str] = (), sims: Optional[dict[str, float]] = None,
                 stream: Optional[TextIO] = sys.stderr) -> None:
        self.estimator = estimator
        self.remaining: dict[str, float] = dict(expected or {})
        self.fixed = set(fixed)
        self.sims = dict(sims or {})    # a part's runs under sptlb, after its steps
        self.stream = stream
        self.sim_ahead_s = 0.0
        self.scale = 1.0                # actual / expected so far, as left() last found it
        self.prior_s = (0.0, 0.0)       # the finished stages' (actual, expected) seconds
        self.stage_s: dict[str, float] = {}

    # -- the parts after the current one -----------------------------------

    def after(self) -> tuple[float, float]:
        """Expected seconds of the parts not begun: (scaled, fixed)."""
        fixed = sum(v for k, v in self.remaining.items() if k in self.fixed)
        return sum(self.remaining.values()) - fixed, fixed

    def begin(self, *parts: str) -> None:
        """The parts start: they are no longer ahead."""
        for part in parts:
            self.remaining.pop(part, None)
        self.sim_ahead_s = self.sims.get(parts[-1], 0.0) if parts else 0.0

    def parts_left(self) -> float:
        """The parts not begun, the scaled ones at the pace so far."""
        scaled, fixed = self.after()
        return scaled * self.scale + fixed

    def note_stage(self, name: str, secs: float, expected: Optional[float] = None) -> None:
        """A stage took secs; against its expectation it scales the time left after it."""
        self.stage_s[name] = secs
        if expected:
            self.prior_s = (self.prior_s[0] + secs, self.prior_s[1] + expected)

    # -- within the current part --------------------------------------------

    def left(self, plan: Plan, done: Sequence[Step], done_s: float,
             ahead: Sequence[Step]) -> float:
        """Seconds left: the steps ahead and the scaled parts after them, scaled by how
        what is done (the steps of this part and the stages before) compared with its
        expectation, within 4x either way; the fixed parts added as expected (a pace learnt
        from native runs says little about TCG or a compiler)."""
        est = self.estimator
        actual = self.prior_s[0] + done_s
        expected = self.prior_s[1] + est.runs_seconds(plan, done)
        scale = 1.0
        if actual > 0 and expected > 0:
            scale = min(4.0, max(0.25, actual / expected))
        self.scale = scale
        current = done[-1].workload.name if done else None
        scaled, fixed = self.after()
        return ((est.steps_seconds(plan, ahead, current) + self.sim_ahead_s + scaled) * scale
                + fixed)

    def sims_left(self, plan: Plan, workloads: Sequence[Workload]) -> float:
        """Seconds left once only the runs under sptlb of workloads are ahead in this part,
        scaled as the last time left was."""
        scaled, fixed = self.after()
        return ((sum(self.estimator.sim_run_seconds(w.name, plan.size) for w in workloads)
                 + scaled) * self.scale + fixed)

    def say(self, line: str, redraw: bool = False) -> None:
        if self.stream is None:
            return
        if redraw:
            print("\r\033[K" + line, end="", file=self.stream, flush=True)
        else:
            print(line, file=self.stream, flush=True)

    def relay(self, line: str, after_s: float) -> str:
        """A guest's console line with after_s (what the host runs after the guest) added to
        the time left it states."""
        return LEFT_RE.sub(lambda m: f"about {clock(parse_clock(m) + after_s)} left", line)
