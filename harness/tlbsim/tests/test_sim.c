/* test_sim.c - the policies and the TLBs together, on address streams whose
 * misses, promotions and demotions are worked out by hand below; a heap
 * grown by adjacent mappings is one object; and a subset of the policies
 * counts exactly what the same policies count beside all the others. */
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

static void merged(void)
{
	struct ts_sim *a = start(alpha_like), *b = start(alpha_like);
	uint64_t heap = 128 * M, map = 512 * M;
	bool same = true;

	/* The same 12 MB heap: one brk heap in a; in b, as glibc grows it past
	 * Valgrind's brk cap, a 1M mapping, then adjacent 132K ones, each
	 * written as it comes.  Nothing crosses the first 1M, so that the
	 * first mapping not being known as a heap changes nothing. */
	for (uint64_t at = 0, end = M; at < 12 * M; at = end, end += 132 * K) {
		ts_sim_brk(a, heap + at, heap + end);
		if (!at)
			ts_sim_map(b, map, map + end, 0);
		else
			same &= ts_sim_grow(b, map + at, map + end);
		touch(a, heap + at, heap + end);
		touch(b, map + at, map + end);
	}
	/* 512K chunks to 4M (2 in the first 1M, then as the heap passes
	 * them), 4M chunks at 4M and 8M, 64K chunks inside all of them; the
	 * 4M reserved at 12M gets 88K of heap: one 64K page. */
	TAP_CHECK(ts_sim_promotions(a, 0, ALL, 3) == 2 &&
		  ts_sim_promotions(a, 0, ALL, 2) == 24 &&
		  ts_sim_promotions(a, 0, ALL, 1) == 193,
		  "one 12 MB brk heap: 2 x 4M, 24 x 512K, 193 x 64K (%llu %llu %llu)",
		  (unsigned long long)ts_sim_promotions(a, 0, ALL, 3),
		  (unsigned long long)ts_sim_promotions(a, 0, ALL, 2),
		  (unsigned long long)ts_sim_promotions(a, 0, ALL, 1));
	for (unsigned p = S64K; p <= THP; p++)
		for (unsigned l = 1; l <= 3; l++)
			same &= ts_sim_promotions(a, 0, p, l) ==
				ts_sim_promotions(b, 0, p, l);
	TAP_CHECK(same, "mappings that continue the heap promote as the brk "
		  "heap does, under every policy");
	TAP_CHECK(ts_sim_walks(a, 0, S4M, false) ==
		  ts_sim_walks(b, 0, S4M, false), "and miss the same");
	TAP_CHECK(!ts_sim_grow(b, map + 13 * M, map + 14 * M) &&
		  ts_sim_mapped(b, 0, S64K, map + 13 * M) == -1,
		  "a mapping past a gap is an object of its own");
	ts_sim_free(a);
	ts_sim_free(b);

	a = start(alpha_like);
	host_extent.start = 256 * M;
	host_extent.end = 260 * M;
	host_extent.dir = -1;
	ts_sim_access(a, 260 * M - 8, false, 1);
	host_extent.end = 0;
	TAP_CHECK(!ts_sim_grow(a, 260 * M, 264 * M),
		  "nothing grows a stack upwards");
	ts_sim_free(a);
}

/* Counts of one policy: walks, every TLB's, promotions, demotions. */
static bool same_policy(struct ts_sim *a, unsigned pa, struct ts_sim *b,
			unsigned pb)
{
	for (int st = 0; st < 2; st++)
		if (ts_sim_walks(a, 0, pa, st) != ts_sim_walks(b, 0, pb, st))
			return false;
	for (unsigned t = 0; t < 2; t++) {
		const struct ts_tlb *x = ts_sim_tlb(a, 0, pa, t);
		const struct ts_tlb *y = ts_sim_tlb(b, 0, pb, t);

		if (x->accesses != y->accesses || x->misses != y->misses)
			return false;
	}
	for (unsigned l = 1; l < 4; l++)
		if (ts_sim_promotions(a, 0, pa, l) !=
		    ts_sim_promotions(b, 0, pb, l) ||
		    ts_sim_demotions(a, 0, pa, l) !=
		    ts_sim_demotions(b, 0, pb, l))
			return false;
	return true;
}

static void subset(void)
{
	static struct ts_model full, part;
	struct ts_buf err = { 0 };
	struct ts_sim *a, *b;
	uint32_t x = 1;
	bool ok;

	ok = ts_model_parse(&full, alpha_like, &err) &&
	     ts_model_parse(&part, alpha_like, &err) &&
	     ts_models_select(&part, 1, "4M,64K,thp-always", &err);
	TAP_CHECK(ok && part.npolicies == 3, "a subset of three policies %s",
		  err.s ? err.s : "");
	if (!ok)
		return;
	a = ts_sim_new(&full, 1);
	b = ts_sim_new(&part, 1);
	/* A mixed stream: a mapping, a growing heap, fetches, repeats, a
	 * partial unmap; the same to both. */
	for (int round = 0; round < 4; round++) {
		struct ts_sim *s[2] = { a, b };

		for (int k = 0; k < 2; k++) {
			ts_sim_map(s[k], 64 * M, 80 * M, 0);
			ts_sim_brk(s[k], 128 * M + round * 3 * M,
				   128 * M + (round + 1) * 3 * M);
		}
		for (int i = 0; i < 200000; i++) {
			uint64_t addr;
			bool instr;

			x = x * 1103515245u + 12345u;
			instr = (x >> 8) % 7 == 0;
			addr = instr ? 32 * M + (x >> 10) % (256 * K) :
			       (x & 1) ? 64 * M + (x >> 4) % (16 * M) :
			       128 * M + (x >> 4) % ((round + 1) * 3 * M);
			for (int k = 0; k < 2; k++)
				ts_sim_access(s[k], addr, instr, 1 + (x >> 29));
		}
		for (int k = 0; k < 2; k++)
			ts_sim_unmap(s[k], 70 * M, 70 * M + 200 * K);
	}
	/* kept in the model file's order: 64K, 4M, thp-always */
	TAP_CHECK(same_policy(a, S64K, b, 0) && same_policy(a, S4M, b, 1) &&
		  same_policy(a, THP, b, 2),
		  "the subset counts exactly what they count beside the others");
	TAP_CHECK(ts_sim_promotions(a, 0, S4M, 3) > 0 &&
		  ts_sim_demotions(a, 0, S4M, 3) > 0,
		  "(the stream promotes and demotes 4M pages)");
	ts_sim_free(a);
	ts_sim_free(b);
}

int main(void)
{
	promotion();
	strided();
	growing();
	hierarchy();
	merged();
	subset();
	return tap_done();
}
