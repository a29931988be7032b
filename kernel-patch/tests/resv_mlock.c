// SPDX-License-Identifier: GPL-2.0
/*
 * resv_mlock - locked memory is promoted like any other: mlock() of 4 MB,
 * one range already holding a reservation with 100 written pages, fills
 * both ranges, which end as PMD mappings over their reserved frames,
 * counted once in Mlocked, the written pages intact and the rest zero; a
 * range locked on fault promotes when its last page is written; munlock
 * gives Mlocked back.
 */
#include "resv_common.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

static bool huge_and_pfn_contiguous(const struct region *r)
{
	uint64_t pfn, base = 0;
	size_t i;

	for (i = 0; i < r->len / PAGE_SZ; i++) {
		if (pagemap_pfn(r->addr + i * PAGE_SZ, &pfn) != 1)
			return false;
		if (i % HPAGE_NR == 0) {
			if (pfn % HPAGE_NR)
				return false;
			base = pfn;
		} else if (pfn != base + i % HPAGE_NR) {
			return false;
		}
	}
	return smaps_range_kb(r->addr, r->len, "AnonHugePages") ==
	       (long)(r->len >> 10);
}

int main(void)
{
	const uint64_t salt = 0x6b;
	long mlocked0, promote0, resv0, kb;
	struct region a, b;
	size_t nonzero, recycled = 0, i;
	uint64_t pfn;

	tap_plan(8);
	if (resv_setup("always", 180) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	if (memory_dirty(4))
		tap_diag("could not dirty memory first");

	/* 100 pages of the first range written, then all 4 MB locked. */
	if (region_map(&a, 2 * HPAGE_SZ))
		return tap_finish();
	vmstat_refresh();
	mlocked0 = meminfo_kb("Mlocked");
	promote0 = vmstat_get("thp_resv_promote");
	resv0 = vmstat_get("thp_resv_alloc");
	pages_fill(a.addr, 0, 100, salt);
	if (mlock(a.addr, a.len))
		tap_diag("mlock: %s", strerror(errno));
	vmstat_refresh();
	tap_result(vmstat_get("thp_resv_alloc") - resv0 == 2 &&
		   vmstat_get("thp_resv_promote") - promote0 == 2,
		   "mlock of 4 MB: thp_resv_alloc %+ld, thp_resv_promote %+ld "
		   "(2 each expected)", vmstat_get("thp_resv_alloc") - resv0,
		   vmstat_get("thp_resv_promote") - promote0);
	tap_result(huge_and_pfn_contiguous(&a),
		   "both ranges mapped by PMDs over their reserved frames "
		   "(AnonHugePages %ld kB)",
		   smaps_range_kb(a.addr, a.len, "AnonHugePages"));
	kb = meminfo_kb("Mlocked") - mlocked0;
	tap_result(kb == 4096, "Mlocked %+ld kB (4096 expected)", kb);
	nonzero = pages_check_zero(a.addr, 100, 2 * HPAGE_NR - 100);
	for (i = 0; i < 2; i++)
		if (pagemap_pfn(a.addr + i * HPAGE_SZ, &pfn) == 1 &&
		    frame_was_dirty(pfn))
			recycled++;
	tap_result(pages_check(a.addr, 0, 100, salt) == 0 && nonzero == 0,
		   "the 100 written pages intact, the other 924 zero (%zu are "
		   "not; %zu of the 2 frames dirtied first)", nonzero,
		   recycled);

	/* Locked on fault: written page by page, promoted at the last. */
	if (region_map(&b, HPAGE_SZ))
		return tap_finish();
	if (mlock2(b.addr, b.len, MLOCK_ONFAULT))
		tap_diag("mlock2(MLOCK_ONFAULT): %s", strerror(errno));
	vmstat_refresh();
	kb = meminfo_kb("Mlocked");
	pages_fill(b.addr, 0, HPAGE_NR, salt);
	vmstat_refresh();
	tap_result(huge_and_pfn_contiguous(&b) &&
		   meminfo_kb("Mlocked") - kb == 2048,
		   "MLOCK_ONFAULT range written page by page: promoted in "
		   "place, Mlocked %+ld kB (2048 expected)",
		   meminfo_kb("Mlocked") - kb);
	tap_result(pages_check(b.addr, 0, HPAGE_NR, salt) == 0,
		   "its 512 pages hold what was written");

	if (munlock(a.addr, a.len) || munlock(b.addr, b.len))
		tap_diag("munlock: %s", strerror(errno));
	vmstat_refresh();
	kb = meminfo_kb("Mlocked") - mlocked0;
	tap_result(kb <= 0, "munlock gives Mlocked back (%+ld kB against "
		   "before)", kb);
	for (i = 0; i < HPAGE_NR; i++)
		page_fill(a.addr + i * PAGE_SZ, i, salt);
	tap_result(pages_check(a.addr, 0, HPAGE_NR, salt) == 0 &&
		   pages_check(b.addr, 0, HPAGE_NR, salt) == 0 &&
		   smaps_range_kb(a.addr, a.len, "AnonHugePages") == 4096,
		   "unlocked ranges stay huge and writable");

	region_unmap(&a);
	region_unmap(&b);
	knobs_restore();
	return tap_finish();
}
