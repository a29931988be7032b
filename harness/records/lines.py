"""Writes that never leave a half-written file (temporary file, fsync, rename), whole-line
appends for the JSON-lines files, and the one rule for reading them back: a line that is
not a record is skipped and named, never the end of the rest of the file."""
from __future__ import annotations

import dataclasses
import errno
import json
import os
import sys
from typing import Any, Callable, Iterator, Optional, TypeVar


R = TypeVar("R")


class FolderError(Exception):
    """A result folder cannot be read or written: one line for the user. status is the exit
    status a command ends with: 1 when writing failed (a full disk), 2 for bad input."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


@dataclasses.dataclass(frozen=True)
class BadLine:
    """A line of a JSON-lines file that is not a record, skipped where it was read."""
    path: str
    number: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path} line {self.number}: {self.reason}; skipped"


_warned: set[BadLine] = set()


def warn_stderr(bad: BadLine) -> None:
    """The default warning: one line on stderr per bad line and process."""
    if bad not in _warned:
        _warned.add(bad)
        print(f"spbench: warning: {bad}", file=sys.stderr)


def _write_error(path: str, e: OSError, kept: str) -> FolderError:
    why = "the disk is full" if e.errno in (errno.ENOSPC, errno.EDQUOT) else e.strerror
    return FolderError(f"cannot write {path}: {why}; {kept}", status=1)


def write_text(path: str, text: str) -> None:
    """path holds text entirely, or what it held before."""
    tmp = f"{path}.tmp.{os.getpid()}"
    try:
        with open(tmp, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise _write_error(path, e, "its earlier content is kept") from None


def _ends_in_newline(fd: int) -> bool:
    size = os.fstat(fd).st_size
    return size == 0 or os.pread(fd, 1, size - 1) == b"\n"


def append_line(path: str, line: str) -> None:
    """Appends one whole line with one write() and fsyncs it: after a crash a reader sees
    it entirely or not at all. A file that does not end in a newline (a line a crash cut
    short) gets one first, so that the new line is not glued to the cut one. A short
    write is undone and raised, as is a full disk."""
    data = (line.rstrip("\n") + "\n").encode()
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as e:
        raise _write_error(path, e, "nothing was written") from None
    try:
        size = os.fstat(fd).st_size
        if not _ends_in_newline(fd):
            data = b"\n" + data
        try:
            _write_all(fd, data, path, size)
            os.fsync(fd)
        except OSError as e:
            os.ftruncate(fd, size)
            raise _write_error(path, e, "the records before it are kept") from None
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes, path: str, size: int) -> None:
    """Writes data whole: a write cut short goes on with the rest (a disk that fills up
    then says so); one that writes nothing is undone and raised."""
    done = 0
    while done < len(data):
        n = os.write(fd, data[done:])
        if n <= 0:
            os.ftruncate(fd, size)
            raise FolderError(f"cannot write {path}: a short write ({done} of {len(data)} "
                              "bytes, undone); the records before it are kept", status=1)
        done += n


def append_json(path: str, obj: dict[str, Any]) -> None:
    append_line(path, json.dumps(obj, separators=(",", ":")))


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of the non-empty lines of path; none when it does not exist."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except FileNotFoundError:
        return
    except OSError as e:
        raise FolderError(f"cannot read {path}: {e.strerror}") from None
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            yield number, line


Warn = Callable[[BadLine], None]


def parse_lines(path: str, make: Callable[[Any], R], warn: Optional[Warn] = warn_stderr,
                bad: Optional[list[BadLine]] = None) -> list[tuple[int, R]]:
    """(line number, make(object)) of each line of a JSON-lines file. A line that is not
    JSON, or whose object make refuses with a ValueError (saying why), is skipped, passed to
    warn and appended to bad."""
    out = []
    for number, line in read_lines(path):
        try:
            out.append((number, make(json.loads(line))))
            continue
        except json.JSONDecodeError as e:
            reason = f"not JSON ({e.msg})"
        except ValueError as e:
            reason = str(e)
        skip(BadLine(path, number, reason), warn, bad)
    return out


def _json_object(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    return obj


def read_json_lines(path: str, warn: Optional[Warn] = warn_stderr,
                    bad: Optional[list[BadLine]] = None) -> list[dict[str, Any]]:
    """The JSON objects of a JSON-lines file, the rest skipped as parse_lines does."""
    return [obj for _, obj in parse_lines(path, _json_object, warn, bad)]


def skip(line: BadLine, warn: Optional[Warn], bad: Optional[list[BadLine]]) -> None:
    if warn is not None:
        warn(line)
    if bad is not None:
        bad.append(line)
