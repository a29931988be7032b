// SPDX-License-Identifier: GPL-2.0
/*
 * resv_promote_race - faults racing a promotion: with promote_threshold at
 * 256, four threads write interleaved pages of the same 2 MB ranges at
 * once, so that the fault reaching the threshold promotes while the others
 * are still faulting in the range.  Every page must hold what its thread
 * wrote, and every range must end as one PMD over its reserved frame.
 */
#include "resv_common.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#define THREADS		4
#define RANGES		32

static struct region reg;
static atomic_uint go;		/* range number + 1 the threads may write */
static atomic_uint arrived;	/* threads done with the current range */
static const uint64_t salt = 0x42;

static void *writer(void *arg)
{
	unsigned int t = (unsigned int)(uintptr_t)arg;

	for (unsigned int r = 0; r < RANGES; r++) {
		char *range = reg.addr + r * HPAGE_SZ;

		while (atomic_load(&go) <= r)
			;
		for (size_t i = t; i < HPAGE_NR; i += THREADS)
			page_fill(range + i * PAGE_SZ, r * HPAGE_NR + i, salt);
		atomic_fetch_add(&arrived, 1);
	}
	return NULL;
}

/* Whether range r is mapped by consecutive frames of one aligned 2 MB frame. */
static bool in_place(unsigned int r)
{
	uint64_t pfn, base = 0;

	for (size_t i = 0; i < HPAGE_NR; i++) {
		if (pagemap_pfn(reg.addr + r * HPAGE_SZ + i * PAGE_SZ, &pfn) != 1)
			return false;
		if (i == 0)
			base = pfn;
		if (base % HPAGE_NR || pfn != base + i)
			return false;
	}
	return true;
}

int main(void)
{
	long promote0, resv0, promoted, reserved, huge_kb;
	unsigned int r, t, moved = 0;
	pthread_t th[THREADS];
	size_t bad;

	tap_plan(4);
	if (resv_setup("always", 300) || knob_set(KNOB_THRESHOLD, "256"))
		return tap_finish();
	if (region_map(&reg, RANGES * HPAGE_SZ))
		return tap_finish();
	promote0 = vmstat_get("thp_resv_promote");
	resv0 = vmstat_get("thp_resv_alloc");
	for (t = 0; t < THREADS; t++)
		if (pthread_create(&th[t], NULL, writer, (void *)(uintptr_t)t))
			return tap_finish();
	for (r = 0; r < RANGES; r++) {
		atomic_store(&arrived, 0);
		atomic_store(&go, r + 1);
		while (atomic_load(&arrived) < THREADS)
			sched_yield();
	}
	for (t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);

	vmstat_refresh();
	promoted = vmstat_get("thp_resv_promote") - promote0;
	reserved = vmstat_get("thp_resv_alloc") - resv0;
	tap_result(reserved == RANGES && promoted == RANGES,
		   "%d ranges written by %d threads at once: thp_resv_alloc "
		   "%+ld, thp_resv_promote %+ld", RANGES, THREADS, reserved,
		   promoted);
	bad = pages_check(reg.addr, 0, RANGES * HPAGE_NR, salt);
	tap_result(bad == 0, "every page holds what its thread wrote (%zu "
		   "do not)", bad);
	huge_kb = smaps_range_kb(reg.addr, reg.len, "AnonHugePages");
	tap_result(huge_kb == RANGES * 2048,
		   "AnonHugePages %ld kB (%d expected)", huge_kb, RANGES * 2048);
	for (r = 0; r < RANGES; r++)
		if (!in_place(r))
			moved++;
	tap_result(moved == 0, "every range kept its reserved frame (%u did "
		   "not)", moved);

	region_unmap(&reg);
	knobs_restore();
	return tap_finish();
}
