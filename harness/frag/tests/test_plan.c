/* test_plan.c - checks spfrag's pure decisions: when filling stops, the
 * automatic stride, which pages are kept, the seeded shuffle and drop
 * passes. */
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

static void test_drop_pass(void)
{
	unsigned count[16] = { 0 }, lo = ~0u, hi = 0, runs = 0, same = 1;
	unsigned prev = 16, differ;

	for (unsigned f = 0; f < 64; f++)
		for (uint64_t p = 0; p < 1024; p++) {
			unsigned k = frag_drop_pass(42, f, p, 16);

			if (k >= 16)
				continue;
			count[k]++;
			runs += k == prev;
			prev = k;
			same &= k == frag_drop_pass(42, f, p, 16);
		}
	for (unsigned k = 0; k < 16; k++) {
		lo = count[k] < lo ? count[k] : lo;
		hi = count[k] > hi ? count[k] : hi;
	}
	TAP_CHECK(same && lo > 4096 * 9 / 10 && hi < 4096 * 11 / 10,
		  "drop passes: each of 16 drops 1/16 of 65536 pages, "
		  "reproducibly (%u..%u)", lo, hi);
	TAP_CHECK(runs < 65536 / 16 * 11 / 10,
		  "drop passes: neighbouring pages share a pass no more often "
		  "than chance (%u of 65536)", runs);
	differ = 0;
	for (uint64_t p = 0; p < 64; p++)
		differ += frag_drop_pass(42, 3, p, 16) !=
			  frag_drop_pass(43, 3, p, 16);
	TAP_CHECK(differ > 32, "drop passes: another seed, another pattern "
		  "(%u of 64 pages moved)", differ);
}

int main(void)
{
	test_verdict();
	test_stride();
	test_keep();
	test_shuffle();
	test_drop_pass();
	return tap_done();
}
