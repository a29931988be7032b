// SPDX-License-Identifier: GPL-2.0
/*
 * resv_bench.c - the figures Linux mm maintainers asked of THP reservations,
 * measured inside a guest of the patched kernel: fault cost per 4 KB page
 * and for the first touch of a 2 MB region, promotion time and mmap_lock
 * hold time of in-place promotion against khugepaged's copying collapse
 * (MADV_COLLAPSE), memory bloat on sparse use, and how page faults scale
 * with 1, 2 and 4 threads populating separate or shared 2 MB ranges.  Stock
 * THP is the same kernel with the reservation knob off.  Prints tables; run
 * as root.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "knob.h"

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

#define PAGE 4096UL
#define HUGE (2UL << 20)
#define THP "/sys/kernel/mm/transparent_hugepage/"
#define TRACE "/sys/kernel/debug/tracing/"

static char saved_enabled[128], saved_resv[16], saved_defrag[128];

static void die(const char *what)
{
	fprintf(stderr, "resv_bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void put(const char *path, const char *value)
{
	if (knob_write(path, value))
		die(path);
}

static void get(const char *path, char *buf, size_t len)
{
	if (knob_read(path, buf, len))
		die(path);
}

static void restore(void)
{
	put(THP "enabled", saved_enabled);
	put(THP "defrag", saved_defrag);
	put(THP "reservation/enabled", saved_resv);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static char *map_aligned(size_t len)
{
	char *p = mmap(NULL, len + HUGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a;

	if (p == MAP_FAILED)
		die("mmap");
	a = (char *)(((uintptr_t)p + HUGE - 1) & ~(HUGE - 1));
	if (a > p)
		munmap(p, a - p);
	munmap(a + len, p + HUGE - a);
	return a;
}

static long meminfo_kb(const char *key)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) && line[strlen(key)] == ':')
			v = atol(line + strlen(key) + 1);
	if (f)
		fclose(f);
	return v;
}

static long self_kb(const char *key)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/self/smaps_rollup", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) && line[strlen(key)] == ':')
			v = atol(line + strlen(key) + 1);
	if (f)
		fclose(f);
	return v;
}

/* Sets the mode: "base" (THP never), "thp" (always, knob off), "resv". */
static void mode(const char *m)
{
	put(THP "enabled", strcmp(m, "base") ? "always" : "never");
	put(THP "reservation/enabled", strcmp(m, "resv") ? "0" : "1");
}

/* Average ns to populate each 4 KB page of a fresh region by writing it. */
static double fault_ns_per_page(size_t mb)
{
	size_t len = mb << 20;
	char *a = map_aligned(len);
	double t0 = now();

	for (size_t off = 0; off < len; off += PAGE)
		a[off] = 1;
	t0 = now() - t0;
	munmap(a, len);
	return t0 * 1e9 / (len / PAGE);
}

struct scale_arg {
	char *base;
	size_t len;
	int t, n;
	bool shared;
	pthread_barrier_t *start;
};

/*
 * Separate: thread t writes every page of its own slice of the region, so
 * each 2 MB range has one faulting thread.  Shared: thread t writes pages
 * t, t + n, t + 2n, ... of the whole region, so all threads fault in the
 * same 2 MB ranges at once: the reservation's page table lock and its
 * lookup are contended, and under stock THP the threads race to fill each
 * range's PMD.
 */
static void *scale_worker(void *p)
{
	struct scale_arg *a = p;
	size_t slice = a->len / a->n;

	pthread_barrier_wait(a->start);
	if (a->shared)
		for (size_t off = a->t * PAGE; off < a->len; off += a->n * PAGE)
			a->base[off] = 1;
	else
		for (size_t off = 0; off < slice; off += PAGE)
			a->base[a->t * slice + off] = 1;
	return NULL;
}

/*
 * Millions of 4 KB pages made usable per second when @n threads write each
 * page of a fresh @mb MB region once (under stock THP one fault in 512 does
 * the work).  @mb / @n must be a multiple of 2.
 */
static double populate_mpages_per_s(size_t mb, int n, bool shared)
{
	size_t len = mb << 20;
	struct scale_arg args[4];
	pthread_barrier_t start;
	pthread_t tid[4];
	char *a = map_aligned(len);
	double t0;

	pthread_barrier_init(&start, NULL, n + 1);
	for (int t = 0; t < n; t++) {
		args[t] = (struct scale_arg){ a, len, t, n, shared, &start };
		if (pthread_create(&tid[t], NULL, scale_worker, &args[t]))
			die("pthread_create");
	}
	pthread_barrier_wait(&start);
	t0 = now();
	for (int t = 0; t < n; t++)
		pthread_join(tid[t], NULL);
	t0 = now() - t0;
	pthread_barrier_destroy(&start);
	munmap(a, len);
	return len / PAGE / t0 / 1e6;
}

static void fault_scaling(void)
{
	static const struct { int n; bool shared; } rows[] = {
		{ 1, false }, { 2, false }, { 4, false }, { 2, true }, { 4, true },
	};
	const char *modes[] = { "base", "thp", "resv" };
	double v[5][3];

	for (int m = 0; m < 3; m++) {
		mode(modes[m]);
		populate_mpages_per_s(16, 1, false);	/* warm-up */
		for (int r = 0; r < 5; r++)
			v[r][m] = populate_mpages_per_s(64, rows[r].n,
							rows[r].shared);
	}
	printf("\nfault scaling: millions of 4 KB pages populated per second, "
	       "64 MB, %ld CPUs online\n", sysconf(_SC_NPROCESSORS_ONLN));
	printf("threads  2 MB ranges      base       thp      resv  resv/thp\n");
	for (int r = 0; r < 5; r++)
		printf("%7d  %-11s %9.3f %9.3f %9.3f %9.2f\n", rows[r].n,
		       rows[r].shared ? "shared" : "separate", v[r][0], v[r][1],
		       v[r][2], v[r][2] / v[r][1]);
	printf("(base: THP never; thp: one fault per 2 MB populates it all; "
	       "resv: one fault per 4 KB page until promotion)\n");
}

/* Average µs of the first write to a fresh 2 MB region. */
static double first_touch_us(int regions)
{
	char *a = map_aligned(regions * HUGE);
	double total = 0;

	for (int i = 0; i < regions; i++) {
		double t0 = now();

		a[i * HUGE + 4096 * 7] = 1;
		total += now() - t0;
	}
	munmap(a, regions * HUGE);
	return total * 1e6 / regions;
}

static long anon_huge_kb_of(char *a)
{
	char line[256], want[32];
	long v = -1;
	bool in = false;
	FILE *f = fopen("/proc/self/smaps", "r");

	snprintf(want, sizeof(want), "%lx-", (unsigned long)a);
	while (f && fgets(line, sizeof(line), f)) {
		char *dash = strchr(line, '-'), *space = strchr(line, ' ');

		if (isxdigit((unsigned char)line[0]) && dash && space &&
		    dash < space)
			in = !strncmp(line, want, strlen(want));
		else if (in && !strncmp(line, "AnonHugePages:", 14))
			v = atol(line + 14);
	}
	if (f)
		fclose(f);
	return v;
}

/* mmap_lock write hold times from the mmap_lock trace events. */
static void trace_on(void)
{
	put(TRACE "trace", "");
	put(TRACE "events/mmap_lock/mmap_lock_acquire_returned/enable", "1");
	put(TRACE "events/mmap_lock/mmap_lock_released/enable", "1");
	put(TRACE "tracing_on", "1");
}

/*
 * Longest write hold of the mmap_lock by a task whose name starts with
 * @comm (a trace line: "  comm-pid [cpu] flags ts: event: ... write=true").
 */
static double trace_max_hold_us(const char *comm)
{
	char line[512];
	double held_at = -1, best = 0;
	FILE *f;

	put(TRACE "tracing_on", "0");
	f = fopen(TRACE "trace", "r");
	while (f && fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " ");
		double ts;
		char *colon;

		if (*p == '#' || strncmp(p, comm, strlen(comm)))
			continue;
		colon = strstr(p, ": mmap_lock_");
		if (!colon || !strstr(p, "write=true"))
			continue;
		*colon = 0;
		ts = atof(strrchr(p, ' ') + 1);
		if (strstr(colon + 1, "acquire_returned") && strstr(colon + 1, "success=true"))
			held_at = ts;
		else if (strstr(colon + 1, "released") && held_at >= 0) {
			if ((ts - held_at) * 1e6 > best)
				best = (ts - held_at) * 1e6;
			held_at = -1;
		}
	}
	if (f)
		fclose(f);
	put(TRACE "events/mmap_lock/mmap_lock_acquire_returned/enable", "0");
	put(TRACE "events/mmap_lock/mmap_lock_released/enable", "0");
	return best;
}

/*
 * In place: the last fault of a region, which promotes it (checked through
 * smaps afterwards); the faulting task promotes with mmap_lock held for
 * reading, so any write hold seen here would be someone else's.
 */
static void promote_in_place(double *ms, double *hold_us)
{
	char *a;
	double t0;

	mode("resv");
	a = map_aligned(HUGE);
	for (size_t off = 0; off + PAGE < HUGE; off += PAGE)
		a[off] = 1;
	trace_on();
	t0 = now();
	a[HUGE - PAGE] = 1;
	*ms = (now() - t0) * 1e3;
	usleep(100000);
	*hold_us = trace_max_hold_us("resv_bench");
	if (anon_huge_kb_of(a) < 2048)
		*ms = -1;
	munmap(a, HUGE);
}

/* Copying collapse of a region of 512 base pages (khugepaged's code). */
static void collapse_copy(double *ms, double *hold_us)
{
	char *a;
	double t0;

	mode("thp");
	a = map_aligned(HUGE);
	madvise(a, HUGE, MADV_NOHUGEPAGE);
	for (size_t off = 0; off < HUGE; off += PAGE)
		a[off] = 1;
	madvise(a, HUGE, MADV_HUGEPAGE);
	trace_on();
	t0 = now();
	if (madvise(a, HUGE, MADV_COLLAPSE))
		die("MADV_COLLAPSE");
	*ms = (now() - t0) * 1e3;
	*hold_us = trace_max_hold_us("resv_bench");
	if (anon_huge_kb_of(a) < 2048)
		*ms = -1;
	munmap(a, HUGE);
}

/* Sparse use: one byte per 2 MB over 256 MB; RSS and memory taken. */
static void sparse(const char *m, long *rss_kb, long *taken_kb)
{
	size_t len = 256UL << 20;
	long free0, rss0;
	char *a;

	mode(m);
	rss0 = self_kb("Anonymous");
	free0 = meminfo_kb("MemFree");
	a = map_aligned(len);
	for (size_t off = 0; off < len; off += HUGE)
		a[off] = 1;
	*rss_kb = self_kb("Anonymous") - rss0;
	*taken_kb = free0 - meminfo_kb("MemFree");
	munmap(a, len);
}

int main(void)
{
	const char *modes[] = { "base", "thp", "resv" };
	double fault[3], first[3], pm, ph, cm, ch;
	long rss[3], taken[3];

	get(THP "enabled", saved_enabled, sizeof(saved_enabled));
	get(THP "defrag", saved_defrag, sizeof(saved_defrag));
	get(THP "reservation/enabled", saved_resv, sizeof(saved_resv));
	atexit(restore);
	put(THP "defrag", "madvise");

	for (int i = 0; i < 3; i++) {
		mode(modes[i]);
		fault_ns_per_page(16);		/* warm-up */
		fault[i] = fault_ns_per_page(64);
		first[i] = first_touch_us(32);
		sparse(modes[i], &rss[i], &taken[i]);
	}
	promote_in_place(&pm, &ph);
	collapse_copy(&cm, &ch);

	printf("figure                                   base       thp      resv  resv/thp\n");
	printf("fault, per 4 KB page populated (ns)  %9.0f %9.0f %9.0f %9.2f\n",
	       fault[0], fault[1], fault[2], fault[2] / fault[1]);
	printf("first touch of a 2 MB region (us)    %9.1f %9.1f %9.1f %9.3f\n",
	       first[0], first[1], first[2], first[2] / first[1]);
	printf("sparse 256 MB, 1 B per 2 MB: RSS (kB) %9ld %9ld %9ld %9.4f\n",
	       rss[0], rss[1], rss[2], (double)rss[2] / rss[1]);
	printf("  memory taken from MemFree (kB)     %9ld %9ld %9ld %9.4f\n",
	       taken[0], taken[1], taken[2], (double)taken[2] / taken[1]);
	printf("\n                                     in place  copying collapse  ratio\n");
	printf("promotion (ms)                       %9.2f %17.2f %6.3f\n", pm, cm,
	       pm / cm);
	printf("longest mmap_lock write hold (us)    %9.1f %17.1f %6.3f\n", ph, ch,
	       ph / ch);
	printf("(in place: the last fault, which promotes; copying: the MADV_COLLAPSE"
	       " call, khugepaged's collapse_huge_page; both then checked in smaps)\n");
	fault_scaling();
	return 0;
}
