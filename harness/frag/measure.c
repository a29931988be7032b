/* measure.c - spfrag's live view of free memory: the metric, the zones'
 * watermarks (the reserve it never fills below) and MemAvailable. */
#include "frag.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int frag_measure(struct contiguity *c, char *err, size_t errlen)
{
	return contiguity_measure_live(contiguity_default_sizes_kb, 4, c, err,
				       errlen);
}

uint64_t frag_high_watermarks_kb(const char *zoneinfo_path)
{
	FILE *f = fopen(zoneinfo_path, "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned long long v, pages = 0;

	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0)
		if (sscanf(line, " high %llu", &v) == 1)
			pages += v;
	free(line);
	fclose(f);
	return pages * 4;
}

uint64_t frag_mem_available_kb(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned long long v = 0;

	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0)
		if (sscanf(line, "MemAvailable: %llu kB", &v) == 1)
			break;
	free(line);
	fclose(f);
	return v;
}

uint64_t frag_pcp_kb(const char *zoneinfo_path)
{
	FILE *f = fopen(zoneinfo_path, "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned long long v, pages = 0;

	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0)
		if (sscanf(line, " count: %llu", &v) == 1)
			pages += v;
	free(line);
	fclose(f);
	return pages * 4;
}

int frag_drain_pcp(void)
{
	static const char path[] = "/proc/sys/vm/percpu_pagelist_high_fraction";
	static const char lowest_high[] = "1000000";
	struct timespec tick = { 0, 100 * 1000 * 1000 };
	char old[32];
	sigset_t all, saved;
	ssize_t n;
	int fd = open(path, O_RDWR | O_CLOEXEC), ok;

	if (fd < 0)
		return -1;
	n = pread(fd, old, sizeof(old) - 1, 0);
	if (n <= 0) {
		close(fd);
		return -1;
	}
	/* a signal cannot leave the setting changed */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	ok = pwrite(fd, lowest_high, strlen(lowest_high), 0) > 0;
	for (int i = 0; ok && i < FRAG_PCP_WAIT_TICKS; i++) {
		if (frag_pcp_kb("/proc/zoneinfo") <= FRAG_PCP_DRAINED_KB)
			break;
		nanosleep(&tick, NULL);
	}
	if (pwrite(fd, old, n, 0) != n)
		ok = 0;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	close(fd);
	return ok ? 0 : -1;
}
