/* monitor.h - mmtests-style monitors inside spstat: /proc/vmstat,
 * /proc/buddyinfo and /proc/pagetypeinfo read every N ms while the command
 * runs, each kept as a bounded time series (timeseries.h).  Driven from
 * spstat's sampling tick, so one sampler reads everything. */
#ifndef SP_MONITOR_H
#define SP_MONITOR_H

#include <stdbool.h>
#include <stdint.h>

#include "json.h"
#include "timeseries.h"

#define MONITOR_MAX_ROWS 512
/* pagetypeinfo is read one tick in this many (and at exit): each read costs
 * milliseconds of CPU, with the zone lock held while it counts free lists,
 * where vmstat and buddyinfo cost some ten microseconds (docs/overhead.md) */
#define MONITOR_PAGETYPE_EVERY 10
#define MONITOR_MAX_ZONES 16

/* One /proc file sampled over time. */
struct monitor_source {
	const char *path;
	int fd;			/* kept open: each sample rereads from 0 */
	bool ready;		/* layout learnt from the first read */
	bool available;		/* false: cannot be read at all (reason) */
	unsigned every;		/* read one tick in every this many */
	uint64_t next_ns;	/* and not before this: 100 x the last read's
				 * CPU time after it (a 1% budget, as smaps.c) */
	char reason[160];
	struct tseries ts;
	uint64_t cost_ns;	/* CPU time spent reading and parsing */
	unsigned failures;	/* samples that could not be read */
	char last_error[160];
};

struct monitor {
	unsigned interval_ms;	/* 0: off, every call a no-op */
	size_t max_rows;
	uint64_t start_ns, next_ns;
	uint64_t ticks;		/* ticks sampled so far */
	unsigned cost_factor;	/* the budget's 100 (tests set 0) */
	struct monitor_source vmstat, buddyinfo, pagetypeinfo;
	char **vm_names;	/* vmstat's items, in file order */
	size_t vm_n;
	char zones[MONITOR_MAX_ZONES][40];	/* "0/Normal" */
	int nzones, bi_orders;
	char types[8][24];	/* pagetypeinfo's migratetypes */
	int ntypes, pt_orders;
	char *buf;
	size_t bufcap;
};

/*
 * Starts the monitors at now_ns.  Paths NULL: /proc/vmstat,
 * /proc/buddyinfo, /proc/pagetypeinfo (tests give fixtures).  A file that
 * cannot be opened is reported unavailable with the reason, not an error.
 */
void monitor_init(struct monitor *m, unsigned interval_ms, size_t max_rows,
		  uint64_t now_ns, const char *vmstat, const char *buddyinfo,
		  const char *pagetypeinfo);

/* Samples when interval_ms has passed since the last slot (missed slots
 * are skipped, not made up); a source is read on one tick in its every,
 * and no sooner than 100 times its last read's CPU time after that read.
 * Returns 1 when the tick was due, else 0. */
int monitor_tick(struct monitor *m, uint64_t now_ns);

/* A sample of every source now, before the command is released: it counts
 * as the first tick, so pagetypeinfo's next read is ten ticks on, and a
 * short run is not walked over while it runs. */
void monitor_sample_first(struct monitor *m, uint64_t now_ns);

/* A sample now, kept whatever the series' stride (the last one, at exit). */
void monitor_sample_last(struct monitor *m, uint64_t now_ns);

/* "key": {interval_ms, vmstat{...}, buddyinfo{...}, pagetypeinfo{...}}
 * (SCHEMA.md); null when off. */
void monitor_json(struct json *j, const char *key, const struct monitor *m);

void monitor_free(struct monitor *m);

#endif
