// SPDX-License-Identifier: GPL-2.0
/*
 * resv_swap - swap-out of reserved memory, on a zram swap device the test
 * sets up: MADV_PAGEOUT of a partially populated reservation splits it,
 * gives its unpopulated frames back and swaps the populated pages out; a
 * promoted reservation swaps out like any THP.  Either way what was written
 * comes back on the next touch and pages never written read zero.
 */
#include "resv_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/swap.h>

#define ZRAM		"/dev/zram0"
#define ZRAM_SYS	"/sys/block/zram0"
#define SALT		0x5a5a17ULL

static bool swap_on(void)
{
	if (knob_write(ZRAM_SYS "/disksize", "256M")) {
		tap_diag("cannot size " ZRAM " (does the kernel have CONFIG_ZRAM?)");
		return false;
	}
	if (system("mkswap " ZRAM " >/dev/null") != 0) {
		tap_diag("mkswap " ZRAM " failed");
		return false;
	}
	if (swapon(ZRAM, 0)) {
		perror("swapon " ZRAM);
		return false;
	}
	return true;
}

static void swap_off(void)
{
	if (swapoff(ZRAM))
		perror("swapoff " ZRAM);
	knob_write(ZRAM_SYS "/reset", "1");
}

/* Pages of [first, first + n) that pagemap still shows present. */
static size_t present(const char *base, size_t first, size_t n)
{
	size_t i, count = 0;
	uint64_t pfn;

	for (i = first; i < first + n; i++)
		count += pagemap_pfn(base + i * PAGE_SZ, &pfn) == 1;
	return count;
}

static void test_partial(void)
{
	const size_t n = 200;
	long unused0, unused1, unused2, preempt0, out0, out;
	struct region r;
	bool setup;

	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	preempt0 = vmstat_get("thp_resv_preempt");
	setup = resv_map_partial(&r, n, SALT, NULL);
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	tap_result(setup && unused1 - unused0 == HPAGE_NR - n,
		   "(a) 200 pages populated in one reservation, "
		   "nr_thp_resv_unused %+ld", unused1 - unused0);

	out0 = vmstat_get("pswpout");
	if (madvise(r.addr, r.len, MADV_PAGEOUT))
		perror("madvise(MADV_PAGEOUT)");
	out = vmstat_get("pswpout") - out0;
	tap_result(present(r.addr, 0, HPAGE_NR) == 0 && out >= (long)n,
		   "(a) MADV_PAGEOUT: no page left mapped, pswpout %+ld", out);

	vmstat_refresh();
	unused2 = vmstat_get("nr_thp_resv_unused");
	tap_result(unused2 == unused0 &&
		   vmstat_get("thp_resv_preempt") - preempt0 == 1,
		   "(a) the reservation ended: nr_thp_resv_unused back to %ld "
		   "(%ld), thp_resv_preempt %+ld", unused0, unused2,
		   vmstat_get("thp_resv_preempt") - preempt0);

	tap_result(pages_check(r.addr, 0, n, SALT) == 0 &&
		   pages_check_zero(r.addr, n, HPAGE_NR - n) == 0,
		   "(a) swapped back in: pattern intact, unpopulated pages "
		   "read zero");
	region_unmap(&r);
}

static void test_promoted(void)
{
	struct region r;
	long huge, out0, out;

	if (region_map(&r, HPAGE_SZ)) {
		tap_result(false, "(b) mmap");
		return;
	}
	pages_fill(r.addr, 0, HPAGE_NR, SALT);
	huge = wait_anon_huge(r.addr, r.len, 2048, 10000) ?
	       smaps_range_kb(r.addr, r.len, "AnonHugePages") : 0;
	tap_result(huge == 2048,
		   "(b) 512 pages populated: promoted (AnonHugePages %ld kB)",
		   huge);

	out0 = vmstat_get("pswpout");
	if (madvise(r.addr, r.len, MADV_PAGEOUT))
		perror("madvise(MADV_PAGEOUT)");
	out = vmstat_get("pswpout") - out0;
	tap_result(present(r.addr, 0, HPAGE_NR) == 0 && out >= HPAGE_NR,
		   "(b) MADV_PAGEOUT: no page left mapped, pswpout %+ld", out);
	tap_result(pages_check(r.addr, 0, HPAGE_NR, SALT) == 0,
		   "(b) swapped back in: pattern intact");
	region_unmap(&r);
}

int main(void)
{
	tap_plan(8);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	if (!tap_result(swap_on(), "zram swap device on " ZRAM))
		return tap_finish();
	test_partial();
	test_promoted();
	swap_off();
	knobs_restore();
	return tap_finish();
}
