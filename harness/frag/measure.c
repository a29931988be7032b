/* measure.c - spfrag's live view of free memory: the metric, the zones'
 * watermarks (the reserve it never fills below), MemAvailable and the
 * free pages on the per-CPU lists. */
#include "frag.h"

#include <stdio.h>
#include <stdlib.h>

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
