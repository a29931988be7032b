/* lucas_plan.c - which Lucas-Lehmer runs the arguments mean (lucas_spec.h):
 * the transform lengths and the exponents each carries, and the big run's
 * exponent, picked by the seed among those of its length for which a
 * factor of 2^p - 1 is found, so that its residue can be checked modulo
 * that factor. */
#include <math.h>
#include <stdlib.h>

#include "lucas_spec.h"
#include "rng.h"

/* e with 2^(e+2) <= n < 2^(e+3), for n >= 4. */
static unsigned scale(uint64_t n)
{
	unsigned e = 0;

	while (n >= 8) {
		n >>= 1;
		e++;
	}
	return e;
}

int lucas_length_ok(uint64_t n)
{
	if (n < 8)
		return n == 2 || n == 4 || n == 6;
	return scale(n) >= 1 && n % (1ULL << scale(n)) == 0;
}

uint64_t lucas_max_p(uint64_t n)
{
	return (uint64_t)((double)n *
			  (LUCAS_BITS_A - LUCAS_BITS_B * log2((double)n)));
}

static uint64_t length_above(uint64_t n)
{
	return n < 8 ? n + 2 : n + (1ULL << scale(n));
}

uint64_t lucas_length_below(uint64_t n)
{
	unsigned e;

	if (n <= 8)
		return n - 2;
	e = scale(n);
	return n >> e == 4 ? n - (1ULL << (e - 1)) : n - (1ULL << e);
}

uint64_t lucas_length(uint64_t p)
{
	uint64_t n = 2;

	while (lucas_max_p(n) < p)
		n = length_above(n);
	return n;
}

static int is_prime(uint64_t p)
{
	if (p < 2 || (p % 2 == 0 && p != 2))
		return 0;
	for (uint64_t d = 3; d * d <= p; d += 2)
		if (p % d == 0)
			return 0;
	return 1;
}

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
	return (uint64_t)((unsigned __int128)a * b % m);
}

/* 2^p modulo m. */
static uint64_t pow2(uint64_t p, uint64_t m)
{
	uint64_t r = 1 % m, b = 2 % m;

	for (; p; p >>= 1, b = mulmod(b, b, m))
		if (p & 1)
			r = mulmod(r, b, m);
	return r;
}

/* The largest factor 2 k p + 1, k <= LUCAS_FACTOR_K, of 2^p - 1, or 0.
 * Every prime factor of 2^p - 1 is 1 modulo 2p and +-1 modulo 8, so q's
 * divisible by a small prime or of another residue are passed over. */
static uint64_t known_factor(uint64_t p)
{
	static const uint64_t small[] = { 3, 5, 7, 11, 13, 17, 19, 23 };
	uint64_t best = 0;

	for (uint64_t k = 1; k <= LUCAS_FACTOR_K; k++) {
		uint64_t q = 2 * k * p + 1;
		size_t i;

		if ((q & 7) != 1 && (q & 7) != 7)
			continue;
		for (i = 0; i < sizeof(small) / sizeof(*small); i++)
			if (q % small[i] == 0 && q != small[i])
				break;
		if (i == sizeof(small) / sizeof(*small) && pow2(p, q) == 1)
			best = q;
	}
	return best;
}

/* The big run's exponent: from a seeded start in the upper half of the
 * exponents length n carries, downward (round to the top), the first
 * prime whose 2^p - 1 has a known factor; 0 if none has. */
static uint64_t pick(uint64_t n, uint64_t seed, uint64_t *factor)
{
	uint64_t lo = lucas_max_p(lucas_length_below(n)) + 1;
	uint64_t hi = lucas_max_p(n), span = hi - lo + 1;
	uint64_t st = seed, p;

	p = hi - rng_below(&st, span / 2 + 1);
	for (uint64_t tried = 0; tried < span; tried++, p = p > lo ? p - 1 : hi)
		if (is_prime(p) && (*factor = known_factor(p)))
			return p;
	return 0;
}

struct lucas_run *lucas_plan(const struct lucas_args *a, long *count)
{
	struct lucas_run *runs;
	long n = 0;

	*count = 0;
	for (long p = 3; p <= a->full; p += 2)
		n += is_prime((uint64_t)p);
	runs = calloc((size_t)n + 1, sizeof(*runs));
	if (!runs)
		return NULL;
	n = 0;
	for (long p = 3; p <= a->full; p += 2) {
		if (!is_prime((uint64_t)p))
			continue;
		runs[n].p = (uint64_t)p;
		runs[n].iters = p - 2;
		runs[n].at = a->at < p - 2 ? a->at : p - 2;
		n++;
	}
	runs[n].p = pick((uint64_t)a->length, a->seed, &runs[n].factor);
	if (!runs[n].p) {
		free(runs);
		return NULL;
	}
	runs[n].iters = a->iters;
	runs[n].at = a->at;
	*count = n + 1;
	return runs;
}
