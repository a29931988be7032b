/* equake_check_fem.c - sp-equake-check's own finite elements, written
 * apart from sp-equake's: the shape functions of each tetrahedron from the
 * inverse of its [1 x y z] matrix, the strain-displacement matrix B (6 x
 * 12, Voigt order xx yy zz yz xz xy), the element stiffness V B' D B,
 * assembled into every block of every row (no half storage), the source's
 * forces as -B' m with m the moment tensor in Voigt order. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "equake_check.h"

void *eqc_alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

/* Inverts A = [1 x_a y_a z_a] (rows a) by Gauss-Jordan elimination with
 * partial pivoting; column b of the inverse holds shape function b's
 * coefficients, so its rows 1..3 are the gradient.  Returns det A / 6,
 * the signed volume, or 0 for a singular A. */
static double shape(const double p[4][3], double grad[4][3])
{
	double a[4][8], det = 1.0;

	for (int r = 0; r < 4; r++) {
		a[r][0] = 1.0;
		for (int c = 0; c < 3; c++)
			a[r][c + 1] = p[r][c];
		for (int c = 0; c < 4; c++)
			a[r][4 + c] = r == c;
	}
	for (int c = 0; c < 4; c++) {
		int piv = c;

		for (int r = c + 1; r < 4; r++)
			if (fabs(a[r][c]) > fabs(a[piv][c]))
				piv = r;
		if (a[piv][c] == 0.0)
			return 0.0;
		if (piv != c) {
			double t[8];

			memcpy(t, a[c], sizeof(t));
			memcpy(a[c], a[piv], sizeof(t));
			memcpy(a[piv], t, sizeof(t));
			det = -det;
		}
		det *= a[c][c];
		for (int k = 7; k >= c; k--)
			a[c][k] /= a[c][c];
		for (int r = 0; r < 4; r++) {
			double f = a[r][c];

			if (r == c || f == 0.0)
				continue;
			for (int k = c; k < 8; k++)
				a[r][k] -= f * a[c][k];
		}
	}
	for (int b = 0; b < 4; b++)
		for (int d = 0; d < 3; d++)
			grad[b][d] = a[d + 1][4 + b];
	return det / 6.0;
}

/* B: strains (Voigt, engineering shears) from the 12 displacements. */
static void strain_matrix(const double g[4][3], double b[6][12])
{
	memset(b, 0, sizeof(double) * 6 * 12);
	for (int a = 0; a < 4; a++) {
		b[0][3 * a + 0] = g[a][0];
		b[1][3 * a + 1] = g[a][1];
		b[2][3 * a + 2] = g[a][2];
		b[3][3 * a + 1] = g[a][2];
		b[3][3 * a + 2] = g[a][1];
		b[4][3 * a + 0] = g[a][2];
		b[4][3 * a + 2] = g[a][0];
		b[5][3 * a + 0] = g[a][1];
		b[5][3 * a + 1] = g[a][0];
	}
}

/* V B' D B for an isotropic material. */
static void element(const double g[4][3], double vol,
		    const struct eq_material *mat, double ke[12][12])
{
	double b[6][12], db[6][12], d[6][6] = { { 0 } };

	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++)
			d[i][j] = mat->lambda;
		d[i][i] += 2 * mat->mu;
		d[i + 3][i + 3] = mat->mu;
	}
	strain_matrix(g, b);
	for (int i = 0; i < 6; i++)
		for (int q = 0; q < 12; q++) {
			db[i][q] = 0;
			for (int k = 0; k < 6; k++)
				db[i][q] += d[i][k] * b[k][q];
		}
	for (int p = 0; p < 12; p++)
		for (int q = 0; q < 12; q++) {
			ke[p][q] = 0;
			for (int k = 0; k < 6; k++)
				ke[p][q] += b[k][p] * db[k][q];
			ke[p][q] *= vol;
		}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Every (row, column) pair the elements couple, rows in full. */
static void structure(const struct eqc_mesh *m, struct eqc_model *own)
{
	size_t n = 0, u = 0;
	uint64_t *pair = eqc_alloc((size_t)m->h.elems * 16, sizeof(*pair));

	for (long e = 0; e < m->h.elems; e++)
		for (int a = 0; a < 4; a++)
			for (int b = 0; b < 4; b++)
				pair[n++] = (uint64_t)m->v[e][a] << 32 |
					    (uint64_t)m->v[e][b];
	qsort(pair, n, sizeof(*pair), cmp_u64);
	for (size_t k = 0; k < n; k++)
		if (!u || pair[k] != pair[u - 1])
			pair[u++] = pair[k];
	own->ptr = eqc_alloc((size_t)own->n + 1, sizeof(int));
	own->col = eqc_alloc(u, sizeof(int));
	own->k = eqc_alloc(u, sizeof(*own->k));
	for (size_t k = 0; k < u; k++) {
		own->ptr[(pair[k] >> 32) + 1]++;
		own->col[k] = (int)(pair[k] & 0xffffffff);
	}
	for (long i = 0; i < own->n; i++)
		own->ptr[i + 1] += own->ptr[i];
	free(pair);
}

const double (*eqc_block(const struct eqc_model *own, int i, int j))[3]
{
	int lo = own->ptr[i], hi = own->ptr[i + 1] - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (own->col[mid] == j)
			return (const double (*)[3])own->k[mid];
		if (own->col[mid] < j)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

/* The input's structure must be the upper half of the mesh's: each row's
 * diagonal, then its neighbours above it, increasing. */
static void given_structure(const struct eqc_mesh *m,
			    const struct eqc_model *own)
{
	long b = 0;

	if (m->rows[0] != 0)
		check_fail("input: K's rows do not start at 0");
	for (long i = 0; i < own->n; i++) {
		if (m->rows[i] != b)
			check_fail("input: K's row %ld is not the mesh's", i);
		if (b >= m->h.blocks || m->cols[b++] != i)
			check_fail("input: K's row %ld does not start at its "
				   "diagonal", i);
		for (int p = own->ptr[i]; p < own->ptr[i + 1]; p++) {
			if (own->col[p] <= i)
				continue;
			if (b >= m->h.blocks || m->cols[b++] != own->col[p])
				check_fail("input: K's row %ld is not the "
					   "mesh's", i);
		}
	}
	if (m->rows[own->n] != b || b != m->h.blocks)
		check_fail("input: K's blocks are not the mesh's edges");
}

void eqc_assemble(const struct eqc_mesh *m, struct eqc_model *own)
{
	own->n = m->h.nodes;
	structure(m, own);
	given_structure(m, own);
	own->mass = eqc_alloc((size_t)own->n, sizeof(double));
	own->damp = eqc_alloc((size_t)own->n, sizeof(double));
	own->force = eqc_alloc((size_t)own->n, sizeof(*own->force));
	for (long e = 0; e < m->h.elems; e++) {
		const int *v = m->v[e];
		double p[4][3], g[4][3], ke[12][12], c[3] = { 0, 0, 0 }, vol;
		struct eq_material mat;

		for (int a = 0; a < 4; a++)
			for (int d = 0; d < 3; d++) {
				p[a][d] = m->x[v[a]][d];
				c[d] += p[a][d] / 4;
			}
		vol = shape(p, g);
		if (!(vol > 0))
			check_fail("input: element %ld is not positively "
				   "oriented", e);
		eq_material(c, &mat);
		element(g, vol, &mat, ke);
		for (int a = 0; a < 4; a++) {
			own->mass[v[a]] += mat.rho * vol / 4;
			own->damp[v[a]] += mat.alpha * mat.rho * vol / 4;
			for (int b = 0; b < 4; b++) {
				double (*k)[3] = (double (*)[3])
					eqc_block(own, v[a], v[b]);

				for (int r = 0; r < 3; r++)
					for (int s = 0; s < 3; s++)
						k[r][s] += ke[3 * a + r]
							     [3 * b + s];
			}
		}
		if (e == m->h.src) {
			double bm[6][12];

			strain_matrix(g, bm);
			for (int q = 0; q < 12; q++) {
				double f = 0;

				for (int k = 0; k < 6; k++)
					f -= bm[k][q] * m->h.moment[k];
				own->force[v[q / 3]][q % 3] += f;
			}
		}
	}
}
