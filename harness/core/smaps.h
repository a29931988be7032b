/* smaps.h - reads /proc/PID/smaps_rollup and tracks the coverage of a running
 * process: its peak resident set and a page-size histogram taken near it. */
#ifndef SP_SMAPS_H
#define SP_SMAPS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "json.h"
#include "pagehist.h"
#include "timeseries.h"

/* rows the coverage series keeps at most (timeseries.h halves it when full) */
#define COVERAGE_SERIES_ROWS 1024

/* The lines of smaps_rollup spstat reports, in kB. */
struct smaps_rollup {
	uint64_t rss_kb;	/* Rss */
	uint64_t anon_kb;	/* Anonymous */
	uint64_t anon_huge_kb;	/* AnonHugePages */
	uint64_t shmem_pmd_kb;	/* ShmemPmdMapped */
	uint64_t file_pmd_kb;	/* FilePmdMapped */
};

/*
 * Parses smaps_rollup text.  Returns 0, or -1 with errno EINVAL when a line
 * is malformed or Rss is missing, and ESRCH when the text is empty (the
 * process has exited: its address space is gone).  Lines not listed above
 * are ignored; listed lines that are absent read as 0, except Rss.
 */
int smaps_rollup_parse(FILE *f, struct smaps_rollup *out);
/* Same from a file; -1 with errno from open/read (ENOENT, ESRCH: gone). */
int smaps_rollup_read_path(const char *path, struct smaps_rollup *out);
int smaps_rollup_read_pid(pid_t pid, struct smaps_rollup *out);

/* True for the errno values meaning "the process has already exited". */
bool smaps_errno_gone(int err);

/*
 * Coverage tracker.  The caller samples every interval_ms (e.g. whenever its
 * poll() on the child's pidfd times out):
 *
 *	coverage_init(&cov, 100, true);
 *	while (poll(&pfd, 1, 100) == 0)
 *		coverage_sample(&cov, pid, now_ns());
 *	... after the child exits ...
 *	coverage_json(&j, "coverage", &cov);
 *
 * Every sample reads smaps_rollup; the peak is the sample with the largest
 * rss_kb (the first one wins a tie).
 *
 * The histogram (pagehist.h) costs a walk of the whole page table, so it is
 * refreshed only when all of these hold:
 *   - the sample is near the peak: rss_kb >= 98% of the peak's rss_kb;
 *   - no histogram was taken yet, or the last one was taken at an rss below
 *     95% of the current peak (memory grew by more than ~5% since);
 *   - at least max(interval_ms, 100 x duration of the last histogram)
 *     passed since the last one started, so histograms take at most ~1% of
 *     the elapsed time.
 * Samples themselves follow the same budget: after a smaps_rollup read that
 * took d, the next comes no sooner than 100 x d.
 * Each histogram taken is therefore nearer the peak than the one before; the
 * one reported is the last, and its rss_kb is reported next to it so readers
 * can see how near.  A process that grows and then exits within one gate
 * interval keeps its earlier histogram.
 */
struct coverage {
	unsigned interval_ms;
	bool histogram_enabled;
	bool leaf;			/* sampling the tree's newest leaf */
	uint64_t samples;
	uint64_t sample_next_ns;	/* no sample before this (cost budget) */
	uint64_t sample_cost_ns;	/* CPU time spent reading smaps_rollup */
	bool have_peak;
	struct smaps_rollup peak;

	bool have_hist;
	struct pagehist hist;		/* last histogram taken */
	uint64_t hist_rss_kb;		/* rss of the sample it was taken at */
	uint64_t hist_start_ns;		/* when it was started */
	uint64_t hist_last_cost_ns;	/* how long it took */
	uint64_t hist_total_cost_ns;	/* all histograms together */
	uint64_t hist_count;		/* histograms taken */
	char hist_reason[160];		/* why none is available, if none */

	uint64_t thp_sizes_kb[PAGEHIST_MAX_SIZES]; /* mTHP sizes offered */
	int n_thp_sizes;

	/* every sample's rss, anon and anon_huge kB over the run, bounded */
	struct tseries series;
	uint64_t series_start_ns;	/* t = 0 of the series */
};

/* histogram: whether page-size histograms are taken at all.  Lists the mTHP
 * sizes from the live sysfs (none when THP is absent). */
void coverage_init(struct coverage *c, unsigned interval_ms, bool histogram);

/* The series' times count from now_ns (spstat: just before the exec). */
void coverage_series_start(struct coverage *c, uint64_t now_ns);

void coverage_free(struct coverage *c);

/*
 * Records one sample of an already read rollup (the peak, and a row of the
 * series when its stride keeps it) and returns whether a
 * histogram should be taken for it now (the rules above).  Used by
 * coverage_sample(); exposed so the rules can be tested without a process.
 */
bool coverage_add(struct coverage *c, const struct smaps_rollup *r,
		  uint64_t now_ns);

/* Stores a histogram taken for a sample of rss_kb that started at start_ns
 * and ended at end_ns. */
void coverage_set_histogram(struct coverage *c, const struct pagehist *h,
			    uint64_t rss_kb, uint64_t start_ns,
			    uint64_t end_ns);

/*
 * Takes one sample of process pid at time now_ns (any monotonic clock, ns),
 * and a histogram when the rules above ask for one.  Returns 0 when sampled,
 * 1 when the process had already exited (not an error: nothing recorded),
 * -1 with errno on another failure.  A histogram that cannot be taken for
 * lack of privilege is not a failure: it is reported unavailable.
 */
int coverage_sample(struct coverage *c, pid_t pid, uint64_t now_ns);

/* Writes "key": {interval_ms, samples, peak{...}, histogram{...},
 * series{...}}. */
void coverage_json(struct json *j, const char *key, const struct coverage *c);

#endif
