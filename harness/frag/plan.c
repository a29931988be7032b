/* plan.c - spfrag's pure decisions (frag.h): when filling stops, the
 * stride of kept pages, which pages are kept or dropped, seeded orders. */
#include "frag.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

volatile sig_atomic_t frag_stop;

const char *const fill_verdict_name[] = {
	[FILL_MORE] = "more",
	[FILL_TARGET] = "target",
	[FILL_RESERVE] = "reserve",
	[FILL_MAX] = "max",
	[FILL_LIMIT] = "limit",
	[FILL_STOPPED] = "stopped",
};

enum fill_verdict frag_fill_verdict(const struct frag_target *t,
				    const struct contiguity *now,
				    uint64_t filled_kb, bool early_stop)
{
	if (frag_stop)
		return FILL_STOPPED;
	if (t->max_kb && filled_kb >= t->max_kb)
		return FILL_MAX;
	if (now->free_kb <= t->reserve_kb)
		return FILL_RESERVE;
	if (early_stop && now->contiguity <= t->ceiling &&
	    now->free_kb <= t->floor_kb)
		return FILL_TARGET;
	return FILL_MORE;
}

uint64_t frag_auto_stride_kb(const uint64_t *sizes_kb, int nsizes,
			     double free_frac, double ceiling)
{
	uint64_t best = sizes_kb[0];

	for (int i = 0; i < nsizes; i++) {
		/* keeping a page every sizes_kb[i] kB breaks that size and
		 * every larger one; the i smaller sizes stay free */
		double est = free_frac * (double)i / nsizes;

		if (est <= ceiling)
			best = sizes_kb[i];
	}
	return best;
}

long frag_choose_keep(const uint64_t *pfns, long npages,
		      unsigned stride_pages, bool *keep)
{
	uint64_t max_pfn = 0, nblocks;
	unsigned char *seen;
	bool physical = false;
	long kept = 0;

	for (long i = 0; i < npages; i++) {
		if (pfns[i])
			physical = true;
		if (pfns[i] > max_pfn)
			max_pfn = pfns[i];
	}
	if (!physical) {
		for (long i = 0; i < npages; i++) {
			keep[i] = i % stride_pages == 0;
			kept += keep[i];
		}
		return kept;
	}
	nblocks = max_pfn / stride_pages + 1;
	seen = calloc((nblocks + 7) / 8, 1);
	if (!seen)
		return -1;
	for (long i = 0; i < npages; i++) {
		uint64_t b = pfns[i] / stride_pages;

		/* a page without a PFN (not present) is not ours to keep */
		keep[i] = pfns[i] && !(seen[b / 8] & (1u << (b % 8)));
		if (keep[i]) {
			seen[b / 8] |= 1u << (b % 8);
			kept++;
		}
	}
	free(seen);
	return kept;
}

uint64_t frag_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void frag_shuffle(unsigned *v, unsigned n, uint64_t seed)
{
	uint64_t s = seed;

	for (unsigned i = n; i > 1; i--) {
		unsigned k = frag_rand(&s) % i, tmp = v[i - 1];

		v[i - 1] = v[k];
		v[k] = tmp;
	}
}

unsigned frag_drop_pass(uint64_t seed, unsigned file, uint64_t page,
			unsigned npasses)
{
	uint64_t s = seed ^ ((uint64_t)file << 40) ^ page;

	return frag_rand(&s) % npasses;
}

double frag_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
