// SPDX-License-Identifier: GPL-2.0
/*
 * resv_race - threads first-touching the same fresh 2 MB ranges at once:
 * every page they map in a reserved range must be a subpage of its
 * reservation.  A fault that sees the new page table before it can find the
 * reservation would map a page of its own into the range instead.
 */
#include "resv_common.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS		4
#define RANGES		128
#define ROUNDS		8

static struct region reg;
static atomic_uint go;		/* range number + 1 the threads may touch */
static atomic_uint arrived;	/* threads done with the current range */

static size_t page_of(unsigned int t)
{
	/* far apart, so that each thread faults on its own subpage */
	return 7 + t * (HPAGE_NR / THREADS);
}

static void *toucher(void *arg)
{
	unsigned int t = (unsigned int)(uintptr_t)arg;

	for (unsigned int r = 0; r < RANGES; r++) {
		while (atomic_load(&go) <= r)
			;
		reg.addr[r * HPAGE_SZ + page_of(t) * PAGE_SZ] = 1;
		atomic_fetch_add(&arrived, 1);
	}
	return NULL;
}

/*
 * 1 when the touched pages of range r are subpages of one aligned 2 MB
 * frame, -1 when some are and some are not (a foreign page), 0 when none
 * shares a frame with another (no reservation was made).
 */
static int range_state(unsigned int r)
{
	uint64_t base[THREADS];
	unsigned int t, u, best = 0, most = 0;

	for (t = 0; t < THREADS; t++) {
		uint64_t pfn = 0;
		size_t idx = page_of(t);

		if (pagemap_pfn(reg.addr + r * HPAGE_SZ + idx * PAGE_SZ,
				&pfn) != 1)
			return -1;
		base[t] = (pfn - idx) % HPAGE_NR ? UINT64_MAX : pfn - idx;
	}
	for (t = 0; t < THREADS; t++) {
		unsigned int same = 0;

		for (u = 0; u < THREADS; u++)
			same += base[t] != UINT64_MAX && base[u] == base[t];
		if (same > most) {
			most = same;
			best = t;
		}
	}
	if (most < 2)
		return 0;
	return most == THREADS && base[best] != UINT64_MAX ? 1 : -1;
}

int main(void)
{
	unsigned int round, r, t, mixed = 0, reserved = 0, unreserved = 0;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN), allocs, failed;
	pthread_t th[THREADS];

	tap_plan(3);
	if (resv_setup("always", 600))
		return tap_finish();
	tap_diag("%u threads on %ld CPUs, %u ranges x %u rounds", THREADS,
		 cpus, RANGES, ROUNDS);
	/*
	 * The race is the subject, not whether 2 MB frames are free: after
	 * an earlier test's memory pressure they may not be until kcompactd
	 * catches up (one run found 320 of 1024 allocations failing after
	 * the compaction below), so start from dropped caches and compacted
	 * memory, and let the faults compact too (defrag always).
	 */
	if (knob_set(THP_DIR "/defrag", "always"))
		tap_diag("cannot set THP defrag");
	drop_caches(3);
	if (compact_memory())
		tap_diag("cannot compact memory first");
	allocs = vmstat_get("thp_resv_alloc");
	failed = vmstat_get("thp_resv_alloc_failed");
	for (round = 0; round < ROUNDS; round++) {
		if (region_map(&reg, RANGES * HPAGE_SZ)) {
			tap_result(false, "map %u ranges", RANGES);
			return tap_finish();
		}
		atomic_store(&go, 0);
		atomic_store(&arrived, 0);
		for (t = 0; t < THREADS; t++)
			pthread_create(&th[t], NULL, toucher,
				       (void *)(uintptr_t)t);
		for (r = 0; r < RANGES; r++) {
			int state;

			atomic_store(&go, r + 1);
			while (atomic_load(&arrived) < (r + 1) * THREADS)
				sched_yield();
			/* at once, before compaction could move a page */
			state = range_state(r);
			if (state < 0 && mixed++ < 5)
				tap_diag("round %u range %u: a page outside "
					 "its range's reservation", round, r);
			reserved += state > 0;
			unreserved += state == 0;
		}
		for (t = 0; t < THREADS; t++)
			pthread_join(th[t], NULL);
		region_unmap(&reg);
	}
	allocs = vmstat_get("thp_resv_alloc") - allocs;
	failed = vmstat_get("thp_resv_alloc_failed") - failed;
	tap_diag("ranges: %u in one frame, %u mixed, %u in none; "
		 "thp_resv_alloc %+ld, thp_resv_alloc_failed %+ld", reserved,
		 mixed, unreserved, allocs, failed);
	tap_result(mixed == 0,
		   "every page mapped in a reserved range is its subpage "
		   "(%u ranges not)", mixed);
	/* the pages of a reserved range all foreign but the first one's */
	tap_result(unreserved <= failed,
		   "a range without a frame had no reservation (%u ranges, "
		   "%ld allocations failed)", unreserved, failed);
	tap_result(allocs * 10 >= ROUNDS * RANGES * 9,
		   "a reservation was made for the ranges (%ld of %u)",
		   allocs, ROUNDS * RANGES);
	knobs_restore();
	return tap_finish();
}
