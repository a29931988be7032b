// SPDX-License-Identifier: GPL-2.0
/*
 * resv_threshold - with promote_threshold=256 a reservation is promoted as
 * soon as half its pages are populated; the other half then reads zero.
 * The reservation's frame is a recycled dirty one, so that every page read
 * before it is written, and the half promotion fills, read zero only if
 * the kernel zeroed them.
 */
#include "resv_common.h"

#include <stdio.h>
#include <string.h>

#define THRESHOLD 256
#define READ_FIRST 64		/* pages read before they are written */

int main(void)
{
	const uint64_t salt = 0x2222;
	long promote0, huge_before = -1;
	unsigned int i, zero_reads = 0;
	struct region r;
	uint64_t pfn = 0;
	char val[16];
	bool huge;

	tap_plan(7);
	if (resv_setup("always", 120))
		return tap_finish();
	tap_result(!knob_set(KNOB_THRESHOLD, "256"), "promote_threshold=256");
	if (region_map(&r, HPAGE_SZ)) {
		tap_diag("mmap failed");
		return tap_finish();
	}

	if (memory_dirty(16)) {
		tap_diag("cannot dirty memory first");
		return tap_finish();
	}
	promote0 = vmstat_get("thp_resv_promote");
	page_fill(r.addr, 0, salt);
	pagemap_pfn(r.addr, &pfn);
	for (i = 1; i <= READ_FIRST; i++)
		zero_reads += page_is_zero(r.addr + i * PAGE_SZ);
	tap_result(frame_was_dirty(pfn) && zero_reads == READ_FIRST,
		   "a recycled dirty frame (pfn %#llx: %s): %u of %d pages "
		   "read zero before being written", (unsigned long long)pfn,
		   frame_was_dirty(pfn) ? "dirty" : "not one of the dirtied",
		   zero_reads, READ_FIRST);
	for (i = 0; i < THRESHOLD; i++) {
		if (i == THRESHOLD - 1)
			huge_before = smaps_range_kb(r.addr, r.len,
						     "AnonHugePages");
		page_fill(r.addr + i * PAGE_SZ, i, salt);
	}
	huge = wait_anon_huge(r.addr, r.len, 2048, 10000);
	tap_result(huge && huge_before == 0,
		   "promoted at the 256th page: AnonHugePages %ld kB before, "
		   "%ld kB after", huge_before,
		   smaps_range_kb(r.addr, r.len, "AnonHugePages"));
	tap_result(vmstat_get("thp_resv_promote") - promote0 == 1,
		   "thp_resv_promote rose by 1 (%+ld)",
		   vmstat_get("thp_resv_promote") - promote0);
	tap_result(pages_check_zero(r.addr, THRESHOLD,
				    HPAGE_NR - THRESHOLD) == 0,
		   "the unpopulated half reads zero");
	tap_result(pages_check(r.addr, 0, THRESHOLD, salt) == 0,
		   "the populated half kept its pattern");

	region_unmap(&r);
	knobs_restore();
	tap_result(!knob_read(KNOB_THRESHOLD, val, sizeof(val)) &&
		   !strcmp(val, "512"), "promote_threshold restored (%s)", val);
	return tap_finish();
}
