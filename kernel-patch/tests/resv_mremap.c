// SPDX-License-Identifier: GPL-2.0
/*
 * resv_mremap - mremap of a whole 1 GB-aligned gigabyte, which moves page
 * tables a PUD at a time, ends the reservations it moves (a reservation is
 * found by its address), and the moved pages keep their contents.
 */
#include "resv_common.h"

#include <stdio.h>
#include <sys/mman.h>

#define GB		(1UL << 30)
#define RANGES		64
#define PAGE_IN_RANGE	5

/* A PROT_NONE span of 3 GB; its 1 GB-aligned middle gigabyte in *mid. */
static char *gb_span(char **mid)
{
	char *p = mmap(NULL, 3 * GB, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	*mid = (char *)(((uintptr_t)p + GB - 1) & ~(GB - 1));
	return p;
}

int main(void)
{
	char *src_span, *dst_span, *src, *dst;
	long unused0, unused1, unused2, allocs;
	size_t i, bad = 0;
	const uint64_t salt = 0x3e3a;

	tap_plan(3);
	if (resv_setup("always", 300))
		return tap_finish();
	src_span = gb_span(&src);
	dst_span = gb_span(&dst);
	if (!src_span || !dst_span ||
	    mprotect(src, GB, PROT_READ | PROT_WRITE)) {
		tap_result(false, "map two 1 GB-aligned gigabytes");
		return tap_finish();
	}

	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	allocs = vmstat_get("thp_resv_alloc");
	for (i = 0; i < RANGES; i++)
		page_fill(src + i * HPAGE_SZ + PAGE_IN_RANGE * PAGE_SZ, i, salt);
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	allocs = vmstat_get("thp_resv_alloc") - allocs;
	tap_diag("%zu ranges touched: thp_resv_alloc %+ld, "
		 "nr_thp_resv_unused %+ld", (size_t)RANGES, allocs,
		 unused1 - unused0);

	if (mremap(src, GB, GB, MREMAP_MAYMOVE | MREMAP_FIXED, dst) != dst) {
		tap_result(false, "mremap the gigabyte");
		return tap_finish();
	}
	vmstat_refresh();
	unused2 = vmstat_get("nr_thp_resv_unused");
	tap_diag("after mremap: nr_thp_resv_unused %+ld", unused2 - unused1);

	tap_result(allocs >= RANGES * 9 / 10,
		   "a reservation for each range touched (%ld of %d)", allocs,
		   RANGES);
	/* each ended reservation gives up its 511 unpopulated pages */
	tap_result(unused1 - unused2 >= allocs * (HPAGE_NR - 1) * 9 / 10,
		   "the move ended the reservations (nr_thp_resv_unused "
		   "%+ld for %ld)", unused2 - unused1, allocs);
	for (i = 0; i < RANGES; i++)
		bad += !page_check(dst + i * HPAGE_SZ +
				   PAGE_IN_RANGE * PAGE_SZ, i, salt);
	tap_result(bad == 0, "the moved pages kept their contents (%zu not)",
		   bad);

	munmap(src_span, 3 * GB);
	munmap(dst_span, 3 * GB);
	knobs_restore();
	return tap_finish();
}
