"""A result folder and a reproduction folder: every file name they hold is spelled here and
nowhere else, each file is read and written through its record class, and a damaged line is
skipped and named, never the end of the rest of the folder."""
from __future__ import annotations

import glob
import json
import os
from typing import Any, Callable, Optional, TypeVar

from harness.records import lines
from harness.records.lines import BadLine, FolderError, Warn
from harness.records.schema import (AdversaryInfo, GuestJob, Meta, MonitorRecord,
                                    PressureRecord, ProfileRecord, RecordError,
                                    ReproductionDoc, RunRecord, SimRecord)

META = "meta.json"
RUNS = "runs.jsonl"
SIMULATED = "tlbsim.jsonl"
PRESSURE = "pressure.jsonl"
GUEST_JOB = "guest-job.json"
TIMELINE = "timeline.jsonl"
EVENTS = "events.jsonl"
MONITORS = "monitors.jsonl"     # per run: coverage over time, /proc monitors
PROFILES = "profiles.jsonl"     # per workload, state and policy: perf record's summary
PROFILE_DATA = "profiles"       # the perf.data files those records name
ADVERSARY_INFO = "adversary.json"
ADVERSARY_RAW = "raw"
REPRODUCTION = "reproduce.json"
REPORT = "report.md"
FAILED = "failed"
# resv_adversary's modes: the paper's three overhead adversaries (sections 6.6-6.7)
ADVERSARY_MODES = ("incremental", "nopromote", "preempt")

R = TypeVar("R")


def read_json(path: str) -> Any:
    """A whole-file JSON document; FolderError with one line when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise FolderError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise FolderError(f"{path}: cannot read: {getattr(e, 'strerror', None) or e}") \
            from None
    except json.JSONDecodeError as e:
        raise FolderError(f"{path}: invalid JSON: {e}") from None


def write_json(path: str, obj: Any) -> None:
    lines.write_text(path, json.dumps(obj, indent=1) + "\n")


class ResultFolder:
    """One experiment's folder: meta.json, runs.jsonl and what a run adds beside them.
    Lines that are not records go to warn (default: one line on stderr) and to bad_lines,
    which a report lists."""

    def __init__(self, path: str | os.PathLike[str],
                 warn: Optional[Warn] = lines.warn_stderr) -> None:
        self.path = os.path.abspath(os.fspath(path))
        self.warn = warn
        self.bad_lines: list[BadLine] = []

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)

    @property
    def meta_path(self) -> str:
        return self.file(META)

    @property
    def runs_path(self) -> str:
        return self.file(RUNS)

    @property
    def sims_path(self) -> str:
        return self.file(SIMULATED)

    @property
    def pressure_path(self) -> str:
        return self.file(PRESSURE)

    @property
    def guest_job_path(self) -> str:
        return self.file(GUEST_JOB)

    @property
    def timeline_path(self) -> str:
        return self.file(TIMELINE)

    @property
    def events_path(self) -> str:
        return self.file(EVENTS)

    @property
    def failed_dir(self) -> str:
        return self.file(FAILED)

    @property
    def monitors_path(self) -> str:
        return self.file(MONITORS)

    @property
    def profiles_path(self) -> str:
        return self.file(PROFILES)

    def profile_data(self, workload: str, state: str, policy: str) -> str:
        """Where the perf.data of a workload's profile in a state and policy is kept."""
        return os.path.join(self.path, PROFILE_DATA, f"{workload}-{state}-{policy}.data")

    def has_meta(self) -> bool:
        return os.path.isfile(self.meta_path)

    def has_runs(self) -> bool:
        return os.path.isfile(self.runs_path)

    # -- meta.json ---------------------------------------------------------

    def meta(self) -> Meta:
        """meta.json; FolderError when it is missing or not an spbench meta."""
        if not self.has_meta():
            raise FolderError(f"{self.path}: no {META} (not an spbench result folder)")
        try:
            return Meta.from_json(read_json(self.meta_path))
        except RecordError as e:
            raise FolderError(f"{self.meta_path}: {e}") from None

    def meta_or_none(self) -> Optional[Meta]:
        try:
            return self.meta()
        except FolderError:
            return None

    def write_meta(self, meta: Meta) -> None:
        write_json(self.meta_path, meta.to_json())

    def finished(self) -> bool:
        m = self.meta_or_none()
        return bool(m and m.finished)

    # -- the JSON-lines files ---------------------------------------------

    def _records(self, path: str, make: Callable[[Any], R]) -> list[R]:
        return [rec for _, rec in self._numbered(path, make)]

    def _numbered(self, path: str, make: Callable[[Any], R]) -> list[tuple[int, R]]:
        return lines.parse_lines(path, make, self.warn, self.bad_lines)

    def runs(self) -> list[RunRecord]:
        return self._records(self.runs_path, RunRecord.from_json)

    def numbered_runs(self) -> list[tuple[int, RunRecord]]:
        """(line number, record) of runs.jsonl's records."""
        return self._numbered(self.runs_path, RunRecord.from_json)

    def append_run(self, rec: RunRecord) -> None:
        lines.append_json(self.runs_path, rec.to_json())

    def sims(self) -> list[SimRecord]:
        return self._records(self.sims_path, SimRecord.from_json)

    def append_sim(self, rec: SimRecord) -> None:
        lines.append_json(self.sims_path, rec.to_json())

    def pressure(self) -> list[PressureRecord]:
        return self._records(self.pressure_path, PressureRecord.from_json)

    def pressure_file(self, path: str) -> list[PressureRecord]:
        """Pressure records kept in a file of another name (harness/tlbsim/measured/)."""
        return self._records(path, PressureRecord.from_json)

    def append_pressure(self, rec: PressureRecord) -> None:
        lines.append_json(self.pressure_path, rec.to_json())

    def monitors(self) -> list[MonitorRecord]:
        return self._records(self.monitors_path, MonitorRecord.from_json)

    def append_monitor(self, rec: MonitorRecord) -> None:
        lines.append_json(self.monitors_path, rec.to_json())

    def profiles(self) -> list[ProfileRecord]:
        return self._records(self.profiles_path, ProfileRecord.from_json)

    def append_profile(self, rec: ProfileRecord) -> None:
        lines.append_json(self.profiles_path, rec.to_json())

    def lines_of(self, name: str) -> list[dict[str, Any]]:
        """The JSON objects of a JSON-lines file of the folder (timeline, events)."""
        return lines.read_json_lines(self.file(name), self.warn, self.bad_lines)

    def append_line_to(self, name: str, obj: dict[str, Any]) -> None:
        lines.append_json(self.file(name), obj)

    # -- a guest's job ------------------------------------------------------

    def write_guest_job(self, job: GuestJob) -> str:
        write_json(self.guest_job_path, job.to_json())
        return self.guest_job_path

    @staticmethod
    def read_guest_job(path: str) -> GuestJob:
        """A guest job file (the folder is the one it lies in); FolderError when it is not
        one."""
        try:
            return GuestJob.from_json(read_json(path))
        except RecordError as e:
            raise FolderError(f"{path}: {e}") from None

    # -- the adversaries ----------------------------------------------------

    def adversary_info(self) -> AdversaryInfo:
        """adversary.json, or an empty one where it is missing or unreadable."""
        try:
            return AdversaryInfo.from_json(read_json(self.file(ADVERSARY_INFO)))
        except (FolderError, RecordError):
            return AdversaryInfo()

    def write_adversary_info(self, info: AdversaryInfo) -> None:
        write_json(self.file(ADVERSARY_INFO), info.to_json())

    def adversary_raw(self, kernel: str, setting: str, mode: str) -> str:
        """Where resv_adversary's lines of one kernel, setting and mode are kept."""
        return os.path.join(self.path, ADVERSARY_RAW, f"{kernel}-{setting}-{mode}.jsonl")

    def adversary_lines(self, kernel: str, setting: str, mode: str) -> list[dict[str, Any]]:
        return lines.read_json_lines(self.adversary_raw(kernel, setting, mode), self.warn,
                                     self.bad_lines)


def result_folders_under(*roots: str, warn: Optional[Warn] = lines.warn_stderr) \
        -> list[ResultFolder]:
    """Every result folder (one holding runs) under the roots, each once, by path."""
    found = set()
    for root in roots:
        found |= {os.path.dirname(p) for p in glob.glob(os.path.join(root, "**", RUNS),
                                                        recursive=True)}
    return [ResultFolder(p, warn) for p in sorted(found)]


def adversary_seconds_under(root: str) -> list[float]:
    """How long each adversary folder under root took to run, where it says."""
    out = []
    for path in glob.glob(os.path.join(root, "**", ADVERSARY_INFO), recursive=True):
        secs = ResultFolder(os.path.dirname(path)).adversary_info().seconds
        if secs is not None:
            out.append(float(secs))
    return out


class ReproductionFolder:
    """A reproduction: reproduce.json, one result folder per stage part, report.md."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.path.abspath(os.fspath(path))

    @property
    def doc_path(self) -> str:
        return os.path.join(self.path, REPRODUCTION)

    @property
    def report_path(self) -> str:
        return os.path.join(self.path, REPORT)

    def exists(self) -> bool:
        return os.path.isfile(self.doc_path)

    def part(self, name: str, warn: Optional[Warn] = lines.warn_stderr) -> ResultFolder:
        return ResultFolder(os.path.join(self.path, name), warn)

    def settings(self) -> dict[str, Any]:
        """reproduce.json's settings; FolderError when it is missing or not one."""
        try:
            return ReproductionDoc.from_json(read_json(self.doc_path)).settings
        except RecordError as e:
            raise FolderError(f"{self.doc_path}: not a reproduction's settings ({e})") \
                from None

    def write_settings(self, settings: dict[str, Any]) -> None:
        os.makedirs(self.path, exist_ok=True)
        write_json(self.doc_path, ReproductionDoc(settings).to_json())
