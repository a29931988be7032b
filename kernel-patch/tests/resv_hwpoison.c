// SPDX-License-Identifier: GPL-2.0
/*
 * resv_hwpoison - a poisoned frame is never handed out from a reservation:
 * poisoning a populated subpage (MADV_HWPOISON) or an unpopulated one
 * (hwpoison-inject's corrupt-pfn) ends the reservation, the other pages
 * keep their contents, and the poisoned unpopulated subpage's next fault
 * gets another frame, zeroed.  Needs CONFIG_MEMORY_FAILURE and
 * CONFIG_HWPOISON_INJECT (the test kernel).
 */
#include "resv_common.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_HWPOISON
#define MADV_HWPOISON 100
#endif
#define CORRUPT_PFN	"/sys/kernel/debug/hwpoison/corrupt-pfn"

static sigjmp_buf bus_jmp;

static void on_bus(int sig)
{
	(void)sig;
	siglongjmp(bus_jmp, 1);
}

/* Whether reading @p raises SIGBUS. */
static bool read_bus(volatile const char *p)
{
	struct sigaction sa = { .sa_handler = on_bus }, old;
	bool bus = false;

	sigaction(SIGBUS, &sa, &old);
	if (sigsetjmp(bus_jmp, 1))
		bus = true;
	else
		(void)*p;
	sigaction(SIGBUS, &old, NULL);
	return bus;
}

static int poison_pfn(uint64_t pfn)
{
	char buf[32];
	int fd = open(CORRUPT_PFN, O_WRONLY), n;

	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%#llx", (unsigned long long)pfn);
	n = write(fd, buf, n) == n ? 0 : -1;
	close(fd);
	return n;
}

int main(void)
{
	const uint64_t salt = 0x9015;
	struct region a, b;
	uint64_t base_a, base_b, pfn = 0;
	long unused0;
	bool ok;

	tap_plan(6);
	if (resv_setup("always", 120) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");

	/* A populated subpage poisoned. */
	ok = resv_map_partial(&a, 100, salt, &base_a);
	tap_result(ok, "a reservation holds 100 written pages of 512");
	if (madvise(a.addr + 50 * PAGE_SZ, PAGE_SZ, MADV_HWPOISON)) {
		tap_diag("MADV_HWPOISON: %s (CONFIG_MEMORY_FAILURE?)",
			 strerror(errno));
		return tap_finish();
	}
	tap_result(read_bus(a.addr + 50 * PAGE_SZ) &&
		   pages_check(a.addr, 0, 50, salt) == 0 &&
		   pages_check(a.addr, 51, 49, salt) == 0,
		   "the poisoned page raises SIGBUS, the other 99 keep their "
		   "contents");
	tap_result(pages_check_zero(a.addr, 100, 100) == 0 &&
		   pagemap_pfn(a.addr + 150 * PAGE_SZ, &pfn) == 1,
		   "pages never written before read zero after it");

	/* An unpopulated subpage poisoned. */
	ok = resv_map_partial(&b, 100, salt, &base_b);
	tap_result(ok && poison_pfn(base_b + 200) == 0,
		   "unpopulated subpage 200 of another reservation poisoned "
		   "(pfn %#llx)", (unsigned long long)(base_b + 200));
	tap_result(!read_bus(b.addr + 200 * PAGE_SZ) &&
		   pagemap_pfn(b.addr + 200 * PAGE_SZ, &pfn) == 1 &&
		   pfn != base_b + 200 &&
		   pages_check_zero(b.addr, 200, 1) == 0,
		   "its first fault gets another frame (%#llx), zeroed",
		   (unsigned long long)pfn);
	region_unmap(&b);
	region_unmap(&a);
	vmstat_refresh();
	tap_result(vmstat_get("nr_thp_resv_unused") == unused0,
		   "nr_thp_resv_unused back to %ld (%ld)", unused0,
		   vmstat_get("nr_thp_resv_unused"));
	knobs_restore();
	return tap_finish();
}
