// SPDX-License-Identifier: GPL-2.0
/*
 * resv_sparse - the memory cost of sparse touches: with reservations one
 * byte per 2 MB costs a base page of resident memory, with plain THP it
 * costs a whole huge page.
 */
#include "resv_common.h"

#include <stdio.h>
#include <sys/mman.h>

#define WANT_SIZE	(1UL << 30)

/* Touch one byte per 2 MB of a fresh region; returns the Anonymous growth. */
static long sparse_touch(size_t size, long *allocs)
{
	long before, after, alloc0;
	struct region r;
	size_t off;

	if (region_map(&r, size)) {
		tap_diag("cannot map %zu MB", size >> 20);
		return -1;
	}
	/*
	 * Without MADV_HUGEPAGE (defrag=madvise) a PMD-sized allocation never
	 * leaves the local NUMA node, and 1 GiB may not fit in one node.
	 */
	madvise(r.addr, size, MADV_HUGEPAGE);
	alloc0 = vmstat_get("thp_resv_alloc");
	before = smaps_rollup_kb("Anonymous");
	for (off = 0; off < size; off += HPAGE_SZ)
		r.addr[off] = 1;
	after = smaps_rollup_kb("Anonymous");
	*allocs = vmstat_get("thp_resv_alloc") - alloc0;
	region_unmap(&r);
	return after - before;
}

int main(void)
{
	long avail, resv_kb, thp_kb, allocs, thp_allocs, touches, failed0;
	size_t size = WANT_SIZE;

	tap_plan(3);
	if (resv_setup("always", 300))
		return tap_finish();

	/* Each touch holds a 2 MB frame either way: leave the guest room. */
	avail = meminfo_kb("MemAvailable");
	if (avail > 0 && (size_t)avail * 1024 * 3 / 4 < size)
		size = ((size_t)avail * 1024 * 3 / 4) & ~(HPAGE_SZ - 1);
	touches = size / HPAGE_SZ;
	tap_diag("%ld touches over %zu MB (MemAvailable %ld kB)", touches,
		 size >> 20, avail);

	/* Measure the cost of touches, not earlier tests' fragmentation. */
	knob_write("/proc/sys/vm/compact_memory", "1");
	failed0 = vmstat_get("thp_resv_alloc_failed");
	resv_kb = sparse_touch(size, &allocs);
	tap_diag("thp_resv_alloc_failed %+ld",
		 vmstat_get("thp_resv_alloc_failed") - failed0);
	tap_diag("reservations: Anonymous +%ld kB (%.1f kB per touch), "
		 "thp_resv_alloc +%ld", resv_kb, (double)resv_kb / touches,
		 allocs);
	tap_result(allocs * 100 >= touches * 95,
		   "reservations: thp_resv_alloc rose by the touches (%ld/%ld)",
		   allocs, touches);
	tap_result(resv_kb >= 0 && resv_kb < 2 * touches * 4 + 256,
		   "reservations: a touch costs a base page (%ld kB for %ld)",
		   resv_kb, touches);

	knob_set(KNOB_RESV, "0");
	thp_kb = sparse_touch(size, &thp_allocs);
	tap_diag("THP only: Anonymous +%ld kB (%.1f kB per touch)", thp_kb,
		 (double)thp_kb / touches);
	tap_result(thp_kb > 100 * (resv_kb > 4 ? resv_kb : 4),
		   "THP without reservations grows over 100x more (%ld kB)",
		   thp_kb);

	knobs_restore();
	return tap_finish();
}
