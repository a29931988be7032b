/* test_sim.c - the policies and the TLBs together, on address streams whose
 * misses, promotions and demotions are worked out by hand below. */
#include <string.h>

#include "host_env.h"
#include "sim.h"
#include "tap.h"

#define K 1024ull
#define M (1024ull * K)

enum { BASE, S64K, S512K, S4M, ALL, THP };

static const char alpha_like[] =
	"name a\n"
	"pages 8K 64K 512K 4M\n"
	"tlb dtb data 128 128 lru 8K 64K 512K 4M\n"
	"tlb itb instr 128 128 lru 8K 64K 512K 4M\n"
	"policies base 64K 512K 4M all thp-always\n";

static const char two_level[] =
	"name b\n"
	"pages 4K 2M\n"
	"tlb l1 data 2 2 lru 4K -> l2\n"
	"tlb l1h data 2 2 lru 2M -> l2\n"
	"tlb i instr 2 2 lru 4K 2M -> l2\n"
	"tlb l2 any 4 4 lru 4K 2M\n"
	"policies base\n";

static struct ts_sim *start(const char *text)
{
	static struct ts_model m;
	struct ts_buf err = { 0 };

	if (!ts_model_parse(&m, text, &err)) {
		printf("not ok - model: %s\n", err.s);
		return NULL;
	}
	return ts_sim_new(&m, 1);
}

static void touch(struct ts_sim *s, uint64_t from, uint64_t to)
{
	for (uint64_t a = from; a < to; a += 8 * K)
		ts_sim_access(s, a, false, 1);
}

static void promotion(void)
{
	struct ts_sim *s = start(alpha_like);
	uint64_t obj = 4 * M;
	bool early = false;

	ts_sim_map(s, obj, obj + 8 * M, 0);
	for (unsigned p = 0; p < 7; p++) {
		ts_sim_access(s, obj + p * 8 * K, false, 1);
		early |= ts_sim_mapped(s, 0, S64K, obj) != 0 ||
			 ts_sim_mapped(s, 0, ALL, obj) != 0;
	}
	TAP_CHECK(!early, "64K: pages 1-7 of a chunk stay base pages");
	ts_sim_access(s, obj + 7 * 8 * K, false, 1);
	TAP_CHECK(ts_sim_mapped(s, 0, S64K, obj) == 1 &&
		  ts_sim_mapped(s, 0, ALL, obj + 7 * 8 * K) == 1 &&
		  ts_sim_promotions(s, 0, S64K, 1) == 1,
		  "64K and all: promoted at the chunk's 8th page");
	TAP_CHECK(ts_sim_mapped(s, 0, THP, obj + 8 * K) == 3 &&
		  ts_sim_promotions(s, 0, THP, 3) == 1,
		  "thp-always: the 4M page is there from the first touch");
	touch(s, obj + 64 * K, obj + 4 * M - 8 * K);
	TAP_CHECK(ts_sim_mapped(s, 0, S4M, obj) == 0 &&
		  ts_sim_mapped(s, 0, ALL, obj) == 2,
		  "4M: not before the last page; all: 512K so far");
	ts_sim_access(s, obj + 4 * M - 8 * K, false, 1);
	TAP_CHECK(ts_sim_mapped(s, 0, S4M, obj) == 3 &&
		  ts_sim_mapped(s, 0, ALL, obj) == 3,
		  "4M and all: promoted at the 512th page");
	TAP_CHECK(ts_sim_promotions(s, 0, ALL, 1) == 64 &&
		  ts_sim_promotions(s, 0, ALL, 2) == 8 &&
		  ts_sim_promotions(s, 0, ALL, 3) == 1 &&
		  ts_sim_promotions(s, 0, S512K, 2) == 8 &&
		  ts_sim_promotions(s, 0, S512K, 1) == 0,
		  "all promotes 64 x 64K, 8 x 512K, 1 x 4M; 512K only 8");

	/* Unmap one 8K page at 5M: 4M, the 512K at 5M and the 64K at 5M go. */
	ts_sim_unmap(s, 5 * M, 5 * M + 8 * K);
	TAP_CHECK(ts_sim_mapped(s, 0, S4M, obj) == 0 &&
		  ts_sim_demotions(s, 0, S4M, 3) == 1,
		  "partial munmap demotes the 4M page");
	TAP_CHECK(ts_sim_mapped(s, 0, ALL, obj) == 2 &&
		  ts_sim_mapped(s, 0, ALL, 5 * M + 64 * K) == 1 &&
		  ts_sim_mapped(s, 0, ALL, 5 * M + 8 * K) == 0 &&
		  ts_sim_mapped(s, 0, ALL, 5 * M) == -1,
		  "all: the rest keeps the largest pages still whole");
	TAP_CHECK(ts_sim_demotions(s, 0, ALL, 3) == 1 &&
		  ts_sim_demotions(s, 0, ALL, 2) == 0 &&
		  ts_sim_demotions(s, 0, ALL, 1) == 0 &&
		  ts_sim_demotions(s, 0, THP, 3) == 1,
		  "one demotion: the 4M page broken");
	ts_sim_access(s, 5 * M, false, 1);
	TAP_CHECK(ts_sim_mapped(s, 0, ALL, 5 * M) == 0 &&
		  ts_sim_mapped(s, 0, ALL, 5 * M + 8 * K) == 0,
		  "touched again, the page left its reservation: base pages");
	ts_sim_free(s);
}

static void strided(void)
{
	struct ts_sim *s = start(alpha_like);
	uint64_t obj = 64 * M;

	/* 200 pages of 8K, three times: base misses every access (200 > 128
	 * entries, LRU); 64K promotes a chunk at its 8th page, after 7 base
	 * misses and one 64K miss, and 25 chunks then fit: 200 in all. */
	ts_sim_map(s, obj, obj + 200 * 8 * K, 0);
	for (int r = 0; r < 3; r++)
		touch(s, obj, obj + 200 * 8 * K);
	TAP_CHECK(ts_sim_walks(s, 0, BASE, false) == 600,
		  "base: 3 x 200 misses (got %llu)",
		  (unsigned long long)ts_sim_walks(s, 0, BASE, false));
	TAP_CHECK(ts_sim_walks(s, 0, S64K, false) == 200,
		  "64K: 8 misses per chunk, first pass only (got %llu)",
		  (unsigned long long)ts_sim_walks(s, 0, S64K, false));
	TAP_CHECK(ts_sim_walks(s, 0, S512K, false) == 200 &&
		  ts_sim_walks(s, 0, S4M, false) == 600,
		  "an object of 1.56 MB: no 512K chunk fills, no 4M fits");
	TAP_CHECK(ts_sim_tlb(s, 0, BASE, 0)->accesses == 600,
		  "every access reaches the DTB");
	for (int i = 0; i < 10; i++)
		ts_sim_access(s, obj + 8, false, 1);
	TAP_CHECK(ts_sim_tlb(s, 0, BASE, 0)->accesses == 610 &&
		  ts_sim_walks(s, 0, BASE, false) == 601,
		  "repeated accesses to one page: one miss, ten accesses");
	ts_sim_free(s);
}

static void growing(void)
{
	struct ts_sim *s = start(alpha_like);
	uint64_t heap = 128 * M, map = 256 * M;

	/* A heap of 768K may reserve the 512K chunk past its end; an mmap of
	 * the same extent may not. */
	ts_sim_brk(s, heap, heap + 512 * K);
	ts_sim_brk(s, heap + 512 * K, heap + 768 * K);
	ts_sim_map(s, map, map + 768 * K, 0);
	touch(s, heap + 512 * K, heap + 768 * K);
	touch(s, map + 512 * K, map + 768 * K);
	ts_sim_brk(s, heap + 768 * K, heap + M);
	ts_sim_map(s, map + 768 * K, map + M, 0);
	touch(s, heap + 768 * K, heap + M);
	touch(s, map + 768 * K, map + M);
	TAP_CHECK(ts_sim_mapped(s, 0, S512K, heap + 512 * K) == 2,
		  "heap: the 512K reserved past the end promotes once it grew");
	TAP_CHECK(ts_sim_mapped(s, 0, S512K, map + 512 * K) == 0,
		  "two mmaps: no 512K page across them");
	TAP_CHECK(ts_sim_mapped(s, 0, THP, heap + 512 * K) == 0,
		  "thp-always: never past a mapping's end");
	ts_sim_free(s);

	s = start(alpha_like);
	host_extent.start = 512 * M - 256 * K;
	host_extent.end = 512 * M;
	host_extent.dir = -1;
	touch(s, 512 * M - 64 * K, 512 * M);
	TAP_CHECK(ts_sim_mapped(s, 0, S64K, 512 * M - 8 * K) == 1 &&
		  ts_sim_mapped(s, 0, S512K, 512 * M - 8 * K) == 0,
		  "stack of 256K: 64K pages, no 512K page");
	host_extent.end = 0;
	ts_sim_free(s);
}

static void hierarchy(void)
{
	struct ts_sim *s = start(two_level);

	/* Three 4K pages in turn, five times: the 2-entry L1 misses every
	 * time, the 4-entry L2 only the first three. */
	ts_sim_map(s, 4 * M, 8 * M, 0);
	for (int r = 0; r < 5; r++)
		for (int p = 0; p < 3; p++)
			ts_sim_access(s, 4 * M + p * 4 * K, false, 1);
	TAP_CHECK(ts_sim_tlb(s, 0, 0, 0)->misses == 15 &&
		  ts_sim_tlb(s, 0, 0, 3)->accesses == 15 &&
		  ts_sim_tlb(s, 0, 0, 3)->misses == 3 &&
		  ts_sim_walks(s, 0, 0, false) == 3,
		  "L1 misses 15, L2 misses 3, 3 walks");
	ts_sim_access(s, 4 * M, true, 4);
	TAP_CHECK(ts_sim_tlb(s, 0, 0, 2)->accesses == 4 &&
		  ts_sim_tlb(s, 0, 0, 2)->misses == 1 &&
		  ts_sim_walks(s, 0, 0, true) == 0,
		  "4 fetches: one ITLB miss, found in the shared L2");
	ts_sim_free(s);
}

int main(void)
{
	promotion();
	strided();
	growing();
	hierarchy();
	return tap_done();
}
