/* lucas_exact.h - sp-lucas-check's own arithmetic, sharing nothing with
 * sp-lucas's transform: the Lucas-Lehmer residues by schoolbook squaring
 * of 64-bit words and reduction modulo 2^p - 1, and the same recurrence
 * modulo a single factor q of 2^p - 1. */
#ifndef SP_LUCAS_EXACT_H
#define SP_LUCAS_EXACT_H

#include <stddef.h>
#include <stdint.h>

struct exact {
	uint64_t p;
	size_t nw;		/* words of a residue: ceil(p / 64) */
	size_t len;		/* words of s in use; those above are 0 */
	uint64_t *s;		/* the residue, nw words */
	uint64_t *t;		/* its square, 2 nw + 2 words */
};

/* s = 4; 0, or -1 when out of memory. */
int exact_init(struct exact *e, uint64_t p);
void exact_free(struct exact *e);

/* s = s^2 - 2 modulo 2^p - 1, in [0, 2^p - 1). */
void exact_step(struct exact *e);

/* 2^p modulo q. */
uint64_t exact_pow2(uint64_t p, uint64_t q);

/* The number of n little-endian words modulo q. */
uint64_t exact_mod(const uint64_t *words, size_t n, uint64_t q);

/* s_iters of the recurrence modulo q (s_0 = 4). */
uint64_t exact_lucas_mod(uint64_t q, long iters);

#endif
