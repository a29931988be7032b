/* contiguity_timeline.h - the contiguity metric sampled every N ms while a
 * command runs, so a record shows how free memory evolved (the paper's
 * figure 5).  Driven from spstat's sampling tick. */
#ifndef SP_CONTIGUITY_TIMELINE_H
#define SP_CONTIGUITY_TIMELINE_H

#include <stdint.h>

#include "contiguity.h"
#include "json.h"

struct contig_sample {
	double t_s;			/* since the timeline started */
	double contiguity;
	uint64_t free_kb;
	uint64_t free_2m_blocks;
};

struct contig_timeline {
	unsigned interval_ms;		/* 0: off */
	uint64_t start_ns, next_ns;
	struct contig_sample *samples;
	size_t n, cap;
	unsigned failures;		/* samples that could not be read */
	char last_error[160];
	/* where to read from; NULL: /proc (tests point them at fixtures) */
	const char *buddyinfo, *zoneinfo, *meminfo;
};

/* Starts a timeline at now_ns; interval_ms 0 makes every call a no-op. */
void contig_timeline_init(struct contig_timeline *t, unsigned interval_ms,
			  uint64_t now_ns);

/* Takes a sample when interval_ms has passed since the last one.  Returns
 * 1 when it sampled, 0 when it was not yet time, -1 on a read error
 * (counted in failures, message in last_error). */
int contig_timeline_tick(struct contig_timeline *t, uint64_t now_ns);

/* A sample now, whatever the interval (the last one, at the end). */
int contig_timeline_sample(struct contig_timeline *t, uint64_t now_ns);

/* "key": {"interval_ms": N, "fields": [...], "samples": [[t, c, kb, n]...],
 * "failures": N} */
void contig_timeline_json(struct json *j, const char *key,
			  const struct contig_timeline *t);

void contig_timeline_free(struct contig_timeline *t);

#endif
