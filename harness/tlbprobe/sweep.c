/* sweep.c - sptlbprobe's measurement: the grid of page counts, the two
 * regions, and the timed chases, interleaved so that both page sizes see
 * the same moments of a shared machine. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "probe.h"

#define FIRST_PAGES 8
#define CHUNK 2048L

static int make_grid(double *pages, long max_pages, int per_octave)
{
	int count = 0;

	for (int i = 0; count < PROBE_MAX_POINTS; i++) {
		double n = round(FIRST_PAGES * pow(2, (double)i / per_octave));

		if (n > max_pages)
			break;
		if (count == 0 || n > pages[count - 1])
			pages[count++] = n;
	}
	return count;
}

int probe_setup(struct probe *p, const struct probe_config *c)
{
	size_t bytes = (size_t)c->max_pages * CHAIN_PAGE;

	memset(p, 0, sizeof(*p));
	p->config = *c;
	p->points = make_grid(p->pages, c->max_pages, c->per_octave);
	region_thp_mode(p->thp_mode, sizeof(p->thp_mode));
	if (region_map(&p->small, bytes, 0) != 0 || region_map(&p->huge, bytes, 1) != 0)
		return -1;
	clock_measure(&p->clock, 40);
	return 0;
}

/* ns per load over the chain of pages pages in base, order drawn from seed:
 * the fastest of its chunks of CHUNK loads, so that a preemption (this
 * probe shares its CPUs) spoils a chunk and not the measurement. */
static double time_chain(char *base, size_t pages, uint64_t seed, long loads, size_t *order)
{
	void **p = chain_build(base, pages, &seed, order);
	void **volatile end;
	double best = 1e30;

	p = chain_chase(p, (long)pages + 8);
	for (long done = 0; done < loads; done += CHUNK) {
		double t0 = clock_now_ns(), ns;

		p = chain_chase(p, CHUNK);
		ns = (clock_now_ns() - t0) / CHUNK;
		best = ns < best ? ns : best;
	}
	end = p;
	(void)end;
	return best;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void summarise(struct curve *c, int points, int repeats)
{
	for (int i = 0; i < points; i++) {
		double s[PROBE_MAX_REPEATS];

		memcpy(s, c->ns[i], sizeof(double) * repeats);
		qsort(s, repeats, sizeof(double), cmp_double);
		c->best[i] = s[0];
		c->worst[i] = s[repeats - 1];
		c->median[i] = repeats % 2 ? s[repeats / 2] :
			(s[repeats / 2 - 1] + s[repeats / 2]) / 2;
		/* the best's own scatter: under contention the median says little of it */
		c->noise[i] = repeats > 1 ? s[1] - s[0] : 0;
	}
}

void probe_sweep(struct probe *p)
{
	size_t *order = malloc(sizeof(size_t) * p->config.max_pages);
	long loads = p->config.loads;

	for (int r = 0; r < p->config.repeats; r++) {
		for (int i = 0; i < p->points; i++) {
			size_t n = (size_t)p->pages[i];
			uint64_t seed = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)r << 32) ^ n;
			long l = loads > (long)n * 2 ? loads : (long)n * 2;

			p->c4k.ns[i][r] = time_chain(p->small.base, n, seed, l & ~7L, order);
			p->c2m.ns[i][r] = time_chain(p->huge.base, n, seed, l & ~7L, order);
		}
	}
	free(order);
	region_check(&p->small);
	region_check(&p->huge);
	summarise(&p->c4k, p->points, p->config.repeats);
	summarise(&p->c2m, p->points, p->config.repeats);
}
