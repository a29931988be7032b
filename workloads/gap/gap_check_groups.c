/* gap_check_groups.c - what sp-gap-check expects of a round's groups, from
 * their structure, not from GAP: the orders of S_a wr S_b x S_c x C_m and
 * of GL(n, q) and of their derived subgroups by formula, the centre and
 * orbits of the first, and the orders of the products of the generators
 * by multiplying them out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gap_check.h"

static void res_factorial(struct gap_res *x, long n)
{
	res_set(x, 1);
	for (long i = 2; i <= n; i++)
		res_mul_u64(x, (uint64_t)i);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* The generators of gap_program.g's SpPermTask before the renaming (which
 * changes no order), multiplied as GAP does, i^(g h) = (i^g)^h. */
static uint64_t perm_product_order(int a, int b, int c, int m)
{
	int img[GAP_DEGREE_MAX], d = a * b, n = d + c + m;
	int seen[GAP_DEGREE_MAX] = { 0 };
	uint64_t order = 1;

	for (int i = 0; i < n; i++) {
		int p = i;

		/* (1, 2) and the cycle of the first block */
		if (p < 2)
			p ^= 1;
		if (p < a)
			p = (p + 1) % a;
		/* the first two blocks swapped, then each block to the next */
		if (p < 2 * a)
			p = p < a ? p + a : p - a;
		if (p < d)
			p = (p + a) % d;
		/* (d+1, d+2), the c-cycle, the m-cycle */
		if (p == d || p == d + 1)
			p = 2 * d + 1 - p;
		if (p >= d && p < d + c)
			p = d + (p - d + 1) % c;
		else if (p >= d + c)
			p = d + c + (p - d - c + 1) % m;
		img[i] = p;
	}
	for (int i = 0; i < n; i++) {
		uint64_t len = 0;

		for (int p = i; !seen[p]; p = img[p], len++)
			seen[p] = 1;
		if (len)
			order = order / gcd(order, len) * len;
	}
	return order;
}

void gap_check_perm(const struct gap_round *g)
{
	int a = g->perm.a, b = g->perm.b, c = g->perm.c, m = g->perm.m;
	int len[3] = { a * b, c, m };
	struct gap_res order, x;
	char want[64];
	const char *got;

	/* |S_a wr S_b| = (a!)^b b! */
	res_factorial(&order, a);
	res_pow(&order, (uint64_t)b);
	res_factorial(&x, b);
	res_mul(&order, &x);
	res_factorial(&x, c);
	res_mul(&order, &x);
	x = order;
	res_mul_u64(&order, (uint64_t)m);
	gap_expect_res("perm-order", &order, "(a!)^b b! c! m");
	/* descending */
	for (int i = 0; i < 3; i++)
		for (int j = i + 1; j < 3; j++)
			if (len[j] > len[i]) {
				int t = len[i];

				len[i] = len[j];
				len[j] = t;
			}
	snprintf(want, sizeof(want), "%d %d %d", len[0], len[1], len[2]);
	got = gap_value("perm-orbits");
	if (strcmp(got, want))
		gap_fail("perm-orbits are %.40s, expected %s", got, want);
	/* the wreath product's abelianization is C2 x C2, S_c's is C2, and
	 * C_m is abelian: the derived subgroup has index 8 m */
	res_div_u64(&x, 8);
	gap_expect_res("perm-derived", &x, "(a!)^b b! c! / 8");
	/* S_a wr S_b (a >= 3) and S_c have trivial centres */
	gap_expect_u64("perm-centre", (uint64_t)m);
	gap_expect_u64("perm-element", perm_product_order(a, b, c, m));
}

typedef int gl_mat[GAP_GL_N_MAX][GAP_GL_N_MAX];

static void gl_mul(gl_mat r, gl_mat x, gl_mat y, int n, int q)
{
	gl_mat t;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int s = 0;

			for (int k = 0; k < n; k++)
				s += x[i][k] * y[k][j];
			t[i][j] = s % q;
		}
	memcpy(r, t, sizeof(t));
}

static int gl_is_one(gl_mat x, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (x[i][j] != (i == j))
				return 0;
	return 1;
}

/* The generators of gap_program.g's SpGlTask before the conjugation
 * (which changes no order), multiplied in their order. */
static uint64_t gl_product_order(int n, int q, int w)
{
	gl_mat prod = { { 0 } }, gen, power;
	uint64_t order = 1, bound = 1;

	for (int i = 0; i < n; i++) {
		prod[i][i] = 1;
		bound *= (uint64_t)q;
	}
	for (int i = 0; i + 1 < n; i++)
		for (int lower = 0; lower < 2; lower++) {
			memset(gen, 0, sizeof(gen));
			for (int j = 0; j < n; j++)
				gen[j][j] = 1;
			gen[i + lower][i + !lower] = 1;
			gl_mul(prod, prod, gen, n, q);
		}
	memset(gen, 0, sizeof(gen));
	for (int j = 0; j < n; j++)
		gen[j][j] = 1;
	gen[0][0] = w;
	gl_mul(prod, prod, gen, n, q);
	/* an element's order in GL(n, q) is below q^n */
	memcpy(power, prod, sizeof(power));
	while (!gl_is_one(power, n)) {
		if (++order >= bound)
			gap_fail("gl-element: no order below q^n");
		gl_mul(power, power, prod, n, q);
	}
	return order;
}

void gap_check_gl(const struct gap_round *g)
{
	int n = g->gl.n, q = g->gl.q;
	struct gap_res order, x;
	uint64_t qi = 1;

	/* |GL(n, q)| = q^(n(n-1)/2) (q - 1)(q^2 - 1)...(q^n - 1) */
	res_set(&order, (uint64_t)q);
	res_pow(&order, (uint64_t)(n * (n - 1) / 2));
	for (int i = 1; i <= n; i++) {
		qi *= (uint64_t)q;
		res_mul_u64(&order, qi - 1);
	}
	gap_expect_res("gl-order", &order, "|GL(n, q)|");
	/* SL(n, q) for n >= 3, of index q - 1 */
	x = order;
	res_div_u64(&x, (uint64_t)q - 1);
	gap_expect_res("gl-derived", &x, "|SL(n, q)|");
	gap_expect_u64("gl-element", gl_product_order(n, q, g->gl.w));
}
