// SPDX-License-Identifier: GPL-2.0
/*
 * resv_ksm - KSM merges the written pages of two reservations holding the
 * same contents: merging splits each reservation's folio, which ends it and
 * frees its unused frames; the merged pages keep their contents, a write
 * to one copies it again, and the ranges' other pages fault in zeroed.
 */
#include "resv_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define KSM_DIR		"/sys/kernel/mm/ksm"
#define WRITTEN		100

static long ksm_get(const char *name)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), KSM_DIR "/%s", name);
	if (knob_read(path, buf, sizeof(buf)))
		return -1;
	return atol(buf);
}

static bool merged(void *arg)
{
	(void)arg;
	return ksm_get("pages_sharing") >= WRITTEN;
}

static int ksm_start(void)
{
	if (access(KSM_DIR "/run", W_OK)) {
		tap_diag(KSM_DIR "/run: %s", strerror(errno));
		return -1;
	}
	if (knob_set(KSM_DIR "/pages_to_scan", "5000") ||
	    knob_set(KSM_DIR "/sleep_millisecs", "20") ||
	    knob_set(KSM_DIR "/run", "1")) {
		tap_diag("start ksmd: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int main(void)
{
	const uint64_t salt = 0x5a;
	long preempt0, unused0, unused;
	struct region a, b;
	uint64_t pa, pb;
	size_t i, shared = 0;
	bool ok;

	tap_plan(7);
	if (resv_setup("always", 240) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	preempt0 = vmstat_get("thp_resv_preempt");
	ok = resv_map_partial(&a, WRITTEN, salt, NULL) &&
	     resv_map_partial(&b, WRITTEN, salt, NULL);
	tap_result(ok, "two reservations with the same %d written pages",
		   WRITTEN);
	if (!ok || ksm_start())
		return tap_finish();
	if (madvise(a.addr, a.len, MADV_MERGEABLE) ||
	    madvise(b.addr, b.len, MADV_MERGEABLE)) {
		tap_diag("MADV_MERGEABLE: %s", strerror(errno));
		return tap_finish();
	}
	ok = wait_until(merged, NULL, 120000);
	tap_result(ok, "ksmd merged them: pages_shared %ld, pages_sharing %ld",
		   ksm_get("pages_shared"), ksm_get("pages_sharing"));
	for (i = 0; i < WRITTEN; i++)
		if (pagemap_pfn(a.addr + i * PAGE_SZ, &pa) == 1 &&
		    pagemap_pfn(b.addr + i * PAGE_SZ, &pb) == 1 && pa == pb)
			shared++;
	tap_result(shared == WRITTEN,
		   "pagemap: %zu of %d page pairs share one frame", shared,
		   WRITTEN);

	vmstat_refresh();
	unused = vmstat_get("nr_thp_resv_unused") - unused0;
	tap_result(vmstat_get("thp_resv_preempt") - preempt0 == 2 && unused == 0,
		   "both reservations ended by the split: thp_resv_preempt "
		   "%+ld, nr_thp_resv_unused %+ld",
		   vmstat_get("thp_resv_preempt") - preempt0, unused);
	tap_result(pages_check(a.addr, 0, WRITTEN, salt) == 0 &&
		   pages_check(b.addr, 0, WRITTEN, salt) == 0,
		   "the merged pages hold what was written");

	page_fill(a.addr + 7 * PAGE_SZ, 7, salt + 1);
	tap_result(page_check(a.addr + 7 * PAGE_SZ, 7, salt + 1) &&
		   page_check(b.addr + 7 * PAGE_SZ, 7, salt) &&
		   pagemap_pfn(a.addr + 7 * PAGE_SZ, &pa) == 1 &&
		   pagemap_pfn(b.addr + 7 * PAGE_SZ, &pb) == 1 && pa != pb,
		   "a write to a merged page copies it; the other keeps its "
		   "contents");
	tap_result(pages_check_zero(a.addr, WRITTEN, HPAGE_NR - WRITTEN) == 0,
		   "the rest of the ended range faults in zeroed");

	region_unmap(&a);
	region_unmap(&b);
	knobs_restore();
	return tap_finish();
}
