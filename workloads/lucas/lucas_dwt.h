/* lucas_dwt.h - the squaring engine of sp-lucas: a number modulo the
 * Mersenne number 2^p - 1 held as balanced digits of variable size, squared
 * by the irrational-base discrete weighted transform of Crandall and Fagin
 * (Math. Comp. 62, 1994) on FFTW's real-to-complex transforms. */
#ifndef SP_LUCAS_DWT_H
#define SP_LUCAS_DWT_H

#include <stddef.h>
#include <stdint.h>

#include <fftw3.h>

/*
 * Word j of n holds the bits from ceil(p j / n) up: q0 or q0 + 1 of them
 * (p = q0 n + r0), as a balanced digit in [-2^(b-1), 2^(b-1)).  With
 * a_j = (-p j) mod n the word is big (q0 + 1 bits) when a_j < r0, and its
 * weight is 2^(a_j / n), so that the weighted cyclic convolution of the
 * digits is the product modulo 2^p - 1.  x holds the digits times their
 * weights between steps.  The two transforms are out of place, x to f and
 * back; with FFTW's twiddle tables for both plans they are the memory.
 */
struct lucas_dwt {
	uint64_t p;
	size_t n;
	uint64_t q0, r0;
	double *x;		/* n weighted digits; the inverse's output */
	fftw_complex *f;	/* n / 2 + 1: the spectrum */
	fftw_plan fwd, inv;
	/* The weights from two small tables, a = hi 2^shift + lo:
	 * 2^(a / n) = whi[hi] wlo[lo], 1 / (n 2^(a / n)) = ihi[hi] ilo[lo]. */
	unsigned shift;
	double *wlo, *whi, *ilo, *ihi;
	double maxerr;		/* an output's farthest from an integer */
};

/* Sets d up for exponent p with transform length n (even, at most p) and
 * the value 4; 0, or -1 when out of memory or FFTW makes no plan. */
int lucas_dwt_init(struct lucas_dwt *d, uint64_t p, size_t n);
void lucas_dwt_free(struct lucas_dwt *d);

/* One Lucas-Lehmer iteration: x = x^2 - 2 modulo 2^p - 1. */
void lucas_dwt_step(struct lucas_dwt *d);

/* 64-bit words needed by a residue of exponent p. */
static inline size_t lucas_words(uint64_t p)
{
	return (size_t)((p + 63) / 64);
}

/* The value as the canonical residue in [0, 2^p - 1), little-endian
 * 64-bit words (lucas_words(p) of them, bits above p clear). */
void lucas_dwt_residue(const struct lucas_dwt *d, uint64_t *words);

#endif
