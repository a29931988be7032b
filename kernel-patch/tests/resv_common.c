// SPDX-License-Identifier: GPL-2.0
/* resv_common.c - the helpers every in-guest reservation test links with. */
#include "resv_common.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* ---- knobs ---- */

struct saved_knob {
	const char *path;
	char val[64];
};

#define MAX_SAVED 8
static struct saved_knob saved[MAX_SAVED];
static int nr_saved;
static pid_t owner;

int knob_read(const char *path, char *buf, size_t len)
{
	char raw[256], *open_b, *close_b;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, raw, sizeof(raw) - 1);
	close(fd);
	if (n < 0)
		return -errno;
	raw[n] = '\0';
	raw[strcspn(raw, "\n")] = '\0';
	open_b = strchr(raw, '[');
	close_b = open_b ? strchr(open_b, ']') : NULL;
	if (open_b && close_b) {
		*close_b = '\0';
		memmove(raw, open_b + 1, strlen(open_b + 1) + 1);
	}
	snprintf(buf, len, "%s", raw);
	return 0;
}

/* Async-signal-safe: the restore path runs from signal handlers too. */
int knob_write(const char *path, const char *val)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		err = -errno;
	close(fd);
	return err;
}

int knob_set(const char *path, const char *val)
{
	int i, err;

	for (i = 0; i < nr_saved; i++)
		if (!strcmp(saved[i].path, path))
			break;
	if (i == nr_saved) {
		if (nr_saved == MAX_SAVED)
			return -ENOSPC;
		err = knob_read(path, saved[i].val, sizeof(saved[i].val));
		if (err)
			return err;
		saved[i].path = path;
		nr_saved++;
	}
	return knob_write(path, val);
}

void knobs_restore(void)
{
	int i;

	if (getpid() != owner)
		return;
	for (i = nr_saved - 1; i >= 0; i--)
		knob_write(saved[i].path, saved[i].val);
}

static void fatal_signal(int sig)
{
	static const char msg[] = "# fatal signal: knobs restored\n";
	ssize_t n = 0;

	if (getpid() == owner) {
		knobs_restore();
		n = write(STDOUT_FILENO, msg, sizeof(msg) - 1);
	}
	(void)n;
	signal(sig, SIG_DFL);
	raise(sig);
}

bool resv_wanted(void)
{
	const char *v = getenv("RESV_TEST_KNOB");

	return !v || strcmp(v, "0");
}

void test_init(unsigned int timeout_s)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGABRT, SIGTERM,
				    SIGINT, SIGALRM, SIGILL, SIGFPE };
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	owner = getpid();
	atexit(knobs_restore);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], fatal_signal);
	alarm(timeout_s);
}

int resv_setup(const char *thp_mode, unsigned int timeout_s)
{
	char val[64];
	int err;

	test_init(timeout_s);
	if (knob_read(KNOB_RESV, val, sizeof(val))) {
		tap_diag("%s missing: not a reservation kernel", KNOB_RESV);
		return -1;
	}
	err = knob_set(KNOB_THP, thp_mode);
	if (err) {
		tap_diag("cannot set %s to %s: %s", KNOB_THP, thp_mode,
			 strerror(-err));
		return -1;
	}
	if (!knob_read(THP_DIR "/hugepages-2048kB/enabled", val, sizeof(val)) &&
	    strcmp(val, "inherit") && strcmp(val, "always"))
		tap_diag("hugepages-2048kB/enabled is %s", val);
	if (!resv_wanted()) {
		tap_diag("RESV_TEST_KNOB=0: reservations left off");
		return 0;
	}
	err = knob_set(KNOB_RESV, "1");
	if (err) {
		tap_diag("cannot enable reservations: %s", strerror(-err));
		return -1;
	}
	return 0;
}

/* ---- counters ---- */

static long keyed_value(const char *file, const char *key, char sep)
{
	char line[256];
	size_t klen = strlen(key);
	long val = -1;
	FILE *f;

	f = fopen(file, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, key, klen) && line[klen] == sep) {
			val = strtol(line + klen + 1, NULL, 10);
			break;
		}
	}
	fclose(f);
	return val;
}

long vmstat_get(const char *name)
{
	return keyed_value("/proc/vmstat", name, ' ');
}

void vmstat_refresh(void)
{
	knob_write("/proc/sys/vm/stat_refresh", "1");
}

long meminfo_kb(const char *name)
{
	return keyed_value("/proc/meminfo", name, ':');
}

long smaps_rollup_kb(const char *field)
{
	return keyed_value("/proc/self/smaps_rollup", field, ':');
}

long smaps_range_kb(const void *start, size_t len, const char *field)
{
	unsigned long lo, hi, s = (unsigned long)start, e = s + len;
	size_t flen = strlen(field);
	bool inside = false;
	char line[512];
	long sum = 0;
	FILE *f;

	f = fopen("/proc/self/smaps", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			inside = lo < e && hi > s;
			continue;
		}
		if (inside && !strncmp(line, field, flen) &&
		    line[flen] == ':')
			sum += strtol(line + flen + 1, NULL, 10);
	}
	fclose(f);
	return sum;
}

int pagemap_entry(const void *addr, uint64_t *ent)
{
	off_t off = (uintptr_t)addr / PAGE_SZ * sizeof(*ent);
	ssize_t n;
	int fd;

	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0)
		return -1;
	n = pread(fd, ent, sizeof(*ent), off);
	close(fd);
	return n == sizeof(*ent) ? 0 : -1;
}

int pagemap_pfn(const void *addr, uint64_t *pfn)
{
	uint64_t ent;

	if (pagemap_entry(addr, &ent))
		return -1;
	if (!(ent >> 63))
		return 0;
	*pfn = ent & ((1ULL << 55) - 1);
	return 1;
}

/* ---- NUMA ---- */

int numa_nodes(void)
{
	char buf[64];
	int a, b, n = 0;
	char *p;

	if (knob_read("/sys/devices/system/node/online", buf, sizeof(buf)))
		return 1;
	for (p = strtok(buf, ","); p; p = strtok(NULL, ",")) {
		if (sscanf(p, "%d-%d", &a, &b) == 2)
			n += b - a + 1;
		else
			n++;
	}
	return n ? n : 1;
}

#define MF_MOVE (1 << 1)	/* MPOL_MF_MOVE */

int page_node(void *addr)
{
	int status = -1;

	if (syscall(SYS_move_pages, 0, 1UL, &addr, NULL, &status, 0))
		return -errno;
	return status;
}

int page_move(void *addr, int node)
{
	int status = -1;

	if (syscall(SYS_move_pages, 0, 1UL, &addr, &node, &status, MF_MOVE))
		return -errno;
	return status;
}

/* ---- regions ---- */

static int region_layout(struct region *r, size_t len)
{
	uintptr_t a;

	r->map_len = len + 2 * HPAGE_SZ;
	r->map = mmap(NULL, r->map_len, PROT_NONE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (r->map == MAP_FAILED) {
		r->map = NULL;
		return -1;
	}
	a = ((uintptr_t)r->map + HPAGE_SZ) & ~(HPAGE_SZ - 1);
	r->addr = (char *)a;
	r->len = len;
	return 0;
}

int region_reserve(struct region *r, size_t len)
{
	return region_layout(r, len);
}

int region_map(struct region *r, size_t len)
{
	if (region_layout(r, len))
		return -1;
	if (mmap(r->addr, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) {
		region_unmap(r);
		return -1;
	}
	return 0;
}

void region_unmap(struct region *r)
{
	if (r->map)
		munmap(r->map, r->map_len);
	r->map = NULL;
}

/* ---- patterns ---- */

static const unsigned int pattern_off[] = { 0, 1352, 2768, 4088 };
#define NR_OFF (sizeof(pattern_off) / sizeof(pattern_off[0]))

static uint64_t pattern_word(size_t idx, uint64_t salt, unsigned int k)
{
	uint64_t x = idx * 0x9e3779b97f4a7c15ULL ^ salt ^ ((uint64_t)k << 56);

	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x | 1;
}

void page_fill(char *page, size_t idx, uint64_t salt)
{
	unsigned int k;

	for (k = 0; k < NR_OFF; k++)
		*(volatile uint64_t *)(page + pattern_off[k]) =
			pattern_word(idx, salt, k);
}

bool page_check(const char *page, size_t idx, uint64_t salt)
{
	unsigned int k;

	for (k = 0; k < NR_OFF; k++)
		if (*(const volatile uint64_t *)(page + pattern_off[k]) !=
		    pattern_word(idx, salt, k))
			return false;
	return true;
}

bool page_is_zero(const char *page)
{
	const volatile uint64_t *w = (const volatile uint64_t *)page;
	size_t i;

	for (i = 0; i < PAGE_SZ / sizeof(*w); i++)
		if (w[i])
			return false;
	return true;
}

void pages_fill(char *base, size_t first, size_t n, uint64_t salt)
{
	size_t i;

	for (i = first; i < first + n; i++)
		page_fill(base + i * PAGE_SZ, i, salt);
}

size_t pages_check(char *base, size_t first, size_t n, uint64_t salt)
{
	size_t i, bad = 0;

	for (i = first; i < first + n; i++) {
		if (page_check(base + i * PAGE_SZ, i, salt))
			continue;
		if (bad++ < 3)
			tap_diag("page %zu: pattern broken (word 0 %#llx)", i,
				 (unsigned long long)
				 *(uint64_t *)(base + i * PAGE_SZ));
	}
	return bad;
}

size_t pages_check_zero(char *base, size_t first, size_t n)
{
	size_t i, bad = 0;

	for (i = first; i < first + n; i++) {
		if (page_is_zero(base + i * PAGE_SZ))
			continue;
		if (bad++ < 3)
			tap_diag("page %zu: not zero (word 0 %#llx)", i,
				 (unsigned long long)
				 *(uint64_t *)(base + i * PAGE_SZ));
	}
	return bad;
}

/* ---- waits ---- */

#define DIRTY_MAX 64
static uint64_t dirty_pfns[DIRTY_MAX];
static size_t nr_dirty;

int memory_dirty(size_t n)
{
	struct region r;
	cpu_set_t one;
	uint64_t pfn;
	size_t i;
	int cpu = sched_getcpu();

	nr_dirty = 0;
	CPU_ZERO(&one);
	CPU_SET(cpu < 0 ? 0 : cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		tap_diag("cannot stay on one CPU: %s", strerror(errno));
	if (n > DIRTY_MAX)
		n = DIRTY_MAX;
	if (region_map(&r, n * HPAGE_SZ))
		return -1;
	madvise(r.addr, r.len, MADV_HUGEPAGE);
	for (i = 0; i < n; i++) {
		memset(r.addr + i * HPAGE_SZ, 0xa5, HPAGE_SZ);
		if (pagemap_pfn(r.addr + i * HPAGE_SZ, &pfn) == 1 &&
		    pfn % HPAGE_NR == 0)
			dirty_pfns[nr_dirty++] = pfn;
	}
	region_unmap(&r);
	return nr_dirty ? 0 : -1;
}

bool frame_was_dirty(uint64_t pfn)
{
	size_t i;

	for (i = 0; i < nr_dirty; i++)
		if (dirty_pfns[i] == (pfn & ~(uint64_t)(HPAGE_NR - 1)))
			return true;
	return false;
}

bool resv_map_partial(struct region *r, size_t n, uint64_t salt,
		      uint64_t *base_pfn)
{
	size_t i, wrong = 0;
	uint64_t pfn, base = 0;
	long huge;

	if (region_map(r, HPAGE_SZ)) {
		tap_diag("mmap failed");
		return false;
	}
	pages_fill(r->addr, 0, n, salt);
	for (i = 0; i < HPAGE_NR; i++) {
		int present = pagemap_pfn(r->addr + i * PAGE_SZ, &pfn);

		if (i == 0 && present == 1)
			base = pfn;
		if (i < n ? present != 1 || pfn != base + i : present != 0)
			wrong++;
	}
	huge = smaps_range_kb(r->addr, r->len, "AnonHugePages");
	if (base_pfn)
		*base_pfn = base;
	if (wrong || base % HPAGE_NR || huge)
		tap_diag("not a partial reservation: %zu pages out of place, "
			 "base pfn %#llx, AnonHugePages %ld kB", wrong,
			 (unsigned long long)base, huge);
	return !wrong && base % HPAGE_NR == 0 && huge == 0;
}

static unsigned long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000UL + ts.tv_nsec / 1000000;
}

bool wait_until(bool (*pred)(void *), void *arg, unsigned int timeout_ms)
{
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	unsigned long end = now_ms() + timeout_ms;

	for (;;) {
		if (pred(arg))
			return true;
		if (now_ms() >= end)
			return false;
		nanosleep(&nap, NULL);
	}
}

struct huge_wait {
	const void *start;
	size_t len;
	long kb;
};

static bool anon_huge_reached(void *arg)
{
	struct huge_wait *w = arg;

	return smaps_range_kb(w->start, w->len, "AnonHugePages") >= w->kb;
}

bool wait_anon_huge(const void *start, size_t len, long kb,
		    unsigned int timeout_ms)
{
	struct huge_wait w = { start, len, kb };

	return wait_until(anon_huge_reached, &w, timeout_ms);
}

int drop_caches(int val)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", val);
	return knob_write("/proc/sys/vm/drop_caches", buf);
}

int compact_memory(void)
{
	return knob_write("/proc/sys/vm/compact_memory", "1");
}
