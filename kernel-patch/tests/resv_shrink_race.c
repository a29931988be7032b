// SPDX-License-Identifier: GPL-2.0
/*
 * resv_shrink_race - faults racing the shrinker: three threads fill fresh
 * regions of partly populated reservations, round after round, while a
 * fourth runs the shrinkers (drop_caches 2, which includes the deferred
 * split shrinker that preempts reservations) over and over.  Every written
 * page must keep its contents, every other page read zero, and the
 * unused-page count come back to where it was once everything is unmapped.
 */
#include "resv_common.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define WRITERS		3
#define RANGES		16	/* per writer and round */
#define STRIDE		8
#define PASSES		4	/* page i written in pass (i % STRIDE) / 2 */
#define MIN_DROPS	10	/* shrinker runs the writers must overlap */
#define MAX_ROUNDS	400

static atomic_bool writing = true;
static atomic_uint drops, rounds;
static atomic_size_t bad, nonzero;
static const uint64_t salt = 0x1d;

static bool written(size_t i)
{
	return i % STRIDE % 2 == 0 && i % STRIDE / 2 < PASSES;
}

/* One round: a fresh region, written pass by pass, checked, unmapped. */
static int round_once(unsigned int t, unsigned int n)
{
	size_t pages = RANGES * HPAGE_NR, i;
	uint64_t s = salt + t * 1000003ULL + n;
	struct region r;

	if (region_map(&r, RANGES * HPAGE_SZ))
		return -1;
	for (unsigned int p = 0; p < PASSES; p++)
		for (i = 2 * p; i < pages; i += STRIDE)
			page_fill(r.addr + i * PAGE_SZ, i, s);
	for (i = 0; i < pages; i++) {
		if (written(i % HPAGE_NR))
			bad += !page_check(r.addr + i * PAGE_SZ, i, s);
		else
			nonzero += !page_is_zero(r.addr + i * PAGE_SZ);
	}
	region_unmap(&r);
	return 0;
}

static void *writer(void *arg)
{
	unsigned int t = (unsigned int)(uintptr_t)arg;

	for (unsigned int n = 0; n < MAX_ROUNDS; n++) {
		if (atomic_load(&drops) >= MIN_DROPS || round_once(t, n))
			break;
		atomic_fetch_add(&rounds, 1);
	}
	return NULL;
}

static void *shrinker(void *arg)
{
	(void)arg;
	while (atomic_load(&writing)) {
		drop_caches(2);
		atomic_fetch_add(&drops, 1);
	}
	return NULL;
}

int main(void)
{
	long preempt0, unused0, preempted;
	pthread_t w[WRITERS], s;
	unsigned int t, overlapped;

	tap_plan(4);
	if (resv_setup("always", 300) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	preempt0 = vmstat_get("thp_resv_preempt");
	if (pthread_create(&s, NULL, shrinker, NULL))
		return tap_finish();
	for (t = 0; t < WRITERS; t++)
		if (pthread_create(&w[t], NULL, writer, (void *)(uintptr_t)t))
			return tap_finish();
	for (t = 0; t < WRITERS; t++)
		pthread_join(w[t], NULL);
	overlapped = atomic_load(&drops);
	atomic_store(&writing, false);
	pthread_join(s, NULL);

	vmstat_refresh();
	preempted = vmstat_get("thp_resv_preempt") - preempt0;
	tap_result(preempted > 0 && overlapped >= MIN_DROPS,
		   "%u rounds of %d ranges overlapped %u shrinker runs, which "
		   "preempted reservations: thp_resv_preempt %+ld",
		   atomic_load(&rounds), RANGES, overlapped, preempted);
	tap_result(atomic_load(&bad) == 0,
		   "every written page kept its contents (%zu did not)",
		   atomic_load(&bad));
	tap_result(atomic_load(&nonzero) == 0,
		   "every other page reads zero (%zu do not)",
		   atomic_load(&nonzero));
	vmstat_refresh();
	tap_result(vmstat_get("nr_thp_resv_unused") == unused0,
		   "all unmapped: nr_thp_resv_unused %+ld against before",
		   vmstat_get("nr_thp_resv_unused") - unused0);
	knobs_restore();
	return tap_finish();
}
