/* test_tlb.c - the TLB alone: misses of known access sequences under each
 * replacement, set indexing, page sizes kept apart, invalidation. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tap.h"
#include "tlb.h"

static const unsigned shifts[] = { 13, 16 };

/* Walks pages 0..n-1 of 8 KB, `rounds` times; returns the misses. */
static uint64_t walk(unsigned entries, unsigned ways, enum ts_repl repl,
		     unsigned n, unsigned rounds)
{
	struct ts_tlb t;
	uint64_t misses;

	ts_tlb_init(&t, entries, ways, repl);
	for (unsigned r = 0; r < rounds; r++)
		for (unsigned p = 0; p < n; p++)
			ts_tlb_access(&t, (uint64_t)p << 13 | 0x18, 13, 0);
	misses = t.misses;
	ts_tlb_destroy(&t);
	return misses;
}

static unsigned run(unsigned entries, unsigned ways, enum ts_repl repl,
		    const unsigned *pages, unsigned n)
{
	struct ts_tlb t;
	unsigned misses;

	ts_tlb_init(&t, entries, ways, repl);
	for (unsigned i = 0; i < n; i++)
		ts_tlb_access(&t, (uint64_t)pages[i] << 13, 13, 0);
	misses = (unsigned)t.misses;
	ts_tlb_destroy(&t);
	return misses;
}

/*
 * The same pseudo-random stream over two page sizes through a TLB found by
 * search and one found through cells, with invalidations between: the
 * cells must give every hit and miss the search gives.
 */
static bool cells_agree(unsigned entries, unsigned ways, enum ts_repl repl)
{
	static uint16_t cell[2][512];
	struct ts_tlb a, b;
	uint64_t x = 12345;
	bool same = true;

	ts_tlb_init(&a, entries, ways, repl);
	ts_tlb_init_cells(&b, entries, ways, repl);
	memset(cell, 0xff, sizeof(cell));
	for (unsigned i = 0; i < 200000 && same; i++) {
		unsigned size, page;
		uint64_t addr;

		x = x * 6364136223846793005ull + 1442695040888963407ull;
		size = (unsigned)(x >> 60) & 1;
		page = (unsigned)(x >> 33) % (size ? 64 : 512);
		addr = (uint64_t)page << shifts[size];
		if (i % 5000 == 4999) {
			ts_tlb_invalidate(&a, addr, addr + 0x40000, shifts);
			ts_tlb_invalidate(&b, addr, addr + 0x40000, shifts);
		}
		same = ts_tlb_access(&a, addr, shifts[size], size) ==
		       ts_tlb_access_cell(&b, ts_tlb_tag(addr, shifts[size],
							 size),
					  &cell[size][page]);
	}
	same = same && a.misses == b.misses && a.accesses == b.accesses;
	ts_tlb_destroy(&a);
	ts_tlb_destroy(&b);
	return same;
}

/*
 * One set of 4 LRU ways, 64 KB pages limited to the first 2.  8K pages a b,
 * 64K page C, 8K d, 64K E, then b and a again: C evicts a (way 0, the LRU
 * of ways 0-1), d takes empty way 2, E evicts b (way 1, older than C), b
 * takes way 3, a misses: 7 misses.  Unlimited, E evicts a instead and b
 * hits: 6.  Then three more 64K pages leave ways 2 and 3 (d, b) alone.
 */
static void way_limit(void)
{
	static const uint64_t at[] = { 0x0, 0x2000, 0x100000, 0x4000,
				       0x200000, 0x2000, 0x0 };
	static const unsigned size[] = { 0, 0, 1, 0, 1, 0, 0 };
	struct ts_tlb t, u;

	ts_tlb_init(&t, 4, 4, TS_LRU);
	ts_tlb_init(&u, 4, 4, TS_LRU);
	ts_tlb_limit_ways(&t, 1, 2);
	for (unsigned i = 0; i < 7; i++) {
		ts_tlb_access(&t, at[i], shifts[size[i]], size[i]);
		ts_tlb_access(&u, at[i], shifts[size[i]], size[i]);
	}
	TAP_CHECK(t.misses == 7 && u.misses == 6,
		  "64K limited to 2 of 4 ways: 7 misses (unlimited: 6), got %u, %u",
		  (unsigned)t.misses, (unsigned)u.misses);
	for (unsigned i = 3; i < 6; i++)
		ts_tlb_access(&t, (uint64_t)i << 20, 16, 1);
	TAP_CHECK(ts_tlb_holds(&t, 0x4000, 13, 0) &&
		  ts_tlb_holds(&t, 0x2000, 13, 0) &&
		  !ts_tlb_holds(&t, 0x200000, 16, 1) &&
		  ts_tlb_holds(&t, 0x500000, 16, 1),
		  "64K pages fill ways 0-1 only: the 8K pages in ways 2-3 stay");
	ts_tlb_destroy(&t);
	ts_tlb_destroy(&u);
}

int main(void)
{
	/* E-entry fully associative LRU: N <= E misses N times, N > E every
	 * access (each page was evicted E distinct pages ago). */
	static const unsigned es[] = { 16, 128 };

	for (unsigned i = 0; i < 2; i++) {
		unsigned e = es[i];

		TAP_CHECK(walk(e, e, TS_LRU, e - 1, 5) == e - 1,
			  "%u-entry LRU, %u pages x5: %u misses", e, e - 1, e - 1);
		TAP_CHECK(walk(e, e, TS_LRU, e, 5) == e,
			  "%u-entry LRU, %u pages x5: %u misses", e, e, e);
		TAP_CHECK(walk(e, e, TS_LRU, e + 1, 5) == 5 * (e + 1),
			  "%u-entry LRU, %u pages x5: every access misses",
			  e, e + 1);
		TAP_CHECK(walk(e, e, TS_LRU, 3 * e, 4) == 12 * e,
			  "%u-entry LRU, %u pages x4: every access misses",
			  e, 3 * e);
	}
	TAP_CHECK(walk(128, 128, TS_ROUND_ROBIN, 129, 3) == 3 * 129,
		  "round-robin thrashes on one page more than it holds");
	TAP_CHECK(walk(128, 128, TS_NLU, 100, 7) == 100,
		  "NLU holds what fits");

	/* 0 1 2 3 0 4 0 in four ways: LRU evicts 1, round-robin evicts 0
	 * (so the last 0 misses), NLU skips 0 (just used) and evicts 1. */
	static const unsigned seq[] = { 0, 1, 2, 3, 0, 4, 0 };

	TAP_CHECK(run(4, 4, TS_LRU, seq, 7) == 5, "LRU: 5 misses");
	TAP_CHECK(run(4, 4, TS_ROUND_ROBIN, seq, 7) == 6,
		  "round-robin: 6 misses");
	TAP_CHECK(run(4, 4, TS_NLU, seq, 7) == 5, "NLU: 5 misses");

	/* Two sets of two ways: 0 2 4 share set 0 and thrash; 1 3 fit set 1. */
	static const unsigned sets[] = { 0, 2, 4, 1, 3, 0, 2, 4, 1, 3,
					 0, 2, 4, 1, 3 };

	TAP_CHECK(run(4, 2, TS_LRU, sets, 15) == 11,
		  "2x2 set-associative: 9 conflict misses + 2 cold");

	struct ts_tlb t;

	ts_tlb_init(&t, 128, 128, TS_LRU);
	ts_tlb_access(&t, 0x10000, 13, 0);
	TAP_CHECK(!ts_tlb_access(&t, 0x10000, 16, 1),
		  "a 64 KB page does not hit an 8 KB entry at the same address");
	TAP_CHECK(ts_tlb_access(&t, 0x1e000, 16, 1),
		  "the 64 KB entry covers its whole page");
	ts_tlb_invalidate(&t, 0x12000, 0x14000, shifts);
	TAP_CHECK(!ts_tlb_holds(&t, 0x10000, 16, 1) &&
		  ts_tlb_holds(&t, 0x10000, 13, 0),
		  "invalidating one 8 KB page drops the 64 KB entry over it only");
	TAP_CHECK(!ts_tlb_access(&t, 0x10000, 16, 1) && t.misses == 3,
		  "the dropped entry misses again");
	ts_tlb_destroy(&t);

	way_limit();
	TAP_CHECK(cells_agree(128, 128, TS_NLU),
		  "cells: 128 fully associative NLU agree with search");
	TAP_CHECK(cells_agree(128, 128, TS_ROUND_ROBIN),
		  "cells: 128 fully associative round-robin agree with search");
	TAP_CHECK(cells_agree(96, 6, TS_LRU),
		  "cells: 96 x 6-way LRU agree with search");
	TAP_CHECK(cells_agree(24, 3, TS_LRU),
		  "cells: 8 sets of 3 ways LRU agree with search");
	TAP_CHECK(cells_agree(60, 5, TS_NLU),
		  "cells: 12 sets of 5 ways NLU agree with search");
	return tap_done();
}
