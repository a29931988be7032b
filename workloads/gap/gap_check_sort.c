/* gap_check_sort.c - what sp-gap-check expects of a round's sorted lists,
 * by C's qsort: the digests of the task's data sorted and of its pairs
 * sorted as lists (lexicographically, as GAP compares lists), and the
 * number of distinct pairs. */
#include <stdlib.h>

#include "check.h"
#include "gap_check.h"

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return (a > b) - (a < b);
}

void gap_check_sort(const struct gap_round *g)
{
	long n = g->sort.n, distinct = 0;
	uint64_t *l = malloc(2 * (size_t)n * sizeof(*l)), *pairs = l + n;
	uint64_t m = (uint64_t)g->sort.modulus, h = 0;
	uint32_t x = g->sort.x;

	if (!l)
		check_fail("out of memory");
	for (long i = 0; i < n; i++) {
		x = gap_lcg(x);
		l[i] = x;
	}
	/* pair i is (x_i mod m, x_(i+1) mod m), the last wrapping to x_1;
	 * first * 2^32 + second orders as the lists do */
	for (long i = 0; i < n; i++)
		pairs[i] = (l[i] % m) << 32 | l[(i + 1) % n] % m;
	qsort(l, (size_t)n, sizeof(*l), cmp_u64);
	for (long i = 0; i < n; i++)
		h = gap_digest_add(h, l[i]);
	gap_expect_u64("sort-ints", h);
	qsort(pairs, (size_t)n, sizeof(*pairs), cmp_u64);
	h = 0;
	for (long i = 0; i < n; i++) {
		h = gap_digest_add(h, pairs[i] >> 32);
		h = gap_digest_add(h, pairs[i] & 0xffffffffULL);
		distinct += !i || pairs[i] != pairs[i - 1];
	}
	gap_expect_u64("sort-pairs", h);
	gap_expect_u64("sort-distinct", (uint64_t)distinct);
	free(l);
}
