/* gap_residue.h - integers of any size as their residues modulo four
 * primes near 2^62, how sp-gap-check compares GAP's big results with the
 * values it derives without big integers: a decimal that differs from the
 * right one in any digit differs in a residue, and two different values
 * agree in all four with a chance of about 2^-248. */
#ifndef SP_GAP_RESIDUE_H
#define SP_GAP_RESIDUE_H

#include <stdint.h>

#define GAP_PRIMES 4

struct gap_res {
	uint64_t r[GAP_PRIMES];
};

void res_set(struct gap_res *x, uint64_t v);
void res_mul(struct gap_res *x, const struct gap_res *y);
void res_mul_u64(struct gap_res *x, uint64_t v);
void res_add(struct gap_res *x, const struct gap_res *y);
void res_pow(struct gap_res *x, uint64_t e);
/* x becomes x / v (v not 0 and below the primes). */
void res_div_u64(struct gap_res *x, uint64_t v);
/* x becomes its inverse (x not 0 modulo any of the primes). */
void res_inverse(struct gap_res *x);
int res_equal(const struct gap_res *x, const struct gap_res *y);

/* The residues of the decimal s: 0, or -1 if s is not digits without a
 * leading zero. */
int res_of_decimal(const char *s, struct gap_res *x);

#endif
