/* gap_check_big.c - what sp-gap-check expects of a round's big integers,
 * as residues (gap_residue.h) derived from their definitions: products
 * for the factorial, the binomial and the loop's product, the recurrence
 * for the Fibonacci numbers, prime valuations (Legendre's and Kummer's
 * formulas) for the gcd; the quotient and remainder must satisfy
 * f! = q Fibonacci(fib) + r with 0 <= r < Fibonacci(fib). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gap_check.h"

static void res_fibonacci(struct gap_res *x, long n)
{
	struct gap_res a, b, t;

	res_set(&a, 0);
	res_set(&b, 1);
	for (long i = 0; i < n; i++) {
		t = a;
		res_add(&t, &b);
		a = b;
		b = t;
	}
	*x = a;
}

static void res_product(struct gap_res *x, long from, long to)
{
	res_set(x, 1);
	for (long i = from; i <= to; i++)
		res_mul_u64(x, (uint64_t)i);
}

/* The exponent of the prime p in n!. */
static long legendre(long n, long p)
{
	long v = 0;

	for (long q = p; q <= n; q *= p)
		v += n / q;
	return v;
}

/* gcd(f!, Binomial(2c, c)): each prime p <= min(f, 2c) to the smaller of
 * its exponents, which in the binomial is v(2c!) - 2 v(c!). */
static void res_gcd(struct gap_res *x, long f, long c)
{
	long n = f < 2 * c ? f : 2 * c;
	char *composite = calloc((size_t)n + 1, 1);
	struct gap_res pp;

	if (!composite)
		check_fail("out of memory");
	res_set(x, 1);
	for (long p = 2; p <= n; p++) {
		long vf, vb;

		if (composite[p])
			continue;
		for (long q = p * p; q <= n; q += p)
			composite[q] = 1;
		vf = legendre(f, p);
		vb = legendre(2 * c, p) - 2 * legendre(c, p);
		res_set(&pp, (uint64_t)p);
		res_pow(&pp, (uint64_t)(vf < vb ? vf : vb));
		res_mul(x, &pp);
	}
	free(composite);
}

void gap_check_big(const struct gap_round *g)
{
	struct gap_res fact, fib, x, q, r;
	uint32_t v = g->big.x;
	const char *s;
	char *fib_digits;

	res_product(&fact, 2, g->big.f);
	gap_expect_res("big-factorial", &fact, "f!");
	res_fibonacci(&fib, g->big.fib);
	s = gap_value("big-fibonacci");
	if (res_of_decimal(s, &x) || !res_equal(&x, &fib))
		gap_fail("big-fibonacci is not Fibonacci(%ld)", g->big.fib);
	fib_digits = strdup(s);
	if (!fib_digits)
		check_fail("out of memory");
	res_product(&x, g->big.c + 1, 2 * g->big.c);
	res_product(&q, 2, g->big.c);
	res_inverse(&q);
	res_mul(&x, &q);
	gap_expect_res("big-binomial", &x, "Binomial(2c, c)");
	if (res_of_decimal(gap_value("big-quotient"), &q))
		gap_fail("big-quotient is not a number");
	s = gap_value("big-remainder");
	if (res_of_decimal(s, &r))
		gap_fail("big-remainder is not a number");
	if (strlen(s) > strlen(fib_digits) ||
	    (strlen(s) == strlen(fib_digits) && strcmp(s, fib_digits) >= 0))
		gap_fail("big-remainder is not below the divisor");
	free(fib_digits);
	res_mul(&q, &fib);
	res_add(&q, &r);
	if (!res_equal(&q, &fact))
		gap_fail("big-quotient and big-remainder do not make f!");
	res_gcd(&x, g->big.f, g->big.c);
	gap_expect_res("big-gcd", &x, "gcd(f!, Binomial(2c, c))");
	res_set(&x, 1);
	for (long i = 0; i < g->big.len; i++) {
		v = gap_lcg(v);
		res_mul_u64(&x, (uint64_t)v + 1);
	}
	gap_expect_res("big-product", &x, "the product of the data plus one");
	res_fibonacci(&x, g->big.steps);
	gap_expect_res("big-sum", &x, "Fibonacci(steps)");
}
