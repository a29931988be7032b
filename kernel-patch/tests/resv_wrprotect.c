// SPDX-License-Identifier: GPL-2.0
/*
 * resv_wrprotect - a reservation whose populated pages were write-protected
 * (here by clearing soft-dirty bits, as NUMA hinting and clear_refs do) is
 * still promoted when its last page is populated: the PMD is mapped
 * write-protected and soft-dirty as its PTEs were, the next write reuses the
 * folio, and no page written since the clear reads clean.
 */
#include "resv_common.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PM_SOFT_DIRTY	55

/* 1 if the page's pagemap entry is soft-dirty, 0 if not, -1 on error. */
static int soft_dirty(const void *addr)
{
	uint64_t ent;

	if (pagemap_entry(addr, &ent))
		return -1;
	return (ent >> PM_SOFT_DIRTY) & 1;
}

/* Pages of [first, first + n) whose soft-dirty bit is not @want. */
static size_t soft_dirty_not(const char *base, size_t first, size_t n,
			     int want)
{
	size_t i, bad = 0;

	for (i = first; i < first + n; i++)
		if (soft_dirty(base + i * PAGE_SZ) != want)
			bad++;
	return bad;
}

static int clear_soft_dirty(void)
{
	int fd = open("/proc/self/clear_refs", O_WRONLY);
	int rc = -1;

	if (fd >= 0) {
		rc = write(fd, "4", 1) == 1 ? 0 : -1;
		close(fd);
	}
	return rc;
}

int main(void)
{
	const uint64_t salt = 0x3d;
	long promote0, split0, kb;
	uint64_t base, pfn = 0;
	struct region r;
	size_t dirty;
	bool partial, huge;

	tap_plan(7);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();

	partial = resv_map_partial(&r, 256, salt, &base);
	tap_result(partial, "a reservation holds 256 written pages of 512");
	if (clear_soft_dirty()) {
		tap_diag("clear_refs 4: %s (CONFIG_MEM_SOFT_DIRTY?)",
			 strerror(errno));
		return tap_finish();
	}
	dirty = soft_dirty_not(r.addr, 0, 256, 0);
	tap_result(dirty == 0,
		   "after clear_refs the 256 pages read clean (%zu dirty)",
		   dirty);

	vmstat_refresh();
	promote0 = vmstat_get("thp_resv_promote");
	split0 = vmstat_get("thp_split_pmd");
	pages_fill(r.addr, 256, HPAGE_NR - 256, salt);
	huge = wait_anon_huge(r.addr, r.len, 2048, 10000);
	vmstat_refresh();
	tap_result(huge && vmstat_get("thp_resv_promote") - promote0 == 1,
		   "populating the other 256 promotes it although half its "
		   "PTEs were write-protected (AnonHugePages %ld kB, "
		   "thp_resv_promote %+ld)",
		   smaps_range_kb(r.addr, r.len, "AnonHugePages"),
		   vmstat_get("thp_resv_promote") - promote0);
	tap_result(soft_dirty_not(r.addr, 256, HPAGE_NR - 256, 1) == 0,
		   "every page written since the clear reads soft-dirty");

	/* A write to the write-protected PMD reuses the exclusive folio. */
	page_fill(r.addr, 0, salt + 1);
	kb = smaps_range_kb(r.addr, r.len, "AnonHugePages");
	vmstat_refresh();
	tap_result(kb == 2048 && vmstat_get("thp_split_pmd") == split0,
		   "a write to the first page keeps the PMD (AnonHugePages "
		   "%ld kB, thp_split_pmd %+ld)", kb,
		   vmstat_get("thp_split_pmd") - split0);
	tap_result(page_check(r.addr, 0, salt + 1) &&
		   pages_check(r.addr, 1, HPAGE_NR - 1, salt) == 0,
		   "every page holds what was written last");
	tap_result(partial && huge && pagemap_pfn(r.addr, &pfn) == 1 &&
		   pfn == base,
		   "promoted in place: the range kept its 2 MB frame");
	region_unmap(&r);
	knobs_restore();
	return tap_finish();
}
