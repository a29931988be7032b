// SPDX-License-Identifier: GPL-2.0
/*
 * resv_arena - mappings that grow by mprotect into their own PROT_NONE
 * rest, as glibc's malloc arenas do, end mapped by PMDs in the aligned
 * 2 MB ranges they cover: a 64 MB PROT_NONE mapping committed 132 KB at a
 * time and written as it grows, and a thread's real malloc arena filled
 * with small objects.
 */
#include "resv_common.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define STEP		(132UL << 10)
#define LEN		(64UL << 20)
#define SALT		0xa7e4
#define OBJ_SIZE	48
#define ARENA_FILL	(32UL << 20)

static size_t whole_ranges_kb(uintptr_t lo, uintptr_t hi)
{
	lo = (lo + HPAGE_SZ - 1) & ~(HPAGE_SZ - 1);
	hi &= ~(HPAGE_SZ - 1);
	return hi > lo ? (hi - lo) >> 10 : 0;
}

static bool committed_by_mprotect(void)
{
	char *map = mmap(NULL, LEN, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	long promote0, promote1, huge;
	size_t used = 0, want, bad;

	if (map == MAP_FAILED) {
		tap_diag("mmap: %m");
		return false;
	}
	vmstat_refresh();
	promote0 = vmstat_get("thp_resv_promote");
	while (used + STEP <= LEN) {
		if (mprotect(map + used, STEP, PROT_READ | PROT_WRITE)) {
			tap_diag("mprotect: %m");
			munmap(map, LEN);
			return false;
		}
		pages_fill(map, used / PAGE_SZ, STEP / PAGE_SZ, SALT);
		used += STEP;
	}
	vmstat_refresh();
	promote1 = vmstat_get("thp_resv_promote");
	huge = smaps_range_kb(map, used, "AnonHugePages");
	want = whole_ranges_kb((uintptr_t)map, (uintptr_t)map + used);
	bad = pages_check(map, 0, used / PAGE_SZ, SALT);
	tap_diag("%zu kB committed 132 kB at a time: AnonHugePages %ld kB of "
		 "%zu kB in whole 2 MB ranges, thp_resv_promote %+ld, %zu bad "
		 "pages", used >> 10, huge, want, promote1 - promote0, bad);
	munmap(map, LEN);
	return huge >= 0 && (size_t)huge == want &&
	       promote1 - promote0 >= (long)(want >> 11) && bad == 0;
}

/* The read-write mapping of /proc/self/maps that holds @p. */
static bool mapping_of(const void *p, uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t a = (uintptr_t)p;
	char line[512];
	bool found = false;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && !found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%lx-%lx", lo, hi) == 2 &&
			*lo <= a && a < *hi;
	if (f)
		fclose(f);
	return found;
}

static void *fill_arena(void *arg)
{
	size_t n = ARENA_FILL / OBJ_SIZE, i;
	char **objs = calloc(n, sizeof(*objs));
	long huge = -1, *out = arg;
	uintptr_t lo = 0, hi = 0;

	for (i = 0; objs && i < n; i++) {
		objs[i] = malloc(OBJ_SIZE);
		if (!objs[i])
			break;
		memset(objs[i], (int)(i & 0xff), OBJ_SIZE);
	}
	if (objs && i == n && mapping_of(objs[n - 1], &lo, &hi)) {
		huge = smaps_range_kb((void *)lo, hi - lo, "AnonHugePages");
		out[1] = (long)whole_ranges_kb(lo, hi);
		out[2] = (long)((hi - lo) >> 10);
	}
	out[0] = huge;
	for (i = 0; objs && i < n && objs[i]; i++)
		free(objs[i]);
	free(objs);
	return NULL;
}

static bool thread_arena(void)
{
	long got[3] = { -1, 0, 0 };
	pthread_t t;

	if (pthread_create(&t, NULL, fill_arena, got) || pthread_join(t, NULL)) {
		tap_diag("pthread: cannot run the filling thread");
		return false;
	}
	tap_diag("a thread's arena of %ld kB after %lu MB of %d-byte objects: "
		 "AnonHugePages %ld kB of %ld kB in whole 2 MB ranges",
		 got[2], ARENA_FILL >> 20, OBJ_SIZE, got[0], got[1]);
	/* the range of the arena's top may be only partly touched */
	return got[0] >= 0 && got[1] > 0 && got[0] >= got[1] - 2048;
}

int main(void)
{
	tap_plan(2);
	if (resv_setup("always", 300))
		return tap_finish();
	tap_result(committed_by_mprotect(),
		   "a PROT_NONE mapping committed by mprotect 132 KB at a time "
		   "is mapped by PMDs in every whole 2 MB range");
	tap_result(thread_arena(),
		   "a thread's malloc arena is mapped by PMDs in its whole "
		   "2 MB ranges, but for its top's");
	knobs_restore();
	return tap_finish();
}
