// SPDX-License-Identifier: GPL-2.0
/*
 * resv_memcg - a memory cgroup at its memory.max gives back the unpopulated
 * frames of its own reservations before anyone is OOM-killed: 40
 * reservations of one written page each, then more base-page memory than
 * the limit leaves, and the cgroup preempts reservations instead of
 * killing this test.  Its memory.stat counts its unused reserved memory
 * (thp_resv_unused) as the node counter does, down to 0 once the
 * reservations are unmapped.
 */
#include "resv_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define CGROOT		"/sys/fs/cgroup"
#define CG		CGROOT "/resv_memcg_test"
#define NRESV		40
#define LIMIT_MB	96
#define EXTRA_MB	64

/* A "key value" line of a cgroup file, or -1. */
static long cg_stat(const char *file, const char *key)
{
	char path[256], line[256];
	size_t n = strlen(key);
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), CG "/%s", file);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ' ')
			v = atol(line + n + 1);
	if (f)
		fclose(f);
	return v;
}

/* A one-number cgroup file, or -1. */
static long cg_value(const char *file)
{
	char path[256];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), CG "/%s", file);
	f = fopen(path, "r");
	if (f && fscanf(f, "%ld", &v) != 1)
		v = -1;
	if (f)
		fclose(f);
	return v;
}

struct stat_want {
	const char *key;
	long bytes;
};

/* memory.stat is flushed lazily (at most 2 s late): wait for the value. */
static bool cg_stat_is(void *arg)
{
	const struct stat_want *w = arg;

	return cg_stat("memory.stat", w->key) == w->bytes;
}

static bool cg_stat_reaches(const char *key, long bytes)
{
	struct stat_want w = { key, bytes };

	return wait_until(cg_stat_is, &w, 5000);
}

static int cgroup_enter(void)
{
	char pid[32];

	if (access(CGROOT "/cgroup.controllers", F_OK) &&
	    mount("none", CGROOT, "cgroup2", 0, NULL)) {
		tap_diag("mount cgroup2: %s", strerror(errno));
		return -1;
	}
	if (knob_write(CGROOT "/cgroup.subtree_control", "+memory")) {
		tap_diag("enable the memory controller: %s", strerror(errno));
		return -1;
	}
	rmdir(CG);
	if (mkdir(CG, 0755)) {
		tap_diag("mkdir " CG ": %s", strerror(errno));
		return -1;
	}
	snprintf(pid, sizeof(pid), "%d", getpid());
	if (knob_write(CG "/memory.max", "96M") ||
	    (access(CG "/memory.swap.max", F_OK) == 0 &&
	     knob_write(CG "/memory.swap.max", "0")) ||
	    knob_write(CG "/cgroup.procs", pid)) {
		tap_diag("set up " CG ": %s", strerror(errno));
		return -1;
	}
	return 0;
}

static void cgroup_leave(void)
{
	char pid[32];

	snprintf(pid, sizeof(pid), "%d", getpid());
	knob_write(CGROOT "/cgroup.procs", pid);
	rmdir(CG);
}

int main(void)
{
	static struct region r[NRESV];
	const uint64_t salt = 0x3c;
	long preempt0, unused0, unused1, current_kb;
	size_t extra = (size_t)EXTRA_MB << 20, i, bad = 0;
	bool reached;
	char *base;

	tap_plan(9);
	if (resv_setup("always", 180) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	if (cgroup_enter())
		return tap_finish();

	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	preempt0 = vmstat_get("thp_resv_preempt");
	for (i = 0; i < NRESV; i++) {
		if (region_map(&r[i], HPAGE_SZ))
			break;
		page_fill(r[i].addr, 0, salt + i);
	}
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	current_kb = cg_value("memory.current") / 1024;
	tap_result(i == NRESV && unused1 - unused0 == NRESV * (HPAGE_NR - 1),
		   "%zu reservations of one written page: nr_thp_resv_unused "
		   "%+ld", i, unused1 - unused0);
	reached = cg_stat_reaches("thp_resv_unused",
				  NRESV * (HPAGE_NR - 1) * (long)PAGE_SZ);
	tap_result(reached, "memory.stat thp_resv_unused %ld (%ld expected)",
		   cg_stat("memory.stat", "thp_resv_unused"),
		   NRESV * (HPAGE_NR - 1) * (long)PAGE_SZ);
	tap_result(current_kb >= NRESV * 2048,
		   "the cgroup is charged the whole reservations "
		   "(memory.current %ld kB, %d expected at least)", current_kb,
		   NRESV * 2048);

	/* 64 MB of base pages on top: 80 + 64 MB against a 96 MB limit. */
	base = mmap(NULL, extra, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED || madvise(base, extra, MADV_NOHUGEPAGE)) {
		tap_diag("mmap: %s", strerror(errno));
		return tap_finish();
	}
	pages_fill(base, 0, extra / PAGE_SZ, salt);
	vmstat_refresh();
	tap_result(cg_stat("memory.events", "oom_kill") == 0,
		   "no OOM kill in the cgroup (oom %ld, oom_kill %ld)",
		   cg_stat("memory.events", "oom"),
		   cg_stat("memory.events", "oom_kill"));
	tap_result(vmstat_get("thp_resv_preempt") - preempt0 > 0,
		   "it preempted its own reservations instead "
		   "(thp_resv_preempt %+ld)",
		   vmstat_get("thp_resv_preempt") - preempt0);
	unused1 = vmstat_get("nr_thp_resv_unused") - unused0;
	reached = cg_stat_reaches("thp_resv_unused", unused1 * (long)PAGE_SZ);
	tap_result(unused1 < NRESV * (HPAGE_NR - 1) && reached,
		   "memory.stat thp_resv_unused follows the preemptions: %ld "
		   "bytes, %ld pages in nr_thp_resv_unused",
		   cg_stat("memory.stat", "thp_resv_unused"), unused1);
	tap_result(pages_check(base, 0, extra / PAGE_SZ, salt) == 0,
		   "the 64 MB of base pages hold what was written");
	for (i = 0; i < NRESV; i++)
		if (!page_check(r[i].addr, 0, salt + i))
			bad++;
	tap_result(bad == 0, "every reservation's written page kept its "
		   "contents (%zu changed)", bad);

	munmap(base, extra);
	for (i = 0; i < NRESV; i++)
		region_unmap(&r[i]);
	vmstat_refresh();
	reached = cg_stat_reaches("thp_resv_unused", 0);
	tap_result(reached && vmstat_get("nr_thp_resv_unused") == unused0,
		   "all unmapped: memory.stat thp_resv_unused %ld, "
		   "nr_thp_resv_unused %+ld against before",
		   cg_stat("memory.stat", "thp_resv_unused"),
		   vmstat_get("nr_thp_resv_unused") - unused0);
	cgroup_leave();
	knobs_restore();
	return tap_finish();
}
