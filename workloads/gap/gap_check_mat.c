/* gap_check_mat.c - what sp-gap-check expects of a round's matrices over
 * GF(p), by arithmetic of its own: A and B from the task's data as GAP
 * makes them, the digest of A B, its rank and determinant by Gaussian
 * elimination, and the digest of (A B)^e by repeated squaring. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gap_check.h"

/* r = x y mod p, k x k, row-major; r may be x or y. */
static void mat_mul(uint32_t *r, const uint32_t *x, const uint32_t *y, int k,
		    int p, uint32_t *acc)
{
	/* entries below 256: k products of at most 255^2 fit in 32 bits */
	memset(acc, 0, sizeof(*acc) * (size_t)k * (size_t)k);
	for (int i = 0; i < k; i++)
		for (int t = 0; t < k; t++) {
			uint32_t a = x[i * k + t];

			if (!a)
				continue;
			for (int j = 0; j < k; j++)
				acc[i * k + j] += a * y[t * k + j];
		}
	for (int i = 0; i < k * k; i++)
		r[i] = acc[i] % (uint32_t)p;
}

static uint64_t mat_digest(const uint32_t *x, int k)
{
	uint64_t h = 0;

	for (int i = 0; i < k * k; i++)
		h = gap_digest_add(h, x[i]);
	return h;
}

static uint32_t inverse(uint32_t a, int p)
{
	uint32_t r = 1;

	for (int e = p - 2; e; e >>= 1, a = a * a % (uint32_t)p)
		if (e & 1)
			r = r * a % (uint32_t)p;
	return r;
}

/* Rank and determinant of x (destroyed) by elimination mod p. */
static void mat_rank_det(uint32_t *x, int k, int p, int *rank, uint32_t *det)
{
	uint32_t d = 1;
	int r = 0;

	for (int col = 0; col < k; col++) {
		int piv = r;
		uint32_t inv;

		while (piv < k && !x[piv * k + col])
			piv++;
		if (piv == k)
			continue;
		if (piv != r) {
			for (int j = 0; j < k; j++) {
				uint32_t t = x[r * k + j];

				x[r * k + j] = x[piv * k + j];
				x[piv * k + j] = t;
			}
			d = (uint32_t)p - d;
		}
		d = d * x[r * k + col] % (uint32_t)p;
		inv = inverse(x[r * k + col], p);
		for (int i = r + 1; i < k; i++) {
			uint32_t f = x[i * k + col] * inv % (uint32_t)p;

			if (!f)
				continue;
			for (int j = col; j < k; j++)
				x[i * k + j] = (x[i * k + j] + (uint32_t)p *
						(uint32_t)p - f * x[r * k + j]) %
					       (uint32_t)p;
		}
		r++;
	}
	*rank = r;
	*det = r == k ? d % (uint32_t)p : 0;
}

void gap_check_mat(const struct gap_round *g)
{
	int k = g->mat.k, p = g->mat.p, rank;
	size_t kk = (size_t)k * (size_t)k;
	uint32_t *a = malloc(6 * kk * sizeof(*a)), *b = a + kk, *c = b + kk;
	uint32_t *pw = c + kk, *tmp = pw + kk, *acc = tmp + kk, x = g->mat.x, det;

	if (!a)
		check_fail("out of memory");
	for (size_t i = 0; i < 2 * kk; i++) {
		x = gap_lcg(x);
		a[i] = x % (uint32_t)p;
	}
	mat_mul(c, a, b, k, p, acc);
	gap_expect_u64("mat-product", mat_digest(c, k));
	memcpy(tmp, c, kk * sizeof(*c));
	mat_rank_det(tmp, k, p, &rank, &det);
	gap_expect_u64("mat-rank", (uint64_t)rank);
	gap_expect_u64("mat-det", det);
	/* pw = c^e, c squared in place */
	memset(pw, 0, kk * sizeof(*pw));
	for (int i = 0; i < k; i++)
		pw[i * k + i] = 1;
	for (int e = g->mat.e; e; e >>= 1) {
		if (e & 1)
			mat_mul(pw, pw, c, k, p, acc);
		if (e > 1)
			mat_mul(c, c, c, k, p, acc);
	}
	gap_expect_u64("mat-power", mat_digest(pw, k));
	free(a);
}
