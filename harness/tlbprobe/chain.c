/* chain.c - builds and follows sptlbprobe's pointer chain.  The line of
 * page i is (i + i / 64) mod 64: with pages laid out contiguously (as under
 * a 2 MB page) this spreads the slots evenly over every set of a
 * physically indexed cache up to 64 x 64 pages, so that a larger N does not
 * alias in the cache under one page size more than under the other. */
#include "chain.h"

unsigned chain_line(size_t page)
{
	return (unsigned)((page + page / 64) % (CHAIN_PAGE / CHAIN_LINE));
}

static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void **slot(char *base, size_t page)
{
	return (void **)(base + page * CHAIN_PAGE + chain_line(page) * CHAIN_LINE);
}

void **chain_build(char *base, size_t pages, uint64_t *seed, size_t *order)
{
	for (size_t i = 0; i < pages; i++)
		order[i] = i;
	/* Sattolo's shuffle: a uniformly random single cycle */
	for (size_t i = pages - 1; i > 0; i--) {
		size_t j = next_random(seed) % i, t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (size_t i = 0; i < pages; i++)
		*slot(base, order[i]) = slot(base, order[(i + 1) % pages]);
	return slot(base, order[0]);
}

void **chain_chase(void **p, long loads)
{
	for (long i = 0; i < loads; i += 8) {
		p = (void **)*p; p = (void **)*p; p = (void **)*p; p = (void **)*p;
		p = (void **)*p; p = (void **)*p; p = (void **)*p; p = (void **)*p;
	}
	return p;
}
