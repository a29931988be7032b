/* test_chain.c - the chain is one cycle through every page, each page's slot
 * at the line chain_line() names, and the lines of 64 consecutive pages (or
 * of 4096, seen as a 2048-set cache indexed by address) are spread evenly. */
#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "tap.h"

static void test_one_cycle(size_t pages)
{
	char *base = aligned_alloc(CHAIN_PAGE, pages * CHAIN_PAGE);
	size_t *order = malloc(pages * sizeof(size_t));
	char *seen = calloc(pages, 1);
	uint64_t seed = 12345;
	void **start = chain_build(base, pages, &seed, order), **p = start;
	size_t steps = 0, distinct = 0, misplaced = 0;

	do {
		size_t off = (size_t)((char *)p - base);
		size_t page = off / CHAIN_PAGE;

		if (off % CHAIN_PAGE != chain_line(page) * CHAIN_LINE)
			misplaced++;
		if (!seen[page]++)
			distinct++;
		p = (void **)*p;
	} while (p != start && ++steps <= pages);
	TAP_CHECK(distinct == pages && steps + 1 == pages && misplaced == 0,
		  "%zu pages: one cycle through all of them (%zu distinct, %zu steps)",
		  pages, distinct, steps + 1);
	TAP_CHECK(chain_chase(start, (long)pages * 8) == start,
		  "%zu pages: 8 rounds of the chase come back to the start", pages);
	free(base);
	free(order);
	free(seen);
}

static void test_spread(void)
{
	int l1[64] = { 0 }, l2[2048] = { 0 }, l1_ok = 1, l2_ok = 1;

	for (size_t i = 0; i < 64; i++)
		l1[chain_line(i)]++;
	for (int s = 0; s < 64; s++)
		l1_ok &= l1[s] == 1;
	TAP_CHECK(l1_ok, "64 pages use 64 different lines");
	for (size_t i = 0; i < 4096; i++)
		l2[((i * CHAIN_PAGE + chain_line(i) * CHAIN_LINE) / CHAIN_LINE) % 2048]++;
	for (int s = 0; s < 2048; s++)
		l2_ok &= l2[s] == 2;
	TAP_CHECK(l2_ok, "4096 contiguous pages fill a 2048-set cache evenly");
}

int main(void)
{
	test_one_cycle(1);
	test_one_cycle(8);
	test_one_cycle(1000);
	test_spread();
	return tap_done();
}
