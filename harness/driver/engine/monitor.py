"""Monitors over time, as mmtests keeps them: spstat samples /proc/vmstat, buddyinfo and
pagetypeinfo every --monitor-ms, and the measured process's coverage every --sample-ms,
each as a bounded series in its record (harness/core/SCHEMA.md). Here those series leave
the run record for the folder's monitor records, so that the run records stay small."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from harness.records import MonitorRecord, ResultFolder

if TYPE_CHECKING:
    from harness.driver.engine.plan import Plan, Step

DEFAULT_MS = 1000


def spstat_flags(monitor_ms: int) -> list[str]:
    """spstat's option for the /proc monitors (0: off, spstat's own default)."""
    return ["--monitor-ms", str(monitor_ms)] if monitor_ms else []


def split(stat: dict[str, Any]) -> tuple[Optional[dict[str, Any]], Optional[dict[str, Any]]]:
    """Takes the coverage series and the monitors out of a spstat record (in place)."""
    cov = stat.get("coverage")
    series = cov.pop("series", None) if isinstance(cov, dict) else None
    return series, stat.pop("monitors", None)


def store(folder: ResultFolder, plan: Plan, step: Step, started: str,
          stat: dict[str, Any]) -> None:
    """The run's series as a monitor record beside its run record; nothing when spstat
    sampled nothing over time."""
    series, monitors = split(stat)
    if not (series and series.get("samples")) and not monitors:
        return
    folder.append_monitor(MonitorRecord(step.workload.name, plan.size, step.policy.name,
                                        step.state, plan.kernel, step.rep, step.warmup,
                                        started, series, monitors))
