/* test_plan.c - checks spfrag's pure decisions: when filling stops, the
 * automatic stride, which pages are kept, the seeded shuffle. */
#include <stdlib.h>
#include <string.h>

#include "frag.h"
#include "tap.h"

static const uint64_t sizes[4] = { 64, 512, 2048, 4096 };

static void test_verdict(void)
{
	struct frag_target t = { .ceiling = 0.05, .floor_kb = 1000,
				 .reserve_kb = 100, .max_kb = 0 };
	struct contiguity c = { .contiguity = 0.5, .free_kb = 5000 };

	TAP_CHECK(frag_fill_verdict(&t, &c, 0, true) == FILL_MORE,
		  "plenty free and contiguous: fill more");
	c.contiguity = 0.01;
	TAP_CHECK(frag_fill_verdict(&t, &c, 0, true) == FILL_MORE,
		  "under the ceiling but above the floor: fill more");
	c.free_kb = 900;
	TAP_CHECK(frag_fill_verdict(&t, &c, 0, true) == FILL_TARGET,
		  "under the ceiling, at the floor: target");
	TAP_CHECK(frag_fill_verdict(&t, &c, 0, false) == FILL_MORE,
		  "no early stop: fill on to the reserve");
	c.free_kb = 100;
	TAP_CHECK(frag_fill_verdict(&t, &c, 0, false) == FILL_RESERVE,
		  "at the reserve: stop");
	t.max_kb = 64;
	TAP_CHECK(frag_fill_verdict(&t, &c, 64, false) == FILL_MAX,
		  "--max-mb reached: stop");
	frag_stop = 1;
	TAP_CHECK(frag_fill_verdict(&t, &c, 0, false) == FILL_STOPPED,
		  "a signal stops filling first");
	frag_stop = 0;
}

static void test_stride(void)
{
	TAP_CHECK(frag_auto_stride_kb(sizes, 4, 0.75, 0.01) == 64,
		  "tight ceiling: break every size (64 kB)");
	TAP_CHECK(frag_auto_stride_kb(sizes, 4, 0.75, 0.2) == 512,
		  "ceiling 0.2 with 75%% free: 64 kB regions may stay (512)");
	TAP_CHECK(frag_auto_stride_kb(sizes, 4, 0.75, 0.6) == 4096,
		  "loose ceiling: only 4 MB regions broken");
}

static void test_keep(void)
{
	/* 8 pages: PFNs 16..19 (one 16-page block) and 40, 41, 32, 0 */
	uint64_t pfns[8] = { 16, 17, 18, 19, 40, 41, 32, 0 };
	bool keep[8];
	long n = frag_choose_keep(pfns, 8, 16, keep);

	TAP_CHECK(n == 2, "one page per 16-page physical block: 2 (%ld)", n);
	TAP_CHECK(keep[0] && !keep[1] && !keep[2] && !keep[3],
		  "block 1: first page kept");
	TAP_CHECK(keep[4] && !keep[5] && !keep[6],
		  "block 2 (PFNs 32..47): only its first seen page kept");
	TAP_CHECK(!keep[7], "a page without a PFN is not kept");

	memset(pfns, 0, sizeof(pfns));
	n = frag_choose_keep(pfns, 8, 4, keep);
	TAP_CHECK(n == 2 && keep[0] && keep[4] && !keep[1],
		  "no PFNs (not root): every 4th page in virtual order");
}

static void test_shuffle(void)
{
	unsigned a[100], b[100], seen[100] = { 0 };
	int same = 1, perm = 1, moved = 0;

	for (unsigned i = 0; i < 100; i++)
		a[i] = b[i] = i;
	frag_shuffle(a, 100, 7);
	frag_shuffle(b, 100, 7);
	for (unsigned i = 0; i < 100; i++) {
		same &= a[i] == b[i];
		moved += a[i] != i;
		if (a[i] < 100)
			seen[a[i]]++;
	}
	for (unsigned i = 0; i < 100; i++)
		perm &= seen[i] == 1;
	TAP_CHECK(same && perm && moved > 50,
		  "seeded shuffle: reproducible permutation (%d moved)", moved);
	for (unsigned i = 0; i < 100; i++)
		b[i] = i;
	frag_shuffle(b, 100, 8);
	TAP_CHECK(memcmp(a, b, sizeof(a)) != 0, "another seed, another order");
}

int main(void)
{
	test_verdict();
	test_stride();
	test_keep();
	test_shuffle();
	return tap_done();
}
