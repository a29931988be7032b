"""One writer of system settings: no file of the repository but the
settings journal writes under /proc/sys or /sys/kernel/mm (what counts as a
write, and what is exempt and why: harness/testing/setting_writers.py)."""
import os

from harness.testing.setting_writers import GUEST_ONLY, REPO, WRITER, scan


def test_only_the_settings_journal_writes_settings():
    found = scan(REPO)
    assert not found, "writes of system settings outside " + WRITER + " (use its Journal):\n" + \
        "\n".join(f"  {f.path}:{f.line}: {f.what}" for f in found)


def test_exempt_files_are_there():
    """An exempt file renamed or gone must leave the list too."""
    for rel in (WRITER, *GUEST_ONLY):
        assert os.path.isfile(os.path.join(REPO, rel)), rel


FIXTURE = {
    "harness/driver/system/settings.py": """
PROACTIVE = "/proc/sys/vm/compaction_proactiveness"
THP = "/sys/kernel/mm/transparent_hugepage"


def write_setting(path, value):
    with open(path, "w") as f:
        f.write(str(value))


class Journal:
    def set(self, path, value):
        write_setting(path, value)
""",
    "harness/driver/system/bad.py": """
import os
import pathlib

from . import settings
from .settings import PROACTIVE, Journal, write_setting

VM = "/proc/sys/vm"
KNOB = os.path.join(VM, "drop_caches")


def thp_file(name):
    return os.path.join(settings.THP, name)


def poke(path, value):
    with open(path, "w") as f:
        f.write(value)


class Saver:
    def save(self, where, text):
        pathlib.Path(where).write_text(text)


def harmless(journal):
    old = open(PROACTIVE).read()
    text = pathlib.Path("/proc/sys/vm/overcommit_memory").read_text()
    fd = os.open(KNOB, os.O_RDONLY)
    with open(thp_file("enabled"), "rb") as f:
        f.read()
    journal.set(PROACTIVE, "0")
    Journal().set(settings.PROACTIVE, old)
    with open("/tmp/out", "w") as f:
        f.write(text + str(fd))
    poke("/tmp/elsewhere", "1")
    Saver().save("/tmp/saved", VM)


def writes():
    with open(KNOB, "w") as f:                                  # offends
        f.write("3")
    pathlib.Path(VM, "compact_memory").write_text("1")          # offends
    poke(settings.PROACTIVE, "0")                               # offends
    write_setting(PROACTIVE, "0")                               # offends
    settings.write_setting(thp_file("defrag"), "never")         # offends
    for knob in (KNOB, PROACTIVE):
        os.open(knob, os.O_WRONLY | os.O_TRUNC)                 # offends
    Saver().save(f"{VM}/overcommit_memory", "1")                # offends
    put = poke
    put(PROACTIVE, "0")                                         # offends
""",
    "harness/frag/bad.c": """/* reads and writes */
#include <fcntl.h>
#include <stdio.h>

#define VM "/proc/sys/vm/"
static const char pcp[] = VM "percpu_pagelist_high_fraction";

struct knob {
	const char *path;
};

static struct knob proactive = {
	.path = "/proc/sys/vm/compaction_proactiveness"
};
static struct knob scratch = { .path = "/tmp/knob" };

static int put(const char *path, const char *v)
{
	FILE *f = fopen(path, "we");

	return f ? fputs(v, f) : -1;
}

static int hold(struct knob *k, const char *v)
{
	return put(k->path, v);
}

int main(void)
{
	FILE *r = fopen("/proc/sys/vm/compaction_proactiveness", "re");
	int fd = open(pcp, O_RDONLY | O_CLOEXEC);

	put("/tmp/x", "1");
	hold(&scratch, "0");
	hold(&proactive, "0");                                      /* offends */
	fd = open(pcp, O_WRONLY | O_CLOEXEC);                       /* offends */
	put(VM "compact_memory", "1");                              /* offends */
	r = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "w"); /* offends */
	return fd + !r;
}
""",
    "harness/bad.sh": """#!/bin/sh
knob=/sys/kernel/mm/transparent_hugepage/enabled
old=$(cat $knob)
cat /proc/sys/vm/compaction_proactiveness >/dev/null 2>&1
grep -q always "$knob" && echo yes >&2
echo always > $knob  # offends
echo 0 | tee -a /proc/sys/vm/compaction_proactiveness >/dev/null  # offends
sysctl vm.compaction_proactiveness
sysctl -w vm.compaction_proactiveness=0  # offends
echo 1 >>"${knob}"  # offends
""",
    "Makefile": """SYSVM := /proc/sys/vm
show:
\tcat $(SYSVM)/compaction_proactiveness
drop:
\techo 3 > $(SYSVM)/drop_caches  # offends
""",
    "kernel-patch/tests/guest_smoke.py": """
with open("/sys/kernel/mm/transparent_hugepage/enabled", "w") as f:
    f.write("always")
""",
    "kernel-patch/tests/upstream/build.sh": """#!/bin/bash
echo never >/sys/kernel/mm/transparent_hugepage/enabled  # offends
""",
}


def test_scan_reports_each_write_and_no_read(tmp_path):
    """Each line marked 'offends' is reported, and nothing else: not the
    reads, the journal's own writes, its methods' callers, writes elsewhere,
    or the guest-only file."""
    expected = set()
    for rel, text in FIXTURE.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        expected |= {(rel, no) for no, line in enumerate(text.splitlines(), 1)
                     if "offends" in line}
    assert {rel for rel, _ in expected} == {"harness/driver/system/bad.py", "harness/frag/bad.c",
                                            "harness/bad.sh", "Makefile",
                                            "kernel-patch/tests/upstream/build.sh"}
    assert {(f.path, f.line) for f in scan(str(tmp_path))} == expected
