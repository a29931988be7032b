// SPDX-License-Identifier: GPL-2.0
/*
 * resv_nohuge - a reservation made while THP applied ends at its next
 * fault once THP no longer applies to its range (MADV_NOHUGEPAGE,
 * PR_SET_THP_DISABLE, THP or reservations turned off): the range is then
 * filled with base pages and never promoted.
 */
#include "resv_common.h"

#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>

enum change { MADVISE, PRCTL, THP_OFF, RESV_OFF };

static const char *const names[] = {
	"MADV_NOHUGEPAGE", "PR_SET_THP_DISABLE", "THP enabled=never",
	"reservations off",
};

static int apply(enum change c, struct region *r, bool undo)
{
	switch (c) {
	case MADVISE:
		return undo ? 0 : madvise(r->addr, r->len, MADV_NOHUGEPAGE);
	case PRCTL:
		return prctl(PR_SET_THP_DISABLE, undo ? 0 : 1, 0, 0, 0);
	case THP_OFF:
		return knob_write(KNOB_THP, undo ? "always" : "never");
	case RESV_OFF:
		return knob_write(KNOB_RESV, undo ? "1" : "0");
	}
	return -1;
}

/* Reserve, change, fill: true when the fill ended the reservation. */
static bool ends_reservation(enum change c)
{
	long unused0, unused1, huge;
	uint64_t base, pfn;
	struct region r;
	size_t i, from_frame = 0;
	bool ok;

	if (!resv_map_partial(&r, 1, 0x70, &base)) {
		tap_diag("%s: the first touch made no reservation", names[c]);
		region_unmap(&r);
		return false;
	}
	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	if (apply(c, &r, false)) {
		tap_diag("%s: cannot apply it", names[c]);
		region_unmap(&r);
		return false;
	}
	pages_fill(r.addr, 1, HPAGE_NR - 1, 0x70);
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	for (i = 1; i < HPAGE_NR; i++)
		from_frame += pagemap_pfn(r.addr + i * PAGE_SZ, &pfn) == 1 &&
			      pfn == base + i;
	huge = smaps_range_kb(r.addr, r.len, "AnonHugePages");
	ok = huge == 0 && from_frame == 0 && unused0 - unused1 >= HPAGE_NR - 1 &&
	     pages_check(r.addr, 1, HPAGE_NR - 1, 0x70) == 0;
	tap_diag("%s: AnonHugePages %ld kB, %zu pages from the reserved frame, "
		 "nr_thp_resv_unused %+ld", names[c], huge, from_frame,
		 unused1 - unused0);
	apply(c, &r, true);
	region_unmap(&r);
	return ok;
}

int main(void)
{
	enum change c;

	tap_plan(4);
	if (resv_setup("always", 120))
		return tap_finish();
	for (c = MADVISE; c <= RESV_OFF; c++)
		tap_result(ends_reservation(c),
			   "%s ends the reservation at its next fault; no "
			   "promotion", names[c]);
	knobs_restore();
	return tap_finish();
}
