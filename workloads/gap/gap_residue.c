/* gap_residue.c - residue arithmetic of sp-gap-check (gap_residue.h). */
#include "gap_residue.h"

static const uint64_t primes[GAP_PRIMES] = {
	(1ULL << 62) - 57, (1ULL << 62) - 87, (1ULL << 62) - 117,
	(1ULL << 62) - 143,
};

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t p)
{
	return (uint64_t)((unsigned __int128)a * b % p);
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t p)
{
	uint64_t r = 1 % p;

	for (; e; e >>= 1, a = mulmod(a, a, p))
		if (e & 1)
			r = mulmod(r, a, p);
	return r;
}

void res_set(struct gap_res *x, uint64_t v)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = v % primes[i];
}

void res_mul(struct gap_res *x, const struct gap_res *y)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = mulmod(x->r[i], y->r[i], primes[i]);
}

void res_mul_u64(struct gap_res *x, uint64_t v)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = mulmod(x->r[i], v % primes[i], primes[i]);
}

void res_add(struct gap_res *x, const struct gap_res *y)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = (x->r[i] + y->r[i]) % primes[i];
}

void res_pow(struct gap_res *x, uint64_t e)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = powmod(x->r[i], e, primes[i]);
}

/* Fermat: v^(p-2) is v's inverse modulo the prime p. */
void res_div_u64(struct gap_res *x, uint64_t v)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = mulmod(x->r[i], powmod(v % primes[i],
						 primes[i] - 2, primes[i]),
				 primes[i]);
}

void res_inverse(struct gap_res *x)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		x->r[i] = powmod(x->r[i], primes[i] - 2, primes[i]);
}

int res_equal(const struct gap_res *x, const struct gap_res *y)
{
	for (int i = 0; i < GAP_PRIMES; i++)
		if (x->r[i] != y->r[i])
			return 0;
	return 1;
}

int res_of_decimal(const char *s, struct gap_res *x)
{
	res_set(x, 0);
	if (!*s || (s[0] == '0' && s[1]))
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		for (int i = 0; i < GAP_PRIMES; i++)
			x->r[i] = (mulmod(x->r[i], 10, primes[i]) +
				   (uint64_t)(*s - '0')) % primes[i];
	}
	return 0;
}
