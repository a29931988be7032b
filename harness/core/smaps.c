/* smaps.c - parses /proc/PID/smaps_rollup and keeps the coverage of a running
 * process: peak resident set and a page-size histogram near it. */
#include "smaps.h"

#include "child.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Histogram gates, see smaps.h.  COST_FACTOR keeps both the samples and the
 * histograms under 1% of the elapsed time: after a read that took d, the
 * next waits at least COST_FACTOR x d (a 2 GB process costs milliseconds
 * per smaps_rollup read, so it is sampled less often than a small one).
 * A sample's d is the CPU time of the read: time spent preempted is not
 * its cost, and on a busy machine would push the next sample seconds out. */
#define NEAR_PEAK_PCT	98
#define STALE_PCT	95
#define COST_FACTOR	100

int smaps_rollup_parse(FILE *f, struct smaps_rollup *out)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
		{ "Rss:", offsetof(struct smaps_rollup, rss_kb) },
		{ "Anonymous:", offsetof(struct smaps_rollup, anon_kb) },
		{ "AnonHugePages:", offsetof(struct smaps_rollup, anon_huge_kb) },
		{ "ShmemPmdMapped:", offsetof(struct smaps_rollup, shmem_pmd_kb) },
		{ "FilePmdMapped:", offsetof(struct smaps_rollup, file_pmd_kb) },
	};
	char *line = NULL;
	size_t cap = 0;
	int lines = 0, have_rss = 0, rc = 0;

	memset(out, 0, sizeof(*out));
	while (getline(&line, &cap, f) > 0) {
		char name[64];
		unsigned long long v;
		int used = 0;

		lines++;
		/* the header line: "start-end ---p 00000000 00:00 0 [rollup]" */
		if (lines == 1 && strstr(line, "[rollup]"))
			continue;
		if (sscanf(line, "%63s %llu kB%n", name, &v, &used) != 2 ||
		    used == 0) {
			rc = -1;
			break;
		}
		for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
			if (strcmp(name, fields[i].name) == 0) {
				*(uint64_t *)((char *)out + fields[i].off) = v;
				have_rss |= i == 0;
			}
		}
	}
	free(line);
	if (rc == 0 && ferror(f))
		return -1;
	if (rc == 0 && lines == 0) {
		errno = ESRCH;
		return -1;
	}
	if (rc < 0 || !have_rss) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int smaps_rollup_read_path(const char *path, struct smaps_rollup *out)
{
	FILE *f = fopen(path, "re");
	int rc, saved;

	if (!f)
		return -1;
	rc = smaps_rollup_parse(f, out);
	saved = errno;
	fclose(f);
	errno = saved;
	return rc;
}

int smaps_rollup_read_pid(pid_t pid, struct smaps_rollup *out)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/smaps_rollup", (int)pid);
	return smaps_rollup_read_path(path, out);
}

bool smaps_errno_gone(int err)
{
	return err == ESRCH || err == ENOENT;
}

void coverage_init(struct coverage *c, unsigned interval_ms, bool histogram)
{
	int n;

	memset(c, 0, sizeof(*c));
	c->interval_ms = interval_ms;
	c->histogram_enabled = histogram;
	n = pagehist_thp_sizes("/sys/kernel/mm/transparent_hugepage",
			       c->thp_sizes_kb, PAGEHIST_MAX_SIZES);
	c->n_thp_sizes = n > 0 ? n : 0;
	snprintf(c->hist_reason, sizeof(c->hist_reason), "%s",
		 histogram ? "no sample taken" : "not requested");
	/* without memory for it the series stays empty; the peak is kept */
	tseries_init(&c->series, 3, COVERAGE_SERIES_ROWS);
}

void coverage_series_start(struct coverage *c, uint64_t now_ns)
{
	c->series_start_ns = now_ns;
}

void coverage_free(struct coverage *c)
{
	tseries_free(&c->series);
}

bool coverage_add(struct coverage *c, const struct smaps_rollup *r,
		  uint64_t now_ns)
{
	uint64_t gap_ns;

	c->samples++;
	if (tseries_offer(&c->series)) {
		int64_t row[3] = { (int64_t)r->rss_kb, (int64_t)r->anon_kb,
				   (int64_t)r->anon_huge_kb };
		uint64_t ms = now_ns > c->series_start_ns ?
			      (now_ns - c->series_start_ns) / 1000000 : 0;

		tseries_append(&c->series, (double)ms / 1e3, row);
	}
	if (!c->have_peak || r->rss_kb > c->peak.rss_kb) {
		c->peak = *r;
		c->have_peak = true;
	}
	if (!c->histogram_enabled)
		return false;
	if (r->rss_kb * 100 < c->peak.rss_kb * NEAR_PEAK_PCT)
		return false;
	if (!c->have_hist)
		return true;
	if (c->hist_rss_kb * 100 >= c->peak.rss_kb * STALE_PCT)
		return false;
	gap_ns = c->hist_last_cost_ns * COST_FACTOR;
	if (gap_ns < (uint64_t)c->interval_ms * 1000000)
		gap_ns = (uint64_t)c->interval_ms * 1000000;
	return now_ns - c->hist_start_ns >= gap_ns;
}

void coverage_set_histogram(struct coverage *c, const struct pagehist *h,
			    uint64_t rss_kb, uint64_t start_ns,
			    uint64_t end_ns)
{
	uint64_t cost = end_ns > start_ns ? end_ns - start_ns : 0;

	c->hist = *h;
	c->have_hist = true;
	c->hist_rss_kb = rss_kb;
	c->hist_start_ns = start_ns;
	c->hist_last_cost_ns = cost;
	c->hist_total_cost_ns += cost;
	c->hist_count++;
}

int coverage_sample(struct coverage *c, pid_t pid, uint64_t now_ns)
{
	struct smaps_rollup r;
	struct pagehist h;
	long psz = sysconf(_SC_PAGESIZE);
	uint64_t t0, t1;

	if (now_ns < c->sample_next_ns)
		return 0;
	t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (smaps_rollup_read_pid(pid, &r) < 0)
		return smaps_errno_gone(errno) ? 1 : -1;
	t1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	c->sample_cost_ns += t1 - t0;
	c->sample_next_ns = now_ns + (t1 - t0) * COST_FACTOR;
	if (!coverage_add(c, &r, now_ns))
		return 0;

	pagehist_init(&h, psz > 0 ? (unsigned)(psz / 1024) : 4,
		      c->thp_sizes_kb, c->n_thp_sizes);
	t0 = monotonic_ns();
	if (pagehist_collect_pid(&h, pid) < 0) {
		if (smaps_errno_gone(errno))
			return 0;
		/* a histogram that cannot be read is reported, not fatal */
		h.available = false;
		snprintf(h.reason, sizeof(h.reason), "pagemap walk failed: %s",
			 strerror(errno));
	}
	t1 = monotonic_ns();
	if (!h.available) {
		/* every later try would fail the same way */
		c->histogram_enabled = false;
		if (c->have_hist && c->hist.available)
			return 0;
	}
	/* the walk's duration, on the caller's clock */
	coverage_set_histogram(c, &h, r.rss_kb, now_ns, now_ns + (t1 - t0));
	return 0;
}

void coverage_json(struct json *j, const char *key, const struct coverage *c)
{
	json_object_begin(j, key);
	json_uint(j, "interval_ms", c->interval_ms);
	json_string(j, "sampled", c->leaf ? "leaf" : "process");
	json_uint(j, "samples", c->samples);
	json_double(j, "sampling_cost_s", c->sample_cost_ns / 1e9);
	json_object_begin(j, "peak");
	json_uint(j, "rss_kb", c->peak.rss_kb);
	json_uint(j, "anon_kb", c->peak.anon_kb);
	json_uint(j, "anon_huge_kb", c->peak.anon_huge_kb);
	json_uint(j, "shmem_pmd_kb", c->peak.shmem_pmd_kb);
	json_uint(j, "file_pmd_kb", c->peak.file_pmd_kb);
	json_object_end(j);
	json_object_begin(j, "histogram");
	if (c->have_hist) {
		pagehist_json_fields(j, &c->hist);
		json_uint(j, "rss_kb", c->hist_rss_kb);
	} else {
		json_bool(j, "available", false);
		json_string(j, "reason", c->hist_reason);
		json_null(j, "pages");
		json_null(j, "kb");
		json_null(j, "rss_kb");
	}
	json_uint(j, "taken", c->hist_count);
	json_double(j, "cost_s", c->hist_total_cost_ns / 1e9);
	json_object_end(j);
	json_object_begin(j, "series");
	json_array_begin(j, "fields");
	json_string(j, NULL, "t_s");
	json_string(j, NULL, "rss_kb");
	json_string(j, NULL, "anon_kb");
	json_string(j, NULL, "anon_huge_kb");
	json_array_end(j);
	json_uint(j, "max_rows", c->series.max_rows);
	json_uint(j, "stride", c->series.stride);
	tseries_json_rows(j, "samples", &c->series, NULL, 0);
	json_object_end(j);
	json_object_end(j);
}
