// SPDX-License-Identifier: GPL-2.0
/*
 * resv_heap - a heap grown with sbrk 132 KB at a time to 64 MB, each new
 * page written as it comes, ends mapped by PMDs in every aligned 2 MB range
 * it covers (reservations past the heap's end, grown into); another mapping
 * placed in the reserved rest of the last range ends that reservation.
 */
#include "resv_common.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define STEP		(132UL << 10)
#define HEAP_LEN	(64UL << 20)
#define SALT		0x4ea9

static char *heap;
static size_t heap_len;

static bool grow(size_t len)
{
	char *at = sbrk((intptr_t)len);

	if (at == (void *)-1 || at != heap + heap_len) {
		tap_diag("sbrk(%zu) failed or moved", len);
		return false;
	}
	pages_fill(heap, heap_len / PAGE_SZ, len / PAGE_SZ, SALT);
	heap_len += len;
	return true;
}

static size_t whole_ranges_kb(void)
{
	uintptr_t lo = ((uintptr_t)heap + HPAGE_SZ - 1) & ~(HPAGE_SZ - 1);
	uintptr_t hi = ((uintptr_t)heap + heap_len) & ~(HPAGE_SZ - 1);

	return hi > lo ? (hi - lo) >> 10 : 0;
}

static bool grows_into_reservations(void)
{
	long promote0, promote1, huge;
	size_t bad, want;

	vmstat_refresh();
	promote0 = vmstat_get("thp_resv_promote");
	while (heap_len < HEAP_LEN)
		if (!grow(STEP))
			return false;
	vmstat_refresh();
	promote1 = vmstat_get("thp_resv_promote");
	huge = smaps_range_kb(heap, heap_len, "AnonHugePages");
	want = whole_ranges_kb();
	bad = pages_check(heap, 0, heap_len / PAGE_SZ, SALT);
	tap_diag("heap at %p, %zu kB: AnonHugePages %ld kB of %zu kB in whole "
		 "2 MB ranges, thp_resv_promote %+ld, %zu bad pages", heap,
		 heap_len >> 10, huge, want, promote1 - promote0, bad);
	/* a range before the first sbrk may hold malloc's start too */
	return huge >= 0 && (size_t)huge >= want && (size_t)huge <= want + 2048 &&
	       promote1 - promote0 >= (long)(want >> 11) && bad == 0;
}

static bool mapping_in_the_gap_ends_it(void)
{
	uintptr_t end, range;
	long unused0, unused1;
	size_t left;
	void *p;

	if (!grow(STEP) || (((uintptr_t)heap + heap_len) % HPAGE_SZ == 0 &&
			    !grow(PAGE_SZ)))
		return false;
	end = (uintptr_t)heap + heap_len;
	range = end & ~(HPAGE_SZ - 1);
	left = (range + HPAGE_SZ - end) / PAGE_SZ;
	vmstat_refresh();
	unused0 = vmstat_get("nr_thp_resv_unused");
	/* read-only, so that it cannot merge into the heap and extend it */
	p = mmap((void *)end, PAGE_SZ, PROT_READ,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p != (void *)end) {
		tap_diag("cannot map the page after the heap");
		return false;
	}
	vmstat_refresh();
	unused1 = vmstat_get("nr_thp_resv_unused");
	munmap(p, PAGE_SZ);
	tap_diag("heap end %#lx: %zu pages reserved past it; a mapping there "
		 "moved nr_thp_resv_unused by %+ld", (unsigned long)end, left,
		 unused1 - unused0);
	return unused0 - unused1 == (long)left &&
	       pages_check(heap, 0, heap_len / PAGE_SZ, SALT) == 0;
}

int main(void)
{
	tap_plan(2);
	if (resv_setup("always", 300))
		return tap_finish();
	heap = sbrk(0);
	tap_result(grows_into_reservations(),
		   "a heap grown by sbrk 132 KB at a time is mapped by PMDs "
		   "in every whole 2 MB range");
	tap_result(mapping_in_the_gap_ends_it(),
		   "a mapping in the reserved rest of the heap's last range "
		   "ends that reservation");
	knobs_restore();
	return tap_finish();
}
