// SPDX-License-Identifier: GPL-2.0
/*
 * resv_unused - reserved frames no fault populated count as available
 * memory, and a populated subpage that MADV_DONTNEED unmaps is unused
 * again: counted as such, mapped anew and zeroed by its next fault, from
 * the same reserved frame.
 */
#include "resv_common.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#define SPARSE	16	/* reservations of one page each */

int main(void)
{
	const uint64_t salt = 0xd0;
	struct region sparse[SPARSE], r;
	long avail0, avail1, unused0, unused1, rss0, rss1;
	uint64_t base, pfn;
	size_t i, moved = 0;
	bool partial, huge;

	tap_plan(7);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	/* 16 x 2 MB reserved, one page of each written. */
	drop_caches(3);
	avail0 = meminfo_kb("MemAvailable");
	for (i = 0; i < SPARSE; i++) {
		if (region_map(&sparse[i], HPAGE_SZ))
			return tap_finish();
		sparse[i].addr[0] = 1;
	}
	avail1 = meminfo_kb("MemAvailable");
	tap_result(avail0 - avail1 < 4096,
		   "16 reservations of one written page take %ld kB of "
		   "MemAvailable (32 MB reserved, 64 kB written)",
		   avail0 - avail1);
	for (i = 0; i < SPARSE; i++)
		region_unmap(&sparse[i]);

	/* Recycled frames must be non-zero for the zero-fill check to count. */
	if (memory_dirty(4))
		tap_diag("could not dirty memory first");
	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	partial = resv_map_partial(&r, 100, salt, &base);
	tap_result(partial, "a reservation holds 100 written pages of 512");
	rss0 = smaps_range_kb(r.addr, r.len, "Rss");
	if (madvise(r.addr + 20 * PAGE_SZ, 50 * PAGE_SZ, MADV_DONTNEED))
		tap_diag("MADV_DONTNEED: %s", strerror(errno));
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	rss1 = smaps_range_kb(r.addr, r.len, "Rss");
	tap_result(unused1 - unused0 == HPAGE_NR - 100 + 50 && rss0 - rss1 == 200,
		   "MADV_DONTNEED of 50 pages: nr_thp_resv_unused %+ld (412 + 50 "
		   "expected), Rss %+ld kB", unused1 - unused0, rss1 - rss0);

	/* Read them back: zero, from the same reserved frame. */
	tap_result(frame_was_dirty(base) &&
		   pages_check_zero(r.addr, 20, 50) == 0,
		   "the 50 pages read zero again, on a frame that held a "
		   "non-zero pattern before");
	for (i = 0; i < 100; i++)
		if (pagemap_pfn(r.addr + i * PAGE_SZ, &pfn) != 1 ||
		    pfn != base + i)
			moved++;
	vmstat_refresh();
	tap_result(!moved && vmstat_get("nr_thp_resv_unused") - unused0 ==
		   HPAGE_NR - 100,
		   "refaulted in the reserved frame (%zu elsewhere), "
		   "nr_thp_resv_unused %+ld", moved,
		   vmstat_get("nr_thp_resv_unused") - unused0);

	pages_fill(r.addr, 20, 50, salt);
	pages_fill(r.addr, 100, HPAGE_NR - 100, salt);
	huge = wait_anon_huge(r.addr, r.len, 2048, 10000);
	tap_result(huge && pages_check(r.addr, 0, HPAGE_NR, salt) == 0,
		   "populated in full, it is promoted with every page intact");
	region_unmap(&r);
	vmstat_refresh();
	tap_result(vmstat_get("nr_thp_resv_unused") == unused0,
		   "nr_thp_resv_unused back to %ld", unused0);
	knobs_restore();
	return tap_finish();
}
