"""Writes that never leave a half-written file: temporary file, fsync, rename;
and whole-line appends for the records files, read back line by line."""
import json
import os


def write_text(path, text):
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def append_line(path, line):
    """One write() of a whole line with O_APPEND, then fsync: a reader sees
    the line entirely or not at all after a crash."""
    data = (line.rstrip("\n") + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def read_records(path):
    """The JSON records of a file append_line wrote; a line a crash cut short
    is skipped, and a missing file has none."""
    try:
        with open(path) as f:
            lines = f.readlines()
    except FileNotFoundError:
        return []
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except ValueError:
            continue
    return records
