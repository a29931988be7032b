// SPDX-License-Identifier: GPL-2.0
/*
 * resv_inplace - a reservation populated page by page in random order is
 * backed by one aligned 2 MB frame from the first touch on, and promotion
 * maps that same frame with a PMD: no subpage moves or is copied.
 */
#include "resv_common.h"

#include <stdio.h>
#include <sys/mman.h>

#define SEED 0x5eed2002u

static uint32_t rnd_state = SEED;

static uint32_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

int main(void)
{
	static uint64_t pfn_touch[HPAGE_NR];
	static unsigned int order[HPAGE_NR];
	long promote0, alloc0, unused0, unused1 = 0, unused2, huge_before;
	unsigned int i, j, t, missing = 0, moved = 0, discontig = 0;
	const uint64_t salt = 0x1111;
	struct region r;
	uint64_t pfn;
	bool huge;

	tap_plan(9);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	if (region_map(&r, HPAGE_SZ)) {
		tap_diag("mmap failed");
		return tap_finish();
	}

	for (i = 0; i < HPAGE_NR; i++)
		order[i] = i;
	for (i = HPAGE_NR - 1; i > 0; i--) {
		j = rnd() % (i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	tap_diag("touch order seed %#x, first pages %u %u %u", SEED,
		 order[0], order[1], order[2]);

	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	promote0 = vmstat_get("thp_resv_promote");
	alloc0 = vmstat_get("thp_resv_alloc");
	huge_before = 0;
	for (i = 0; i < HPAGE_NR; i++) {
		unsigned int p = order[i];

		if (i == HPAGE_NR - 1)
			huge_before = smaps_range_kb(r.addr, r.len,
						     "AnonHugePages");
		page_fill(r.addr + p * PAGE_SZ, p, salt);
		if (pagemap_pfn(r.addr + p * PAGE_SZ, &pfn_touch[p]) != 1) {
			pfn_touch[p] = 0;
			missing++;
		}
		if (i == 0) {
			vmstat_refresh();
			unused1 = vmstat_get("nr_thp_resv_unused");
		}
	}
	tap_result(vmstat_get("thp_resv_alloc") - alloc0 == 1 && !missing,
		   "one reservation backs the range, every touch mapped a page");
	tap_result(unused1 - unused0 == HPAGE_NR - 1,
		   "nr_thp_resv_unused rose by 511 at the first touch (%+ld)",
		   unused1 - unused0);
	tap_result(huge_before == 0,
		   "no PMD mapping before the 512th page (AnonHugePages %ld kB)",
		   huge_before);

	for (i = 1; i < HPAGE_NR; i++)
		if (pfn_touch[i] != pfn_touch[0] + i)
			discontig++;
	tap_diag("frame of page 0: pfn %#llx", (unsigned long long)pfn_touch[0]);
	tap_result(!discontig && pfn_touch[0] % HPAGE_NR == 0,
		   "the 512 pages lie in one aligned 2 MB frame "
		   "(%u out of place)", discontig);

	huge = wait_anon_huge(r.addr, r.len, 2048, 10000);
	tap_result(huge, "promoted: AnonHugePages %ld kB",
		   smaps_range_kb(r.addr, r.len, "AnonHugePages"));
	tap_result(vmstat_get("thp_resv_promote") - promote0 == 1,
		   "thp_resv_promote rose by 1 (%+ld)",
		   vmstat_get("thp_resv_promote") - promote0);

	for (i = 0; i < HPAGE_NR; i++) {
		if (pagemap_pfn(r.addr + i * PAGE_SZ, &pfn) != 1)
			pfn = 0;
		if (pfn != pfn_touch[i] && moved++ < 3)
			tap_diag("page %u: pfn %#llx at touch, %#llx after", i,
				 (unsigned long long)pfn_touch[i],
				 (unsigned long long)pfn);
	}
	tap_result(huge && !moved,
		   "promotion kept every subpage's frame (%u moved)", moved);
	tap_result(pages_check(r.addr, 0, HPAGE_NR, salt) == 0,
		   "the pattern survived promotion");

	vmstat_refresh();
	unused2 = vmstat_get("nr_thp_resv_unused");
	tap_result(unused2 == unused0,
		   "nr_thp_resv_unused back to %ld after promotion (%ld)",
		   unused0, unused2);

	region_unmap(&r);
	knobs_restore();
	return tap_finish();
}
