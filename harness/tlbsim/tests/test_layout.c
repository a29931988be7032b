/* test_layout.c - the aligned layout: large mappings go to aligned places
 * apart from each other, small ones stay, accesses move with their mapping,
 * and an unmapping reaches every piece where it was placed. */
#include <string.h>

#include "layout.h"
#include "tap.h"

#define K 1024ull
#define M (1024ull * K)

struct pieces {
	unsigned n;
	uint64_t start[8], end[8];
};

static void gone(void *ctx, uint64_t start, uint64_t end)
{
	struct pieces *p = ctx;

	if (p->n < 8) {
		p->start[p->n] = start;
		p->end[p->n] = end;
	}
	p->n++;
}

int main(void)
{
	struct ts_layout *l = ts_layout_new(128 * K, 4 * M);
	uint64_t a = 0x4001000, b = a + 6 * M, c = b + 6 * M, pa, pb;
	struct pieces p = { 0 };

	TAP_CHECK(ts_layout_place(l, 0x5000000, 0x5000000 + 64 * K) ==
		  0x5000000, "a 64 KB mapping stays where it is");
	pa = ts_layout_place(l, a, a + 6 * M);
	pb = ts_layout_place(l, b, b + 6 * M);
	TAP_CHECK(pa % (4 * M) == 0 && pb % (4 * M) == 0 && pa >= 1ull << 47,
		  "6 MB mappings placed 4 MB-aligned, above user space");
	TAP_CHECK(pb >= pa + 12 * M, "apart: 8 MB rounded up, a 4 MB gap");
	TAP_CHECK(ts_layout_at(l, a + 5 * M + 7) == pa + 5 * M + 7 &&
		  ts_layout_at(l, b) == pb && ts_layout_at(l, c) == c &&
		  ts_layout_at(l, a - 1) == a - 1,
		  "accesses move with their mapping, others stay");
	ts_layout_unmap(l, a + 1 * M, a + 2 * M, gone, &p);
	TAP_CHECK(p.n == 1 && p.start[0] == pa + 1 * M &&
		  p.end[0] == pa + 2 * M, "a hole is unmapped where placed");
	TAP_CHECK(ts_layout_at(l, a + 1 * M) == a + 1 * M &&
		  ts_layout_at(l, a + 2 * M) == pa + 2 * M &&
		  ts_layout_at(l, a) == pa, "the rest on both sides stays placed");
	memset(&p, 0, sizeof(p));
	ts_layout_unmap(l, a - 4 * K, c + 4 * K, gone, &p);
	TAP_CHECK(p.n == 6 && p.start[0] == a - 4 * K && p.end[0] == a &&
		  p.start[1] == pa && p.end[1] == pa + 1 * M &&
		  p.start[2] == a + 1 * M && p.end[2] == a + 2 * M &&
		  p.start[3] == pa + 2 * M && p.end[3] == pa + 6 * M &&
		  p.start[4] == pb && p.end[4] == pb + 6 * M &&
		  p.start[5] == c && p.end[5] == c + 4 * K,
		  "one unmapping over everything: each piece as placed (%u)",
		  p.n);
	TAP_CHECK(ts_layout_at(l, a) == a && ts_layout_at(l, b) == b &&
		  ts_layout_moved(l) == 2, "nothing is moved any more");
	return tap_done();
}
