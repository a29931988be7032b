// SPDX-License-Identifier: GPL-2.0
/*
 * resv_pressure - reservations give their unpopulated frames back under
 * memory pressure: a process holding sparse reservations over most of
 * memory must not make another process that needs that memory OOM.
 */
#include "resv_common.h"

#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define SALT 0x5a5a5a5aULL

/* Reserve sparsely, report the reservations made, verify when told. */
static int holder(size_t size, int ready_fd, int go_fd)
{
	size_t i, n = size / HPAGE_SZ, bad = 0;
	long alloc0, made;
	struct region r;
	char c;

	alarm(240);
	if (region_map(&r, size))
		return 100;
	/* Let reservations spread over every NUMA node: see resv_sparse. */
	madvise(r.addr, size, MADV_HUGEPAGE);
	alloc0 = vmstat_get("thp_resv_alloc");
	for (i = 0; i < n; i++)
		page_fill(r.addr + i * HPAGE_SZ, i * HPAGE_NR, SALT);
	made = vmstat_get("thp_resv_alloc") - alloc0;
	if (write(ready_fd, &made, sizeof(made)) != sizeof(made))
		return 101;
	if (read(go_fd, &c, 1) != 1)
		return 102;
	for (i = 0; i < n; i++) {
		if (page_check(r.addr + i * HPAGE_SZ, i * HPAGE_NR, SALT))
			continue;
		if (bad++ < 3)
			tap_diag("holder: page at +%zu MB lost its pattern",
				 i * 2);
	}
	return bad > 99 ? 99 : bad;
}

/* Touch @size bytes of base pages, THP off for this process. */
static int hog(size_t size)
{
	size_t off;
	char *p;

	alarm(240);
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0))
		return 100;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 101;
	for (off = 0; off < size; off += PAGE_SZ)
		p[off] = 1;
	return 0;
}

static const char *describe(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exit %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d", WTERMSIG(status));
	else
		snprintf(buf, len, "status %#x", status);
	return buf;
}

int main(void)
{
	long avail, total, made = -1, touches, oom0, preempt0, pages0;
	long unused0, unused1, unused2, free1;
	int ready[2], go[2], st_holder = -1, st_hog = -1;
	size_t hold_size, hog_size;
	pid_t holder_pid, hog_pid;
	char d1[48], d2[48];

	tap_plan(6);
	if (resv_setup("always", 280))
		return tap_finish();
	/* An OOM-killed holder must not take the parent down with it. */
	signal(SIGPIPE, SIG_IGN);
	avail = meminfo_kb("MemAvailable");
	total = meminfo_kb("MemTotal");
	if (avail <= 0 || total <= 0 || pipe(ready) || pipe(go)) {
		tap_diag("cannot read /proc/meminfo or make pipes");
		return tap_finish();
	}
	hold_size = ((size_t)avail * 1024 * 3 / 4) & ~(HPAGE_SZ - 1);
	hog_size = ((size_t)total * 1024 * 3 / 5) & ~(PAGE_SZ - 1);
	touches = hold_size / HPAGE_SZ;
	tap_diag("MemTotal %ld kB, MemAvailable %ld kB: holder reserves over "
		 "%zu MB, hog touches %zu MB", total, avail, hold_size >> 20,
		 hog_size >> 20);

	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	oom0 = vmstat_get("oom_kill");
	fflush(stdout);
	holder_pid = fork();
	if (holder_pid == 0)
		_exit(holder(hold_size, ready[1], go[0]));
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &made, sizeof(made)) != sizeof(made))
		made = -1;
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	free1 = meminfo_kb("MemFree");
	tap_result(made * 100 >= touches * 95,
		   "holder: %ld reservations for %ld touches, "
		   "nr_thp_resv_unused %ld -> %ld, MemFree %ld kB",
		   made, touches, unused0, unused1, free1);

	preempt0 = vmstat_get("thp_resv_preempt");
	pages0 = vmstat_get("thp_resv_pages_preempted");
	fflush(stdout);
	hog_pid = fork();
	if (hog_pid == 0)
		_exit(hog(hog_size));
	if (hog_pid < 0 || waitpid(hog_pid, &st_hog, 0) != hog_pid)
		st_hog = -1;
	tap_result(st_hog != -1 && WIFEXITED(st_hog) &&
		   WEXITSTATUS(st_hog) == 0, "hog touched %zu MB of base "
		   "pages (%s)", hog_size >> 20,
		   describe(st_hog, d1, sizeof(d1)));

	vmstat_refresh();
	unused2 = vmstat_get("nr_thp_resv_unused");
	tap_result(vmstat_get("thp_resv_preempt") > preempt0,
		   "reservations were preempted: thp_resv_preempt %+ld, "
		   "thp_resv_pages_preempted %+ld",
		   vmstat_get("thp_resv_preempt") - preempt0,
		   vmstat_get("thp_resv_pages_preempted") - pages0);
	tap_result(unused2 < unused1,
		   "nr_thp_resv_unused fell under pressure (%ld -> %ld)",
		   unused1, unused2);

	if (write(go[1], "v", 1) != 1)
		kill(holder_pid, SIGKILL);
	if (holder_pid < 0 || waitpid(holder_pid, &st_holder, 0) != holder_pid)
		st_holder = -1;
	tap_result(st_holder != -1 && WIFEXITED(st_holder) &&
		   WEXITSTATUS(st_holder) == 0,
		   "holder's patterns intact (%s)",
		   describe(st_holder, d2, sizeof(d2)));
	tap_result(vmstat_get("oom_kill") == oom0, "no OOM kill (oom_kill %+ld)",
		   vmstat_get("oom_kill") - oom0);

	knobs_restore();
	return tap_finish();
}
