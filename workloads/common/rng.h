/* rng.h - the seeded numbers the workloads draw their inputs from, so that
 * a program and its check derive the same ones: splitmix64 (Steele, Lea and
 * Flood, OOPSLA 2014) as a stream, and its output function as a hash.
 * Inline, since the workloads call them in their measured loops. */
#ifndef SP_WORKLOAD_RNG_H
#define SP_WORKLOAD_RNG_H

#include <stdint.h>

/* splitmix64's increment, 2^64 divided by the golden ratio. */
#define RNG_GAMMA 0x9e3779b97f4a7c15ULL

/* splitmix64's output function: a bijection of 64-bit values in which
 * every input bit moves about half the output bits. */
static inline uint64_t rng_mix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* The next number of the stream whose state is *state (the seed at first). */
static inline uint64_t rng_next(uint64_t *state)
{
	*state += RNG_GAMMA;
	return rng_mix(*state);
}

/* The number that follows state x in its stream: a hash of x. */
static inline uint64_t rng_hash(uint64_t x)
{
	return rng_mix(x + RNG_GAMMA);
}

/* The next number of the stream reduced to [0, n), n > 0, by remainder. */
static inline uint64_t rng_below(uint64_t *state, uint64_t n)
{
	return rng_next(state) % n;
}

/* The top 53 bits of r as a double in [0, 1), exactly. */
static inline double rng_unit(uint64_t r)
{
	return (double)(r >> 11) * 0x1p-53;
}

/* The next number of the stream as a double in [0, 1). */
static inline double rng_uniform(uint64_t *state)
{
	return rng_unit(rng_next(state));
}

#endif
