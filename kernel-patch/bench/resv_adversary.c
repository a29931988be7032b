// SPDX-License-Identifier: GPL-2.0
/*
 * resv_adversary.c - the worst cases the paper (sections 6.6 and 6.7) set
 * its reservations against, to time the patched kernel with and without
 * them: "incremental" populates a fresh region one 4 KB page at a time in
 * address order, so every 2 MB range is reserved, filled and promoted
 * (paper: 8.9% slower); "nopromote" leaves the last page of every 2 MB
 * range alone, so reservations are made and filled but never promoted
 * (paper: at most 2%); "preempt" touches one byte per 2 MB of a region
 * twice the size of memory, so once memory is taken up by reservations
 * each new one must preempt an older one (paper: 1.1%).  One JSON line per
 * repetition with the time and the THP counters' deltas, then a summary.
 * --thp and --resv set the knobs for the run and put back what they found
 * at exit and on SIGINT or SIGTERM.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "knob.h"

#define PAGE 4096UL
#define HUGE (2UL << 20)
#define THP "/sys/kernel/mm/transparent_hugepage/"
#define THP_ENABLED THP "enabled"
#define RESV_DIR THP "reservation"
#define RESV_ENABLED RESV_DIR "/enabled"
#define USAGE "usage: resv_adversary [--reps N] [--mb M] " \
	"[--thp always|madvise|never|keep] [--resv 0|1|keep] " \
	"incremental|nopromote|preempt"
#define DEFAULT_REPS 5
#define DEFAULT_MB 64

/* The counters reported, when /proc/vmstat has them; the first five are
 * the patched kernel's own. */
static const char *const counters[] = {
	"thp_resv_alloc", "thp_resv_alloc_failed", "thp_resv_promote",
	"thp_resv_preempt", "thp_resv_pages_preempted", "thp_fault_alloc",
	"thp_fault_fallback", "thp_split_pmd", "thp_split_page",
	"thp_deferred_split_page",
};
#define NR_COUNTERS (sizeof(counters) / sizeof(counters[0]))

struct knob {
	const char *path;
	char saved[128];
	volatile sig_atomic_t changed;
};

static struct knob thp_knob = { .path = THP_ENABLED };
static struct knob resv_knob = { .path = RESV_ENABLED };

static void die(const char *what)
{
	fprintf(stderr, "resv_adversary: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void bad_args(const char *what, const char *arg)
{
	fprintf(stderr, "resv_adversary: %s%s%s (" USAGE ")\n", what,
		arg ? " " : "", arg ? arg : "");
	exit(2);
}

/* The knob's value, or the error and exit 1. */
static void get(const char *path, char *buf, size_t len)
{
	if (knob_read(path, buf, len))
		die(path);
}

static void restore_knob(struct knob *k)
{
	static const char msg[] = "resv_adversary: could not restore a knob\n";

	if (!k->changed)
		return;
	k->changed = 0;
	if (knob_write(k->path, k->saved)) {
		/* write(2) is what a signal handler may use; nothing to do if it fails */
		if (write(2, msg, sizeof(msg) - 1) < 0)
			return;
	}
}

static void restore(void)
{
	restore_knob(&resv_knob);
	restore_knob(&thp_knob);
}

/* SA_RESETHAND and SA_NODEFER: the raise below ends the process. */
static void on_signal(int sig)
{
	restore();
	raise(sig);
}

static void set_knob(struct knob *k, const char *value)
{
	k->changed = 1;		/* first: a signal now restores the old value */
	if (knob_write(k->path, value))
		die(k->path);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* A private anonymous region of @len bytes at a 2 MB boundary. */
static char *map_aligned(size_t len, int flags, bool hugepage)
{
	char *p = mmap(NULL, len + HUGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
	char *a;

	if (p == MAP_FAILED)
		die("mmap");
	a = (char *)(((uintptr_t)p + HUGE - 1) & ~(HUGE - 1));
	if (a > p && munmap(p, a - p))
		die("munmap");
	if (munmap(a + len, p + HUGE - a))
		die("munmap");
	if (hugepage && madvise(a, len, MADV_HUGEPAGE))
		die("madvise(MADV_HUGEPAGE)");
	return a;
}

static void read_vmstat(long long *v, bool *have)
{
	char name[64];
	long long val;
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		die("/proc/vmstat");
	for (size_t i = 0; i < NR_COUNTERS; i++)
		have[i] = false;
	while (fscanf(f, "%63s %lld", name, &val) == 2)
		for (size_t i = 0; i < NR_COUNTERS; i++)
			if (!strcmp(name, counters[i])) {
				v[i] = val;
				have[i] = true;
			}
	fclose(f);
}

/* MemTotal in bytes. */
static unsigned long long mem_total(void)
{
	char line[256];
	unsigned long long kb = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		die("/proc/meminfo");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
			break;
	fclose(f);
	if (!kb) {
		errno = ENOENT;
		die("MemTotal in /proc/meminfo");
	}
	return kb << 10;
}

/* A positive whole number, or the usage line and exit 2. */
static unsigned long positive(const char *opt, const char *s, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (!*s || *end || *s == '-' || *s == '+' || errno || !v || v > max) {
		char what[64];

		snprintf(what, sizeof(what), "%s wants a positive whole number, not",
			 opt);
		bad_args(what, *s ? s : "''");
	}
	return v;
}

/*
 * One repetition, timed from mmap to munmap: the number of pages written
 * through @pages and the seconds it took as the result.
 */
static double one_rep(const char *mode, size_t len, bool hugepage,
		      unsigned long *pages)
{
	bool incremental = !strcmp(mode, "incremental");
	bool preempt = !strcmp(mode, "preempt");
	volatile char *a;
	unsigned long n = 0;
	double t0 = now();

	a = map_aligned(len, preempt ? MAP_NORESERVE : 0, hugepage);
	if (preempt) {
		for (size_t off = 0; off < len; off += HUGE, n++)
			a[off] = 1;
	} else {
		for (size_t off = 0; off < len; off += PAGE) {
			if (!incremental && off % HUGE == HUGE - PAGE)
				continue;
			a[off] = 1;
			n++;
		}
	}
	if (munmap((char *)a, len))
		die("munmap");
	*pages = n;
	return now() - t0;
}

int main(int argc, char **argv)
{
	const char *mode = NULL, *thp = "keep", *resv = "keep";
	unsigned long reps = DEFAULT_REPS, mb = 0;
	long long before[NR_COUNTERS], after[NR_COUNTERS];
	bool have0[NR_COUNTERS], have1[NR_COUNTERS];
	double mean = 0, m2 = 0;
	struct sigaction sa;
	struct stat st;
	size_t len;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *val, *eq;
		char opt[32];

		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			printf(USAGE "\n");
			return 0;
		}
		if (arg[0] != '-' || !arg[1]) {
			if (mode)
				bad_args("one mode only, extra argument", arg);
			if (strcmp(arg, "incremental") && strcmp(arg, "nopromote") &&
			    strcmp(arg, "preempt"))
				bad_args("unknown mode", arg);
			mode = arg;
			continue;
		}
		eq = strchr(arg, '=');
		snprintf(opt, sizeof(opt), "%.*s",
			 eq ? (int)(eq - arg) : (int)strlen(arg), arg);
		if (strcmp(opt, "--reps") && strcmp(opt, "--mb") &&
		    strcmp(opt, "--thp") && strcmp(opt, "--resv"))
			bad_args("unknown option", arg);
		if (eq) {
			val = eq + 1;
		} else {
			if (i + 1 >= argc)
				bad_args("missing value after", opt);
			val = argv[++i];
		}
		if (!strcmp(opt, "--reps")) {
			reps = positive(opt, val, 1000000);
		} else if (!strcmp(opt, "--mb")) {
			mb = positive(opt, val, SIZE_MAX >> 22);
		} else if (!strcmp(opt, "--thp")) {
			if (strcmp(val, "always") && strcmp(val, "madvise") &&
			    strcmp(val, "never") && strcmp(val, "keep"))
				bad_args("--thp wants always, madvise, never or keep, not",
					 val);
			thp = val;
		} else {
			if (strcmp(val, "0") && strcmp(val, "1") &&
			    strcmp(val, "keep"))
				bad_args("--resv wants 0, 1 or keep, not", val);
			resv = val;
		}
	}
	if (!mode)
		bad_args("no mode given", NULL);

	if (!mb && !strcmp(mode, "preempt"))
		mb = ((2 * mem_total() + HUGE - 1) & ~(HUGE - 1)) >> 20;
	else if (!mb)
		mb = DEFAULT_MB;
	len = (size_t)mb << 20;

	/* The knobs: saved, checked, and changed only where they differ. */
	if (strcmp(resv, "keep")) {
		if (stat(RESV_DIR, &st) || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "resv_adversary: --resv %s: this kernel has no "
				RESV_DIR " (not the reservation patch)\n", resv);
			return 2;
		}
		get(resv_knob.path, resv_knob.saved, sizeof(resv_knob.saved));
	}
	if (strcmp(thp, "keep")) {
		if (access(THP_ENABLED, F_OK)) {
			fprintf(stderr, "resv_adversary: --thp %s: this kernel has no "
				THP_ENABLED "\n", thp);
			return 2;
		}
		get(thp_knob.path, thp_knob.saved, sizeof(thp_knob.saved));
	}
	if (geteuid() &&
	    ((strcmp(thp, "keep") && strcmp(thp, thp_knob.saved)) ||
	     (strcmp(resv, "keep") && strcmp(resv, resv_knob.saved)))) {
		fprintf(stderr, "resv_adversary: changing the THP knobs needs root\n");
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
		die("sigaction");
	if (atexit(restore))
		die("atexit");
	if (strcmp(thp, "keep") && strcmp(thp, thp_knob.saved))
		set_knob(&thp_knob, thp);
	if (strcmp(resv, "keep") && strcmp(resv, resv_knob.saved))
		set_knob(&resv_knob, resv);

	for (unsigned long r = 1; r <= reps; r++) {
		unsigned long pages;
		double secs, delta;
		bool first = true;

		read_vmstat(before, have0);
		secs = one_rep(mode, len, !strcmp(thp, "madvise"), &pages);
		read_vmstat(after, have1);
		delta = secs - mean;
		mean += delta / r;
		m2 += delta * (secs - mean);
		printf("{\"mode\":\"%s\",\"rep\":%lu,\"mb\":%lu,\"pages_touched\":%lu,"
		       "\"seconds\":%.9f,\"ns_per_page\":%.3f,\"vmstat\":{",
		       mode, r, mb, pages, secs, secs * 1e9 / pages);
		for (size_t i = 0; i < NR_COUNTERS; i++) {
			if (!have0[i] || !have1[i])
				continue;
			printf("%s\"%s\":%lld", first ? "" : ",", counters[i],
			       after[i] - before[i]);
			first = false;
		}
		printf("}}\n");
		if (fflush(stdout))
			die("stdout");
	}

	/* The sample standard deviation (Welford's sums); 0 for one repetition. */
	printf("{\"mode\":\"%s\",\"summary\":true,\"reps\":%lu,"
	       "\"mean_seconds\":%.9f,\"sd_seconds\":%.9f}\n", mode, reps, mean,
	       reps > 1 ? sqrt(m2 / (reps - 1)) : 0.0);
	if (fflush(stdout))
		die("stdout");
	return 0;
}
