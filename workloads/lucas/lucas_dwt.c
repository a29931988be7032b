/* lucas_dwt.c - sp-lucas's squaring modulo 2^p - 1 by the irrational-base
 * discrete weighted transform (lucas_dwt.h): weighted digits through
 * FFTW's real-to-complex transform, squared in the spectrum, back through
 * the complex-to-real one, unweighted, rounded, and carried into balanced
 * digits again, the carry out of the top word wrapping to the bottom
 * (2^p = 1 modulo 2^p - 1). */
#include <math.h>
#include <string.h>

#include "lucas_dwt.h"

/* Adding and subtracting 1.5 * 2^52 rounds a double below 2^51 in
 * magnitude to the nearest integer (ties to even), without a call. */
#define ROUNDER 0x1.8p52

/* The next a_j: a_{j+1} = (a_j - r0) mod n. */
static inline uint64_t next_a(const struct lucas_dwt *d, uint64_t a)
{
	return a < d->r0 ? a + d->n - d->r0 : a - d->r0;
}

static inline unsigned bits_of(const struct lucas_dwt *d, uint64_t a)
{
	return (unsigned)(d->q0 + (a < d->r0));
}

/* The balanced digit of v in b bits; the carry out into *c. */
static inline int64_t balance(int64_t v, unsigned b, int64_t *c)
{
	int64_t hi = (v + ((int64_t)1 << (b - 1))) >> b;

	*c = hi;
	return v - (int64_t)((uint64_t)hi << b);
}

static inline double weight(const struct lucas_dwt *d, uint64_t a)
{
	return d->whi[a >> d->shift] * d->wlo[a & ((1ULL << d->shift) - 1)];
}

static inline double unweight(const struct lucas_dwt *d, uint64_t a)
{
	return d->ihi[a >> d->shift] * d->ilo[a & ((1ULL << d->shift) - 1)];
}

/* Digit j (whose a_j is a), read back from its weighted value. */
static inline int64_t digit(const struct lucas_dwt *d, size_t j, uint64_t a)
{
	return llrint(d->x[j] / weight(d, a));
}

/* Adds c to the value at word 0 and carries it up, round the top. */
static void add_low(struct lucas_dwt *d, int64_t c)
{
	uint64_t a = 0;
	size_t j = 0;

	while (c) {
		unsigned b = bits_of(d, a);

		d->x[j] = (double)balance(digit(d, j, a) + c, b, &c) *
			  weight(d, a);
		a = next_a(d, a);
		if (++j == d->n) {
			j = 0;
			a = 0;
		}
	}
}

/* The tables for a = hi 2^shift + lo < n. */
static int tables(struct lucas_dwt *d)
{
	unsigned bits = 1;
	size_t nlo, nhi;

	while ((1ULL << bits) < d->n)
		bits++;
	d->shift = (bits + 1) / 2;
	nlo = (size_t)1 << d->shift;
	nhi = ((d->n - 1) >> d->shift) + 1;
	d->wlo = fftw_alloc_real(nlo);
	d->ilo = fftw_alloc_real(nlo);
	d->whi = fftw_alloc_real(nhi);
	d->ihi = fftw_alloc_real(nhi);
	if (!d->wlo || !d->ilo || !d->whi || !d->ihi)
		return -1;
	for (size_t i = 0; i < nlo; i++) {
		d->wlo[i] = exp2((double)i / (double)d->n);
		d->ilo[i] = exp2(-(double)i / (double)d->n);
	}
	for (size_t i = 0; i < nhi; i++) {
		double e = (double)(i << d->shift) / (double)d->n;

		d->whi[i] = exp2(e);
		d->ihi[i] = exp2(-e) / (double)d->n;
	}
	return 0;
}

int lucas_dwt_init(struct lucas_dwt *d, uint64_t p, size_t n)
{
	memset(d, 0, sizeof(*d));
	if (n < 2 || n % 2 || n > p)
		return -1;
	d->p = p;
	d->n = n;
	d->q0 = p / n;
	d->r0 = p % n;
	d->x = fftw_alloc_real(n);
	d->f = fftw_alloc_complex(n / 2 + 1);
	if (!d->x || !d->f || tables(d))
		goto fail;
	d->fwd = fftw_plan_dft_r2c_1d((int)n, d->x, d->f, FFTW_ESTIMATE);
	d->inv = fftw_plan_dft_c2r_1d((int)n, d->f, d->x, FFTW_ESTIMATE);
	if (!d->fwd || !d->inv)
		goto fail;
	memset(d->x, 0, n * sizeof(*d->x));
	add_low(d, 4);
	return 0;
fail:
	lucas_dwt_free(d);
	return -1;
}

void lucas_dwt_free(struct lucas_dwt *d)
{
	if (d->fwd)
		fftw_destroy_plan(d->fwd);
	if (d->inv)
		fftw_destroy_plan(d->inv);
	fftw_free(d->x);
	fftw_free(d->f);
	fftw_free(d->wlo);
	fftw_free(d->whi);
	fftw_free(d->ilo);
	fftw_free(d->ihi);
	memset(d, 0, sizeof(*d));
}

void lucas_dwt_step(struct lucas_dwt *d)
{
	double *x = d->x, err = d->maxerr;
	fftw_complex *f = d->f;
	size_t n = d->n, j, k;
	uint64_t a = 0;
	int64_t c = -2;		/* the Lucas-Lehmer step's "- 2" */

	fftw_execute(d->fwd);
	for (k = 0; k <= n / 2; k++) {
		double re = f[k][0], im = f[k][1];

		f[k][0] = re * re - im * im;
		f[k][1] = 2.0 * re * im;
	}
	fftw_execute(d->inv);
	for (j = 0; j < n; j++) {
		double t = x[j] * unweight(d, a);
		double y = (t + ROUNDER) - ROUNDER;
		double e = fabs(t - y);
		unsigned b = bits_of(d, a);

		if (!(e <= err))	/* a NaN too */
			err = e;
		x[j] = (double)balance((int64_t)y + c, b, &c) * weight(d, a);
		a = next_a(d, a);
	}
	d->maxerr = err;
	add_low(d, c);
}

/* words = words - 1 modulo 2^p - 1, for 0 <= words < 2^p. */
static void decrement(uint64_t *words, size_t nw, uint64_t p)
{
	size_t i;

	for (i = 0; i < nw && !words[i]; i++)
		;
	if (i == nw) {		/* 0 - 1 = 2^p - 2 */
		for (i = 0; i < nw; i++)
			words[i] = ~0ULL;
		if (p % 64)
			words[nw - 1] = (1ULL << (p % 64)) - 1;
		words[0] &= ~1ULL;
		return;
	}
	for (size_t k = 0; k < i; k++)
		words[k] = ~0ULL;
	words[i]--;
}

/* 2^p - 1 itself is 0. */
static void canonical(uint64_t *words, size_t nw, uint64_t p)
{
	uint64_t top = p % 64 ? (1ULL << (p % 64)) - 1 : ~0ULL;

	for (size_t i = 0; i + 1 < nw; i++)
		if (words[i] != ~0ULL)
			return;
	if (words[nw - 1] == top)
		memset(words, 0, nw * sizeof(*words));
}

void lucas_dwt_residue(const struct lucas_dwt *d, uint64_t *words)
{
	unsigned __int128 acc = 0;
	unsigned held = 0;
	size_t k = 0;
	uint64_t a = 0;
	int64_t c = 0;

	/* Balanced digits to digits in [0, 2^b), the borrow carried up; what
	 * borrow leaves the top is 2^p = 1 taken away, fixed below. */
	for (size_t j = 0; j < d->n; j++) {
		unsigned b = bits_of(d, a);
		int64_t v = digit(d, j, a) + c;

		c = 0;
		if (v < 0) {
			v += (int64_t)1 << b;
			c = -1;
		}
		acc |= (unsigned __int128)(uint64_t)v << held;
		held += b;
		if (held >= 64) {
			words[k++] = (uint64_t)acc;
			acc >>= 64;
			held -= 64;
		}
		a = next_a(d, a);
	}
	if (held)
		words[k] = (uint64_t)acc;
	if (c)
		decrement(words, lucas_words(d->p), d->p);
	canonical(words, lucas_words(d->p), d->p);
}
