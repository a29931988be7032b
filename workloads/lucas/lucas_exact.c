/* lucas_exact.c - the check's exact Lucas-Lehmer arithmetic (lucas_exact.h):
 * schoolbook squaring (cross products once, doubled, then the squares),
 * 2^p - 1's reduction by adding the bits above p to those below, and the
 * recurrence modulo a small factor in 128-bit arithmetic. */
#include <stdlib.h>
#include <string.h>

#include "lucas_exact.h"

typedef unsigned __int128 u128;

int exact_init(struct exact *e, uint64_t p)
{
	e->p = p;
	e->nw = (size_t)((p + 63) / 64);
	e->s = calloc(e->nw, sizeof(*e->s));
	e->t = calloc(2 * e->nw + 2, sizeof(*e->t));
	if (!e->s || !e->t) {
		exact_free(e);
		return -1;
	}
	e->s[0] = 4;
	e->len = 1;
	return 0;
}

void exact_free(struct exact *e)
{
	free(e->s);
	free(e->t);
	e->s = e->t = NULL;
}

/* t[0..2n) = s[0..n)^2. */
static void square(const uint64_t *s, size_t n, uint64_t *t)
{
	uint64_t top = 0;
	u128 c;

	for (size_t i = 0; i < n; i++) {
		c = 0;
		for (size_t j = i + 1; j < n; j++) {
			c += (u128)s[i] * s[j] + t[i + j];
			t[i + j] = (uint64_t)c;
			c >>= 64;
		}
		t[i + n] = (uint64_t)c;
	}
	for (size_t k = 0; k < 2 * n; k++) {
		uint64_t v = t[k];

		t[k] = v << 1 | top;
		top = v >> 63;
	}
	c = 0;
	for (size_t i = 0; i < n; i++) {
		u128 sq = (u128)s[i] * s[i];

		c += (u128)t[2 * i] + (uint64_t)sq;
		t[2 * i] = (uint64_t)c;
		c >>= 64;
		c += (u128)t[2 * i + 1] + (uint64_t)(sq >> 64);
		t[2 * i + 1] = (uint64_t)c;
		c >>= 64;
	}
}

/* Adds v at word 0 of s (nw words) and returns the carry out. */
static uint64_t add_low(uint64_t *s, size_t nw, uint64_t v)
{
	for (size_t i = 0; i < nw && v; i++) {
		s[i] += v;
		v = s[i] < v;
	}
	return v;
}

/* Moves bit p and above of s (nw words, with the carry out of the top
 * word in *over) down to bit 0 until none is left: 2^p = 1. */
static void fold(struct exact *e, uint64_t over)
{
	unsigned sh = (unsigned)(e->p % 64);
	uint64_t *top = &e->s[e->nw - 1], hi;

	for (;;) {
		if (sh) {
			hi = *top >> sh | over << (64 - sh);
			*top &= (1ULL << sh) - 1;
		} else {
			hi = over;
		}
		if (!hi)
			return;
		over = add_low(e->s, e->nw, hi);
	}
}

static int is_mersenne(const struct exact *e)
{
	unsigned sh = (unsigned)(e->p % 64);

	for (size_t i = 0; i + 1 < e->nw; i++)
		if (e->s[i] != ~0ULL)
			return 0;
	return e->s[e->nw - 1] == (sh ? (1ULL << sh) - 1 : ~0ULL);
}

/* s - 2 modulo 2^p - 1, for 0 <= s < 2^p - 1. */
static void minus_two(struct exact *e)
{
	unsigned sh = (unsigned)(e->p % 64);
	uint64_t *s = e->s, b = 2;
	size_t i, nw = e->nw;
	int big = s[0] >= 2;

	for (i = 1; i < nw && !big; i++)
		big = s[i] != 0;
	if (big) {
		for (i = 0; i < nw && b; i++) {
			uint64_t old = s[i];

			s[i] = old - b;
			b = old < b;
		}
		return;
	}
	b = 2 - s[0];		/* s is 0 or 1: 2^p - 1 - (2 - s) */
	for (i = 0; i < nw; i++)
		s[i] = ~0ULL;
	if (sh)
		s[nw - 1] = (1ULL << sh) - 1;
	s[0] -= b;
}

void exact_step(struct exact *e)
{
	size_t nw = e->nw, w = (size_t)(e->p / 64), i;
	unsigned sh = (unsigned)(e->p % 64);
	uint64_t *s = e->s, *t = e->t, over = 0;

	memset(t, 0, (2 * nw + 2) * sizeof(*t));
	square(s, e->len, t);
	/* s = (t mod 2^p) + (t >> p) */
	for (i = 0; i < nw; i++) {
		uint64_t lo = t[i], hi = t[w + i] >> sh;
		u128 sum;

		if (sh) {
			hi |= t[w + i + 1] << (64 - sh);
			if (i == nw - 1)
				lo &= (1ULL << sh) - 1;
		}
		sum = (u128)lo + hi + over;
		s[i] = (uint64_t)sum;
		over = (uint64_t)(sum >> 64);
	}
	fold(e, over);
	if (is_mersenne(e))
		memset(s, 0, nw * sizeof(*s));
	minus_two(e);
	for (e->len = nw; e->len > 1 && !s[e->len - 1]; e->len--)
		;
}

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t q)
{
	return (uint64_t)((u128)a * b % q);
}

uint64_t exact_pow2(uint64_t p, uint64_t q)
{
	uint64_t r = 1 % q, b = 2 % q;

	while (p) {
		if (p & 1)
			r = mulmod(r, b, q);
		b = mulmod(b, b, q);
		p >>= 1;
	}
	return r;
}

uint64_t exact_mod(const uint64_t *words, size_t n, uint64_t q)
{
	u128 r = 0;

	while (n--)
		r = ((r << 64) | words[n]) % q;
	return (uint64_t)r;
}

uint64_t exact_lucas_mod(uint64_t q, long iters)
{
	uint64_t s = 4 % q;

	for (long i = 0; i < iters; i++)
		s = (mulmod(s, s, q) + q - 2 % q) % q;
	return s;
}
