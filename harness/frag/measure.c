/* measure.c - spfrag's live view of free memory: the metric, the zones'
 * watermarks (the reserve it never fills below) and MemAvailable. */
#include "frag.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int frag_measure(struct contiguity *c, char *err, size_t errlen)
{
	return contiguity_measure_live(contiguity_default_sizes_kb, 4, c, err,
				       errlen);
}

/* Sum, in kB, of every zoneinfo line that matches fmt (one %llu, pages). */
static uint64_t zoneinfo_sum_kb(const char *zoneinfo_path, const char *fmt)
{
	FILE *f = fopen(zoneinfo_path, "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned long long v, pages = 0;

	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0)
		if (sscanf(line, fmt, &v) == 1)
			pages += v;
	free(line);
	fclose(f);
	return pages * 4;
}

uint64_t frag_high_watermarks_kb(const char *zoneinfo_path)
{
	return zoneinfo_sum_kb(zoneinfo_path, " high %llu");
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
	return zoneinfo_sum_kb(zoneinfo_path, " count: %llu");
}

static struct frag_setting pcp_high = {
	.path = "/proc/sys/vm/percpu_pagelist_high_fraction"
};

int frag_pcp_pin(void)
{
	struct timespec tick = { 0, 100 * 1000 * 1000 };

	if (pcp_high.len > 0)
		return 0;
	if (frag_setting_hold(&pcp_high, "1000000") < 0)
		return -1;
	for (int i = 0; i < FRAG_PCP_WAIT_TICKS && !frag_stop; i++) {
		if (frag_pcp_kb("/proc/zoneinfo") <= FRAG_PCP_DRAINED_KB)
			break;
		nanosleep(&tick, NULL);
	}
	return 0;
}

void frag_pcp_unpin(void)
{
	frag_setting_restore(&pcp_high);
}

int frag_drain_pcp(void)
{
	sigset_t all, saved;
	int rc;

	/* a signal cannot leave the setting changed */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	rc = frag_pcp_pin();
	frag_pcp_unpin();
	sigprocmask(SIG_SETMASK, &saved, NULL);
	return rc;
}
