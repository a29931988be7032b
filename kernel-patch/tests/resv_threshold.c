// SPDX-License-Identifier: GPL-2.0
/*
 * resv_threshold - with promote_threshold=256 a reservation is promoted as
 * soon as half its pages are populated; the other half then reads zero.
 */
#include "resv_common.h"

#include <stdio.h>
#include <string.h>

#define THRESHOLD 256

int main(void)
{
	const uint64_t salt = 0x2222;
	long promote0, huge_before = -1;
	struct region r;
	char val[16];
	unsigned int i;
	bool huge;

	tap_plan(6);
	if (resv_setup("always", 120))
		return tap_finish();
	tap_result(!knob_set(KNOB_THRESHOLD, "256"), "promote_threshold=256");
	if (region_map(&r, HPAGE_SZ)) {
		tap_diag("mmap failed");
		return tap_finish();
	}

	promote0 = vmstat_get("thp_resv_promote");
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
