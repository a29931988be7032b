// SPDX-License-Identifier: GPL-2.0
/*
 * resv_collapse - no reservation is left in base pages for good: MADV_COLLAPSE
 * promotes a partly populated reservation in place (its frame kept, the rest
 * zeroed, nothing copied), and khugepaged promotes in place a reservation
 * that reached promote_threshold without being promoted, while leaving one
 * below the threshold alone rather than copying it.
 */
#include "resv_common.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

#define KHUGEPAGED	THP_DIR "/khugepaged"

struct range_wait {
	const struct region *r;
	long kb;
};

static bool frames_kept(const struct region *r, uint64_t base)
{
	size_t i;
	uint64_t pfn;

	for (i = 0; i < HPAGE_NR; i++)
		if (pagemap_pfn(r->addr + i * PAGE_SZ, &pfn) != 1 ||
		    pfn != base + i)
			return false;
	return true;
}

/* Pages [0, n) map base + i, the others nothing, and no PMD maps it. */
static bool still_partial(const struct region *r, size_t n, uint64_t base)
{
	size_t i;
	uint64_t pfn;

	for (i = 0; i < HPAGE_NR; i++) {
		int present = pagemap_pfn(r->addr + i * PAGE_SZ, &pfn);

		if (i < n ? present != 1 || pfn != base + i : present != 0)
			return false;
	}
	return smaps_range_kb(r->addr, r->len, "AnonHugePages") == 0;
}

static long delta(const char *name, long before)
{
	vmstat_refresh();
	return vmstat_get(name) - before;
}

int main(void)
{
	const uint64_t salt1 = 0xc011, salt2 = 0xc012, salt3 = 0xc013;
	long promote0, collapse0, unused0, kb;
	struct region r1, r2, r3;
	uint64_t base1, base2, base3;
	bool partial, huge;
	int rc;

	tap_plan(12);
	if (resv_setup("always", 180) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	/* Recycled frames must be non-zero for the zero-fill checks to count. */
	if (memory_dirty(8))
		tap_diag("could not dirty memory first");

	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	promote0 = vmstat_get("thp_resv_promote");
	collapse0 = vmstat_get("thp_collapse_alloc");

	/* MADV_COLLAPSE on a reservation with 100 of its 512 pages written. */
	partial = resv_map_partial(&r1, 100, salt1, &base1);
	tap_result(partial, "a reservation holds 100 written pages of 512");
	rc = madvise(r1.addr, r1.len, MADV_COLLAPSE);
	tap_result(rc == 0, "MADV_COLLAPSE on it returns 0 (%s)",
		   rc ? strerror(errno) : "ok");
	kb = smaps_range_kb(r1.addr, r1.len, "AnonHugePages");
	tap_result(kb == 2048 && delta("thp_resv_promote", promote0) == 1,
		   "promoted: AnonHugePages %ld kB, thp_resv_promote %+ld", kb,
		   delta("thp_resv_promote", promote0));
	tap_result(partial && frames_kept(&r1, base1) &&
		   delta("thp_collapse_alloc", collapse0) == 0,
		   "in place: every page in the reserved frame, no folio "
		   "allocated to copy into (thp_collapse_alloc %+ld)",
		   delta("thp_collapse_alloc", collapse0));
	tap_result(pages_check(r1.addr, 0, 100, salt1) == 0,
		   "the 100 written pages kept their contents");
	tap_result(frame_was_dirty(base1) &&
		   pages_check_zero(r1.addr, 100, HPAGE_NR - 100) == 0,
		   "the 412 pages promotion added read zero, on a frame that "
		   "held a non-zero pattern before (dirty: %s)",
		   frame_was_dirty(base1) ? "yes" : "no");

	/*
	 * khugepaged: r2 has 300 pages, r3 100, both below the threshold of
	 * 512; lowered to 256, r2 is due and no fault will promote it.
	 */
	if (knob_set(KHUGEPAGED "/scan_sleep_millisecs", "50") ||
	    knob_set(KHUGEPAGED "/alloc_sleep_millisecs", "50") ||
	    knob_set(KHUGEPAGED "/pages_to_scan", "65536"))
		tap_diag("could not speed khugepaged up");
	partial = resv_map_partial(&r3, 100, salt3, &base3);
	partial = resv_map_partial(&r2, 300, salt2, &base2) && partial;
	promote0 = delta("thp_resv_promote", 0);
	collapse0 = delta("thp_collapse_alloc", 0);
	tap_result(partial, "two reservations with 300 and 100 written pages");
	if (knob_set(KNOB_THRESHOLD, "256"))
		tap_diag("could not lower promote_threshold");
	huge = wait_anon_huge(r2.addr, r2.len, 2048, 30000);
	tap_result(huge && delta("thp_resv_promote", promote0) == 1,
		   "khugepaged promoted the one at 300 of threshold 256 "
		   "(AnonHugePages %ld kB, thp_resv_promote %+ld)",
		   smaps_range_kb(r2.addr, r2.len, "AnonHugePages"),
		   delta("thp_resv_promote", promote0));
	tap_result(huge && frames_kept(&r2, base2) &&
		   pages_check(r2.addr, 0, 300, salt2) == 0 &&
		   pages_check_zero(r2.addr, 300, HPAGE_NR - 300) == 0,
		   "in place, contents kept, the other 212 pages zero");

	/* Several more scans of the whole mm: r3 must stay as it is. */
	wait_anon_huge(r3.addr, r3.len, 2048, 2000);
	kb = smaps_range_kb(r3.addr, r3.len, "AnonHugePages");
	tap_result(kb == 0 && delta("thp_collapse_alloc", collapse0) == 0,
		   "the one at 100 is neither promoted nor copied "
		   "(AnonHugePages %ld kB, thp_collapse_alloc %+ld)", kb,
		   delta("thp_collapse_alloc", collapse0));
	tap_result(still_partial(&r3, 100, base3) &&
		   pages_check(r3.addr, 0, 100, salt3) == 0,
		   "it is still a reservation of 100 mapped pages");
	region_unmap(&r3);
	region_unmap(&r2);
	region_unmap(&r1);
	vmstat_refresh();
	tap_result(vmstat_get("nr_thp_resv_unused") == unused0,
		   "nr_thp_resv_unused back to %ld (%ld)", unused0,
		   vmstat_get("nr_thp_resv_unused"));
	knobs_restore();
	return tap_finish();
}
