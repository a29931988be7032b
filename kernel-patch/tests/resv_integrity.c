// SPDX-License-Identifier: GPL-2.0
/*
 * resv_integrity - what a process wrote to a reservation survives every way
 * the reservation can end or change: promotion, fork, mprotect and munmap of
 * a page inside it, mremap, MADV_DONTNEED, preemption by the shrinker and
 * migration to another node.  Pages never written read zero, and no frame
 * reaches two address spaces.
 */
#include "resv_common.h"

#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define SALT_A	0xa11ce5ULL
#define SALT_B	0xb0b0b0ULL
#define SALT_C	0xc0ffeeULL

static void test_promotion(void)
{
	struct region r;
	bool huge;

	if (region_map(&r, HPAGE_SZ)) {
		tap_result(false, "(a) mmap");
		return;
	}
	pages_fill(r.addr, 0, HPAGE_NR, SALT_A);
	huge = wait_anon_huge(r.addr, r.len, 2048, 10000);
	tap_result(huge && pages_check(r.addr, 0, HPAGE_NR, SALT_A) == 0,
		   "(a) promotion: AnonHugePages %ld kB, pattern intact",
		   smaps_range_kb(r.addr, r.len, "AnonHugePages"));
	region_unmap(&r);
}

enum {
	CHILD_INHERITED	= 1,	/* the parent's pattern was not visible */
	CHILD_NOT_ZERO	= 2,	/* never-written pages were not zero */
	CHILD_SHARED	= 4,	/* a written page lies in the parent's frame */
	CHILD_OWN	= 8,	/* its own pattern did not hold */
	CHILD_PAGEMAP	= 16,
};

static int fork_child(char *base, size_t populated, uint64_t pbase)
{
	int ret = 0;
	uint64_t pfn;
	size_t i;

	if (pages_check(base, 0, populated, SALT_A))
		ret |= CHILD_INHERITED;
	if (pages_check_zero(base, populated, HPAGE_NR - populated))
		ret |= CHILD_NOT_ZERO;
	pages_fill(base, 0, HPAGE_NR, SALT_B);
	for (i = 0; i < HPAGE_NR; i++) {
		if (pagemap_pfn(base + i * PAGE_SZ, &pfn) != 1) {
			ret |= CHILD_PAGEMAP;
			continue;
		}
		if (pfn >= pbase && pfn < pbase + HPAGE_NR) {
			if (!(ret & CHILD_SHARED))
				tap_diag("child page %zu: pfn %#llx is in the "
					 "parent's frame", i,
					 (unsigned long long)pfn);
			ret |= CHILD_SHARED;
		}
	}
	if (pages_check(base, 0, HPAGE_NR, SALT_B))
		ret |= CHILD_OWN;
	return ret;
}

static void test_fork(void)
{
	const size_t n = 200;
	int status, code = -1;
	uint64_t pbase;
	struct region r;
	bool setup;
	pid_t pid;

	setup = resv_map_partial(&r, n, SALT_A, &pbase);
	tap_result(setup, "(b) fork: 200 pages populated in one reservation");
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(fork_child(r.addr, n, pbase));
	/* The parent writes while the child runs. */
	pages_fill(r.addr, 0, n / 2, SALT_C);
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
		code = WEXITSTATUS(status);
	if (code)
		tap_diag("child exit code %d", code);
	tap_result(code >= 0 && !(code & (CHILD_INHERITED | CHILD_NOT_ZERO)),
		   "(b) the child sees the parent's pattern and zeroes");
	tap_result(code >= 0 && !(code & (CHILD_SHARED | CHILD_PAGEMAP)),
		   "(b) no page the child wrote lies in the parent's frame");
	tap_result(code >= 0 && !(code & CHILD_OWN),
		   "(b) the child's own pattern holds");
	tap_result(pages_check(r.addr, 0, n / 2, SALT_C) == 0 &&
		   pages_check(r.addr, n / 2, n - n / 2, SALT_A) == 0,
		   "(b) the parent's pattern is intact after the child's writes");
	pages_fill(r.addr, n, HPAGE_NR - n, SALT_A);
	tap_result(pages_check(r.addr, 0, n / 2, SALT_C) == 0 &&
		   pages_check(r.addr, n / 2, HPAGE_NR - n / 2, SALT_A) == 0,
		   "(b) the parent populated the rest, pattern intact");
	region_unmap(&r);
}

static void test_mprotect(void)
{
	const size_t n = 200;
	struct region r;
	char *mid;
	bool ok;

	tap_result(resv_map_partial(&r, n, SALT_A, NULL),
		   "(c) mprotect: 200 pages populated in one reservation");
	mid = r.addr + 100 * PAGE_SZ;
	ok = !mprotect(mid, PAGE_SZ, PROT_READ);
	ok = ok && pages_check(r.addr, 0, n, SALT_A) == 0;
	tap_result(ok, "(c) PROT_READ on page 100: pattern intact");
	ok = !mprotect(mid, PAGE_SZ, PROT_READ | PROT_WRITE);
	pages_fill(r.addr, n, HPAGE_NR - n, SALT_A);
	tap_result(ok && pages_check(r.addr, 0, HPAGE_NR, SALT_A) == 0,
		   "(c) writable again, rest populated: pattern intact");
	region_unmap(&r);
}

static void test_munmap(void)
{
	const size_t n = 200;
	struct region r;
	bool ok;

	tap_result(resv_map_partial(&r, n, SALT_A, NULL),
		   "(d) munmap: 200 pages populated in one reservation");
	ok = !munmap(r.addr + 100 * PAGE_SZ, PAGE_SZ);
	ok = ok && pages_check(r.addr, 0, 100, SALT_A) == 0 &&
	     pages_check(r.addr, 101, n - 101, SALT_A) == 0;
	tap_result(ok, "(d) page 100 unmapped: the others intact");
	pages_fill(r.addr, n, HPAGE_NR - n, SALT_A);
	tap_result(pages_check(r.addr, 0, 100, SALT_A) == 0 &&
		   pages_check(r.addr, 101, HPAGE_NR - 101, SALT_A) == 0,
		   "(d) rest populated: pattern intact");
	region_unmap(&r);
}

static void test_mremap(void)
{
	const size_t n = 200;
	struct region r, t = { 0 };
	char *p = MAP_FAILED;

	tap_result(resv_map_partial(&r, n, SALT_A, NULL),
		   "(e) mremap: 200 pages populated in one reservation");
	if (!region_reserve(&t, HPAGE_SZ))
		p = mremap(r.addr, HPAGE_SZ, HPAGE_SZ,
			   MREMAP_MAYMOVE | MREMAP_FIXED, t.addr);
	tap_result(p == t.addr && pages_check(p, 0, n, SALT_A) == 0,
		   "(e) moved to a new 2 MB-aligned address: pattern intact");
	if (p == t.addr) {
		pages_fill(p, n, HPAGE_NR - n, SALT_A);
		tap_result(pages_check(p, 0, HPAGE_NR, SALT_A) == 0,
			   "(e) rest populated at the new address: intact");
	} else {
		tap_result(false, "(e) rest populated at the new address");
	}
	region_unmap(&t);
	region_unmap(&r);
}

static void test_dontneed(void)
{
	const size_t n = 300;
	struct region r;
	bool ok, huge;

	tap_result(resv_map_partial(&r, n, SALT_A, NULL),
		   "(f) MADV_DONTNEED: 300 pages populated in one reservation");
	ok = !madvise(r.addr + 50 * PAGE_SZ, 50 * PAGE_SZ, MADV_DONTNEED);
	ok = ok && pages_check_zero(r.addr, 50, 50) == 0 &&
	     pages_check(r.addr, 0, 50, SALT_A) == 0 &&
	     pages_check(r.addr, 100, n - 100, SALT_A) == 0;
	tap_result(ok, "(f) pages 50-99 read zero after DONTNEED, "
		   "the others intact");
	pages_fill(r.addr, 50, 50, SALT_A);
	pages_fill(r.addr, n, HPAGE_NR - n, SALT_A);
	huge = wait_anon_huge(r.addr, r.len, 2048, 10000);
	tap_result(huge && pages_check(r.addr, 0, HPAGE_NR, SALT_A) == 0,
		   "(f) repopulated: promoted (AnonHugePages %ld kB), "
		   "pattern intact",
		   smaps_range_kb(r.addr, r.len, "AnonHugePages"));
	region_unmap(&r);
}

static void test_preempt(void)
{
	const size_t n = 100;
	long preempt0, pages0, preempt, pages;
	uint64_t base = 0;
	struct region r;

	/* so that the pages faulted after the split read zero only if zeroed */
	memory_dirty(16);
	tap_result(resv_map_partial(&r, n, SALT_A, &base) &&
		   frame_was_dirty(base),
		   "(g) preemption: 100 pages populated in one reservation, "
		   "in a recycled dirty frame");
	preempt0 = vmstat_get("thp_resv_preempt");
	pages0 = vmstat_get("thp_resv_pages_preempted");
	/* The first pass uses up the second chance, the second splits. */
	drop_caches(2);
	drop_caches(2);
	preempt = vmstat_get("thp_resv_preempt") - preempt0;
	pages = vmstat_get("thp_resv_pages_preempted") - pages0;
	tap_result(preempt >= 1 && pages >= (long)(HPAGE_NR - n),
		   "(g) drop_caches twice: thp_resv_preempt %+ld, "
		   "thp_resv_pages_preempted %+ld", preempt, pages);
	tap_result(pages_check(r.addr, 0, n, SALT_A) == 0 &&
		   pages_check_zero(r.addr, n, HPAGE_NR - n) == 0,
		   "(g) pattern intact, unpopulated pages read zero");
	region_unmap(&r);
}

static void test_migrate(void)
{
	const size_t n = 100;
	long split0, split, preempt0, preempt;
	size_t i, off_node = 0, wrong = 0;
	int from, to, st;
	uint64_t pfn, base = 0;
	struct region r;
	bool setup;

	if (numa_nodes() < 2) {
		for (i = 0; i < 4; i++)
			tap_skip("(h) migration: one NUMA node");
		return;
	}
	setup = resv_map_partial(&r, n, SALT_A, NULL);
	tap_result(setup,
		   "(h) migration: 100 pages populated in one reservation");
	from = page_node(r.addr + 10 * PAGE_SZ);
	to = from == 0 ? 1 : 0;
	split0 = vmstat_get("thp_split_page");
	preempt0 = vmstat_get("thp_resv_preempt");
	st = page_move(r.addr + 10 * PAGE_SZ, to);
	tap_result(st == to && page_node(r.addr + 10 * PAGE_SZ) == to,
		   "(h) move_pages: page 10 from node %d to node %d (status %d)",
		   from, to, st);
	tap_result(pages_check(r.addr, 0, n, SALT_A) == 0,
		   "(h) pattern intact after migration");

	split = vmstat_get("thp_split_page") - split0;
	preempt = vmstat_get("thp_resv_preempt") - preempt0;
	for (i = 0; i < n; i++) {
		if (page_node(r.addr + i * PAGE_SZ) != to)
			off_node++;
		if (pagemap_pfn(r.addr + i * PAGE_SZ, &pfn) != 1)
			continue;
		if (i == 0)
			base = pfn;
		if (pfn != base + i)
			wrong++;
	}
	tap_diag("after migration: %zu of %zu pages off node %d, %zu out of "
		 "frame order, thp_split_page %+ld, thp_resv_preempt %+ld",
		 off_node, n, to, wrong, split, preempt);
	pages_fill(r.addr, n, HPAGE_NR - n, SALT_A);
	/*
	 * Migration splits a partially mapped folio first (migrate.c), which
	 * ends the reservation; move_pages() then moves every page of it.
	 */
	tap_result(split >= 1 && preempt >= 1 && off_node == 0 &&
		   pages_check(r.addr, 0, HPAGE_NR, SALT_A) == 0,
		   "(h) split by migration, all %zu populated pages on node %d, "
		   "rest populated: pattern intact", n, to);
	region_unmap(&r);
}

int main(void)
{
	tap_plan(26);
	if (resv_setup("always", 300) || knob_set(KNOB_THRESHOLD, "512"))
		return tap_finish();
	test_promotion();
	test_fork();
	test_mprotect();
	test_munmap();
	test_mremap();
	test_dontneed();
	test_preempt();
	test_migrate();
	knobs_restore();
	return tap_finish();
}
